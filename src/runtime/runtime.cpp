// Weft's workers: one oneTBB task_arena, sized from the process's affinity mask
// and cgroup CPU quota (or WEFT_NUM_THREADS / set_worker_count), created on the
// first command group, never at static initialisation. Optionally pins its
// workers inside the inherited mask. A CPU device that owns part of the CPUs (a
// sub-device) gets an arena of its own whose workers are confined to them.
// See docs/hpc.md.
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <sycl/exception.hpp>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/task_arena.h>
#include <tbb/task_scheduler_observer.h>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/runtime.hpp>
#include <weft/runtime/system_probe.hpp>
#include <weft/sanitizer.hpp>
#include "../trace/recorder.hpp"
#include "runtime_internal.hpp"

namespace weft::detail {
namespace {

// A thread's affinity mask, large enough for every CPU id we may meet.
struct thread_mask {
  std::vector<cpu_set_t> words;
  std::size_t bytes() const { return words.size() * sizeof(cpu_set_t); }
  explicit thread_mask(int max_cpu) : words(static_cast<std::size_t>(max_cpu) / CPU_SETSIZE + 1) {
    CPU_ZERO_S(bytes(), words.data());
  }
  bool get() { return pthread_getaffinity_np(pthread_self(), bytes(), words.data()) == 0; }
  bool set() const { return pthread_setaffinity_np(pthread_self(), bytes(), words.data()) == 0; }
  bool has(int cpu) const { return CPU_ISSET_S(static_cast<std::size_t>(cpu), bytes(), words.data()); }
  std::vector<int> cpus() const {
    std::vector<int> out;
    for (int c = 0; c < static_cast<int>(bytes() * 8); ++c)
      if (has(c)) out.push_back(c);
    return out;
  }
};

// Pins each worker that enters an arena of Weft's. In Weft's worker arena
// (`one_per_slot`): to the slot-th CPU of the mask Weft decided on (round
// robin), or of the worker's own mask if that CPU is not in it; external
// (application) threads that enter it are never pinned. In a device's arena
// (`confine`): every thread that enters, to the device's CPUs (with
// one_per_slot, to the slot-th of them), so the device's kernels never run on
// another device's CPUs. The thread's own mask comes back when it leaves the
// arena, so oneTBB threads that go on to serve other arenas are not left pinned.
class pin_observer : public tbb::task_scheduler_observer {
 public:
  pin_observer(tbb::task_arena& arena, std::vector<int> cpus, bool one_per_slot, bool confine)
      : tbb::task_scheduler_observer(arena), cpus_(std::move(cpus)), one_per_slot_(one_per_slot), confine_(confine) {
    max_cpu_ = cpus_.empty() ? 0 : *std::max_element(cpus_.begin(), cpus_.end());
    tsan_release(this);  // the fields go to the workers through (uninstrumented) oneTBB
    observe(true);
  }
  ~pin_observer() override { observe(false); }

  void on_scheduler_entry(bool is_worker) override {
    tsan_acquire(this);
    if ((!is_worker && !confine_) || cpus_.empty()) return;
    int slot = tbb::this_task_arena::current_thread_index();
    if (slot < 0) return;
    auto& saved = saved_mask();
    saved = std::make_unique<thread_mask>(std::max(max_cpu_, CPU_SETSIZE - 1));
    if (!saved->get()) {
      saved.reset();
      return;
    }
    thread_mask mask(std::max(max_cpu_, CPU_SETSIZE - 1));
    if (one_per_slot_) {
      int cpu = cpus_[static_cast<std::size_t>(slot) % cpus_.size()];
      if (!confine_ && !saved->has(cpu)) {
        auto own = saved->cpus();
        if (own.empty()) return;
        cpu = own[static_cast<std::size_t>(slot) % own.size()];
      }
      CPU_SET_S(static_cast<std::size_t>(cpu), mask.bytes(), mask.words.data());
    } else {
      for (int cpu : cpus_) CPU_SET_S(static_cast<std::size_t>(cpu), mask.bytes(), mask.words.data());
    }
    mask.set();
  }
  void on_scheduler_exit(bool is_worker) override {
    tsan_acquire(this);
    if (!is_worker && !confine_) return;
    auto& saved = saved_mask();
    if (saved) {
      saved->set();
      saved.reset();
    }
  }

