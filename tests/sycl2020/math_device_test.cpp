// SYCL math builtins in device code: every float/double function of section
// 4.17.5 against the host's long double result with the specification's ULP
// bounds (the table of tests/sycl2020/math_accuracy_test.cpp), native:: within
// a loose bound, integer and common functions against the same calls on the
// host (exact), geometric and relational functions on vec and marray.
#include "../support/gpu.hpp"

#include <cmath>
#include <cstdint>
#include <random>
#include <string>

namespace {

constexpr long double pi_l = 3.141592653589793238462643383279502884L;

template <class T>
double ulp_error(T got, long double want) {
  if (std::isnan(want)) return std::isnan(got) ? 0 : 1e9;
  if (std::isinf(want)) return std::isinf(got) && std::signbit(got) == std::signbit(want) ? 0 : 1e9;
  if (std::isnan(got)) return 1e9;
  if (std::isinf(got)) return std::fabs(want) >= (long double)std::numeric_limits<T>::max() ? 0 : 1e9;
  long double w = std::fabs(want);
  int e = w == 0 ? std::numeric_limits<T>::min_exponent : std::ilogb(w) + 1;
  if (e < std::numeric_limits<T>::min_exponent) e = std::numeric_limits<T>::min_exponent;
  long double ulp = std::ldexp(1.0L, e - std::numeric_limits<T>::digits);
  return double(std::fabs((long double)got - want) / ulp);
}

// name, reference, ULP bound float, ULP bound double (0: correctly rounded, within half an ULP), domain
#define WEFT_MATH1(X)                                             \
  X(acos, std::acos(x), 4, 4, -1, 1)                              \
  X(acosh, std::acosh(x), 4, 4, 1, 1e4)                           \
  X(acospi, std::acos(x) / pi_l, 5, 5, -1, 1)                     \
  X(asin, std::asin(x), 4, 4, -1, 1)                              \
  X(asinh, std::asinh(x), 4, 4, -1e4, 1e4)                        \
  X(asinpi, std::asin(x) / pi_l, 5, 5, -1, 1)                     \
  X(atan, std::atan(x), 5, 5, -1e4, 1e4)                          \
  X(atanh, std::atanh(x), 5, 5, -0.999L, 0.999L)                  \
  X(atanpi, std::atan(x) / pi_l, 5, 5, -1e4, 1e4)                 \
  X(cbrt, std::cbrt(x), 2, 2, -1e6, 1e6)                          \
  X(ceil, std::ceil(x), 0, 0, -1e6, 1e6)                          \
  X(cos, std::cos(x), 4, 4, -100, 100)                            \
  X(cosh, std::cosh(x), 4, 4, -80, 80)                            \
  X(cospi, std::cos(pi_l* std::fmod(x, 2.0L)), 4, 4, -1000, 1000) \
  X(erfc, std::erfc(x), 16, 16, -5, 9)                            \
  X(erf, std::erf(x), 16, 16, -5, 5)                              \
  X(exp, std::exp(x), 3, 3, -80, 80)                              \
  X(exp2, std::exp2(x), 3, 3, -120, 120)                          \
  X(exp10, std::pow(10.0L, x), 3, 3, -35, 35)                     \
  X(expm1, std::expm1(x), 3, 3, -80, 80)                          \
  X(fabs, std::fabs(x), 0, 0, -1e6, 1e6)                          \
  X(floor, std::floor(x), 0, 0, -1e6, 1e6)                        \
  X(log, std::log(x), 3, 3, 1e-30L, 1e30L)                        \
  X(log2, std::log2(x), 3, 3, 1e-30L, 1e30L)                      \
  X(log10, std::log10(x), 3, 3, 1e-30L, 1e30L)                    \
  X(log1p, std::log1p(x), 2, 2, -0.9L, 1e6)                       \
  X(logb, std::logb(x), 0, 0, 1e-30L, 1e30L)                      \
  X(rint, std::rint(x), 0, 0, -1e6, 1e6)                          \
  X(round, std::round(x), 0, 0, -1e6, 1e6)                        \
  X(rsqrt, 1.0L / std::sqrt(x), 2, 2, 1e-30L, 1e30L)              \
  X(sin, std::sin(x), 4, 4, -100, 100)                            \
  X(sinh, std::sinh(x), 4, 4, -80, 80)                            \
  X(sinpi, std::sin(pi_l* std::fmod(x, 2.0L)), 4, 4, -1000, 1000) \
  X(sqrt, std::sqrt(x), 0, 0, 0, 1e30L)                           \
  X(tan, std::tan(x), 5, 5, -100, 100)                            \
  X(tanh, std::tanh(x), 5, 5, -20, 20)                            \
  X(tanpi, std::tan(pi_l* std::fmod(x, 1.0L)), 6, 6, -1000, 1000) \
  X(tgamma, std::tgamma(x), 16, 16, 0.01L, 30)                    \
  X(trunc, std::trunc(x), 0, 0, -1e6, 1e6)

#define WEFT_MATH2(X)                                                                                               \
  X(atan2, std::atan2(x, y), 6, 6, -1e3, 1e3)                                                                       \
  X(atan2pi, std::atan2(x, y) / pi_l, 6, 6, -1e3, 1e3)                                                              \
  X(copysign, std::copysign(x, y), 0, 0, -1e3, 1e3)                                                                 \
  X(fdim, std::fdim(x, y), 0, 0, -1e3, 1e3)                                                                         \
  X(fmax, std::fmax(x, y), 0, 0, -1e3, 1e3)                                                                         \
  X(fmin, std::fmin(x, y), 0, 0, -1e3, 1e3)                                                                         \
  X(fmod, std::fmod(x, y), 0, 0, -1e3, 1e3)                                                                         \
  X(hypot, std::hypot(x, y), 4, 4, -1e3, 1e3)                                                                       \
  X(pow, std::pow(x, y), 16, 16, 0.01L, 30)                                                                         \
  X(powr, std::pow(x, y), 16, 16, 0.01L, 30)                                                                        \
  X(remainder, std::remainder(x, y), 0, 0, -1e3, 1e3)                                                               \
  X(maxmag, (std::fabs(x) > std::fabs(y) ? x : std::fabs(y) > std::fabs(x) ? y : std::fmax(x, y)), 0, 0, -1e3, 1e3) \
  X(nextafter, (long double)std::nextafter(T(x), T(y)), 0, 0, -1e3, 1e3)

enum fn1 {
#define WEFT_ENUM(name, ...) f1_##name,
  WEFT_MATH1(WEFT_ENUM)
#undef WEFT_ENUM
      f1_count
};
enum fn2 {
#define WEFT_ENUM(name, ...) f2_##name,
  WEFT_MATH2(WEFT_ENUM)
#undef WEFT_ENUM
      f2_count
};

template <class T>
std::vector<T> inputs(long double lo, long double hi, unsigned seed, int n = 2000) {
  std::mt19937 gen(seed);
  std::vector<T> v;
  std::uniform_real_distribution<double> u{static_cast<double>(lo), static_cast<double>(hi)};
  for (int i = 0; i < n; ++i) v.push_back(T(u(gen)));
  if (hi / (lo > 0 ? lo : 1) > 1e3L) {
    double a = lo > 0 ? std::log(double(lo)) : -20, b = std::log(double(hi));
    std::uniform_real_distribution<double> l(a, b);
    for (int i = 0; i < n; ++i) {
      T x = T(std::exp(l(gen)));
      if (x >= T(lo) && x <= T(hi)) v.push_back(x);
      if (lo < 0 && -x >= T(lo)) v.push_back(-x);
    }
  }
  return v;
}

// A function's name, its ULP limit for the tested type T and its input interval.
struct accuracy_row {
  const char* name;
  double ulp;
  long double lo, hi;
};
#define WEFT_ACCURACY_ROW(name, ref, uf, ud, lo, hi) \
  accuracy_row{#name, std::is_same_v<T, float> ? double(uf) : double(ud), lo, hi},

template <class T>
struct MathAccuracy : ::testing::Test {};
using float_types = ::testing::Types<float, double>;
TYPED_TEST_SUITE(MathAccuracy, float_types);

}  // namespace

TYPED_TEST(MathAccuracy, OneArgument) {
  using T = TypeParam;
  target_queue q;
  const accuracy_row rows[] = {WEFT_MATH1(WEFT_ACCURACY_ROW)};
  for (int f = 0; f < f1_count; ++f) {
    const auto in = inputs<T>(rows[f].lo, rows[f].hi, 100 + f);
    const std::size_t n = in.size();
    T* d = sycl::malloc_shared<T>(2 * n, q);
    std::copy(in.begin(), in.end(), d);
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
       const T x = d[i];
       T r = 0;
       switch (f) {
#define WEFT_CASE(name, ...) \
  case f1_##name:            \
    r = sycl::name(x);       \
    break;
         WEFT_MATH1(WEFT_CASE)
#undef WEFT_CASE
       }
       d[n + i] = r;
     }).wait();
    double worst = 0;
    T worst_x = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const long double x = in[i];
      long double want = 0;
      switch (f) {
#define WEFT_REF(name, ref, ...) \
  case f1_##name: want = ref; break;
        WEFT_MATH1(WEFT_REF)
#undef WEFT_REF
      }
      const double e = ulp_error<T>(d[n + i], want);
      if (e > worst) worst = e, worst_x = in[i];
    }
    EXPECT_LE(worst, rows[f].ulp == 0 ? 0.5 : rows[f].ulp) << rows[f].name << " at x = " << double(worst_x);
    sycl::free(d, q);
  }
}

