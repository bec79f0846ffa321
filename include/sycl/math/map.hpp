#pragma once
// The one mechanism behind every SYCL math builtin (section 4.17): each
// function is written once for a scalar element, and detail::map applies it
// element-wise to scalars, vec (and swizzles of vec) and marray, broadcasting
// scalar arguments. No per-type overload lists.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <sycl/half.hpp>
#include <sycl/marray.hpp>
#include <sycl/vec.hpp>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl::detail {

// kind: 0 scalar, 1 vec, 2 marray.
template <class X, class = void>
struct gen_info {
  static constexpr int kind = 0;
  static constexpr std::size_t n = 1;
  using elem = X;
};
template <class T, int N>
struct gen_info<vec<T, N>> {
  static constexpr int kind = 1;
  static constexpr std::size_t n = std::size_t(N);
  using elem = T;
};
template <class V, class R, int... I>
struct gen_info<swizzle_view<V, R, I...>> : gen_info<R> {};
template <class T, std::size_t N>
struct gen_info<marray<T, N>> {
  static constexpr int kind = 2;
  static constexpr std::size_t n = N;
  using elem = T;
};

template <class X>
using elem_t = typename gen_info<std::remove_cv_t<X>>::elem;

template <class T>
inline constexpr bool is_float_elem_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, half>;
template <class T>
inline constexpr bool is_int_elem_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// genfloat / geninteger / any SYCL generic type (scalar, vec, swizzle, marray).
template <class X>
inline constexpr bool is_genfloat_v = is_float_elem_v<elem_t<X>>;
template <class X>
inline constexpr bool is_geninteger_v = is_int_elem_v<elem_t<X>>;
template <class X>
inline constexpr bool is_gentype_v = is_float_elem_v<elem_t<X>> || is_int_elem_v<elem_t<X>>;
template <class X>
inline constexpr bool is_nonscalar_v = gen_info<std::remove_cv_t<X>>::kind != 0;

// The argument rule of the SYCL 2020 builtins' first overload (sections 4.17.5 to
// 4.17.8): a vec or swizzle first argument takes vec or swizzle arguments of the
// same element type and size; any other first argument (scalar, marray) takes
// arguments of exactly its own type. So no scalar broadcasts here (the spec
// lists those forms separately, with NonScalar::value_type parameters), and a
// call such as clamp(half, int, int) is not a SYCL builtin.
template <class X>
inline constexpr bool is_vec_like_v = gen_info<std::remove_cv_t<X>>::kind == 1;  // vec or swizzle
template <class X, class Y, bool = is_vec_like_v<X>>
struct same_gen : std::is_same<X, Y> {};
template <class X, class Y>
struct same_gen<X, Y, true> : std::bool_constant<is_vec_like_v<Y> && std::is_same_v<elem_t<X>, elem_t<Y>> &&
                                                 gen_info<std::remove_cv_t<X>>::n == gen_info<std::remove_cv_t<Y>>::n> {
};
template <class X, class... Y>
inline constexpr bool same_gen_v = (same_gen<X, Y>::value && ...);

// A swizzle argument is read as the vec it converts to.
template <class X>
decltype(auto) value(const X& x) {
  if constexpr (is_swizzle_v<X>) return x.to_vec();
  else return (x);
}
template <class X>
using value_t = std::decay_t<decltype(value(std::declval<const X&>()))>;

template <class X>
decltype(auto) element(const X& x, std::size_t i) {
  if constexpr (gen_info<X>::kind == 0) return (x);
  else return x[i];
}

template <class... X>
constexpr int max_kind() {
  int k = 0;
  ((k = gen_info<X>::kind > k ? gen_info<X>::kind : k), ...);
  return k;
}
template <class... X>
constexpr std::size_t max_n() {
  std::size_t n = 1;
  ((n = gen_info<X>::n > n ? gen_info<X>::n : n), ...);
  return n;
}

template <int Kind, class E, std::size_t N>
struct gen_of;
template <class E, std::size_t N>
struct gen_of<1, E, N> {
  using type = vec<E, int(N)>;
};
template <class E, std::size_t N>
struct gen_of<2, E, N> {
  using type = marray<E, N>;
};

// f applied to the elements of xs (already converted by value()).
template <class F, class... X>
auto map(F f, const X&... xs) {
  constexpr int kind = max_kind<X...>();
  if constexpr (kind == 0) {
    return f(xs...);
  } else {
    constexpr std::size_t n = max_n<X...>();
    using E = decltype(f(element(xs, 0)...));
    typename gen_of<kind, E, n>::type r;
    for (std::size_t i = 0; i < n; ++i) r[int(i)] = f(element(xs, i)...);
    return r;
  }
}

// The element type that decides a mixed call's result: the first non-scalar
// argument's (scalars broadcast to it), or the first argument's if all are scalars.
template <class A, class... X>
struct lead {
  using type = typename lead<X...>::type;
};
template <class A>
struct lead<A> {
  using type = A;
};
template <class A, class B, class... X>
struct lead<A, B, X...> {
  using rest = typename lead<B, X...>::type;
  using type = std::conditional_t<gen_info<A>::kind != 0 || gen_info<rest>::kind == 0, A, rest>;
};
template <class... X>
using lead_elem_t = elem_t<typename lead<X...>::type>;

template <class E>
auto float_of(const E& e) {
  if constexpr (std::is_same_v<E, half>) return float(e);
  else return e;
}

// Relational results: bool for scalars and marray, vec<intN> with -1 / 0 for vec.
template <class F, class... X>
auto rel_map(F f, const X&... xs) {
  constexpr int kind = max_kind<X...>();
  if constexpr (kind == 1) {
    constexpr std::size_t n = max_n<X...>();
    using E = rel_elem_t<lead_elem_t<X...>>;
    vec<E, int(n)> r;
    for (std::size_t i = 0; i < n; ++i) r[int(i)] = f(element(xs, i)...) ? E(-1) : E(0);
    return r;
  } else {
    return map([&](const auto&... e) -> bool { return f(e...); }, xs...);
  }
}

// A float function applied to a half element computes in float and rounds once.
template <class E, class F>
auto lift(const E& x, F f) {
  if constexpr (std::is_same_v<E, half>) return half(f(float(x)));
  else return f(x);
}
// f applied element-wise to x, lifted over half elements.
template <class F, class X>
auto map_lifted(F f, const X& x) {
  return map([f](const auto& e) { return lift(e, f); }, x);
}
template <class E, class F>
auto lift2(const E& x, const E& y, F f) {
  if constexpr (std::is_same_v<E, half>) return half(f(float(x), float(y)));
  else return f(x, y);
}
template <class E, class F>
auto lift3(const E& x, const E& y, const E& z, F f) {
  if constexpr (std::is_same_v<E, half>) return half(f(float(x), float(y), float(z)));
  else return f(x, y, z);
}

// The type one step wider, used to compute float results in more precision.
// (GPU code has no long double: double is the widest there.)
#if WEFT_DEVICE_PASS
template <class T>
using wider_t = double;
#else
template <class T>
using wider_t = std::conditional_t<std::is_same_v<T, float>, double, long double>;
#endif

}  // namespace weft::sycl::detail
WEFT_HOST_DEVICE_END
