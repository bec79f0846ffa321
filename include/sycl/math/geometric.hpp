#pragma once
// SYCL 2020 section 4.17.9: geometric functions over float, double and half
// scalars and vec/marray of 2, 3 or 4 elements. Sums of squares are taken in a
// wider type (double for float, long double for double), so nothing overflows
// or loses precision before the final rounding.
#include <sycl/math/map.hpp>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl {

namespace detail {
template <class X>
inline constexpr bool is_geo_v = is_genfloat_v<X> && (gen_info<value_t<X>>::n <= 4);

template <class X>
auto wide_dot(const X& a, const X& b) {
  using E = elem_t<X>;
  using W = wider_t<decltype(float_of(E()))>;
  W s = 0;
  for (std::size_t i = 0; i < gen_info<X>::n; ++i) s += W(float_of(element(a, i))) * W(float_of(element(b, i)));
  return s;
}
}  // namespace detail

template <class X, class Y, std::enable_if_t<detail::is_geo_v<X> && detail::is_geo_v<Y>, int> = 0>
auto dot(const X& x, const Y& y) {
  detail::value_t<X> a = detail::value(x);
  detail::value_t<X> b = detail::value(y);
  return detail::elem_t<detail::value_t<X>>(detail::wide_dot(a, b));
}

template <class X, class Y, std::enable_if_t<detail::is_geo_v<X> && detail::is_geo_v<Y>, int> = 0>
auto cross(const X& x, const Y& y) {
  detail::value_t<X> a = detail::value(x);
  detail::value_t<X> b = detail::value(y);
  static_assert(detail::gen_info<decltype(a)>::n == 3 || detail::gen_info<decltype(a)>::n == 4,
                "cross takes vectors of 3 or 4 elements");
  decltype(a) r{};
  r[0] = a[1] * b[2] - a[2] * b[1];
  r[1] = a[2] * b[0] - a[0] * b[2];
  r[2] = a[0] * b[1] - a[1] * b[0];
  return r;
}

template <class X, std::enable_if_t<detail::is_geo_v<X>, int> = 0>
auto length(const X& x) {
  detail::value_t<X> a = detail::value(x);
  return detail::elem_t<decltype(a)>(std::sqrt(detail::wide_dot(a, a)));
}
template <class X, class Y, std::enable_if_t<detail::is_geo_v<X> && detail::is_geo_v<Y>, int> = 0>
auto distance(const X& x, const Y& y) {
  detail::value_t<X> a = detail::value(x);
  detail::value_t<X> b = detail::value(y);
  return length(detail::value_t<X>(a - b));
}
template <class X, std::enable_if_t<detail::is_geo_v<X>, int> = 0>
auto normalize(const X& x) {
  detail::value_t<X> a = detail::value(x);
  using E = detail::elem_t<decltype(a)>;
  auto len = std::sqrt(detail::wide_dot(a, a));
  if (len == 0) return a;
  decltype(a) r{};
  for (std::size_t i = 0; i < detail::gen_info<decltype(a)>::n; ++i) {
    if constexpr (detail::gen_info<decltype(a)>::kind == 0) r = E(detail::float_of(a) / len);
    else r[i] = E(detail::float_of(a[i]) / len);
  }
  return r;
}
template <class X, std::enable_if_t<detail::is_geo_v<X> && !std::is_same_v<detail::elem_t<X>, half>, int> = 0>
auto fast_length(const X& x) {
  return length(x);
}
template <
    class X, class Y,
    std::enable_if_t<detail::is_geo_v<X> && detail::is_geo_v<Y> && !std::is_same_v<detail::elem_t<X>, half>, int> = 0>
auto fast_distance(const X& x, const Y& y) {
  return distance(x, y);
}
template <class X, std::enable_if_t<detail::is_geo_v<X> && !std::is_same_v<detail::elem_t<X>, half>, int> = 0>
auto fast_normalize(const X& x) {
  return normalize(x);
}

}  // namespace weft::sycl
WEFT_HOST_DEVICE_END
