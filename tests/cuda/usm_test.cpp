// USM on the GPU: device, shared and host allocations, memory commands, kernels on them.
#include "cuda_test_util.hpp"

TEST(CudaUsm, DeviceMemoryRoundTrip) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  auto& q = g.q;
  constexpr std::size_t n = 1 << 20;
  std::vector<float> host(n);
  for (std::size_t i = 0; i < n; ++i) host[i] = float(i % 1000);
  float* d = sycl::malloc_device<float>(n, q);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(sycl::get_pointer_type(d, q.get_context()), sycl::usm::alloc::device);
  q.memcpy(d, host.data(), n * sizeof(float)).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = d[i] * 2.0f + 1.0f; }).wait();
  std::vector<float> out(n);
  q.memcpy(out.data(), d, n * sizeof(float)).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], float(i % 1000) * 2.0f + 1.0f) << i;
  sycl::free(d, q);
  EXPECT_TRUE(g.errors.empty());
}

TEST(CudaUsm, SharedAndHostMemory) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  auto& q = g.q;
  constexpr std::size_t n = 10000;
  int* s = sycl::malloc_shared<int>(n, q);
  int* h = sycl::malloc_host<int>(n, q);
  ASSERT_NE(s, nullptr);
  ASSERT_NE(h, nullptr);
  for (std::size_t i = 0; i < n; ++i) s[i] = int(i);
  q.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it) { h[it.get_linear_id()] = s[it.get_linear_id()] * 3; }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], int(i) * 3);
  EXPECT_EQ(sycl::get_pointer_type(s, q.get_context()), sycl::usm::alloc::shared);
  EXPECT_EQ(sycl::get_pointer_type(h, q.get_context()), sycl::usm::alloc::host);
  sycl::free(s, q);
  sycl::free(h, q);
}

TEST(CudaUsm, FillMemsetCopy) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  auto& q = g.q;
  constexpr std::size_t n = 100003;
  double* d = sycl::malloc_device<double>(n, q);
  q.fill(d, 2.5, n).wait();
  std::vector<double> out(n);
  q.copy(d, out.data(), n).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 2.5) << i;
  q.memset(d, 0, n * sizeof(double)).wait();
  q.copy(d, out.data(), n).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 0.0) << i;
  sycl::free(d, q);
}
