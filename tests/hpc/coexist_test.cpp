// Weft beside the application's own oneTBB and OpenMP: neither is changed by
// Weft, both keep working while Weft runs kernels, and an application's
// tbb::global_control limit also limits Weft. Each body runs in a forked child.
#include <gtest/gtest.h>

#include <atomic>
#include <numeric>
#include <sycl/sycl.hpp>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <thread>
#include <vector>
#include <weft/sanitizer.hpp>
#include "child.hpp"
#if WEFT_TEST_OPENMP
#include <omp.h>
#endif

using namespace hpc_test;

namespace {
std::size_t parallelism() { return tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism); }

// A Weft kernel that keeps running until `release` is set (or 20 s pass).
sycl::event long_kernel(sycl::queue& q, std::atomic<bool>& started, std::atomic<bool>& release) {
  return q.single_task([&started, &release] {
    started = true;
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!release && std::chrono::steady_clock::now() < until) std::this_thread::yield();
  });
}
}  // namespace

TEST(Coexist, ApplicationTbbRunsWhileWeftRuns) {
  auto r = in_child([] {
    clear_env();
    int before = tbb::this_task_arena::max_concurrency();
    sycl::queue q;
    std::atomic<bool> started{false}, release{false};
    auto e = long_kernel(q, started, release);
    while (!started) std::this_thread::yield();
    // The application's default arena, its own parallel_for, while a Weft kernel runs.
    std::vector<long> v(1 << 20);
    {
      // (TSan) libtbb.so is not instrumented: the application announces its own
      // oneTBB hand-over, as Weft does for its own (weft/sanitizer.hpp; no-ops
      // in other builds).
      weft::detail::tsan_fork_join_scope join(&v);
      tbb::parallel_for(std::size_t(0), v.size(), [&](std::size_t i) {
        weft::detail::tsan_task_scope task(&v);
        v[i] = static_cast<long>(i);
      });
    }
    long sum = std::accumulate(v.begin(), v.end(), 0L);
    int after = tbb::this_task_arena::max_concurrency();
    release = true;
    e.wait();
    long expect = static_cast<long>(v.size()) * static_cast<long>(v.size() - 1) / 2;
    return std::string(sum == expect ? "sum ok" : "bad sum") + (before == after ? " same concurrency" : " changed");
  });
  EXPECT_CHILD_OUTPUT(r, "sum ok same concurrency");
}

TEST(Coexist, WeftNeverLowersTheApplicationsLimit) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "1"}});
    // The application raised oneTBB's limit above the default.
    tbb::global_control mine(tbb::global_control::max_allowed_parallelism, 8);
    sycl::queue q;
    q.single_task([] {}).wait();
    return std::to_string(parallelism());
  });
  EXPECT_CHILD_OUTPUT(r, "8");
}

TEST(Coexist, ApplicationsLowerLimitAlsoLimitsWeft) {
  auto r = in_child([] {
    clear_env();
    int cpus = tbb::info::default_concurrency();
    if (cpus < 2) return std::string("skip");
    tbb::global_control mine(tbb::global_control::max_allowed_parallelism, 1);
    sycl::queue q;
    std::vector<int> v(1 << 16, 0);
    {
      sycl::buffer<int> b(v.data(), sycl::range<1>(v.size()));
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h, sycl::write_only};
        h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] = 3; });
      });
    }
    auto info = weft::runtime_info();
    bool ok = std::all_of(v.begin(), v.end(), [](int x) { return x == 3; });
    return std::to_string(info.workers) + (ok ? " ran" : " wrong") + " " + std::to_string(parallelism()) + " | " +
           info.workers_reason;
  });
  ASSERT_EQ(r.code, 0) << r.out;
  if (r.out == "skip") GTEST_SKIP() << "needs 2 CPUs";
  EXPECT_EQ(r.out, "1 ran 1 | the application's tbb::global_control(max_allowed_parallelism, 1), which leaves 1 oneTBB "
                   "worker thread(s)");
}

#if WEFT_TEST_OPENMP
TEST(Coexist, OpenMPUnaffected) {
  auto r = in_child([] {
    weft_env({{"WEFT_PIN_WORKERS", "1"}});
    std::set<int> mask = thread_affinity();
    int threads_before = omp_get_max_threads();
    sycl::queue q;
    std::atomic<bool> started{false}, release{false};
    auto e = long_kernel(q, started, release);
    while (!started) std::this_thread::yield();
    long sum = 0;
    std::atomic<int> unpinned{0}, seen{0};
#pragma omp parallel reduction(+ : sum)
    {
      if (thread_affinity() == mask) unpinned++;
      seen++;
#pragma omp for
      for (long i = 0; i < 1000000; ++i) sum += i;
    }
    release = true;
    e.wait();
    q.parallel_for(sycl::range<1>(1 << 16), [](sycl::id<1>) {}).wait();
    int threads_after = omp_get_max_threads();
    return std::string(sum == 499999500000L ? "sum ok" : "bad sum") +
           (threads_before == threads_after ? " same threads" : " changed") +
           (unpinned == seen ? " unpinned" : " pinned");
  });
  EXPECT_CHILD_OUTPUT(r, "sum ok same threads unpinned");
}
#endif
