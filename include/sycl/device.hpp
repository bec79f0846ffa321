#pragma once
// SYCL 2020 section 4.6.4: device (and platform, section 4.6.2).
#include <functional>
#include <memory>
#include <algorithm>
#include <string>
#include <vector>
#include <type_traits>
#include <weft/runtime/export.hpp>
#include <sycl/aspect.hpp>
#include <sycl/exception.hpp>
#include <sycl/info.hpp>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/runtime.hpp>

namespace weft::sycl {

class device;
class context;

namespace detail {
// A handle to a runtime object that the runtime owns and never frees: copies
// name the same object and compare equal.
template <class Handle, class State>
class runtime_handle {
 public:
  explicit runtime_handle(const State* s) : m_state(s) {}  // for the runtime
  const State* state() const { return m_state; }

  friend bool operator==(const Handle& a, const Handle& b) { return a.m_state == b.m_state; }
  friend bool operator!=(const Handle& a, const Handle& b) { return !(a == b); }

 protected:
  const State* m_state;
};

// SYCL 2020 section 4.5.2 (common reference semantics): equal objects hash equal. Equal
// platforms, devices, contexts and queues share one runtime state: each hashes its address.
template <class T>
struct hash_of_state {
  std::size_t operator()(const T& object) const noexcept { return std::hash<const void*>()(address(object.state())); }

 private:
  static const void* address(const void* state) { return state; }
  template <class State>
  static const void* address(const std::shared_ptr<State>& state) {
    return state.get();
  }
};
}  // namespace detail

class platform : public detail::runtime_handle<platform, weft::detail::platform_state> {
 public:
  using runtime_handle::runtime_handle;
  platform();  // the platform of the default device
  template <class Selector, std::enable_if_t<std::is_invocable_r_v<int, Selector, const device&>, int> = 0>
  explicit platform(const Selector& selector);

  backend get_backend() const noexcept {
    return m_state->devices.empty() ? backend::host : m_state->devices[0]->backend;
  }
  WEFT_API std::vector<device> get_devices(info::device_type type = info::device_type::all) const;
  template <class Param>
  typename Param::return_type get_info() const;
  WEFT_API bool has(aspect a) const;
  [[deprecated("use has(aspect)")]] bool has_extension(const std::string&) const { return false; }
  [[deprecated("the host device was removed in SYCL 2020")]] bool is_host() const { return false; }
  WEFT_API static std::vector<platform> get_platforms();
  // The platform's default context (all its devices), shared by every queue made
  // without a context (SYCL 2020 section 4.6.5; the name is DPC++'s extension).
  // Defined in sycl/context.hpp.
  // One per platform, made on first use and kept for the program's lifetime.
  WEFT_API context ext_oneapi_get_default_context() const;
};

class device : public detail::runtime_handle<device, weft::detail::device_state> {
 public:
  using runtime_handle::runtime_handle;
  device();  // a copy of the device default_selector_v picks (sycl/device_selector.hpp)
  template <class Selector, std::enable_if_t<std::is_invocable_r_v<int, Selector, const device&>, int> = 0>
  explicit device(const Selector& selector);

  bool is_cpu() const { return m_state->type == info::device_type::cpu; }
  bool is_gpu() const { return m_state->type == info::device_type::gpu; }
  bool is_accelerator() const { return m_state->type == info::device_type::accelerator; }
  // SYCL 1.2.1: Weft's CPU device is not the 1.2.1 "host device", but it runs
  // on the host and supports everything the host device did; programs that ask
  // is_host() to decide whether local memory exists get the right answer either way.
  bool is_host() const { return false; }
  backend get_backend() const noexcept { return m_state->backend; }
  platform get_platform() const { return platform(m_state->platform); }
  bool has(aspect a) const {
    for (aspect x : m_state->aspects)
      if (x == a) return true;
    return false;
  }
  [[deprecated("use has(aspect)")]] bool has_extension(const std::string&) const { return false; }
  template <class Param>
  typename Param::return_type get_info() const;
  WEFT_API static std::vector<device> get_devices(info::device_type type = info::device_type::all);

  // Section 4.6.4.2: partitioning into sub-devices. The CPU device partitions
  // (each sub-device runs its kernels on its own CPUs, docs/hpc.md); other devices
  // throw errc::feature_not_supported.
  template <info::partition_property Prop,
            std::enable_if_t<Prop == info::partition_property::partition_equally, int> = 0>
  std::vector<device> create_sub_devices(std::size_t count) const {
    return partition_equally(count);
  }
  template <info::partition_property Prop,
            std::enable_if_t<Prop == info::partition_property::partition_by_counts, int> = 0>
  std::vector<device> create_sub_devices(const std::vector<std::size_t>& counts) const {
    return partition_by_counts(counts);
  }
  template <info::partition_property Prop,
            std::enable_if_t<Prop == info::partition_property::partition_by_affinity_domain, int> = 0>
  std::vector<device> create_sub_devices(info::partition_affinity_domain domain) const {
    return partition_by_affinity_domain(domain);
  }

