// Errors inside kernels and host tasks: delivered to the queue's async_handler
// at wait_and_throw()/throw_asynchronous(), and the queue keeps working.
#include <gtest/gtest.h>

#include <stdexcept>
#include "../support/expect_error.hpp"

using weft_test::async_errors;

TEST(AsyncErrors, HostTaskThrowsSyclException) {
  async_errors errs;
  sycl::queue q(errs.handler());
  q.submit([&](sycl::handler& h) {
    h.host_task([] { throw sycl::exception(sycl::make_error_code(sycl::errc::runtime), "host task failed: code 17"); });
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::runtime, {"code 17"});
}

TEST(AsyncErrors, KernelThrowsSyclException) {
  async_errors errs;
  sycl::queue q(errs.handler());
  q.parallel_for(sycl::range<1>(1000), [=](sycl::id<1> i) {
    if (i[0] == 613) throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), "bad item 613");
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::kernel, {"bad item 613"});
}

TEST(AsyncErrors, SingleTaskThrowsStdException) {
  async_errors errs;
  sycl::queue q(errs.handler());
  q.single_task([] { throw std::runtime_error("single task: 42 is wrong"); });
  q.wait_and_throw();
  ASSERT_EQ(errs.size(), 1u);
  try {
    errs.rethrow(0);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "single task: 42 is wrong");
  }
}

TEST(AsyncErrors, ManyItemsThrow2D) {
  // Every item throws: the kernel stops early and one error is delivered.
  async_errors errs;
  sycl::queue q(errs.handler());
  q.parallel_for(sycl::range<2>(256, 256), [=](sycl::item<2> it) {
    throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), "item " + std::to_string(it.get_linear_id()));
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::kernel, {"item "});
}

TEST(AsyncErrors, SeveralFailuresInOneList) {
  std::vector<std::size_t> list_sizes;
  sycl::queue q([&](sycl::exception_list l) { list_sizes.push_back(l.size()); });
  for (int i = 0; i < 5; ++i)
    q.submit([&](sycl::handler& h) { h.host_task([i] { throw std::logic_error("failure " + std::to_string(i)); }); });
  q.wait_and_throw();
  ASSERT_EQ(list_sizes.size(), 1u);
  EXPECT_EQ(list_sizes[0], 5u);
}

TEST(AsyncErrors, QueueKeepsWorkingAfterKernelError) {
  async_errors errs;
  sycl::queue q(errs.handler());
  sycl::buffer<int> b(sycl::range<1>(64));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) {
      a[i] = 1;
      if (i[0] == 5) throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), "kernel 1 failed at 5");
    });
  });
  // A dependent kernel still runs (its input is whatever the failed one left).
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] = int(i[0]) * 2; });
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::kernel, {"kernel 1 failed at 5"});
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[63], 126);
}

TEST(AsyncErrors, EventWaitAndThrowDelivers) {
  async_errors errs;
  sycl::queue q(errs.handler());
  auto e = q.submit([&](sycl::handler& h) {
    h.host_task([] { throw sycl::exception(sycl::make_error_code(sycl::errc::runtime), "event path 3"); });
  });
  e.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::runtime, {"event path 3"});
}

// SYCL 2020 4.6.6: event::wait_and_throw also passes the errors of the commands the
// event depends on to the handlers of their own queues (the CTS case "event::
// wait_and_throw reports asynchronous errors from related events on corresponding
// queues"), through a dependency of a dependency too; the static form does the same.
TEST(AsyncErrors, EventWaitAndThrowDeliversRelatedEventsOnTheirQueues) {
  for (bool vector_form : {false, true}) {
    async_errors errs1, errs2, errs3;
    sycl::queue q1(errs1.handler()), q2(errs2.handler()), q3(errs3.handler());
    auto throwing = [](sycl::queue& q, std::vector<sycl::event> deps, const char* what) {
      return q.submit([&](sycl::handler& h) {
        h.depends_on(deps);
        h.host_task([what] { throw sycl::exception(sycl::make_error_code(sycl::errc::runtime), what); });
      });
    };
    auto e1 = throwing(q1, {}, "first error");
    auto e2 = throwing(q2, {e1}, "second error");
    auto e3 = throwing(q3, {e2}, "third error");
    if (vector_form) sycl::event::wait_and_throw({e3});
    else e3.wait_and_throw();
    ASSERT_EQ(errs1.size(), 1u) << "vector form: " << vector_form;
    ASSERT_EQ(errs2.size(), 1u);
    ASSERT_EQ(errs3.size(), 1u);
    EXPECT_SYCL_ERROR(errs1.rethrow(0), sycl::errc::runtime, {"first error"});
    EXPECT_SYCL_ERROR(errs2.rethrow(0), sycl::errc::runtime, {"second error"});
    EXPECT_SYCL_ERROR(errs3.rethrow(0), sycl::errc::runtime, {"third error"});
    e1.wait_and_throw();  // consumed already: nothing more
    EXPECT_EQ(errs1.size(), 1u);
  }
}

TEST(AsyncErrors, ContextHandlerIsUsedWhenQueueHasNone) {
  async_errors errs;
  sycl::context ctx(sycl::device{sycl::cpu_selector_v}, errs.handler());
  sycl::queue q(ctx, sycl::device{sycl::cpu_selector_v});
  q.submit([&](sycl::handler& h) {
    h.host_task([] { throw sycl::exception(sycl::make_error_code(sycl::errc::accessor), "context path 9"); });
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::accessor, {"context path 9"});
}

TEST(AsyncErrors, ErrorsWaitForThrowAsynchronous) {
  async_errors errs;
  sycl::queue q(errs.handler());
  q.submit([&](sycl::handler& h) { h.host_task([] { throw std::runtime_error("later 5"); }); });
  q.wait();  // wait() does not deliver
  EXPECT_EQ(errs.size(), 0u);
  q.throw_asynchronous();
  EXPECT_EQ(errs.size(), 1u);
}
