// sycl::ext::oneapi::bfloat16: DPC++'s conversions (round to nearest even, NaN to
// 0xffc1), arithmetic and comparisons through float, vec of it (element-wise
// operators, convert, swizzles), marray and vec in a kernel, and the math of
// sycl::ext::oneapi::experimental.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sycl/sycl.hpp>

namespace {

using sycl::ext::oneapi::bfloat16;
namespace bfx = sycl::ext::oneapi::experimental;

std::uint16_t bits(bfloat16 b) {
  std::uint16_t u;
  std::memcpy(&u, &b, sizeof u);
  return u;
}
bfloat16 from_bits(std::uint16_t u) {
  bfloat16 b;
  std::memcpy(static_cast<void*>(&b), &u, sizeof u);
  return b;
}
float float_of_bits(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

static_assert(sizeof(bfloat16) == 2);

// Every bfloat16 is the upper half of its float, and converts back to itself.
TEST(Bfloat16, EveryValueRoundTripsThroughFloat) {
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    float f = from_bits(std::uint16_t(b));
    ASSERT_EQ(std::memcmp(&f, &(const std::uint32_t&)(std::uint32_t(b) << 16), 4), 0) << b;
    if (std::isnan(f)) EXPECT_EQ(bits(bfloat16(f)), 0xffc1u) << b;
    else ASSERT_EQ(bits(bfloat16(f)), b) << b;
  }
}

// Floats between two neighbours round to the nearer, ties to the even one.
TEST(Bfloat16, FloatConversionRoundsToNearestEven) {
  for (std::uint32_t b = 0; b < 0x7f7fu; b += 13) {
    const std::uint32_t lo = b << 16;
    EXPECT_EQ(bits(bfloat16(float_of_bits(lo + 0x8000u))), (b % 2 == 0) ? b : b + 1) << b;  // the tie
    EXPECT_EQ(bits(bfloat16(float_of_bits(lo + 0x7fffu))), b) << b;
    EXPECT_EQ(bits(bfloat16(float_of_bits(lo + 0x8001u))), b + 1) << b;
    EXPECT_EQ(bits(bfloat16(-float_of_bits(lo + 0x8001u))), (b + 1) | 0x8000u) << b;
  }
  EXPECT_EQ(bits(bfloat16(std::numeric_limits<float>::max())), 0x7f80u);  // rounds to infinity
  EXPECT_EQ(bits(bfloat16(std::numeric_limits<float>::infinity())), 0x7f80u);
  EXPECT_EQ(bits(bfloat16(-std::numeric_limits<float>::quiet_NaN())), 0xffc1u);
  EXPECT_EQ(bits(bfloat16(1.0f)), 0x3f80u);
  EXPECT_EQ(bits(bfloat16(sycl::half(-2.5f))), 0xc020u);
  EXPECT_EQ(float(sycl::half(bfloat16(0.75f))), 0.75f);
}

TEST(Bfloat16, ArithmeticAndComparisonsGoThroughFloat) {
  bfloat16 a = 1.5f, b = 2.25f;
  EXPECT_EQ(float(a + b), 3.75f);
  EXPECT_EQ(float(a - b), -0.75f);
  EXPECT_EQ(float(a * b), 3.375f);
  EXPECT_EQ(float(b / a), 1.5f);
  EXPECT_EQ(float(bfloat16(1.0f) + bfloat16(1.0f / 256)), 1.0f);  // 1 + 2^-8: a tie, to even
  EXPECT_EQ(float(bfloat16(1.0f) + 3.0f / 512), 1.0078125f);      // 1 + 3 * 2^-9 rounds up
  EXPECT_EQ(float(a * 2), 3.0f);
  EXPECT_EQ(float(2.0 * a), 3.0f);
  EXPECT_TRUE(a < b && b > a && a <= a && a >= a && a == 1.5f && 1.5f == a && a != b);
  EXPECT_FALSE(bfloat16(std::nanf("")) == bfloat16(std::nanf("")));
  EXPECT_EQ(bits(-bfloat16(0.0f)), 0x8000u);
  bfloat16 c = a;
  c += b;
  EXPECT_EQ(float(c), 3.75f);
  c *= 2.0f;
  EXPECT_EQ(float(c), 7.5f);
  EXPECT_EQ(float(c++), 7.5f);
  EXPECT_EQ(float(c), 8.5f);
  EXPECT_EQ(float(--c), 7.5f);
  EXPECT_TRUE(bool(a));
  EXPECT_FALSE(bool(bfloat16(0.0f)));
}

TEST(Bfloat16, Math) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(float(bfx::sqrt(bfloat16(4.0f))), 2.0f);
  EXPECT_EQ(float(bfx::rsqrt(bfloat16(0.25f))), 2.0f);
  EXPECT_EQ(float(bfx::floor(bfloat16(-1.5f))), -2.0f);
  EXPECT_EQ(float(bfx::ceil(bfloat16(1.25f))), 2.0f);
  EXPECT_EQ(float(bfx::trunc(bfloat16(-1.75f))), -1.0f);
  EXPECT_EQ(float(bfx::rint(bfloat16(2.5f))), 2.0f);
  EXPECT_EQ(float(bfx::exp2(bfloat16(3.0f))), 8.0f);
  EXPECT_EQ(float(bfx::log2(bfloat16(8.0f))), 3.0f);
  EXPECT_EQ(float(bfx::exp10(bfloat16(2.0f))), 100.0f);
  EXPECT_EQ(float(bfx::log10(bfloat16(100.0f))), 2.0f);
  EXPECT_EQ(bits(bfx::cos(bfloat16(0.5f))), bits(bfloat16(std::cos(0.5f))));
  EXPECT_EQ(bits(bfx::sin(bfloat16(0.5f))), bits(bfloat16(std::sin(0.5f))));
  EXPECT_EQ(bits(bfx::exp(bfloat16(1.0f))), bits(bfloat16(std::exp(1.0f))));
  EXPECT_EQ(bits(bfx::log(bfloat16(3.0f))), bits(bfloat16(std::log(float(bfloat16(3.0f))))));
  EXPECT_EQ(bits(bfx::fabs(bfloat16(-0.0f))), 0u);
  EXPECT_EQ(float(bfx::fma(bfloat16(1.5f), bfloat16(2.0f), bfloat16(0.25f))), 3.25f);
  EXPECT_TRUE(bfx::isnan(bfloat16(nan)));
  EXPECT_FALSE(bfx::isnan(bfloat16(std::numeric_limits<float>::infinity())));
  EXPECT_EQ(float(bfx::fmin(bfloat16(nan), bfloat16(2.0f))), 2.0f);
  EXPECT_EQ(float(bfx::fmax(bfloat16(1.0f), bfloat16(nan))), 1.0f);
  EXPECT_EQ(bits(bfx::fmin(bfloat16(nan), bfloat16(nan))), 0x7fc0u);
  EXPECT_EQ(bits(bfx::fmin(bfloat16(0.0f), bfloat16(-0.0f))), 0x8000u);
  EXPECT_EQ(bits(bfx::fmax(bfloat16(-0.0f), bfloat16(0.0f))), 0u);
  EXPECT_EQ(float(bfx::fmin(bfloat16(-3.0f), bfloat16(2.0f))), -3.0f);
  EXPECT_EQ(float(bfx::fmax(bfloat16(-3.0f), bfloat16(2.0f))), 2.0f);
}

