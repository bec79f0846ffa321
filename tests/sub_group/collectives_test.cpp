// Every group function and algorithm, for sub-groups and work groups, against a
// host model of the same lane layout: sub-groups are runs of the kernel's sub-group
// size of consecutive local linear ids, the last one partial when the work-group size
// is not a multiple. Each configuration runs at every sub-group size the device offers
// (the sub_group_size property; the CPU's 4 to 64; a GPU build, the warp); 1/2/3-D work groups
// of 16, 24, 64 and 100 items; several types.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <cstdint>
#include <sycl/sycl.hpp>
#include <weft/settings.hpp>

#include "../support/gpu.hpp"
#include "../support/sub_group_size.hpp"
#include <vector>

namespace {

namespace syclex = sycl::ext::oneapi::experimental;

using weft_test::default_sub_group_size;  // (this file also builds for the CUDA target)

bool offers(const sycl::queue& q, std::size_t size) {
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  return std::find(sizes.begin(), sizes.end(), size) != sizes.end();
}

template <class T>
struct results {
  T bcast0, bcast_last, bcast_id, select, shl, shr, perm;
  T red, red_init, max, ex_scan, ex_scan_init, in_scan, in_scan_init, user_red, user_scan, bits;
  bool any, all, none, any_pred;
  std::uint32_t sg_id, sg_lane, sg_n, sg_groups;
};

template <class T>
SYCL_EXTERNAL T value_of(std::size_t idx) {
  return static_cast<T>((idx * 7 + idx / 5) % 4);
}

struct user_add {  // unknown to Weft: scalar path
  template <class T>
  SYCL_EXTERNAL T operator()(T a, T b) const {
    return static_cast<T>(a + b);
  }
};

// Runs all collectives over the lanes of `g` (a sub-group or the work group).
template <class T, class G>
SYCL_EXTERNAL results<T> run_all(const G& g, T x) {
  results<T> r{};
  const auto n = static_cast<std::size_t>(g.get_local_linear_range());
  const auto lane = static_cast<std::size_t>(g.get_local_linear_id());
  using lin = typename G::linear_id_type;
  r.bcast0 = sycl::group_broadcast(g, x);
  r.bcast_last = sycl::group_broadcast(g, x, static_cast<lin>(n - 1));
  if constexpr (std::is_same_v<G, sycl::sub_group>) {
    r.bcast_id = sycl::group_broadcast(g, x, sycl::id<1>(n / 2));
    r.select = sycl::select_from_group(g, x, sycl::id<1>((lane * 5 + 3) % n));
  } else {
    auto last = g.get_local_range() - 1;
    r.bcast_id = sycl::group_broadcast(g, x, sycl::id<G::dimensions>(last));
    r.select = sycl::select_from_group(g, x, sycl::detail::delinearize((lane * 5 + 3) % n, g.get_local_range()));
  }
  r.shl = sycl::shift_group_left(g, x, 3);
  r.shr = sycl::shift_group_right(g, x);
  r.perm = sycl::permute_group_by_xor(g, x, 5);
  r.red = sycl::reduce_over_group(g, x, sycl::plus<T>());
  r.red_init = sycl::reduce_over_group(g, x, T(10), sycl::plus<>());
  r.max = sycl::reduce_over_group(g, x, sycl::maximum<>());
  r.ex_scan = sycl::exclusive_scan_over_group(g, x, sycl::plus<>());
  r.ex_scan_init = sycl::exclusive_scan_over_group(g, x, T(100), sycl::minimum<T>());
  r.in_scan = sycl::inclusive_scan_over_group(g, x, sycl::plus<T>());
  r.in_scan_init = sycl::inclusive_scan_over_group(g, x, sycl::maximum<>(), T(1));
  r.user_red = sycl::reduce_over_group(g, x, user_add());
  r.user_scan = sycl::inclusive_scan_over_group(g, x, user_add());
  if constexpr (std::is_integral_v<T>) r.bits = sycl::reduce_over_group(g, static_cast<T>(x + 1), sycl::bit_xor<>());
  r.any = sycl::any_of_group(g, x == T(3));
  r.all = sycl::all_of_group(g, x < T(3));
  r.none = sycl::none_of_group(g, x, [](T v) { return v > T(2); });
  r.any_pred = sycl::any_of_group(g, lane == n - 1);
  return r;
}

// The host model of one lane buffer in[0..n), for lane i.
template <class T>
void check(const results<T>& r, const std::vector<T>& in, std::size_t i, bool work_group, const std::string& where) {
  const std::size_t n = in.size();
  SCOPED_TRACE(where + " lane " + std::to_string(i) + " of " + std::to_string(n));
  EXPECT_EQ(r.bcast0, in[0]);
  EXPECT_EQ(r.bcast_last, in[n - 1]);
  EXPECT_EQ(r.bcast_id, work_group ? in[n - 1] : in[n / 2]);
  EXPECT_EQ(r.select, in[(i * 5 + 3) % n]);
  if (i + 3 < n) {
    EXPECT_EQ(r.shl, in[i + 3]);
  }
  if (i >= 1) {
    EXPECT_EQ(r.shr, in[i - 1]);
  }
  if ((i ^ 5) < n) {
    EXPECT_EQ(r.perm, in[i ^ 5]);
  }
  T sum = 0, mx = in[0], ex = 0, exm = 100, inm = 1, in_sum = 0;
  bool any = false, all = true;
  T bits = 0;
  for (std::size_t j = 0; j < n; ++j) {
    sum = static_cast<T>(sum + in[j]);
    mx = std::max(mx, in[j]);
    any |= in[j] == T(3);
    all &= in[j] < T(3);
    if constexpr (std::is_integral_v<T>) bits = static_cast<T>(bits ^ static_cast<T>(in[j] + 1));
    if (j < i) ex = static_cast<T>(ex + in[j]), exm = std::min(exm, in[j]);
    if (j <= i) in_sum = static_cast<T>(in_sum + in[j]), inm = std::max(inm, in[j]);
  }
  EXPECT_EQ(r.red, sum);
  EXPECT_EQ(r.red_init, static_cast<T>(sum + 10));
  EXPECT_EQ(r.max, mx);
  EXPECT_EQ(r.ex_scan, ex);
  EXPECT_EQ(r.ex_scan_init, exm);
  EXPECT_EQ(r.in_scan, in_sum);
  EXPECT_EQ(r.in_scan_init, inm);
  EXPECT_EQ(r.user_red, sum);
  EXPECT_EQ(r.user_scan, in_sum);
  if constexpr (std::is_integral_v<T>) {
    EXPECT_EQ(r.bits, bits);
  }
  EXPECT_EQ(r.any, any);
  EXPECT_EQ(r.all, all);
  EXPECT_EQ(r.none, !any);
  EXPECT_TRUE(r.any_pred);
}

template <class T, std::uint32_t SG, int D>
void run_config(sycl::queue& q, sycl::range<D> local, sycl::range<D> groups) {
  SCOPED_TRACE("sub-group size " + std::to_string(SG));
  const sycl::range<D> global = local * groups;
  const std::size_t N = local.size(), total = global.size();
  auto* sg_out = sycl::malloc_shared<results<T>>(total, q);
  auto* wg_out = sycl::malloc_shared<results<T>>(total, q);
  q.parallel_for(sycl::nd_range<D>(global, local), syclex::properties{syclex::sub_group_size<SG>},
                 [=](sycl::nd_item<D> it) {
                   const std::size_t idx = it.get_group_linear_id() * N + it.get_local_linear_id();
                   const T x = value_of<T>(idx);
                   const auto sg = it.get_sub_group();
                   results<T> r = run_all(sg, x);
                   r.sg_id = sg.get_group_linear_id();
                   r.sg_lane = sg.get_local_linear_id();
                   r.sg_n = sg.get_local_linear_range();
                   r.sg_groups = sg.get_group_linear_range();
                   sg_out[idx] = r;
                   wg_out[idx] = run_all(it.get_group(), x);
                 })
      .wait();
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<T> all(N);
    for (std::size_t l = 0; l < N; ++l) all[l] = value_of<T>(g * N + l);
    for (std::size_t l = 0; l < N; ++l) {
      const std::size_t s = l / SG, first = s * SG, n = std::min<std::size_t>(SG, N - first);
      const std::vector<T> lanes(all.begin() + first, all.begin() + first + n);
      const auto& r = sg_out[g * N + l];
      ASSERT_EQ(r.sg_id, s);
      ASSERT_EQ(r.sg_lane, l - first);
      ASSERT_EQ(r.sg_n, n);
      ASSERT_EQ(r.sg_groups, (N + SG - 1) / SG);
      check(r, lanes, l - first, false, "group " + std::to_string(g) + " sub-group " + std::to_string(s));
      check(wg_out[g * N + l], all, l, true, "work group " + std::to_string(g));
      if (::testing::Test::HasFailure()) {
        sycl::free(sg_out, q), sycl::free(wg_out, q);
        return;
      }
    }
  }
  sycl::free(sg_out, q);
  sycl::free(wg_out, q);
}

