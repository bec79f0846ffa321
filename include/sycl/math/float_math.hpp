#pragma once
// SYCL 2020 section 4.17.5: math functions over genfloat (float, double, half;
// scalars, vec, swizzles, marray), and the native:: and half_precision::
// variants. Precision: float and double functions are the C library's (within
// the spec's ULP table, mostly within 1 ULP); those the C library lacks
// (pi-scaled trigonometry, exp10, rootn, pown) compute in the next wider type
// and round once; half computes in float and rounds once. fmin, fmax, fabs, fma,
// sqrt and rsqrt are inline and vectorize across work items (with
// -fno-math-errno, which Weft::sycl adds); the other functions call libm per lane.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sycl/math/ieee_minmax.hpp>
#include <sycl/math/map.hpp>
#include <weft/kernel/math.hpp>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl {

namespace detail {

template <class T>
inline constexpr long double pi_l = 3.141592653589793238462643383279502884L;

// sin(pi x) and cos(pi x) with exact argument reduction: x = n/2 + r, |r| <= 1/4.
// sin(pi (x + Quarter/2)) for the quadrant q = n + Quarter: cos(pi x) is Quarter 1.
template <int Quarter, class T>
wider_t<T> sinpi_reduced(T x) {
  using W = wider_t<T>;
  W two_x = std::nearbyint(W(x) * 2);  // exact: x * 2 is exact in W
  W r = W(x) - two_x / 2;              // exact
  long long q = (static_cast<long long>(std::fmod(two_x, W(4))) + Quarter) % 4;
  if (q < 0) q += 4;
  W pr = W(pi_l<T>) * r;
  switch (q) {
    case 0: return std::sin(pr);
    case 1: return std::cos(pr);
    case 2: return -std::sin(pr);
    default: return -std::cos(pr);
  }
}
template <class T>
T sinpi_impl(T x) {
  if constexpr (weft::kernel::math::target_special_functions) return weft::kernel::math::sinpi(x);
  if (!std::isfinite(x)) return std::numeric_limits<T>::quiet_NaN();
  const auto v = sinpi_reduced<0>(x);
  if (v == 0) return std::copysign(T(0), x);  // sinpi(n) = +-0 with x's sign
  return T(v);
}
template <class T>
T cospi_impl(T x) {
  if constexpr (weft::kernel::math::target_special_functions) return weft::kernel::math::cospi(x);
  if (!std::isfinite(x)) return std::numeric_limits<T>::quiet_NaN();
  const auto v = sinpi_reduced<1>(x);
  if (v == 0) return T(0);  // cospi(n + 1/2) = +0
  return T(v);
}
template <class T>
T tanpi_impl(T x) {
  using W = wider_t<T>;
  if (!std::isfinite(x)) return std::numeric_limits<T>::quiet_NaN();
  // tan has period 1: reduce to r in [-1/2, 1/2] exactly.
  W n = std::nearbyint(W(x));
  W r = W(x) - n;
  if (std::fabs(r) == W(0.5)) {
    // pole: +inf for odd multiples approached from below (spec: tanpi(n + 1/2))
    bool even_n = std::fmod(std::fabs(n), W(2)) == 0;
    return (r > 0) == even_n ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
  }
  W v;
  // GPU: sinpi/cospi of the exact remainder (double has no wider type there).
  if constexpr (weft::kernel::math::target_special_functions)
    v = weft::kernel::math::sinpi(r) / weft::kernel::math::cospi(r);
  else v = std::tan(W(pi_l<T>) * r);
  if (v == 0) {
    bool even_n = std::fmod(std::fabs(n), W(2)) == 0;
    return std::copysign(T(0), even_n ? x : -x);
  }
  return T(v);
}

template <class T>
T fract_limit() {
  return std::nextafter(T(1), T(0));
}

template <class T>
T maxmag_impl(T x, T y) {
  if (std::fabs(x) > std::fabs(y)) return x;
  if (std::fabs(y) > std::fabs(x)) return y;
  return fmax_select(x, y);
}
template <class T>
T minmag_impl(T x, T y) {
  if (std::fabs(x) < std::fabs(y)) return x;
  if (std::fabs(y) < std::fabs(x)) return y;
  return fmin_select(x, y);
}
template <class T>
T powr_impl(T x, T y) {
  if (std::isnan(x) || std::isnan(y) || x < 0) return std::numeric_limits<T>::quiet_NaN();
  if (x == 0 && y == 0) return std::numeric_limits<T>::quiet_NaN();
  if (std::isinf(x) && y == 0) return std::numeric_limits<T>::quiet_NaN();
  if (x == 1 && std::isinf(y)) return std::numeric_limits<T>::quiet_NaN();
  return std::pow(x, y);
}
template <class T>
T rootn_impl(T x, int n) {
  using W = wider_t<T>;
  if (n == 0) return std::numeric_limits<T>::quiet_NaN();
  if (x < 0 && (n % 2) == 0) return std::numeric_limits<T>::quiet_NaN();
  if (x == 0) {
    if (n > 0) return (n % 2) ? x : T(0);
    return (n % 2) ? std::copysign(std::numeric_limits<T>::infinity(), x) : std::numeric_limits<T>::infinity();
  }
  W r = std::pow(std::fabs(W(x)), W(1) / W(n));
  return T(x < 0 ? -r : r);
}
template <class T>
T pown_impl(T x, int n) {
  if constexpr (std::is_same_v<T, float>) {
    return T(std::pow(double(x), double(n)));
  } else {
    return T(std::pow(static_cast<wider_t<T>>(x), static_cast<wider_t<T>>(n)));
  }
}
template <class T>
T rsqrt_impl(T x) {
  if constexpr (weft::kernel::math::target_special_functions) return weft::kernel::math::rsqrt(x);
  // float and double: a correctly rounded sqrt and one division stay within the
  // spec's 2 ULP and vectorize (no wider type); half computes in float.
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) return T(1) / std::sqrt(x);
  else return T(1.0f / std::sqrt(float(x)));
}
template <class T>
T exp10_impl(T x) {
  if constexpr (weft::kernel::math::target_special_functions) return weft::kernel::math::exp10(x);
  using W = wider_t<T>;
  return T(std::pow(W(10), W(x)));
}
// glibc's double cbrt is off by up to 3 ULP (the spec allows 2): round the long double result.
template <class T>
T cbrt_impl(T x) {
  if constexpr (std::is_same_v<T, double>) return T(std::cbrt(static_cast<wider_t<T>>(x)));
  else return std::cbrt(x);
}
template <class T>
T pi_scaled(T v) {
  using W = wider_t<T>;
  return T(W(v) / W(pi_l<T>));
}

