// Every function of the SYCL 2020 math builtin lists (section 4.17), called for a
// scalar, a vec, a swizzle and an marray. A function missing from Weft fails to
// compile here, so this list is the checklist: it names each function once.
#define SYCL_SIMPLE_SWIZZLES  // v.xy() and friends (SYCL 2020 4.14.2.1)
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

namespace {

// Generic float functions: one, two and three arguments.
// clang-format off
#define WEFT_FLOAT1(X) X(acos) X(acosh) X(acospi) X(asin) X(asinh) X(asinpi) X(atan) X(atanh) X(atanpi) \
  X(cbrt) X(ceil) X(cos) X(cosh) X(cospi) X(erfc) X(erf) X(exp) X(exp2) X(exp10) X(expm1) X(fabs) X(floor) \
  X(lgamma) X(log) X(log2) X(log10) X(log1p) X(logb) X(rint) X(round) X(rsqrt) X(sin) X(sinh) X(sinpi) X(sqrt) \
  X(tan) X(tanh) X(tanpi) X(tgamma) X(trunc) X(ilogb) X(degrees) X(radians) X(sign) X(isfinite) X(isinf) \
  X(isnan) X(isnormal) X(signbit) X(length) X(normalize)
#define WEFT_FLOAT2(X) X(atan2) X(atan2pi) X(copysign) X(fdim) X(fmax) X(fmin) X(fmod) X(hypot) X(maxmag) \
  X(minmag) X(nextafter) X(pow) X(powr) X(remainder) X(max) X(min) X(step) X(isequal) X(isnotequal) X(isgreater) \
  X(isgreaterequal) X(isless) X(islessequal) X(islessgreater) X(isordered) X(isunordered) X(dot) X(distance)
#define WEFT_FAST1(X) X(fast_length) X(fast_normalize)
#define WEFT_FAST2(X) X(fast_distance)
#define WEFT_FLOAT3(X) X(fma) X(mad) X(clamp) X(mix) X(smoothstep) X(bitselect)
#define WEFT_NATIVE1(X) X(cos) X(exp) X(exp2) X(exp10) X(log) X(log2) X(log10) X(recip) X(rsqrt) X(sin) X(sqrt) X(tan)
#define WEFT_NATIVE2(X) X(divide) X(powr)
#define WEFT_INT1(X) X(abs) X(clz) X(ctz) X(popcount)
#define WEFT_INT2(X) X(abs_diff) X(add_sat) X(hadd) X(rhadd) X(max) X(min) X(mul_hi) X(rotate) X(sub_sat) X(mul24)
#define WEFT_INT3(X) X(clamp) X(mad_hi) X(mad_sat) X(mad24) X(bitselect)
// clang-format on

int g_calls = 0;
template <class T>
void use(const T&) {
  ++g_calls;
}

template <class F>
void float_functions(F x) {
#define CALL1(f) use(sycl::f(x));
#define CALL2(f) use(sycl::f(x, x));
#define CALL3(f) use(sycl::f(x, x, x));
  WEFT_FLOAT1(CALL1)
  WEFT_FLOAT2(CALL2)
  WEFT_FLOAT3(CALL3)
  if constexpr (!std::is_same_v<sycl::detail::elem_t<F>, sycl::half>) {  // fast_* are float and double only
    WEFT_FAST1(CALL1)
    WEFT_FAST2(CALL2)
  }
#undef CALL1
#undef CALL2
#undef CALL3
}

template <class F>
void native_functions(F x) {
#define CALL1(f)           \
  use(sycl::native::f(x)); \
  use(sycl::half_precision::f(x));
#define CALL2(f)              \
  use(sycl::native::f(x, x)); \
  use(sycl::half_precision::f(x, x));
  WEFT_NATIVE1(CALL1)
  WEFT_NATIVE2(CALL2)
#undef CALL1
#undef CALL2
}

template <class I>
void integer_functions(I x) {
#define CALL1(f) use(sycl::f(x));
#define CALL2(f) use(sycl::f(x, x));
#define CALL3(f) use(sycl::f(x, x, x));
  WEFT_INT1(CALL1)
  WEFT_INT2(CALL2)
  WEFT_INT3(CALL3)
#undef CALL1
#undef CALL2
#undef CALL3
}

// Functions with pointer, integer or special arguments.
template <class F, class I>
void special_functions(F x, I n) {
  F out = x;
  I iout = n;
  use(sycl::fract(x, &out));
  use(sycl::modf(x, &out));
  use(sycl::frexp(x, &iout));
  use(sycl::remquo(x, x, &iout));
  use(sycl::sincos(x, &out));
  use(sycl::lgamma_r(x, &iout));
  use(sycl::ldexp(x, n));
  use(sycl::pown(x, n));
  use(sycl::rootn(x, n));
  use(sycl::select(x, x, n));
  sycl::multi_ptr<F, sycl::access::address_space::private_space, sycl::access::decorated::no> mp(&out);
  use(sycl::fract(x, mp));
  use(sycl::sincos(x, mp));
}

TEST(MathCoverage, EveryListedFunctionExistsForScalarsVecSwizzlesAndMarray) {
  float_functions(0.5f);
  float_functions(0.5);
  float_functions(sycl::half(0.5f));
  float_functions(sycl::float4(0.5f));
  float_functions(sycl::double3(0.25));
  float_functions(sycl::marray<float, 3>(0.5f));
  native_functions(0.5f);
  native_functions(sycl::float8(0.5f));
  native_functions(sycl::marray<float, 2>(0.5f));
  integer_functions(7);
  integer_functions(7u);
  integer_functions(std::int64_t(7));
  integer_functions(sycl::int4(7));
  integer_functions(sycl::uchar16(7));
  integer_functions(sycl::marray<short, 5>(7));
  special_functions(0.5f, 3);
  special_functions(0.5, 3);
  special_functions(sycl::float4(0.5f), sycl::int4(3));
  special_functions(sycl::double2(0.5), sycl::int2(3));
  special_functions(sycl::marray<float, 3>(0.5f), sycl::marray<int, 3>(3));

  // The rest: cross, nan, upsample, any/all, swizzle arguments.
  sycl::float4 v(1, 2, 3, 4);
  use(sycl::cross(sycl::float3(1, 0, 0), sycl::float3(0, 1, 0)));
  use(sycl::cross(v, v));
  use(sycl::nan(1u));
  use(sycl::nan(sycl::ulong2(1)));
  use(sycl::upsample(std::int8_t(1), std::uint8_t(2)));
  use(sycl::upsample(sycl::int2(1), sycl::uint2(2)));
  use(sycl::any(sycl::int4(-1, 0, 0, 0)));
  use(sycl::all(sycl::marray<bool, 2>(true, false)));
  use(sycl::sin(v.xyz()));
  use(sycl::fmax(v.xy(), v.zw()));
  use(sycl::dot(v.xyz(), v.zyx()));
  use(sycl::isless(v.xy(), v.zw()));
  EXPECT_GT(g_calls, 600);
}

TEST(MathCoverage, ResultTypes) {
  sycl::float4 v(1.0f);
  static_assert(std::is_same_v<decltype(sycl::sin(v)), sycl::float4>);
  static_assert(std::is_same_v<decltype(sycl::sin(v.xy())), sycl::float2>);
  static_assert(std::is_same_v<decltype(sycl::ilogb(v)), sycl::int4>);
  static_assert(std::is_same_v<decltype(sycl::isless(v, v)), sycl::int4>);
  static_assert(std::is_same_v<decltype(sycl::isless(sycl::double2(), sycl::double2())), sycl::long2>);
  static_assert(std::is_same_v<decltype(sycl::isless(sycl::half4(), sycl::half4())), sycl::short4>);
  static_assert(std::is_same_v<decltype(sycl::isless(1.0f, 2.0f)), bool>);
  static_assert(std::is_same_v<decltype(sycl::isless(sycl::mfloat3(), sycl::mfloat3())), sycl::marray<bool, 3>>);
  static_assert(std::is_same_v<decltype(sycl::fmax(v, 0.0f)), sycl::float4>);
  static_assert(std::is_same_v<decltype(sycl::sin(sycl::half(1.0f))), sycl::half>);
  static_assert(std::is_same_v<decltype(sycl::dot(v, v)), float>);
  static_assert(std::is_same_v<decltype(sycl::length(sycl::double3())), double>);
  static_assert(std::is_same_v<decltype(sycl::upsample(std::int16_t(), std::uint16_t())), std::int32_t>);
  static_assert(std::is_same_v<decltype(sycl::abs_diff(-1, 2)), int>);
  static_assert(std::is_same_v<decltype(sycl::nan(1u)), float>);
  static_assert(std::is_same_v<decltype(sycl::nan(std::uint64_t(1))), double>);
  static_assert(std::is_same_v<decltype(sycl::clamp(v, 0.0f, 1.0f)), sycl::float4>);
  static_assert(std::is_same_v<decltype(sycl::mix(v, v, 0.5f)), sycl::float4>);
}

TEST(MathCoverage, IntegerAndRelationalValues) {
  EXPECT_EQ(sycl::add_sat(std::int8_t(100), std::int8_t(100)), 127);
  EXPECT_EQ(sycl::sub_sat(std::uint8_t(3), std::uint8_t(5)), 0);
  EXPECT_EQ(sycl::hadd(7, 4), 5);
  EXPECT_EQ(sycl::rhadd(7, 4), 6);
  EXPECT_EQ(sycl::clz(1u), 31u);
  EXPECT_EQ(sycl::clz(std::uint8_t(0)), 8);
  EXPECT_EQ(sycl::ctz(8), 3);
  EXPECT_EQ(sycl::popcount(0xffu), 8u);
  EXPECT_EQ(sycl::mul_hi(0x40000000, 8), 2);
  EXPECT_EQ(sycl::mul_hi(std::uint64_t(1) << 63, std::uint64_t(4)), 2u);
  EXPECT_EQ(sycl::mad_sat(100000, 100000, 5), 2147483647);
  EXPECT_EQ(sycl::mad_sat(-100000, 100000, 5), -2147483647 - 1);
  EXPECT_EQ(sycl::mad_sat(1000, 1000, 5), 1000005);
  EXPECT_EQ(sycl::rotate(std::uint8_t(0x81), std::uint8_t(1)), 0x03);
  EXPECT_EQ(sycl::upsample(std::int16_t(1), std::uint16_t(2)), 65538);
  EXPECT_EQ(sycl::abs(-5), 5);
  EXPECT_EQ(sycl::abs_diff(-3, 4), 7);
  EXPECT_EQ(sycl::clamp(sycl::int4(-5, 0, 5, 10), 0, 6)[3], 6);
  auto r = sycl::isgreater(sycl::float4(1, 2, 3, 4), sycl::float4(2.5f));
  EXPECT_EQ(r[0], 0);
  EXPECT_EQ(r[3], -1);
  EXPECT_TRUE(sycl::any(r));
  EXPECT_FALSE(sycl::all(r));
  auto s = sycl::select(sycl::float4(0), sycl::float4(1), r);
  EXPECT_EQ(s[0], 0.0f);
  EXPECT_EQ(s[2], 1.0f);
  EXPECT_EQ(sycl::bitselect(0u, 0xffu, 0x0fu), 0x0fu);
  EXPECT_TRUE(sycl::isnan(sycl::nan(3u)));
  EXPECT_TRUE(sycl::isunordered(1.0f, sycl::nan(1u)));
  EXPECT_EQ(sycl::sign(-2.0f), -1.0f);
  EXPECT_EQ(sycl::step(0.5f, sycl::float2(0.25f, 0.75f))[1], 1.0f);
  EXPECT_FLOAT_EQ(sycl::smoothstep(0.0f, 1.0f, 0.5f), 0.5f);
  EXPECT_FLOAT_EQ(sycl::mix(1.0f, 3.0f, 0.5f), 2.0f);
  EXPECT_FLOAT_EQ(sycl::degrees(3.14159265f), 180.0f);
  auto c = sycl::cross(sycl::float3(1, 0, 0), sycl::float3(0, 1, 0));
  EXPECT_EQ(c[2], 1.0f);
  EXPECT_FLOAT_EQ(sycl::length(sycl::float2(3, 4)), 5.0f);
  EXPECT_FLOAT_EQ(sycl::distance(sycl::float2(0, 0), sycl::float2(3, 4)), 5.0f);
  EXPECT_FLOAT_EQ(sycl::normalize(sycl::float2(3, 4))[1], 0.8f);
  EXPECT_DOUBLE_EQ(sycl::length(sycl::double2(3e200, 4e200)), 5e200);  // no overflow in the sum of squares
  float ip;
  EXPECT_FLOAT_EQ(sycl::fract(-1.25f, &ip), 0.75f);
  EXPECT_EQ(ip, -2.0f);
  int q;
  EXPECT_FLOAT_EQ(sycl::remquo(7.0f, 2.0f, &q), -1.0f);
  EXPECT_EQ(q & 7, 4);
  EXPECT_EQ(sycl::maxmag(-3.0f, 2.0f), -3.0f);
  EXPECT_EQ(sycl::minmag(-3.0f, 2.0f), 2.0f);
  EXPECT_TRUE(sycl::isnan(sycl::powr(-1.0f, 2.0f)));
  EXPECT_FLOAT_EQ(sycl::rootn(-27.0f, 3), -3.0f);
  EXPECT_FLOAT_EQ(sycl::pown(2.0f, -2), 0.25f);
}

}  // namespace
