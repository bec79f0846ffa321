// queue properties (in_order, enable_profiling), events (wait, status,
// profiling info) and asynchronous errors.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <sycl/sycl.hpp>
#include <thread>
#include <vector>

#include "../support/expect_error.hpp"
#include "../support/wait.hpp"

namespace {

using weft_test::catch_sycl;

using weft_test::wait_for_flag;

TEST(Queue, Properties) {
  sycl::queue plain;
  EXPECT_FALSE(plain.is_in_order());
  EXPECT_FALSE(plain.has_property<sycl::property::queue::in_order>());
  sycl::queue ordered{sycl::property::queue::in_order{}};
  EXPECT_TRUE(ordered.is_in_order());
  EXPECT_TRUE(ordered.has_property<sycl::property::queue::in_order>());
  sycl::queue both(sycl::default_selector_v,
                   sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
  EXPECT_TRUE(both.is_in_order());
  EXPECT_TRUE(both.has_property<sycl::property::queue::enable_profiling>());
  EXPECT_EQ(catch_sycl([&] { (void)plain.get_property<sycl::property::queue::in_order>(); }).code(),
            sycl::errc::invalid);
  sycl::queue copy = both;
  EXPECT_EQ(copy, both);
  EXPECT_NE(copy, plain);
}

TEST(Queue, InOrderRunsCommandsInSubmissionOrder) {
  sycl::queue q{sycl::property::queue::in_order{}};
  int* log = sycl::malloc_shared<int>(64, q);
  std::atomic<int>* next = new std::atomic<int>(0);
  for (int i = 0; i < 64; ++i) {
    if (i % 3 == 0) {
      q.submit([&](sycl::handler& h) { h.host_task([=] { log[next->fetch_add(1)] = i; }); });
    } else {
      q.single_task([=] {
        // Make early commands slow so a reordering would show.
        if (i < 8) std::this_thread::sleep_for(std::chrono::microseconds(200));
        log[next->fetch_add(1)] = i;
      });
    }
  }
  q.wait();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(log[i], i);
  delete next;
  sycl::free(log, q);
}

TEST(Queue, InOrderQueueAlsoRespectsBufferDependenciesFromOtherQueues) {
  sycl::queue in{sycl::property::queue::in_order{}};
  sycl::queue out;
  sycl::buffer<int> b(sycl::range<1>(1));
  out.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.single_task([=] {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      a[0] = 1;
    });
  });
  in.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.single_task([=] { a[0] += 1; });
  });
  sycl::host_accessor r{b};
  EXPECT_EQ(r[0], 2);
}