// remquo: the remainder, and in *quo the sign of x/y with the low 7 bits of the integral
// quotient (SYCL and OpenCL ask for at least 7; the C library's remquo gives 3 on glibc).
// The quotient's low bits are those of |x| mod 128|y| (fmod and remainder are exact).
template <class T>
T remquo_impl(T x, T y, int* quo) {
  *quo = 0;
  const T r = std::remainder(x, y);
  if (std::isnan(r) || std::isinf(y) || x == 0) return r;
  using W = wider_t<T>;
  const T ay = std::fabs(y);
  const T span = ay * T(128);  // inf when |y| is that large: then |x| < 128 |y| already
  const T m = std::isinf(span) ? std::fabs(x) : std::fmod(std::fabs(x), span);
  const int k = int(std::nearbyint((W(m) - W(std::remainder(m, ay))) / W(ay))) & 127;
  *quo = std::signbit(x) != std::signbit(y) ? -k : k;
  return r;
}

// nextafter on half steps to the next half (a step in float would round back to x).
inline half nextafter_half(half x, half y) {
  if (x != x || y != y) return half(std::numeric_limits<float>::quiet_NaN());
  if (x == y) return y;
  if (x == 0) return half::from_bits(std::uint16_t((y.bits() & 0x8000u) | 1u));  // the smallest subnormal
  const bool outward = (y > x) == (x > 0);                                       // away from zero: the next bit pattern
  return half::from_bits(std::uint16_t(outward ? x.bits() + 1u : x.bits() - 1u));
}

