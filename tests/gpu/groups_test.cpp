// Sub-groups (warps) and work groups (blocks): queries and collectives on the GPU.
#include "../support/gpu.hpp"

namespace {
// Runs f(nd_item, out) over n_groups groups of wg items and returns out (per item).
template <class T, class F>
std::vector<T> run(std::size_t n_groups, std::size_t wg, F f) {
  gpu_queue g;
  const std::size_t n = n_groups * wg;
  T* out = sycl::malloc_shared<T>(n, g.q);
  g.q.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) { out[it.get_global_linear_id()] = f(it); })
      .wait();
  std::vector<T> r(out, out + n);
  sycl::free(out, g.q);
  EXPECT_TRUE(g.errors.empty());
  return r;
}
}  // namespace

TEST(CudaGroups, SubGroupQueries) {
  WEFT_REQUIRE_GPU();
  for (std::size_t wg : {64u, 48u, 7u}) {
    auto r = run<std::uint32_t>(3, wg, [](sycl::nd_item<1> it) {
      auto sg = it.get_sub_group();
      return sg.get_local_linear_id() | sg.get_group_linear_id() << 8 | sg.get_local_linear_range() << 16 |
             sg.get_max_local_range()[0] << 24;
    });
    for (std::size_t i = 0; i < r.size(); ++i) {
      const std::size_t l = i % wg;
      constexpr std::size_t w = gpu_warp;
      const std::size_t sz = std::min<std::size_t>(w, wg - l / w * w);
      ASSERT_EQ(r[i], std::uint32_t(l % w | (l / w) << 8 | sz << 16 | w << 24)) << "wg " << wg << " item " << i;
    }
  }
}

struct sg_result {
  double bc, red, incl;
  int excl, any, all, xr, left;
};

TEST(CudaGroups, SubGroupCollectives) {
  WEFT_REQUIRE_GPU();
  for (std::size_t wg : {64u, 40u}) {
    auto r = run<sg_result>(4, wg, [](sycl::nd_item<1> it) {
      auto sg = it.get_sub_group();
      const double x = double(it.get_global_linear_id() + 1);
      const int lane = int(sg.get_local_linear_id());
      sg_result v;
      v.bc = sycl::group_broadcast(sg, x, 3);
      v.red = sycl::reduce_over_group(sg, x, sycl::plus<double>());
      v.incl = sycl::inclusive_scan_over_group(sg, x, sycl::plus<double>());
      v.excl = sycl::exclusive_scan_over_group(sg, lane, sycl::plus<int>());
      v.any = sycl::any_of_group(sg, lane == 5);
      v.all = sycl::all_of_group(sg, lane < 100) && !sycl::all_of_group(sg, lane < 3);
      v.xr = sycl::permute_group_by_xor(sg, lane, 1);
      v.left = sycl::shift_group_left(sg, lane, 1);
      return v;
    });
    for (std::size_t i = 0; i < r.size(); ++i) {
      constexpr std::size_t w = gpu_warp;
      const std::size_t l = i % wg, first = i - l % w, n = std::min<std::size_t>(w, wg - l / w * w);
      const std::size_t lane = l % w;
      double sum = 0, incl = 0;
      for (std::size_t k = 0; k < n; ++k) sum += double(first + k + 1);
      for (std::size_t k = 0; k <= lane; ++k) incl += double(first + k + 1);
      SCOPED_TRACE("wg " + std::to_string(wg) + " item " + std::to_string(i));
      ASSERT_EQ(r[i].bc, double(first + 4));
      ASSERT_EQ(r[i].red, sum);
      ASSERT_EQ(r[i].incl, incl);
      ASSERT_EQ(r[i].excl, int(lane * (lane - 1) / 2));
      ASSERT_EQ(r[i].any, n > 5 ? 1 : 0);
      ASSERT_EQ(r[i].all, n > 3 ? 1 : 0);
      if ((lane ^ 1) < n) ASSERT_EQ(r[i].xr, int(lane ^ 1));
      if (lane + 1 < n) ASSERT_EQ(r[i].left, int(lane + 1));
    }
  }
}

