// How GPU commands complete (docs/gpu.md, "How SYCL maps onto CUDA", queues and events):
// a kernel's node completes when the GPU reaches the marker behind it; dependent
// kernels on the same GPU are queued behind their predecessors on the device,
// without a host round trip; host-side successors (CPU kernels, host tasks,
// memory commands) still start only after the GPU work is done.
#include <atomic>
#include <chrono>
#include <thread>
#include "../support/gpu.hpp"

namespace {

// Spins long enough (about `iters` dependent steps) that a successor launched
// too early would see the old value.
SYCL_EXTERNAL inline int slow_value(int seed, int iters) {
  int v = seed;
  for (int k = 0; k < iters; ++k) v = (v * 1103515245 + 12345) & 0x7fffffff;
  return v - v + seed;  // the same value, after the delay
}

}  // namespace

TEST(CudaCompletion, InOrderChainOfDependentKernels) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v, sycl::property::queue::in_order{}};
  const std::size_t n = 4096;
  int* p = sycl::malloc_device<int>(n, q);
  q.memset(p, 0, n * sizeof(int));
  for (int k = 0; k < 500; ++k) {
    if (k % 3 == 0) q.single_task([=] { p[0] += 1; });
    else q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1; });
  }
  std::vector<int> h(n);
  q.memcpy(h.data(), p, n * sizeof(int)).wait();  // only the copy is waited for
  EXPECT_EQ(h[0], 500);
  for (std::size_t i = 1; i < n; ++i) ASSERT_EQ(h[i], 333) << i;
  sycl::free(p, q);
}

TEST(CudaCompletion, ChainsThroughBuffersOnOutOfOrderQueues) {
  WEFT_REQUIRE_GPU();
  gpu_queue g1, g2;
  const std::size_t n = 1 << 16;
  std::vector<int> out(n);
  {
    sycl::buffer<int> a{sycl::range<1>(n)}, b{sycl::range<1>(n)}, c{out.data(), sycl::range<1>(n)};
    for (int round = 0; round < 20; ++round) {
      g1.q.submit([&](sycl::handler& h) {
        sycl::accessor w{a, h, sycl::write_only};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { w[i] = slow_value(int(i[0]) + round, 200); });
      });
      g2.q.submit([&](sycl::handler& h) {  // another queue, another stream: RAW on a
        sycl::accessor r{a, h, sycl::read_only};
        sycl::accessor w{b, h, sycl::write_only};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { w[i] = r[i] * 2; });
      });
      g1.q.submit([&](sycl::handler& h) {  // RAW on b, WAR on a for the next round
        sycl::accessor r{b, h, sycl::read_only};
        sycl::accessor ra{a, h, sycl::read_only};
        sycl::accessor w{c, h, sycl::read_write};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { w[i] = (round == 0 ? 0 : w[i]) + r[i] - ra[i]; });
      });
    }
  }
  // sum over rounds of (i + round)
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], int(20 * i + 190)) << i;
  EXPECT_TRUE(g1.errors.empty());
  EXPECT_TRUE(g2.errors.empty());
}

TEST(CudaCompletion, KernelWaitsForTwoQueues) {
  WEFT_REQUIRE_GPU();
  gpu_queue g1, g2, g3;
  const std::size_t n = 1 << 16;
  int* a = sycl::malloc_device<int>(n, g1.q);
  int* b = sycl::malloc_device<int>(n, g1.q);
  int* c = sycl::malloc_shared<int>(n, g1.q);
  for (int round = 0; round < 10; ++round) {
    auto ea = g1.q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = slow_value(int(i[0]), 2000); });
    auto eb = g2.q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] = slow_value(round, 100); });
    g3.q.parallel_for(sycl::range<1>(n), std::vector<sycl::event>{ea, eb}, [=](sycl::id<1> i) { c[i] = a[i] + b[i]; })
        .wait();
    for (std::size_t i = 0; i < n; i += 61) ASSERT_EQ(c[i], int(i) + round) << i;
  }
  sycl::free(a, g1.q);
  sycl::free(b, g1.q);
  sycl::free(c, g1.q);
  EXPECT_TRUE(g1.errors.empty() && g2.errors.empty() && g3.errors.empty());
}

// GPU -> CPU kernel -> host task -> GPU through one buffer, waiting only at the end.
TEST(CudaCompletion, CrossDeviceOrderingThroughBuffers) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  sycl::queue cpu{sycl::cpu_selector_v};
  const std::size_t n = 1 << 15;
  std::vector<int> v(n, 1);
  {
    sycl::buffer<int> b{v.data(), sycl::range<1>(n)};
    for (int round = 0; round < 10; ++round) {
      g.q.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = slow_value(a[i] * 2, 300); });
      });
      cpu.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; });
      });
      g.q.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h};
        h.host_task([=] {
          for (std::size_t i = 0; i < n; ++i) a[i] -= 1;
        });
      });
    }
  }
  int want = 1;
  for (int round = 0; round < 10; ++round) want = want * 2;
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(v[i], want) << i;
  EXPECT_TRUE(g.errors.empty());
}

