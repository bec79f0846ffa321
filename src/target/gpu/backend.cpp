// The GPU backend, written once over the vendor's runtime (runtime_api.hpp)
// and compiled into a static library per vendor: weft_cuda on the CUDA
// runtime, weft_hip on the HIP runtime. Device discovery, USM, memory
// commands, streams and error checks, behind the entry points of
// include/weft/target/gpu/runtime.hpp (weft::cuda, weft::hip).
#include "runtime_api.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
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
#include <weft/runtime/queue_state.hpp>
#include <weft/runtime/running_command.hpp>

namespace weft::gpu::backend {
namespace {

using weft::detail::device_state;

// The last sticky error (api::sticky) seen per device ordinal (markers are
// waited for on any thread).
constexpr int max_devices = 64;
std::atomic<int> g_sticky[max_devices];

void note(api::error_t e, int device) {
  if (api::sticky(e) && device >= 0 && device < max_devices) g_sticky[device].store(int(e), std::memory_order_relaxed);
}

bool context_lost(const device_state& d) {
  if (d.ordinal >= 0 && d.ordinal < max_devices && g_sticky[d.ordinal].load(std::memory_order_relaxed) != 0)
    return true;
  if (api::set_device(d.ordinal) != api::success) return true;
  const api::error_t e = api::peek_at_last_error();
  note(e, d.ordinal);
  return api::sticky(e);
}

std::string failure(api::error_t e, const std::string& what) {
  return what + ": " + api::runtime_name + " error " + std::to_string(int(e)) + " (" + api::get_error_name(e) + ": " +
         api::get_error_string(e) + ")";
}

[[noreturn]] void fail(api::error_t e, const std::string& what) {
  weft::detail::throw_error(sycl::errc::runtime, failure(e, what));
}

void check(api::error_t e, const char* what) {
  if (e != api::success) fail(e, what);
}

// A runtime call as the vendor names it: "EventRecord" is cudaEventRecord or hipEventRecord.
std::string call_name(const char* call) { return std::string(api::call_prefix) + call; }

// check() for a runtime call, named by call_name (after the SYCL operation it
// serves, where there is one: "queue::memcpy (cudaMemcpyAsync)").
void check_call(api::error_t e, const char* call, const char* operation = nullptr) {
  if (e == api::success) return;
  fail(e, operation ? std::string(operation) + " (" + call_name(call) + ")" : call_name(call));
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

// Markers are numbered per work stream in the order their commands finish there,
// and the highest number seen reached is kept: the GPU runs a stream in order, so
// every marker up to it is reached too and needs no runtime call (a chain's
// commands complete in one call for the newest).
// An in-order queue's command (weft::detail::marker_may_wait_later) leaves its
// marker's event unrecorded: the queue's next command records it, at its place,
// when something besides the queue can wait for it (device_waits::observed), and
// otherwise a wait for it synchronises the stream (which covers the work queued
// behind it too) and a poll or a notification records it at the stream's end. A
// chain of kernels nobody waits for one by one so costs no event.
struct stream_pair {
  api::stream_t work = nullptr;
  api::stream_t notify = nullptr;
  std::mutex record;  // recording an event and reading `numbered` for it go together
  // The last marker's number. A marker is numbered after its work is queued, so an
  // event recorded after reading k follows the work of every marker up to k.
  std::atomic<std::uint64_t> numbered{0};
  std::atomic<std::uint64_t> reached{0};
  // Recorded behind every 16th unrecorded marker (under `record`): a poll learns
  // from it how far the stream got without recording the marker it asks about.
  api::event_t progress = nullptr;
  std::uint64_t progress_covers = 0;
};

struct device_streams {
  std::once_flag made;
  stream_pair pairs[streams_per_device];
  std::atomic<unsigned> next{0};
};

// Converts GPU event times into the host clock (weft::detail::now_ns): an event
// recorded on an idle stream and waited for at a known host time.
struct anchor {
  api::event_t event = nullptr;
  std::uint64_t host_ns = 0;
  ~anchor() { (void)api::event_destroy(event); }
};

// Completion words (with WEFT_GPU_FAULT_TRACKING=1): after each command's work
// the GPU writes 1 to the command's word in pinned host memory (a stream memory
// operation, api::stream_write_value32). After a fault every runtime call fails
// with the fault's error, also for the commands in flight that had completed;
// their words tell them apart from the one that faulted. Off by default: the
// write costs about a microsecond per command.
bool fault_tracking() {
  static const bool on = [] {
    const char* v = std::getenv("WEFT_GPU_FAULT_TRACKING");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return on;
}

// Fault tracking on, and the runtime can write the words.
bool tracks_completion() { return fault_tracking() && api::can_write_value(); }

struct marker {
  api::event_t event = nullptr;
  std::uint32_t* done = nullptr;   // the completion word (pinned), with fault tracking
  void* done_on_device = nullptr;  // its address for the GPU
  int device = 0;
  stream_pair* streams = nullptr;
  std::uint64_t number = 0;  // on streams->work; 0: not numbered
  // The event is recorded (under streams->record), behind the stream's work up to
  // marker number `covers` (>= number; with no number: recorded where it stands).
  std::atomic<bool> recorded{false};
  std::uint64_t covers = 0;
  const char* what = "";
  // A profiled command's work lies between two timing events (made on first use).
  bool timed = false;
  api::event_t timed_start = nullptr, timed_end = nullptr;
  std::shared_ptr<anchor> base;
  // The program's own event (event_from_native): recorded by the program, on no
  // stream of ours (streams is null), never reused, never destroyed by us.
  bool adopted = false;
};

struct marker_pool {
  std::mutex mutex;
  std::vector<marker*> free;
  std::vector<std::unique_ptr<device_streams>> devices;
  std::vector<std::shared_ptr<anchor>> anchors;  // per device, renewed each second
  std::vector<api::stream_t> anchor_streams;     // per device, idle but for anchors
  // Streams of the program's (a queue made from a native stream), with our
  // companion streams; never destroyed, as the pool's.
  std::vector<std::unique_ptr<stream_pair>> adopted;
  std::vector<api::event_t> never_recorded;  // per device: complete for every query
};

// Never destroyed: markers are released from ~event_state, at any time up to exit.
marker_pool& pool() {
  static marker_pool* p = new marker_pool;
  return *p;
}

stream_pair& pick_streams(int device) {
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
      check_call(api::stream_create(&sp.work), "StreamCreate");
      check_call(api::stream_create_non_blocking(&sp.notify), "StreamCreate");
    }
  });
  return ds->pairs[ds->next.fetch_add(1, std::memory_order_relaxed) % streams_per_device];
}

// The stream pair whose work stream is `work`: one of the pool's (a queue whose
// stream get_native fixed), or the program's own stream with a companion of ours.
stream_pair& stream_pair_for(int device, api::stream_t work) {
  thread_local stream_pair* last = nullptr;  // a queue's commands ask again and again
  if (last && last->work == work) return *last;
  auto& p = pool();
  std::lock_guard<std::mutex> g(p.mutex);
  if (std::size_t(device) < p.devices.size() && p.devices[device])
    for (auto& sp : p.devices[device]->pairs)
      if (sp.work == work) return *(last = &sp);
  for (auto& sp : p.adopted)
    if (sp->work == work) return *(last = sp.get());
  auto sp = std::make_unique<stream_pair>();
  sp->work = work;
  check_call(api::stream_create_non_blocking(&sp->notify), "StreamCreate");
  p.adopted.push_back(std::move(sp));
  return *(last = p.adopted.back().get());
}

// Each thread keeps a few released markers for itself (a chain's commands are
// usually completed and released on the thread that submits the next ones), so
// most commands take and give back a marker without the pool's lock. The cache is
// never destroyed (markers are released up to exit, after thread_local destructors).
constexpr std::size_t thread_cache_size = 64;
struct marker_cache {
  marker* items[thread_cache_size];
  std::size_t count = 0;
};
thread_local marker_cache* t_cache = nullptr;

marker* take_cached(int device) {
  marker_cache* c = t_cache;
  if (!c || c->count == 0 || c->items[c->count - 1]->device != device) return nullptr;
  marker* m = c->items[--c->count];
  m->timed = false;
  m->recorded.store(false, std::memory_order_relaxed);
  return m;
}

marker* acquire_marker(int device) {
  if (marker* m = take_cached(device)) return m;
  auto& p = pool();
  {
    std::lock_guard<std::mutex> g(p.mutex);
    for (std::size_t i = p.free.size(); i-- > 0;)
      if (p.free[i]->device == device) {
        marker* m = p.free[i];
        p.free.erase(p.free.begin() + std::ptrdiff_t(i));
        m->timed = false;
        m->recorded.store(false, std::memory_order_relaxed);
        return m;
      }
  }
  auto* m = new marker;
  m->device = device;
  check_call(api::event_create_without_timing(&m->event), "EventCreate");
  void* word = nullptr;
  if (tracks_completion() && api::host_alloc_mapped(&word, sizeof(std::uint32_t)) == api::success)
    m->done = static_cast<std::uint32_t*>(word);
  void* on_device = nullptr;
  if (m->done && api::host_get_device_pointer(&on_device, word) == api::success) m->done_on_device = on_device;
  else m->done = nullptr;
  (void)api::get_last_error();
  return m;
}

void marker_release(void* m) {
  if (static_cast<marker*>(m)->adopted) {
    delete static_cast<marker*>(m);
    return;
  }
  if (!t_cache) t_cache = new marker_cache;
  marker_cache* c = t_cache;
  if (c->count < thread_cache_size) {
    c->items[c->count++] = static_cast<marker*>(m);
    return;
  }
  auto& p = pool();
  std::lock_guard<std::mutex> g(p.mutex);
  p.free.push_back(static_cast<marker*>(m));
}

// Known reached: the marker or a later one on its stream was seen reached.
bool known_reached(const marker* m) {
  return m->number && m->number <= m->streams->reached.load(std::memory_order_acquire);
}

// The stream's work up to marker number `covers` is done.
void note_reached(stream_pair* sp, std::uint64_t covers) {
  std::uint64_t seen = sp->reached.load(std::memory_order_relaxed);
  while (seen < covers &&
         !sp->reached.compare_exchange_weak(seen, covers, std::memory_order_release, std::memory_order_relaxed)) {
  }
}

void note_reached(const marker* m) {
  if (m->number) note_reached(m->streams, m->covers);
}

// Records a numbered marker's event now if it was left unrecorded: behind the
// work queued on its stream so far. Caller holds m->streams->record.
api::error_t record_locked(marker* m) {
  if (m->recorded.load(std::memory_order_relaxed)) return api::success;
  const std::uint64_t covers = m->streams->numbered.load(std::memory_order_acquire);
  const api::error_t e = api::event_record(m->event, m->streams->work);
  if (e != api::success) return e;
  m->covers = covers;
  m->recorded.store(true, std::memory_order_release);
  return api::success;
}

// Makes sure the marker's event is recorded before anything waits on it.
api::error_t settle(marker* m) {
  if (m->recorded.load(std::memory_order_acquire)) return api::success;
  std::lock_guard<std::mutex> g(m->streams->record);
  return record_locked(m);
}

bool marker_wait(void* mp, std::string* error) {
  auto* m = static_cast<marker*>(mp);
  if (known_reached(m)) return true;
  api::error_t e = api::success;
  if (m->number && !m->recorded.load(std::memory_order_acquire)) {
    // Left unrecorded: the stream's work queued so far covers it, waited for
    // without recording an event (what settle would record covers the same).
    const std::uint64_t covers = m->streams->numbered.load(std::memory_order_acquire);
    e = api::stream_synchronize(m->streams->work);
    if (e == api::success) {
      note_reached(m->streams, covers);
      return true;
    }
  } else {
    e = settle(m);
    if (e == api::success) e = api::event_synchronize(m->event);
    if (e == api::success) {
      note_reached(m);
      return true;
    }
  }
  // The program is exiting and the runtime unloads before the last markers are
  // waited for: nothing can observe the command any more, so it is no failure.
  if (e == api::error_unloading) return true;
  note(e, m->device);
  if (m->done && __atomic_load_n(m->done, __ATOMIC_ACQUIRE) == 1) return true;  // it completed before the fault
  if (error) {
    *error = failure(e, std::string(m->what) + ": failed on the GPU");
    if (api::sticky(e) && !m->done)
      *error += std::string(" (") + api::runtime_name +
                " reports a fault for every command in flight at the time: run with WEFT_GPU_FAULT_TRACKING=1 to "
                "have only the command that faulted reported)";
  }
  return false;
}

// The device's current anchor, renewed when older than a second (so the float
// milliseconds of api::event_elapsed_time stay fine-grained). The device is current.
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
  if (!p.anchor_streams[device]) check_call(api::stream_create_non_blocking(&p.anchor_streams[device]), "StreamCreate");
  auto fresh = std::make_shared<anchor>();
  check_call(api::event_create(&fresh->event), "EventCreate");
  const std::uint64_t before = weft::detail::now_ns();
  check_call(api::event_record(fresh->event, p.anchor_streams[device]), "EventRecord");
  check_call(api::event_synchronize(fresh->event), "EventSynchronize");
  fresh->host_ns = before + (weft::detail::now_ns() - before) / 2;
  a = fresh;
  return a;
}

