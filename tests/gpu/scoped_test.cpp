// Scoped parallelism (AdaptiveCpp's cgh.parallel) on the GPU: distribution,
// sub-groups, single_item, local and private memory, group algorithms and the
// specification's reduction example (docs/gpu.md).
#include <algorithm>
#include <numeric>
#include <vector>

#include "../support/gpu.hpp"

namespace {

template <class T>
struct dev_array {
  sycl::queue& q;
  std::size_t n;
  T* p;
  dev_array(sycl::queue& q, std::size_t n, T init = T{}) : q(q), n(n), p(sycl::malloc_device<T>(n, q)) {
    q.fill(p, init, n).wait();
  }
  ~dev_array() { sycl::free(p, q); }
  std::vector<T> get() {
    std::vector<T> r(n);
    q.memcpy(r.data(), p, n * sizeof(T)).wait();
    return r;
  }
};

}  // namespace

TEST(CudaScoped, RunsOnTheGpuWithPhysicalItems) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  for (std::size_t wg : {128u, 40u, 1000u}) {
    dev_array<unsigned> out(g.q, 4 * 3);
    unsigned* o = out.p;
    g.q.parallel(sycl::range<1>(4), sycl::range<1>(wg),
                 [=](auto grp) {
                   sycl::single_item(grp, [&] {
                     const std::size_t b = grp.get_group_linear_id() * 3;
                     o[b] = unsigned(grp.get_physical_local_linear_range());
                     o[b + 1] = unsigned(grp.get_logical_local_linear_range());
                   });
                   sycl::distribute_groups(grp, [&](auto sg) {
                     if (sg.get_group_linear_id() == 0 && sg.leader())
                       o[grp.get_group_linear_id() * 3 + 2] = unsigned(sg.get_physical_local_linear_range());
                   });
                 })
        .wait();
    const auto r = out.get();
    constexpr std::size_t w = gpu_warp;
    const unsigned phys = unsigned(std::min<std::size_t>((wg + w - 1) / w * w, 256));
    for (std::size_t b = 0; b < 4; ++b) {
      EXPECT_EQ(r[b * 3], phys) << wg;
      EXPECT_EQ(r[b * 3 + 1], unsigned(wg));
      EXPECT_EQ(r[b * 3 + 2], unsigned(w));
    }
  }
  EXPECT_TRUE(g.errors.empty());
}

TEST(CudaScoped, DistributeItems1D) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  for (std::size_t wg : {128u, 40u, 1000u, 3000u}) {
    const std::size_t groups = 5, n = groups * wg;
    dev_array<unsigned long long> out(g.q, n, ~0ull);
    auto* o = out.p;
    g.q.parallel(sycl::range<1>(groups), sycl::range<1>(wg),
                 [=](auto grp) {
                   sycl::distribute_items(grp, [&](sycl::s_item<1> idx) {
                     o[idx.get_global_id(0)] = idx.get_local_id(grp, 0) | grp.get_group_id(0) << 16 |
                                               (unsigned long long)(idx.get_global_range(0)) << 24 |
                                               (unsigned long long)(idx.get_innermost_local_range(0)) << 44;
                   });
                 })
        .wait();
    const auto r = out.get();
    for (std::size_t i = 0; i < n; ++i)
      ASSERT_EQ(r[i], (i % wg) | (i / wg) << 16 | (unsigned long long)n << 24 | (unsigned long long)wg << 44)
          << "wg " << wg << " item " << i;
  }
  EXPECT_TRUE(g.errors.empty());
}

