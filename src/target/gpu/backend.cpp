// CUDA backend, compiled once into the static library weft_cuda (linked into
// CUDA executables with cudart_static, so the program has one CUDA runtime,
// the one that registers its kernels): device discovery, USM, memory
// commands, streams and error checks.
#include <cuda.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include <sycl/exception.hpp>
#include <sycl/usm_alloc.hpp>
#include <weft/config.hpp>
#include <weft/target/gpu/runtime.hpp>
#include <weft/runtime/event_state.hpp>
#include <weft/runtime/launch.hpp>

namespace weft::cuda {
namespace {

using weft::detail::device_state;

// CUDA's "sticky" errors: a kernel fault leaves the context unusable, and
// every later call in the process fails with the same error.
bool sticky(cudaError_t e) {
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

// The last sticky error seen per device ordinal (markers are waited for on any thread).
constexpr int max_devices = 64;
std::atomic<int> g_sticky[max_devices];

void note(cudaError_t e, int device) {
  if (sticky(e) && device >= 0 && device < max_devices) g_sticky[device].store(int(e), std::memory_order_relaxed);
}

bool context_lost(const device_state& d) {
  if (d.ordinal >= 0 && d.ordinal < max_devices && g_sticky[d.ordinal].load(std::memory_order_relaxed) != 0)
    return true;
  if (cudaSetDevice(d.ordinal) != cudaSuccess) return true;
  const cudaError_t e = cudaPeekAtLastError();
  note(e, d.ordinal);
  return sticky(e);
}

[[noreturn]] void fail(cudaError_t e, const std::string& what) {
  weft::detail::throw_error(sycl::errc::runtime, what + ": CUDA error " + std::to_string(int(e)) + " (" +
                                                     cudaGetErrorName(e) + ": " + cudaGetErrorString(e) + ")");
}

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) fail(e, what);
}

// --- kernels in flight ------------------------------------------------------------
// Kernels go to a small pool of streams per device, round robin, so independent
// command groups overlap; a kernel that follows device work in flight goes to
// that work's stream, where the order is free. Each launch records a marker (an
// event without timing) behind its work and the command completes when the GPU
// reaches it (weft::detail::defer_completion): no thread blocks per command.
// Each stream has a companion stream for notifications (a stream callback
// there, after waiting for the marker), so a host callback never holds up the
// kernels queued behind it.
constexpr int streams_per_device = 4;

struct stream_pair {
  cudaStream_t work = nullptr;
  cudaStream_t notify = nullptr;
};

struct device_streams {
  std::once_flag made;
  stream_pair pairs[streams_per_device];
  std::atomic<unsigned> next{0};
};

// Converts GPU event times into the host clock (weft::detail::now_ns): an event
// recorded on an idle stream and waited for at a known host time.
struct anchor {
  cudaEvent_t event = nullptr;
  std::uint64_t host_ns = 0;
  ~anchor() { (void)cudaEventDestroy(event); }
};

// Completion words (with WEFT_GPU_FAULT_TRACKING=1): after each command's work
// the GPU writes 1 to the command's word in pinned host memory (a stream memory
// operation, cuStreamWriteValue32, reached through the runtime). After a fault
// every CUDA call fails with the fault's error, also for the commands in flight
// that had completed; their words tell them apart from the one that faulted.
// Off by default: the write costs about a microsecond per command.
bool fault_tracking() {
  static const bool on = [] {
    const char* v = std::getenv("WEFT_GPU_FAULT_TRACKING");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return on;
}

using write_value_fn = CUresult (*)(CUstream, CUdeviceptr, cuuint32_t, unsigned int);
write_value_fn write_value() {
  static const write_value_fn fn = [] {
    if (!fault_tracking()) return write_value_fn(nullptr);
    void* f = nullptr;
    cudaDriverEntryPointQueryResult found{};
    if (cudaGetDriverEntryPointByVersion("cuStreamWriteValue32", &f, 12000, cudaEnableDefault, &found) != cudaSuccess ||
        found != cudaDriverEntryPointSuccess) {
      (void)cudaGetLastError();
      return write_value_fn(nullptr);
    }
    return reinterpret_cast<write_value_fn>(f);
  }();
  return fn;
}

struct marker {
  cudaEvent_t event = nullptr;
  std::uint32_t* done = nullptr;   // the completion word (pinned), when the driver offers it
  CUdeviceptr done_on_device = 0;  // its address for the GPU
  int device = 0;
  const stream_pair* streams = nullptr;
  const char* what = "";
  // A profiled command's work lies between two timing events (made on first use).
  bool timed = false;
  cudaEvent_t timed_start = nullptr, timed_end = nullptr;
  std::shared_ptr<anchor> base;
};

struct marker_pool {
  std::mutex mutex;
  std::vector<marker*> free;
  std::vector<std::unique_ptr<device_streams>> devices;
  std::vector<std::shared_ptr<anchor>> anchors;  // per device, renewed each second
  std::vector<cudaStream_t> anchor_streams;      // per device, idle but for anchors
};

// Never destroyed: markers are released from ~event_state, at any time up to exit.
marker_pool& pool() {
  static marker_pool* p = new marker_pool;
  return *p;
}

const stream_pair& pick_streams(int device) {
  auto& p = pool();
  device_streams* ds;
  {
    std::lock_guard<std::mutex> g(p.mutex);
    if (p.devices.size() <= std::size_t(device)) p.devices.resize(device + 1);
    if (!p.devices[device]) p.devices[device] = std::make_unique<device_streams>();
    ds = p.devices[device].get();
  }
  std::call_once(ds->made, [&] {
    for (auto& sp : ds->pairs) {
      check(cudaStreamCreate(&sp.work), "cudaStreamCreate");
      check(cudaStreamCreateWithFlags(&sp.notify, cudaStreamNonBlocking), "cudaStreamCreate");
    }
  });
  return ds->pairs[ds->next.fetch_add(1, std::memory_order_relaxed) % streams_per_device];
}

marker* acquire_marker(int device) {
  auto& p = pool();
  {
    std::lock_guard<std::mutex> g(p.mutex);
    for (std::size_t i = p.free.size(); i-- > 0;)
      if (p.free[i]->device == device) {
        marker* m = p.free[i];
        p.free.erase(p.free.begin() + std::ptrdiff_t(i));
        m->timed = false;
        return m;
      }
  }
  auto* m = new marker;
  m->device = device;
  check(cudaEventCreateWithFlags(&m->event, cudaEventDisableTiming), "cudaEventCreate");
  void* word = nullptr;
  if (write_value() &&
      cudaHostAlloc(&word, sizeof(std::uint32_t), cudaHostAllocMapped | cudaHostAllocPortable) == cudaSuccess)
    m->done = static_cast<std::uint32_t*>(word);
  void* on_device = nullptr;
  if (m->done && cudaHostGetDevicePointer(&on_device, word, 0) == cudaSuccess)
    m->done_on_device = reinterpret_cast<CUdeviceptr>(on_device);
  else m->done = nullptr;
  (void)cudaGetLastError();
  return m;
}

void marker_release(void* m) {
  auto& p = pool();
  std::lock_guard<std::mutex> g(p.mutex);
  p.free.push_back(static_cast<marker*>(m));
}

std::string failure(cudaError_t e, const std::string& what) {
  return what + ": CUDA error " + std::to_string(int(e)) + " (" + cudaGetErrorName(e) + ": " + cudaGetErrorString(e) +
         ")";
}

bool marker_wait(void* mp, std::string* error) {
  auto* m = static_cast<marker*>(mp);
  const cudaError_t e = cudaEventSynchronize(m->event);
  if (e == cudaSuccess) return true;
  // The program is exiting and the runtime unloads before the last markers are
  // waited for: nothing can observe the command any more, so it is no failure.
  if (e == cudaErrorCudartUnloading) return true;
  note(e, m->device);
  if (m->done && __atomic_load_n(m->done, __ATOMIC_ACQUIRE) == 1) return true;  // it completed before the fault
  if (error) {
    *error = failure(e, std::string(m->what) + ": failed on the GPU");
    if (sticky(e) && !m->done)
      *error += " (CUDA reports a fault for every command in flight at the time: run with WEFT_GPU_FAULT_TRACKING=1 to "
                "have only the command that faulted reported)";
  }
  return false;
}

// The device's current anchor, renewed when older than a second (so the float
// milliseconds of cudaEventElapsedTime stay fine-grained). The device is current.
std::shared_ptr<anchor> current_anchor(int device) {
  auto& p = pool();
  std::lock_guard<std::mutex> g(p.mutex);
  if (p.anchors.size() <= std::size_t(device)) {
    p.anchors.resize(device + 1);
    p.anchor_streams.resize(device + 1, nullptr);
  }
  auto& a = p.anchors[device];
  const std::uint64_t now = weft::detail::now_ns();
  if (a && now - a->host_ns < 1000000000u) return a;
  if (!p.anchor_streams[device])
    check(cudaStreamCreateWithFlags(&p.anchor_streams[device], cudaStreamNonBlocking), "cudaStreamCreate");
  auto fresh = std::make_shared<anchor>();
  check(cudaEventCreate(&fresh->event), "cudaEventCreate");
  const std::uint64_t before = weft::detail::now_ns();
  check(cudaEventRecord(fresh->event, p.anchor_streams[device]), "cudaEventRecord");
  check(cudaEventSynchronize(fresh->event), "cudaEventSynchronize");
  fresh->host_ns = before + (weft::detail::now_ns() - before) / 2;
  a = fresh;
  return a;
}

bool marker_times(void* mp, std::uint64_t* start_ns, std::uint64_t* end_ns) {
  auto* m = static_cast<marker*>(mp);
  if (!m->timed || !m->base) return false;
  float since_anchor = 0, duration = 0;
  if (cudaEventElapsedTime(&since_anchor, m->base->event, m->timed_start) != cudaSuccess ||
      cudaEventElapsedTime(&duration, m->timed_start, m->timed_end) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  *start_ns = m->base->host_ns + std::uint64_t(std::max(0.0, double(since_anchor) * 1e6));
  *end_ns = *start_ns + std::uint64_t(std::max(0.0, double(duration) * 1e6));
  return true;
}

bool marker_reached(void* mp) { return cudaEventQuery(static_cast<marker*>(mp)->event) != cudaErrorNotReady; }

// cudaStreamAddCallback rather than cudaLaunchHostFunc: its callback runs after
// a device error too (with the error), so the command still completes.
struct notification {
  void (*callback)(void*);
  void* arg;
};

void CUDART_CB on_notify(cudaStream_t, cudaError_t, void* p) {
  std::unique_ptr<notification> n(static_cast<notification*>(p));
  n->callback(n->arg);
}

bool marker_notify(void* mp, void (*callback)(void*), void* arg) {
  auto* m = static_cast<marker*>(mp);
  if (cudaSetDevice(m->device) != cudaSuccess) return false;
  cudaStream_t s = m->streams->notify;
  if (cudaStreamWaitEvent(s, m->event, 0) != cudaSuccess) return false;
  auto* n = new notification{callback, arg};
  if (cudaStreamAddCallback(s, &on_notify, n, 0) == cudaSuccess) return true;
  delete n;
  return false;
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
  if (static_cast<sycl::usm::alloc>(kind) == sycl::usm::alloc::host)
    check(cudaFreeHost(p), "sycl::free (cudaFreeHost)");
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

// Memory commands go to the command's stream like kernels (prepare) and leave a
// marker behind (finish), so a queue's copies and kernels follow each other on
// the GPU and no worker waits for them. Outside a command (a buffer's copies,
// weft::detail::prepare_access) they complete before returning.
void memcpy_op(const device_state& d, void* dst, const void* src, std::size_t bytes) {
  auto s = static_cast<cudaStream_t>(prepare(d));
  check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, s), "queue::memcpy (cudaMemcpyAsync)");
  finish(s, "queue::memcpy");
}

// Host memory the GPU cannot reach is written by the host, once the device
// work the command follows is done.
void wait_for_device_work_followed() {
  const auto waits = weft::detail::take_device_waits();
  for (std::size_t i = 0; i < waits.count; ++i) marker_wait(waits.markers[i], nullptr);
}

void memset_op(const device_state& d, void* dst, int value, std::size_t bytes) {
  if (!device_reachable(dst)) {
    wait_for_device_work_followed();
    std::memset(dst, value, bytes);
    return;
  }
  auto s = static_cast<cudaStream_t>(prepare(d));
  check(cudaMemsetAsync(dst, value, bytes, s), "queue::memset (cudaMemsetAsync)");
  finish(s, "queue::memset");
}

// One copy of a block of patterns (staged by the copy, so the block may go at
// once), then doubling device-to-device copies.
void fill_op(const device_state& d, void* dst, const void* pattern, std::size_t pattern_bytes, std::size_t count) {
  auto* out = static_cast<unsigned char*>(dst);
  const std::size_t total = pattern_bytes * count;
  if (!device_reachable(dst)) {
    wait_for_device_work_followed();
    for (std::size_t i = 0; i < count; ++i) std::memcpy(out + i * pattern_bytes, pattern, pattern_bytes);
    return;
  }
  const std::size_t first = std::min<std::size_t>(count, 4096);
  std::vector<unsigned char> block(first * pattern_bytes);
  for (std::size_t i = 0; i < first; ++i) std::memcpy(block.data() + i * pattern_bytes, pattern, pattern_bytes);
  auto s = static_cast<cudaStream_t>(prepare(d));
  check(cudaMemcpyAsync(out, block.data(), block.size(), cudaMemcpyDefault, s), "queue::fill");
  std::size_t filled = block.size();
  while (filled < total) {
    const std::size_t n = std::min(filled, total - filled);
    check(cudaMemcpyAsync(out + filled, out, n, cudaMemcpyDefault, s), "queue::fill");
    filled += n;
  }
  finish(s, "queue::fill");
}

const weft::detail::backend_ops ops = {&usm_allocate,   &usm_free,     &memcpy_op,      &memset_op,
                                       &fill_op,        &marker_wait,  &marker_reached, &marker_notify,
                                       &marker_release, &marker_times, &context_lost};

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
}

}  // namespace