bool marker_times(void* mp, std::uint64_t* start_ns, std::uint64_t* end_ns) {
  auto* m = static_cast<marker*>(mp);
  if (!m->timed || !m->base) return false;
  float since_anchor = 0, duration = 0;
  if (api::event_elapsed_time(&since_anchor, m->base->event, m->timed_start) != api::success ||
      api::event_elapsed_time(&duration, m->timed_start, m->timed_end) != api::success) {
    (void)api::get_last_error();
    return false;
  }
  *start_ns = m->base->host_ns + std::uint64_t(std::max(0.0, double(since_anchor) * 1e6));
  *end_ns = *start_ns + std::uint64_t(std::max(0.0, double(duration) * 1e6));
  return true;
}

bool marker_reached(void* mp) {
  auto* m = static_cast<marker*>(mp);
  if (known_reached(m)) return true;
  if (!m->recorded.load(std::memory_order_acquire)) {
    api::event_t progress = nullptr;
    std::uint64_t covers = 0;
    {
      std::lock_guard<std::mutex> g(m->streams->record);
      progress = m->streams->progress;
      covers = m->streams->progress_covers;
    }
    // (Recorded again meanwhile, it answers for a later point: still true for `covers`.)
    if (progress && covers >= m->number && api::event_query(progress) == api::success) {
      note_reached(m->streams, covers);
      return true;
    }
  }
  api::error_t e = settle(m);
  if (e == api::success) e = api::event_query(m->event);
  if (e == api::success) note_reached(m);
  return e != api::error_not_ready;
}

