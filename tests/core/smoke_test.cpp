#include <gtest/gtest.h>

#include <numeric>
#include <sycl/sycl.hpp>
#include <vector>

TEST(Smoke, BufferKernelWriteBack) {
  std::vector<int> v(1000, 1);
  {
    sycl::queue q;
    sycl::buffer<int> b(v.data(), sycl::range<1>(v.size()));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor acc{b, cgh, sycl::read_write};
      cgh.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { acc[i] += static_cast<int>(i[0]); });
    });
  }
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[i], 1 + i);
}

TEST(Smoke, Usm2D) {
  sycl::queue q;
  float* p = sycl::malloc_shared<float>(64 * 32, q);
  q.parallel_for(sycl::range<2>(64, 32), [=](sycl::item<2> it) {
     p[it.get_linear_id()] = float(it[0] * 100 + it[1]);
   }).wait();
  EXPECT_EQ(p[33], 101.f);
  EXPECT_EQ(sycl::get_pointer_type(p, q.get_context()), sycl::usm::alloc::shared);
  sycl::free(p, q);
}

TEST(Smoke, HostAccessorAndDeps) {
  sycl::queue q;
  sycl::buffer<double, 2> a(sycl::range<2>(16, 16));
  q.submit([&](sycl::handler& h) {
    auto acc = a.get_access<sycl::access::mode::discard_write>(h);
    h.parallel_for(sycl::range<2>(16, 16), [=](sycl::id<2> i) { acc[i] = double(i[0] + i[1]); });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor acc{a, h};
    h.parallel_for(sycl::range<2>(16, 16), [=](sycl::item<2> i) { acc[i[0]][i[1]] *= 2; });
  });
  sycl::host_accessor r{a, sycl::read_only};
  EXPECT_EQ(r[3][4], 14.0);
}
