// 16 host threads submitting at once, to one shared queue and to one private
// queue each, with buffers shared between threads and private to each.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>
#include <sycl/sycl.hpp>
#include "stress_sizes.hpp"

constexpr int threads = 16;
constexpr std::size_t per_thread = 400 / weft_test::stress_divisor;  // command groups per thread and queue
constexpr std::size_t width = 64;

TEST(StressThreads, SharedAndPrivateQueues) {
  sycl::queue shared;
  std::vector<int> shared_data(threads * width, 0);
  std::vector<std::vector<int>> private_data(threads, std::vector<int>(width, 0));
  std::atomic<int> host_tasks{0};
  {
    sycl::buffer<int> shared_buf(shared_data.data(), sycl::range<1>(shared_data.size()));
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        sycl::queue mine(t % 2 ? sycl::property_list{sycl::property::queue::in_order{}} : sycl::property_list{});
        sycl::buffer<int> own(private_data[t].data(), sycl::range<1>(width));
        int* usm = sycl::malloc_shared<int>(width, mine);
        mine.memset(usm, 0, width * sizeof(int)).wait();
        std::vector<sycl::event> events;
        for (std::size_t n = 0; n < per_thread; ++n) {
          // Shared queue, shared buffer: this thread's window only.
          shared.submit([&](sycl::handler& h) {
            sycl::accessor a{shared_buf, h, sycl::range<1>(width), sycl::id<1>(t * width)};
            h.parallel_for(sycl::range<1>(width), [=](sycl::id<1> i) { a[i] += 1; });
          });
          // Private queue, private buffer.
          mine.submit([&](sycl::handler& h) {
            sycl::accessor a{own, h};
            h.parallel_for(sycl::range<1>(width), [=](sycl::id<1> i) { a[i] += int(i[0]); });
          });
          // Private queue, USM chained by events.
          sycl::event prev = events.empty() ? sycl::event{} : events.back();
          events.push_back(mine.submit([&](sycl::handler& h) {
            h.depends_on(prev);
            h.parallel_for(sycl::range<1>(width), [=](sycl::id<1> i) { usm[i] += 2; });
          }));
          if (n % 50 == 0) shared.submit([&](sycl::handler& h) { h.host_task([&] { host_tasks.fetch_add(1); }); });
          if (n % 97 == 0) events.back().wait();
        }
        mine.wait_and_throw();
        for (std::size_t i = 0; i < width; ++i) EXPECT_EQ(usm[i], int(2 * per_thread)) << "thread " << t;
        sycl::free(usm, mine);
      });
    for (auto& th : pool) th.join();
    shared.wait_and_throw();
  }
  for (int t = 0; t < threads; ++t)
    for (std::size_t i = 0; i < width; ++i) {
      ASSERT_EQ(shared_data[t * width + i], int(per_thread)) << "thread " << t << " element " << i;
      ASSERT_EQ(private_data[t][i], int(per_thread * i)) << "thread " << t << " element " << i;
    }
  EXPECT_EQ(host_tasks.load(), threads * int((per_thread + 49) / 50));
}

TEST(StressThreads, ConcurrentHostAccessorsAndKernels) {
  // Threads alternate host_accessors and kernels on one buffer: nothing may hang
  // and every increment must land.
  sycl::queue q;
  sycl::buffer<long> b(sycl::range<1>(1));
  {
    sycl::host_accessor h{b, sycl::write_only, sycl::no_init};
    h[0] = 0;
  }
  constexpr int rounds = int(200 / weft_test::stress_divisor);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (int n = 0; n < rounds; ++n) {
        if ((n + t) % 2) {
          sycl::host_accessor h{b};
          h[0] += 1;
        } else {
          q.submit([&](sycl::handler& h) {
            sycl::accessor a{b, h};
            h.single_task([=] { a[0] += 1; });
          });
        }
      }
    });
  for (auto& th : pool) th.join();
  q.wait_and_throw();
  EXPECT_EQ((sycl::host_accessor{b, sycl::read_only}[0]), long(threads) * rounds);
}