// nan(code): the quiet NaN of the float type of code's width, code in its payload.
template <class U>
auto nan_impl(U code) {
  if constexpr (sizeof(U) == 2) {
    return half::from_bits(std::uint16_t(0x7e00u | (std::uint16_t(code) & 0x1ffu)));
  } else if constexpr (sizeof(U) == 4) {
    std::uint32_t b = 0x7fc00000u | (std::uint32_t(code) & 0x3fffffu);
    float f;
    __builtin_memcpy(&f, &b, sizeof f);
    return f;
  } else {
    std::uint64_t b = 0x7ff8000000000000ull | (std::uint64_t(code) & 0x7ffffffffffffull);
    double d;
    __builtin_memcpy(&d, &b, sizeof d);
    return d;
  }
}

}  // namespace detail

// --- the spec's overloads, for every function below -------------------------------------------
// (1)-(3) non-template scalar functions for float, double and half, so that a scalar argument
// converts as for any function (half computes in float and rounds once, as the element-wise
// form does, without instantiating it); (4) a template for vec, swizzle and marray arguments.
// Functions that also write through a pointer take its type as their first template parameter
// (the scalar forms) or second (the non-scalar ones), as the spec's synopsis declares them.

// --- one-argument functions --------------------------------------------------------------
#define WEFT_FLOAT_FN1(name, expr)                                                                     \
  inline float name(float v) { return float(expr); }                                                   \
  inline double name(double v) { return double(expr); }                                                \
  inline half name(half x) {                                                                           \
    const float v = float(x);                                                                          \
    return half(float(expr));                                                                          \
  }                                                                                                    \
  template <class X, std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X>, int> = 0> \
  auto name(const X& x) {                                                                              \
    return detail::map_lifted([](auto v) { return decltype(v)(expr); }, detail::value(x));             \
  }
WEFT_FLOAT_FN1(acos, std::acos(v))
WEFT_FLOAT_FN1(acosh, std::acosh(v))
WEFT_FLOAT_FN1(acospi, detail::pi_scaled(std::acos(detail::wider_t<decltype(v)>(v))))
WEFT_FLOAT_FN1(asin, std::asin(v))
WEFT_FLOAT_FN1(asinh, std::asinh(v))
WEFT_FLOAT_FN1(asinpi, detail::pi_scaled(std::asin(detail::wider_t<decltype(v)>(v))))
WEFT_FLOAT_FN1(atan, std::atan(v))
WEFT_FLOAT_FN1(atanh, std::atanh(v))
WEFT_FLOAT_FN1(atanpi, detail::pi_scaled(std::atan(detail::wider_t<decltype(v)>(v))))
WEFT_FLOAT_FN1(cbrt, detail::cbrt_impl(v))
WEFT_FLOAT_FN1(ceil, std::ceil(v))
WEFT_FLOAT_FN1(cos, std::cos(v))
WEFT_FLOAT_FN1(cosh, std::cosh(v))
WEFT_FLOAT_FN1(cospi, detail::cospi_impl(v))
WEFT_FLOAT_FN1(erfc, std::erfc(v))
WEFT_FLOAT_FN1(erf, std::erf(v))
WEFT_FLOAT_FN1(exp, std::exp(v))
WEFT_FLOAT_FN1(exp2, std::exp2(v))
WEFT_FLOAT_FN1(exp10, detail::exp10_impl(v))
WEFT_FLOAT_FN1(expm1, std::expm1(v))
WEFT_FLOAT_FN1(fabs, std::fabs(v))
WEFT_FLOAT_FN1(floor, std::floor(v))
WEFT_FLOAT_FN1(lgamma, weft::kernel::math::lgamma(v))
WEFT_FLOAT_FN1(log, std::log(v))
WEFT_FLOAT_FN1(log2, std::log2(v))
WEFT_FLOAT_FN1(log10, std::log10(v))
WEFT_FLOAT_FN1(log1p, std::log1p(v))
WEFT_FLOAT_FN1(logb, std::logb(v))
WEFT_FLOAT_FN1(rint, std::rint(v))
WEFT_FLOAT_FN1(round, std::round(v))
WEFT_FLOAT_FN1(rsqrt, detail::rsqrt_impl(v))
WEFT_FLOAT_FN1(sin, std::sin(v))
WEFT_FLOAT_FN1(sinh, std::sinh(v))
WEFT_FLOAT_FN1(sinpi, detail::sinpi_impl(v))
WEFT_FLOAT_FN1(sqrt, std::sqrt(v))
WEFT_FLOAT_FN1(tan, std::tan(v))
WEFT_FLOAT_FN1(tanh, std::tanh(v))
WEFT_FLOAT_FN1(tanpi, detail::tanpi_impl(v))
WEFT_FLOAT_FN1(tgamma, std::tgamma(v))
WEFT_FLOAT_FN1(trunc, std::trunc(v))
#undef WEFT_FLOAT_FN1