// A stream callback (StreamAddCallback) rather than a host function
// (LaunchHostFunc): the callback runs after a device error too (with the
// error), so the command still completes.
struct notification {
  void (*callback)(void*);
  void* arg;
};

void on_notify(api::stream_t, api::error_t, void* p) {
  std::unique_ptr<notification> n(static_cast<notification*>(p));
  n->callback(n->arg);
}

bool marker_notify(void* mp, void (*callback)(void*), void* arg) {
  auto* m = static_cast<marker*>(mp);
  if (api::set_device(m->device) != api::success || settle(m) != api::success) return false;
  api::stream_t s = (m->streams ? *m->streams : pick_streams(m->device)).notify;
  if (api::stream_wait_event(s, m->event) != api::success) return false;
  auto* n = new notification{callback, arg};
  if (api::stream_add_callback(s, &on_notify, n) == api::success) return true;
  delete n;
  return false;
}

void* usm_allocate(const device_state& d, int kind, std::size_t bytes) {
  if (api::set_device(d.ordinal) != api::success) return nullptr;
  void* p = nullptr;
  api::error_t e;
  switch (static_cast<sycl::usm::alloc>(kind)) {
    case sycl::usm::alloc::device: e = api::malloc_device(&p, bytes); break;
    case sycl::usm::alloc::shared: e = api::malloc_shared(&p, bytes); break;
    default: e = api::malloc_host(&p, bytes); break;
  }
  if (e != api::success) {
    (void)api::get_last_error();  // out of memory is reported as nullptr (SYCL), not as a sticky error
    return nullptr;
  }
  return p;
}