bool register_backend() {
  static const bool once = [] {
    weft::detail::add_platform_provider(&add_platform);
    return true;
  }();
  return once;
}

// The launching thread's stream and the work it follows are kept between
// prepare and finish (one command at a time per thread).
thread_local const stream_pair* t_streams = nullptr;
thread_local marker* t_timed_marker = nullptr;  // a profiled command's, from prepare

void* prepare(const weft::detail::device_state& d) {
  check(cudaSetDevice(d.ordinal), "cudaSetDevice");
  const auto waits = weft::detail::take_device_waits();
  const stream_pair* sp = nullptr;
  for (std::size_t i = 0; i < waits.count && !sp; ++i) {
    auto* m = static_cast<const marker*>(waits.markers[i]);
    if (m->device == d.ordinal) sp = m->streams;  // continue the chain on its stream
  }
  if (!sp) sp = &pick_streams(d.ordinal);
  for (std::size_t i = 0; i < waits.count; ++i) {
    auto* m = static_cast<const marker*>(waits.markers[i]);
    if (m->streams != sp) check(cudaStreamWaitEvent(sp->work, m->event, 0), "cudaStreamWaitEvent");
  }
  t_streams = sp;
  if (t_timed_marker) {  // left by a launch that failed before its finish
    marker_release(t_timed_marker);
    t_timed_marker = nullptr;
  }
  if (weft::detail::command_profiled()) {
    // Timed: the marker is taken now, and its start event goes before the work.
    marker* m = acquire_marker(d.ordinal);
    if (!m->timed_start) {
      check(cudaEventCreate(&m->timed_start), "cudaEventCreate");
      check(cudaEventCreate(&m->timed_end), "cudaEventCreate");
    }
    m->base = current_anchor(d.ordinal);
    m->timed = true;
    check(cudaEventRecord(m->timed_start, sp->work), "cudaEventRecord");
    t_timed_marker = m;
  }
  return sp->work;
}