 private:
  WEFT_API std::vector<device> partition_equally(std::size_t count) const;
  WEFT_API std::vector<device> partition_by_counts(const std::vector<std::size_t>& counts) const;
  WEFT_API std::vector<device> partition_by_affinity_domain(info::partition_affinity_domain domain) const;
};

namespace detail {
// The answer to device::get_info<Param>() (src/sycl/device.cpp defines one per descriptor).
template <class Param>
struct device_info {
  static typename Param::return_type get(const weft::detail::device_state& s);
};
#define WEFT_DEVICE_INFO_DESCRIPTORS(X)     \
  X(device_type)                            \
  X(vendor_id)                              \
  X(max_compute_units)                      \
  X(max_work_item_dimensions)               \
  X(max_work_group_size)                    \
  X(max_num_sub_groups)                     \
  X(sub_group_independent_forward_progress) \
  X(sub_group_sizes)                        \
  X(preferred_vector_width_char)            \
  X(preferred_vector_width_short)           \
  X(preferred_vector_width_int)             \
  X(preferred_vector_width_long)            \
  X(preferred_vector_width_long_long)       \
  X(preferred_vector_width_float)           \
  X(preferred_vector_width_double)          \
  X(preferred_vector_width_half)            \
  X(native_vector_width_char)               \
  X(native_vector_width_short)              \
  X(native_vector_width_int)                \
  X(native_vector_width_long)               \
  X(native_vector_width_long_long)          \
  X(native_vector_width_float)              \
  X(native_vector_width_double)             \
  X(native_vector_width_half)               \
  X(max_clock_frequency)                    \
  X(address_bits)                           \
  X(max_mem_alloc_size)                     \
  X(image_support)                          \
  X(max_read_image_args)                    \
  X(max_write_image_args)                   \
  X(image2d_max_height)                     \
  X(image2d_max_width)                      \
  X(image3d_max_height)                     \
  X(image3d_max_width)                      \
  X(image3d_max_depth)                      \
  X(image_max_buffer_size)                  \
  X(max_samplers)                           \
  X(max_parameter_size)                     \
  X(mem_base_addr_align)                    \
  X(half_fp_config)                         \
  X(single_fp_config)                       \
  X(double_fp_config)                       \
  X(global_mem_cache_type)                  \
  X(global_mem_cache_line_size)             \
  X(global_mem_cache_size)                  \
  X(global_mem_size)                        \
  X(max_constant_buffer_size)               \
  X(max_constant_args)                      \
  X(local_mem_type)                         \
  X(local_mem_size)                         \
  X(error_correction_support)               \
  X(host_unified_memory)                    \
  X(atomic_memory_order_capabilities)       \
  X(atomic_fence_order_capabilities)        \
  X(atomic_memory_scope_capabilities)       \
  X(atomic_fence_scope_capabilities)        \
  X(profiling_timer_resolution)             \
  X(is_endian_little)                       \
  X(is_available)                           \
  X(is_compiler_available)                  \
  X(is_linker_available)                    \
  X(execution_capabilities)                 \
  X(queue_profiling)                        \
  X(built_in_kernels)                       \
  X(platform)                               \
  X(name)                                   \
  X(vendor)                                 \
  X(driver_version)                         \
  X(profile)                                \
  X(version)                                \
  X(backend_version)                        \
  X(aspects)                                \
  X(extensions)                             \
  X(printf_buffer_size)                     \
  X(preferred_interop_user_sync)            \
  X(partition_max_sub_devices)              \
  X(partition_properties)                   \
  X(partition_affinity_domains)             \
  X(partition_type_property)                \
  X(partition_type_affinity_domain)         \
  X(parent_device)
#define WEFT_DEVICE_INFO_DECLARE(param) \
  template <>                           \
  WEFT_API info::device::param::return_type device_info<info::device::param>::get(const weft::detail::device_state&);
WEFT_DEVICE_INFO_DESCRIPTORS(WEFT_DEVICE_INFO_DECLARE)
#undef WEFT_DEVICE_INFO_DECLARE
template <int Dims>
struct device_info<info::device::max_work_item_sizes<Dims>> {
  static range<Dims> get(const weft::detail::device_state& s) {
    range<Dims> r;
    for (int d = 0; d < Dims; ++d) r[d] = s.max_work_group_size;
    return r;
  }
};
}  // namespace detail

template <class Param>
typename Param::return_type device::get_info() const {
  return detail::device_info<Param>::get(*m_state);
}

template <class Param>
typename Param::return_type platform::get_info() const {
  if constexpr (std::is_same_v<Param, info::platform::name>) return m_state->name;
  else if constexpr (std::is_same_v<Param, info::platform::vendor>) return m_state->vendor;
  else if constexpr (std::is_same_v<Param, info::platform::version>) return m_state->version;
  else if constexpr (std::is_same_v<Param, info::platform::profile>) return std::string("FULL_PROFILE");
  else if constexpr (std::is_same_v<Param, info::platform::extensions>) return std::vector<std::string>{};
  else static_assert(sizeof(Param) == 0, "not a platform information descriptor");
}

}  // namespace weft::sycl

namespace std {
template <>
struct hash<weft::sycl::platform> : weft::sycl::detail::hash_of_state<weft::sycl::platform> {};
template <>
struct hash<weft::sycl::device> : weft::sycl::detail::hash_of_state<weft::sycl::device> {};
}  // namespace std