void usm_free(const device_state& d, int kind, void* p) {
  (void)api::set_device(d.ordinal);
  if (static_cast<sycl::usm::alloc>(kind) == sycl::usm::alloc::host)
    check_call(api::free_host(p), api::free_host_call, "sycl::free");
  else check_call(api::free_device(p), "Free", "sycl::free");
}

void* prepare(const device_state& d);
void finish_launch(void* stream, const char* what, api::error_t launch_error);
void finish(void* stream, const char* what) { finish_launch(stream, what, api::get_last_error()); }

// Memory commands go to the command's stream like kernels (prepare) and leave a
// marker behind (finish), so a queue's copies and kernels follow each other on
// the GPU and no worker waits for them. Outside a command (a buffer's copies,
// weft::detail::prepare_access) they complete before returning.
void memcpy_op(const device_state& d, void* dst, const void* src, std::size_t bytes) {
  auto s = static_cast<api::stream_t>(prepare(d));
  check_call(api::memcpy_async(dst, src, bytes, s), "MemcpyAsync", "queue::memcpy");
  finish(s, "queue::memcpy");
}

// Host memory the GPU cannot reach is written by the host, once the device
// work the command follows is done.
void wait_for_device_work_followed() {
  const auto waits = weft::detail::take_device_waits();
  for (std::size_t i = 0; i < waits.count; ++i) marker_wait(waits.markers[i], nullptr);
}

