#pragma once
// SYCL 2020 appendix A: information descriptors. Each descriptor names its
// return type; get_info<Descriptor>() on the object returns it.
#include <cstdint>
#include <string>
#include <vector>
#include <sycl/access.hpp>
#include <sycl/id.hpp>
#include <sycl/range.hpp>

namespace weft::sycl {

class platform;
class device;
class context;
class kernel_id;
enum class aspect;
enum class backend { host, cuda, hip, opencl, ext_oneapi_level_zero, weft_cpu = host };

namespace info {

enum class device_type : unsigned {
  cpu = 1,
  gpu = 2,
  accelerator = 4,
  custom = 8,
  automatic = 16,
  host = 32,
  all = 63
};
enum class local_mem_type : int { none, local, global };
enum class global_mem_cache_type : int { none, read_only, read_write };
enum class fp_config : int {
  denorm,
  inf_nan,
  round_to_nearest,
  round_to_zero,
  round_to_inf,
  fma,
  correctly_rounded_divide_sqrt,
  soft_float
};
enum class execution_capability : unsigned { exec_kernel, exec_native_kernel };
enum class partition_property : int {
  no_partition,
  partition_equally,
  partition_by_counts,
  partition_by_affinity_domain
};
enum class partition_affinity_domain : int {
  not_applicable,
  numa,
  L4_cache,
  L3_cache,
  L2_cache,
  L1_cache,
  next_partitionable
};
enum class event_command_status : int { submitted, running, complete };

#define WEFT_INFO(name, type) \
  struct name {               \
    using return_type = type; \
  };

// preferred_ and native_vector_width_ for each element type.
#define WEFT_INFO_VECTOR_WIDTHS(kind)                  \
  WEFT_INFO(kind##_vector_width_char, std::uint32_t)   \
  WEFT_INFO(kind##_vector_width_short, std::uint32_t)  \
  WEFT_INFO(kind##_vector_width_int, std::uint32_t)    \
  WEFT_INFO(kind##_vector_width_long, std::uint32_t)   \
  WEFT_INFO(kind##_vector_width_float, std::uint32_t)  \
  WEFT_INFO(kind##_vector_width_double, std::uint32_t) \
  WEFT_INFO(kind##_vector_width_half, std::uint32_t)

namespace platform {
WEFT_INFO(version, std::string)
WEFT_INFO(name, std::string)
WEFT_INFO(vendor, std::string)
WEFT_INFO(profile, std::string)
WEFT_INFO(extensions, std::vector<std::string>)
}  // namespace platform

namespace context {
WEFT_INFO(platform, sycl::platform)
WEFT_INFO(devices, std::vector<sycl::device>)
WEFT_INFO(atomic_memory_order_capabilities, std::vector<sycl::memory_order>)
WEFT_INFO(atomic_memory_scope_capabilities, std::vector<sycl::memory_scope>)
WEFT_INFO(atomic_fence_order_capabilities, std::vector<sycl::memory_order>)
WEFT_INFO(atomic_fence_scope_capabilities, std::vector<sycl::memory_scope>)
}  // namespace context

namespace device {
WEFT_INFO(device_type, info::device_type)
WEFT_INFO(vendor_id, std::uint32_t)
WEFT_INFO(max_compute_units, std::uint32_t)
WEFT_INFO(max_work_item_dimensions, std::uint32_t)
template <int Dims = 3>
struct max_work_item_sizes {
  using return_type = sycl::range<Dims>;
};
WEFT_INFO(max_work_group_size, std::size_t)
WEFT_INFO(max_num_sub_groups, std::uint32_t)
WEFT_INFO(sub_group_independent_forward_progress, bool)
WEFT_INFO(sub_group_sizes, std::vector<std::size_t>)
WEFT_INFO_VECTOR_WIDTHS(preferred)
WEFT_INFO_VECTOR_WIDTHS(native)
// The provisional spelling of the 64-bit widths (the CTS asks for them): same as *_long.
WEFT_INFO(preferred_vector_width_long_long, std::uint32_t)
WEFT_INFO(native_vector_width_long_long, std::uint32_t)
WEFT_INFO(max_clock_frequency, std::uint32_t)
WEFT_INFO(address_bits, std::uint32_t)
WEFT_INFO(max_mem_alloc_size, std::uint64_t)
WEFT_INFO(image_support, bool)
// Image limits (deprecated with images; Weft has no images: all 0).
WEFT_INFO(max_read_image_args, std::uint32_t)
WEFT_INFO(max_write_image_args, std::uint32_t)
WEFT_INFO(image2d_max_height, std::size_t)
WEFT_INFO(image2d_max_width, std::size_t)
WEFT_INFO(image3d_max_height, std::size_t)
WEFT_INFO(image3d_max_width, std::size_t)
WEFT_INFO(image3d_max_depth, std::size_t)
WEFT_INFO(image_max_buffer_size, std::size_t)
WEFT_INFO(max_samplers, std::uint32_t)
WEFT_INFO(max_parameter_size, std::size_t)
WEFT_INFO(mem_base_addr_align, std::uint32_t)
WEFT_INFO(half_fp_config, std::vector<info::fp_config>)
WEFT_INFO(single_fp_config, std::vector<info::fp_config>)
WEFT_INFO(double_fp_config, std::vector<info::fp_config>)
WEFT_INFO(global_mem_cache_type, info::global_mem_cache_type)
WEFT_INFO(global_mem_cache_line_size, std::uint32_t)
WEFT_INFO(global_mem_cache_size, std::uint64_t)
WEFT_INFO(global_mem_size, std::uint64_t)
WEFT_INFO(max_constant_buffer_size, std::uint64_t)
WEFT_INFO(max_constant_args, std::uint32_t)
WEFT_INFO(local_mem_type, info::local_mem_type)
WEFT_INFO(local_mem_size, std::uint64_t)
WEFT_INFO(error_correction_support, bool)
WEFT_INFO(host_unified_memory, bool)
WEFT_INFO(atomic_memory_order_capabilities, std::vector<sycl::memory_order>)
WEFT_INFO(atomic_fence_order_capabilities, std::vector<sycl::memory_order>)
WEFT_INFO(atomic_memory_scope_capabilities, std::vector<sycl::memory_scope>)
WEFT_INFO(atomic_fence_scope_capabilities, std::vector<sycl::memory_scope>)
WEFT_INFO(profiling_timer_resolution, std::size_t)
WEFT_INFO(is_endian_little, bool)
WEFT_INFO(is_available, bool)
WEFT_INFO(is_compiler_available, bool)
WEFT_INFO(is_linker_available, bool)
WEFT_INFO(execution_capabilities, std::vector<info::execution_capability>)
WEFT_INFO(queue_profiling, bool)
WEFT_INFO(built_in_kernel_ids, std::vector<sycl::kernel_id>)
WEFT_INFO(built_in_kernels, std::vector<std::string>)
WEFT_INFO(platform, sycl::platform)
WEFT_INFO(name, std::string)
WEFT_INFO(vendor, std::string)
WEFT_INFO(driver_version, std::string)
WEFT_INFO(profile, std::string)
WEFT_INFO(version, std::string)
WEFT_INFO(backend_version, std::string)
WEFT_INFO(aspects, std::vector<sycl::aspect>)
WEFT_INFO(extensions, std::vector<std::string>)
WEFT_INFO(printf_buffer_size, std::size_t)
WEFT_INFO(preferred_interop_user_sync, bool)
WEFT_INFO(parent_device, sycl::device)
WEFT_INFO(partition_max_sub_devices, std::uint32_t)
WEFT_INFO(partition_properties, std::vector<info::partition_property>)
WEFT_INFO(partition_affinity_domains, std::vector<info::partition_affinity_domain>)
WEFT_INFO(partition_type_property, info::partition_property)
WEFT_INFO(partition_type_affinity_domain, info::partition_affinity_domain)
}  // namespace device

namespace queue {
WEFT_INFO(context, sycl::context)
WEFT_INFO(device, sycl::device)
}  // namespace queue

namespace event {
WEFT_INFO(command_execution_status, info::event_command_status)
}  // namespace event

namespace event_profiling {
WEFT_INFO(command_submit, std::uint64_t)
WEFT_INFO(command_start, std::uint64_t)
WEFT_INFO(command_end, std::uint64_t)
}  // namespace event_profiling

namespace kernel {
WEFT_INFO(num_args, std::uint32_t)
WEFT_INFO(attributes, std::string)
WEFT_INFO(function_name, std::string)  // SYCL 1.2.1
}  // namespace kernel

namespace kernel_device_specific {
WEFT_INFO(global_work_size, sycl::range<3>)
WEFT_INFO(work_group_size, std::size_t)
WEFT_INFO(compile_work_group_size, sycl::range<3>)
WEFT_INFO(preferred_work_group_size_multiple, std::size_t)
WEFT_INFO(private_mem_size, std::size_t)
WEFT_INFO(max_num_sub_groups, std::uint32_t)
WEFT_INFO(compile_num_sub_groups, std::uint32_t)
WEFT_INFO(max_sub_group_size, std::uint32_t)
WEFT_INFO(compile_sub_group_size, std::uint32_t)
}  // namespace kernel_device_specific

#undef WEFT_INFO_VECTOR_WIDTHS
#undef WEFT_INFO
}  // namespace info
}  // namespace weft::sycl
