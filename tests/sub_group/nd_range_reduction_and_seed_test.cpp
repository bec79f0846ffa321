// sycl::reduction in parallel_for(nd_range) (USM and buffer, several at once,
// with group collectives in the same kernel), and the seed's sub-group matmul.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <sycl/sycl.hpp>
#include <vector>

namespace {

TEST(NdRangeReduction, UsmAndBufferSeveral) {
  sycl::queue q;
  for (std::size_t wg : {16, 24, 100}) {
    const std::size_t groups = 5, n = wg * groups;
    long* sum = sycl::malloc_shared<long>(1, q);
    *sum = 7;
    int mx = -1;
    double prod_host = 3.0;
    {
      sycl::buffer<int> bmax(&mx, sycl::range<1>(1));
      sycl::buffer<double> bprod(&prod_host, sycl::range<1>(1));
      q.submit([&](sycl::handler& cgh) {
        auto rmax = sycl::reduction(bmax, cgh, sycl::maximum<>(),
                                    sycl::property_list{sycl::property::reduction::initialize_to_identity{}});
        auto rprod = sycl::reduction(bprod, cgh, 1.0, [](double a, double b) { return a * b; });
        cgh.parallel_for(sycl::nd_range<1>(n, wg), sycl::reduction(sum, sycl::plus<>()), rmax, rprod,
                         [=](sycl::nd_item<1> it, auto& s, auto& m, auto& p) {
                           const auto i = static_cast<long>(it.get_global_linear_id());
                           // A sub-group sum in the kernel: collectives and reducers together.
                           const long sg_sum = sycl::reduce_over_group(it.get_sub_group(), i, sycl::plus<>());
                           if (it.get_sub_group().leader()) s += sg_sum;
                           m.combine(static_cast<int>(i % 1000));
                           if (i < 10) p.combine(2.0);
                         });
      });
    }
    EXPECT_EQ(*sum, 7 + static_cast<long>(n * (n - 1) / 2)) << wg;
    EXPECT_EQ(mx, static_cast<int>(std::min<std::size_t>(n, 1000) - 1));
    EXPECT_EQ(prod_host, 3.0 * 1024.0);
    sycl::free(sum, q);
  }
}

TEST(NdRangeReduction, TwoDimInitToIdentity) {
  sycl::queue q;
  unsigned* bits = sycl::malloc_shared<unsigned>(1, q);
  *bits = 0xf0000000u;
  q.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 12), sycl::range<2>(4, 6)),
                 sycl::reduction(bits, sycl::bit_or<unsigned>(),
                                 sycl::property_list{sycl::property::reduction::initialize_to_identity{}}),
                 [=](sycl::nd_item<2> it, auto& b) { b |= 1u << it.get_global_id(1); })
      .wait();
  EXPECT_EQ(*bits, 0xfffu);
  sycl::free(bits, q);
}

TEST(Seed, SubGroupMatmul256) {
  using namespace sycl;
  queue Q;
  constexpr size_t M = 256, N = 256, K = 256;
  std::vector<double> a(M * K), b(K * N);
  std::mt19937 mt(42);
  std::uniform_real_distribution<double> dist(0.0, 1.0);
  for (auto& v : a) v = dist(mt);
  for (auto& v : b) v = dist(mt);
  buffer<double, 2> bufA(a.data(), range{M, N}), bufB(b.data(), range{N, K});
  buffer<double, 2> bufC(range{M, K});
  Q.submit([&](handler& cgh) {
    accessor accA{bufA, cgh, read_only};
    accessor accB{bufB, cgh, read_only};
    accessor accC{bufC, cgh, write_only};
    constexpr auto tile_sz = 16;
    range global{M, K};
    range local{1, tile_sz};
    cgh.parallel_for(nd_range{global, local}, [=](nd_item<2> it) {
      auto sg = it.get_sub_group();
      auto m = it.get_global_id()[0];
      auto n = it.get_global_id()[1];
      auto i = it.get_local_id()[1];
      auto sum = 0.0;
      for (size_t l = 0; l < K; l += tile_sz) {
        auto tileA = accA[m][l + i];
        for (auto k = 0; k < tile_sz; ++k) sum += group_broadcast(sg, tileA, k) * accB[l + k][n];
      }
      accC[m][n] = sum;
    });
  });
  host_accessor C{bufC};
  for (size_t m = 0; m < M; ++m)
    for (size_t n = 0; n < N; ++n) {
      double ref = 0.0;
      for (size_t k = 0; k < K; ++k) ref += a[m * K + k] * b[k * N + n];
      ASSERT_NEAR(C[m][n], ref, 1e-9) << m << " " << n;
    }
}

}  // namespace