void memset_op(const device_state& d, void* dst, int value, std::size_t bytes) {
  if (!api::device_reachable(dst)) {
    wait_for_device_work_followed();
    std::memset(dst, value, bytes);
    return;
  }
  auto s = static_cast<api::stream_t>(prepare(d));
  check_call(api::memset_async(dst, value, bytes, s), "MemsetAsync", "queue::memset");
  finish(s, "queue::memset");
}

// One copy of a block of patterns (staged by the copy, so the block may go at
// once), then doubling device-to-device copies.
void fill_op(const device_state& d, void* dst, const void* pattern, std::size_t pattern_bytes, std::size_t count) {
  auto* out = static_cast<unsigned char*>(dst);
  const std::size_t total = pattern_bytes * count;
  if (!api::device_reachable(dst)) {
    wait_for_device_work_followed();
    for (std::size_t i = 0; i < count; ++i) std::memcpy(out + i * pattern_bytes, pattern, pattern_bytes);
    return;
  }
  const std::size_t first = std::min<std::size_t>(count, 4096);
  std::vector<unsigned char> block(first * pattern_bytes);
  for (std::size_t i = 0; i < first; ++i) std::memcpy(block.data() + i * pattern_bytes, pattern, pattern_bytes);
  auto s = static_cast<api::stream_t>(prepare(d));
  check(api::memcpy_async(out, block.data(), block.size(), s), "queue::fill");
  std::size_t filled = block.size();
  while (filled < total) {
    const std::size_t n = std::min(filled, total - filled);
    check(api::memcpy_async(out + filled, out, n, s), "queue::fill");
    filled += n;
  }
  finish(s, "queue::fill");
}

void make_current(const device_state& d) {
  if (api::set_device(d.ordinal) != api::success) (void)api::get_last_error();
}

const weft::detail::backend_ops ops = {&usm_allocate,   &usm_free,     &memcpy_op,      &memset_op,
                                       &fill_op,        &marker_wait,  &marker_reached, &marker_notify,
                                       &marker_release, &marker_times, &context_lost,   &make_current};

struct gpu_platform {
  weft::detail::platform_state platform;
  std::vector<std::unique_ptr<device_state>> devices;
  std::vector<std::size_t> optin_shared;
};