TYPED_TEST(MathAccuracy, TwoArguments) {
  using T = TypeParam;
  target_queue q;
  const accuracy_row rows[] = {WEFT_MATH2(WEFT_ACCURACY_ROW)};
  for (int f = 0; f < f2_count; ++f) {
    const auto xs = inputs<T>(rows[f].lo, rows[f].hi, 200 + f);
    const auto ys = inputs<T>(rows[f].lo, rows[f].hi, 300 + f);
    const std::size_t n = std::min(xs.size(), ys.size());
    T* d = sycl::malloc_shared<T>(3 * n, q);
    std::copy(xs.begin(), xs.begin() + n, d);
    std::copy(ys.begin(), ys.begin() + n, d + n);
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
       const T x = d[i], y = d[n + i];
       T r = 0;
       switch (f) {
#define WEFT_CASE(name, ...) \
  case f2_##name:            \
    r = sycl::name(x, y);    \
    break;
         WEFT_MATH2(WEFT_CASE)
#undef WEFT_CASE
       }
       d[2 * n + i] = r;
     }).wait();
    double worst = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const long double x = xs[i], y = ys[i];
      long double want = 0;
      switch (f) {
#define WEFT_REF(name, ref, ...) \
  case f2_##name: want = ref; break;
        WEFT_MATH2(WEFT_REF)
#undef WEFT_REF
      }
      worst = std::max(worst, ulp_error<T>(d[2 * n + i], want));
    }
    EXPECT_LE(worst, rows[f].ulp == 0 ? 0.5 : rows[f].ulp) << rows[f].name;
    sycl::free(d, q);
  }
}

