// TEMPORARY (branch `scoped` only): weak stand-ins for the runtime's error
// functions so scoped parallelism links before the front end lands. The
// runtime's strong definitions replace them; delete this file on merging main.
#include <sycl/exception.hpp>

namespace weft::sycl {
namespace {
class stub_category : public std::error_category {
 public:
  const char* name() const noexcept override { return "sycl"; }
  std::string message(int) const override { return "SYCL error"; }
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