TEST(CudaScoped, DistributeItems2DAnd3D) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  {
    const sycl::range<2> groups(3, 4), wg(5, 40), global(15, 160);
    dev_array<unsigned> out(g.q, global.size());
    auto* o = out.p;
    g.q.parallel(groups, wg,
                 [=](auto grp) {
                   sycl::distribute_items(grp, [&](sycl::s_item<2> idx) {
                     const auto lid = idx.get_local_id(grp);
                     o[idx.get_global_linear_id()] = unsigned(lid[0] | lid[1] << 4 | grp.get_group_linear_id() << 12 |
                                                              idx.get_local_linear_id(grp) << 16);
                   });
                 })
        .wait();
    const auto r = out.get();
    for (std::size_t y = 0; y < 15; ++y)
      for (std::size_t x = 0; x < 160; ++x) {
        const std::size_t l0 = y % 5, l1 = x % 40, gl = (y / 5) * 4 + x / 40;
        ASSERT_EQ(r[y * 160 + x], unsigned(l0 | l1 << 4 | gl << 12 | (l0 * 40 + l1) << 16)) << y << "," << x;
      }
  }
  {
    const sycl::range<3> groups(2, 3, 2), wg(3, 5, 7), global(6, 15, 14);
    dev_array<unsigned> out(g.q, global.size());
    auto* o = out.p;
    g.q.parallel(groups, wg,
                 [=](auto grp) {
                   sycl::distribute_items(grp, [&](sycl::s_item<3> idx) {
                     o[idx.get_global_linear_id()] =
                         unsigned(idx.get_local_linear_id(grp) | grp.get_group_linear_id() << 8);
                   });
                 })
        .wait();
    const auto r = out.get();
    for (std::size_t z = 0; z < 6; ++z)
      for (std::size_t y = 0; y < 15; ++y)
        for (std::size_t x = 0; x < 14; ++x) {
          const std::size_t l = ((z % 3) * 5 + y % 5) * 7 + x % 7, gl = ((z / 3) * 3 + y / 5) * 2 + x / 7;
          ASSERT_EQ(r[(z * 15 + y) * 14 + x], unsigned(l | gl << 8));
        }
  }
  EXPECT_TRUE(g.errors.empty());
}

// Sub-groups: their sizes and ids, items within them, single_item per sub-group,
// one level deeper, and sub-group barriers with warp-local memory.
TEST(CudaScoped, DistributeGroupsAndSubGroups) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  for (std::size_t wg : {100u, 1000u}) {
    const std::size_t groups = 3, n = groups * wg;
    dev_array<unsigned> items(g.q, n), leaders(g.q, n), deep(g.q, n), rotated(g.q, n);
    auto *it = items.p, *ld = leaders.p, *dp = deep.p, *rt = rotated.p;
    g.q.parallel(
           sycl::range<1>(groups), sycl::range<1>(wg),
           [=](auto grp) {
             sycl::distribute_groups(grp, [&](auto sg) {
               sycl::distribute_items(sg, [&](sycl::s_item<1> idx) {
                 it[idx.get_global_id(0)] = unsigned(sg.get_group_linear_id() << 8 | idx.get_innermost_local_id(0));
               });
               sycl::single_item(sg, [&] {
                 const std::size_t first = grp.get_group_linear_id() * wg + sg.get_group_linear_id() * gpu_warp;
                 ld[first] = unsigned(sg.get_logical_local_linear_range() | sg.get_group_linear_range() << 8);
               });
               sycl::distribute_groups(sg, [&](auto ssg) {
                 sycl::distribute_items(ssg, [&](sycl::s_item<1> idx) {
                   dp[idx.get_global_id(0)] = unsigned(ssg.get_group_linear_id() << 8 | idx.get_local_id(ssg, 0));
                 });
               });
               // A rotation through warp-local memory between two sub-group barriers.
               sycl::memory_environment(sg, sycl::require_local_mem<unsigned[gpu_warp]>(), [&](auto& tile) {
                 sycl::distribute_items_and_wait(
                     sg, [&](sycl::s_item<1> idx) { tile[idx.get_local_id(sg, 0)] = unsigned(idx.get_global_id(0)); });
                 sycl::distribute_items(sg, [&](sycl::s_item<1> idx) {
                   const std::size_t m = sg.get_logical_local_linear_range();
                   rt[idx.get_global_id(0)] = tile[(idx.get_local_id(sg, 0) + 1) % m];
                 });
               });
             });
           })
        .wait();
    const auto ri = items.get(), rl = leaders.get(), rd = deep.get(), rr = rotated.get();
    constexpr std::size_t w = gpu_warp, d = gpu_warp / 4;  // sub-groups, then groups a level deeper
    const std::size_t subs = (wg + w - 1) / w;
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t l = i % wg, sgi = l / w, in = l % w, m = std::min<std::size_t>(w, wg - sgi * w);
      ASSERT_EQ(ri[i], unsigned(sgi << 8 | in)) << wg << " " << i;
      if (in == 0) ASSERT_EQ(rl[i], unsigned(m | subs << 8)) << i;
      ASSERT_EQ(rd[i], unsigned((in / d) << 8 | in % d)) << i;
      ASSERT_EQ(rr[i], unsigned(i - in + (in + 1) % m)) << i;
    }
  }
  EXPECT_TRUE(g.errors.empty());
}