TEST(CudaGroups, WorkGroupCollectives) {
  WEFT_REQUIRE_GPU();
  for (std::size_t wg : {256u, 1024u, 100u}) {
    auto r = run<long long>(5, wg, [](sycl::nd_item<1> it) {
      auto grp = it.get_group();
      const long long x = (long long)it.get_local_linear_id() + 1;
      long long v = sycl::reduce_over_group(grp, x, sycl::plus<long long>()) * 1000000000LL;
      v += sycl::inclusive_scan_over_group(grp, x, sycl::plus<long long>()) * 1000;
      v += sycl::group_broadcast(grp, x, 7) == 8 ? 1 : 0;
      v += sycl::exclusive_scan_over_group(grp, x, sycl::plus<long long>()) == x * (x - 1) / 2 ? 2 : 0;
      v += sycl::any_of_group(grp, x == 3) && !sycl::all_of_group(grp, x == 3) && sycl::none_of_group(grp, x < 0) ? 4
                                                                                                                  : 0;
      v += sycl::reduce_over_group(grp, int(x), sycl::maximum<int>()) == int(it.get_local_range(0)) ? 8 : 0;
      return v;
    });
    for (std::size_t i = 0; i < r.size(); ++i) {
      const long long x = (long long)(i % wg) + 1, n = (long long)wg;
      ASSERT_EQ(r[i], n * (n + 1) / 2 * 1000000000LL + x * (x + 1) / 2 * 1000 + 15) << "wg " << wg << " item " << i;
    }
  }
}

// The seed's sub-group matrix multiplication (examples/sub_group_matmul.cpp) with a
// tile of 32, the warp: every lane's broadcast comes from its own sub-group.
TEST(CudaGroups, SubGroupMatmulSeed) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  constexpr std::size_t M = 128, N = 96, K = 64, tile = 32;
  std::vector<double> a(M * K), b(K * N), c(M * N);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = double(i % 13) * 0.5;
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = double(i % 7) - 3;
  {
    sycl::buffer<double, 2> bufA(a.data(), sycl::range{M, K}), bufB(b.data(), sycl::range{K, N}),
        bufC(c.data(), sycl::range{M, N});
    g.q.submit([&](sycl::handler& h) {
      sycl::accessor accA{bufA, h, sycl::read_only};
      sycl::accessor accB{bufB, h, sycl::read_only};
      sycl::accessor accC{bufC, h, sycl::write_only};
      h.parallel_for(sycl::nd_range<2>{{M, N}, {1, tile}}, [=](sycl::nd_item<2> it) {
        auto sg = it.get_sub_group();
        auto m = it.get_global_id()[0];
        auto n = it.get_global_id()[1];
        auto i = it.get_local_id()[1];
        double sum = 0;
        for (std::size_t l = 0; l < K; l += tile) {
          auto tileA = accA[m][l + i];
          for (std::size_t k = 0; k < tile; ++k) sum += sycl::group_broadcast(sg, tileA, k) * accB[l + k][n];
        }
        accC[m][n] = sum;
      });
    });
  }
  for (std::size_t m = 0; m < M; ++m)
    for (std::size_t n = 0; n < N; ++n) {
      double ref = 0;
      for (std::size_t k = 0; k < K; ++k) ref += a[m * K + k] * b[k * N + n];
      ASSERT_EQ(c[m * N + n], ref) << m << "," << n;
    }
}

// async_work_group_copy: the block's threads share the copy; wait_for is a barrier.
TEST(CudaGroups, AsyncWorkGroupCopy) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  constexpr std::size_t wg = 64, groups = 8, n = wg * groups, stride = 3;
  int* in = sycl::malloc_shared<int>(n * stride, g.q);
  int* out = sycl::malloc_shared<int>(n, g.q);
  int* strided_out = sycl::malloc_shared<int>(n * stride, g.q);
  for (std::size_t i = 0; i < n * stride; ++i) {
    in[i] = int(i) * 7 + 1;
    strided_out[i] = -1;
  }
  g.q.submit([&](sycl::handler& h) {
       sycl::local_accessor<int, 1> tile(wg, h), picked(wg, h);
       h.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
         const std::size_t base = it.get_group(0) * wg, l = it.get_local_id(0);
         int* t = &tile[0];
         int* p = &picked[0];
         auto e1 = it.async_work_group_copy(t, in + base, wg);                   // contiguous, global -> local
         auto e2 = it.async_work_group_copy(p, in + base * stride, wg, stride);  // strided source
         it.wait_for(e1, e2);
         t[l] = t[l] * 2 + p[l];
         sycl::group_barrier(it.get_group());
         it.async_work_group_copy(out + base, t, wg).wait();                           // local -> global
         it.async_work_group_copy(strided_out + base * stride, p, wg, stride).wait();  // strided destination
       });
     })
      .wait();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t grp = i / wg, l = i % wg;
    ASSERT_EQ(out[i], in[i] * 2 + in[grp * wg * stride + l * stride]) << "item " << i;
    ASSERT_EQ(strided_out[i * stride], in[i * stride]) << "strided element " << i;
    if (i * stride + 1 < n * stride) ASSERT_EQ(strided_out[i * stride + 1], -1) << "gap after element " << i;
  }
  EXPECT_TRUE(g.errors.empty());
  for (int* p : {in, out, strided_out}) sycl::free(p, g.q);
}