 private:
  static std::unique_ptr<thread_mask>& saved_mask() {
    thread_local std::unique_ptr<thread_mask> m;
    return m;
  }
  std::vector<int> cpus_;
  bool one_per_slot_;
  bool confine_;
  int max_cpu_ = 0;
};

// The arena of a CPU device that owns some CPUs (make_cpu_arena).
struct device_arena {
  std::vector<int> unit_cpus;
  std::once_flag made;
  std::unique_ptr<tbb::task_arena> arena;
  std::unique_ptr<pin_observer> observer;  // after `arena`: destroyed before it
};

const char* env(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

struct runtime {
  std::mutex mutex;
  std::optional<std::size_t> api_workers;
  std::optional<bool> api_pin;
  bool decided = false;
  runtime_settings settings;
  std::atomic<bool> started{false};
  std::atomic<int> static_mode{-1};  // -1: not decided yet

  std::unique_ptr<tbb::global_control> parallelism;
  std::unique_ptr<tbb::task_arena> arena;
  std::unique_ptr<pin_observer> observer;  // after `arena`: destroyed before it

  std::mutex live_mutex;
  std::condition_variable live_cv;
  std::size_t live_tasks = 0;

  std::mutex device_arenas_mutex;
  std::deque<device_arena> device_arenas;  // device_state::arena k is element k - 1
  std::size_t device_units = 0;            // units of the device arenas made (under `mutex`)

  // Decides every setting from the API, the environment and the system. Caller
  // holds `mutex`. Throws sycl::exception(errc::invalid) on bad settings (and
  // decides nothing, so a corrected setting is read on the next call).
  void decide_locked() {
    if (decided) return;
    runtime_settings s;
    s.affinity_cpus = current_affinity();
    cgroup_quota quota = detect_cgroup_quota();
    s.cgroup_quota_cpus = quota.cpus;
    s.cgroup_quota_source = quota.source;
    s.tbb_parallelism = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
    auto tbb_default = static_cast<std::size_t>(std::max(1, tbb::info::default_concurrency()));
    worker_decision d = decide_workers(api_workers, env("WEFT_NUM_THREADS"), s.affinity_cpus.size(), quota.cpus,
                                       s.tbb_parallelism, tbb_default);
    s.workers = d.workers;
    s.workers_reason = d.reason;

    if (api_pin) {
      s.pin_workers = *api_pin;
      s.placement_reason = std::string("set_pin_workers(") + (*api_pin ? "true" : "false") + ")";
    } else if (const char* p = env("WEFT_PIN_WORKERS")) {
      s.pin_workers = parse_switch(p, "WEFT_PIN_WORKERS");
      s.placement_reason = std::string("WEFT_PIN_WORKERS=") + p;
    } else {
      s.placement_reason = "default";
    }
    s.static_partition = s.pin_workers;
    if (const char* p = env("WEFT_PARTITION")) {
      std::string v = p;
      if (v == "static") s.static_partition = true;
      else if (v == "dynamic") s.static_partition = false;
      else if (v != "auto")
        throw_error(sycl::errc::invalid, "WEFT_PARTITION='" + v +
                                             "' is not a partition mode: use static (deterministic chunks per "
                                             "worker), dynamic (oneTBB load balancing) or auto (static when "
                                             "workers are pinned)");
      s.placement_reason += std::string(", WEFT_PARTITION=") + p;
    }

    local_ranks ranks = detect_local_ranks();
    s.mpi_local_rank = ranks.rank;
    s.mpi_local_size = ranks.size;
    s.mpi_source = ranks.source;
    oversubscription_input in;
    in.ranks = ranks;
    in.workers = s.workers;
    in.workers_reason = s.workers_reason;
    in.mask_cpus = s.affinity_cpus.size();
    in.quota_cpus = quota.cpus;
    if (ranks.size > 1) {
      auto parent = parent_affinity();
      in.bound_by_launcher =
          !parent.empty() && s.affinity_cpus.size() < parent.size() &&
          std::includes(parent.begin(), parent.end(), s.affinity_cpus.begin(), s.affinity_cpus.end());
    }
    s.warning = oversubscription_warning(in);

    settings = std::move(s);
    decided = true;
  }

  std::size_t worker_count() {
    std::lock_guard<std::mutex> g(mutex);
    decide_locked();
    return settings.workers;
  }

  tbb::task_arena& get_arena() {
    if (started.load(std::memory_order_acquire)) return *arena;
    std::lock_guard<std::mutex> g(mutex);
    if (!arena) start_locked();
    return *arena;
  }

  // Raises oneTBB's thread limit to `need` if lower (our own earlier limit is
  // replaced: oneTBB obeys the smallest global_control alive).
  void raise_parallelism_locked(std::size_t need) {
    if (tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) >= need) return;
    parallelism.reset();
    if (tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) < need)
      parallelism = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, need);
  }

