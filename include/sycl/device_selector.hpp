#pragma once
// SYCL 2020 section 4.6.1: device selection. Selectors are callables scoring a
// device (negative: never); the 1.2.1 selector classes remain for old code.
#include <initializer_list>
#include <vector>
#include <sycl/device.hpp>
#include <sycl/exception.hpp>

namespace weft::sycl {

namespace detail {
struct default_selector_fn {
  // A GPU when the program has one (a CUDA build on a machine with a GPU), else the CPU.
  int operator()(const device& d) const { return d.is_gpu() ? 150 : d.is_cpu() ? 100 : 50; }
};
struct cpu_selector_fn {
  int operator()(const device& d) const { return d.is_cpu() ? 100 : -1; }
};
struct gpu_selector_fn {
  int operator()(const device& d) const { return d.is_gpu() ? 100 : -1; }
};
struct accelerator_selector_fn {
  int operator()(const device& d) const { return d.is_accelerator() ? 100 : -1; }
};

// The device with the highest non-negative score (src/sycl/device.cpp); `score`
// calls the selector, so one compiled search serves every selector type.
WEFT_API device select_device_by(int (*score)(const void* selector, const device& d), const void* selector,
                                 const char* what);
template <class Selector>
device select_device(const Selector& selector, const char* what = "the selector") {
  // A function selector (`int my_selector(const device&)`) passes through its pointer:
  // a function has no object address for the type-erased search to carry.
  if constexpr (std::is_function_v<Selector>) return select_device(&selector, what);
  else
    return select_device_by(
        [](const void* sel, const device& d) { return int((*static_cast<const Selector*>(sel))(d)); }, &selector, what);
}
}  // namespace detail

inline constexpr detail::default_selector_fn default_selector_v{};
inline constexpr detail::cpu_selector_fn cpu_selector_v{};
inline constexpr detail::gpu_selector_fn gpu_selector_v{};
inline constexpr detail::accelerator_selector_fn accelerator_selector_v{};

// Selects a device that has every aspect in `require` and none in `deny`.
inline auto aspect_selector(const std::vector<aspect>& require, const std::vector<aspect>& deny = {}) {
  return [require, deny](const device& d) {
    for (auto a : require)
      if (!d.has(a)) return -1;
    for (auto a : deny)
      if (d.has(a)) return -1;
    return d.is_cpu() ? 100 : 50;
  };
}
template <class... Aspects, std::enable_if_t<(std::is_same_v<Aspects, aspect> && ...), int> = 0>
auto aspect_selector(Aspects... require) {
  return aspect_selector(std::vector<aspect>{require...});
}
template <aspect... Require>
auto aspect_selector() {
  return aspect_selector(std::vector<aspect>{Require...});
}

// SYCL 1.2.1 selector classes (deprecated in SYCL 2020, still common).
class device_selector {
 public:
  virtual ~device_selector() = default;
  virtual int operator()(const device& d) const = 0;
  device select_device() const { return detail::select_device(*this, "the device_selector"); }
};
namespace detail {
// A SYCL 1.2.1 selector class that scores as the SYCL 2020 selector Fn.
template <class Fn>
class selector_class : public device_selector {
 public:
  int operator()(const device& d) const override { return Fn{}(d); }
};
}  // namespace detail
class default_selector : public detail::selector_class<detail::default_selector_fn> {};
class cpu_selector : public detail::selector_class<detail::cpu_selector_fn> {};
class gpu_selector : public detail::selector_class<detail::gpu_selector_fn> {};
class accelerator_selector : public detail::selector_class<detail::accelerator_selector_fn> {};
// There is no SYCL 1.2.1 host device any more; the host selector picks the CPU.
class host_selector : public detail::selector_class<detail::cpu_selector_fn> {};

template <class Selector, std::enable_if_t<std::is_invocable_r_v<int, Selector, const device&>, int>>
device::device(const Selector& selector) : device(detail::select_device(selector)) {}
// SYCL 2020 4.6.4.1 and 4.6.2.1: the default device and platform are default_selector_v's.
inline device::device() : device(detail::select_device(default_selector_v)) {}
inline platform::platform() : platform(device().get_platform()) {}

template <class Selector, std::enable_if_t<std::is_invocable_r_v<int, Selector, const device&>, int>>
platform::platform(const Selector& selector) : platform(detail::select_device(selector).get_platform()) {}

}  // namespace weft::sycl