// run_config at each size the device offers.
template <class T, int D>
void run_config(sycl::range<D> local, sycl::range<D> groups) {
  sycl::queue q;
  std::size_t ran = 0;
  auto at = [&](auto size) {
    if (!offers(q, size.value) || ::testing::Test::HasFailure()) return;
    run_config<T, size.value>(q, local, groups);
    ++ran;
  };
#if defined(__CUDA__) || defined(__HIP__)
  // A GPU build compiles the kernels for the warp's size alone: a GPU offers no
  // other, and the CPU build tries every size.
  at(std::integral_constant<std::uint32_t, gpu_warp>{});
#else
  at(std::integral_constant<std::uint32_t, 4>{});
  at(std::integral_constant<std::uint32_t, 8>{});
  at(std::integral_constant<std::uint32_t, 16>{});
  at(std::integral_constant<std::uint32_t, 32>{});
  at(std::integral_constant<std::uint32_t, 64>{});
#endif
  EXPECT_GE(ran, 1u) << "no sub-group size of the device was tried";
}

template <class T>
class Collectives : public ::testing::Test {};
using Types = ::testing::Types<int, unsigned, float, double, std::int64_t>;
TYPED_TEST_SUITE(Collectives, Types);

TYPED_TEST(Collectives, OneDim) {
  for (std::size_t l : {1, 16, 24, 64, 100}) run_config<TypeParam, 1>(sycl::range<1>(l), sycl::range<1>(3));
}
TYPED_TEST(Collectives, TwoDim) {
  run_config<TypeParam, 2>(sycl::range<2>(4, 6), sycl::range<2>(2, 2));
  run_config<TypeParam, 2>(sycl::range<2>(10, 10), sycl::range<2>(1, 2));
}
TYPED_TEST(Collectives, ThreeDim) {
  run_config<TypeParam, 3>(sycl::range<3>(2, 2, 16), sycl::range<3>(1, 2, 1));
  run_config<TypeParam, 3>(sycl::range<3>(2, 3, 4), sycl::range<3>(2, 1, 2));
}