// fma, mad, ldexp, pown, rootn, frexp, modf, fract, sincos, remquo, lgamma_r,
// ilogb, nan; vec and marray arguments; native:: and half_precision:: (float).
TEST(Math, PointerFormsVecMarrayNative) {
  target_queue q;
  constexpr std::size_t n = 4096;
  const auto in = inputs<float>(-50, 50, 7, int(n));
  float* x = sycl::malloc_shared<float>(n, q);
  constexpr int outs = 24;
  double* o = sycl::malloc_shared<double>(n * outs, q);
  std::copy(in.begin(), in.begin() + n, x);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     const float v = x[i];
     const double dv = double(v) * 1.25;
     double* r = o + i * outs;
     r[0] = sycl::fma(v, 1.5f, -2.0f);
     r[1] = sycl::fma(dv, 3.0, 0.5);
     r[2] = sycl::ldexp(v, 3);
     r[3] = sycl::pown(dv, 3);
     r[4] = sycl::rootn(sycl::fabs(v) + 1.0f, 3);
     int e = 0;
     r[5] = sycl::frexp(dv, &e);
     r[6] = e;
     float ip = 0;
     r[7] = sycl::modf(v, &ip);
     r[8] = ip;
     double c = 0;
     r[9] = sycl::sincos(dv, &c);
     r[10] = c;
     int s = 0;
     r[11] = sycl::lgamma_r(v, &s);
     r[12] = s;
     r[13] = sycl::ilogb(dv + 100.0);
     const sycl::float4 f4(v, v + 1.0f, v * 2.0f, -v);
     const sycl::float4 sq = sycl::sqrt(sycl::fabs(f4)) + sycl::fmax(f4, 0.5f);
     r[14] = sq.x() + sq.y() + sq.z() + sq.w();
     const sycl::marray<double, 3> m{dv, dv + 2.0, dv - 3.0};
     const auto me = sycl::exp(m / 64.0);
     r[15] = me[0] + me[1] + me[2];
     const float a = sycl::fabs(v) + 0.5f;
     r[16] = sycl::native::exp(v / 16.0f);
     r[17] = sycl::native::log(a);
     r[18] = sycl::native::sin(v) + sycl::native::cos(v);
     r[19] = sycl::native::rsqrt(a) + sycl::native::recip(a) + sycl::native::divide(v, a);
     r[20] = sycl::native::powr(a, 1.5f) + sycl::native::exp2(v / 16.0f) + sycl::native::log2(a);
     r[21] = sycl::half_precision::sqrt(a) + sycl::half_precision::exp(v / 16.0f);
     r[22] = sycl::mad(v, 2.0f, 1.0f);
     r[23] = sycl::isnan(sycl::nan(0u)) ? 1 : 0;
   }).wait();
  auto near = [](double got, long double want, double rel) {
    return std::fabs((long double)got - want) <= rel * std::max<long double>(1.0L, std::fabs(want));
  };
  for (std::size_t i = 0; i < n; ++i) {
    const float v = in[i];
    const double dv = double(v) * 1.25;
    const double* r = o + i * outs;
    ASSERT_EQ(float(r[0]), std::fma(v, 1.5f, -2.0f)) << i;
    ASSERT_EQ(r[1], std::fma(dv, 3.0, 0.5)) << i;
    ASSERT_EQ(float(r[2]), std::ldexp(v, 3)) << i;
    ASSERT_TRUE(near(r[3], std::pow((long double)dv, 3), 1e-14)) << i;
    ASSERT_TRUE(near(r[4], std::cbrt((long double)(std::fabs(v) + 1.0f)), 1e-6)) << i;
    int e = 0;
    ASSERT_EQ(r[5], std::frexp(dv, &e)) << i;
    ASSERT_EQ(int(r[6]), e) << i;
    float ip = 0;
    ASSERT_EQ(float(r[7]), std::modf(v, &ip)) << i;
    ASSERT_EQ(float(r[8]), ip) << i;
    ASSERT_TRUE(near(r[9], std::sin((long double)dv), 1e-15)) << i;
    ASSERT_TRUE(near(r[10], std::cos((long double)dv), 1e-15)) << i;
    int s = 0;
    const double lg = ::lgamma_r(double(v), &s);
    ASSERT_TRUE(near(r[11], lg, 1e-5) || std::isinf(lg)) << i << " x " << v;
    ASSERT_EQ(int(r[12]), s) << i << " x " << v;
    ASSERT_EQ(int(r[13]), std::ilogb(dv + 100.0)) << i;
    long double sq = 0;
    for (float c : {v, v + 1.0f, v * 2.0f, -v}) sq += std::sqrt((long double)std::fabs(c)) + std::fmax(c, 0.5f);
    ASSERT_TRUE(near(r[14], sq, 1e-6)) << i;
    const long double me =
        std::exp((long double)dv / 64) + std::exp(((long double)dv + 2) / 64) + std::exp(((long double)dv - 3) / 64);
    ASSERT_TRUE(near(r[15], me, 1e-14)) << i;
    const float a = std::fabs(v) + 0.5f;
    ASSERT_TRUE(near(r[16], std::exp((long double)v / 16), 1e-5)) << i;
    ASSERT_TRUE(near(r[17], std::log((long double)a), 1e-5)) << i;
    ASSERT_TRUE(near(r[18], std::sin((long double)v) + std::cos((long double)v), 1e-5)) << i;
    ASSERT_TRUE(near(r[19], 1 / std::sqrt((long double)a) + 1 / (long double)a + v / (long double)a, 1e-5)) << i;
    ASSERT_TRUE(
        near(r[20], std::pow((long double)a, 1.5L) + std::exp2((long double)v / 16) + std::log2((long double)a), 1e-5))
        << i;
    ASSERT_TRUE(near(r[21], std::sqrt((long double)a) + std::exp((long double)v / 16), 1e-6)) << i;
    ASSERT_TRUE(near(r[22], (long double)v * 2 + 1, 1e-6)) << i;
    ASSERT_EQ(r[23], 1.0) << i;
  }
  sycl::free(x, q);
  sycl::free(o, q);
}

