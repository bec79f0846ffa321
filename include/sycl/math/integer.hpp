#pragma once
// SYCL 2020 section 4.17.8: integer functions over geninteger (scalars, vec,
// swizzles, marray), exact.
#include <climits>
#include <limits>
#include <sycl/math/map.hpp>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl {

namespace detail {

template <class T>
using uint_of_t = std::make_unsigned_t<T>;
template <class T>
inline constexpr int bits_of = int(sizeof(T) * CHAR_BIT);

// The integer twice as wide as T (for mul_hi, mad_sat, upsample).
template <class T>
struct wide_int {
  using type = std::conditional_t<
      sizeof(T) == 1, std::conditional_t<std::is_signed_v<T>, std::int16_t, std::uint16_t>,
      std::conditional_t<
          sizeof(T) == 2, std::conditional_t<std::is_signed_v<T>, std::int32_t, std::uint32_t>,
          std::conditional_t<sizeof(T) == 4, std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>,
                             std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>>>>;
};
template <class T>
using wide_int_t = typename wide_int<T>::type;

template <class T, class W>
T saturate(W v) {
  if (v > W(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  if (v < W(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  return T(v);
}

template <class T>
T abs_impl(T x) {
  if constexpr (std::is_signed_v<T>) return x < 0 ? T(uint_of_t<T>(0) - uint_of_t<T>(x)) : x;
  else return x;
}
// |x - y| in x's type (SYCL 2020's GenInt abs_diff(GenInt, GenInt)): computed without overflow
// in the unsigned type; a difference beyond T's range has no defined value.
template <class T>
T abs_diff_impl(T x, T y) {
  using U = uint_of_t<T>;
  return T(x > y ? U(U(x) - U(y)) : U(U(y) - U(x)));
}
// x + y (Add) or x - y, saturated: a signed result can only overflow away from
// x's sign, an unsigned sum only upwards and an unsigned difference downwards.
template <bool Add, class T>
T sat_impl(T x, T y) {
  T r;
  if (!(Add ? __builtin_add_overflow(x, y, &r) : __builtin_sub_overflow(x, y, &r))) return r;
  if constexpr (std::is_signed_v<T>) return x < 0 ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
  else return Add ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
}
template <class T>
T hadd_impl(T x, T y) {
  return T((x >> 1) + (y >> 1) + (x & y & 1));
}
template <class T>
T rhadd_impl(T x, T y) {
  return T((x >> 1) + (y >> 1) + ((x | y) & 1));
}
template <class T>
T clz_impl(T x) {
  using U = uint_of_t<T>;
  U u = U(x);
  if (u == 0) return T(bits_of<T>);
  if constexpr (sizeof(T) <= sizeof(unsigned)) return T(__builtin_clz(unsigned(u)) - (bits_of<unsigned> - bits_of<T>));
  else return T(__builtin_clzll(static_cast<unsigned long long>(u)));
}
template <class T>
T ctz_impl(T x) {
  using U = uint_of_t<T>;
  U u = U(x);
  if (u == 0) return T(bits_of<T>);
  if constexpr (sizeof(T) <= sizeof(unsigned)) return T(__builtin_ctz(unsigned(u)));
  else return T(__builtin_ctzll(static_cast<unsigned long long>(u)));
}
template <class T>
T popcount_impl(T x) {
  using U = uint_of_t<T>;
  if constexpr (sizeof(T) <= sizeof(unsigned)) return T(__builtin_popcount(unsigned(U(x))));
  else return T(__builtin_popcountll(static_cast<unsigned long long>(U(x))));
}
template <class T>
T mul_hi_impl(T x, T y) {
  using W = wide_int_t<T>;
  return T((W(x) * W(y)) >> bits_of<T>);
}
template <class T>
T mad_hi_impl(T a, T b, T c) {
  return T(mul_hi_impl(a, b) + c);
}
template <class T>
T mad_sat_impl(T a, T b, T c) {
  if constexpr (sizeof(T) < 8) {
    using W = wide_int_t<T>;
    using W2 = wide_int_t<W>;
    return saturate<T>(W2(W(a) * W(b)) + W2(c));
  } else {
    using W = wide_int_t<T>;  // 128 bits: a*b fits, + c may not for unsigned
    W p = W(a) * W(b);
    W r;
    if (__builtin_add_overflow(p, W(c), &r))
      return std::is_signed_v<T> && c < 0 ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
    return saturate<T>(r);
  }
}
template <class T>
T rotate_impl(T v, T i) {
  using U = uint_of_t<T>;
  constexpr int n = bits_of<T>;
  int s = int(U(i) % U(n));
  U u = U(v);
  if (s == 0) return v;
  return T(U(U(u << s) | U(u >> (n - s))));
}
template <class H, class L>
auto upsample_impl(H hi, L lo) {
  using W = wide_int_t<H>;
  using UW = std::make_unsigned_t<W>;
  return W(UW(UW(std::make_unsigned_t<H>(hi)) << bits_of<H>) | UW(lo));
}
template <class T>
T mul24_impl(T x, T y) {
  return T(x * y);
}
template <class T>
T mad24_impl(T x, T y, T z) {
  return T(x * y + z);
}

}  // namespace detail

#define WEFT_INT_FN1(name, expr)                                            \
  template <class X, std::enable_if_t<detail::is_geninteger_v<X>, int> = 0> \
  auto name(const X& x) {                                                   \
    return detail::map([](auto v) { return expr; }, detail::value(x));      \
  }
#define WEFT_INT_FN2(name, expr)                                                                                   \
  template <class X, class Y, std::enable_if_t<detail::is_geninteger_v<X> && detail::is_geninteger_v<Y>, int> = 0> \
  auto name(const X& x, const Y& y) {                                                                              \
    using E = detail::lead_elem_t<detail::value_t<X>, detail::value_t<Y>>;                                         \
    return detail::map([](E v, E w) { return expr; }, detail::value(x), detail::value(y));                         \
  }
#define WEFT_INT_FN3(name, expr)                                                                                     \
  template <class X, class Y, class Z,                                                                               \
            std::enable_if_t<detail::is_geninteger_v<X> && detail::is_geninteger_v<Y> && detail::is_geninteger_v<Z>, \
                             int> = 0>                                                                               \
  auto name(const X& x, const Y& y, const Z& z) {                                                                    \
    using E = detail::lead_elem_t<detail::value_t<X>, detail::value_t<Y>, detail::value_t<Z>>;                       \
    return detail::map([](E u, E v, E w) { return expr; }, detail::value(x), detail::value(y), detail::value(z));    \
  }

WEFT_INT_FN1(clz, detail::clz_impl(v))
WEFT_INT_FN1(ctz, detail::ctz_impl(v))
WEFT_INT_FN1(popcount, detail::popcount_impl(v))
WEFT_INT_FN2(abs_diff, detail::abs_diff_impl(v, w))
WEFT_INT_FN2(add_sat, detail::sat_impl<true>(v, w))
WEFT_INT_FN2(hadd, detail::hadd_impl(v, w))
WEFT_INT_FN2(rhadd, detail::rhadd_impl(v, w))
WEFT_INT_FN2(mul_hi, detail::mul_hi_impl(v, w))
WEFT_INT_FN2(rotate, detail::rotate_impl(v, w))
WEFT_INT_FN2(sub_sat, detail::sat_impl<false>(v, w))
WEFT_INT_FN2(mul24, detail::mul24_impl(v, w))
WEFT_INT_FN3(mad_hi, detail::mad_hi_impl(u, v, w))
WEFT_INT_FN3(mad_sat, detail::mad_sat_impl(u, v, w))
WEFT_INT_FN3(mad24, detail::mad24_impl(u, v, w))
#undef WEFT_INT_FN1
#undef WEFT_INT_FN2
#undef WEFT_INT_FN3

// abs: |x| of the same type (the most negative value stays itself, as in two's complement).
template <class X, std::enable_if_t<detail::is_gentype_v<X>, int> = 0>
auto abs(const X& x) {
  return detail::map(
      [](auto v) {
        if constexpr (detail::is_float_elem_v<decltype(v)>) return detail::lift(v, [](auto f) { return std::fabs(f); });
        else return detail::abs_impl(v);
      },
      detail::value(x));
}

// upsample(hi, lo): (hi << bits) | lo in the integer twice as wide.
template <class H, class L,
          std::enable_if_t<detail::is_geninteger_v<H> && detail::is_geninteger_v<L> &&
                               std::is_unsigned_v<detail::elem_t<L>> && sizeof(detail::elem_t<H>) < 8 &&
                               sizeof(detail::elem_t<H>) == sizeof(detail::elem_t<L>),
                           int> = 0>
auto upsample(const H& hi, const L& lo) {
  return detail::map([](auto h, auto l) { return detail::upsample_impl(h, l); }, detail::value(hi), detail::value(lo));
}

}  // namespace weft::sycl
WEFT_HOST_DEVICE_END
