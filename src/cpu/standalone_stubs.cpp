// TEMPORARY (branch ndrange, until the front end lands on main): weak stand-ins
// for the runtime's error helpers so the CPU backend links on its own. The
// runtime's real definitions (src/runtime/) override them; delete this file on
// merging the front end.
#include <string>
#include <sycl/exception.hpp>

namespace weft::sycl {
namespace {
class stub_category final : public std::error_category {
 public:
  const char* name() const noexcept override { return "sycl"; }
  std::string message(int) const override { return "sycl error"; }
};
}  // namespace
__attribute__((weak)) const std::error_category& sycl_category() noexcept {
  static const stub_category c;
  return c;
}
}  // namespace weft::sycl

namespace weft::detail {
__attribute__((weak)) void throw_error(sycl::errc code, const std::string& message) {
  throw sycl::exception(sycl::make_error_code(code), message);
}
}  // namespace weft::detail
