// Weft's workers: when they start, how many, what overrides that, pinning and
// the static partition. Each body runs in a fresh forked child (child.hpp).
#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <sycl/sycl.hpp>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <vector>
#include <weft/sanitizer.hpp>
#include "../support/mentions.hpp"
#include "child.hpp"

using namespace hpc_test;

namespace {

void run_kernel(sycl::queue& q, std::size_t n = 1 << 16) {
  std::vector<int> v(n, 1);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::read_write};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; });
    });
  }
  for (int x : v)
    if (x != 2) throw std::runtime_error("wrong kernel result");
}

// The arena concurrency a kernel sees: Weft's worker count as oneTBB knows it.
int arena_concurrency(sycl::queue& q) {
  int c = 0;
  q.single_task([&c] { c = tbb::this_task_arena::max_concurrency(); }).wait();
  return c;
}

std::set<int> all_cpus() { return thread_affinity(); }

}  // namespace

// Threads a sanitizer's runtime may add to a forked child before Weft is used.
#if defined(WEFT_TSAN)
constexpr int sanitizer_threads = 1;
#else
constexpr int sanitizer_threads = 0;
#endif

TEST(Threads, NoneAtStaticInitNorQueueConstruction) {
  // The parent loaded libweft and ran its static initialisers: still one thread.
  ASSERT_EQ(thread_count(), 1);
  auto r = in_child([] {
    clear_env();
    // Counted from the child's own threads at start: 1, or 2 under
    // ThreadSanitizer, whose background thread may be started again in a
    // forked child (clang 14's runtime does). The parent's count above has no
    // such thread.
    const int base = thread_count();
    std::string out = base >= 1 && base <= 1 + sanitizer_threads ? "base" : "base " + std::to_string(base);
    sycl::queue q;
    (void)q.get_device().get_info<sycl::info::device::max_compute_units>();
    (void)weft::worker_count();
    auto info = weft::runtime_info();
    out += " +" + std::to_string(thread_count() - base) + (info.started ? " started" : " idle");
    run_kernel(q);
    out += " " + std::string(weft::runtime_info().started ? "started" : "idle");
    out += thread_count() > base ? " threads" : " no-threads";
    return out;
  });
  EXPECT_CHILD_OUTPUT(r, "base +0 idle started threads");
}

TEST(Threads, CountFollowsAffinityMask) {
  std::set<int> cpus = all_cpus();
  auto r = in_child([cpus] {
    clear_env();
    restrict_to({*cpus.rbegin()});
    sycl::queue q;
    auto info = weft::runtime_info();
    return std::to_string(weft::worker_count()) + " " + std::to_string(arena_concurrency(q)) + " " +
           std::to_string(info.affinity_cpus.size()) + " " +
           std::to_string(q.get_device().get_info<sycl::info::device::max_compute_units>()) + " | " +
           info.workers_reason;
  });
  EXPECT_CHILD_OUTPUT(r, "1 1 1 1 | the 1 CPU(s) of the process's affinity mask");

  if (cpus.size() >= 2) {
    r = in_child([cpus] {
      clear_env();
      restrict_to({*cpus.begin(), *cpus.rbegin()});
      sycl::queue q;
      return std::to_string(weft::worker_count()) + " " + std::to_string(arena_concurrency(q));
    });
    EXPECT_CHILD_OUTPUT(r, "2 2");
  }
}

TEST(Threads, EnvironmentOverridesMask) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "3"}});
    sycl::queue q;
    run_kernel(q);
    return std::to_string(weft::worker_count()) + " " + std::to_string(arena_concurrency(q)) + " | " +
           weft::runtime_info().workers_reason;
  });
  EXPECT_CHILD_OUTPUT(r, "3 3 | WEFT_NUM_THREADS=3");
}

TEST(Threads, BadEnvironmentValuesAreInvalid) {
  for (const char* bad : {"0", "-1", "two", "4cores", "1e3", "100000"}) {
    auto r = in_child([bad] {
      weft_env({{"WEFT_NUM_THREADS", bad}});
      std::string out;
      try {
        sycl::queue q;
        out = "queue built";
      } catch (const sycl::exception& e) {
        out = e.code() == sycl::errc::invalid ? "invalid: " : "other errc: ";
        out += e.what();
      }
      // Fixing the variable lets the program go on.
      setenv("WEFT_NUM_THREADS", "1", 1);
      sycl::queue q;
      run_kernel(q);
      return out;
    });
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out.rfind("invalid: WEFT_NUM_THREADS='" + std::string(bad) + "' is not a valid worker count", 0), 0u)
        << r.out;
  }
  auto r = in_child([] {
    weft_env({{"WEFT_PIN_WORKERS", "perhaps"}});
    weft::worker_count();
    return std::string("no error");
  });
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("WEFT_PIN_WORKERS='perhaps'"), std::string::npos) << r.out;
}