TEST(CudaScoped, SingleItemAndBarriers) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  const std::size_t groups = 64, wg = 300;
  dev_array<int> data(g.q, groups * wg, 1), sums(g.q, groups);
  int *d = data.p, *s = sums.p;
  g.q.parallel(sycl::range<1>(groups), sycl::range<1>(wg),
               [=](auto grp) {
                 // Each single_item must run exactly once per group, and a barrier after it
                 // must make its write visible to every item.
                 sycl::single_item_and_wait(grp, [&] { d[grp.get_group_id(0) * wg] += 41; });
                 sycl::distribute_items_and_wait(
                     grp, [&](sycl::s_item<1> idx) { d[idx.get_global_id(0)] += d[grp.get_group_id(0) * wg] * 0 + 1; });
                 sycl::single_item(grp, [&] {
                   int t = 0;
                   for (std::size_t i = 0; i < wg; ++i) t += d[grp.get_group_id(0) * wg + i];
                   s[grp.get_group_id(0)] = t;
                 });
               })
      .wait();
  const auto r = sums.get();
  for (std::size_t b = 0; b < groups; ++b) ASSERT_EQ(r[b], int(42 + 1 + (wg - 1) * 2)) << b;
  EXPECT_TRUE(g.errors.empty());
}

// Local memory from memory_environment: initialised, shared by the group.
TEST(CudaScoped, LocalMemory) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  constexpr std::size_t wg = 512, groups = 20;
  dev_array<int> out(g.q, groups * 2);
  int* o = out.p;
  g.q.parallel(sycl::range<1>(groups), sycl::range<1>(wg),
               [=](auto grp) {
                 sycl::memory_environment(grp, sycl::require_local_mem<int[wg]>(), sycl::require_local_mem<int>(7),
                                          [&](auto& scratch, int& seven) {
                                            sycl::distribute_items_and_wait(grp, [&](sycl::s_item<1> idx) {
                                              scratch[idx.get_local_id(grp, 0)] = int(idx.get_global_id(0));
                                            });
                                            for (std::size_t i = wg / 2; i > 0; i /= 2)
                                              sycl::distribute_items_and_wait(grp, [&](sycl::s_item<1> idx) {
                                                const std::size_t l = idx.get_local_id(grp, 0);
                                                if (l < i) scratch[l] += scratch[l + i];
                                              });
                                            sycl::single_item(grp, [&] {
                                              o[grp.get_group_id(0) * 2] = scratch[0];
                                              o[grp.get_group_id(0) * 2 + 1] = seven;
                                            });
                                          });
               })
      .wait();
  const auto r = out.get();
  for (std::size_t b = 0; b < groups; ++b) {
    long long expect = 0;
    for (std::size_t i = b * wg; i < (b + 1) * wg; ++i) expect += i;
    ASSERT_EQ(r[b * 2], int(expect)) << b;
    ASSERT_EQ(r[b * 2 + 1], 7) << b;
  }
  EXPECT_TRUE(g.errors.empty());
}