gpu_platform* discover() {
  int count = 0;
  if (api::get_device_count(&count) != api::success || count <= 0) {
    (void)api::get_last_error();
    return nullptr;
  }
  auto* p = new gpu_platform;  // lives as long as the program
  p->platform.name = std::string("Weft ") + api::runtime_name;
  p->platform.vendor = api::platform_vendor;
  int runtime = 0, driver = 0;
  (void)api::runtime_get_version(&runtime);
  (void)api::driver_get_version(&driver);
  p->platform.version = "SYCL 2020 (Weft " WEFT_VERSION_STRING ", " + std::string(api::runtime_name) + " " +
                        api::version_string(runtime) + ")";
  for (int i = 0; i < count; ++i) {
    api::device_properties prop{};
    if (api::get_device_properties(&prop, i) != api::success) continue;
    auto d = std::make_unique<device_state>();
    d->type = sycl::info::device_type::gpu;
    d->backend = api::backend;
    d->platform = &p->platform;
    d->name = prop.name;
    d->vendor = api::device_vendor;
    d->vendor_id = api::vendor_id;
    d->driver_version = api::version_string(driver);
    d->version = api::architecture(prop);
    d->compute_units = static_cast<std::uint32_t>(prop.multiProcessorCount);
    d->clock_mhz = static_cast<std::uint32_t>(api::clock_rate_khz(prop, i) / 1000);
    d->max_work_group_size = static_cast<std::size_t>(prop.maxThreadsPerBlock);
    d->global_mem_size = prop.totalGlobalMem;
    d->max_mem_alloc_size = prop.totalGlobalMem;
    d->local_mem_size = api::local_mem_size(prop);
    d->cache_size = static_cast<std::uint64_t>(prop.l2CacheSize);
    d->cache_line_size = 128;
    d->sub_group_sizes = {api::sub_group_size(prop)};
    d->aspects.assign(std::begin(sycl::detail::gpu_device_aspects), std::end(sycl::detail::gpu_device_aspects));
    d->ops = &ops;
    d->ordinal = i;
    p->optin_shared.push_back(d->local_mem_size);
    api::keep_pool_memory(i, std::uint64_t(64) << 20);
    p->platform.devices.push_back(d.get());
    p->devices.push_back(std::move(d));
  }
  if (p->devices.empty()) return nullptr;
  return p;
}

gpu_platform* g_platform = nullptr;

void add_platform() {
  g_platform = discover();
  if (!g_platform) return;
  weft::detail::register_platform(&g_platform->platform);
}

// The launching thread's stream and the work it follows are kept between
// prepare and finish (one command at a time per thread).
thread_local stream_pair* t_streams = nullptr;
thread_local int t_device = -1;                 // the device prepare made current
thread_local marker* t_timed_marker = nullptr;  // a profiled command's, from prepare
// The running command prepare found (weft::detail::running_command: one lookup in
// the runtime library per launch), null outside a command; finish takes it.
thread_local weft::detail::command_info* t_command = nullptr;

