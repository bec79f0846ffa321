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
// The context's atomic capabilities are its first device's: the device descriptor of the same name.
template <class Param>
struct context_to_device_info;
#define WEFT_CONTEXT_TO_DEVICE_INFO(name)              \
  template <>                                          \
  struct context_to_device_info<info::context::name> { \
    using type = info::device::name;                   \
  };
WEFT_CONTEXT_TO_DEVICE_INFO(atomic_memory_order_capabilities)
WEFT_CONTEXT_TO_DEVICE_INFO(atomic_memory_scope_capabilities)
WEFT_CONTEXT_TO_DEVICE_INFO(atomic_fence_order_capabilities)
WEFT_CONTEXT_TO_DEVICE_INFO(atomic_fence_scope_capabilities)
#undef WEFT_CONTEXT_TO_DEVICE_INFO
}  // namespace detail

class context {
 public:
  WEFT_API explicit context(const property_list& = {});
  WEFT_API explicit context(async_handler h, const property_list& = {});
  WEFT_API explicit context(const device& d, const property_list& = {});
  WEFT_API context(const device& d, async_handler h, const property_list& = {});
  WEFT_API explicit context(const platform& p, const property_list& = {});
  WEFT_API context(const platform& p, async_handler h, const property_list& = {});
  WEFT_API explicit context(const std::vector<device>& devices, const property_list& = {});
  context(const std::vector<device>& devices, async_handler h, const property_list& = {})
      : m_state(make_state(devices, std::move(h))) {}

  backend get_backend() const noexcept { return m_state->devices[0]->backend; }
  platform get_platform() const { return first_device().get_platform(); }
  WEFT_API std::vector<device> get_devices() const;
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

// context_bound's and sycl::exception's members that take or give a context are
// defined in src/sycl/objects.cpp.

}  // namespace weft::sycl

namespace std {
template <>
struct hash<weft::sycl::context> : weft::sycl::detail::hash_of_state<weft::sycl::context> {};
}  // namespace std
