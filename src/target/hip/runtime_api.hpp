#pragma once
// The HIP runtime (AMD GPUs) under the names the GPU backend calls
// (src/target/gpu/runtime_api.hpp; cuda/runtime_api.hpp has the same names):
// the library weft_hip, linked into HIP executables with the HIP runtime,
// libamdhip64, the one that registers their kernels.
#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <sycl/info.hpp>
#include <weft/target/gpu/runtime.hpp>

namespace weft::gpu {
namespace runtime = ::weft::hip;  // the entry points backend.cpp defines
}

namespace weft::gpu::api {

inline constexpr const char* runtime_name = "HIP";         // "HIP error 700 (...)"
inline constexpr const char* call_prefix = "hip";          // "hipEventRecord"
inline constexpr const char* free_host_call = "HostFree";  // free_host, as messages name it
inline constexpr sycl::backend backend = sycl::backend::hip;
inline constexpr const char* platform_vendor = "Advanced Micro Devices, Inc.";
inline constexpr const char* device_vendor = "AMD";
inline constexpr std::uint32_t vendor_id = 0x1002;

using error_t = hipError_t;
using stream_t = hipStream_t;
using event_t = hipEvent_t;
using device_properties = hipDeviceProp_t;

inline constexpr error_t success = hipSuccess;
inline constexpr error_t error_not_ready = hipErrorNotReady;
// The program is exiting and the runtime has unloaded.
inline constexpr error_t error_unloading = hipErrorDeinitialized;

// Errors that leave the device's context unusable (HIP, like CUDA, then fails
// every later call in the process with the same error).
inline bool sticky(error_t e) {
  switch (e) {
    case hipErrorIllegalAddress:
    case hipErrorLaunchTimeOut:
    case hipErrorAssert:
    case hipErrorLaunchFailure:
    case hipErrorECCNotCorrectable:
    case hipErrorIllegalState:
    case hipErrorContextIsDestroyed: return true;
    default: return false;
  }
}

inline error_t get_last_error() { return hipGetLastError(); }
inline error_t peek_at_last_error() { return hipPeekAtLastError(); }
inline const char* get_error_name(error_t e) { return hipGetErrorName(e); }
inline const char* get_error_string(error_t e) { return hipGetErrorString(e); }

inline error_t set_device(int device) { return hipSetDevice(device); }
inline error_t get_device(int* device) { return hipGetDevice(device); }
inline error_t get_device_count(int* count) { return hipGetDeviceCount(count); }
inline error_t get_device_properties(device_properties* p, int device) { return hipGetDeviceProperties(p, device); }
inline error_t runtime_get_version(int* v) { return hipRuntimeGetVersion(v); }
inline error_t driver_get_version(int* v) { return hipDriverGetVersion(v); }

inline error_t stream_create(stream_t* s) { return hipStreamCreate(s); }
inline error_t stream_create_non_blocking(stream_t* s) { return hipStreamCreateWithFlags(s, hipStreamNonBlocking); }
inline error_t stream_synchronize(stream_t s) { return hipStreamSynchronize(s); }
inline error_t stream_wait_event(stream_t s, event_t e) { return hipStreamWaitEvent(s, e, 0); }
inline error_t stream_add_callback(stream_t s, hipStreamCallback_t callback, void* arg) {
  return hipStreamAddCallback(s, callback, arg, 0);
}

inline error_t event_create(event_t* e) { return hipEventCreate(e); }
inline error_t event_create_without_timing(event_t* e) { return hipEventCreateWithFlags(e, hipEventDisableTiming); }
inline error_t event_destroy(event_t e) { return hipEventDestroy(e); }
inline error_t event_record(event_t e, stream_t s) { return hipEventRecord(e, s); }
inline error_t event_synchronize(event_t e) { return hipEventSynchronize(e); }
inline error_t event_query(event_t e) { return hipEventQuery(e); }
inline error_t event_elapsed_time(float* ms, event_t start, event_t end) { return hipEventElapsedTime(ms, start, end); }

// USM: device, managed (shared) and pinned host memory.
inline error_t malloc_device(void** p, std::size_t bytes) { return hipMalloc(p, bytes); }
inline error_t malloc_shared(void** p, std::size_t bytes) { return hipMallocManaged(p, bytes, hipMemAttachGlobal); }
inline error_t malloc_host(void** p, std::size_t bytes) { return hipHostMalloc(p, bytes, hipHostMallocDefault); }
inline error_t free_device(void* p) { return hipFree(p); }
inline error_t free_host(void* p) { return hipHostFree(p); }

inline error_t memcpy_async(void* dst, const void* src, std::size_t bytes, stream_t s) {
  return hipMemcpyAsync(dst, src, bytes, hipMemcpyDefault, s);
}
inline error_t memset_async(void* dst, int value, std::size_t bytes, stream_t s) {
  return hipMemsetAsync(dst, value, bytes, s);
}

// True when the device can reach p (device, managed or pinned host memory):
// HIP knows the pointer (it fails for memory it did not allocate or register).
inline bool device_reachable(const void* p) {
  hipPointerAttribute_t a{};
  if (hipPointerGetAttributes(&a, p) != hipSuccess) {
    (void)hipGetLastError();
    return false;
  }
  return true;
}

// The device facts discovery reads.
// major * 10^7 + minor * 10^5 + patch
inline std::string version_string(int v) {
  return std::to_string(v / 10000000) + "." + std::to_string(v / 100000 % 100);
}
inline std::string architecture(const device_properties& p) { return p.gcnArchName; }  // gfx90a:sramecc+:xnack-
inline int clock_rate_khz(const device_properties& p, int) { return p.clockRate; }
inline std::size_t local_mem_size(const device_properties& p) { return p.sharedMemPerBlock; }
// The wavefront: 64 on GCN and CDNA (the architectures Weft's HIP target compiles for).
inline std::size_t sub_group_size(const device_properties& p) { return static_cast<std::size_t>(p.warpSize); }

// Completion words (WEFT_GPU_FAULT_TRACKING): pinned host memory the GPU writes
// with hipStreamWriteValue32.
inline error_t host_alloc_mapped(void** p, std::size_t bytes) {
  return hipHostMalloc(p, bytes, hipHostMallocMapped | hipHostMallocPortable);
}
inline error_t host_get_device_pointer(void** on_device, void* host) {
  return hipHostGetDevicePointer(on_device, host, 0);
}
inline bool can_write_value() { return true; }
// Queues the write of `value` to `address` (a device address); false if it failed.
inline bool stream_write_value32(stream_t s, void* address, std::uint32_t value) {
  return hipStreamWriteValue32(s, address, value, 0) == hipSuccess;
}

// Backend interop: native contexts (HIP's context calls, deprecated but present).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
// The device's primary context (the one the runtime's calls run in); false if
// the runtime cannot give it. The runtime keeps it retained, so it stays valid.
inline bool primary_context(int device, void** context) {
  hipCtx_t c = nullptr;
  if (hipDevicePrimaryCtxRetain(&c, device) != hipSuccess) {
    (void)hipGetLastError();
    return false;
  }
  (void)hipDevicePrimaryCtxRelease(device);
  *context = c;
  return true;
}
// The ordinal of the device a context belongs to; false if the runtime does not know it.
inline bool context_device(void* context, int* device) {
  if (hipCtxPushCurrent(static_cast<hipCtx_t>(context)) != hipSuccess) {
    (void)hipGetLastError();
    return false;
  }
  hipDevice_t d = -1;
  const bool ok = hipCtxGetDevice(&d) == hipSuccess;
  hipCtx_t popped = nullptr;
  (void)hipCtxPopCurrent(&popped);
  (void)hipGetLastError();
  *device = int(d);
  return ok;
}
#pragma GCC diagnostic pop

// The stream-ordered allocator (reduction partials) gives its free memory back to
// the system at every synchronisation by default, so each command's partials
// would be mapped afresh: the device's default pool keeps up to `bytes` (where it
// keeps less).
inline void keep_pool_memory(int device, std::uint64_t bytes) {
  hipMemPool_t pool = nullptr;
  std::uint64_t kept = 0;
  if (hipDeviceGetDefaultMemPool(&pool, device) == hipSuccess &&
      hipMemPoolGetAttribute(pool, hipMemPoolAttrReleaseThreshold, &kept) == hipSuccess && kept < bytes)
    (void)hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &bytes);
  (void)hipGetLastError();
}

}  // namespace weft::gpu::api
