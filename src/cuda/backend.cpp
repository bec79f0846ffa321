// CUDA backend, compiled once into the static library weft_cuda (linked into
// CUDA executables with cudart_static, so the program has one CUDA runtime,
// the one that registers its kernels): device discovery, USM, memory
// commands, streams and error checks.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include <sycl/exception.hpp>
#include <sycl/usm.hpp>
#include <weft/config.hpp>
#include <weft/cuda/runtime.hpp>
#include <weft/runtime/launch.hpp>

namespace weft::cuda {
namespace {

using weft::detail::device_state;

[[noreturn]] void fail(cudaError_t e, const std::string& what) {
  weft::detail::throw_error(sycl::errc::runtime, what + ": CUDA error " + std::to_string(int(e)) + " (" +
                                                     cudaGetErrorName(e) + ": " + cudaGetErrorString(e) + ")");
}

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) fail(e, what);
}

cudaStream_t stream_for(const device_state& d) {
  check(cudaSetDevice(d.ordinal), "cudaSetDevice");
  return cudaStreamPerThread;
}

void* usm_allocate(const device_state& d, int kind, std::size_t bytes) {
  if (cudaSetDevice(d.ordinal) != cudaSuccess) return nullptr;
  void* p = nullptr;
  cudaError_t e;
  switch (static_cast<sycl::usm::alloc>(kind)) {
    case sycl::usm::alloc::device: e = cudaMalloc(&p, bytes); break;
    case sycl::usm::alloc::shared: e = cudaMallocManaged(&p, bytes, cudaMemAttachGlobal); break;
    default: e = cudaMallocHost(&p, bytes); break;
  }
  if (e != cudaSuccess) {
    (void)cudaGetLastError();  // out of memory is reported as nullptr (SYCL), not as a sticky error
    return nullptr;
  }
  return p;
}

void usm_free(const device_state& d, int kind, void* p) {
  (void)cudaSetDevice(d.ordinal);
  if (static_cast<sycl::usm::alloc>(kind) == sycl::usm::alloc::host) check(cudaFreeHost(p), "sycl::free (cudaFreeHost)");
  else check(cudaFree(p), "sycl::free (cudaFree)");
}

// True when the device can reach p (device, managed or pinned host memory).
bool device_reachable(const void* p) {
  cudaPointerAttributes a{};
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return a.type != cudaMemoryTypeUnregistered;
}

void memcpy_op(const device_state& d, void* dst, const void* src, std::size_t bytes) {
  cudaStream_t s = stream_for(d);
  check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, s), "queue::memcpy (cudaMemcpyAsync)");
  check(cudaStreamSynchronize(s), "queue::memcpy (cudaStreamSynchronize)");
}

void memset_op(const device_state& d, void* dst, int value, std::size_t bytes) {
  if (!device_reachable(dst)) {
    std::memset(dst, value, bytes);
    return;
  }
  cudaStream_t s = stream_for(d);
  check(cudaMemsetAsync(dst, value, bytes, s), "queue::memset (cudaMemsetAsync)");
  check(cudaStreamSynchronize(s), "queue::memset (cudaStreamSynchronize)");
}

// One copy of a block of patterns, then doubling device-to-device copies.
void fill_op(const device_state& d, void* dst, const void* pattern, std::size_t pattern_bytes, std::size_t count) {
  auto* out = static_cast<unsigned char*>(dst);
  const std::size_t total = pattern_bytes * count;
  if (!device_reachable(dst)) {
    for (std::size_t i = 0; i < count; ++i) std::memcpy(out + i * pattern_bytes, pattern, pattern_bytes);
    return;
  }
  const std::size_t first = std::min<std::size_t>(count, 4096);
  std::vector<unsigned char> block(first * pattern_bytes);
  for (std::size_t i = 0; i < first; ++i) std::memcpy(block.data() + i * pattern_bytes, pattern, pattern_bytes);
  cudaStream_t s = stream_for(d);
  check(cudaMemcpyAsync(out, block.data(), block.size(), cudaMemcpyDefault, s), "queue::fill");
  std::size_t filled = block.size();
  while (filled < total) {
    const std::size_t n = std::min(filled, total - filled);
    check(cudaMemcpyAsync(out + filled, out, n, cudaMemcpyDefault, s), "queue::fill");
    filled += n;
  }
  check(cudaStreamSynchronize(s), "queue::fill (cudaStreamSynchronize)");
}

