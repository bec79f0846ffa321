#pragma once
// SYCL 2020 section 4.6.4: device (and platform, section 4.6.2).
#include <functional>
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
  std::vector<device> get_devices(info::device_type type = info::device_type::all) const;
  template <class Param>
  typename Param::return_type get_info() const;
  bool has(aspect a) const;
  [[deprecated("use has(aspect)")]] bool has_extension(const std::string&) const { return false; }
  [[deprecated("the host device was removed in SYCL 2020")]] bool is_host() const { return false; }
  static std::vector<platform> get_platforms();
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
    return std::find(m_state->aspects.begin(), m_state->aspects.end(), a) != m_state->aspects.end();
  }
  [[deprecated("use has(aspect)")]] bool has_extension(const std::string&) const { return false; }
  template <class Param>
  typename Param::return_type get_info() const;
  static std::vector<device> get_devices(info::device_type type = info::device_type::all);

  // Section 4.6.4.2: partitioning into sub-devices. No Weft device supports a partition
  // property (info::device::partition_properties is empty): errc::feature_not_supported.
  template <info::partition_property Prop,
            std::enable_if_t<Prop == info::partition_property::partition_equally, int> = 0>
  std::vector<device> create_sub_devices(std::size_t) const {
    not_partitionable("partition_equally");
  }
  template <info::partition_property Prop,
            std::enable_if_t<Prop == info::partition_property::partition_by_counts, int> = 0>
  std::vector<device> create_sub_devices(const std::vector<std::size_t>&) const {
    not_partitionable("partition_by_counts");
  }
  template <info::partition_property Prop,
            std::enable_if_t<Prop == info::partition_property::partition_by_affinity_domain, int> = 0>
  std::vector<device> create_sub_devices(info::partition_affinity_domain) const {
    not_partitionable("partition_by_affinity_domain");
  }

 private:
  [[noreturn]] void not_partitionable(const char* prop) const {
    weft::detail::throw_error(errc::feature_not_supported, std::string("device::create_sub_devices<") + prop + ">: '" +
                                                               m_state->name +
                                                               "' cannot be partitioned into sub-devices");
  }
};