TEST(Event, StatusAndWait) {
  sycl::queue q;
  sycl::event done;
  EXPECT_EQ(done.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  done.wait();  // a default event is complete
  std::atomic<bool> started{false}, go{false};
  auto e = q.submit([&](sycl::handler& h) {
    h.host_task([&] {
      started = true;
      wait_for_flag(go);
    });
  });
  ASSERT_TRUE(wait_for_flag(started));
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::running);
  auto after = q.submit([&](sycl::handler& h) {
    h.depends_on(e);
    h.host_task([] {});
  });
  EXPECT_EQ(after.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::submitted);
  go = true;
  e.wait();
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  sycl::event::wait({after, e});
  EXPECT_EQ(after.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  EXPECT_EQ(after.get_backend(), q.get_backend());
}

TEST(Event, ProfilingInfoIsOrdered) {
  // In order: the kernels and the memset all write p (on an out-of-order queue
  // they would race, which the tsan preset reports).
  sycl::queue q{sycl::property_list{sycl::property::queue::enable_profiling{}, sycl::property::queue::in_order{}}};
  int* p = sycl::malloc_shared<int>(1 << 16, q);
  std::vector<sycl::event> evs;
  for (int k = 0; k < 4; ++k)
    evs.push_back(q.parallel_for(sycl::range<1>(1 << 16), [=](sycl::id<1> i) { p[i] = int(i[0]) * k; }));
  evs.push_back(q.submit(
      [&](sycl::handler& h) { h.host_task([] { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }); }));
  evs.push_back(q.memset(p, 0, 64));
  for (auto& e : evs) {
    e.wait();
    auto submit = e.get_profiling_info<sycl::info::event_profiling::command_submit>();
    auto start = e.get_profiling_info<sycl::info::event_profiling::command_start>();
    auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
    static_assert(std::is_same_v<decltype(submit), std::uint64_t>);
    EXPECT_GT(submit, 0u);
    EXPECT_LE(submit, start);
    EXPECT_LE(start, end);
  }
  auto s = evs[4].get_profiling_info<sycl::info::event_profiling::command_start>();
  auto t = evs[4].get_profiling_info<sycl::info::event_profiling::command_end>();
  EXPECT_GE(t - s, 2'000'000u) << "the host task slept 2 ms";
  // Without waiting first: start and end block until the command is done.
  auto e = q.single_task([=] { p[0] = 7; });
  EXPECT_LE(e.get_profiling_info<sycl::info::event_profiling::command_start>(),
            e.get_profiling_info<sycl::info::event_profiling::command_end>());
  EXPECT_EQ(p[0], 7);
  sycl::free(p, q);
}

TEST(Event, ProfilingOnNonProfilingQueueThrowsInvalid) {
  sycl::queue q;
  auto e = q.single_task([] {});
  e.wait();
  auto ex = catch_sycl([&] { (void)e.get_profiling_info<sycl::info::event_profiling::command_end>(); });
  EXPECT_EQ(ex.code(), sycl::errc::invalid);
  EXPECT_NE(std::string(ex.what()).find("enable_profiling"), std::string::npos) << ex.what();
  EXPECT_EQ(catch_sycl([&] { (void)e.get_profiling_info<sycl::info::event_profiling::command_start>(); }).code(),
            sycl::errc::invalid);
  EXPECT_EQ(
      catch_sycl([&] { (void)sycl::event().get_profiling_info<sycl::info::event_profiling::command_submit>(); }).code(),
      sycl::errc::invalid);
}

struct collected {
  std::vector<std::string> messages;
  int calls = 0;
};

sycl::async_handler collect_into(collected& c) {
  return [&c](sycl::exception_list list) {
    ++c.calls;
    for (auto& ep : list) {
      try {
        std::rethrow_exception(ep);
      } catch (const sycl::exception& e) {
        c.messages.push_back(std::string("sycl:") + e.what());
      } catch (const std::exception& e) {
        c.messages.push_back(e.what());
      }
    }
  };
}

TEST(AsyncErrors, KernelAndHostTaskExceptionsReachTheHandler) {
  collected c;
  sycl::queue q(collect_into(c));
  int* p = sycl::malloc_shared<int>(1024, q);
  q.parallel_for(sycl::range<1>(1024), [=](sycl::id<1> i) {
    if (i[0] == 517) throw std::runtime_error("kernel failed at 517");
    p[i] = 1;
  });
  q.submit([&](sycl::handler& h) {
    h.host_task([] { throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), "host task failed"); });
  });
  q.single_task([] { throw std::logic_error("single task failed"); });
  q.wait();
  EXPECT_EQ(c.calls, 0) << "wait() does not deliver errors";
  q.wait_and_throw();
  EXPECT_EQ(c.calls, 1);
  ASSERT_EQ(c.messages.size(), 3u);
  std::sort(c.messages.begin(), c.messages.end());
  EXPECT_EQ(c.messages[0], "kernel failed at 517");
  EXPECT_EQ(c.messages[1], "single task failed");
  EXPECT_EQ(c.messages[2], "sycl:host task failed");
  // Delivered once only.
  q.throw_asynchronous();
  EXPECT_EQ(c.calls, 1);
  // The queue keeps working.
  q.parallel_for(sycl::range<1>(1024), [=](sycl::id<1> i) { p[i] = 2; }).wait();
  EXPECT_EQ(p[1023], 2);
  q.wait_and_throw();
  EXPECT_EQ(c.calls, 1);
  sycl::free(p, q);
}

TEST(AsyncErrors, ThrowAsynchronousAndEventWaitAndThrow) {
  collected c;
  sycl::queue q(sycl::default_selector_v, collect_into(c));
  auto e = q.single_task([] { throw std::runtime_error("boom"); });
  e.wait_and_throw();
  ASSERT_EQ(c.messages.size(), 1u);
  EXPECT_EQ(c.messages[0], "boom");
  auto e2 = q.submit([&](sycl::handler& h) { h.host_task([] { throw std::runtime_error("later"); }); });
  e2.wait();
  q.throw_asynchronous();
  ASSERT_EQ(c.messages.size(), 2u);
  EXPECT_EQ(c.messages[1], "later");
  std::vector<sycl::event> last(1, q.single_task([] {}));
  sycl::event::wait_and_throw(last);
  EXPECT_EQ(c.calls, 2);
}

TEST(AsyncErrors, ContextHandlerIsTheFallback) {
  collected c;
  sycl::context ctx(sycl::device(), collect_into(c));
  sycl::queue q(ctx, sycl::default_selector_v);
  q.single_task([] { throw std::runtime_error("via context"); });
  q.wait_and_throw();
  ASSERT_EQ(c.messages.size(), 1u);
  EXPECT_EQ(c.messages[0], "via context");
}

TEST(AsyncErrors, BufferWorkAfterAFailedKernelStillRuns) {
  collected c;
  sycl::queue q(collect_into(c));
  sycl::buffer<int> b(sycl::range<1>(4));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.single_task([=] {
      a[0] = 1;
      throw std::runtime_error("half done");
    });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.single_task([=] { a[1] = a[0] + 1; });
  });
  {
    sycl::host_accessor r{b, sycl::read_only};
    EXPECT_EQ(r[1], 2);
  }
  q.wait_and_throw();
  EXPECT_EQ(c.messages.size(), 1u);
}

TEST(Queue, WaitCoversEverything) {
  sycl::queue q;
  std::atomic<int> n{0};
  auto* pn = &n;
  for (int i = 0; i < 100; ++i) q.submit([&](sycl::handler& h) { h.host_task([=] { pn->fetch_add(1); }); });
  q.wait();
  EXPECT_EQ(n.load(), 100);
}

}  // namespace