// Integer, common, geometric and relational functions: the GPU's results equal the
// host's (the same Weft functions compiled for the CPU; exact for integers).
TEST(Math, IntegerCommonGeometricRelational) {
  target_queue q;
  constexpr std::size_t n = 4096, outs = 30;
  std::mt19937 gen(11);
  std::vector<int> a(n), b(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = int(gen());
    b[i] = i % 7 == 0 ? int(gen() % 64) - 32 : int(gen());
  }
  int* ia = sycl::malloc_shared<int>(2 * n, q);
  std::copy(a.begin(), a.end(), ia);
  std::copy(b.begin(), b.end(), ia + n);
  double* o = sycl::malloc_shared<double>(n * outs, q);
  auto body = [](int x, int y, double* r) {
    const unsigned ux = unsigned(x), uy = unsigned(y);
    const long long lx = (long long)x * 977, ly = (long long)y * 31;
    r[0] = sycl::abs(x);
    r[1] = sycl::abs_diff(x, y);
    r[2] = sycl::add_sat(x, y);
    r[3] = sycl::sub_sat(x, y);
    r[4] = sycl::hadd(x, y);
    r[5] = sycl::rhadd(ux, uy);
    r[6] = sycl::clamp(x, -1000, 1000);
    r[7] = sycl::clz(ux);
    r[8] = sycl::ctz(uy);
    r[9] = sycl::popcount(x);
    r[10] = sycl::mul_hi(x, y);
    r[11] = double(sycl::mul_hi(lx, ly));
    r[12] = sycl::mad_sat(x, 3, y);
    r[13] = sycl::rotate(ux, uy % 32);
    r[14] = double(sycl::upsample(short(x), (unsigned short)y));
    r[15] = sycl::min(x, y) + 0.5 * sycl::max(ux, uy);
    r[16] = sycl::mul24(x % 4096, y % 4096);
    r[17] = sycl::mad24(x % 4096, y % 4096, 7);
    const float fx = float(x % 1000) / 37.0f, fy = float(y % 1000) / 41.0f;
    r[18] = sycl::clamp(fx, -5.0f, 5.0f) + sycl::degrees(fy) + sycl::radians(fx);
    r[19] = sycl::mix(fx, fy, 0.25f) + sycl::step(fx, fy) + sycl::smoothstep(-2.0f, 2.0f, fx) + sycl::sign(fy);
    const sycl::float3 p(fx, fy, 1.0f), qv(fy, -fx, 2.0f);
    r[20] = sycl::dot(p, qv);
    const sycl::float3 c = sycl::cross(p, qv);
    r[21] = c.x() + 2 * c.y() + 3 * c.z();
    r[22] = sycl::length(p) + sycl::distance(p, qv);
    const sycl::float3 nrm = sycl::normalize(p);
    r[23] = nrm.x() + nrm.y() + nrm.z();
    r[24] = sycl::fast_length(qv);
    r[25] = sycl::isnan(fx / (fy - fy)) + 2 * sycl::isinf(fx / 0.0f) + 4 * sycl::signbit(fy) + 8 * sycl::isfinite(fx);
    const sycl::int4 m = sycl::isless(sycl::float4(fx, fy, 0, 1), sycl::float4(fy, fx, 1, 0));
    r[26] = sycl::any(m) + 2 * sycl::all(m) + 4 * m.x() + 8 * m.y();
    r[27] = sycl::select(fx, fy, x < y);
    r[28] = sycl::bitselect(ux, uy, 0x0f0f0f0fu);
    const sycl::int2 v2 = sycl::max(sycl::int2(x, y), sycl::int2(y, x)) - sycl::abs(sycl::int2(x % 100, y % 100));
    r[29] = double(v2.x()) + 3.0 * double(v2.y());
  };
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { body(ia[i], ia[n + i], o + i[0] * outs); }).wait();
  std::vector<double> want(outs);
  for (std::size_t i = 0; i < n; ++i) {
    body(a[i], b[i], want.data());
    for (std::size_t k = 0; k < outs; ++k) {
      const double got = o[i * outs + k];
      if (k < 18 || k >= 25) ASSERT_EQ(got, want[k]) << "item " << i << " output " << k;
      else ASSERT_NEAR(got, want[k], 1e-4 * std::max(1.0, std::fabs(want[k]))) << "item " << i << " output " << k;
    }
  }
  sycl::free(ia, q);
  sycl::free(o, q);
}