namespace detail {
inline bool type_matches(info::device_type want, info::device_type have) {
  return want == info::device_type::all || want == have ||
         (want == info::device_type::automatic && have == weft::detail::cpu_device().type);
}

// Every memory order and scope: the CPU device supports them all, for atomics and fences alike.
inline std::vector<memory_order> all_memory_orders() {
  return {memory_order::relaxed, memory_order::acquire, memory_order::release, memory_order::acq_rel,
          memory_order::seq_cst};
}
inline std::vector<memory_scope> all_memory_scopes() {
  return {memory_scope::work_item, memory_scope::sub_group, memory_scope::work_group, memory_scope::device,
          memory_scope::system};
}

inline bool has_aspect(const weft::detail::device_state& s, aspect a) {
  return std::find(s.aspects.begin(), s.aspects.end(), a) != s.aspects.end();
}

template <class Param>
struct device_info;
#define WEFT_DEVICE_INFO(param, expr)                                                                                  \
  template <>                                                                                                          \
  struct device_info<info::device::param> {                                                                            \
    static info::device::param::return_type get([[maybe_unused]] const weft::detail::device_state& s) { return expr; } \
  };
WEFT_DEVICE_INFO(device_type, s.type)
WEFT_DEVICE_INFO(vendor_id, s.vendor_id)
// The CPU reports the worker count as decided when asked (it may be set after the device was first seen).
WEFT_DEVICE_INFO(max_compute_units,
                 s.type == info::device_type::cpu ? static_cast<std::uint32_t>(weft::worker_count()) : s.compute_units)
WEFT_DEVICE_INFO(max_work_item_dimensions, 3u)
WEFT_DEVICE_INFO(max_work_group_size, s.max_work_group_size)
WEFT_DEVICE_INFO(max_num_sub_groups,
                 static_cast<std::uint32_t>(s.max_work_group_size /
                                            (s.sub_group_sizes.empty() ? 1 : s.sub_group_sizes.back())))
WEFT_DEVICE_INFO(sub_group_independent_forward_progress, false)
WEFT_DEVICE_INFO(sub_group_sizes, s.sub_group_sizes)
WEFT_DEVICE_INFO(preferred_vector_width_char, 64u)
WEFT_DEVICE_INFO(preferred_vector_width_short, 32u)
WEFT_DEVICE_INFO(preferred_vector_width_int, 16u)
WEFT_DEVICE_INFO(preferred_vector_width_long, 8u)
WEFT_DEVICE_INFO(preferred_vector_width_long_long, 8u)
WEFT_DEVICE_INFO(preferred_vector_width_float, 16u)
WEFT_DEVICE_INFO(preferred_vector_width_double, 8u)
WEFT_DEVICE_INFO(preferred_vector_width_half, has_aspect(s, aspect::fp16) ? 32u : 0u)
WEFT_DEVICE_INFO(native_vector_width_char, 64u)
WEFT_DEVICE_INFO(native_vector_width_short, 32u)
WEFT_DEVICE_INFO(native_vector_width_int, 16u)
WEFT_DEVICE_INFO(native_vector_width_long, 8u)
WEFT_DEVICE_INFO(native_vector_width_long_long, 8u)
WEFT_DEVICE_INFO(native_vector_width_float, 16u)
WEFT_DEVICE_INFO(native_vector_width_double, 8u)
WEFT_DEVICE_INFO(native_vector_width_half, has_aspect(s, aspect::fp16) ? 16u : 0u)
WEFT_DEVICE_INFO(max_clock_frequency, s.clock_mhz)
WEFT_DEVICE_INFO(address_bits, 64u)
WEFT_DEVICE_INFO(max_mem_alloc_size, s.max_mem_alloc_size)
WEFT_DEVICE_INFO(image_support, false)
WEFT_DEVICE_INFO(max_read_image_args, 0u)
WEFT_DEVICE_INFO(max_write_image_args, 0u)
WEFT_DEVICE_INFO(image2d_max_height, std::size_t(0))
WEFT_DEVICE_INFO(image2d_max_width, std::size_t(0))
WEFT_DEVICE_INFO(image3d_max_height, std::size_t(0))
WEFT_DEVICE_INFO(image3d_max_width, std::size_t(0))
WEFT_DEVICE_INFO(image3d_max_depth, std::size_t(0))
WEFT_DEVICE_INFO(image_max_buffer_size, std::size_t(0))
WEFT_DEVICE_INFO(max_samplers, 0u)
WEFT_DEVICE_INFO(max_parameter_size, std::size_t(1) << 20)
WEFT_DEVICE_INFO(mem_base_addr_align, 64u * 8u)
// half arithmetic goes through float with one correct rounding (sycl/half.hpp)
WEFT_DEVICE_INFO(half_fp_config, (has_aspect(s, aspect::fp16)
                                      ? std::vector<info::fp_config>{info::fp_config::denorm, info::fp_config::inf_nan,
                                                                     info::fp_config::round_to_nearest}
                                      : std::vector<info::fp_config>{}))
WEFT_DEVICE_INFO(single_fp_config,
                 (std::vector<info::fp_config>{info::fp_config::denorm, info::fp_config::inf_nan,
                                               info::fp_config::round_to_nearest, info::fp_config::round_to_zero,
                                               info::fp_config::round_to_inf, info::fp_config::fma,
                                               info::fp_config::correctly_rounded_divide_sqrt}))
WEFT_DEVICE_INFO(double_fp_config,
                 (std::vector<info::fp_config>{info::fp_config::denorm, info::fp_config::inf_nan,
                                               info::fp_config::round_to_nearest, info::fp_config::round_to_zero,
                                               info::fp_config::round_to_inf, info::fp_config::fma}))
WEFT_DEVICE_INFO(global_mem_cache_type, info::global_mem_cache_type::read_write)
WEFT_DEVICE_INFO(global_mem_cache_line_size, s.cache_line_size)
WEFT_DEVICE_INFO(global_mem_cache_size, s.cache_size)
WEFT_DEVICE_INFO(global_mem_size, s.global_mem_size)
WEFT_DEVICE_INFO(max_constant_buffer_size, s.max_mem_alloc_size)
WEFT_DEVICE_INFO(max_constant_args, 1024u)
WEFT_DEVICE_INFO(local_mem_type, info::local_mem_type::local)
WEFT_DEVICE_INFO(local_mem_size, s.local_mem_size)
WEFT_DEVICE_INFO(error_correction_support, false)
WEFT_DEVICE_INFO(host_unified_memory, true)
WEFT_DEVICE_INFO(atomic_memory_order_capabilities, all_memory_orders())
WEFT_DEVICE_INFO(atomic_fence_order_capabilities, all_memory_orders())
WEFT_DEVICE_INFO(atomic_memory_scope_capabilities, all_memory_scopes())
WEFT_DEVICE_INFO(atomic_fence_scope_capabilities, all_memory_scopes())
WEFT_DEVICE_INFO(profiling_timer_resolution, std::size_t(1))
WEFT_DEVICE_INFO(is_endian_little, true)
WEFT_DEVICE_INFO(is_available, true)
WEFT_DEVICE_INFO(is_compiler_available, false)
WEFT_DEVICE_INFO(is_linker_available, false)
WEFT_DEVICE_INFO(execution_capabilities,
                 (std::vector<info::execution_capability>{info::execution_capability::exec_kernel}))
WEFT_DEVICE_INFO(queue_profiling, true)
WEFT_DEVICE_INFO(built_in_kernels, {})  // no built-in kernels (built_in_kernel_ids: sycl/kernel_bundle.hpp)
WEFT_DEVICE_INFO(platform, platform(s.platform))
WEFT_DEVICE_INFO(name, s.name)
WEFT_DEVICE_INFO(vendor, s.vendor)
WEFT_DEVICE_INFO(driver_version, s.driver_version)
WEFT_DEVICE_INFO(profile, std::string("FULL_PROFILE"))
WEFT_DEVICE_INFO(version, s.version)
WEFT_DEVICE_INFO(backend_version, s.version)
WEFT_DEVICE_INFO(aspects, s.aspects)
WEFT_DEVICE_INFO(extensions, {})
WEFT_DEVICE_INFO(printf_buffer_size, std::size_t(1) << 20)
WEFT_DEVICE_INFO(preferred_interop_user_sync, false)
// Weft's devices are root devices (none can be partitioned): no parent.
template <>
struct device_info<info::device::parent_device> {
  [[noreturn]] static device get(const weft::detail::device_state& s) {
    throw_error(errc::invalid, "info::device::parent_device: '" + s.name +
                                   "' is a root device (Weft's devices cannot be partitioned into sub-devices)");
  }
};
WEFT_DEVICE_INFO(partition_max_sub_devices, 0u)
WEFT_DEVICE_INFO(partition_properties, {})
WEFT_DEVICE_INFO(partition_affinity_domains, {})
WEFT_DEVICE_INFO(partition_type_property, info::partition_property::no_partition)
WEFT_DEVICE_INFO(partition_type_affinity_domain, info::partition_affinity_domain::not_applicable)
#undef WEFT_DEVICE_INFO
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

inline std::vector<device> device::get_devices(info::device_type type) {
  std::vector<device> out;
  for (auto* p : weft::detail::platforms())
    for (auto* d : p->devices)
      if (detail::type_matches(type, d->type)) out.emplace_back(d);
  return out;
}

inline std::vector<device> platform::get_devices(info::device_type type) const {
  std::vector<device> out;
  for (auto* d : m_state->devices)
    if (detail::type_matches(type, d->type)) out.emplace_back(d);
  return out;
}

inline bool platform::has(aspect a) const {
  auto devs = get_devices();
  return !devs.empty() && std::all_of(devs.begin(), devs.end(), [a](const device& d) { return d.has(a); });
}

inline std::vector<platform> platform::get_platforms() {
  std::vector<platform> out;
  for (auto* p : weft::detail::platforms()) out.emplace_back(p);
  return out;
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

// SYCL 2020 section 4.5.2 (common reference semantics): equal objects hash equal.
namespace std {
template <>
struct hash<weft::sycl::platform> {
  size_t operator()(const weft::sycl::platform& p) const noexcept { return hash<const void*>()(p.state()); }
};
template <>
struct hash<weft::sycl::device> {
  size_t operator()(const weft::sycl::device& d) const noexcept { return hash<const void*>()(d.state()); }
};
}  // namespace std