using bvec4 = sycl::vec<bfloat16, 4>;

std::uint16_t lane_bits(const bvec4& v, int i) { return bits(v[i]); }

// vec<bfloat16, N> element-wise: made from bfloat16, float, half and int elements, its
// arithmetic rounded to bfloat16 per element, comparisons giving -1 / 0 in int16_t lanes.
TEST(Bfloat16, VecElementWiseConstructorAndOperators) {
  bvec4 v{bfloat16(1.5f), bfloat16(-2.0f), 3.0f, sycl::half(0.25f)};
  const bvec4 w{bfloat16(1.0f), 2, 1.0f / 256, 3.0f / 512};
  EXPECT_EQ(float(v[0]), 1.5f);
  EXPECT_EQ(float(v[1]), -2.0f);
  EXPECT_EQ(float(v[2]), 3.0f);
  EXPECT_EQ(float(v[3]), 0.25f);
  EXPECT_EQ(float(w[1]), 2.0f);
  static_assert(std::is_same_v<decltype(v + w), bvec4>);
  const bvec4 ones(bfloat16(1.0f));
  const bvec4 sum = ones + w;  // 1 + 2^-8 is a tie (to even, 1); 1 + 3 * 2^-9 rounds up
  EXPECT_EQ(float(sum[0]), 2.0f);
  EXPECT_EQ(float(sum[1]), 3.0f);
  EXPECT_EQ(float(sum[2]), 1.0f);
  EXPECT_EQ(float(sum[3]), 1.0078125f);
  const bvec4 prod = v * bfloat16(2.0f);
  EXPECT_EQ(float(prod[1]), -4.0f);
  EXPECT_EQ(float(prod[3]), 0.5f);
  const bvec4 diff = bfloat16(1.0f) - v;
  EXPECT_EQ(float(diff[0]), -0.5f);
  EXPECT_EQ(float(diff[1]), 3.0f);
  const bvec4 quot = v / 2.0f;
  EXPECT_EQ(float(quot[2]), 1.5f);
  EXPECT_EQ(lane_bits(-v, 1), 0x4000u);  // -(-2) = 2
  bvec4 acc = v;
  acc += w;
  acc *= 2;
  EXPECT_EQ(float(acc[0]), 5.0f);
  EXPECT_EQ(float(acc[1]), 0.0f);
  ++acc;
  EXPECT_EQ(float(acc[1]), 1.0f);
  const auto less = v < w;
  static_assert(std::is_same_v<decltype(less), const sycl::vec<std::int16_t, 4>>);
  EXPECT_EQ(less[0], 0);
  EXPECT_EQ(less[1], -1);
  EXPECT_EQ(less[2], 0);
  EXPECT_EQ((v == 3.0f)[2], -1);
  EXPECT_EQ((v == 3.0f)[0], 0);
}