TEST(Threads, SetWorkerCountBeforeStartWins) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "1"}});
    sycl::queue q;  // builds the device, decides: not yet started
    weft::set_worker_count(2);
    return std::to_string(arena_concurrency(q)) + " " + weft::runtime_info().workers_reason;
  });
  EXPECT_CHILD_OUTPUT(r, "2 set_worker_count(2)");
}

TEST(Threads, SetAfterStartIsInvalid) {
  auto r = in_child([] {
    clear_env();
    sycl::queue q;
    run_kernel(q);
    std::string out;
    for (auto f : {+[] { weft::set_worker_count(2); }, +[] { weft::set_pin_workers(true); },
                   +[] { weft::set_worker_count(0); }}) {
      try {
        f();
        out += "[no error]";
      } catch (const sycl::exception& e) {
        out += e.code() == sycl::errc::invalid ? "[invalid] " : "[other] ";
        out += e.what();
        out += "\n";
      }
    }
    return out;
  });
  ASSERT_EQ(r.code, 0) << r.out;
  weft_test::expect_mentions(r.out, {"[invalid] set_worker_count(2): Weft's", "workers already started",
                                     "[invalid] set_pin_workers(true): Weft's workers already started",
                                     "[invalid] set_worker_count(0): the worker count must be from 1 to 4096"});
  EXPECT_EQ(r.out.find("[no error]"), std::string::npos) << r.out;
}

// Collects, from inside kernels, the affinity masks of the threads that ran them.
struct mask_log {
  std::mutex m;
  std::set<std::set<int>> masks;
  void add() {
    auto s = thread_affinity();
    std::lock_guard<std::mutex> g(m);
    masks.insert(s);
  }
  // Adds the masks of the workers that run 20 kernels on q.
  void add_from_kernels(sycl::queue& q) {
    for (int rep = 0; rep < 20; ++rep)
      q.parallel_for(sycl::range<1>(1 << 16), [this](sycl::id<1> i) {
         if (i[0] % 1024 == 0) add();
       }).wait();
  }
  std::string text() {
    std::string out;
    for (auto& s : masks) out += "{" + join(s) + "}";
    return out;
  }
};

TEST(Placement, PinnedWorkersStayInsideTheMask) {
  std::set<int> cpus = all_cpus();
  int last = *cpus.rbegin();
  // More workers than CPUs in the mask: all must still be on that one CPU.
  auto r = in_child([last] {
    clear_env();
    restrict_to({last});
    setenv("WEFT_NUM_THREADS", "3", 1);
    setenv("WEFT_PIN_WORKERS", "1", 1);
    sycl::queue q;
    mask_log log;
    log.add_from_kernels(q);
    auto info = weft::runtime_info();
    return log.text() + (info.pin_workers ? " pinned" : " free") + (info.static_partition ? " static" : " dynamic");
  });
  EXPECT_CHILD_OUTPUT(r, "{" + std::to_string(last) + "} pinned static");

  if (cpus.size() < 2) return;
  // The whole mask: each worker on a single CPU of it; the application's main
  // thread (which waits, and may run host code) keeps its mask.
  r = in_child([cpus] {
    weft_env({{"WEFT_NUM_THREADS", "2"}});
    weft::set_pin_workers(true);
    sycl::queue q;
    mask_log log;
    log.add_from_kernels(q);
    std::string out;
    for (auto& s : log.masks) {
      if (s.size() != 1) out += "[not single: {" + join(s) + "}]";
      if (!cpus.count(*s.begin())) out += "[outside the mask]";
    }
    if (thread_affinity() != cpus) out += "[main thread changed]";
    return out.empty() ? "ok " + log.text() : out;
  });
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("ok ", 0), 0u) << r.out;
}

TEST(Placement, WorkersUnpinnedWhenServingTheApplication) {
  std::set<int> cpus = all_cpus();
  if (cpus.size() < 2) GTEST_SKIP() << "needs 2 CPUs";
  auto r = in_child([cpus] {
    weft_env({{"WEFT_NUM_THREADS", "2"}, {"WEFT_PIN_WORKERS", "1"}});
    sycl::queue q;
    for (int rep = 0; rep < 10; ++rep) run_kernel(q);
    // The application's own oneTBB work, in its default arena, on the same
    // oneTBB worker threads: none of them may still be pinned.
    mask_log log;
    for (int rep = 0; rep < 50; ++rep) {
      // (TSan) libtbb.so is not instrumented: the application announces its
      // own oneTBB hand-over, as Weft does (weft/sanitizer.hpp; no-ops elsewhere).
      weft::detail::tsan_fork_join_scope join(&log);
      tbb::parallel_for(0, 1 << 14, [&log](int i) {
        weft::detail::tsan_task_scope task(&log);
        if (i % 512 == 0) log.add();
      });
    }
    for (auto& s : log.masks)
      if (s != cpus) return "pinned thread in the application's arena: " + log.text();
    return std::string("ok");
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

TEST(Placement, StaticPartitionIsDeterministic) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "2"}, {"WEFT_PARTITION", "static"}});
    sycl::queue q;
    constexpr std::size_t n = 1 << 16;
    std::vector<int> slot(n, -1);
    int* s = slot.data();
    int matched = 0;
    // Block k runs on slot k whenever both workers take part; on a loaded
    // machine a worker may come late, so look for it over a few seconds.
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    for (int rep = 0; rep < 200 || (matched == 0 && std::chrono::steady_clock::now() < until); ++rep) {
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
         s[i[0]] = tbb::this_task_arena::current_thread_index();
       }).wait();
      // Two blocks, [0, n/2) and [n/2, n), each run by one thread.
      for (std::size_t i = 1; i < n; ++i)
        if (i != n / 2 && slot[i] != slot[i - 1]) return "block split at " + std::to_string(i);
      if (slot[0] == 0 && slot[n / 2] == 1) ++matched;
    }
    return std::string(matched > 0 ? "ok" : "never on slots 0,1");
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