void* prepare(const device_state& d) {
  // With one GPU the runtime's current device can only be it (a thread's first
  // call makes it current): no call. Else asking is cheaper than setting.
  int current = -1;
  if (!g_platform || g_platform->devices.size() != 1)
    if (api::get_device(&current) != api::success || current != d.ordinal)
      check_call(api::set_device(d.ordinal), "SetDevice");
  weft::detail::command_info* const command = weft::detail::running_command();
  const weft::detail::device_waits waits = command ? command->waits : weft::detail::device_waits{};
  stream_pair* sp = nullptr;
  if (void* own = command ? command->native_stream : nullptr)  // the queue's fixed stream
    sp = &stream_pair_for(d.ordinal, static_cast<api::stream_t>(own));
  for (std::size_t i = 0; i < waits.count && !sp; ++i) {
    auto* m = static_cast<const marker*>(waits.markers[i]);
    if (m->device == d.ordinal && m->streams) sp = m->streams;  // continue the chain on its stream
  }
  if (!sp) sp = &pick_streams(d.ordinal);
  for (std::size_t i = 0; i < waits.count; ++i) {
    auto* m = static_cast<marker*>(waits.markers[i]);
    if (known_reached(m)) continue;
    if (m->streams != sp) {
      check_call(settle(m), "EventRecord");
      check_call(api::stream_wait_event(sp->work, m->event), "StreamWaitEvent");
    } else if (waits.observed[i] && !m->recorded.load(std::memory_order_acquire)) {
      // Someone may wait for that command alone: its event goes right behind it,
      // before this command's work (if no other queue's work came between).
      check_call(settle(m), "EventRecord");
    }
  }
  t_streams = sp;
  t_device = d.ordinal;
  t_command = command;
  if (t_timed_marker) {  // left by a launch that failed before its finish
    marker_release(t_timed_marker);
    t_timed_marker = nullptr;
  }
  if (command && command->profiled) {
    // Timed: the marker is taken now, and its start event goes before the work.
    marker* m = acquire_marker(d.ordinal);
    if (!m->timed_start) {
      check_call(api::event_create(&m->timed_start), "EventCreate");
      check_call(api::event_create(&m->timed_end), "EventCreate");
    }
    m->base = current_anchor(d.ordinal);
    m->timed = true;
    check_call(api::event_record(m->timed_start, sp->work), "EventRecord");
    t_timed_marker = m;
  }
  return sp->work;
}

void finish_launch(void* stream, const char* what, api::error_t e) {
  marker* timed = t_timed_marker;
  t_timed_marker = nullptr;
  weft::detail::command_info* command = t_command;
  t_command = nullptr;
  if (e != api::success) {
    (void)api::get_last_error();  // (a failed launch leaves its error there too)
    int device = -1;
    (void)api::get_device(&device);
    note(e, device);
    if (timed) marker_release(timed);
    fail(e, std::string(what) + ": the launch failed");
  }
  auto s = static_cast<api::stream_t>(stream);
  const bool prepared = t_streams && t_streams->work == s;  // (else a stream of the caller's)
  int device = t_device;
  if (!prepared) {
    check_call(api::get_device(&device), "GetDevice");
    command = weft::detail::running_command();
  }
  marker* m = timed ? timed : acquire_marker(device);
  m->what = what;
  if (m->timed) check_call(api::event_record(m->timed_end, s), "EventRecord");
  m->streams = prepared ? t_streams : &pick_streams(device);
  if (m->done) {
    __atomic_store_n(m->done, 0u, __ATOMIC_RELAXED);
    if (!api::stream_write_value32(s, m->done_on_device, 1))
      __atomic_store_n(m->done, 2u, __ATOMIC_RELAXED);  // unknown: a failure is then believed
  }
  m->number = 0;
  if (prepared) {
    // Left unrecorded where the queue's next command or a waiter records it
    // (marker_may_wait_later), but for timed and tracked commands, whose events
    // must stand right behind their work.
    const bool later = command && command->may_wait_later && !m->timed && !m->done;
    m->number = m->streams->numbered.fetch_add(1, std::memory_order_acq_rel) + 1;
    if (!later) {
      std::lock_guard<std::mutex> g(m->streams->record);
      e = record_locked(m);
    } else if (m->number % 16 == 0) {
      std::lock_guard<std::mutex> g(m->streams->record);
      const std::uint64_t covers = m->streams->numbered.load(std::memory_order_acquire);  // (before recording)
      if (!m->streams->progress) e = api::event_create_without_timing(&m->streams->progress);
      if (e == api::success) e = api::event_record(m->streams->progress, s);
      if (e == api::success) m->streams->progress_covers = covers;
    }
  } else {
    e = api::event_record(m->event, s);
    m->recorded.store(true, std::memory_order_release);
  }
  if (e != api::success) {
    marker_release(m);
    fail(e, std::string(what) + ": " + call_name("EventRecord") + " after the kernel");
  }
  if (command && weft::detail::defer_completion(command, m, &ops)) return;
  // Not inside a command: wait here.
  marker_release(m);
  e = api::stream_synchronize(s);
  if (e != api::success) fail(e, std::string(what) + ": failed on the GPU");
}

