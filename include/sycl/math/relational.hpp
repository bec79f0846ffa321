#pragma once
// SYCL 2020 section 4.17.10: relational functions. Scalars and marray give bool;
// vec gives vec of the same-size signed integer with -1 (all bits) for true.
#include <cstring>
#include <sycl/math/map.hpp>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl {

// The spec's overloads: non-template scalar functions for float, double and half (so an
// argument converts as for any function), and a template for vec, swizzle and marray.
#define WEFT_REL_FN2(name, expr)                                                                                       \
  inline bool name(float v, float w) { return bool(expr); }                                                            \
  inline bool name(double v, double w) { return bool(expr); }                                                          \
  inline bool name(half x, half y) {                                                                                   \
    const float v = float(x), w = float(y);                                                                            \
    return bool(expr);                                                                                                 \
  }                                                                                                                    \
  template <class X, class Y,                                                                                          \
            std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X> && detail::same_gen_v<X, Y>, int> = \
                0>                                                                                                     \
  auto name(const X& x, const Y& y) {                                                                                  \
    return detail::rel_map(                                                                                            \
        [](const auto& a, const auto& b) {                                                                             \
          auto v = detail::float_of(a);                                                                                \
          auto w = detail::float_of(b);                                                                                \
          return bool(expr);                                                                                           \
        },                                                                                                             \
        detail::value(x), detail::value(y));                                                                           \
  }
WEFT_REL_FN2(isequal, v == w)
WEFT_REL_FN2(isnotequal, v != w)
WEFT_REL_FN2(isgreater, std::isgreater(v, w))
WEFT_REL_FN2(isgreaterequal, std::isgreaterequal(v, w))
WEFT_REL_FN2(isless, std::isless(v, w))
WEFT_REL_FN2(islessequal, std::islessequal(v, w))
WEFT_REL_FN2(islessgreater, std::islessgreater(v, w))
WEFT_REL_FN2(isordered, !std::isunordered(v, w))
WEFT_REL_FN2(isunordered, std::isunordered(v, w))
#undef WEFT_REL_FN2

#define WEFT_REL_FN1(name, expr)                                                                       \
  inline bool name(float v) { return bool(expr); }                                                     \
  inline bool name(double v) { return bool(expr); }                                                    \
  inline bool name(half x) {                                                                           \
    const float v = float(x);                                                                          \
    return bool(expr);                                                                                 \
  }                                                                                                    \
  template <class X, std::enable_if_t<detail::is_genfloat_v<X> && detail::is_nonscalar_v<X>, int> = 0> \
  auto name(const X& x) {                                                                              \
    return detail::rel_map(                                                                            \
        [](const auto& a) {                                                                            \
          auto v = detail::float_of(a);                                                                \
          return bool(expr);                                                                           \
        },                                                                                             \
        detail::value(x));                                                                             \
  }
WEFT_REL_FN1(isfinite, std::isfinite(v))
WEFT_REL_FN1(isinf, std::isinf(v))
WEFT_REL_FN1(isnan, std::isnan(v))
WEFT_REL_FN1(isnormal, std::isnormal(v))
WEFT_REL_FN1(signbit, std::signbit(v))
#undef WEFT_REL_FN1

namespace detail {
template <class E>
bool msb_set(const E& e) {
  if constexpr (std::is_same_v<E, bool>) return e;
  else return std::make_signed_t<E>(e) < 0;
}
template <class E>
auto bits_of_elem(const E& e) {
  if constexpr (std::is_same_v<E, half>) {
    return e.bits();
  } else if constexpr (std::is_floating_point_v<E>) {
    using U = std::conditional_t<sizeof(E) == 4, std::uint32_t, std::uint64_t>;
    U u;
    __builtin_memcpy(&u, &e, sizeof u);
    return u;
  } else {
    return std::make_unsigned_t<E>(e);
  }
}
template <class E, class U>
E elem_of_bits(U u) {
  if constexpr (std::is_same_v<E, half>) {
    return half::from_bits(std::uint16_t(u));
  } else if constexpr (std::is_floating_point_v<E>) {
    E e;
    __builtin_memcpy(&e, &u, sizeof e);
    return e;
  } else {
    return E(u);
  }
}
}  // namespace detail

// any / all: is the most significant bit set in any / all elements (bool elements: are they
// true). A vec or swizzle gives int (1 or 0), as OpenCL's any / all; scalars and marray bool.
namespace detail {
template <class X, class R>
auto vec_int_or_bool(R r) {
  if constexpr (is_vec_like_v<X>) return int(r);
  else return r;
}
}  // namespace detail
template <class X, std::enable_if_t<detail::is_geninteger_v<X> || std::is_same_v<detail::elem_t<X>, bool>, int> = 0>
auto any(const X& x) {
  auto v = detail::value(x);
  bool r = false;
  for (std::size_t i = 0; i < detail::gen_info<decltype(v)>::n && !r; ++i) r = detail::msb_set(detail::element(v, i));
  return detail::vec_int_or_bool<X>(r);
}
template <class X, std::enable_if_t<detail::is_geninteger_v<X> || std::is_same_v<detail::elem_t<X>, bool>, int> = 0>
auto all(const X& x) {
  auto v = detail::value(x);
  bool r = true;
  for (std::size_t i = 0; i < detail::gen_info<decltype(v)>::n && r; ++i) r = detail::msb_set(detail::element(v, i));
  return detail::vec_int_or_bool<X>(r);
}

// bitselect(a, b, c): each bit from b where c's bit is 1, else from a.
template <class X, class Y, class Z, std::enable_if_t<detail::is_gentype_v<X>, int> = 0>
auto bitselect(const X& a, const Y& b, const Z& c) {
  using E = detail::lead_elem_t<detail::value_t<X>, detail::value_t<Y>, detail::value_t<Z>>;
  return detail::map(
      [](E p, E q, E r) {
        auto pa = detail::bits_of_elem(p), qb = detail::bits_of_elem(q), rc = detail::bits_of_elem(r);
        return detail::elem_of_bits<E>(decltype(pa)((pa & ~rc) | (qb & rc)));
      },
      detail::value(a), detail::value(b), detail::value(c));
}

// select(a, b, c): b where c (scalar: c != 0; vec: c's most significant bit; marray: c's bool), else a.
template <class X, class Y, class C, std::enable_if_t<detail::is_gentype_v<X>, int> = 0>
auto select(const X& a, const Y& b, const C& c) {
  using E = detail::lead_elem_t<detail::value_t<X>, detail::value_t<Y>>;
  constexpr bool by_msb = detail::gen_info<detail::value_t<C>>::kind == 1;
  return detail::map(
      [](E p, E q, const auto& s) {
        bool take_b;
        if constexpr (by_msb) take_b = detail::msb_set(s);
        else take_b = bool(s);
        return take_b ? q : p;
      },
      detail::value(a), detail::value(b), detail::value(c));
}

}  // namespace weft::sycl
WEFT_HOST_DEVICE_END
