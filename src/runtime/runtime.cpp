// Weft's workers: one oneTBB task_arena sized from the process's CPU affinity
// mask (or WEFT_NUM_THREADS), created on first use, never at static init.
#include <sched.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <sycl/exception.hpp>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <weft/runtime/runtime.hpp>
#include "runtime_internal.hpp"

namespace weft::detail {
namespace {

std::size_t affinity_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return static_cast<std::size_t>(n);
  }
  return 1;
}

std::size_t workers_from_environment() {
  if (const char* s = std::getenv("WEFT_NUM_THREADS")) {
    char* end = nullptr;
    long v = std::strtol(s, &end, 10);
    if (end != s && *end == '\0' && v > 0) return static_cast<std::size_t>(v);
    throw_error(sycl::errc::invalid, std::string("WEFT_NUM_THREADS='") + s + "' is not a positive integer");
  }
  return affinity_cpus();
}

struct runtime {
  std::mutex mutex;
  std::size_t workers = 0;  // 0: not decided yet
  std::once_flag started;
  std::unique_ptr<tbb::global_control> parallelism;
  std::unique_ptr<tbb::task_arena> arena;

  std::mutex live_mutex;
  std::condition_variable live_cv;
  std::size_t live_tasks = 0;

  std::size_t worker_count() {
    std::lock_guard<std::mutex> g(mutex);
    if (!workers) workers = workers_from_environment();
    return workers;
  }
  tbb::task_arena& get_arena() {
    std::call_once(started, [this] {
      std::size_t n = worker_count();
      // Let oneTBB's pool hold n workers for this arena (the limit counts the
      // calling thread too); a host application's lower limit still wins.
      parallelism = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, n + 1);
      arena = std::make_unique<tbb::task_arena>(static_cast<int>(n), 0);
      arena->initialize();
    });
    return *arena;
  }
  ~runtime() {
    // Finish what is queued before the workers go away.
    std::unique_lock<std::mutex> g(live_mutex);
    live_cv.wait(g, [this] { return live_tasks == 0; });
  }
};

runtime& rt() {
  static runtime r;
  return r;
}

}  // namespace

void enqueue(std::function<void()> task) {
  auto& r = rt();
  {
    std::lock_guard<std::mutex> g(r.live_mutex);
    ++r.live_tasks;
  }
  r.get_arena().enqueue([task = std::move(task)] {
    task();
    auto& rr = rt();
    std::lock_guard<std::mutex> g(rr.live_mutex);
    if (--rr.live_tasks == 0) rr.live_cv.notify_all();
  });
}

void run_in_arena(void (*fn)(void*), void* arg) {
  rt().get_arena().execute([&] { fn(arg); });
}

}  // namespace weft::detail

namespace weft {

std::size_t worker_count() { return detail::rt().worker_count(); }

void set_worker_count(std::size_t n) {
  auto& r = detail::rt();
  if (n == 0) detail::throw_error(sycl::errc::invalid, "set_worker_count: the worker count must be at least 1");
  std::lock_guard<std::mutex> g(r.mutex);
  if (r.arena)
    detail::throw_error(sycl::errc::invalid,
                        "set_worker_count: Weft's workers already started; call it before the first kernel runs "
                        "(or set WEFT_NUM_THREADS)");
  r.workers = n;
}

}  // namespace weft