void finish(void* stream, const char* what) {
  marker* timed = t_timed_marker;
  t_timed_marker = nullptr;
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    int device = -1;
    (void)cudaGetDevice(&device);
    note(e, device);
    if (timed) marker_release(timed);
    fail(e, std::string(what) + ": the launch failed");
  }
  auto s = static_cast<cudaStream_t>(stream);
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  marker* m = timed ? timed : acquire_marker(device);
  m->what = what;
  if (m->timed) check(cudaEventRecord(m->timed_end, s), "cudaEventRecord");
  m->streams = t_streams && t_streams->work == s ? t_streams : &pick_streams(device);
  if (m->done) {
    __atomic_store_n(m->done, 0u, __ATOMIC_RELAXED);
    if (write_value()(static_cast<CUstream>(s), m->done_on_device, 1, 0) != CUDA_SUCCESS)
      __atomic_store_n(m->done, 2u, __ATOMIC_RELAXED);  // unknown: a failure is then believed
  }
  e = cudaEventRecord(m->event, s);
  if (e != cudaSuccess) {
    marker_release(m);
    fail(e, std::string(what) + ": cudaEventRecord after the kernel");
  }
  if (weft::detail::defer_completion(m, &ops)) return;
  // Not inside a command: wait here.
  marker_release(m);
  e = cudaStreamSynchronize(s);
  if (e != cudaSuccess) fail(e, std::string(what) + ": failed on the GPU");
}

std::size_t max_dynamic_shared(const weft::detail::device_state& d) { return d.local_mem_size; }

}  // namespace weft::cuda