// ilogb: an int per element.
inline int ilogb(float x) { return std::ilogb(x); }
inline int ilogb(double x) { return std::ilogb(x); }
inline int ilogb(half x) { return std::ilogb(float(x)); }
template <class X, std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X>, int> = 0>
auto ilogb(const X& x) {
  return detail::map([](const auto& e) { return int(std::ilogb(detail::float_of(e))); }, detail::value(x));
}

// --- two- and three-argument functions ------------------------------------------------------
// (4): vec / swizzle or marray arguments of one kind (detail::same_gen_v); fmax and fmin also
// (5) a NonScalar with a value_type scalar.
#define WEFT_FLOAT_FN2(name, expr)                                                                                     \
  namespace detail {                                                                                                   \
  template <class X, class Y>                                                                                          \
  auto name##_gen(const X& x, const Y& y) {                                                                            \
    return map(                                                                                                        \
        [](const auto& a, const auto& b) {                                                                             \
          using E = elem_t<value_t<X>>;                                                                                \
          return lift2(E(a), E(b), [](auto v, auto w) { return decltype(v)(expr); });                                  \
        },                                                                                                             \
        value(x), value(y));                                                                                           \
  }                                                                                                                    \
  }                                                                                                                    \
  inline float name(float v, float w) { return float(expr); }                                                          \
  inline double name(double v, double w) { return double(expr); }                                                      \
  inline half name(half x, half y) {                                                                                   \
    const float v = float(x), w = float(y);                                                                            \
    return half(float(expr));                                                                                          \
  }                                                                                                                    \
  template <class X, class Y,                                                                                          \
            std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X> && detail::same_gen_v<X, Y>, int> = \
                0>                                                                                                     \
  auto name(const X& x, const Y& y) {                                                                                  \
    return detail::name##_gen(x, y);                                                                                   \
  }
WEFT_FLOAT_FN2(atan2, std::atan2(v, w))
WEFT_FLOAT_FN2(atan2pi, detail::pi_scaled(std::atan2(detail::wider_t<decltype(v)>(v), detail::wider_t<decltype(v)>(w))))
WEFT_FLOAT_FN2(copysign, std::copysign(v, w))
WEFT_FLOAT_FN2(fdim, std::fdim(v, w))
WEFT_FLOAT_FN2(fmax, detail::fmax_select(v, w))
WEFT_FLOAT_FN2(fmin, detail::fmin_select(v, w))
WEFT_FLOAT_FN2(fmod, std::fmod(v, w))
WEFT_FLOAT_FN2(hypot, std::hypot(v, w))
WEFT_FLOAT_FN2(maxmag, detail::maxmag_impl(v, w))
WEFT_FLOAT_FN2(minmag, detail::minmag_impl(v, w))
WEFT_FLOAT_FN2(pow, std::pow(v, w))
WEFT_FLOAT_FN2(powr, detail::powr_impl(v, w))
WEFT_FLOAT_FN2(remainder, std::remainder(v, w))
#undef WEFT_FLOAT_FN2
inline float nextafter(float x, float y) { return std::nextafter(x, y); }
inline double nextafter(double x, double y) { return std::nextafter(x, y); }
inline half nextafter(half x, half y) { return detail::nextafter_half(x, y); }
template <class X, class Y,
          std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X> && detail::same_gen_v<X, Y>, int> = 0>
