// The SYCL source of the add_sycl_to_target project: a range kernel and an nd_range
// kernel with a barrier, which Weft's pass plugin vectorizes and splits.
#include <sycl/sycl.hpp>

#include <vector>

#if EXPECT_PLUGIN && !(defined(__clang__) && WEFT_SIMD_ITEMS == 2)
#error "add_sycl_to_target did not compile this source with clang 22 and Weft's pass plugin"
#endif

bool run_kernels(unsigned long n) {
  sycl::queue q;
  std::vector<float> x(n, 1.0f), y(n, 2.0f), z(n, 0.0f);
  {
    sycl::buffer<float> bx(x.data(), sycl::range<1>(n)), by(y.data(), sycl::range<1>(n)),
        bz(z.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor X(bx, h, sycl::read_only);
      sycl::accessor Y(by, h, sycl::read_write);
      h.parallel_for<class saxpy>(sycl::range<1>(n), [=](sycl::id<1> i) { Y[i] = 2.0f * X[i] + Y[i]; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor Y(by, h, sycl::read_only);
      sycl::accessor Z(bz, h, sycl::write_only);
      sycl::local_accessor<float> tile(sycl::range<1>(64), h);
      h.parallel_for<class reverse_tile>(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        tile[l] = Y[it.get_global_id(0)];
        sycl::group_barrier(it.get_group());
        Z[it.get_global_id(0)] = tile[63 - l] + 1.0f;
      });
    });
  }
  for (float v : z)
    if (v != 5.0f) return false;
  return true;
}