TEST(SubGroup, DeviceReportsSizes) {
  sycl::queue q{sycl::cpu_selector_v};
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  EXPECT_EQ(sizes, (std::vector<std::size_t>{4, 8, 16, 32, 64}));
  EXPECT_EQ(q.get_device().get_info<sycl::info::device::max_num_sub_groups>(),
            q.get_device().get_info<sycl::info::device::max_work_group_size>() / 4);
}

// The sub-group size a kernel gets: its sub_group_size property (also from the
// functor's get(properties_tag)), else weft::sub_group_size(): WEFT_SUB_GROUP_SIZE, or
// set_sub_group_size()'s override.
struct functor_with_properties {
  std::size_t* out;
  SYCL_EXTERNAL void operator()(sycl::nd_item<1> it) const {
    out[it.get_global_linear_id()] = it.get_sub_group().get_max_local_range()[0];
  }
  auto get(syclex::properties_tag) const { return syclex::properties{syclex::sub_group_size<8>}; }
};

TEST(SubGroup, SizePerKernelAndProgramWide) {
  sycl::queue q{sycl::cpu_selector_v};
  auto* out = sycl::malloc_shared<std::size_t>(64, q);
  auto size_seen = [&](auto submit) {
    std::fill(out, out + 64, 0);
    submit();
    q.wait();
    for (std::size_t i = 1; i < 64; ++i) EXPECT_EQ(out[i], out[0]) << i;
    return out[0];
  };
  auto plain = [&] {
    q.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
      out[it.get_global_linear_id()] = it.get_sub_group().get_max_local_range()[0];
    });
  };
  EXPECT_EQ(size_seen(plain), std::size_t{WEFT_SUB_GROUP_SIZE});
  EXPECT_EQ(size_seen([&] {
              q.parallel_for(
                  sycl::nd_range<1>(64, 64), syclex::properties{syclex::sub_group_size<32>}, [=](sycl::nd_item<1> it) {
                    const auto sg = it.get_sub_group();
                    out[it.get_global_linear_id()] = sg.get_max_local_range()[0] * (sg.get_group_range()[0] == 2);
                  });
            }),
            32u);
  EXPECT_EQ(size_seen([&] { q.parallel_for(sycl::nd_range<1>(64, 64), functor_with_properties{out}); }), 8u);
  weft::set_sub_group_size(64);
  EXPECT_EQ(weft::sub_group_size(), 64u);
  EXPECT_EQ(size_seen(plain), 64u);
  weft::set_sub_group_size(0);
  EXPECT_EQ(size_seen(plain), std::size_t{WEFT_SUB_GROUP_SIZE});
  try {
    weft::set_sub_group_size(12);
    ADD_FAILURE() << "set_sub_group_size(12) did not throw";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_NE(std::string(e.what()).find("4, 8, 16, 32 and 64"), std::string::npos) << e.what();
  }
  EXPECT_EQ(weft::sub_group_size(), std::size_t{WEFT_SUB_GROUP_SIZE});
  try {
    q.parallel_for(sycl::nd_range<1>(64, 64), syclex::properties{syclex::sub_group_size<12>}, [=](sycl::nd_item<1>) {});
    ADD_FAILURE() << "sub_group_size<12> did not throw";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported);
  }
  sycl::free(out, q);
}