auto nextafter(const X& x, const Y& y) {
  return detail::map([](auto a, auto b) { return weft::sycl::nextafter(a, b); }, detail::value(x), detail::value(y));
}
// fmax(NonScalar x, NonScalar::value_type y), fmin likewise.
template <class N, std::enable_if_t<detail::is_genfloat_v<N> && detail::is_nonscalar_v<N>, int> = 0>
auto fmax(const N& x, const detail::elem_t<N>& y) {
  return detail::fmax_gen(x, y);
}
template <class N, std::enable_if_t<detail::is_genfloat_v<N> && detail::is_nonscalar_v<N>, int> = 0>
auto fmin(const N& x, const detail::elem_t<N>& y) {
  return detail::fmin_gen(x, y);
}

#define WEFT_FLOAT_FN3(name, expr)                                                                                     \
  namespace detail {                                                                                                   \
  template <class X, class Y, class Z>                                                                                 \
  auto name##_gen(const X& x, const Y& y, const Z& z) {                                                                \
    return map(                                                                                                        \
        [](const auto& a, const auto& b, const auto& c) {                                                              \
          using E = elem_t<value_t<X>>;                                                                                \
          return lift3(E(a), E(b), E(c), [](auto u, auto v, auto w) { return decltype(u)(expr); });                    \
        },                                                                                                             \
        value(x), value(y), value(z));                                                                                 \
  }                                                                                                                    \
  }                                                                                                                    \
  inline float name(float u, float v, float w) { return float(expr); }                                                 \
  inline double name(double u, double v, double w) { return double(expr); }                                            \
  inline half name(half x, half y, half z) {                                                                           \
    const float u = float(x), v = float(y), w = float(z);                                                              \
    return half(float(expr));                                                                                          \
  }                                                                                                                    \
  template <                                                                                                           \
      class X, class Y, class Z,                                                                                       \
      std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X> && detail::same_gen_v<X, Y, Z>, int> = 0> \
  auto name(const X& x, const Y& y, const Z& z) {                                                                      \
    return detail::name##_gen(x, y, z);                                                                                \
  }
WEFT_FLOAT_FN3(fma, std::fma(u, v, w))
WEFT_FLOAT_FN3(mad, u* v + w)
#undef WEFT_FLOAT_FN3

// Functions with an integer argument: ldexp(x, k), pown(x, n), rootn(x, n); the non-scalar
// form takes an integer vec / marray of x's size, or one integer for every element.
#define WEFT_FLOAT_INT_FN(name, expr)                                                                                 \
  inline float name(float v, int n) { return float(expr); }                                                           \
  inline double name(double v, int n) { return double(expr); }                                                        \
  inline half name(half x, int n) {                                                                                   \
    const float v = float(x);                                                                                         \
    return half(float(expr));                                                                                         \
  }                                                                                                                   \
  template <                                                                                                          \
      class X, class K,                                                                                               \
      std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X> && detail::is_geninteger_v<K>, int> = 0> \
  auto name(const X& x, const K& k) {                                                                                 \
    return detail::map(                                                                                               \
        [](const auto& a, const auto& n) { return detail::lift(a, [n](auto v) { return decltype(v)(expr); }); },      \
        detail::value(x), detail::value(k));                                                                          \
  }
WEFT_FLOAT_INT_FN(ldexp, std::ldexp(v, int(n)))
WEFT_FLOAT_INT_FN(pown, detail::pown_impl(v, int(n)))
WEFT_FLOAT_INT_FN(rootn, detail::rootn_impl(v, int(n)))
#undef WEFT_FLOAT_INT_FN

