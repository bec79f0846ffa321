// The task graph: RAW/WAR/WAW ordering per buffer, across queues; concurrency
// of independent command groups; host accessors that wait only for what they
// must; thread-safe submission from many host threads.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <numeric>
#include <sycl/sycl.hpp>
#include <thread>
#include <vector>

#include "../support/wait.hpp"

namespace {

// Concurrency tests need at least two workers whatever this machine's affinity mask.
const bool workers_set = [] {
  if (weft::worker_count() < 4) weft::set_worker_count(4);
  return true;
}();

using weft_test::wait_for_flag;

// The pipeline, run serially on the host: the reference result.
std::vector<long> serial_pipeline(std::size_t n, int rounds) {
  std::vector<long> a(n), b(n), c(n);
  std::iota(a.begin(), a.end(), 0);
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t i = 0; i < n; ++i) b[i] = a[i] * 2 + r;
    for (std::size_t i = 0; i < n; ++i) c[i] = b[(i + 1) % n] - a[i];
    for (std::size_t i = 0; i < n; ++i) a[i] = c[i] + b[i] % 7;
  }
  return a;
}

TEST(Dag, ProducerConsumerChainAcrossBuffersAndQueues) {
  constexpr std::size_t n = 4096;
  constexpr int rounds = 12;
  std::vector<long> a(n);
  std::iota(a.begin(), a.end(), 0);
  {
    sycl::queue q1, q2;
    sycl::buffer<long> ba(a.data(), sycl::range<1>(n));
    sycl::buffer<long> bb{sycl::range<1>{n}}, bc{sycl::range<1>{n}};
    for (int r = 0; r < rounds; ++r) {
      // Alternate queues so every edge of the chain crosses queues somewhere.
      sycl::queue& qa = (r % 2) ? q1 : q2;
      sycl::queue& qb = (r % 2) ? q2 : q1;
      qa.submit([&](sycl::handler& h) {
        sycl::accessor in{ba, h, sycl::read_only};
        sycl::accessor out{bb, h, sycl::write_only, sycl::no_init};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = in[i] * 2 + r; });
      });
      qb.submit([&](sycl::handler& h) {
        sycl::accessor b{bb, h, sycl::read_only};
        sycl::accessor in{ba, h, sycl::read_only};
        sycl::accessor out{bc, h, sycl::write_only, sycl::no_init};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = b[(i[0] + 1) % n] - in[i]; });
      });
      qa.submit([&](sycl::handler& h) {
        sycl::accessor c{bc, h, sycl::read_only};
        sycl::accessor b{bb, h, sycl::read_only};
        sycl::accessor out{ba, h, sycl::write_only};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = c[i] + b[i] % 7; });
      });
    }
  }
  EXPECT_EQ(a, serial_pipeline(n, rounds));
}

TEST(Dag, WriteAfterReadWaitsForTheReader) {
  sycl::queue q;
  std::vector<int> v(16, 1);
  std::vector<int> seen(16, 0);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(16));
    // A slow reader ...
    q.submit([&](sycl::handler& h) {
      sycl::accessor in{b, h, sycl::read_only_host_task};
      h.host_task([=, &seen] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        for (int i = 0; i < 16; ++i) seen[i] = in[i];
      });
    });
    // ... then a writer, which must not run before the reader finished.
    q.submit([&](sycl::handler& h) {
      sycl::accessor out{b, h, sycl::write_only, sycl::no_init};
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { out[i] = 2; });
    });
  }
  EXPECT_EQ(seen, std::vector<int>(16, 1));
  EXPECT_EQ(v, std::vector<int>(16, 2));
}

TEST(Dag, WriteAfterWriteKeepsTheLastWrite) {
  sycl::queue q1, q2;
  std::vector<int> v(8, 0);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(8));
    q1.submit([&](sycl::handler& h) {
      sycl::accessor out{b, h, sycl::write_only_host_task};
      h.host_task([=] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        for (int i = 0; i < 8; ++i) out[i] = 1;
      });
    });
    q2.submit([&](sycl::handler& h) {
      sycl::accessor out{b, h, sycl::write_only, sycl::no_init};  // discarding: still after the first write
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { out[i] = 2; });
    });
  }
  EXPECT_EQ(v, std::vector<int>(8, 2));
}

