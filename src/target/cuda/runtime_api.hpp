#pragma once
// The CUDA runtime under the names the GPU backend calls
// (src/target/gpu/runtime_api.hpp; hip/runtime_api.hpp has the same names):
// the library weft_cuda, linked into CUDA executables with cudart_static, so
// the program has one CUDA runtime, the one that registers its kernels.
#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <sycl/info.hpp>
#include <weft/target/gpu/runtime.hpp>

namespace weft::gpu {
namespace runtime = ::weft::cuda;  // the entry points backend.cpp defines
}

namespace weft::gpu::api {

inline constexpr const char* runtime_name = "CUDA";        // "CUDA error 700 (...)"
inline constexpr const char* call_prefix = "cuda";         // "cudaEventRecord"
inline constexpr const char* free_host_call = "FreeHost";  // free_host, as messages name it
inline constexpr sycl::backend backend = sycl::backend::cuda;
inline constexpr const char* platform_vendor = "NVIDIA Corporation";
inline constexpr const char* device_vendor = "NVIDIA";
inline constexpr std::uint32_t vendor_id = 0x10de;

using error_t = cudaError_t;
using stream_t = cudaStream_t;
using event_t = cudaEvent_t;
using device_properties = cudaDeviceProp;

inline constexpr error_t success = cudaSuccess;
inline constexpr error_t error_not_ready = cudaErrorNotReady;
// The program is exiting and the runtime has unloaded.
inline constexpr error_t error_unloading = cudaErrorCudartUnloading;

// CUDA's "sticky" errors: a kernel fault leaves the context unusable, and
// every later call in the process fails with the same error.
inline bool sticky(error_t e) {
  switch (e) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchTimeout:
    case cudaErrorAssert:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchFailure:
    case cudaErrorECCUncorrectable:
    case cudaErrorContextIsDestroyed: return true;
    default: return false;
  }
}

inline error_t get_last_error() { return cudaGetLastError(); }
inline error_t peek_at_last_error() { return cudaPeekAtLastError(); }
inline const char* get_error_name(error_t e) { return cudaGetErrorName(e); }
inline const char* get_error_string(error_t e) { return cudaGetErrorString(e); }

inline error_t set_device(int device) { return cudaSetDevice(device); }
inline error_t get_device(int* device) { return cudaGetDevice(device); }
inline error_t get_device_count(int* count) { return cudaGetDeviceCount(count); }
inline error_t get_device_properties(device_properties* p, int device) { return cudaGetDeviceProperties(p, device); }
inline error_t runtime_get_version(int* v) { return cudaRuntimeGetVersion(v); }
inline error_t driver_get_version(int* v) { return cudaDriverGetVersion(v); }

inline error_t stream_create(stream_t* s) { return cudaStreamCreate(s); }
inline error_t stream_create_non_blocking(stream_t* s) { return cudaStreamCreateWithFlags(s, cudaStreamNonBlocking); }
inline error_t stream_synchronize(stream_t s) { return cudaStreamSynchronize(s); }
inline error_t stream_wait_event(stream_t s, event_t e) { return cudaStreamWaitEvent(s, e, 0); }
inline error_t stream_add_callback(stream_t s, cudaStreamCallback_t callback, void* arg) {
  return cudaStreamAddCallback(s, callback, arg, 0);
}

inline error_t event_create(event_t* e) { return cudaEventCreate(e); }
inline error_t event_create_without_timing(event_t* e) { return cudaEventCreateWithFlags(e, cudaEventDisableTiming); }
inline error_t event_destroy(event_t e) { return cudaEventDestroy(e); }
inline error_t event_record(event_t e, stream_t s) { return cudaEventRecord(e, s); }
inline error_t event_synchronize(event_t e) { return cudaEventSynchronize(e); }
inline error_t event_query(event_t e) { return cudaEventQuery(e); }
inline error_t event_elapsed_time(float* ms, event_t start, event_t end) {
  return cudaEventElapsedTime(ms, start, end);
}

// USM: device, managed (shared) and pinned host memory.
inline error_t malloc_device(void** p, std::size_t bytes) { return cudaMalloc(p, bytes); }
inline error_t malloc_shared(void** p, std::size_t bytes) { return cudaMallocManaged(p, bytes, cudaMemAttachGlobal); }
inline error_t malloc_host(void** p, std::size_t bytes) { return cudaMallocHost(p, bytes); }
inline error_t free_device(void* p) { return cudaFree(p); }
inline error_t free_host(void* p) { return cudaFreeHost(p); }

inline error_t memcpy_async(void* dst, const void* src, std::size_t bytes, stream_t s) {
  return cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, s);
}
inline error_t memset_async(void* dst, int value, std::size_t bytes, stream_t s) {
  return cudaMemsetAsync(dst, value, bytes, s);
}

// True when the device can reach p (device, managed or pinned host memory).
inline bool device_reachable(const void* p) {
  cudaPointerAttributes a{};
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return a.type != cudaMemoryTypeUnregistered;
}