// --- backend interop ------------------------------------------------------------

void* primary_context(const device_state& d) {
  void* c = nullptr;
  if (!api::primary_context(d.ordinal, &c))
    weft::detail::throw_error(sycl::errc::runtime, std::string("get_native(context): ") + api::runtime_name +
                                                       " gives no primary context for " + d.name);
  return c;
}

int context_ordinal(void* native_context) {
  int ordinal = -1;
  if (!native_context || !api::context_device(native_context, &ordinal))
    weft::detail::throw_error(sycl::errc::invalid, std::string("make_context: ") + api::runtime_name +
                                                       " does not know the native context given; pass a live one");
  return ordinal;
}

void* queue_stream(weft::detail::queue_state& q) {
  void* s = q.native_stream.load(std::memory_order_acquire);
  if (s) return s;
  check_call(api::set_device(q.device->ordinal), "SetDevice", "get_native(queue)");
  void* picked = pick_streams(q.device->ordinal).work;
  if (q.native_stream.compare_exchange_strong(s, picked, std::memory_order_acq_rel)) return picked;
  return s;  // another thread fixed it first
}

// An event of d that was never recorded: CUDA and HIP report such an event complete.
api::event_t never_recorded_event(int device) {
  auto& p = pool();
  std::lock_guard<std::mutex> g(p.mutex);
  if (p.never_recorded.size() <= std::size_t(device)) p.never_recorded.resize(device + 1, nullptr);
  if (!p.never_recorded[device]) {
    check_call(api::set_device(device), "SetDevice", "get_native(event)");
    check_call(api::event_create_without_timing(&p.never_recorded[device]), "EventCreate", "get_native(event)");
  }
  return p.never_recorded[device];
}

void* native_event(const weft::detail::event_ptr& e) {
  if (!e->marker.load(std::memory_order_acquire) && !e->is_complete()) e->wait();  // not yet queued on the device
  auto* m = static_cast<marker*>(e->marker.load(std::memory_order_acquire));
  if (!m || e->marker_ops != &ops) return never_recorded_event(e->device->ordinal);
  check_call(api::set_device(m->device), "SetDevice", "get_native(event)");
  check_call(settle(m), "EventRecord", "get_native(event)");
  return m->event;
}

weft::detail::event_ptr event_from_native(const device_state& d, void* native_event) {
  auto* m = new marker;
  m->event = static_cast<api::event_t>(native_event);
  m->device = d.ordinal;
  m->adopted = true;
  m->recorded.store(true, std::memory_order_relaxed);
  m->what = "a native event";
  return weft::detail::device_work_event(&d, m, &ops);
}

}  // namespace
}  // namespace weft::gpu::backend

// The entry points, in the vendor's namespace (weft::cuda or weft::hip).
bool weft::gpu::runtime::register_backend() {
  static const bool once = [] {
    weft::detail::add_platform_provider(&weft::gpu::backend::add_platform);
    return true;
  }();
  return once;
}

void* weft::gpu::runtime::prepare(const weft::detail::device_state& d) { return weft::gpu::backend::prepare(d); }

void weft::gpu::runtime::finish(void* stream, const char* what, int launch_error) {
  if (launch_error == weft::gpu::ask_runtime) return weft::gpu::backend::finish(stream, what);
  weft::gpu::backend::finish_launch(stream, what, static_cast<weft::gpu::api::error_t>(launch_error));
}

std::size_t weft::gpu::runtime::max_dynamic_shared(const weft::detail::device_state& d) { return d.local_mem_size; }

#if defined(WEFT_GPU_RUNTIME_HIP)
const weft::gpu::interop_calls& weft::gpu::hip_interop() {
#else
const weft::gpu::interop_calls& weft::gpu::cuda_interop() {
#endif
  static const weft::gpu::interop_calls calls = {
      &weft::gpu::backend::primary_context, &weft::gpu::backend::context_ordinal, &weft::gpu::backend::queue_stream,
      &weft::gpu::backend::native_event, &weft::gpu::backend::event_from_native};
  return calls;
}
