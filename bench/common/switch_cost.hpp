#pragma once
// What barrier and collective costs are compared with, measured in the same
// process (docs/barriers.md):
//  * the raw switch: two Boost.Context contexts jumping to each other with
//    jump_fcontext, in the calling thread's CPU time (Boost's switch also saves
//    and restores the x87 control word and MXCSR, which Weft's own skips). Both
//    contexts run on stacks of their own whose tops differ by half a page: with
//    the same offset in a page, the loads of one context's registers wait for the
//    stores of the other's (4K aliasing) and the figure depends on where the
//    caller's stack happens to be (5.2 to 8.7 ns on one Xeon);
//  * the loaded raw switch: the same on every worker thread at once, which is
//    what a switch costs when all cores are busy (their clock drops);
//  * per-worker costs: a wall-clock time times the number of workers, and the
//    process's CPU time (all threads), which a shared machine distorts less.
// raw_switch() registers as `context_switch/raw` (counter ns_per_switch);
// add_item_costs() adds, to a benchmark that timed `events` work-item events
// (item-barriers, lane-collectives), its cost per event per worker and that
// cost over the raw switch.
#include <benchmark/benchmark.h>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

#include <algorithm>
#include <atomic>
#include <boost/context/detail/fcontext.hpp>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "common/baseline.hpp"

namespace weft_bench {

inline double cpu_seconds(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}
inline double thread_cpu_seconds() { return cpu_seconds(CLOCK_THREAD_CPUTIME_ID); }
inline double process_cpu_seconds() { return cpu_seconds(CLOCK_PROCESS_CPUTIME_ID); }

namespace detail {
namespace fc = boost::context::detail;
struct ping_pong {
  static constexpr std::size_t stack_bytes = 64 * 1024;
  std::unique_ptr<char, void (*)(void*)> stacks{static_cast<char*>(std::aligned_alloc(4096, 2 * stack_bytes)),
                                                &std::free};
  fc::fcontext_t caller = nullptr, other = nullptr;
  int round_trips = 0;
  double ns = 0;
  static void other_entry(fc::transfer_t t) {
    for (;;) t = fc::jump_fcontext(t.fctx, nullptr);
  }
  static void timer_entry(fc::transfer_t t) {
    auto* p = static_cast<ping_pong*>(t.data);
    p->caller = t.fctx;
    fc::fcontext_t o = p->other;
    const double t0 = thread_cpu_seconds();
    for (int i = 0; i < p->round_trips; ++i) o = fc::jump_fcontext(o, nullptr).fctx;
    p->ns = (thread_cpu_seconds() - t0) / (2.0 * p->round_trips) * 1e9;
    fc::jump_fcontext(p->caller, nullptr);  // not resumed
  }
};
// ns per switch over `round_trips` round trips (two switches each), thread CPU time.
inline double time_switches(int round_trips) {
  ping_pong p;
  p.round_trips = round_trips;
  char* s = p.stacks.get();
  constexpr std::size_t b = ping_pong::stack_bytes;
  p.other = fc::make_fcontext(s + 2 * b - 2048, b - 2048, &ping_pong::other_entry);  // half a page apart
  fc::fcontext_t timer = fc::make_fcontext(s + b, b, &ping_pong::timer_entry);
  fc::jump_fcontext(timer, &p);
  return p.ns;
}
inline double best_switch_ns(int runs) {
  double best = 1e9;
  for (int r = 0; r < runs; ++r) best = std::min(best, time_switches(100000));
  return best;
}
}  // namespace detail

// The raw switch of this process, measured once (the best of several runs).
inline double raw_switch_ns() {
  static const double ns = detail::best_switch_ns(7);
  return ns;
}

// The raw switch measured on all bench_threads() threads of the baseline arena
// at once (their mean), measured once.
inline double loaded_switch_ns() {
  static const double ns = [] {
    const int n = bench_threads();
    std::vector<double> each(static_cast<std::size_t>(n), 0.0);
    std::atomic<int> arrived{0};
    baseline([&] {
      tbb::parallel_for(
          tbb::blocked_range<int>(0, n, 1),
          [&](const tbb::blocked_range<int>& r) {
            for (int i = r.begin(); i != r.end(); ++i) {
              arrived.fetch_add(1);
              const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
              while (arrived.load() < n && std::chrono::steady_clock::now() < until) {
              }
              each[static_cast<std::size_t>(i)] = detail::best_switch_ns(5);
            }
          },
          tbb::static_partitioner());
    });
    double sum = 0;
    for (double v : each) sum += v;
    return sum / double(n);
  }();
  return ns;
}

inline void raw_switch(benchmark::State& state) {
  double total = 0;
  for (auto _ : state) total += detail::time_switches(20000);
  state.counters["ns_per_switch"] = total / double(state.iterations());
  state.counters["loaded_ns_per_switch"] = loaded_switch_ns();
}

// Times `run` as run_checked does and adds, for `events` events per run:
//   worker_ns       wall time x workers / events (an idle machine's figure)
//   cpu_ns          process CPU time / events (all threads, waits included)
//   x_raw_switch    worker_ns / the raw switch
//   cpu_x_raw_switch  cpu_ns / the raw switch
//   x_loaded_switch worker_ns / the loaded raw switch (the same number of busy cores)
template <class Run, class Check>
bool run_checked_per_event(benchmark::State& state, double events, Run&& run, Check&& check) {
  run();
  const std::string why = check();
  if (!why.empty()) {
    state.SkipWithError(why.c_str());
    return false;
  }
  const double sw = raw_switch_ns();
  double wall = 0, cpu = 0;
  for (auto _ : state) {
    const double c0 = process_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    run();
    wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    cpu += process_cpu_seconds() - c0;
  }
  const double n = double(state.iterations()) * events;
  const double worker_ns = wall * double(bench_threads()) / n * 1e9, cpu_ns = cpu / n * 1e9;
  state.counters["worker_ns"] = worker_ns;
  state.counters["cpu_ns"] = cpu_ns;
  state.counters["x_raw_switch"] = worker_ns / sw;
  state.counters["cpu_x_raw_switch"] = cpu_ns / sw;
  state.counters["x_loaded_switch"] = worker_ns / loaded_switch_ns();
  return true;
}

}  // namespace weft_bench
