// HIP backend (AMD GPUs), compiled once into the static library weft_hip
// (linked into HIP executables with the HIP runtime, libamdhip64, the one that
// registers their kernels): device discovery, USM, memory commands, streams
// and error checks. The same design as the CUDA backend
// (src/target/cuda/backend.cpp) on the HIP runtime API.
#include <hip/hip_runtime_api.h>

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

namespace weft::hip {
namespace {

using weft::detail::device_state;

// Errors that leave the device's context unusable (HIP, like CUDA, then fails
// every later call in the process with the same error).
bool sticky(hipError_t e) {
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

// The last sticky error seen per device ordinal (markers are waited for on any thread).
constexpr int max_devices = 64;
std::atomic<int> g_sticky[max_devices];

void note(hipError_t e, int device) {
  if (sticky(e) && device >= 0 && device < max_devices) g_sticky[device].store(int(e), std::memory_order_relaxed);
}

bool context_lost(const device_state& d) {
  if (d.ordinal >= 0 && d.ordinal < max_devices && g_sticky[d.ordinal].load(std::memory_order_relaxed) != 0)
    return true;
  if (hipSetDevice(d.ordinal) != hipSuccess) return true;
  const hipError_t e = hipPeekAtLastError();
  note(e, d.ordinal);
  return sticky(e);
}

[[noreturn]] void fail(hipError_t e, const std::string& what) {
  weft::detail::throw_error(sycl::errc::runtime, what + ": HIP error " + std::to_string(int(e)) + " (" +
                                                     hipGetErrorName(e) + ": " + hipGetErrorString(e) + ")");
}

void check(hipError_t e, const char* what) {
  if (e != hipSuccess) fail(e, what);
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
  hipStream_t work = nullptr;
  hipStream_t notify = nullptr;
};

struct device_streams {
  std::once_flag made;
  stream_pair pairs[streams_per_device];
  std::atomic<unsigned> next{0};
};

// Converts GPU event times into the host clock (weft::detail::now_ns): an event
// recorded on an idle stream and waited for at a known host time.
struct anchor {
  hipEvent_t event = nullptr;
  std::uint64_t host_ns = 0;
  ~anchor() { (void)hipEventDestroy(event); }
};

// Completion words (with WEFT_GPU_FAULT_TRACKING=1): after each command's work
// the GPU writes 1 to the command's word in pinned host memory
// (hipStreamWriteValue32). After a fault every HIP call fails with the fault's
// error, also for the commands in flight that had completed; their words tell
// them apart from the one that faulted. Off by default: the write costs time
// per command.
bool fault_tracking() {
  static const bool on = [] {
    const char* v = std::getenv("WEFT_GPU_FAULT_TRACKING");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return on;
}

struct marker {
  hipEvent_t event = nullptr;
  std::uint32_t* done = nullptr;   // the completion word (pinned), with fault tracking
  void* done_on_device = nullptr;  // its address for the GPU
  int device = 0;
  const stream_pair* streams = nullptr;
  const char* what = "";
  // A profiled command's work lies between two timing events (made on first use).
  bool timed = false;
  hipEvent_t timed_start = nullptr, timed_end = nullptr;
  std::shared_ptr<anchor> base;
};

struct marker_pool {
  std::mutex mutex;
  std::vector<marker*> free;
  std::vector<std::unique_ptr<device_streams>> devices;
  std::vector<std::shared_ptr<anchor>> anchors;  // per device, renewed each second
  std::vector<hipStream_t> anchor_streams;       // per device, idle but for anchors
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
      check(hipStreamCreate(&sp.work), "hipStreamCreate");
      check(hipStreamCreateWithFlags(&sp.notify, hipStreamNonBlocking), "hipStreamCreate");
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
  check(hipEventCreateWithFlags(&m->event, hipEventDisableTiming), "hipEventCreate");
  void* word = nullptr;
  if (fault_tracking() &&
      hipHostMalloc(&word, sizeof(std::uint32_t), hipHostMallocMapped | hipHostMallocPortable) == hipSuccess)
    m->done = static_cast<std::uint32_t*>(word);
  void* on_device = nullptr;
  if (m->done && hipHostGetDevicePointer(&on_device, word, 0) == hipSuccess) m->done_on_device = on_device;
  else m->done = nullptr;
  (void)hipGetLastError();
  return m;
}

void marker_release(void* m) {
  auto& p = pool();
  std::lock_guard<std::mutex> g(p.mutex);
  p.free.push_back(static_cast<marker*>(m));
}

std::string failure(hipError_t e, const std::string& what) {
  return what + ": HIP error " + std::to_string(int(e)) + " (" + hipGetErrorName(e) + ": " + hipGetErrorString(e) + ")";
}

bool marker_wait(void* mp, std::string* error) {
  auto* m = static_cast<marker*>(mp);
  const hipError_t e = hipEventSynchronize(m->event);
  if (e == hipSuccess) return true;
  // The program is exiting and the runtime unloads before the last markers are
  // waited for: nothing can observe the command any more, so it is no failure.
  if (e == hipErrorDeinitialized) return true;
  note(e, m->device);
  if (m->done && __atomic_load_n(m->done, __ATOMIC_ACQUIRE) == 1) return true;  // it completed before the fault
  if (error) {
    *error = failure(e, std::string(m->what) + ": failed on the GPU");
    if (sticky(e) && !m->done)
      *error += " (HIP reports a fault for every command in flight at the time: run with WEFT_GPU_FAULT_TRACKING=1 to "
                "have only the command that faulted reported)";
  }
  return false;
}

// The device's current anchor, renewed when older than a second (so the float
// milliseconds of hipEventElapsedTime stay fine-grained). The device is current.
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
    check(hipStreamCreateWithFlags(&p.anchor_streams[device], hipStreamNonBlocking), "hipStreamCreate");
  auto fresh = std::make_shared<anchor>();
  check(hipEventCreate(&fresh->event), "hipEventCreate");
  const std::uint64_t before = weft::detail::now_ns();
  check(hipEventRecord(fresh->event, p.anchor_streams[device]), "hipEventRecord");
  check(hipEventSynchronize(fresh->event), "hipEventSynchronize");
  fresh->host_ns = before + (weft::detail::now_ns() - before) / 2;
  a = fresh;
  return a;
}

bool marker_times(void* mp, std::uint64_t* start_ns, std::uint64_t* end_ns) {
  auto* m = static_cast<marker*>(mp);
  if (!m->timed || !m->base) return false;
  float since_anchor = 0, duration = 0;
  if (hipEventElapsedTime(&since_anchor, m->base->event, m->timed_start) != hipSuccess ||
      hipEventElapsedTime(&duration, m->timed_start, m->timed_end) != hipSuccess) {
    (void)hipGetLastError();
    return false;
  }
  *start_ns = m->base->host_ns + std::uint64_t(std::max(0.0, double(since_anchor) * 1e6));
  *end_ns = *start_ns + std::uint64_t(std::max(0.0, double(duration) * 1e6));
  return true;
}

bool marker_reached(void* mp) { return hipEventQuery(static_cast<marker*>(mp)->event) != hipErrorNotReady; }

// hipStreamAddCallback rather than hipLaunchHostFunc: its callback runs after
// a device error too (with the error), so the command still completes.
struct notification {
  void (*callback)(void*);
  void* arg;
};

void on_notify(hipStream_t, hipError_t, void* p) {
  std::unique_ptr<notification> n(static_cast<notification*>(p));
  n->callback(n->arg);
}

bool marker_notify(void* mp, void (*callback)(void*), void* arg) {
  auto* m = static_cast<marker*>(mp);
  if (hipSetDevice(m->device) != hipSuccess) return false;
  hipStream_t s = m->streams->notify;
  if (hipStreamWaitEvent(s, m->event, 0) != hipSuccess) return false;
  auto* n = new notification{callback, arg};
  if (hipStreamAddCallback(s, &on_notify, n, 0) == hipSuccess) return true;
  delete n;
  return false;
}

void* usm_allocate(const device_state& d, int kind, std::size_t bytes) {
  if (hipSetDevice(d.ordinal) != hipSuccess) return nullptr;
  void* p = nullptr;
  hipError_t e;
  switch (static_cast<sycl::usm::alloc>(kind)) {
    case sycl::usm::alloc::device: e = hipMalloc(&p, bytes); break;
    case sycl::usm::alloc::shared: e = hipMallocManaged(&p, bytes, hipMemAttachGlobal); break;
    default: e = hipHostMalloc(&p, bytes, hipHostMallocDefault); break;
  }
  if (e != hipSuccess) {
    (void)hipGetLastError();  // out of memory is reported as nullptr (SYCL), not as a sticky error
    return nullptr;
  }
  return p;
}

void usm_free(const device_state& d, int kind, void* p) {
  (void)hipSetDevice(d.ordinal);
  if (static_cast<sycl::usm::alloc>(kind) == sycl::usm::alloc::host) check(hipHostFree(p), "sycl::free (hipHostFree)");
  else check(hipFree(p), "sycl::free (hipFree)");
}

// True when the device can reach p (device, managed or pinned host memory):
// HIP knows the pointer (it fails for memory it did not allocate or register).
bool device_reachable(const void* p) {
  hipPointerAttribute_t a{};
  if (hipPointerGetAttributes(&a, p) != hipSuccess) {
    (void)hipGetLastError();
    return false;
  }
  return true;
}

// Memory commands go to the command's stream like kernels (prepare) and leave a
// marker behind (finish), so a queue's copies and kernels follow each other on
// the GPU and no worker waits for them. Outside a command (a buffer's copies,
// weft::detail::prepare_access) they complete before returning.
void memcpy_op(const device_state& d, void* dst, const void* src, std::size_t bytes) {
  auto s = static_cast<hipStream_t>(prepare(d));
  check(hipMemcpyAsync(dst, src, bytes, hipMemcpyDefault, s), "queue::memcpy (hipMemcpyAsync)");
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
  auto s = static_cast<hipStream_t>(prepare(d));
  check(hipMemsetAsync(dst, value, bytes, s), "queue::memset (hipMemsetAsync)");
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
  auto s = static_cast<hipStream_t>(prepare(d));
  check(hipMemcpyAsync(out, block.data(), block.size(), hipMemcpyDefault, s), "queue::fill");
  std::size_t filled = block.size();
  while (filled < total) {
    const std::size_t n = std::min(filled, total - filled);
    check(hipMemcpyAsync(out + filled, out, n, hipMemcpyDefault, s), "queue::fill");
    filled += n;
  }
  finish(s, "queue::fill");
}

const weft::detail::backend_ops ops = {&usm_allocate,   &usm_free,     &memcpy_op,      &memset_op,
                                       &fill_op,        &marker_wait,  &marker_reached, &marker_notify,
                                       &marker_release, &marker_times, &context_lost};

struct hip_platform {
  weft::detail::platform_state platform;
  std::vector<std::unique_ptr<device_state>> devices;
  std::vector<std::size_t> optin_shared;
};

hip_platform* discover() {
  int count = 0;
  if (hipGetDeviceCount(&count) != hipSuccess || count <= 0) {
    (void)hipGetLastError();
    return nullptr;
  }
  auto* p = new hip_platform;  // lives as long as the program
  p->platform.name = "Weft HIP";
  p->platform.vendor = "Advanced Micro Devices, Inc.";
  int runtime = 0, driver = 0;
  (void)hipRuntimeGetVersion(&runtime);  // major * 10^7 + minor * 10^5 + patch
  (void)hipDriverGetVersion(&driver);
  const auto version = [](int v) { return std::to_string(v / 10000000) + "." + std::to_string(v / 100000 % 100); };
  p->platform.version = "SYCL 2020 (Weft " WEFT_VERSION_STRING ", HIP " + version(runtime) + ")";
  for (int i = 0; i < count; ++i) {
    hipDeviceProp_t prop{};
    if (hipGetDeviceProperties(&prop, i) != hipSuccess) continue;
    auto d = std::make_unique<device_state>();
    d->type = sycl::info::device_type::gpu;
    d->backend = sycl::backend::hip;
    d->platform = &p->platform;
    d->name = prop.name;
    d->vendor = "AMD";
    d->vendor_id = 0x1002;
    d->driver_version = version(driver);
    d->version = prop.gcnArchName;  // e.g. gfx90a:sramecc+:xnack-
    d->compute_units = static_cast<std::uint32_t>(prop.multiProcessorCount);
    d->clock_mhz = static_cast<std::uint32_t>(prop.clockRate / 1000);
    d->max_work_group_size = static_cast<std::size_t>(prop.maxThreadsPerBlock);
    d->global_mem_size = prop.totalGlobalMem;
    d->max_mem_alloc_size = prop.totalGlobalMem;
    d->local_mem_size = prop.sharedMemPerBlock;
    d->cache_size = static_cast<std::uint64_t>(prop.l2CacheSize);
    d->cache_line_size = 128;
    // The wavefront: 64 on GCN and CDNA (the architectures Weft's HIP target compiles for).
    d->sub_group_sizes = {static_cast<std::size_t>(prop.warpSize)};
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

hip_platform* g_platform = nullptr;

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
  check(hipSetDevice(d.ordinal), "hipSetDevice");
  const auto waits = weft::detail::take_device_waits();
  const stream_pair* sp = nullptr;
  for (std::size_t i = 0; i < waits.count && !sp; ++i) {
    auto* m = static_cast<const marker*>(waits.markers[i]);
    if (m->device == d.ordinal) sp = m->streams;  // continue the chain on its stream
  }
  if (!sp) sp = &pick_streams(d.ordinal);
  for (std::size_t i = 0; i < waits.count; ++i) {
    auto* m = static_cast<const marker*>(waits.markers[i]);
    if (m->streams != sp) check(hipStreamWaitEvent(sp->work, m->event, 0), "hipStreamWaitEvent");
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
      check(hipEventCreate(&m->timed_start), "hipEventCreate");
      check(hipEventCreate(&m->timed_end), "hipEventCreate");
    }
    m->base = current_anchor(d.ordinal);
    m->timed = true;
    check(hipEventRecord(m->timed_start, sp->work), "hipEventRecord");
    t_timed_marker = m;
  }
  return sp->work;
}

void finish(void* stream, const char* what) {
  marker* timed = t_timed_marker;
  t_timed_marker = nullptr;
  hipError_t e = hipGetLastError();
  if (e != hipSuccess) {
    int device = -1;
    (void)hipGetDevice(&device);
    note(e, device);
    if (timed) marker_release(timed);
    fail(e, std::string(what) + ": the launch failed");
  }
  auto s = static_cast<hipStream_t>(stream);
  int device = 0;
  check(hipGetDevice(&device), "hipGetDevice");
  marker* m = timed ? timed : acquire_marker(device);
  m->what = what;
  if (m->timed) check(hipEventRecord(m->timed_end, s), "hipEventRecord");
  m->streams = t_streams && t_streams->work == s ? t_streams : &pick_streams(device);
  if (m->done) {
    __atomic_store_n(m->done, 0u, __ATOMIC_RELAXED);
    if (hipStreamWriteValue32(s, m->done_on_device, 1, 0) != hipSuccess)
      __atomic_store_n(m->done, 2u, __ATOMIC_RELAXED);  // unknown: a failure is then believed
  }
  e = hipEventRecord(m->event, s);
  if (e != hipSuccess) {
    marker_release(m);
    fail(e, std::string(what) + ": hipEventRecord after the kernel");
  }
  if (weft::detail::defer_completion(m, &ops)) return;
  // Not inside a command: wait here.
  marker_release(m);
  e = hipStreamSynchronize(s);
  if (e != hipSuccess) fail(e, std::string(what) + ": failed on the GPU");
}

std::size_t max_dynamic_shared(const weft::detail::device_state& d) { return d.local_mem_size; }

}  // namespace weft::hip
