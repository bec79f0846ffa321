// sycl::exception, the SYCL error category, and Weft's one way to throw.
#include <sycl/exception.hpp>

namespace weft::sycl {

namespace {
class sycl_error_category : public std::error_category {
 public:
  const char* name() const noexcept override { return "sycl"; }
  std::string message(int ev) const override {
    switch (static_cast<errc>(ev)) {
      case errc::success: return "success";
      case errc::runtime: return "runtime error";
      case errc::kernel: return "kernel error";
      case errc::accessor: return "accessor error";
      case errc::nd_range: return "invalid nd_range";
      case errc::event: return "event error";
      case errc::kernel_argument: return "invalid kernel argument";
      case errc::build: return "build error";
      case errc::invalid: return "invalid argument or object";
      case errc::memory_allocation: return "memory allocation failed";
      case errc::platform: return "platform error";
      case errc::profiling: return "profiling error";
      case errc::feature_not_supported: return "feature not supported";
      case errc::kernel_not_supported: return "kernel not supported";
      case errc::backend_mismatch: return "backend mismatch";
    }
    return "unknown SYCL error";
  }
};
}  // namespace

const std::error_category& sycl_category() noexcept {
  static const auto* category = new sycl_error_category;  // never destroyed: exceptions may be made at exit
  return *category;
}

}  // namespace weft::sycl

namespace weft::detail {
void throw_error(sycl::errc code, const std::string& message) {
  throw sycl::exception(sycl::make_error_code(code), message);
}
}  // namespace weft::detail
