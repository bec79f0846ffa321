// Checked mode (WEFT_CHECKED=1, set for this file in CMakeLists.txt): accessor
// subscripts are bounds-checked and a violation names kernel, item and index.
#include <gtest/gtest.h>

#include "../support/expect_error.hpp"

#if !WEFT_CHECKED
#error "this test must be compiled with WEFT_CHECKED=1"
#endif

using weft_test::async_errors;

class off_by_one;  // a kernel name

// Each test submits to q, whose asynchronous errors errs collects.
class CheckedMode : public ::testing::Test {
 protected:
  async_errors errs;
  sycl::queue q{errs.handler()};
};

TEST_F(CheckedMode, RangeKernel1DNamedKernel) {
  sycl::buffer<int> b(sycl::range<1>(100));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.parallel_for<off_by_one>(sycl::range<1>(100), [=](sycl::id<1> i) { a[i[0] + 1] = 1; });
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::accessor,
                              {"index {100}", "range {100}", "kernel 'off_by_one'", "work item {99}"});
}

TEST_F(CheckedMode, RangeKernel2DUnnamedLambda) {
  sycl::buffer<float, 2> b(sycl::range<2>(8, 4));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(sycl::range<2>(8, 4), [=](sycl::item<2> it) {
      if (it[0] == 3 && it[1] == 2) a[it[0]][it[1] + 5] = 1.f;  // subscript proxy path
    });
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::accessor,
                              {"index {3, 7}", "range {8, 4}", "work item {3, 2}", "lambda"});
}

TEST_F(CheckedMode, RangedAccessorChecksItsOwnRange) {
  sycl::buffer<int> b(sycl::range<1>(64));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<1>(16), sycl::id<1>(32)};
    h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i[0] * 2] = 1; });  // in the buffer, outside the accessor
  });
  q.wait_and_throw();
  ASSERT_GE(errs.size(), 1u);
  EXPECT_SYCL_ERROR(errs.rethrow(0), sycl::errc::accessor, {"range {16}", "offset {32}"});
}

TEST_F(CheckedMode, OffsetKernelReportsGlobalItem) {
  sycl::buffer<int> b(sycl::range<1>(10));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(sycl::range<1>(3), sycl::id<1>(8),
                   [=](sycl::item<1> it) { a[it.get_id()] = 1; });  // only item 10 is outside
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::accessor, {"index {10}", "range {10}", "work item {10}"});
}

class lone_task;
TEST_F(CheckedMode, SingleTask) {
  sycl::buffer<double, 3> b(sycl::range<3>(2, 2, 2));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::read_only};
    h.single_task<lone_task>([=] { (void)a[sycl::id<3>(1, 2, 0)]; });
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::accessor, {"index {1, 2, 0}", "{2, 2, 2}", "kernel 'lone_task'"});
}

TEST_F(CheckedMode, HostAccessorThrowsSynchronously) {
  sycl::buffer<int> b(sycl::range<1>(5));
  sycl::host_accessor h{b};
  EXPECT_SYCL_ERROR((void)h[5], sycl::errc::accessor, {"index {5}", "range {5}", "host code"});
}

TEST_F(CheckedMode, HostTaskAccessor) {
  sycl::buffer<int> b(sycl::range<1>(3));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.host_task([=] { a[7] = 0; });
  });
  q.wait_and_throw();
  EXPECT_ONE_ASYNC_SYCL_ERROR(errs, sycl::errc::accessor, {"index {7}", "range {3}"});
}

TEST_F(CheckedMode, InBoundsKernelsRunUnchanged) {
  sycl::buffer<int, 3> b(sycl::range<3>(4, 5, 6));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.parallel_for(sycl::range<3>(4, 5, 6), [=](sycl::item<3> it) { a[it] = int(it.get_linear_id()); });
  });
  q.wait_and_throw();
  EXPECT_EQ(errs.size(), 0u);
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[3][4][5], 119);
}
