#pragma once
// NVIDIA GPUs (clang's CUDA mode): the vendor primitives the shared GPU code
// calls (weft/target/gpu/vendor.hpp; vendor/amd.hpp has the same names). A
// sub-group is a warp of 32 lanes; CUDA's *_sync intrinsics take the mask of
// the lanes taking part.
#if !defined(__CUDA__)
#error "weft/target/gpu/vendor/nvidia.hpp is for translation units compiled as CUDA"
#endif
#include <cuda.h>  // the driver's types: the CUDA backend's native types
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <sycl/info.hpp>
#include <weft/runtime/device_state.hpp>

// SYCL 2020 4.5.1: the backends a translation unit can use (interop.hpp).
#define SYCL_BACKEND_CUDA 1

namespace weft::gpu {
// Backend interop (interop.hpp): the backend and its native types, as the Khronos
// CUDA backend specification names them (a CUdevice is the device's ordinal).
namespace native {
inline constexpr sycl::backend backend = sycl::backend::cuda;
using device = CUdevice;
using context = CUcontext;
using stream = CUstream;
using event = CUevent;
}  // namespace native

// Host side of the launch templates: the CUDA runtime.
using stream_t = cudaStream_t;
inline constexpr const char* runtime_name = "CUDA";
// Lets `entry` use `bytes` of dynamic shared memory (above the default 48 KiB).
inline void allow_dynamic_shared(const void* entry, int bytes) {
  cudaFuncSetAttribute(entry, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
}
inline bool malloc_async(void** p, std::size_t bytes, stream_t s) {
  return cudaMallocAsync(p, bytes, s) == cudaSuccess;
}
inline void free_async(void* p, stream_t s) { (void)cudaFreeAsync(p, s); }
namespace detail {
// The driver's cuLaunchKernel, found through the runtime (nothing links the
// driver library); null where the driver offers none.
using driver_launch_fn = CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                      CUstream, void**, void**);
inline driver_launch_fn driver_launch() {
  static const driver_launch_fn fn = [] {
    void* f = nullptr;
    cudaDriverEntryPointQueryResult found{};
    if (cudaGetDriverEntryPointByVersion("cuLaunchKernel", &f, 12000, cudaEnableDefault, &found) != cudaSuccess ||
        found != cudaDriverEntryPointSuccess) {
      (void)cudaGetLastError();
      return driver_launch_fn(nullptr);
    }
    return reinterpret_cast<driver_launch_fn>(f);
  }();
  return fn;
}
// Entry's function in the primary context of `device` (the current device),
// asked for once per device; null when the runtime gives none. A stale handle
// (the program reset the device) fails its launch and is asked for again.
inline constexpr int cached_devices = 16;
template <auto Entry>
std::atomic<CUfunction>& function_slot(int device) {
  static std::atomic<CUfunction> slots[cached_devices];  // (zero-initialised: not asked yet)
  return slots[device];
}
template <auto Entry>
CUfunction kernel_function(int device) {
  if (device < 0 || device >= cached_devices) return nullptr;
  std::atomic<CUfunction>& slot = function_slot<Entry>(device);
  CUfunction f = slot.load(std::memory_order_acquire);
  if (f) return f;
  cudaFunction_t h = nullptr;
  if (cudaGetFuncBySymbol(&h, reinterpret_cast<const void*>(Entry)) != cudaSuccess) {
    (void)cudaGetLastError();
    return nullptr;
  }
  f = reinterpret_cast<CUfunction>(h);
  slot.store(f, std::memory_order_release);
  return f;
}
template <auto Entry, class... Params>
int launch_entry(void (*)(Params...), int device, dim3 grid, dim3 block, std::size_t shared, stream_t s,
                 const std::decay_t<Params>&... args) {
  void* params[sizeof...(Params) + 1] = {const_cast<void*>(static_cast<const void*>(&args))...};
  // The driver's launch of the context's function skips the runtime's lookup of
  // the entry (measured on an H200: 0.15-0.35 us less per launch than <<<>>>).
  // Kernels above the default 48 KiB of dynamic shared memory keep the runtime's
  // launch, which honours the attribute allow_dynamic_shared set through it.
  if (shared <= 48 * 1024)
    if (const driver_launch_fn launch = driver_launch())
      if (const CUfunction f = kernel_function<Entry>(device)) {
        if (launch(f, grid.x, grid.y, grid.z, block.x, block.y, block.z, unsigned(shared), static_cast<CUstream>(s),
                   params, nullptr) == CUDA_SUCCESS)
          return 0;
        function_slot<Entry>(device).store(nullptr, std::memory_order_release);
      }
  // The runtime's launch: no driver entry point or function, or the driver's
  // launch failed (an error, which the runtime's call then reports in its own codes).
  return int(cudaLaunchKernel(reinterpret_cast<const void*>(Entry), grid, block, params, shared, s));
}
}  // namespace detail
// Launches Entry(args...) on s, a stream of `device` (the current device), and
// returns the runtime's error code (0: launched). The error comes back from the
// call itself, where <<<>>> leaves it to be asked for.
template <auto Entry, class... Args>
inline int launch_kernel(const weft::detail::device_state& device, dim3 grid, dim3 block, std::size_t shared,
                         stream_t s, const Args&... args) {
  return detail::launch_entry<Entry>(Entry, device.ordinal, grid, block, shared, s, args...);
}
}  // namespace weft::gpu

