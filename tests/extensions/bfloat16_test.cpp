// sycl::ext::oneapi::bfloat16: DPC++'s conversions (round to nearest even, NaN to
// 0xffc1), arithmetic and comparisons through float, marray and vec of it in a
// kernel, and the math of sycl::ext::oneapi::experimental.
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

// In a kernel: marray<bfloat16, 4> math, vec<bfloat16, 4> elements.
TEST(Bfloat16, MarrayAndVecInAKernel) {
  constexpr std::size_t n = 64;
  sycl::queue q;
  auto* out = sycl::malloc_shared<float>(n * 4, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     const float x = float(i[0]);
     sycl::marray<bfloat16, 4> m{bfloat16(x), bfloat16(x + 0.5f), bfloat16(-x), bfloat16(4.0f)};
     sycl::marray<bfloat16, 4> s = bfx::fma(m, m, m);  // x*x + x, per element
     sycl::marray<bfloat16, 4> r = bfx::sqrt(bfx::fabs(m));
     sycl::vec<bfloat16, 4> v{bfloat16(x)};  // (the element-wise constructor takes arithmetic scalars only)
     v[3] = bfloat16(3.0f);
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
    EXPECT_EQ(out[i * 4 + 3], x + 3.0f);
  }
  sycl::free(out, q);
}

}  // namespace