// Nobody waits: the event's status still reaches complete (a poll finds the GPU done).
TEST(CudaCompletion, EventStatusCompletesWithoutWait) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  int* p = sycl::malloc_shared<int>(1, g.q);
  *p = 0;
  auto e = g.q.single_task([=] { *p = 7; });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (e.get_info<sycl::info::event::command_execution_status>() != sycl::info::event_command_status::complete) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the event never completed";
    std::this_thread::yield();
  }
  EXPECT_EQ(*p, 7);
  sycl::free(p, g.q);
}

// A host task after a GPU kernel starts when the kernel is done, with no wait
// on the kernel's event (the backend's notification completes it).
TEST(CudaCompletion, HostTaskAfterKernelWithoutWaiting) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  int* p = sycl::malloc_shared<int>(1, g.q);
  *p = 0;
  std::atomic<int> seen{-1};
  auto k = g.q.single_task([=] { *p = slow_value(5, 100000); });
  auto t = g.q.submit([&](sycl::handler& h) {
    h.depends_on(k);
    h.host_task([&, p] { seen = *p; });
  });
  t.wait();
  EXPECT_EQ(seen.load(), 5);
  sycl::free(p, g.q);
}

// Many commands never waited for one by one.
TEST(CudaCompletion, ManyCommandsThenOneWait) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  int* p = sycl::malloc_device<int>(64, g.q);
  g.q.memset(p, 0, 64 * sizeof(int)).wait();
  for (int k = 0; k < 5000; ++k)
    g.q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) {
      sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(p[i]) += 1;
    });
  g.q.wait_and_throw();
  int h[64];
  g.q.memcpy(h, p, sizeof h).wait();
  for (int x : h) ASSERT_EQ(x, 5000);
  sycl::free(p, g.q);
  EXPECT_TRUE(g.errors.empty());
}

// Profiling stays ordered along an in-order queue: each command starts after
// the previous one ended.
TEST(CudaCompletion, ProfilingIsOrdered) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v, {sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  int* p = sycl::malloc_device<int>(1024, q);
  std::vector<sycl::event> es;
  for (int k = 0; k < 20; ++k)
    es.push_back(q.parallel_for(sycl::range<1>(1024), [=](sycl::id<1> i) { p[i] = slow_value(int(i[0]) + k, 1000); }));
  q.wait();
  std::uint64_t prev_end = 0;
  for (auto& e : es) {
    auto s = e.get_profiling_info<sycl::info::event_profiling::command_submit>();
    auto b = e.get_profiling_info<sycl::info::event_profiling::command_start>();
    auto f = e.get_profiling_info<sycl::info::event_profiling::command_end>();
    EXPECT_LE(s, b);
    EXPECT_LE(b, f);
    EXPECT_LE(prev_end, b);
    prev_end = f;
  }
  sycl::free(p, q);
}

// A scoped kernel on a GPU queue follows the GPU kernel before it.
TEST(CudaCompletion, ScopedOnGpuQueueFollowsGpuWork) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v, sycl::property::queue::in_order{}};
  int* p = sycl::malloc_shared<int>(256, q);
  q.parallel_for(sycl::range<1>(256), [=](sycl::id<1> i) { p[i] = slow_value(int(i[0]), 5000); });
  q.submit([&](sycl::handler& h) {
    h.parallel(sycl::range<1>(1), sycl::range<1>(256), [=](auto grp) {
      sycl::distribute_items(grp, [&](sycl::s_item<1> idx) { p[idx.get_global_id(0)] += 1; });
    });
  });
  q.wait();
  for (int i = 0; i < 256; ++i) ASSERT_EQ(p[i], i + 1) << i;
  sycl::free(p, q);
}

