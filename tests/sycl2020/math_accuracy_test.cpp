// Accuracy of the math builtins against the host's long double results, with the
// ULP bounds of the specification's tables (SYCL 2020 section 4.17.5 refers to the
// OpenCL 1.2 tables: float and double bounds per function, half within 8192 ULP
// for half_precision::). Table-driven: one row per function and domain.
#include <gtest/gtest.h>
#include <cmath>
#include <random>
#include <string>
#include <vector>
#include <sycl/sycl.hpp>

namespace {

constexpr long double pi_l = 3.141592653589793238462643383279502884L;

// Error of `got` in ULPs of T around the exact value `want`.
template <class T>
double ulp_error(T got, long double want) {
  if (std::isnan(want)) return std::isnan(got) ? 0 : 1e9;
  if (std::isinf(want)) {
    // the exact value may overflow T while got is its largest finite neighbour
    if (std::isinf(got) && std::signbit(got) == std::signbit(want)) return 0;
    return 1e9;
  }
  if (std::isnan(got)) return 1e9;
  if (std::isinf(got)) {
    if (std::fabs(want) >= (long double)std::numeric_limits<T>::max()) return 0;
    return 1e9;
  }
  long double w = std::fabs(want);
  int e = w == 0 ? std::numeric_limits<T>::min_exponent : std::ilogb(w) + 1;
  if (e < std::numeric_limits<T>::min_exponent) e = std::numeric_limits<T>::min_exponent;
  long double ulp = std::ldexp(1.0L, e - std::numeric_limits<T>::digits);
  return double(std::fabs((long double)got - want) / ulp);
}

struct row1 {
  const char* name;
  float (*f)(float);
  double (*d)(double);
  long double (*ref)(long double);
  double ulp_float, ulp_double;
  long double lo, hi;
};
struct row2 {
  const char* name;
  float (*f)(float, float);
  double (*d)(double, double);
  long double (*ref)(long double, long double);
  double ulp_float, ulp_double;
  long double lo, hi;
};

// clang-format off
#define F1(name, ref, uf, ud, lo, hi)                                                     \
  row1{#name, [](float x) { return sycl::name(x); }, [](double x) { return sycl::name(x); }, \
       [](long double x) -> long double { return ref; }, uf, ud, lo, hi}
#define F2(name, ref, uf, ud, lo, hi)                                                                       \
  row2{#name, [](float x, float y) { return sycl::name(x, y); }, [](double x, double y) { return sycl::name(x, y); }, \
       [](long double x, long double y) -> long double { return ref; }, uf, ud, lo, hi}
// clang-format on

const std::vector<row1>& rows1() {
  static const std::vector<row1> rows = {
      F1(acos, std::acos(x), 4, 4, -1, 1),
      F1(acosh, std::acosh(x), 4, 4, 1, 1e4),
      F1(acospi, std::acos(x) / pi_l, 5, 5, -1, 1),
      F1(asin, std::asin(x), 4, 4, -1, 1),
      F1(asinh, std::asinh(x), 4, 4, -1e4, 1e4),
      F1(asinpi, std::asin(x) / pi_l, 5, 5, -1, 1),
      F1(atan, std::atan(x), 5, 5, -1e4, 1e4),
      F1(atanh, std::atanh(x), 5, 5, -0.999L, 0.999L),
      F1(atanpi, std::atan(x) / pi_l, 5, 5, -1e4, 1e4),
      F1(cbrt, std::cbrt(x), 2, 2, -1e6, 1e6),
      F1(ceil, std::ceil(x), 0, 0, -1e6, 1e6),
      F1(cos, std::cos(x), 4, 4, -100, 100),
      F1(cosh, std::cosh(x), 4, 4, -80, 80),
      F1(cospi, std::cos(pi_l * std::fmod(x, 2.0L)), 4, 4, -1000, 1000),
      F1(erfc, std::erfc(x), 16, 16, -5, 9),
      F1(erf, std::erf(x), 16, 16, -5, 5),
      F1(exp, std::exp(x), 3, 3, -80, 80),
      F1(exp2, std::exp2(x), 3, 3, -120, 120),
      F1(exp10, std::pow(10.0L, x), 3, 3, -35, 35),
      F1(expm1, std::expm1(x), 3, 3, -80, 80),
      F1(fabs, std::fabs(x), 0, 0, -1e6, 1e6),
      F1(floor, std::floor(x), 0, 0, -1e6, 1e6),
      F1(log, std::log(x), 3, 3, 1e-30L, 1e30L),
      F1(log2, std::log2(x), 3, 3, 1e-30L, 1e30L),
      F1(log10, std::log10(x), 3, 3, 1e-30L, 1e30L),
      F1(log1p, std::log1p(x), 2, 2, -0.9L, 1e6),
      F1(logb, std::logb(x), 0, 0, 1e-30L, 1e30L),
      F1(rint, std::rint(x), 0, 0, -1e6, 1e6),
      F1(round, std::round(x), 0, 0, -1e6, 1e6),
      F1(rsqrt, 1.0L / std::sqrt(x), 2, 2, 1e-30L, 1e30L),
      F1(sin, std::sin(x), 4, 4, -100, 100),
      F1(sinh, std::sinh(x), 4, 4, -80, 80),
      F1(sinpi, std::sin(pi_l * std::fmod(x, 2.0L)), 4, 4, -1000, 1000),
      F1(sqrt, std::sqrt(x), 3, 0, 0, 1e30L),
      F1(tan, std::tan(x), 5, 5, -100, 100),
      F1(tanh, std::tanh(x), 5, 5, -20, 20),
      F1(tanpi, std::tan(pi_l * std::fmod(x, 1.0L)), 6, 6, -1000, 1000),
      F1(tgamma, std::tgamma(x), 16, 16, 0.01L, 30),
      F1(trunc, std::trunc(x), 0, 0, -1e6, 1e6),
  };
  return rows;
}
const std::vector<row2>& rows2() {
  static const std::vector<row2> rows = {
      F2(atan2, std::atan2(x, y), 6, 6, -1e3, 1e3),         F2(atan2pi, std::atan2(x, y) / pi_l, 6, 6, -1e3, 1e3),
      F2(copysign, std::copysign(x, y), 0, 0, -1e3, 1e3),   F2(fdim, std::fdim(x, y), 0, 0, -1e3, 1e3),
      F2(fmax, std::fmax(x, y), 0, 0, -1e3, 1e3),           F2(fmin, std::fmin(x, y), 0, 0, -1e3, 1e3),
      F2(fmod, std::fmod(x, y), 0, 0, -1e3, 1e3),           F2(hypot, std::hypot(x, y), 4, 4, -1e3, 1e3),
      F2(pow, std::pow(x, y), 16, 16, 0.01L, 30),           F2(powr, std::pow(x, y), 16, 16, 0.01L, 30),
      F2(remainder, std::remainder(x, y), 0, 0, -1e3, 1e3),
  };
  return rows;
}

// Inputs: uniform in [lo, hi], plus log-uniform magnitudes when the range is wide.
template <class T>
std::vector<T> inputs(long double lo, long double hi, unsigned seed) {
  std::mt19937 gen(seed);
  std::vector<T> v;
  std::uniform_real_distribution<double> u{static_cast<double>(lo), static_cast<double>(hi)};
  for (int i = 0; i < 4000; ++i) v.push_back(T(u(gen)));
  if (hi / (lo > 0 ? lo : 1) > 1e3L) {
    double a = lo > 0 ? std::log(double(lo)) : -20, b = std::log(double(hi));
    std::uniform_real_distribution<double> l(a, b);
    for (int i = 0; i < 4000; ++i) {
      T x = T(std::exp(l(gen)));
      if (x >= T(lo) && x <= T(hi)) v.push_back(x);
      if (lo < 0 && -x >= T(lo)) v.push_back(-x);
    }
  }
  return v;
}

template <class T, class Row>
void check1(const Row& r) {
  double bound = std::is_same_v<T, float> ? r.ulp_float : r.ulp_double;
  double worst = 0;
  T worst_x = 0;
  for (T x : inputs<T>(r.lo, r.hi, 1)) {
    T got = std::is_same_v<T, float> ? T(r.f(float(x))) : T(r.d(double(x)));
    double e = ulp_error<T>(got, r.ref((long double)x));
    if (e > worst) worst = e, worst_x = x;
  }
  // a bound of 0 means correctly rounded: within half an ULP of the exact value
  EXPECT_LE(worst, bound == 0 ? 0.5 : bound)
      << r.name << (std::is_same_v<T, float> ? "(float)" : "(double)") << " worst at x = " << worst_x;
}
template <class T, class Row>
void check2(const Row& r) {
  double bound = std::is_same_v<T, float> ? r.ulp_float : r.ulp_double;
  double worst = 0;
  auto xs = inputs<T>(r.lo, r.hi, 2), ys = inputs<T>(r.lo, r.hi, 3);
  for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
    T x = xs[i], y = ys[i];
    T got = std::is_same_v<T, float> ? T(r.f(float(x), float(y))) : T(r.d(double(x), double(y)));
    worst = std::max(worst, ulp_error<T>(got, r.ref((long double)x, (long double)y)));
  }
  EXPECT_LE(worst, bound == 0 ? 0.5 : bound) << r.name << (std::is_same_v<T, float> ? "(float)" : "(double)");
}

