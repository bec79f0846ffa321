#pragma once
// SYCL 2020 section 4.14.3: sycl::marray<T, N>, a fixed-size array of any
// element type with element-wise operators. Comparisons and logical operators
// give marray<bool, N>.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <sycl/half.hpp>
#include <sycl/detail/name_tables.hpp>
#include <sycl/detail/type_traits.hpp>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl {

template <typename T, std::size_t N>
class marray;

namespace detail {
template <class T>
using is_marray = is_sized_instance<marray, T>;
template <class T>
inline constexpr bool is_marray_v = is_marray<std::remove_cv_t<T>>::value;

template <class A, class T>
struct marray_arg_count : std::integral_constant<std::size_t, std::is_convertible_v<A, T> ? 1 : 0> {};
template <class U, std::size_t M, class T>
struct marray_arg_count<marray<U, M>, T> : std::integral_constant<std::size_t, M> {};
}  // namespace detail

template <typename T, std::size_t N>
class marray : public detail::contiguous_member_types<T> {
  static_assert(N > 0, "marray needs at least one element");

 public:
  constexpr marray() : m_data{} {}
  explicit constexpr marray(const T& s) : m_data{} {
    for (std::size_t i = 0; i < N; ++i) m_data[i] = s;
  }
  template <class... Args, std::enable_if_t<(sizeof...(Args) >= 2) &&
                                                ((detail::marray_arg_count<std::decay_t<Args>, T>::value > 0) && ...) &&
                                                (detail::marray_arg_count<std::decay_t<Args>, T>::value + ...) == N,
                                            int> = 0>
  constexpr marray(const Args&... args) : m_data{} {
    std::size_t pos = 0;
    (put(pos, args), ...);
  }
  constexpr marray(const marray&) = default;
  constexpr marray& operator=(const marray&) = default;
  constexpr marray& operator=(const T& s) {
    for (std::size_t i = 0; i < N; ++i) m_data[i] = s;
    return *this;
  }

  template <std::size_t M = N, std::enable_if_t<M == 1, int> = 0>
  operator T() const {
    return m_data[0];
  }

  static constexpr std::size_t size() noexcept { return N; }
  constexpr T& operator[](std::size_t i) { return m_data[i]; }
  constexpr const T& operator[](std::size_t i) const { return m_data[i]; }
  constexpr T* begin() noexcept { return m_data; }
  constexpr const T* begin() const noexcept { return m_data; }
  constexpr T* end() noexcept { return m_data + N; }
  constexpr const T* end() const noexcept { return m_data + N; }

#define WEFT_MARRAY_BINARY(op)                                                                          \
  friend constexpr marray operator op(const marray& a, const marray& b) {                               \
    marray r;                                                                                           \
    for (std::size_t i = 0; i < N; ++i) r.m_data[i] = static_cast<T>(a.m_data[i] op b.m_data[i]);       \
    return r;                                                                                           \
  }                                                                                                     \
  template <class U, std::enable_if_t<std::is_convertible_v<U, T> && !detail::is_marray_v<U>, int> = 0> \
  friend constexpr marray operator op(const marray& a, const U& s) {                                    \
    return a op marray(static_cast<T>(s));                                                              \
  }                                                                                                     \
  template <class U, std::enable_if_t<std::is_convertible_v<U, T> && !detail::is_marray_v<U>, int> = 0> \
  friend constexpr marray operator op(const U& s, const marray& a) {                                    \
    return marray(static_cast<T>(s)) op a;                                                              \
  }                                                                                                     \
  friend constexpr marray& operator op##=(marray& a, const marray& b) { return a = a op b; }            \
  template <class U, std::enable_if_t<std::is_convertible_v<U, T> && !detail::is_marray_v<U>, int> = 0> \
  friend constexpr marray& operator op##=(marray& a, const U& s) {                                      \
    return a = a op marray(static_cast<T>(s));                                                          \
  }
  WEFT_MARRAY_BINARY(+)
  WEFT_MARRAY_BINARY(-)
  WEFT_MARRAY_BINARY(*)
  WEFT_MARRAY_BINARY(/)
  WEFT_MARRAY_BINARY(%)
  WEFT_MARRAY_BINARY(&)
  WEFT_MARRAY_BINARY(|)
  WEFT_MARRAY_BINARY(^)
  WEFT_MARRAY_BINARY(<<)
  WEFT_MARRAY_BINARY(>>)
