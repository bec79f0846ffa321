// device and platform (include/sycl/device.hpp): the information descriptors'
// answers and the device lists, compiled once.
#include <algorithm>
#include <string>
#include <vector>
#include <sycl/sycl.hpp>
#include <weft/runtime/cpu_partition.hpp>

namespace weft::sycl {
namespace detail {
namespace {
bool type_matches(info::device_type want, info::device_type have) {
  return want == info::device_type::all || want == have ||
         (want == info::device_type::automatic && have == weft::detail::cpu_device().type);
}

// Every memory order and scope: the CPU device supports them all, for atomics and fences alike.
std::vector<memory_order> all_memory_orders() {
  return {memory_order::relaxed, memory_order::acquire, memory_order::release, memory_order::acq_rel,
          memory_order::seq_cst};
}
std::vector<memory_scope> all_memory_scopes() {
  return {memory_scope::work_item, memory_scope::sub_group, memory_scope::work_group, memory_scope::device,
          memory_scope::system};
}

bool has_aspect(const weft::detail::device_state& s, aspect a) {
  return std::find(s.aspects.begin(), s.aspects.end(), a) != s.aspects.end();
}
}  // namespace

#define WEFT_DEVICE_INFO(param, expr)                                     \
  template <>                                                             \
  info::device::param::return_type device_info<info::device::param>::get( \
      [[maybe_unused]] const weft::detail::device_state& s) {             \
    return expr;                                                          \
  }
WEFT_DEVICE_INFO(device_type, s.type)
WEFT_DEVICE_INFO(vendor_id, s.vendor_id)
WEFT_DEVICE_INFO(max_compute_units, weft::detail::compute_units(s))
WEFT_DEVICE_INFO(max_work_item_dimensions, 3u)
WEFT_DEVICE_INFO(max_work_group_size, s.max_work_group_size)
WEFT_DEVICE_INFO(max_num_sub_groups,
                 static_cast<std::uint32_t>(s.max_work_group_size /
                                            (s.sub_group_sizes.empty() ? 1 : s.sub_group_sizes.front())))
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
template <>
device device_info<info::device::parent_device>::get(const weft::detail::device_state& s) {
  if (!s.parent)
    throw_error(errc::invalid, "info::device::parent_device: '" + s.name +
                                   "' is a root device, not a sub-device made by create_sub_devices: it has no parent");
  return device(s.parent);
}
WEFT_DEVICE_INFO(partition_max_sub_devices, weft::detail::partitionable(s) ? weft::detail::compute_units(s) : 0u)
WEFT_DEVICE_INFO(partition_properties,
                 (weft::detail::partitionable(s)
                      ? std::vector<info::partition_property>{info::partition_property::partition_equally,
                                                              info::partition_property::partition_by_counts,
                                                              info::partition_property::partition_by_affinity_domain}
                      : std::vector<info::partition_property>{}))
WEFT_DEVICE_INFO(
    partition_affinity_domains,
    (weft::detail::partitionable(s)
         ? std::vector<info::partition_affinity_domain>{info::partition_affinity_domain::numa,
                                                        info::partition_affinity_domain::next_partitionable}
         : std::vector<info::partition_affinity_domain>{}))
WEFT_DEVICE_INFO(partition_type_property, s.partition)
WEFT_DEVICE_INFO(partition_type_affinity_domain, s.affinity_domain)
#undef WEFT_DEVICE_INFO
}  // namespace detail

namespace {
std::vector<device> handles(const std::vector<const weft::detail::device_state*>& states) {
  return std::vector<device>(states.begin(), states.end());
}
}  // namespace

std::vector<device> device::partition_equally(std::size_t count) const {
  return handles(weft::detail::partition_equally(*m_state, count));
}
std::vector<device> device::partition_by_counts(const std::vector<std::size_t>& counts) const {
  return handles(weft::detail::partition_by_counts(*m_state, counts));
}
std::vector<device> device::partition_by_affinity_domain(info::partition_affinity_domain domain) const {
  return handles(weft::detail::partition_by_affinity_domain(*m_state, domain));
}

std::vector<device> device::get_devices(info::device_type type) {
  std::vector<device> out;
  for (auto* p : weft::detail::platforms())
    for (auto* d : p->devices)
      if (detail::type_matches(type, d->type)) out.emplace_back(d);
  return out;
}

std::vector<device> platform::get_devices(info::device_type type) const {
  std::vector<device> out;
  for (auto* d : m_state->devices)
    if (detail::type_matches(type, d->type)) out.emplace_back(d);
  return out;
}

bool platform::has(aspect a) const {
  auto devs = get_devices();
  return !devs.empty() && std::all_of(devs.begin(), devs.end(), [a](const device& d) { return d.has(a); });
}

std::vector<platform> platform::get_platforms() {
  std::vector<platform> out;
  for (auto* p : weft::detail::platforms()) out.emplace_back(p);
  return out;
}

namespace detail {
device select_device_by(int (*score)(const void* selector, const device& d), const void* selector, const char* what) {
  const device* best = nullptr;
  int best_score = -1;
  auto devices = device::get_devices();
  for (auto& d : devices) {
    int s = score(selector, d);
    if (s >= 0 && s > best_score) {
      best = &d;
      best_score = s;
    }
  }
  if (!best) {
    std::string names;
    for (auto& d : devices) names += (names.empty() ? "" : ", ") + d.get_info<info::device::name>();
    throw_error(errc::runtime, std::string("no device matches ") + what + " (Weft offers: " + names +
                                   "); choose another selector, e.g. sycl::default_selector_v");
  }
  return *best;
}
}  // namespace detail

}  // namespace weft::sycl