// The device facts discovery reads.
inline std::string version_string(int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); }
inline std::string architecture(const device_properties& p) {
  return "sm_" + std::to_string(p.major) + std::to_string(p.minor);
}
// cudaDeviceProp::clockRate is gone in CUDA 13: the attribute remains.
inline int clock_rate_khz(const device_properties&, int device) {
  int khz = 0;
  cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device);
  return khz;
}
// A kernel may opt in to more than the default 48 KiB (allow_dynamic_shared).
inline std::size_t local_mem_size(const device_properties& p) {
  return p.sharedMemPerBlockOptin > 0 ? p.sharedMemPerBlockOptin : p.sharedMemPerBlock;
}
inline std::size_t sub_group_size(const device_properties&) { return 32; }  // the warp

// Completion words (WEFT_GPU_FAULT_TRACKING): pinned host memory the GPU writes
// with a stream memory operation, cuStreamWriteValue32, a driver call reached
// through the runtime (missing where the driver lacks it).
inline error_t host_alloc_mapped(void** p, std::size_t bytes) {
  return cudaHostAlloc(p, bytes, cudaHostAllocMapped | cudaHostAllocPortable);
}
inline error_t host_get_device_pointer(void** on_device, void* host) {
  return cudaHostGetDevicePointer(on_device, host, 0);
}
// A driver call reached through the runtime (the program then links no driver
// library itself); null where the driver lacks it.
inline void* driver_entry(const char* name) {
  void* f = nullptr;
  cudaDriverEntryPointQueryResult found{};
  if (cudaGetDriverEntryPointByVersion(name, &f, 12000, cudaEnableDefault, &found) != cudaSuccess ||
      found != cudaDriverEntryPointSuccess) {
    (void)cudaGetLastError();
    return nullptr;
  }
  return f;
}
using write_value_fn = CUresult (*)(CUstream, CUdeviceptr, cuuint32_t, unsigned int);
inline write_value_fn write_value_entry() {
  static const auto fn = reinterpret_cast<write_value_fn>(driver_entry("cuStreamWriteValue32"));
  return fn;
}
inline bool can_write_value() { return write_value_entry() != nullptr; }
// Queues the write of `value` to `address` (a device address); false if it failed.
inline bool stream_write_value32(stream_t s, void* address, std::uint32_t value) {
  return write_value_entry()(static_cast<CUstream>(s), reinterpret_cast<CUdeviceptr>(address), value, 0) ==
         CUDA_SUCCESS;
}

// Backend interop: native contexts, through the driver.
// The device's primary context (the one the runtime's calls run in); false if
// the driver cannot give it. The runtime keeps it retained, so it stays valid.
inline bool primary_context(int device, void** context) {
  using retain_fn = CUresult (*)(CUcontext*, CUdevice);
  using release_fn = CUresult (*)(CUdevice);
  static const auto retain = reinterpret_cast<retain_fn>(driver_entry("cuDevicePrimaryCtxRetain"));
  static const auto release = reinterpret_cast<release_fn>(driver_entry("cuDevicePrimaryCtxRelease"));
  CUcontext c = nullptr;
  if (!retain || !release || retain(&c, device) != CUDA_SUCCESS) return false;
  (void)release(device);
  *context = c;
  return true;
}
// The ordinal of the device a context belongs to; false if the driver does not know it.
inline bool context_device(void* context, int* device) {
  using push_fn = CUresult (*)(CUcontext);
  using pop_fn = CUresult (*)(CUcontext*);
  using get_fn = CUresult (*)(CUdevice*);
  static const auto push = reinterpret_cast<push_fn>(driver_entry("cuCtxPushCurrent"));
  static const auto pop = reinterpret_cast<pop_fn>(driver_entry("cuCtxPopCurrent"));
  static const auto get = reinterpret_cast<get_fn>(driver_entry("cuCtxGetDevice"));
  if (!push || !pop || !get || push(static_cast<CUcontext>(context)) != CUDA_SUCCESS) return false;
  CUdevice d = -1;
  const bool ok = get(&d) == CUDA_SUCCESS;
  CUcontext popped = nullptr;
  (void)pop(&popped);
  *device = int(d);
  return ok;
}

// The stream-ordered allocator (reduction partials) gives its free memory back to
// the system at every synchronisation by default, so each command's partials
// would be mapped afresh: the device's default pool keeps up to `bytes` (where it
// keeps less).
inline void keep_pool_memory(int device, std::uint64_t bytes) {
  cudaMemPool_t pool = nullptr;
  std::uint64_t kept = 0;
  if (cudaDeviceGetDefaultMemPool(&pool, device) == cudaSuccess &&
      cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &kept) == cudaSuccess && kept < bytes)
    (void)cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &bytes);
  (void)cudaGetLastError();
}

}  // namespace weft::gpu::api
