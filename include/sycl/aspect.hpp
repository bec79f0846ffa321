#pragma once
// SYCL 2020 section 4.6.4.5: device aspects.
namespace weft::sycl {
enum class aspect {
  cpu,
  gpu,
  accelerator,
  custom,
  emulated,
  host_debuggable,
  fp16,
  fp64,
  atomic64,
  image,
  online_compiler,
  online_linker,
  queue_profiling,
  usm_device_allocations,
  usm_host_allocations,
  usm_atomic_host_allocations,
  usm_shared_allocations,
  usm_atomic_shared_allocations,
  usm_system_allocations,
  host [[deprecated("the host device was removed in SYCL 2020")]] = 100,
};
}  // namespace weft::sycl
