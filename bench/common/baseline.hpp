#pragma once
// Shared conventions of Weft's benchmark suite (every area includes this).
//
//  * Baselines run in weft_bench::baseline_arena(): a oneTBB arena with the same
//    number of threads Weft's workers have (WEFT_BENCH_THREADS, else
//    WEFT_NUM_THREADS, else the CPUs in the affinity mask), so the scaling mode
//    (run_suite.py --threads 1,2,4,...) compares like with like.
//        weft_bench::baseline([&] { tbb::parallel_for(...); });
//  * Every benchmark checks its result once before timing and fails with
//    SkipWithError when it is wrong: weft_bench::verify(state, ok, "why").
//  * weft_bench::full_mode() is true under `run_suite.py --mode full`
//    (WEFT_BENCH_MODE=full): use it to pick larger problem sizes.
//  * Peers that need a run-time probe (OpenCL/PoCL) register their benchmarks
//    through weft_bench::add_peer(); end the file with WEFT_BENCH_MAIN().
#include <benchmark/benchmark.h>
#include <sched.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include <weft/runtime/runtime.hpp>

namespace weft_bench {

// Threads the baselines use: WEFT_BENCH_THREADS, else Weft's own worker count
// (WEFT_NUM_THREADS or the affinity mask).
inline int bench_threads() {
  static const int n = [] {
    if (const char* s = std::getenv("WEFT_BENCH_THREADS")) {
      int v = std::atoi(s);
      if (v > 0) return v;
      std::fprintf(stderr, "weft bench: WEFT_BENCH_THREADS='%s' is not a positive integer; ignored\n", s);
    }
    return static_cast<int>(weft::worker_count());
  }();
  return n;
}

// The arena every baseline runs in. It also lets oneTBB hold that many threads
// when the count exceeds the CPUs (Weft's runtime does the same for its workers).
inline tbb::task_arena& baseline_arena() {
  static tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                   static_cast<std::size_t>(bench_threads()) + 1);
  static tbb::task_arena arena(bench_threads(), 1);
  return arena;
}

// For baselines that enqueue work and wait for it from outside (as Weft's queue
// does): an arena of bench_threads() workers with no slot kept for the caller.
inline tbb::task_arena& baseline_async_arena() {
  baseline_arena();  // the same thread limit
  static tbb::task_arena arena(bench_threads(), 0);
  return arena;
}

// Runs f (which may use any oneTBB algorithm) with the baseline's threads.
template <class F>
void baseline(F&& f) {
  baseline_arena().execute(std::forward<F>(f));
}

// tbb::parallel_for / parallel_reduce with the baseline's threads.
template <class... Args>
void baseline_for(Args&&... args) {
  baseline([&] { tbb::parallel_for(std::forward<Args>(args)...); });
}
template <class... Args>
auto baseline_reduce(Args&&... args) {
  return baseline_arena().execute([&] { return tbb::parallel_reduce(std::forward<Args>(args)...); });
}

inline bool full_mode() {
  const char* m = std::getenv("WEFT_BENCH_MODE");
  return m && std::string(m) == "full";
}

// Picks the short- or full-mode value.
template <class T>
T size_for_mode(T short_size, T full_size) {
  return full_mode() ? full_size : short_size;
}

// Fails the benchmark (before timing) when ok is false; returns ok.
inline bool verify(benchmark::State& state, bool ok, const std::string& why) {
  if (!ok) state.SkipWithError(why.c_str());
  return ok;
}

// Compares n values against a reference with a relative + absolute tolerance;
// on mismatch writes where and by how much into *why.
template <class T, class U>
bool close_to(const T* got, const U* ref, std::size_t n, double rtol, double atol, std::string* why) {
  for (std::size_t i = 0; i < n; ++i) {
    double g = static_cast<double>(got[i]), r = static_cast<double>(ref[i]);
    if (!(std::fabs(g - r) <= atol + rtol * std::fabs(r))) {
      if (why)
        *why = "wrong result at index " + std::to_string(i) + ": got " + std::to_string(g) + ", expected " +
               std::to_string(r);
      return false;
    }
  }
  return true;
}

template <class T, class U>
bool equal_to(const T* got, const U* ref, std::size_t n, std::string* why) {
  return close_to(got, ref, n, 0.0, 0.0, why);
}

// The suite's pattern: run once, check (an empty string means right, otherwise
// it says what is wrong), then time `run`. A fast wrong kernel fails here.
template <class Run, class Check>
bool run_checked(benchmark::State& state, Run&& run, Check&& check) {
  run();
  std::string why = check();
  if (!why.empty()) {
    state.SkipWithError(why.c_str());
    return false;
  }
  for (auto _ : state) run();
  return true;
}

// Benchmarks registered in main() (after a run-time probe, e.g. for PoCL).
inline std::vector<std::function<void()>>& peer_registrations() {
  static std::vector<std::function<void()>> v;
  return v;
}
inline int add_peer(std::function<void()> reg) {
  peer_registrations().push_back(std::move(reg));
  return 0;
}

// Whether the run-time peers are usable; defined by opencl_peer.hpp when built
// with OpenCL, otherwise none are.
bool peers_available();

inline int main(int argc, char** argv) {
  // The OpenCL peer (PoCL's CPU device) gets the same thread count as Weft.
  const std::string threads = std::to_string(bench_threads());
  setenv("POCL_CPU_MAX_CU_COUNT", threads.c_str(), 0);
  setenv("POCL_MAX_PTHREAD_COUNT", threads.c_str(), 0);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("weft_bench_threads", threads);
  benchmark::AddCustomContext("weft_bench_mode", full_mode() ? "full" : "short");
  if (!peer_registrations().empty() && peers_available())
    for (auto& reg : peer_registrations()) reg();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace weft_bench

#ifdef WEFT_BENCH_HAVE_OPENCL
#include "opencl_peer.hpp"
#else
inline bool weft_bench::peers_available() { return false; }
#endif

#define WEFT_BENCH_MAIN() \
  int main(int argc, char** argv) { return weft_bench::main(argc, argv); }