TEST(SubGroupDeathTest, EnvironmentVariableSetsTheDefault) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto size_in_child = [] {
    std::fprintf(stderr, "size=%u\n", static_cast<unsigned>(weft::sub_group_size()));
    std::exit(0);
  };
  setenv("WEFT_SUB_GROUP_SIZE", "32", 1);
  EXPECT_EXIT(size_in_child(), ::testing::ExitedWithCode(0), "size=32");
  setenv("WEFT_SUB_GROUP_SIZE", "12", 1);
  EXPECT_EXIT(size_in_child(), ::testing::ExitedWithCode(0),
              "ignoring WEFT_SUB_GROUP_SIZE=\"12\"(.|\n)*size=" + std::to_string(WEFT_SUB_GROUP_SIZE));
  unsetenv("WEFT_SUB_GROUP_SIZE");
}

// Collectives repeated back to back: a fast lane's next write must not clobber
// results others have not read yet.
TEST(SubGroup, BackToBackCollectives) {
  sycl::queue q;
  const std::size_t N = 40, G = 4, SG = default_sub_group_size(q);
  auto* out = sycl::malloc_shared<long>(N * G, q);
  q.parallel_for(sycl::nd_range<1>(N * G, N), [=](sycl::nd_item<1> it) {
     auto sg = it.get_sub_group();
     long acc = 0;
     for (int k = 0; k < 50; ++k) {
       const long v = static_cast<long>(it.get_local_linear_id()) * k;
       acc += sycl::group_broadcast(sg, v, static_cast<std::uint32_t>(k) % sg.get_local_linear_range());
       acc += sycl::reduce_over_group(it.get_group(), v, sycl::plus<>());
       acc += sycl::shift_group_left(sg, v, 1);
     }
     out[it.get_global_linear_id()] = acc;
   }).wait();
  for (std::size_t g = 0; g < G; ++g)
    for (std::size_t l = 0; l < N; ++l) {
      const std::size_t first = l / SG * SG, n = std::min(SG, N - first);
      long acc = 0;
      for (long k = 0; k < 50; ++k) {
        acc += static_cast<long>(first + static_cast<std::size_t>(k) % n) * k;
        acc += static_cast<long>(N * (N - 1) / 2) * k;
        acc += static_cast<long>(l + 1 < first + n ? l + 1 : l) * k;
      }
      ASSERT_EQ(out[g * N + l], acc) << g << " " << l;
    }
  sycl::free(out, q);
}

// A vote (bytes) and then a scan of u32 over sub-groups of 32 in a group of 40: the first
// sub-group's scan writes its outputs before the partial second sub-group has read its
// vote (split at the barriers, items run in order), so each sub-group's slots must stay
// apart whatever the type (kernel-fuzz seed 2109).
TEST(SubGroup, VoteThenWiderScanOverAPartialSubGroup) {
  sycl::queue q;
  unsigned* in = sycl::malloc_shared<unsigned>(40, q);
  unsigned* o = sycl::malloc_shared<unsigned>(80, q);
  for (unsigned i = 0; i < 40; ++i) in[i] = 2 * i;
  in[5] = 1;
  q.parallel_for(sycl::nd_range<1>(40, 40), syclex::properties{syclex::sub_group_size<32>}, [=](sycl::nd_item<1> it) {
     auto sg = it.get_sub_group();
     const auto lin = static_cast<unsigned>(it.get_global_linear_id());
     const unsigned w = unsigned(sycl::all_of_group(sg, (in[lin] & 1u) == 0u)) * 21u;
     o[lin] = w;
     o[40 + lin] = sycl::inclusive_scan_over_group(sg, w, sycl::bit_xor<unsigned>());
   }).wait();
  for (unsigned i = 0; i < 40; ++i) {
    const unsigned w = i < 32 ? 0u : 21u, scan = i < 32 ? 0u : ((i - 32) % 2 == 0 ? 21u : 0u);
    EXPECT_EQ(o[i], w) << i;
    EXPECT_EQ(o[40 + i], scan) << i;
  }
  sycl::free(in, q), sycl::free(o, q);
}