TEST(Placement, StaticPartitionCoversEveryItemOnce) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "3"}, {"WEFT_PARTITION", "static"}});
    sycl::queue q;
    std::string out;
    for (std::size_t n : {1u, 5u, 4095u, 4096u, 8193u, 100000u}) {
      std::vector<std::atomic<int>> hits(n);
      auto* h = hits.data();
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i[0]]++; }).wait();
      for (auto& x : hits)
        if (x != 1) out += "1D n=" + std::to_string(n) + " ";
    }
    for (auto r2 : {sycl::range<2>(3, 5000), sycl::range<2>(1000, 17), sycl::range<2>(1, 1)}) {
      std::vector<std::atomic<int>> hits(r2.size());
      auto* h = hits.data();
      q.parallel_for(r2, [=](sycl::item<2> it) { h[it.get_linear_id()]++; }).wait();
      for (auto& x : hits)
        if (x != 1) out += "2D ";
    }
    for (auto r3 : {sycl::range<3>(2, 3, 4000), sycl::range<3>(40, 40, 40)}) {
      std::vector<std::atomic<int>> hits(r3.size());
      auto* h = hits.data();
      q.parallel_for(r3, [=](sycl::item<3> it) { h[it.get_linear_id()]++; }).wait();
      for (auto& x : hits)
        if (x != 1) out += "3D ";
    }
    // With an offset.
    std::vector<std::atomic<int>> hits(100);
    auto* h = hits.data();
    q.parallel_for(sycl::range<1>(90), sycl::id<1>(10), [=](sycl::item<1> it) { h[it.get_id(0)]++; }).wait();
    for (std::size_t i = 0; i < 100; ++i)
      if (hits[i] != (i >= 10 ? 1 : 0)) out += "offset ";
    return out.empty() ? std::string("ok") : out;
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

TEST(Info, DescribesTheDecision) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "2"}, {"OMPI_COMM_WORLD_LOCAL_RANK", "1"}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "2"}});
    auto info = weft::runtime_info();
    return info.describe();
  });
  ASSERT_EQ(r.code, 0) << r.out;
  weft_test::expect_mentions(r.out, {"weft: 2 worker thread(s), from WEFT_NUM_THREADS=2\n", "weft: affinity mask ",
                                     "not pinned, dynamic partition of work items and work groups (default)",
                                     "MPI local rank 1 of 2 on this node, from Open MPI", "not started yet"});
}

TEST(Info, OversubscriptionWarnsOnceOnLocalRankZero) {
  // Two "ranks" sharing the mask, each asking for every CPU of it.
  auto run = [](const char* rank, const char* quiet) {
    return in_child([rank, quiet] {
      weft_env({{"OMPI_COMM_WORLD_LOCAL_RANK", rank}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "2"}});
      if (quiet) setenv("WEFT_WARN_OVERSUBSCRIPTION", quiet, 1);
      // Capture stderr.
      char path[] = "/tmp/weft-warn-XXXXXX";
      int fd = mkstemp(path);
      dup2(fd, 2);
      sycl::queue q;
      run_kernel(q);
      run_kernel(q);
      std::string text;
      char buf[4096];
      lseek(fd, 0, SEEK_SET);
      for (ssize_t n; (n = read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<std::size_t>(n));
      unlink(path);
      return text;
    });
  };
  auto r = run("0", nullptr);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.find("weft: warning: 2 MPI ranks on this node"), 0u) << r.out;
  EXPECT_EQ(r.out.find("weft: warning", 1), std::string::npos) << r.out;
  EXPECT_EQ(run("1", nullptr).out, "");  // other local ranks stay quiet
  EXPECT_EQ(run("0", "0").out, "");      // WEFT_WARN_OVERSUBSCRIPTION=0 silences it
}