  void start_locked() {
    decide_locked();
    const std::size_t n = settings.workers;
    // Weft's kernels run on oneTBB worker threads, and oneTBB keeps at most
    // max_allowed_parallelism - 1 of them. Raise that limit when it would starve
    // Weft's arena, never lower it: with several global_control objects oneTBB
    // takes the smallest, so an application's own lower limit still wins.
    raise_parallelism_locked(n + 1);
    auto a = std::make_unique<tbb::task_arena>(static_cast<int>(n), 0);
    a->initialize();
    if (settings.pin_workers) observer = std::make_unique<pin_observer>(*a, settings.affinity_cpus, true, false);
    arena = std::move(a);
    settings.started = true;
    trace::set_worker_count(n);
    static_mode.store(settings.static_partition ? 1 : 0, std::memory_order_release);
    started.store(true, std::memory_order_release);

    if (!settings.warning.empty() && settings.mpi_local_rank <= 0) {
      const char* w = env("WEFT_WARN_OVERSUBSCRIPTION");
      bool warn = true;
      try {
        if (w) warn = parse_switch(w, "WEFT_WARN_OVERSUBSCRIPTION");
      } catch (const sycl::exception&) {
        warn = true;
      }
      if (warn) std::fputs(settings.warning.c_str(), stderr);
    }
    if (const char* v = env("WEFT_VERBOSE"); v && std::string(v) != "0")
      std::fputs(settings.describe().c_str(), stderr);
  }

  // The arena of device arena number k (>= 1), made on first use, after
  // Weft's own (which decides the settings). oneTBB's thread limit grows by the
  // device's units: each arena then finds its workers at once, where otherwise
  // the workers an arena just used (Weft's, another device's) would be shared
  // out again first. Threads beyond the CPUs compete for them only when arenas
  // that share CPUs (a device and its sub-devices) run at the same time.
  tbb::task_arena& get_device_arena(int k) {
    get_arena();
    device_arena* d;
    {
      std::lock_guard<std::mutex> g(device_arenas_mutex);
      d = &device_arenas[static_cast<std::size_t>(k - 1)];
    }
    std::call_once(d->made, [&] {
      std::lock_guard<std::mutex> g(mutex);
      device_units += d->unit_cpus.size();
      raise_parallelism_locked(settings.workers + device_units + 1);
      auto a = std::make_unique<tbb::task_arena>(static_cast<int>(d->unit_cpus.size()), 0);
      a->initialize();
      d->observer = std::make_unique<pin_observer>(*a, d->unit_cpus, settings.pin_workers, true);
      d->arena = std::move(a);
    });
    return *d->arena;
  }

  // Returns once no enqueued task is left (tasks they enqueue included).
  void wait_idle() {
    std::unique_lock<std::mutex> g(live_mutex);
    live_cv.wait(g, [this] { return live_tasks == 0; });
  }
};

std::atomic<runtime*> g_runtime{nullptr};

void finish_queued_work() {
  if (runtime* r = g_runtime.load(std::memory_order_acquire)) r->wait_idle();
}

// Never destroyed: exit handlers and static destructors may submit work and wait
// for it until the process ends, whichever of them ran first. Work still queued
// at exit is finished before the process ends: first by an exit handler
// registered here, so it runs before the static objects made before this point
// are destroyed (the work may use them), ...
runtime& rt() {
  static runtime* r = [] {
    auto* made = new runtime;
    g_runtime.store(made, std::memory_order_release);
    std::atexit(finish_queued_work);
    return made;
  }();
  return *r;
}

// ... and again by this object, made when libweft loads, before the
// application's static objects and exit handlers: its destructor runs after
// theirs, and so after the last work they queued. Then the trace and the
// profile are written, with everything.
struct finish_queued_work_at_exit {
  ~finish_queued_work_at_exit() {
    finish_queued_work();
    trace::finish_at_exit();
  }
} finish_at_exit;

}  // namespace