// Private memory persists across distribute_items calls, also when a work-group
// wrapper is used inside sub-groups, in 1-D and 2-D, with several slots per thread.
TEST(CudaScoped, PrivateMemory) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  for (std::size_t wg : {64u, 1000u, 2500u}) {
    const std::size_t groups = 4, n = groups * wg;
    dev_array<long long> out(g.q, n);
    auto* o = out.p;
    g.q.parallel(sycl::range<1>(groups), sycl::range<1>(wg),
                 [=](auto grp) {
                   sycl::memory_environment(
                       grp, sycl::require_private_mem<long long>(), sycl::require_private_mem<int>(5),
                       [&](auto& x, auto& five) {
                         sycl::distribute_items(grp, [&](sycl::s_item<1> idx) { x(idx) = idx.get_global_id(0); });
                         sycl::distribute_groups(grp, [&](auto sg) {
                           sycl::distribute_items(sg, [&](sycl::s_item<1> idx) { x(idx) *= 3; });
                         });
                         sycl::distribute_items(
                             grp, [&](sycl::s_item<1> idx) { o[idx.get_global_id(0)] = x(idx) + five(idx); });
                       });
                 })
        .wait();
    const auto r = out.get();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(r[i], (long long)(i * 3 + 5)) << wg << " " << i;
  }
  {
    const sycl::range<2> groups(2, 3), wg(6, 50), global(12, 150);
    dev_array<int> out(g.q, global.size());
    auto* o = out.p;
    g.q.parallel(groups, wg,
                 [=](auto grp) {
                   sycl::memory_environment(grp, sycl::require_private_mem<int>(), [&](auto& x) {
                     sycl::distribute_items(grp,
                                            [&](sycl::s_item<2> idx) { x(idx) = int(idx.get_global_linear_id()); });
                     sycl::distribute_groups(grp, [&](auto sg) {
                       sycl::memory_environment(sg, sycl::require_private_mem<int>(), [&](auto& y) {
                         sycl::distribute_items(sg, [&](sycl::s_item<2> idx) { y(idx) = 2 * x(idx); });
                         sycl::distribute_items(sg, [&](sycl::s_item<2> idx) { x(idx) += y(idx); });
                       });
                     });
                     sycl::distribute_items(grp, [&](sycl::s_item<2> idx) { o[idx.get_global_linear_id()] = x(idx); });
                   });
                 })
        .wait();
    const auto r = out.get();
    for (std::size_t i = 0; i < global.size(); ++i) ASSERT_EQ(r[i], int(3 * i)) << i;
  }
  EXPECT_TRUE(g.errors.empty());
}

