#pragma once
// AMD GPUs (clang's HIP mode): the vendor primitives the shared GPU code calls
// (weft/target/gpu/vendor.hpp; vendor/nvidia.hpp has the same names). A
// sub-group is a wavefront of 64 lanes (GCN and CDNA: gfx9xx). RDNA's 32-wide
// wavefronts are not supported: HIP offers no wave64 mode there and the launch
// code sizes blocks from one width (cmake/WeftHip.cmake accepts only wave64
// architectures). A wavefront runs its lanes in lockstep, so HIP's shuffles
// and votes take no mask: the mask arguments only keep the calls alike.
#if !defined(__HIP__)
#error "weft/target/gpu/vendor/amd.hpp is for translation units compiled as HIP"
#endif
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <hip/hip_runtime.h>  // HIP code includes its runtime (CUDA mode pre-includes CUDA's)
#if defined(__HIP_DEVICE_COMPILE__) && __AMDGCN_WAVEFRONT_SIZE != 64
#error "Weft's HIP target needs 64-wide wavefronts (gfx9xx: gfx900 ... gfx90a, gfx940)"
#endif

#include <sycl/info.hpp>
#include <weft/runtime/device_state.hpp>

// SYCL 2020 4.5.1: the backends a translation unit can use (interop.hpp).
#define SYCL_BACKEND_HIP 1

namespace weft::gpu {
// Backend interop (interop.hpp): the backend and its native types, HIP's
// counterparts of the CUDA backend's (a hipDevice_t is the device's ordinal).
namespace native {
inline constexpr sycl::backend backend = sycl::backend::hip;
using device = hipDevice_t;
using context = hipCtx_t;
using stream = hipStream_t;
using event = hipEvent_t;
}  // namespace native

// Host side of the launch templates: the HIP runtime.
using stream_t = hipStream_t;
inline constexpr const char* runtime_name = "HIP";
// Lets `entry` use `bytes` of dynamic shared memory (above the default 48 KiB).
inline void allow_dynamic_shared(const void* entry, int bytes) {
  (void)hipFuncSetAttribute(entry, hipFuncAttributeMaxDynamicSharedMemorySize, bytes);
}
inline bool malloc_async(void** p, std::size_t bytes, stream_t s) { return hipMallocAsync(p, bytes, s) == hipSuccess; }
inline void free_async(void* p, stream_t s) { (void)hipFreeAsync(p, s); }
namespace detail {
template <class... Params>
int launch_entry(void (*entry)(Params...), dim3 grid, dim3 block, std::size_t shared, stream_t s,
                 const std::decay_t<Params>&... args) {
  void* params[sizeof...(Params) + 1] = {const_cast<void*>(static_cast<const void*>(&args))...};
  return int(hipLaunchKernel(reinterpret_cast<const void*>(entry), grid, block, params, shared, s));
}
}  // namespace detail
// Launches Entry(args...) on s, a stream of the current device, and returns the
// runtime's error code (0: launched). The error comes back from the call itself,
// where <<<>>> leaves it to be asked for.
template <auto Entry, class... Args>
inline int launch_kernel(const weft::detail::device_state&, dim3 grid, dim3 block, std::size_t shared, stream_t s,
                         const Args&... args) {
  return detail::launch_entry(Entry, grid, block, shared, s, args...);
}
}  // namespace weft::gpu

namespace weft::kernel::gpu {

inline constexpr unsigned warp_size = 64;  // lanes of a wavefront: the sub-group size
using lane_mask = std::uint64_t;           // one bit per lane
inline constexpr lane_mask full_mask = ~lane_mask(0);
// The mask of lanes 0 .. n-1 (n <= warp_size).
__device__ inline lane_mask first_lanes(unsigned n) { return n >= warp_size ? full_mask : (lane_mask(1) << n) - 1u; }

// 32-bit shuffles across the wavefront (a source outside it, for up/down,
// gives the caller's own value, as CUDA's).
__device__ inline std::uint32_t shfl_idx(lane_mask, std::uint32_t w, unsigned src) {
  return static_cast<std::uint32_t>(__shfl(static_cast<int>(w), static_cast<int>(src), int(warp_size)));
}
__device__ inline std::uint32_t shfl_up(lane_mask, std::uint32_t w, unsigned d) {
  return static_cast<std::uint32_t>(__shfl_up(static_cast<int>(w), d, int(warp_size)));
}
__device__ inline std::uint32_t shfl_down(lane_mask, std::uint32_t w, unsigned d) {
  return static_cast<std::uint32_t>(__shfl_down(static_cast<int>(w), d, int(warp_size)));
}
__device__ inline std::uint32_t shfl_xor(lane_mask, std::uint32_t w, unsigned x) {
  return static_cast<std::uint32_t>(__shfl_xor(static_cast<int>(w), static_cast<int>(x), int(warp_size)));
}

// Votes over the active lanes (a partial last wavefront has only its own lanes active).
__device__ inline bool vote_any(lane_mask, bool p) { return __any(p) != 0; }
__device__ inline bool vote_all(lane_mask, bool p) { return __all(p) != 0; }
// A wavefront needs no execution barrier, but its lanes' memory accesses must be
// ordered across the sub-group barrier: a wavefront-scope fence, and no
// compiler reordering across it.
__device__ inline void warp_sync(lane_mask) {
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "wavefront");
  __builtin_amdgcn_wave_barrier();
}

__device__ inline bool is_shared(const void* p) {
  return __builtin_amdgcn_is_shared((const __attribute__((address_space(0))) void*)p);
}
// AMD GPUs read through the same cache either way: a plain load.
template <class T>
__device__ inline T load_read_only(const T* p) {
  return *p;
}
[[noreturn]] __device__ inline void trap() { __builtin_trap(); }

}  // namespace weft::kernel::gpu
