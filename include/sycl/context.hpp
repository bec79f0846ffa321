#pragma once
// SYCL 2020 section 4.6.3: context. On Weft a context groups devices and
// carries an async handler; all of them share host memory.
#include <functional>
#include <memory>
#include <utility>
#include <vector>
#include <sycl/device.hpp>
#include <sycl/exception.hpp>
#include <sycl/property_list.hpp>
#include <weft/runtime/context_state.hpp>
#include <weft/runtime/export.hpp>

namespace weft::sycl {

namespace detail {
template <class Param>
struct context_to_device_info;
template <>
struct context_to_device_info<info::context::atomic_memory_order_capabilities> {
  using type = info::device::atomic_memory_order_capabilities;
};
template <>
struct context_to_device_info<info::context::atomic_memory_scope_capabilities> {
  using type = info::device::atomic_memory_scope_capabilities;
};
template <>
struct context_to_device_info<info::context::atomic_fence_order_capabilities> {
  using type = info::device::atomic_fence_order_capabilities;
};
template <>
struct context_to_device_info<info::context::atomic_fence_scope_capabilities> {
  using type = info::device::atomic_fence_scope_capabilities;
};
}  // namespace detail

class context {
 public:
  explicit context(const property_list& = {}) : context(std::vector<device>{device()}) {}
  explicit context(async_handler h, const property_list& = {}) : context(std::vector<device>{device()}, std::move(h)) {}
  explicit context(const device& d, const property_list& = {}) : context(std::vector<device>{d}) {}
  context(const device& d, async_handler h, const property_list& = {})
      : context(std::vector<device>{d}, std::move(h)) {}
  explicit context(const platform& p, const property_list& = {}) : context(p.get_devices()) {}
  context(const platform& p, async_handler h, const property_list& = {}) : context(p.get_devices(), std::move(h)) {}
  explicit context(const std::vector<device>& devices, const property_list& = {}) : context(devices, async_handler{}) {}
  context(const std::vector<device>& devices, async_handler h, const property_list& = {})
      : m_state(make_state(devices, std::move(h))) {}

  backend get_backend() const noexcept { return m_state->devices[0]->backend; }
  platform get_platform() const { return first_device().get_platform(); }
  std::vector<device> get_devices() const {
    return std::vector<device>(m_state->devices.begin(), m_state->devices.end());
  }
  template <class Param>
  typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::context::platform>) return get_platform();
    else if constexpr (std::is_same_v<Param, info::context::devices>) return get_devices();
    else return first_device().get_info<typename detail::context_to_device_info<Param>::type>();
  }
  template <class P>
  bool has_property() const noexcept {
    return false;
  }
  const async_handler& get_async_handler() const { return m_state->handler; }

  friend bool operator==(const context& a, const context& b) { return a.m_state == b.m_state; }
  friend bool operator!=(const context& a, const context& b) { return !(a == b); }

  explicit context(weft::detail::context_ptr s) : m_state(std::move(s)) {}  // for the runtime
  const weft::detail::context_ptr& state() const { return m_state; }

 private:
  WEFT_API static weft::detail::context_ptr make_state(const std::vector<device>& devices, async_handler h);
  device first_device() const { return device(m_state->devices[0]); }

  weft::detail::context_ptr m_state;
};

inline property::buffer::context_bound::context_bound(context bound_context)
    : m_context(std::make_shared<const context>(std::move(bound_context))) {}
inline context property::buffer::context_bound::get_context() const { return *m_context; }

// sycl::exception's members that take or give a context (declared in sycl/exception.hpp).
inline exception::exception(context ctx, std::error_code ec, const std::string& what_arg) : exception(ec, what_arg) {
  m_context = std::make_shared<context>(std::move(ctx));
}
inline exception::exception(context ctx, std::error_code ec, const char* what_arg)
    : exception(std::move(ctx), ec, std::string(what_arg)) {}
inline exception::exception(context ctx, std::error_code ec) : exception(std::move(ctx), ec, std::string()) {}
inline exception::exception(context ctx, int ev, const std::error_category& cat, const std::string& what_arg)
    : exception(std::move(ctx), std::error_code(ev, cat), what_arg) {}
inline exception::exception(context ctx, int ev, const std::error_category& cat, const char* what_arg)
    : exception(std::move(ctx), std::error_code(ev, cat), std::string(what_arg)) {}
inline exception::exception(context ctx, int ev, const std::error_category& cat)
    : exception(std::move(ctx), std::error_code(ev, cat), std::string()) {}
inline context exception::get_context() const {
  if (!m_context) detail::throw_error(errc::invalid, "exception::get_context: this exception carries no context");
  return *m_context;
}

}  // namespace weft::sycl

namespace std {
template <>
struct hash<weft::sycl::context> {
  size_t operator()(const weft::sycl::context& c) const noexcept { return hash<const void*>()(c.state().get()); }
};
}  // namespace std