namespace weft::kernel::gpu {

inline constexpr unsigned warp_size = 32;  // lanes of a warp: the sub-group size
using lane_mask = std::uint32_t;           // one bit per lane
inline constexpr lane_mask full_mask = 0xffffffffu;
// The mask of lanes 0 .. n-1 (n <= warp_size).
__device__ inline lane_mask first_lanes(unsigned n) { return n >= warp_size ? full_mask : (lane_mask(1) << n) - 1u; }

// op(mask) with the mask as a constant when it names the whole warp: a warp
// operation whose mask is computed costs more (on the H200 a computed mask made
// HeCBench gemv's warp reductions about a quarter of its int4 kernel's time,
// docs/gpu.md), so only a partial last warp uses its exact mask. (The branch is
// uniform across the warp.)
template <class Op>
__device__ inline auto with_mask(lane_mask m, Op op) {
  return m == full_mask ? op(full_mask) : op(m);
}

// 32-bit shuffles among the lanes of `mask` (a source outside the warp, for
// up/down, gives the caller's own value).
__device__ inline std::uint32_t shfl_idx(lane_mask m, std::uint32_t w, unsigned src) {
  return with_mask(m, [&](lane_mask k) { return __shfl_sync(k, w, int(src)); });
}
__device__ inline std::uint32_t shfl_up(lane_mask m, std::uint32_t w, unsigned d) {
  return with_mask(m, [&](lane_mask k) { return __shfl_up_sync(k, w, d); });
}
__device__ inline std::uint32_t shfl_down(lane_mask m, std::uint32_t w, unsigned d) {
  return with_mask(m, [&](lane_mask k) { return __shfl_down_sync(k, w, d); });
}
__device__ inline std::uint32_t shfl_xor(lane_mask m, std::uint32_t w, unsigned x) {
  return with_mask(m, [&](lane_mask k) { return __shfl_xor_sync(k, w, int(x)); });
}

__device__ inline bool vote_any(lane_mask m, bool p) {
  return with_mask(m, [&](lane_mask k) { return __any_sync(k, p) != 0; });
}
__device__ inline bool vote_all(lane_mask m, bool p) {
  return with_mask(m, [&](lane_mask k) { return __all_sync(k, p) != 0; });
}
// Synchronises the lanes of `mask` and orders their memory accesses (a sub-group barrier).
__device__ inline void warp_sync(lane_mask m) {
  with_mask(m, [](lane_mask k) { __syncwarp(k); });
}

__device__ inline bool is_shared(const void* p) { return __isShared(p); }

// A load through the read-only data cache (__ldg) of a T of 1, 2, 4, 8 or 16
// bytes at its natural alignment; a plain load otherwise.
template <class T>
__device__ inline T load_read_only(const T* p) {
  T value;
  auto load = [&](auto word) {
    using W = decltype(word);
    word = __ldg(reinterpret_cast<const W*>(p));
    __builtin_memcpy(&value, &word, sizeof(T));
  };
  if constexpr (sizeof(T) == 1) load((unsigned char)0);
  else if constexpr (sizeof(T) == 2 && alignof(T) >= 2) load((unsigned short)0);
  else if constexpr (sizeof(T) == 4 && alignof(T) >= 4) load(0u);
  else if constexpr (sizeof(T) == 8 && alignof(T) >= 8) load(0ull);
  else if constexpr (sizeof(T) == 16 && alignof(T) >= 16)
    load(decltype(make_uint4(0, 0, 0, 0)){});  // (CUDA's uint4, whatever its name: vector_names.hpp)
  else value = *p;
  return value;
}
[[noreturn]] __device__ inline void trap() {
  __trap();
  __builtin_unreachable();
}

}  // namespace weft::kernel::gpu