// Group algorithms over private memory on the work group and on sub-groups.
TEST(CudaScoped, GroupAlgorithms) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  for (std::size_t wg : {100u, 256u, 1000u}) {
    const std::size_t groups = 6, n = groups * wg;
    constexpr std::size_t per_group = 6;
    dev_array<long long> vals(g.q, groups * per_group), incl(g.q, n), excl(g.q, n), left(g.q, n), xr(g.q, n),
        sgsum(g.q, n);
    auto *v = vals.p, *in = incl.p, *ex = excl.p, *lf = left.p, *xo = xr.p, *ss = sgsum.p;
    g.q.parallel(sycl::range<1>(groups), sycl::range<1>(wg),
                 [=](auto grp) {
                   sycl::memory_environment(
                       grp, sycl::require_private_mem<long long>(), sycl::require_private_mem<long long>(),
                       [&](auto& x, auto& y) {
                         sycl::distribute_items(
                             grp, [&](sycl::s_item<1> idx) { x(idx) = (long long)idx.get_local_id(grp, 0) + 1; });
                         const long long sum = sycl::reduce_over_group(grp, x, sycl::plus<long long>());
                         const long long mx = sycl::reduce_over_group(grp, x, 1000000ll, sycl::maximum<long long>());
                         const long long bc = sycl::group_broadcast(grp, x, 37);
                         const bool any = sycl::any_of_group(grp, x, [](long long a) { return a == 50; });
                         const bool all = sycl::all_of_group(grp, x, [](long long a) { return a > 0; });
                         const bool none = sycl::none_of_group(grp, x, [](long long a) { return a < 0; });
                         sycl::single_item(grp, [&] {
                           long long* r = v + grp.get_group_id(0) * per_group;
                           r[0] = sum;
                           r[1] = mx;
                           r[2] = bc;
                           r[3] = any;
                           r[4] = all;
                           r[5] = none;
                         });
                         sycl::inclusive_scan_over_group(grp, x, y, sycl::plus<long long>());
                         sycl::distribute_items(grp, [&](sycl::s_item<1> idx) { in[idx.get_global_id(0)] = y(idx); });
                         sycl::exclusive_scan_over_group(grp, x, y, 10ll, sycl::plus<long long>());
                         sycl::distribute_items(grp, [&](sycl::s_item<1> idx) { ex[idx.get_global_id(0)] = y(idx); });
                         sycl::shift_group_left(grp, x, y, 3);
                         sycl::distribute_items(grp, [&](sycl::s_item<1> idx) { lf[idx.get_global_id(0)] = y(idx); });
                         sycl::permute_group_by_xor(grp, x, y, 5);
                         sycl::distribute_items(grp, [&](sycl::s_item<1> idx) { xo[idx.get_global_id(0)] = y(idx); });
                         sycl::distribute_groups(grp, [&](auto sg) {
                           const long long s = sycl::reduce_over_group(sg, x, sycl::plus<long long>());
                           sycl::inclusive_scan_over_group(sg, x, y, sycl::plus<long long>());
                           sycl::distribute_items(
                               sg, [&](sycl::s_item<1> idx) { ss[idx.get_global_id(0)] = s * 1000000 + y(idx); });
                         });
                       });
                 })
        .wait();
    const auto rv = vals.get(), ri = incl.get(), re = excl.get(), rl = left.get(), rx = xr.get(), rs = sgsum.get();
    for (std::size_t b = 0; b < groups; ++b) {
      SCOPED_TRACE("wg " + std::to_string(wg) + " group " + std::to_string(b));
      const long long* r = rv.data() + b * per_group;
      EXPECT_EQ(r[0], (long long)(wg * (wg + 1) / 2));
      EXPECT_EQ(r[1], 1000000ll);
      EXPECT_EQ(r[2], 38);
      EXPECT_EQ(r[3], 1);
      EXPECT_EQ(r[4], 1);
      EXPECT_EQ(r[5], 1);
      for (std::size_t l = 0; l < wg; ++l) {
        const std::size_t i = b * wg + l;
        const long long xl = (long long)l + 1;
        ASSERT_EQ(ri[i], xl * (xl + 1) / 2) << l;
        ASSERT_EQ(re[i], 10 + xl * (xl - 1) / 2) << l;
        ASSERT_EQ(rl[i], l + 3 < wg ? xl + 3 : xl) << l;
        ASSERT_EQ(rx[i], (l ^ 5) < wg ? (long long)(l ^ 5) + 1 : xl) << l;
        const std::size_t first = l / gpu_warp * gpu_warp, m = std::min<std::size_t>(gpu_warp, wg - first);
        long long s = 0, pre = 0;
        for (std::size_t k = first; k < first + m; ++k) s += (long long)k + 1;
        for (std::size_t k = first; k <= l; ++k) pre += (long long)k + 1;
        ASSERT_EQ(rs[i], s * 1000000 + pre) << l;
      }
    }
  }
  EXPECT_TRUE(g.errors.empty());
}

