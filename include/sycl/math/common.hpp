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
  // The spec's formula step by step in T (half rounds each step, as the CTS's reference does).
  T t = fmin_select(fmax_select(T((x - e0) / (e1 - e0)), T(0)), T(1));
  return T(t * t * (T(3) - T(2) * t));
}
// Each element times k (a double constant, rounded once to the element's float type).
template <class X>
auto scale_each(const X& x, double k) {
  return map([k](auto v) { return decltype(v)(float_of(v) * decltype(float_of(v))(k)); }, value(x));
}
}  // namespace detail

// Each function has the spec's two overloads. (1): every argument of the first
// argument's kind (detail::same_gen_v: the same scalar or marray type, or vec /
// swizzle of the same element type and size). (2): a vec, swizzle or marray with
// scalar arguments of its element type (NonScalar::value_type, a non-deduced
// parameter, so any argument converts to it), which broadcast. Nothing else: an
// unqualified clamp(half, int, int) in user code finds no sycl::clamp by ADL.
// Types: F = a float function (genfloat), G = float or integer (max, min, clamp).
#define WEFT_COMMON_FN2(name, cond, expr)                                                     \
  template <class X, class Y, std::enable_if_t<cond<X> && detail::same_gen_v<X, Y>, int> = 0> \
  auto name(const X& x, const Y& y) {                                                         \
    using E = detail::elem_t<X>;                                                              \
    return detail::map([](E v, E w) { return E(expr); }, detail::value(x), detail::value(y)); \
  }
#define WEFT_COMMON_FN3(name, cond, expr)                                                                            \
  template <class X, class Y, class Z, std::enable_if_t<cond<X> && detail::same_gen_v<X, Y, Z>, int> = 0>            \
  auto name(const X& x, const Y& y, const Z& z) {                                                                    \
    using E = detail::elem_t<X>;                                                                                     \
    return detail::map([](E u, E v, E w) { return E(expr); }, detail::value(x), detail::value(y), detail::value(z)); \
  }
// The NonScalar forms; S is the scalar parameter type, the element type of the NonScalar argument.
#define WEFT_NONSCALAR(cond, T) template <class T, std::enable_if_t<cond<T> && detail::is_nonscalar_v<T>, int> = 0>
#define WEFT_ELEM_OF(T) const detail::elem_t<T>&

WEFT_COMMON_FN2(max, detail::is_gentype_v, detail::max_impl(v, w))
WEFT_COMMON_FN2(min, detail::is_gentype_v, detail::min_impl(v, w))
WEFT_COMMON_FN3(clamp, detail::is_gentype_v, detail::min_impl(detail::max_impl(u, v), w))
WEFT_COMMON_FN2(step, detail::is_genfloat_v, detail::float_of(w) < detail::float_of(v) ? 0.0f : 1.0f)
WEFT_COMMON_FN3(mix, detail::is_genfloat_v,
                detail::float_of(u) + (detail::float_of(v) - detail::float_of(u)) * detail::float_of(w))
WEFT_COMMON_FN3(smoothstep, detail::is_genfloat_v, detail::smoothstep_impl(u, v, w))

// max(NonScalar x, NonScalar::value_type y), min likewise.
WEFT_NONSCALAR(detail::is_gentype_v, N)
auto max(const N& x, WEFT_ELEM_OF(N) y) { return max(detail::value(x), detail::value_t<N>(y)); }
WEFT_NONSCALAR(detail::is_gentype_v, N)
auto min(const N& x, WEFT_ELEM_OF(N) y) { return min(detail::value(x), detail::value_t<N>(y)); }
// clamp(NonScalar x, NonScalar::value_type minval, NonScalar::value_type maxval)
WEFT_NONSCALAR(detail::is_gentype_v, N)
auto clamp(const N& x, WEFT_ELEM_OF(N) lo, WEFT_ELEM_OF(N) hi) {
  return clamp(detail::value(x), detail::value_t<N>(lo), detail::value_t<N>(hi));
}
// step(NonScalar::value_type edge, NonScalar x)
WEFT_NONSCALAR(detail::is_genfloat_v, N)
auto step(WEFT_ELEM_OF(N) edge, const N& x) { return step(detail::value_t<N>(edge), detail::value(x)); }
// smoothstep(NonScalar::value_type edge0, NonScalar::value_type edge1, NonScalar x)
WEFT_NONSCALAR(detail::is_genfloat_v, N)
auto smoothstep(WEFT_ELEM_OF(N) edge0, WEFT_ELEM_OF(N) edge1, const N& x) {
  return smoothstep(detail::value_t<N>(edge0), detail::value_t<N>(edge1), detail::value(x));
}
// mix(NonScalar1 x, NonScalar2 y, NonScalar1::value_type a): x and y as in overload (1).
template <class N, class M,
          std::enable_if_t<detail::is_genfloat_v<N> && detail::is_nonscalar_v<N> && detail::same_gen_v<N, M>, int> = 0>
auto mix(const N& x, const M& y, WEFT_ELEM_OF(N) a) {
  return mix(detail::value(x), detail::value(y), detail::value_t<N>(a));
}
#undef WEFT_COMMON_FN2
#undef WEFT_COMMON_FN3
#undef WEFT_NONSCALAR
#undef WEFT_ELEM_OF

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