TEST(Dag, ReadersOfOneBufferRunConcurrently) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(1));
  std::atomic<bool> first{false}, second{false};
  std::atomic<int> ok{0};
  auto reader = [&](std::atomic<bool>& mine, std::atomic<bool>& other) {
    q.submit([&](sycl::handler& h) {
      sycl::accessor in{b, h, sycl::read_only_host_task};
      h.host_task([&, in] {
        (void)in[0];
        mine = true;
        if (wait_for_flag(other, std::chrono::seconds(10))) ++ok;
      });
    });
  };
  reader(first, second);
  reader(second, first);
  q.wait();
  EXPECT_EQ(ok.load(), 2) << "two readers of one buffer did not run at the same time";
}

TEST(Dag, IndependentCommandGroupsRunConcurrently) {
  sycl::queue q1, q2;
  sycl::buffer<int> x(sycl::range<1>(1)), y(sycl::range<1>(1));
  std::atomic<bool> a_started{false}, b_started{false};
  std::atomic<int> ok{0};
  q1.submit([&](sycl::handler& h) {
    sycl::accessor acc{x, h, sycl::write_only_host_task};
    h.host_task([&, acc] {
      a_started = true;
      acc[0] = wait_for_flag(b_started, std::chrono::seconds(10));
      ++ok;
    });
  });
  q2.submit([&](sycl::handler& h) {
    sycl::accessor acc{y, h, sycl::write_only_host_task};
    h.host_task([&, acc] {
      b_started = true;
      acc[0] = wait_for_flag(a_started, std::chrono::seconds(10));
      ++ok;
    });
  });
  sycl::host_accessor rx{x}, ry{y};
  EXPECT_EQ(ok.load(), 2);
  EXPECT_EQ(rx[0], 1) << "the second command group did not start while the first ran";
  EXPECT_EQ(ry[0], 1);
  // The same on one out-of-order queue, with no buffers at all.
  sycl::queue q;
  std::atomic<bool> c{false}, d{false};
  std::atomic<int> met{0};
  q.submit([&](sycl::handler& h) {
    h.host_task([&] {
      c = true;
      met += wait_for_flag(d, std::chrono::seconds(10));
    });
  });
  q.submit([&](sycl::handler& h) {
    h.host_task([&] {
      d = true;
      met += wait_for_flag(c, std::chrono::seconds(10));
    });
  });
  q.wait();
  EXPECT_EQ(met.load(), 2);
}

TEST(Dag, HostAccessorWaitsOnlyForWhatItMust) {
  sycl::queue q;
  sycl::buffer<int> busy(sycl::range<1>(1)), read_by_busy(sycl::range<1>(1)), idle(sycl::range<1>(1));
  {
    sycl::host_accessor init{read_by_busy, sycl::write_only, sycl::no_init};
    init[0] = 5;
  }
  std::atomic<bool> release{false};
  auto blocked = q.submit([&](sycl::handler& h) {
    sycl::accessor w{busy, h, sycl::write_only_host_task};
    sycl::accessor r{read_by_busy, h, sycl::read_only_host_task};
    h.host_task([&, w, r] {
      wait_for_flag(release);
      w[0] = r[0] + 1;
    });
  });
  auto t0 = std::chrono::steady_clock::now();
  {
    sycl::host_accessor other{idle};  // untouched buffer: no wait
    other[0] = 1;
  }
  {
    sycl::host_accessor reader{read_by_busy, sycl::read_only};  // read after read: no wait
    EXPECT_EQ(reader[0], 5);
  }
  auto waited = std::chrono::steady_clock::now() - t0;
  EXPECT_LT(waited, std::chrono::seconds(5));
  EXPECT_NE(blocked.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
  // A write to the buffer the blocked task reads must wait (WAR); do it from
  // another thread and check that it has not finished before the release.
  std::atomic<bool> writer_done{false};
  std::thread writer([&] {
    sycl::host_accessor w{read_by_busy};
    w[0] = 6;
    writer_done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(writer_done.load()) << "a host write did not wait for the running reader";
  release = true;
  writer.join();
  EXPECT_TRUE(writer_done.load());
  sycl::host_accessor r{busy, sycl::read_only};
  EXPECT_EQ(r[0], 6) << "the task read 5 before the host wrote 6";
  sycl::host_accessor r2{read_by_busy, sycl::read_only};
  EXPECT_EQ(r2[0], 6);
}

TEST(Dag, BufferDestructionWaitsOnlyForItsOwnWork) {
  sycl::queue q;
  std::atomic<bool> release{false};
  sycl::buffer<int> slow(sycl::range<1>(1));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{slow, h, sycl::write_only_host_task};
    h.host_task([&, a] {
      wait_for_flag(release);
      a[0] = 1;
    });
  });
  std::vector<int> v(4, 0);
  auto t0 = std::chrono::steady_clock::now();
  {
    sycl::buffer<int> fast(v.data(), sycl::range<1>(4));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{fast, h};
      h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { a[i] = 3; });
    });
  }  // waits for the fast kernel only
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  EXPECT_EQ(v[3], 3);
  release = true;
  sycl::host_accessor r{slow};
  EXPECT_EQ(r[0], 1);
}

