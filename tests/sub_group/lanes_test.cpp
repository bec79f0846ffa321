// Lane operations against a scalar model, for every n up to a few batches
// (sub-group sized buffers and work-group sized ones), types and operators.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>
#include <weft/target/cpu/lanes.hpp>
#include <weft/target/cpu/range_fold.hpp>

namespace {

namespace sycl = weft::sycl;
namespace lanes = weft::cpu::lanes;

template <class T>
std::vector<T> random_lanes(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::vector<T> v(n);
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<T>) x = static_cast<T>(std::uniform_int_distribution<int>(-8, 8)(gen));
    else if constexpr (std::is_same_v<T, bool>) x = gen() % 2;
    else x = static_cast<T>(std::uniform_int_distribution<int>(1, 3)(gen));  // small: products stay exact
  }
  return v;
}

// Runs check once for every batch level the library compiled that this CPU runs
// (the library's choice is the best one; the others must give the same results).
template <class F>
void at_every_batch_level(F check) {
  using lanes::detail::batch_level;
  const batch_level best = lanes::detail::best_batch_level();
  for (batch_level l : {batch_level::baseline, batch_level::avx2, batch_level::avx512}) {
    if (l > best) break;
    lanes::detail::set_batch_level(l);
    SCOPED_TRACE("batch level " + std::to_string(static_cast<int>(l)));
    check();
  }
  EXPECT_EQ(lanes::detail::set_batch_level(best), best < batch_level::avx512 ? best : batch_level::avx512);
}

template <class T>
class Lanes : public ::testing::Test {};
using LaneTypes = ::testing::Types<int, unsigned, float, double, std::int64_t, std::uint64_t, long long, short, char>;
TYPED_TEST_SUITE(Lanes, LaneTypes);

constexpr std::size_t max_lanes = 70;

TYPED_TEST(Lanes, BroadcastSelectShiftPermute) {
  using T = TypeParam;
  at_every_batch_level([] {
    for (std::size_t n = 1; n <= max_lanes; ++n) {
      auto in = random_lanes<T>(n, static_cast<unsigned>(n));
      std::vector<T> out(n);
      for (std::size_t src : {std::size_t{0}, n / 2, n - 1}) {
        lanes::broadcast(in.data(), n, src, out.data());
        for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], in[src]) << "n=" << n;
      }
      std::vector<std::uint32_t> idx(n);
      for (std::size_t i = 0; i < n; ++i) idx[i] = static_cast<std::uint32_t>((i * 7 + 3) % n);
      lanes::select(in.data(), idx.data(), n, out.data());
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], in[idx[i]]);
      for (std::size_t d : {0, 1, 3, 8, 16, 17}) {
        lanes::shift_left(in.data(), n, d, out.data());
        for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], i + d < n ? in[i + d] : in[i]) << n << " " << d;
        lanes::shift_right(in.data(), n, d, out.data());
        for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], i >= d ? in[i - d] : in[i]) << n << " " << d;
      }
      for (std::size_t m : {0, 1, 2, 5, 8, 15, 16, 31, 63}) {
        lanes::permute_xor(in.data(), n, m, out.data());
        for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], (i ^ m) < n ? in[i ^ m] : in[i]) << n << " " << m;
      }
    }
  });
}

template <class T, class Op>
void check_reduce_scan(Op op) {
  for (std::size_t n = 1; n <= max_lanes; ++n) {
    auto in = random_lanes<T>(n, static_cast<unsigned>(n * 3));
    if constexpr (std::is_same_v<Op, sycl::multiplies<T>> || std::is_same_v<Op, sycl::multiplies<>>)
      for (std::size_t i = 8; i < n; ++i) in[i] = 1;  // keep products exact and in range
    T model = in[0];
    for (std::size_t i = 1; i < n; ++i) model = static_cast<T>(op(model, in[i]));
    ASSERT_EQ(lanes::reduce(in.data(), n, op), model) << "n=" << n;

    std::vector<T> out(n);
    lanes::inclusive_scan(in.data(), n, out.data(), op);
    T acc = in[0];
    for (std::size_t i = 0; i < n; ++i) {
      if (i) acc = static_cast<T>(op(acc, in[i]));
      ASSERT_EQ(out[i], acc) << "inclusive n=" << n << " i=" << i;
    }
    const T init = static_cast<T>(2);
    lanes::inclusive_scan(in.data(), n, out.data(), op, init);
    acc = init;
    for (std::size_t i = 0; i < n; ++i) {
      acc = static_cast<T>(op(acc, in[i]));
      ASSERT_EQ(out[i], acc) << "inclusive init n=" << n << " i=" << i;
    }
    lanes::exclusive_scan(in.data(), n, out.data(), op, init);
    acc = init;
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(out[i], acc) << "exclusive n=" << n << " i=" << i;
      acc = static_cast<T>(op(acc, in[i]));
    }
  }
}

