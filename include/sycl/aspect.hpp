#pragma once
// SYCL 2020 section 4.6.4.5: device aspects.
#include <cstddef>
#include <type_traits>
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

namespace detail {
// The aspects of Weft's devices: the CPU device (src/runtime/device.cpp reports this
// list) and, in a program built with the GPU target, NVIDIA or AMD GPUs (the list
// src/target/gpu/backend.cpp reports; keep them in step). online_compiler and
// online_linker: every kernel is compiled into the program ahead of time, so kernel
// bundles in every state are available and compile(), link() and build() work (they
// change the state; there is nothing left to compile).
// What every Weft device has, in the order both lists give it.
#define WEFT_EVERY_DEVICE_ASPECTS                                                                          \
  aspect::fp64, aspect::atomic64, aspect::online_compiler, aspect::online_linker, aspect::queue_profiling, \
      aspect::usm_device_allocations, aspect::usm_host_allocations
inline constexpr aspect cpu_device_aspects[] = {aspect::cpu,
                                                aspect::host_debuggable,
                                                aspect::fp16,
                                                WEFT_EVERY_DEVICE_ASPECTS,
                                                aspect::usm_atomic_host_allocations,
                                                aspect::usm_shared_allocations,
                                                aspect::usm_atomic_shared_allocations,
                                                aspect::usm_system_allocations};
inline constexpr aspect gpu_device_aspects[] = {aspect::gpu, WEFT_EVERY_DEVICE_ASPECTS, aspect::usm_shared_allocations};
#undef WEFT_EVERY_DEVICE_ASPECTS
#if defined(__CUDA__) || defined(__HIP__)
inline constexpr bool gpu_devices_possible = true;
#else
inline constexpr bool gpu_devices_possible = false;
#endif
template <std::size_t N>
constexpr bool aspect_in(const aspect (&list)[N], aspect a) {
  for (std::size_t i = 0; i < N; ++i)
    if (list[i] == a) return true;
  return false;
}
}  // namespace detail

// Section 4.6.4.3: whether some (every) device this program can run kernels on has an aspect.
template <aspect Aspect>
struct any_device_has
    : std::bool_constant<detail::aspect_in(detail::cpu_device_aspects, Aspect) ||
                         (detail::gpu_devices_possible && detail::aspect_in(detail::gpu_device_aspects, Aspect))> {};
template <aspect Aspect>
struct all_devices_have
    : std::bool_constant<detail::aspect_in(detail::cpu_device_aspects, Aspect) &&
                         (!detail::gpu_devices_possible || detail::aspect_in(detail::gpu_device_aspects, Aspect))> {};
template <aspect A>
inline constexpr bool any_device_has_v = any_device_has<A>::value;
template <aspect A>
inline constexpr bool all_devices_have_v = all_devices_have<A>::value;

}  // namespace weft::sycl
