#pragma once
// What the runtime knows about each device; filled once, read by device::get_info.
#include <cstdint>
#include <string>
#include <vector>
#include <sycl/aspect.hpp>
#include <sycl/info.hpp>
#include <weft/runtime/export.hpp>

namespace weft::detail {

struct platform_state;

struct device_state {
  sycl::info::device_type type = sycl::info::device_type::cpu;
  sycl::backend backend = sycl::backend::host;
  const platform_state* platform = nullptr;
  std::string name, vendor, driver_version, version;
  std::uint32_t vendor_id = 0;
  std::uint32_t compute_units = 1;
  std::uint32_t clock_mhz = 0;
  std::size_t max_work_group_size = 1024;
  std::uint64_t global_mem_size = 0;
  std::uint64_t max_mem_alloc_size = 0;
  std::uint64_t local_mem_size = 0;
  std::uint64_t cache_size = 0;
  std::uint32_t cache_line_size = 64;
  std::vector<std::size_t> sub_group_sizes;
  std::vector<sycl::aspect> aspects;
};

struct platform_state {
  std::string name, vendor, version;
  std::vector<const device_state*> devices;
};

// Every platform Weft offers; the CPU platform is always first.
WEFT_API const std::vector<const platform_state*>& platforms();
// The CPU device: the host itself.
WEFT_API const device_state& cpu_device();

}  // namespace weft::detail