struct user_plus {  // an operator Weft does not know: the scalar loop
  template <class T>
  T operator()(T a, T b) const {
    return static_cast<T>(a + b);
  }
};

TYPED_TEST(Lanes, ReduceAndScan) {
  using T = TypeParam;
  at_every_batch_level([] {
    check_reduce_scan<T>(sycl::plus<T>());
    check_reduce_scan<T>(sycl::plus<>());
    check_reduce_scan<T>(sycl::multiplies<T>());
    check_reduce_scan<T>(sycl::minimum<T>());
    check_reduce_scan<T>(sycl::maximum<>());
    check_reduce_scan<T>(user_plus());
    if constexpr (std::is_integral_v<T>) {
      check_reduce_scan<T>(sycl::bit_and<T>());
      check_reduce_scan<T>(sycl::bit_or<T>());
      check_reduce_scan<T>(sycl::bit_xor<>());
      check_reduce_scan<T>(sycl::logical_and<T>());
      check_reduce_scan<T>(sycl::logical_or<>());
    }
  });
}

// The scoped algorithms' fold over a contiguous range (batches, four accumulators,
// then the tail), against a left-to-right loop; values keep float sums exact.
TYPED_TEST(Lanes, FoldRange) {
  using T = TypeParam;
  at_every_batch_level([] {
    for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{16}, std::size_t{33},
                          std::size_t{64}, std::size_t{129}, std::size_t{1000}}) {
      auto in = random_lanes<T>(n, static_cast<unsigned>(n + 11));
      auto check = [&](auto op) {
        T model = static_cast<T>(3);
        for (std::size_t i = 0; i < n; ++i) model = static_cast<T>(op(model, in[i]));
        ASSERT_EQ(weft::kernel::fold_range(in.data(), n, static_cast<T>(3), op), model) << "n=" << n;
      };
      check(sycl::plus<T>());
      check(sycl::minimum<>());
      check(sycl::maximum<T>());
      if constexpr (std::is_integral_v<T>) check(sycl::bit_xor<T>());
    }
  });
}

TEST(Lanes, Vote) {
  for (std::size_t n = 1; n <= max_lanes; ++n) {
    for (int pattern = 0; pattern < 4; ++pattern) {
      std::vector<char> raw(n);
      for (std::size_t i = 0; i < n; ++i)
        raw[i] = pattern == 0 ? 0 : pattern == 1 ? 1 : pattern == 2 ? (i == n - 1) : (i % 3 != 0);
      bool in[max_lanes];
      for (std::size_t i = 0; i < n; ++i) in[i] = raw[i] != 0;
      bool any = false, all = true;
      for (std::size_t i = 0; i < n; ++i) any |= in[i], all &= in[i];
      ASSERT_EQ(lanes::any(in, n), any);
      ASSERT_EQ(lanes::all(in, n), all) << n << " " << pattern;
      ASSERT_EQ(lanes::none(in, n), !any);
    }
  }
}

TEST(KnownIdentity, SpecTable) {
  static_assert(sycl::known_identity_v<sycl::plus<>, int> == 0);
  static_assert(sycl::known_identity_v<sycl::multiplies<float>, float> == 1.0f);
  static_assert(sycl::known_identity_v<sycl::bit_and<>, unsigned> == ~0u);
  static_assert(sycl::known_identity_v<sycl::bit_or<>, int> == 0);
  static_assert(sycl::known_identity_v<sycl::bit_xor<int>, int> == 0);
  static_assert(sycl::known_identity_v<sycl::logical_and<>, bool> == true);
  static_assert(sycl::known_identity_v<sycl::logical_or<>, bool> == false);
  static_assert(sycl::known_identity_v<sycl::minimum<>, int> == std::numeric_limits<int>::max());
  static_assert(sycl::known_identity_v<sycl::maximum<>, int> == std::numeric_limits<int>::lowest());
  static_assert(sycl::known_identity_v<sycl::minimum<>, double> == std::numeric_limits<double>::infinity());
  static_assert(sycl::known_identity_v<sycl::maximum<float>, float> == -std::numeric_limits<float>::infinity());
  static_assert(!sycl::has_known_identity_v<user_plus, int>);
  static_assert(!sycl::has_known_identity_v<sycl::bit_and<>, float>);
  static_assert(!sycl::has_known_identity_v<sycl::plus<int>, float>);
  static_assert(sycl::has_known_identity_v<const sycl::plus<int>, int>);
  EXPECT_EQ((sycl::plus<>()(1, 2.5)), 3.5);
  EXPECT_EQ((sycl::minimum<>()(3, 2)), 2);
  EXPECT_TRUE((sycl::logical_and<int>()(3, 2)));
}

}  // namespace
