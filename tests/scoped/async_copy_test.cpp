// s_group::async_work_group_copy and wait_for (ScopedGroup concept, work groups only).
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>

namespace {

TEST(ScopedAsyncCopy, GlobalToLocalThenBack) {
  sycl::queue q;
  constexpr std::size_t G = 64, N = 5;
  int* in = sycl::malloc_shared<int>(G * N, q);
  int* out = sycl::malloc_shared<int>(G * N, q);
  for (std::size_t i = 0; i < G * N; ++i) {
    in[i] = int(i);
    out[i] = -1;
  }
  q.parallel(sycl::range<1>{N}, sycl::range<1>{G}, [=](auto grp) {
     sycl::memory_environment(grp, sycl::require_local_mem<int[G]>(), [&](auto& tile) {
       int* base = in + grp.get_group_id(0) * G;
       auto e = grp.async_work_group_copy(sycl::local_ptr<int>(tile), sycl::global_ptr<int>(base), G);
       grp.wait_for(e);
       sycl::distribute_items_and_wait(grp, [&](sycl::s_item<1> idx) { tile[idx.get_local_id(grp, 0)] *= 3; });
       auto back = grp.async_work_group_copy(sycl::global_ptr<int>(out + grp.get_group_id(0) * G),
                                             sycl::local_ptr<int>(tile), G);
       grp.wait_for(back);
     });
   }).wait();
  for (std::size_t i = 0; i < G * N; ++i) ASSERT_EQ(out[i], 3 * int(i)) << "at " << i;
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(ScopedAsyncCopy, StridedGather) {
  sycl::queue q;
  constexpr std::size_t G = 16, stride = 3;
  int* in = sycl::malloc_shared<int>(G * stride, q);
  int* out = sycl::malloc_shared<int>(G, q);
  for (std::size_t i = 0; i < G * stride; ++i) in[i] = int(i);
  q.parallel(sycl::range<1>{1}, sycl::range<1>{G}, [=](auto grp) {
     sycl::memory_environment(grp, sycl::require_local_mem<int[G]>(), [&](auto& tile) {
       // Strided source, contiguous local destination: element i comes from in[i * stride].
       grp.wait_for(grp.async_work_group_copy(sycl::local_ptr<int>(tile), sycl::global_ptr<int>(in), G, stride));
       sycl::distribute_items(grp,
                              [&](sycl::s_item<1> idx) { out[idx.get_global_id(0)] = tile[idx.get_global_id(0)]; });
     });
   }).wait();
  for (std::size_t i = 0; i < G; ++i) ASSERT_EQ(out[i], int(i * stride)) << "at " << i;
  sycl::free(in, q);
  sycl::free(out, q);
}

}  // namespace