// convert<>() from vec<bfloat16>: exact to float and double, to integers in the
// asked direction; to vec<bfloat16> from float and double in each rounding mode.
TEST(Bfloat16, VecConvertsWithRoundingModes) {
  const bvec4 v{2.5f, -2.5f, 0.75f, 65280.0f};
  const sycl::vec<float, 4> f = v.convert<float>();
  EXPECT_EQ(f[0], 2.5f);
  EXPECT_EQ(f[3], 65280.0f);
  const sycl::vec<int, 4> i = v.convert<int>();  // rte by default for a floating-point vec
  EXPECT_EQ(i[0], 2);
  EXPECT_EQ(i[1], -2);
  EXPECT_EQ(i[2], 1);
  EXPECT_EQ(i[3], 65280);
  EXPECT_EQ((v.convert<int, sycl::rounding_mode::rtn>()[1]), -3);
  EXPECT_EQ((v.convert<int, sycl::rounding_mode::rtp>()[2]), 1);
  EXPECT_EQ((v.convert<int, sycl::rounding_mode::rtz>()[2]), 0);
  EXPECT_EQ(float(v.convert<sycl::half>()[1]), -2.5f);
  EXPECT_EQ((v.convert<double>()[2]), 0.75);

  const float up = 1.0f + 1.0f / 1024;  // between 1 and 1 + 2^-7, nearer 1
  const float big = std::numeric_limits<float>::max();
  const sycl::vec<float, 4> src{up, -up, 1.0f + 1.0f / 256 + 1.0f / 1024, big};
  const bvec4 rte = src.convert<bfloat16>();
  const bvec4 rtz = src.convert<bfloat16, sycl::rounding_mode::rtz>();
  const bvec4 rtp = src.convert<bfloat16, sycl::rounding_mode::rtp>();
  const bvec4 rtn = src.convert<bfloat16, sycl::rounding_mode::rtn>();
  const std::uint16_t want[4][4] = {{0x3f80, 0xbf80, 0x3f81, 0x7f80},   // rte: nearest; max rounds to infinity
                                    {0x3f80, 0xbf80, 0x3f80, 0x7f7f},   // rtz
                                    {0x3f81, 0xbf80, 0x3f81, 0x7f80},   // rtp
                                    {0x3f80, 0xbf81, 0x3f80, 0x7f7f}};  // rtn
  const bvec4* got[4] = {&rte, &rtz, &rtp, &rtn};
  for (int m = 0; m < 4; ++m)
    for (int k = 0; k < 4; ++k) EXPECT_EQ(lane_bits(*got[m], k), want[m][k]) << "mode " << m << " lane " << k;
  const sycl::vec<double, 2> d{1.0 + 1.0 / 1024, -3.0};
  EXPECT_EQ(bits((d.convert<bfloat16, sycl::rounding_mode::rtp>()[0])), 0x3f81u);
  EXPECT_EQ(bits((d.convert<bfloat16>()[1])), 0xc040u);
  const sycl::vec<float, 2> nan{std::numeric_limits<float>::quiet_NaN(), 0.0f};
  EXPECT_EQ(bits((nan.convert<bfloat16, sycl::rounding_mode::rtz>()[0])), 0xffc1u);
  const sycl::vec<int, 2> ints{3, -7};
  EXPECT_EQ(float((ints.convert<bfloat16>()[1])), -7.0f);
}