// Groups two levels down (8 items inside each 32-item sub-group, 16 in 64 on AMD): their items,
// leaders, local memory and algorithms over a work-group wrapper.
TEST(CudaScoped, DeeperGroups) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  const std::size_t groups = 3, wg = 300, n = groups * wg;
  dev_array<long long> sums(g.q, n), scans(g.q, n), bcast(g.q, n), shifted(g.q, n), lead(g.q, n);
  auto *sm = sums.p, *sc = scans.p, *bc = bcast.p, *sh = shifted.p, *ld = lead.p;
  g.q.parallel(sycl::range<1>(groups), sycl::range<1>(wg),
               [=](auto grp) {
                 sycl::memory_environment(
                     grp, sycl::require_private_mem<long long>(), sycl::require_private_mem<long long>(),
                     [&](auto& x, auto& y) {
                       sycl::distribute_items(grp,
                                              [&](sycl::s_item<1> idx) { x(idx) = (long long)idx.get_global_id(0); });
                       sycl::distribute_groups(grp, [&](auto sg) {
                         sycl::distribute_groups(sg, [&](auto ssg) {
                           const long long s = sycl::reduce_over_group(ssg, x, sycl::plus<long long>());
                           const long long b = sycl::group_broadcast(ssg, x, 2);
                           sycl::memory_environment(ssg, sycl::require_local_mem<long long>(-1), [&](long long& first) {
                             sycl::single_item_and_wait(ssg, [&] { first = s; });
                             sycl::exclusive_scan_over_group(ssg, x, y, sycl::plus<long long>());
                             sycl::distribute_items(ssg, [&](sycl::s_item<1> idx) {
                               sm[idx.get_global_id(0)] = first;
                               sc[idx.get_global_id(0)] = y(idx);
                               bc[idx.get_global_id(0)] = b;
                             });
                           });
                           sycl::shift_group_right(ssg, x, y, 1);
                           sycl::distribute_items(ssg, [&](sycl::s_item<1> idx) { sh[idx.get_global_id(0)] = y(idx); });
                           sycl::single_item(ssg, [&] {
                             const std::size_t i = grp.get_group_id(0) * wg + sg.get_group_id(0) * gpu_warp +
                                                   ssg.get_group_id(0) * (gpu_warp / 4);
                             ld[i] = ssg.get_logical_local_linear_range();
                           });
                         });
                       });
                     });
               })
      .wait();
  const auto rs = sums.get(), rc = scans.get(), rb = bcast.get(), rh = shifted.get(), rl = lead.get();
  for (std::size_t i = 0; i < n; ++i) {
    constexpr std::size_t w = gpu_warp, d = gpu_warp / 4;
    const std::size_t l = i % wg, first = i - (l % w) % d;
    const std::size_t size = std::min<std::size_t>(d, std::min<std::size_t>(w, wg - l / w * w) - (l % w) / d * d);
    long long s = 0, pre = 0;
    for (std::size_t k = first; k < first + size; ++k) s += (long long)k;
    for (std::size_t k = first; k < i; ++k) pre += (long long)k;
    SCOPED_TRACE("item " + std::to_string(i));
    ASSERT_EQ(rs[i], s);
    ASSERT_EQ(rc[i], pre);
    ASSERT_EQ(rb[i], (long long)first + 2);
    ASSERT_EQ(rh[i], i == first ? (long long)i : (long long)i - 1);
    if (i == first) ASSERT_EQ(rl[i], (long long)size);
  }
  EXPECT_TRUE(g.errors.empty());
}