// USM memory commands on a GPU queue complete like kernels: queued on the GPU
// behind the work they follow (no worker waits), with events that complete when
// the GPU is done; memset and fill into memory the GPU cannot reach still run
// after the kernels they follow.
TEST(CudaCompletion, MemoryCommandsChainOnTheGpu) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v, sycl::property::queue::in_order{}};
  const std::size_t n = 1 << 20;
  int* a = sycl::malloc_device<int>(n, q);
  int* b = sycl::malloc_device<int>(n, q);
  int* pinned = sycl::malloc_host<int>(n, q);
  for (int round = 0; round < 20; ++round) {
    q.fill(a, round, n);
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = slow_value(a[i] + 1, 64); });
    q.memcpy(b, a, n * sizeof(int));
    q.memset(a, 0, n * sizeof(int));
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] += a[i] + 1; });
    sycl::event last = q.memcpy(pinned, b, n * sizeof(int));
    last.wait();
    EXPECT_EQ(last.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
    ASSERT_EQ(pinned[0], round + 2) << round;
    ASSERT_EQ(pinned[n - 1], round + 2) << round;
  }
  // Pageable host memory, which the GPU cannot reach: memset and fill run on the
  // host, after the kernel before them.
  std::vector<int> host(n, 7);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = slow_value(3, 256); });
  q.memcpy(host.data(), a, n * sizeof(int));
  q.fill(host.data(), 9, n / 2).wait();
  EXPECT_EQ(host[0], 9);
  EXPECT_EQ(host[n - 1], 3);
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(pinned, q);
}

// Profiled GPU commands report the GPU's own start and end (CUDA timing events
// on the host's clock), not when the host noticed: a kernel whose completion the
// host looks at 100 ms late still ends a few milliseconds after it started.
TEST(CudaCompletion, ProfilingUsesDeviceTimes) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v, {sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  int* p = sycl::malloc_device<int>(1, q);
  constexpr int steps = 2000000;  // dependent steps whose result is kept: a few milliseconds
  sycl::event k = q.single_task([=] {
    unsigned v = 1;
    for (int i = 0; i < steps; ++i) v = v * 1103515245u + 12345u;
    p[0] = int(v & 0x7fffffff);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  k.wait();
  int host = 0;
  sycl::event copy = q.memcpy(&host, p, sizeof(int));
  copy.wait();
  unsigned expect = 1;
  for (int i = 0; i < steps; ++i) expect = expect * 1103515245u + 12345u;
  EXPECT_EQ(host, int(expect & 0x7fffffff));
  const auto submitted = k.get_profiling_info<sycl::info::event_profiling::command_submit>();
  const auto started = k.get_profiling_info<sycl::info::event_profiling::command_start>();
  const auto ended = k.get_profiling_info<sycl::info::event_profiling::command_end>();
  EXPECT_LE(submitted, started);
  EXPECT_GT(ended - started, 100000u) << "2 million dependent steps take more than 0.1 ms";
  EXPECT_LT(ended - started, 80000000u) << "the end is the GPU's, not when the host looked";
  EXPECT_LE(ended, copy.get_profiling_info<sycl::info::event_profiling::command_start>());
  sycl::free(p, q);
}

// An in-order GPU queue and one shared counter at 0, freed after the test.
struct CudaInOrderCounter : ::testing::Test {
  sycl::queue q;
  int* counter = nullptr;  // kernels capture a copy, never the fixture
  void SetUp() override {
    WEFT_REQUIRE_GPU();
    q = sycl::queue{sycl::gpu_selector_v, sycl::property::queue::in_order{}};
    counter = sycl::malloc_shared<int>(1, q);
    *counter = 0;
  }
  void TearDown() override {
    if (counter) sycl::free(counter, q);
  }
};

// An in-order queue's command leaves its marker unplaced until the next command
// finds its event held (here: by the test) or someone waits for it; waiting for
// a held event in the middle of a chain sees that command's work done.
TEST_F(CudaInOrderCounter, InOrderHeldEventInTheMiddleOfAChain) {
  int* const p = counter;
  sycl::event middle;
  for (int k = 0; k < 20; ++k) {
    auto e = q.single_task([=] { *p = slow_value(*p + 1, 2000); });
    if (k == 9) middle = e;
  }
  middle.wait();
  EXPECT_EQ(middle.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  EXPECT_GE(__atomic_load_n(p, __ATOMIC_RELAXED), 10);
  q.wait();
  EXPECT_EQ(*p, 20);
}

// Events nobody held when the next command was submitted, reached later through
// get_wait_list: waiting for them still works (and may wait for later work).
TEST_F(CudaInOrderCounter, InOrderUnheldEventReachedThroughWaitList) {
  int* const p = counter;
  q.single_task([=] { *p = slow_value(1, 20000); });
  auto second = q.single_task([=] { *p = slow_value(*p + 1, 20000); });
  for (auto& earlier : second.get_wait_list()) {
    earlier.wait();
    EXPECT_GE(__atomic_load_n(p, __ATOMIC_RELAXED), 1);
  }
  second.wait();
  EXPECT_EQ(*p, 2);
}

// The newest command of an in-order chain, never waited for: its status still
// reaches complete (a poll places its marker).
TEST_F(CudaInOrderCounter, InOrderChainStatusCompletesWithoutWait) {
  int* const p = counter;
  sycl::event last;
  for (int k = 0; k < 8; ++k) last = q.single_task([=] { *p += 1; });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (last.get_info<sycl::info::event::command_execution_status>() != sycl::info::event_command_status::complete) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "the event never completed";
    std::this_thread::yield();
  }
  EXPECT_EQ(*p, 8);
}

// An in-order chain feeding another queue (its own stream) through an event, and
// a host task of the chain's queue after it: both start after the chain's work.
TEST(CudaCompletion, InOrderChainFeedsAnotherQueueAndAHostTask) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v, sycl::property::queue::in_order{}};
  sycl::queue other{sycl::gpu_selector_v, sycl::property::queue::in_order{}};
  const std::size_t n = 1 << 14;
  int* a = sycl::malloc_device<int>(n, q);
  int* b = sycl::malloc_device<int>(n, q);
  q.memset(a, 0, n * sizeof(int));
  sycl::event last;
  for (int k = 0; k < 30; ++k)
    last = q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = slow_value(a[i] + 1, 200); });
  auto copied = other.submit([&](sycl::handler& h) {
    h.depends_on(last);
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] = a[i] * 2; });
  });
  std::atomic<int> seen{-1};
  int* shared = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *shared = a[n - 1]; });
  q.submit([&](sycl::handler& h) { h.host_task([&, shared] { seen = *shared; }); }).wait();
  EXPECT_EQ(seen.load(), 30);
  copied.wait();
  std::vector<int> h(n);
  other.memcpy(h.data(), b, n * sizeof(int)).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], 60) << i;
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(shared, q);
}