// Swizzles of vec<bfloat16>: read, written through, and compound-assigned; as<>() sees the bits.
TEST(Bfloat16, VecSwizzlesAndAs) {
  bvec4 v{1.0f, 2.0f, 3.0f, 4.0f};
  const sycl::vec<bfloat16, 4> r = v.swizzle<3, 2, 1, 0>();
  EXPECT_EQ(float(r[0]), 4.0f);
  EXPECT_EQ(float(r[3]), 1.0f);
  v.swizzle<0, 1>() = sycl::vec<bfloat16, 2>{bfloat16(-1.0f), bfloat16(-2.0f)};
  v.swizzle<2, 3>() *= bfloat16(0.5f);
  EXPECT_EQ(float(v[0]), -1.0f);
  EXPECT_EQ(float(v[1]), -2.0f);
  EXPECT_EQ(float(v[2]), 1.5f);
  EXPECT_EQ(float(v[3]), 2.0f);
  const sycl::vec<bfloat16, 2> hi = v.hi();
  EXPECT_EQ(float(hi[0]), 1.5f);
  const auto u = v.as<sycl::vec<std::uint16_t, 4>>();
  EXPECT_EQ(u[0], 0xbf80u);
  EXPECT_EQ(u[3], 0x4000u);
}

// In a kernel: marray<bfloat16, 4> math, vec<bfloat16, 4> made and computed element-wise.
TEST(Bfloat16, MarrayAndVecInAKernel) {
  constexpr std::size_t n = 64;
  sycl::queue q;
  auto* out = sycl::malloc_shared<float>(n * 4, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     const float x = float(i[0]);
     sycl::marray<bfloat16, 4> m{bfloat16(x), bfloat16(x + 0.5f), bfloat16(-x), bfloat16(4.0f)};
     sycl::marray<bfloat16, 4> s = bfx::fma(m, m, m);  // x*x + x, per element
     sycl::marray<bfloat16, 4> r = bfx::sqrt(bfx::fabs(m));
     sycl::vec<bfloat16, 4> v{bfloat16(x), bfloat16(0.0f), bfloat16(1.0f), bfloat16(1.5f)};
     v = v * bfloat16(2.0f);
     out[i[0] * 4 + 0] = float(s[0]);
     out[i[0] * 4 + 1] = float(s[3]);
     out[i[0] * 4 + 2] = float(r[3]);
     out[i[0] * 4 + 3] = float(v[0]) + float(v[3]);
   }).wait();
  for (std::size_t i = 0; i < n; ++i) {
    const float x = float(i);
    EXPECT_EQ(out[i * 4 + 0], float(bfloat16(x * x + x))) << i;
    EXPECT_EQ(out[i * 4 + 1], 20.0f);
    EXPECT_EQ(out[i * 4 + 2], 2.0f);
    EXPECT_EQ(out[i * 4 + 3], 2 * x + 3.0f);
  }
  sycl::free(out, q);
}

}  // namespace