void enqueue(std::function<void()> task, const device_state* device) {
  auto& r = rt();
  // may throw for bad settings: nothing is counted yet
  tbb::task_arena& arena = device && device->arena ? r.get_device_arena(device->arena) : r.get_arena();
  {
    std::lock_guard<std::mutex> g(r.live_mutex);
    ++r.live_tasks;
  }
  // oneTBB carries only a pointer (trivially copyable: see weft/sanitizer.hpp).
  auto* work = new std::function<void()>(std::move(task));
  tsan_release(work);
  arena.enqueue([work] {
    tsan_acquire(work);
    std::unique_ptr<std::function<void()>> owned(work);
    (*owned)();
    owned.reset();
    auto& rr = rt();
    std::lock_guard<std::mutex> g(rr.live_mutex);
    if (--rr.live_tasks == 0) rr.live_cv.notify_all();
  });
}

int make_cpu_arena(std::vector<int> unit_cpus) {
  auto& r = rt();
  std::lock_guard<std::mutex> g(r.device_arenas_mutex);
  r.device_arenas.emplace_back().unit_cpus = std::move(unit_cpus);
  return static_cast<int>(r.device_arenas.size());
}

void run_in_arena(void (*fn)(void*), void* arg) {
  tsan_fork_join_scope join(arg);
  rt().get_arena().execute([fn, arg] {
    tsan_task_scope task(arg);
    fn(arg);
  });
}

bool static_partition() {
  auto& r = rt();
  int mode = r.static_mode.load(std::memory_order_acquire);
  if (mode >= 0) return mode == 1;
  std::lock_guard<std::mutex> g(r.mutex);
  try {
    r.decide_locked();
  } catch (const sycl::exception&) {
    return false;
  }
  return r.settings.static_partition;
}

}  // namespace weft::detail

namespace weft {

std::size_t worker_count() { return detail::rt().worker_count(); }

void set_worker_count(std::size_t n) {
  auto& r = detail::rt();
  if (n == 0 || n > detail::max_workers)
    detail::throw_error(sycl::errc::invalid, "set_worker_count(" + std::to_string(n) +
                                                 "): the worker count must be from 1 to " +
                                                 std::to_string(detail::max_workers));
  std::lock_guard<std::mutex> g(r.mutex);
  if (r.arena)
    detail::throw_error(sycl::errc::invalid,
                        "set_worker_count(" + std::to_string(n) + "): Weft's " + std::to_string(r.settings.workers) +
                            " workers already started (" + r.settings.workers_reason +
                            "); call it before the first command group is submitted, or set WEFT_NUM_THREADS "
                            "in the environment instead");
  r.api_workers = n;
  r.decided = false;
}

void set_pin_workers(bool pin) {
  auto& r = detail::rt();
  std::lock_guard<std::mutex> g(r.mutex);
  if (r.arena)
    detail::throw_error(sycl::errc::invalid,
                        std::string("set_pin_workers(") + (pin ? "true" : "false") +
                            "): Weft's workers already started; call it before the first command group is "
                            "submitted, or set WEFT_PIN_WORKERS in the environment instead");
  r.api_pin = pin;
  r.decided = false;
}

runtime_settings runtime_info() {
  auto& r = detail::rt();
  std::lock_guard<std::mutex> g(r.mutex);
  r.decide_locked();
  return r.settings;
}

std::string runtime_settings::describe() const {
  std::string s;
  s += "weft: " + std::to_string(workers) + " worker thread(s), from " + workers_reason + "\n";
  s += "weft: affinity mask " + detail::cpu_list_string(affinity_cpus) + " (" + std::to_string(affinity_cpus.size()) +
       " CPUs); cgroup CPU quota " +
       (cgroup_quota_cpus ? std::to_string(cgroup_quota_cpus) + " CPU(s) (" + cgroup_quota_source + ")" : "none") +
       "; oneTBB max_allowed_parallelism " + std::to_string(tbb_parallelism) + "\n";
  s += std::string("weft: workers ") + (pin_workers ? "pinned one per CPU of the mask" : "not pinned") + ", " +
       (static_partition ? "static" : "dynamic") + " partition of work items and work groups (" + placement_reason +
       ")\n";
  if (mpi_source.empty()) s += "weft: no MPI launcher variables found\n";
  else
    s += "weft: MPI local rank " + std::to_string(mpi_local_rank) + " of " +
         (mpi_local_size ? std::to_string(mpi_local_size) : std::string("?")) + " on this node, from " + mpi_source +
         "\n";
  s += std::string("weft: workers ") + (started ? "started" : "not started yet") + "\n";
  return s;
}

}  // namespace weft
