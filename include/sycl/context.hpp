#pragma once
// SYCL 2020 section 4.6.3: context. On Weft a context groups devices and
// carries an async handler; all of them share host memory.
#include <memory>
#include <vector>
#include <sycl/device.hpp>
#include <sycl/exception.hpp>
#include <sycl/property_list.hpp>

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
}  // namespace detail

class context {
 public:
  explicit context(const property_list& = {}) : context(std::vector<device>{device()}) {}
  explicit context(async_handler h, const property_list& = {}) : context(std::vector<device>{device()}, std::move(h)) {}
  explicit context(const device& d, const property_list& = {}) : context(std::vector<device>{d}) {}
  context(const device& d, async_handler h, const property_list& = {}) : context(std::vector<device>{d}, std::move(h)) {}
  explicit context(const platform& p, const property_list& = {}) : context(p.get_devices()) {}
  context(const platform& p, async_handler h, const property_list& = {}) : context(p.get_devices(), std::move(h)) {}
  explicit context(const std::vector<device>& devices, const property_list& = {}) : context(devices, async_handler{}) {}
  context(const std::vector<device>& devices, async_handler h, const property_list& = {})
      : m_state(std::make_shared<state>(state{devices, std::move(h)})) {
    if (devices.empty()) detail::throw_error(errc::invalid, "a context needs at least one device");
  }

  backend get_backend() const noexcept { return m_state->devices[0].get_backend(); }
  platform get_platform() const { return m_state->devices[0].get_platform(); }
  std::vector<device> get_devices() const { return m_state->devices; }
  template <class Param>
  typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::context::platform>) return get_platform();
    else if constexpr (std::is_same_v<Param, info::context::devices>) return get_devices();
    else return m_state->devices[0].get_info<typename detail::context_to_device_info<Param>::type>();
  }
  template <class P>
  bool has_property() const noexcept { return false; }
  const async_handler& get_async_handler() const { return m_state->handler; }

  friend bool operator==(const context& a, const context& b) { return a.m_state == b.m_state; }
  friend bool operator!=(const context& a, const context& b) { return !(a == b); }

 private:
  struct state {
    std::vector<device> devices;
    async_handler handler;
  };
  std::shared_ptr<state> m_state;
};

}  // namespace weft::sycl
