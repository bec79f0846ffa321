// 10^5 small kernels (release build): half on an out-of-order queue spread over
// 64 buffers, half on an in-order queue over USM.
#include <gtest/gtest.h>

#include <vector>
#include <sycl/sycl.hpp>
#include "stress_sizes.hpp"

constexpr std::size_t total = 100000 / weft_test::stress_divisor;

TEST(StressSmallKernels, OutOfOrderOverBuffers) {
  constexpr std::size_t n = total / 2, buffers = 64;
  std::vector<std::vector<int>> data(buffers, std::vector<int>(4, 0));
  {
    sycl::queue q;
    std::vector<sycl::buffer<int>> bufs;
    for (auto& d : data) bufs.emplace_back(d.data(), sycl::range<1>(4));
    for (std::size_t k = 0; k < n; ++k)
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{bufs[k % buffers], h};
        h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { a[i] += 1; });
      });
    q.wait_and_throw();
  }
  for (std::size_t b = 0; b < buffers; ++b) {
    int expected = int(n / buffers + (b < n % buffers ? 1 : 0));
    for (int v : data[b]) ASSERT_EQ(v, expected) << "buffer " << b;
  }
}

TEST(StressSmallKernels, InOrderOverUsm) {
  constexpr std::size_t n = total / 2;
  sycl::queue q{sycl::property::queue::in_order{}};
  auto* p = sycl::malloc_shared<unsigned>(16, q);
  q.memset(p, 0, 16 * sizeof(unsigned));
  for (std::size_t k = 0; k < n; ++k) {
    if (k % 3 == 0) q.single_task([=] { p[0] = p[0] * 7 + 1; });
    else q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] += 1; });
  }
  q.wait_and_throw();
  unsigned expected0 = 0, expected_rest = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (k % 3 == 0) expected0 = expected0 * 7 + 1;
    else ++expected0, ++expected_rest;
  }
  EXPECT_EQ(p[0], expected0);
  for (int i = 1; i < 16; ++i) EXPECT_EQ(p[i], expected_rest);
  sycl::free(p, q);
}