// nan(code): float for 32-bit codes, double for 64-bit, half for 16-bit.
inline float nan(std::uint32_t code) { return detail::nan_impl(code); }
inline double nan(std::uint64_t code) { return detail::nan_impl(code); }
inline half nan(std::uint16_t code) { return detail::nan_impl(code); }
template <class X, std::enable_if_t<detail::is_nonscalar_v<X> && detail::is_geninteger_v<X> &&
                                        std::is_unsigned_v<detail::elem_t<X>>,
                                    int> = 0>
auto nan(const X& code) {
  return detail::map([](const auto& c) { return detail::nan_impl(c); }, detail::value(code));
}

// --- functions that also write through a pointer (raw pointer or multi_ptr) ----------------
namespace detail {
template <class X, class Ptr>
auto fract_of(const X& v, Ptr iptr) {
  *iptr = weft::sycl::floor(v);
  return map_lifted(
      [](auto a) {
        using T = decltype(a);
        if (std::isnan(a)) return a;
        if (std::isinf(a)) return std::copysign(T(0), a);
        return std::fmin(a - std::floor(a), fract_limit<T>());
      },
      v);
}
template <class X, class Ptr>
auto modf_of(const X& v, Ptr iptr) {
  *iptr = weft::sycl::trunc(v);
  return map_lifted(
      [](auto a) {
        decltype(a) ip;
        return std::modf(a, &ip);
      },
      v);
}
template <class X, class Ptr>
auto frexp_of(const X& v, Ptr exp) {
  *exp = map(
      [](const auto& e) {
        int ex;
        std::frexp(float_of(e), &ex);
        return ex;
      },
      v);
  return map_lifted(
      [](auto a) {
        int ex;
        return std::frexp(a, &ex);
      },
      v);
}
template <class X, class Ptr>
auto sincos_of(const X& v, Ptr cosval) {
  *cosval = weft::sycl::cos(v);
  return weft::sycl::sin(v);
}
template <class X, class Ptr>
auto lgamma_r_of(const X& v, Ptr signp) {
  *signp = map([](const auto& e) { return weft::kernel::math::lgamma_sign(double(float_of(e))); }, v);
  return weft::sycl::lgamma(v);
}
template <class X, class Ptr>
auto remquo_of(const X& a, const X& b, Ptr quo) {
  *quo = map(
      [](const auto& u, const auto& w) {
        int q;
        remquo_impl(float_of(u), float_of(w), &q);
        return q;
      },
      a, b);
  return map(
      [](const auto& u, const auto& w) {
        return lift2(u, w, [](auto p, auto q) {
          int quo_bits;
          return remquo_impl(p, q, &quo_bits);
        });
      },
      a, b);
}
}  // namespace detail
#define WEFT_FLOAT_PTR_FN(name)                                                                                   \
  template <class Ptr>                                                                                            \
  float name(float x, Ptr p) {                                                                                    \
    return detail::name##_of(x, p);                                                                               \
  }                                                                                                               \
  template <class Ptr>                                                                                            \
  double name(double x, Ptr p) {                                                                                  \
    return detail::name##_of(x, p);                                                                               \
  }                                                                                                               \
  template <class Ptr>                                                                                            \
  half name(half x, Ptr p) {                                                                                      \
    return detail::name##_of(x, p);                                                                               \
  }                                                                                                               \
  template <class X, class Ptr, std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X>, int> = 0> \
  auto name(const X& x, Ptr p) {                                                                                  \
    return detail::name##_of(detail::value(x), p);                                                                \
  }
WEFT_FLOAT_PTR_FN(fract)
WEFT_FLOAT_PTR_FN(modf)
WEFT_FLOAT_PTR_FN(frexp)
WEFT_FLOAT_PTR_FN(sincos)
WEFT_FLOAT_PTR_FN(lgamma_r)
#undef WEFT_FLOAT_PTR_FN
template <class Ptr>
float remquo(float x, float y, Ptr quo) {
  return detail::remquo_of(x, y, quo);
}
template <class Ptr>
double remquo(double x, double y, Ptr quo) {
  return detail::remquo_of(x, y, quo);
}
template <class Ptr>
half remquo(half x, half y, Ptr quo) {
  return detail::remquo_of(x, y, quo);
}
template <class X, class Y, class Ptr,
          std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X> && detail::same_gen_v<X, Y>, int> = 0>