// Two threads submitting to one in-order queue: a command whose predecessor is
// still being launched by the other thread follows it through the task graph,
// the others go straight to the stream; every command runs after the previous one.
TEST_F(CudaInOrderCounter, InOrderQueueSharedByTwoThreads) {
  int* const p = counter;
  constexpr int per_thread = 300;
  auto submit_many = [&] {
    for (int k = 0; k < per_thread; ++k) q.single_task([=] { *p = slow_value(*p + 1, 50); });
  };
  std::thread other(submit_many);
  submit_many();
  other.join();
  q.wait();
  EXPECT_EQ(*p, 2 * per_thread);
}

// Kernels too large to be kept in the handler (a capture of 320 bytes) reach the
// stream through the task graph, between kernels that go straight to it: the
// order stays the queue's.
TEST_F(CudaInOrderCounter, InOrderChainMixesLargeAndSmallKernels) {
  int* const p = counter;
  struct table {
    int v[80];
  } t{};
  for (int i = 0; i < 80; ++i) t.v[i] = i + 1;
  int expected = 0;
  for (int k = 0; k < 40; ++k) {
    if (k % 2) {
      q.single_task([=] { *p = slow_value(*p * 3 + t.v[k % 80], 200) % 1000003; });
      expected = (expected * 3 + t.v[k % 80]) % 1000003;
    } else {
      q.single_task([=] { *p = slow_value(*p * 5 + k, 200) % 1000003; });
      expected = (expected * 5 + k) % 1000003;
    }
  }
  q.wait();
  EXPECT_EQ(*p, expected);
}

// A launch that fails on an in-order queue (more work groups than a grid holds)
// reaches the queue's async handler as errc::nd_range, its event completes, and
// the commands behind it still run in order.
TEST(CudaCompletion, InOrderLaunchErrorReachesTheHandlerAndTheChainGoesOn) {
  WEFT_REQUIRE_GPU();
  std::vector<sycl::errc> codes;
  sycl::queue q{sycl::gpu_selector_v,
                [&](sycl::exception_list l) {
                  for (auto& e : l) try {
                      std::rethrow_exception(e);
                    } catch (const sycl::exception& ex) {
                      codes.push_back(sycl::errc(ex.code().value()));
                    }
                },
                sycl::property::queue::in_order{}};
  int* p = sycl::malloc_shared<int>(1, q);
  *p = 0;
  q.single_task([=] { *p = slow_value(1, 2000); });
  auto failed = q.parallel_for(sycl::nd_range<1>(sycl::range<1>(std::size_t(1) << 32), sycl::range<1>(1)),
                               [=](sycl::nd_item<1>) { *p = -100; });
  q.single_task([=] { *p += 1; });
  failed.wait();
  q.wait_and_throw();
  EXPECT_EQ(*p, 2);
  ASSERT_EQ(codes.size(), 1u);
  EXPECT_EQ(codes[0], sycl::errc::nd_range);
  sycl::free(p, q);
}
