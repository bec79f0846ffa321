// sycl::half (section 4.14.1): IEEE binary16 storage, arithmetic through float,
// correctly rounded conversions, numeric_limits.
#include <gtest/gtest.h>
#include <cmath>
#include <cstring>
#include <limits>
#include <sycl/sycl.hpp>

namespace {

using sycl::half;
using sycl::half2;

// Every one of the 65536 half values converts to float and back to itself.
TEST(Half, EveryValueRoundTripsThroughFloat) {
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    half h = half::from_bits(std::uint16_t(b));
    float f = h;
    half back(f);
    if (std::isnan(f)) {
      EXPECT_TRUE(std::isnan(float(back)));
    } else {
      ASSERT_EQ(back.bits(), b) << "bits " << b << " = " << f;
    }
  }
}

// Conversions from float round to nearest even: check against the two neighbours.
TEST(Half, FloatConversionRoundsToNearestEven) {
  for (std::uint32_t b = 0; b < 0x7c00u; b += 7) {  // positive finite halves
    float lo = half::from_bits(std::uint16_t(b));
    float hi = half::from_bits(std::uint16_t(b + 1));
    float mid = lo + (hi - lo) / 2;  // exact in float
    EXPECT_EQ(half(mid).bits(), (b % 2 == 0) ? b : b + 1) << "tie between " << lo << " and " << hi;
    EXPECT_EQ(half(std::nextafter(mid, 0.0f)).bits(), b);
    EXPECT_EQ(half(std::nextafter(mid, 1e9f)).bits(), b + 1);
    EXPECT_EQ(half(-lo).bits(), b | 0x8000u);
  }
  EXPECT_EQ(half(65520.0f).bits(), 0x7c00u);  // rounds to infinity
  EXPECT_EQ(half(65519.0f).bits(), 0x7bffu);
  EXPECT_EQ(half(1e-8f).bits(), 0u);                          // below half the smallest subnormal
  EXPECT_EQ(half(6e-8f).bits(), 1u);                          // nearest the smallest subnormal
  EXPECT_EQ(half(1.0 + 1.0 / 2048 + 1e-12).bits(), 0x3c01u);  // double converts directly, no double rounding
}

TEST(Half, Arithmetic) {
  half a(1.5f), b(2.25f);
  EXPECT_EQ(float(a + b), 3.75f);
  EXPECT_EQ(float(a * b), 3.375f);
  EXPECT_EQ(float(b - a), 0.75f);
  EXPECT_EQ(float(half(1.0f) / half(3.0f)), float(half(1.0f / 3.0f)));
  EXPECT_EQ(float(-a), -1.5f);
  half c = a;
  c += b;
  c *= 2;
  ++c;
  EXPECT_EQ(float(c), 8.5f);
  static_assert(std::is_same_v<decltype(a + 1.0f), float>);
  static_assert(std::is_same_v<decltype(a + 1.0), double>);
  static_assert(std::is_same_v<decltype(a + 1), half>);
  EXPECT_TRUE(a < b);
  EXPECT_TRUE(a == 1.5f);
  EXPECT_TRUE(half(0.0f) == half(-0.0f));
  EXPECT_FALSE(std::numeric_limits<half>::quiet_NaN() == std::numeric_limits<half>::quiet_NaN());
}

TEST(Half, NumericLimits) {
  using L = std::numeric_limits<half>;
  static_assert(L::is_specialized && L::digits == 11 && L::max_exponent == 16);
  EXPECT_EQ(float(L::max()), 65504.0f);
  EXPECT_EQ(float(L::lowest()), -65504.0f);
  EXPECT_EQ(float(L::min()), std::ldexp(1.0f, -14));
  EXPECT_EQ(float(L::denorm_min()), std::ldexp(1.0f, -24));
  EXPECT_EQ(float(L::epsilon()), std::ldexp(1.0f, -10));
  EXPECT_TRUE(std::isinf(float(L::infinity())));
  EXPECT_TRUE(std::isnan(float(L::quiet_NaN())));
  static_assert(sizeof(half) == 2);
  static_assert(sycl::is_device_copyable_v<half>);
}

TEST(Half, InKernelsAndVec) {
  sycl::queue q;
  std::vector<half> v(32, half(1.0f));
  {
    sycl::buffer<half> buf(v.data(), sycl::range<1>(32));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor acc(buf, cgh);
      cgh.parallel_for(sycl::range<1>(32), [=](sycl::id<1> i) { acc[i] = acc[i] * half(0.5f) + half(float(i[0])); });
    });
  }
  for (int i = 0; i < 32; ++i) EXPECT_EQ(float(v[i]), 0.5f + float(i));
  sycl::half4 h(1.0f, 2.0f, 3.0f, 4.0f);
  auto s = h + h;
  EXPECT_EQ(float(s[3]), 8.0f);
  auto f = h.convert<float>();
  EXPECT_EQ(f[2], 3.0f);
}

// Integers, bools and floats converted to half in a kernel round to nearest even on every
// target (a GPU converts with one instruction; ReLU kernels build masks from bools).
TEST(Half, IntegerBoolAndVecConversionsInKernels) {
  constexpr std::uint16_t expected[] = {0x0000, 0x3c00, 0xbc00, 0x6800, 0x6802, 0x7bff, 0x7c00, 0xfc00,
                                        0x7c00, 0x3c00, 0x0000, 0x6800, 0x6802, 0x3c00, 0x3c02, 0x3c00};
  constexpr std::size_t n = sizeof(expected) / sizeof(expected[0]);
  std::vector<std::uint16_t> out(n, 0x5555);
  const int ints[] = {0, 1, -1, 2049, 2051, 65519, 65520, -70000};  // 2049, 2051: ties
  sycl::queue q;
  {
    sycl::buffer<std::uint16_t> b(out.data(), sycl::range<1>(n));
    sycl::buffer<int> in(ints, sycl::range<1>(8));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor o(b, cgh, sycl::write_only);
      sycl::accessor i(in, cgh, sycl::read_only);
      cgh.single_task([=] {
        for (int k = 0; k < 8; ++k) o[k] = half(i[k]).bits();
        o[8] = half(static_cast<long long>(i[1]) * 1000000000000ll).bits();
        const half2 mask{i[1] > 0, i[0] > 0};  // from bools
        o[9] = mask[0].bits();
        o[10] = mask[1].bits();
        const auto v = sycl::int2(i[3], i[4]).convert<half, sycl::rounding_mode::rte>();
        o[11] = v[0].bits();
        o[12] = v[1].bits();
        const float one = float(i[1]);
        const auto w = sycl::float2(one + 1.0f / 2048, one + 3.0f / 2048).convert<half, sycl::rounding_mode::rte>();
        o[13] = w[0].bits();
        o[14] = w[1].bits();
        o[15] = (mask * half2(half(1.0f), half(1.0f)))[0].bits();
      });
    });
  }
  for (std::size_t k = 0; k < n; ++k) EXPECT_EQ(out[k], expected[k]) << "conversion " << k;
}

}  // namespace