// On fibers a sub-group runs its sub-group collectives while the sub-groups before it
// wait at a work-group collective with their values in scratch: a vote (bytes) after
// a reduction of doubles must not overwrite them.
TEST(SubGroup, SubGroupCollectiveBesideAWaitingWorkGroupCollective) {
  sycl::queue q;
  const std::size_t N = 24;
  auto* out = sycl::malloc_shared<double>(N, q);
  q.parallel_for(sycl::nd_range<1>(N, N), [=](sycl::nd_item<1> it) {
     const double x = static_cast<double>(it.get_local_linear_id() + 1);
     const bool three = sycl::any_of_group(it.get_sub_group(), x == 3.0);
     out[it.get_local_linear_id()] = sycl::reduce_over_group(it.get_group(), x, sycl::plus<>()) + (three ? 1000 : 0);
   }).wait();
  const std::size_t SG = default_sub_group_size(q);
  for (std::size_t i = 0; i < N; ++i) EXPECT_EQ(out[i], N * (N + 1) / 2.0 + (i < SG ? 1000 : 0)) << i;
  sycl::free(out, q);
}

TEST(JointAlgorithms, OverPointers) {
  sycl::queue q;
  const std::size_t len = 1000, N = 24;
  auto* data = sycl::malloc_shared<int>(len, q);
  auto* scan = sycl::malloc_shared<int>(len * 4, q);
  auto* res = sycl::malloc_shared<int>(N * 2 * 8, q);
  for (std::size_t i = 0; i < len; ++i) data[i] = static_cast<int>(i % 13) - 3;
  q.parallel_for(sycl::nd_range<1>(N * 2, N), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     auto sg = it.get_sub_group();
     int* r = res + it.get_global_linear_id() * 8;
     r[0] = sycl::joint_reduce(g, data, data + len, sycl::plus<>());
     r[1] = sycl::joint_reduce(sg, data, data + len, 5, sycl::maximum<>());
     r[2] = sycl::joint_any_of(g, data, data + len, [](int v) { return v == 9; });
     r[3] = sycl::joint_all_of(sg, data, data + len, [](int v) { return v < 9; });
     r[4] = sycl::joint_none_of(g, data, data + len, [](int v) { return v > 100; });
     if (it.get_group_linear_id() == 0) {
       int* e = sycl::joint_exclusive_scan(g, data, data + len, scan, sycl::plus<>());
       r[5] = static_cast<int>(e - scan);
       sycl::joint_inclusive_scan(g, data, data + len, scan + len, sycl::plus<>());
       sycl::joint_exclusive_scan(g, data, data + len, scan + 2 * len, 64, sycl::bit_or<>());
       sycl::joint_inclusive_scan(g, data, data + len, scan + 3 * len, sycl::minimum<>(), 0);
     }
   }).wait();
  int sum = 0, mx = 5;
  for (std::size_t i = 0; i < len; ++i) sum += data[i], mx = std::max(mx, data[i]);
  for (std::size_t i = 0; i < N * 2; ++i) {
    EXPECT_EQ(res[i * 8 + 0], sum);
    EXPECT_EQ(res[i * 8 + 1], mx);
    EXPECT_EQ(res[i * 8 + 2], 1);
    EXPECT_EQ(res[i * 8 + 3], 0);
    EXPECT_EQ(res[i * 8 + 4], 1);
  }
  EXPECT_EQ(res[5], static_cast<int>(len));
  int ex = 0, bits = 64, mn = 0;
  for (std::size_t i = 0; i < len; ++i) {
    ASSERT_EQ(scan[i], ex);
    ex += data[i];
    ASSERT_EQ(scan[len + i], ex);
    ASSERT_EQ(scan[2 * len + i], bits);
    bits |= data[i];
    mn = std::min(mn, data[i]);
    ASSERT_EQ(scan[3 * len + i], mn);
  }
  sycl::free(data, q), sycl::free(scan, q), sycl::free(res, q);
}

}  // namespace