const weft::detail::backend_ops ops = {&usm_allocate, &usm_free, &memcpy_op, &memset_op, &fill_op};

void* storage_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (cudaMallocManaged(&p, bytes, cudaMemAttachGlobal) != cudaSuccess) {
    (void)cudaGetLastError();
    return nullptr;
  }
  return p;
}
void storage_free(void* p) { (void)cudaFree(p); }
const weft::detail::buffer_storage_ops storage = {&storage_allocate, &storage_free};

struct cuda_platform {
  weft::detail::platform_state platform;
  std::vector<std::unique_ptr<device_state>> devices;
  std::vector<std::size_t> optin_shared;
};

cuda_platform* discover() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count <= 0) {
    (void)cudaGetLastError();
    return nullptr;
  }
  auto* p = new cuda_platform;  // lives as long as the program
  p->platform.name = "Weft CUDA";
  p->platform.vendor = "NVIDIA Corporation";
  int runtime = 0, driver = 0;
  cudaRuntimeGetVersion(&runtime);
  cudaDriverGetVersion(&driver);
  p->platform.version = "SYCL 2020 (Weft " WEFT_VERSION_STRING ", CUDA " + std::to_string(runtime / 1000) + "." +
                        std::to_string(runtime % 1000 / 10) + ")";
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, i) != cudaSuccess) continue;
    auto d = std::make_unique<device_state>();
    d->type = sycl::info::device_type::gpu;
    d->backend = sycl::backend::cuda;
    d->platform = &p->platform;
    d->name = prop.name;
    d->vendor = "NVIDIA";
    d->vendor_id = 0x10de;
    d->driver_version = std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10);
    d->version = "sm_" + std::to_string(prop.major) + std::to_string(prop.minor);
    d->compute_units = static_cast<std::uint32_t>(prop.multiProcessorCount);
    int clock_khz = 0;
    cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, i);
    d->clock_mhz = static_cast<std::uint32_t>(clock_khz / 1000);
    d->max_work_group_size = static_cast<std::size_t>(prop.maxThreadsPerBlock);
    d->global_mem_size = prop.totalGlobalMem;
    d->max_mem_alloc_size = prop.totalGlobalMem;
    d->local_mem_size = prop.sharedMemPerBlockOptin > 0 ? prop.sharedMemPerBlockOptin : prop.sharedMemPerBlock;
    d->cache_size = static_cast<std::uint64_t>(prop.l2CacheSize);
    d->cache_line_size = 128;
    d->sub_group_sizes = {32};
    d->aspects = {sycl::aspect::gpu,
                  sycl::aspect::fp64,
                  sycl::aspect::atomic64,
                  sycl::aspect::queue_profiling,
                  sycl::aspect::usm_device_allocations,
                  sycl::aspect::usm_host_allocations,
                  sycl::aspect::usm_shared_allocations};
    d->ops = &ops;
    d->ordinal = i;
    p->optin_shared.push_back(d->local_mem_size);
    p->platform.devices.push_back(d.get());
    p->devices.push_back(std::move(d));
  }
  if (p->devices.empty()) return nullptr;
  return p;
}

cuda_platform* g_platform = nullptr;

void add_platform() {
  g_platform = discover();
  if (!g_platform) return;
  weft::detail::register_platform(&g_platform->platform);
  // Buffers keep managed storage so that kernels on the GPU and on the CPU both reach it.
  weft::detail::set_buffer_storage(&storage);
}

}  // namespace

bool register_backend() {
  static const bool once = [] {
    weft::detail::add_platform_provider(&add_platform);
    return true;
  }();
  return once;
}

void* prepare(const weft::detail::device_state& d) { return stream_for(d); }

void finish(void* stream, const char* what) {
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) fail(e, std::string(what) + ": the kernel launch failed");
  e = cudaStreamSynchronize(static_cast<cudaStream_t>(stream));
  if (e != cudaSuccess) fail(e, std::string(what) + ": the kernel failed on the GPU");
}

void note_scoped_on_cpu(const launch::target& t) {
  static std::once_flag once;
  std::call_once(once, [&] {
    std::fprintf(stderr,
                 "weft: scoped kernels with sycl::reduction arguments (handler::parallel) on %s run on the CPU backend in this version; "
                 "it reaches buffers and shared/host USM, not malloc_device memory (README.md, section The CUDA target)\n",
                 t.device->name.c_str());
  });
}

std::size_t max_dynamic_shared(const weft::detail::device_state& d) { return d.local_mem_size; }

}  // namespace weft::cuda