TEST(MathAccuracy, FloatWithinSpecUlp) {
  for (auto& r : rows1()) check1<float>(r);
  for (auto& r : rows2()) check2<float>(r);
}
TEST(MathAccuracy, DoubleWithinSpecUlp) {
  for (auto& r : rows1()) check1<double>(r);
  for (auto& r : rows2()) check2<double>(r);
}

TEST(MathAccuracy, IntegerArgumentFunctions) {
  double worst = 0;
  for (float x : inputs<float>(0.01L, 100, 4))
    for (int n : {-7, -3, -1, 1, 2, 3, 5, 9}) {
      worst = std::max(worst, ulp_error<float>(sycl::pown(x, n), std::pow((long double)x, (long double)n)));
      worst = std::max(worst, ulp_error<float>(sycl::rootn(x, n), std::pow((long double)x, 1.0L / n)));
      worst = std::max(worst, ulp_error<float>(sycl::ldexp(x, n), std::ldexp((long double)x, n)));
    }
  EXPECT_LE(worst, 16);
  double worst_d = 0;
  for (double x : inputs<double>(0.01L, 1e6, 5))
    for (int n : {-7, -3, 2, 3, 9}) {
      worst_d = std::max(worst_d, ulp_error<double>(sycl::pown(x, n), std::pow((long double)x, (long double)n)));
      worst_d = std::max(worst_d, ulp_error<double>(sycl::rootn(x, n), std::pow((long double)x, 1.0L / n)));
    }
  EXPECT_LE(worst_d, 16);
}