#undef WEFT_MARRAY_BINARY

#define WEFT_MARRAY_RELATIONAL(op)                                                                      \
  friend constexpr marray<bool, N> operator op(const marray& a, const marray& b) {                      \
    marray<bool, N> r;                                                                                  \
    for (std::size_t i = 0; i < N; ++i) r[i] = a.m_data[i] op b.m_data[i];                              \
    return r;                                                                                           \
  }                                                                                                     \
  template <class U, std::enable_if_t<std::is_convertible_v<U, T> && !detail::is_marray_v<U>, int> = 0> \
  friend constexpr marray<bool, N> operator op(const marray& a, const U& s) {                           \
    return a op marray(static_cast<T>(s));                                                              \
  }                                                                                                     \
  template <class U, std::enable_if_t<std::is_convertible_v<U, T> && !detail::is_marray_v<U>, int> = 0> \
  friend constexpr marray<bool, N> operator op(const U& s, const marray& a) {                           \
    return marray(static_cast<T>(s)) op a;                                                              \
  }
  WEFT_MARRAY_RELATIONAL(==)
  WEFT_MARRAY_RELATIONAL(!=)
  WEFT_MARRAY_RELATIONAL(<)
  WEFT_MARRAY_RELATIONAL(>)
  WEFT_MARRAY_RELATIONAL(<=)
  WEFT_MARRAY_RELATIONAL(>=)
  WEFT_MARRAY_RELATIONAL(&&)
  WEFT_MARRAY_RELATIONAL(||)
#undef WEFT_MARRAY_RELATIONAL

  friend constexpr marray operator+(const marray& a) { return a; }
  friend constexpr marray operator-(const marray& a) {
    marray r;
    for (std::size_t i = 0; i < N; ++i) r.m_data[i] = static_cast<T>(-a.m_data[i]);
    return r;
  }
  friend constexpr marray operator~(const marray& a) {
    marray r;
    for (std::size_t i = 0; i < N; ++i) r.m_data[i] = static_cast<T>(~a.m_data[i]);
    return r;
  }
  friend constexpr marray<bool, N> operator!(const marray& a) {
    marray<bool, N> r;
    for (std::size_t i = 0; i < N; ++i) r[i] = !a.m_data[i];
    return r;
  }
  friend constexpr marray& operator++(marray& a) { return a += T(1); }
  friend constexpr marray& operator--(marray& a) { return a -= T(1); }
  friend constexpr marray operator++(marray& a, int) {
    marray old = a;
    a += T(1);
    return old;
  }
  friend constexpr marray operator--(marray& a, int) {
    marray old = a;
    a -= T(1);
    return old;
  }

 private:
  template <class A>
  constexpr void put(std::size_t& pos, const A& a) {
    if constexpr (detail::is_marray_v<A>) {
      for (std::size_t i = 0; i < A::size(); ++i) m_data[pos++] = static_cast<T>(a[i]);
    } else {
      m_data[pos++] = static_cast<T>(a);
    }
  }
  T m_data[N];
};

template <class T, class... U>
marray(T, U...) -> marray<T, sizeof...(U) + 1>;

#define WEFT_MARRAY_ALIASES(name, type) \
  template <std::size_t N>              \
  using m##name = marray<type, N>;      \
  using m##name##2 = marray<type, 2>;   \
  using m##name##3 = marray<type, 3>;   \
  using m##name##4 = marray<type, 4>;   \
  using m##name##8 = marray<type, 8>;   \
  using m##name##16 = marray<type, 16>;
WEFT_SYCL_ALIAS_ELEMENT_TYPES(WEFT_MARRAY_ALIASES)
#undef WEFT_MARRAY_ALIASES

}  // namespace weft::sycl
WEFT_HOST_DEVICE_END
