#pragma once
// SYCL 2020 section 4.13.2: exceptions, error codes and asynchronous error lists.
#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>
#include <weft/runtime/export.hpp>

namespace weft::sycl {

class context;

enum class errc {
  success = 0,
  runtime,
  kernel,
  accessor,
  nd_range,
  event,
  kernel_argument,
  build,
  invalid,
  memory_allocation,
  platform,
  profiling,
  feature_not_supported,
  kernel_not_supported,
  backend_mismatch,
};

const std::error_category& sycl_category() noexcept;

inline std::error_code make_error_code(errc e) noexcept { return {static_cast<int>(e), sycl_category()}; }

class exception : public virtual std::exception {
 public:
  exception(std::error_code ec, const std::string& what_arg) : m_ec(ec), m_what(compose(ec, what_arg)) {}
  exception(std::error_code ec, const char* what_arg) : exception(ec, std::string(what_arg)) {}
  exception(std::error_code ec) : exception(ec, std::string()) {}
  exception(int ev, const std::error_category& cat, const std::string& what_arg)
      : exception(std::error_code(ev, cat), what_arg) {}
  exception(int ev, const std::error_category& cat, const char* what_arg)
      : exception(std::error_code(ev, cat), std::string(what_arg)) {}
  exception(int ev, const std::error_category& cat) : exception(std::error_code(ev, cat)) {}
  // These are defined in src/sycl/objects.cpp.
  WEFT_API exception(context ctx, std::error_code ec, const std::string& what_arg);
  WEFT_API exception(context ctx, std::error_code ec, const char* what_arg);
  WEFT_API exception(context ctx, std::error_code ec);
  WEFT_API exception(context ctx, int ev, const std::error_category& cat, const std::string& what_arg);
  WEFT_API exception(context ctx, int ev, const std::error_category& cat, const char* what_arg);
  WEFT_API exception(context ctx, int ev, const std::error_category& cat);

  const std::error_code& code() const noexcept { return m_ec; }
  const std::error_category& category() const noexcept { return m_ec.category(); }
  const char* what() const noexcept override { return m_what.c_str(); }
  bool has_context() const noexcept { return m_context != nullptr; }
  WEFT_API context get_context() const;

 private:
  static std::string compose(std::error_code ec, const std::string& msg) { return msg.empty() ? ec.message() : msg; }
  std::error_code m_ec;
  std::string m_what;
  std::shared_ptr<context> m_context;
};

// A list of asynchronous errors handed to an async_handler.
class exception_list {
 public:
  using value_type = std::exception_ptr;
  using reference = value_type&;
  using const_reference = const value_type&;
  using size_type = std::size_t;
  using iterator = std::vector<std::exception_ptr>::const_iterator;
  using const_iterator = iterator;

  exception_list() = default;
  explicit exception_list(std::vector<std::exception_ptr> errors) : m_errors(std::move(errors)) {}
  size_type size() const { return m_errors.size(); }
  iterator begin() const { return m_errors.begin(); }
  iterator end() const { return m_errors.end(); }

 private:
  std::vector<std::exception_ptr> m_errors;
};

using async_handler = std::function<void(exception_list)>;

}  // namespace weft::sycl

namespace std {
template <>
struct is_error_code_enum<weft::sycl::errc> : true_type {};
}  // namespace std

namespace weft::detail {
// Throws sycl::exception(errc, message): the one way Weft reports bad input.
[[noreturn]] void throw_error(sycl::errc code, const std::string& message);
}  // namespace weft::detail

namespace weft::sycl::detail {
using weft::detail::throw_error;
}  // namespace weft::sycl::detail