// 2-D work groups whose sub-groups do not fill warps: reductions and scans follow
// the local linear order.
TEST(CudaScoped, GroupAlgorithms2D) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  const sycl::range<2> groups(2, 2), wg(7, 20), global(14, 40);
  dev_array<long long> sums(g.q, 4), scan(g.q, global.size());
  auto *sm = sums.p, *sc = scan.p;
  g.q.parallel(groups, wg,
               [=](auto grp) {
                 sycl::memory_environment(grp, sycl::require_private_mem<long long>(), [&](auto& x) {
                   sycl::distribute_items(
                       grp, [&](sycl::s_item<2> idx) { x(idx) = (long long)idx.get_local_linear_id(grp); });
                   const long long s = sycl::reduce_over_group(grp, x, sycl::plus<long long>());
                   sycl::inclusive_scan_over_group(grp, x, x, sycl::plus<long long>());
                   sycl::single_item(grp, [&] { sm[grp.get_group_linear_id()] = s; });
                   sycl::distribute_items(grp, [&](sycl::s_item<2> idx) { sc[idx.get_global_linear_id()] = x(idx); });
                 });
               })
      .wait();
  const auto rs = sums.get(), rc = scan.get();
  for (std::size_t b = 0; b < 4; ++b) EXPECT_EQ(rs[b], 139ll * 140 / 2);
  for (std::size_t y = 0; y < 14; ++y)
    for (std::size_t x = 0; x < 40; ++x) {
      const long long l = (long long)((y % 7) * 20 + x % 20);
      ASSERT_EQ(rc[y * 40 + x], l * (l + 1) / 2) << y << "," << x;
    }
  EXPECT_TRUE(g.errors.empty());
}

// The specification's reduction example (examples/scoped_reduction.cpp) on a GPU queue.
TEST(CudaScoped, SeedReduction) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  std::size_t input_size = 1024;
  std::vector<int> input(input_size);
  std::iota(input.begin(), input.end(), 0);
  {
    sycl::buffer<int> buff{input.data(), sycl::range<1>{input_size}};
    constexpr size_t Group_size = 128;
    g.q.submit([&](sycl::handler& cgh) {
      auto data_accessor = buff.get_access<sycl::access::mode::read_write>(cgh);
      cgh.parallel<class SeedKernel>(
          sycl::range<1>{input_size / Group_size}, sycl::range<1>{Group_size}, [=](auto grp) {
            sycl::memory_environment(
                grp, sycl::require_local_mem<int[Group_size]>(), sycl::require_private_mem<int>(),
                [&](auto& scratch, auto& private_mem) {
                  (void)private_mem;
                  sycl::distribute_items(grp, [&](sycl::s_item<1> idx) {
                    scratch[idx.get_local_id(grp, 0)] = data_accessor[idx.get_global_id(0)];
                  });
                  sycl::group_barrier(grp);
                  sycl::distribute_groups(grp, [&](auto subgroup) { sycl::single_item(subgroup, [&]() {}); });
                  for (int i = Group_size / 2; i > 0; i /= 2) {
                    sycl::distribute_items_and_wait(grp, [&](sycl::s_item<1> idx) {
                      size_t lid = idx.get_innermost_local_id(0);
                      if (lid < size_t(i)) scratch[lid] += scratch[lid + i];
                    });
                  }
                  sycl::single_item(grp, [&]() { data_accessor[grp.get_group_id(0) * Group_size] = scratch[0]; });
                });
          });
    });
  }
  for (std::size_t grp = 0; grp < input_size / 128; ++grp) {
    int expect = 0;
    for (std::size_t i = grp * 128; i < (grp + 1) * 128; ++i) expect += int(i);
    EXPECT_EQ(input[grp * 128], expect) << grp;
  }
  EXPECT_TRUE(g.errors.empty());
}