TEST(Dag, DependsOnAcrossQueues) {
  sycl::queue q1, q2;
  int* p = sycl::malloc_shared<int>(2, q1);
  p[0] = p[1] = 0;
  auto e = q1.single_task([=] {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    p[0] = 5;
  });
  q2.submit([&](sycl::handler& h) {
      h.depends_on(e);
      h.single_task([=] { p[1] = p[0] * 2; });
    }).wait();
  EXPECT_EQ(p[1], 10);
  sycl::free(p, q1);
}

TEST(Dag, SubBuffersOrderOnTheirParent) {
  sycl::queue q1, q2;
  std::vector<int> v(64, 0);
  {
    sycl::buffer<int> parent(v.data(), sycl::range<1>(64));
    sycl::buffer<int> lo(parent, sycl::id<1>(0), sycl::range<1>(32));
    sycl::buffer<int> hi(parent, sycl::id<1>(32), sycl::range<1>(32));
    q1.submit([&](sycl::handler& h) {
      sycl::accessor a{lo, h};
      h.parallel_for(sycl::range<1>(32), [=](sycl::id<1> i) { a[i] = 1; });
    });
    q2.submit([&](sycl::handler& h) {
      sycl::accessor a{hi, h};
      h.parallel_for(sycl::range<1>(32), [=](sycl::id<1> i) { a[i] = 2; });
    });
    q1.submit([&](sycl::handler& h) {
      sycl::accessor a{parent, h};
      h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] *= 10; });
    });
  }
  EXPECT_EQ(v[0], 10);
  EXPECT_EQ(v[63], 20);
}

TEST(Dag, ConcurrentSubmissionFrom8Threads) {
  constexpr int threads = 8;
  constexpr int per_thread = 50;
  constexpr std::size_t n = 256;
  sycl::queue shared_q;
  sycl::buffer<int> counter(sycl::range<1>(1));
  {
    sycl::host_accessor c{counter, sycl::write_only, sycl::no_init};
    c[0] = 0;
  }
  std::vector<std::vector<int>> results(threads, std::vector<int>(n, 0));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      sycl::queue own(t % 2 ? sycl::property_list{sycl::property::queue::in_order{}} : sycl::property_list{});
      sycl::buffer<int> mine(results[t].data(), sycl::range<1>(n));
      for (int k = 0; k < per_thread; ++k) {
        sycl::queue& q = (k % 2) ? own : shared_q;
        // Private chain: each step depends on the previous one through `mine`.
        q.submit([&](sycl::handler& h) {
          sycl::accessor a{mine, h};
          h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] * 3 % 1000003 + int(i[0]) + t; });
        });
        // Shared counter: every increment must survive (RAW/WAW on one buffer from 8 threads).
        q.submit([&](sycl::handler& h) {
          sycl::accessor c{counter, h};
          h.single_task([=] { c[0] += 1; });
        });
      }
    });
  }
  for (auto& th : pool) th.join();
  shared_q.wait();
  sycl::host_accessor c{counter, sycl::read_only};
  EXPECT_EQ(c[0], threads * per_thread);
  for (int t = 0; t < threads; ++t) {
    std::vector<int> expect(n, 0);
    for (int k = 0; k < per_thread; ++k)
      for (std::size_t i = 0; i < n; ++i) expect[i] = expect[i] * 3 % 1000003 + int(i) + t;
    EXPECT_EQ(results[t], expect) << "thread " << t;
  }
}

TEST(Dag, ManyThreadsUsmAndEvents) {
  sycl::queue q;
  constexpr int threads = 8;
  int* slots = sycl::malloc_shared<int>(threads * 100, q);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      sycl::event last;
      for (int k = 0; k < 100; ++k)
        last = q.submit([&](sycl::handler& h) {
          h.depends_on(last);
          h.single_task([=] { slots[t * 100 + k] = (k ? slots[t * 100 + k - 1] : 0) + k; });
        });
      last.wait();
    });
  for (auto& th : pool) th.join();
  for (int t = 0; t < threads; ++t) EXPECT_EQ(slots[t * 100 + 99], 99 * 100 / 2) << "thread " << t;
  sycl::free(slots, q);
}

}  // namespace
