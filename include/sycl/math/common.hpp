#pragma once
// SYCL 2020 sections 4.17.6 (common functions) and the integer max/min/clamp of
// 4.17.8: one definition each for float and integer types; scalar arguments
// broadcast to the vec or marray argument.
#include <sycl/math/ieee_minmax.hpp>
#include <sycl/math/map.hpp>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl {

namespace detail {
template <class T>
T max_impl(T x, T y) {
  if constexpr (is_float_elem_v<T>) return lift2(x, y, [](auto a, auto b) { return fmax_select(a, b); });
  else return x < y ? y : x;
}
template <class T>
T min_impl(T x, T y) {
  if constexpr (is_float_elem_v<T>) return lift2(x, y, [](auto a, auto b) { return fmin_select(a, b); });
  else return y < x ? y : x;
}
template <class T>
T sign_impl(T x) {
  if constexpr (std::is_same_v<T, half>) {
    return half(sign_impl(float(x)));
  } else {
    if (std::isnan(x)) return T(0);
    if (x > 0) return T(1);
    if (x < 0) return T(-1);
    return x;  // +0 or -0
  }
}
template <class T>
T smoothstep_impl(T e0, T e1, T x) {
  using F = decltype(float_of(x));
  F t = (F(x) - F(e0)) / (F(e1) - F(e0));
  t = fmin_select(fmax_select(t, F(0)), F(1));
  return T(t * t * (F(3) - F(2) * t));
}
// Each element times k (a double constant, rounded once to the element's float type).
template <class X>
auto scale_each(const X& x, double k) {
  return map([k](auto v) { return decltype(v)(float_of(v) * decltype(float_of(v))(k)); }, value(x));
}
}  // namespace detail

#define WEFT_COMMON_FN2(name, cond, expr)                                                     \
  template <class X, class Y, std::enable_if_t<cond<X> && cond<Y>, int> = 0>                  \
  auto name(const X& x, const Y& y) {                                                         \
    using E = detail::lead_elem_t<detail::value_t<X>, detail::value_t<Y>>;                    \
    return detail::map([](E v, E w) { return E(expr); }, detail::value(x), detail::value(y)); \
  }
#define WEFT_COMMON_FN3(name, cond, expr)                                                                            \
  template <class X, class Y, class Z, std::enable_if_t<cond<X> && cond<Y> && cond<Z>, int> = 0>                     \
  auto name(const X& x, const Y& y, const Z& z) {                                                                    \
    using E = detail::lead_elem_t<detail::value_t<X>, detail::value_t<Y>, detail::value_t<Z>>;                       \
    return detail::map([](E u, E v, E w) { return E(expr); }, detail::value(x), detail::value(y), detail::value(z)); \
  }
WEFT_COMMON_FN2(max, detail::is_gentype_v, detail::max_impl(v, w))
WEFT_COMMON_FN2(min, detail::is_gentype_v, detail::min_impl(v, w))
WEFT_COMMON_FN3(clamp, detail::is_gentype_v, detail::min_impl(detail::max_impl(u, v), w))
WEFT_COMMON_FN2(step, detail::is_genfloat_v, detail::float_of(w) < detail::float_of(v) ? 0.0f : 1.0f)
WEFT_COMMON_FN3(mix, detail::is_genfloat_v,
                detail::float_of(u) + (detail::float_of(v) - detail::float_of(u)) * detail::float_of(w))
WEFT_COMMON_FN3(smoothstep, detail::is_genfloat_v, detail::smoothstep_impl(u, v, w))
#undef WEFT_COMMON_FN2
#undef WEFT_COMMON_FN3

template <class X, std::enable_if_t<detail::is_genfloat_v<X>, int> = 0>
auto degrees(const X& x) {
  return detail::scale_each(x, 57.295779513082320876798154814105);
}
template <class X, std::enable_if_t<detail::is_genfloat_v<X>, int> = 0>
auto radians(const X& x) {
  return detail::scale_each(x, 0.017453292519943295769236907684886);
}
template <class X, std::enable_if_t<detail::is_genfloat_v<X>, int> = 0>
auto sign(const X& x) {
  return detail::map([](auto v) { return detail::sign_impl(v); }, detail::value(x));
}

}  // namespace weft::sycl
WEFT_HOST_DEVICE_END