TEST(MathAccuracy, PiFunctionsAreExactAtSpecialPoints) {
  EXPECT_EQ(sycl::sinpi(1.0f), 0.0f);
  EXPECT_FALSE(std::signbit(sycl::sinpi(1.0f)));
  EXPECT_TRUE(std::signbit(sycl::sinpi(-1.0)));
  EXPECT_EQ(sycl::cospi(0.5), 0.0);
  EXPECT_EQ(sycl::sinpi(0.5f), 1.0f);
  EXPECT_EQ(sycl::cospi(1.0f), -1.0f);
  EXPECT_EQ(sycl::tanpi(0.25), 1.0);
  EXPECT_TRUE(std::isinf(sycl::tanpi(0.5f)));
  EXPECT_EQ(sycl::sinpi(1e30), 0.0);  // large arguments are integers: no precision lost in pi * x
}

TEST(MathAccuracy, VecAndHalfMatchScalar) {
  sycl::float4 v(0.1f, 1.5f, -2.0f, 30.0f);
  auto s = sycl::exp(v);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(s[i], sycl::exp(v[i]));
  // half computes in float and rounds once: correctly rounded where float is.
  for (float x : {0.1f, 0.5f, 1.0f, 2.5f, 7.0f}) {
    sycl::half h(x);
    EXPECT_EQ(float(sycl::sqrt(h)), float(sycl::half(std::sqrt(float(h)))));
    EXPECT_LE(ulp_error<float>(float(sycl::half_precision::sin(x)), std::sin((long double)x)), 8192.0);
  }
  auto n = sycl::native::divide(sycl::float2(1, 3), sycl::float2(4, 2));
  EXPECT_EQ(n[0], 0.25f);
  EXPECT_EQ(n[1], 1.5f);
  EXPECT_FLOAT_EQ(sycl::native::recip(4.0f), 0.25f);
}

}  // namespace