// sycl::reduction arguments to cgh.parallel on the GPU: each physical item has
// its own reducers; device USM (unreachable from the CPU) is fine; a
// contribution from single_item counts once per group.
TEST(CudaScoped, ReductionsOnTheGpu) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  const std::size_t groups = 37, group_size = 200, n = groups * group_size;
  dev_array<int> in(g.q, n);
  g.q.parallel_for(sycl::range<1>(n), [p = in.p](sycl::id<1> i) { p[i] = int(i[0] % 1000); }).wait();
  dev_array<long> sum(g.q, 1, 5);  // no initialize_to_identity: combined with the 5
  dev_array<int> top(g.q, 1);
  dev_array<int> once(g.q, 1);
  g.q.submit([&](sycl::handler& h) {
    auto r_sum = sycl::reduction(sum.p, sycl::plus<long>());
    auto r_max = sycl::reduction(top.p, sycl::maximum<int>(), sycl::property::reduction::initialize_to_identity{});
    auto r_once = sycl::reduction(once.p, sycl::plus<int>(), sycl::property::reduction::initialize_to_identity{});
    h.parallel(sycl::range<1>(groups), sycl::range<1>(group_size), r_sum, r_max, r_once,
               [p = in.p](auto grp, auto& s, auto& m, auto& o) {
                 sycl::distribute_items(grp, [&](sycl::s_item<1> idx) {
                   const int v = p[idx.get_global_id(0)];
                   s += v;
                   m.combine(v);
                 });
                 sycl::single_item(grp, [&] { o += 1; });
               });
  });
  g.q.wait_and_throw();
  long expect = 5;
  int expect_max = 0;
  for (std::size_t i = 0; i < n; ++i) {
    expect += long(i % 1000);
    expect_max = std::max(expect_max, int(i % 1000));
  }
  EXPECT_EQ(sum.get()[0], expect);
  EXPECT_EQ(top.get()[0], expect_max);
  EXPECT_EQ(once.get()[0], int(groups));
  // No work groups: initialize_to_identity still writes the identity.
  g.q.submit([&](sycl::handler& h) {
    auto r = sycl::reduction(top.p, sycl::plus<int>(), sycl::property::reduction::initialize_to_identity{});
    h.parallel(sycl::range<1>(0), sycl::range<1>(64), r, [](auto, auto&) {});
  });
  g.q.wait_and_throw();
  EXPECT_EQ(top.get()[0], 0);
  EXPECT_TRUE(g.errors.empty());
}

// s_group::async_work_group_copy: the block's threads share the copy (a group
// of 1000 logical items has 256 threads), and wait_for is the group's barrier.
TEST(CudaScoped, AsyncWorkGroupCopySharedByTheBlock) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  constexpr std::size_t G = 1000, groups = 3;
  dev_array<int> in(g.q, G * groups), out(g.q, G * groups, -1);
  g.q.parallel_for(sycl::range<1>(G * groups), [p = in.p](sycl::id<1> i) { p[i] = int(i[0]); }).wait();
  g.q.parallel(sycl::range<1>{groups}, sycl::range<1>{G}, [src = in.p, dst = out.p](auto grp) {
    sycl::memory_environment(grp, sycl::require_local_mem<int[G]>(), [&](auto& tile) {
      const std::size_t base = grp.get_group_id(0) * G;
      grp.wait_for(grp.async_work_group_copy(sycl::local_ptr<int>(tile), sycl::global_ptr<int>(src + base), G));
      // Reversed: each item reads what other threads copied.
      sycl::distribute_items(grp, [&](sycl::s_item<1> idx) {
        const std::size_t l = idx.get_local_id(grp, 0);
        dst[base + l] = tile[G - 1 - l] + 1;
      });
    });
  });
  g.q.wait_and_throw();
  const auto r = out.get();
  for (std::size_t grp = 0; grp < groups; ++grp)
    for (std::size_t l = 0; l < G; ++l) ASSERT_EQ(r[grp * G + l], int(grp * G + (G - 1 - l)) + 1) << grp << "," << l;
  EXPECT_TRUE(g.errors.empty());
}

TEST(CudaScoped, TooLargeGroupIsReported) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  g.q.parallel(sycl::range<1>(1), sycl::range<1>(8192),
               [=](auto grp) { sycl::distribute_items(grp, [&](sycl::s_item<1>) {}); });
  {
    const sycl::exception e = the_async_error(g);
    EXPECT_EQ(e.code(), sycl::errc::nd_range);
  }
}