auto remquo(const X& x, const Y& y, Ptr quo) {
  return detail::remquo_of(detail::value(x), detail::value_t<X>(detail::value(y)), quo);
}

// --- native:: and half_precision:: (section 4.17.6/4.17.7), for float scalars, vec and
// marray. native:: is the kernel interface's (weft/kernel/math.hpp): full precision on
// the CPU (a CPU loses little by it), the hardware approximations on the CUDA target;
// half_precision:: is full precision everywhere.
#define WEFT_REDUCED_FN1(name, expr)                                                                                   \
  inline float name(float v) { return float(expr); }                                                                   \
  template <class X, std::enable_if_t<detail::is_nonscalar_v<X> && std::is_same_v<detail::elem_t<X>, float>, int> = 0> \
  auto name(const X& x) {                                                                                              \
    return detail::map([](float v) { return float(expr); }, detail::value(x));                                         \
  }
#define WEFT_REDUCED_FN2(name, expr)                                                                                   \
  inline float name(float v, float w) { return float(expr); }                                                          \
  template <                                                                                                           \
      class X, class Y,                                                                                                \
      std::enable_if_t<                                                                                                \
          detail::is_nonscalar_v<X> && std::is_same_v<detail::elem_t<X>, float> && detail::same_gen_v<X, Y>, int> = 0> \
  auto name(const X& x, const Y& y) {                                                                                  \
    return detail::map([](float v, float w) { return float(expr); }, detail::value(x), detail::value(y));              \
  }
// The native:: functions, X1(name) with one argument and X2(name) with two,
// each the kernel interface's native_<name>.
#define WEFT_NATIVE_FUNCTIONS(X1, X2) \
  X1(cos)                             \
  X2(divide)                          \
  X1(exp)                             \
  X1(exp2)                            \
  X1(exp10)                           \
  X1(log)                             \
  X1(log2)                            \
  X1(log10)                           \
  X2(powr)                            \
  X1(recip)                           \
  X1(rsqrt)                           \
  X1(sin)                             \
  X1(sqrt)                            \
  X1(tan)
#define WEFT_NATIVE_FN1(name) WEFT_REDUCED_FN1(name, weft::kernel::math::native_##name(v))
#define WEFT_NATIVE_FN2(name) WEFT_REDUCED_FN2(name, weft::kernel::math::native_##name(v, w))
namespace native {
WEFT_NATIVE_FUNCTIONS(WEFT_NATIVE_FN1, WEFT_NATIVE_FN2)
}  // namespace native
namespace half_precision {
WEFT_REDUCED_FN1(cos, std::cos(v))
WEFT_REDUCED_FN2(divide, v / w)
WEFT_REDUCED_FN1(exp, std::exp(v))
WEFT_REDUCED_FN1(exp2, std::exp2(v))
WEFT_REDUCED_FN1(exp10, detail::exp10_impl(v))
WEFT_REDUCED_FN1(log, std::log(v))
WEFT_REDUCED_FN1(log2, std::log2(v))
WEFT_REDUCED_FN1(log10, std::log10(v))
WEFT_REDUCED_FN2(powr, detail::powr_impl(v, w))
WEFT_REDUCED_FN1(recip, 1.0f / v)
WEFT_REDUCED_FN1(rsqrt, detail::rsqrt_impl(v))
WEFT_REDUCED_FN1(sin, std::sin(v))
WEFT_REDUCED_FN1(sqrt, std::sqrt(v))
WEFT_REDUCED_FN1(tan, std::tan(v))
}  // namespace half_precision
#undef WEFT_REDUCED_FN2
#undef WEFT_NATIVE_FN1
#undef WEFT_NATIVE_FN2
#undef WEFT_NATIVE_FUNCTIONS

}  // namespace weft::sycl
WEFT_HOST_DEVICE_END