// Every nd_item query as a function that is not inlined sees it (the GPU target
// reads the ids from the block's registers there, not from the object), in 1-3
// dimensions, with an offset and work groups that are not a warp's multiple.
struct item_record {
  std::size_t global[3], local[3], group[3], local_range[3], group_range[3], global_range[3], offset[3];
  std::size_t global_linear, local_linear, group_linear, group_object_linear, sub_group_max;
};

template <int Dims>
SYCL_EXTERNAL __attribute__((noinline)) void record_item(const sycl::nd_item<Dims>& it, item_record* out) {
  item_record r{};
  for (int d = 0; d < Dims; ++d) {
    r.global[d] = it.get_global_id(d);
    r.local[d] = it.get_local_id()[d];
    r.group[d] = it.get_group(d);
    r.local_range[d] = it.get_local_range(d);
    r.group_range[d] = it.get_group_range()[d];
    r.global_range[d] = it.get_global_range(d);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // offsets are deprecated, and must still hold
    r.offset[d] = it.get_offset()[d];
#pragma GCC diagnostic pop
  }
  r.global_linear = it.get_global_linear_id();
  r.local_linear = it.get_local_linear_id();
  r.group_linear = it.get_group_linear_id();
  r.group_object_linear = it.get_group().get_group_linear_id();
  r.sub_group_max = it.get_sub_group().get_max_local_range()[0];
  out[r.global_linear] = r;
}

template <int Dims>
void check_item_queries(sycl::range<Dims> global, sycl::range<Dims> local, sycl::id<Dims> offset) {
  gpu_queue g;
  const std::size_t n = global.size();
  auto* out = sycl::malloc_shared<item_record>(n, g.q);
  g.q.parallel_for(sycl::nd_range<Dims>(global, local, offset), [=](sycl::nd_item<Dims> it) { record_item(it, out); })
      .wait();
  ASSERT_TRUE(g.errors.empty());
  sycl::range<Dims> groups = global;
  for (int d = 0; d < Dims; ++d) groups[d] = global[d] / local[d];
  for (std::size_t i = 0; i < n; ++i) {
    const sycl::id<Dims> gid = sycl::detail::delinearize(i, global);
    sycl::id<Dims> lid, grp;
    for (int d = 0; d < Dims; ++d) lid[d] = gid[d] % local[d], grp[d] = gid[d] / local[d];
    const item_record& r = out[i];
    for (int d = 0; d < Dims; ++d) {
      ASSERT_EQ(r.global[d], gid[d] + offset[d]) << Dims << "-D item " << i << " dimension " << d;
      ASSERT_EQ(r.local[d], lid[d]) << Dims << "-D item " << i << " dimension " << d;
      ASSERT_EQ(r.group[d], grp[d]) << Dims << "-D item " << i << " dimension " << d;
      ASSERT_EQ(r.local_range[d], local[d]);
      ASSERT_EQ(r.group_range[d], groups[d]);
      ASSERT_EQ(r.global_range[d], global[d]);
      ASSERT_EQ(r.offset[d], offset[d]);
    }
    ASSERT_EQ(r.global_linear, i);
    ASSERT_EQ(r.local_linear, sycl::detail::linearize(lid, local)) << Dims << "-D item " << i;
    ASSERT_EQ(r.group_linear, sycl::detail::linearize(grp, groups)) << Dims << "-D item " << i;
    ASSERT_EQ(r.group_object_linear, r.group_linear);
    ASSERT_EQ(r.sub_group_max, gpu_warp);
  }
  sycl::free(out, g.q);
}

TEST(CudaGroups, NdItemQueriesInAFunctionNotInlined) {
  WEFT_REQUIRE_GPU();
  check_item_queries<1>(sycl::range<1>(7 * 48), sycl::range<1>(48), sycl::id<1>(5));
  check_item_queries<2>(sycl::range<2>(12, 20), sycl::range<2>(3, 5), sycl::id<2>(2, 7));
  check_item_queries<3>(sycl::range<3>(4, 6, 10), sycl::range<3>(2, 3, 5), sycl::id<3>(1, 0, 9));
}
