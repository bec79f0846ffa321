#pragma once
// The dimension array shared by id and range (SYCL 2020 section 4.9.1), with the
// element-wise operators the specification lists for both.
#include <cstddef>
#include <type_traits>

namespace weft::sycl::detail {

// Integers (and unscoped enumerations) usable as a size or index.
template <class T>
struct is_scalar_index
    : std::bool_constant<!std::is_class_v<T> && !std::is_pointer_v<T> && std::is_convertible_v<T, std::size_t>> {};

// `operator size_t()` for 1-dimensional ids and items. A plain (non-template)
// conversion, so that built-in operators such as `ptr[i]` (which need a
// ptrdiff_t) accept an id<1> or item<1>; a conversion template would not.
template <class Derived, int Dims>
struct size_t_conversion {};
template <class Derived>
struct size_t_conversion<Derived, 1> {
  constexpr operator std::size_t() const { return static_cast<const Derived&>(*this)[0]; }
};

template <class Derived, int Dims>
class array {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL index spaces have 1, 2 or 3 dimensions");

 public:
  static constexpr int dimensions = Dims;

  constexpr array() : m_data{} {}
  // One size per dimension: anything that converts to size_t, as with the
  // specification's range(size_t, ...) (so not a pointer, not an nd_range).
  template <class... T, std::enable_if_t<sizeof...(T) == Dims && (std::is_convertible_v<T, std::size_t> && ...), int> = 0>
  constexpr array(T... v) : m_data{static_cast<std::size_t>(v)...} {}

  constexpr std::size_t get(int d) const { return m_data[d]; }
  constexpr std::size_t& operator[](int d) { return m_data[d]; }
  constexpr const std::size_t& operator[](int d) const { return m_data[d]; }

  friend constexpr bool operator==(const Derived& a, const Derived& b) {
    for (int d = 0; d < Dims; ++d)
      if (a.m_data[d] != b.m_data[d]) return false;
    return true;
  }
  friend constexpr bool operator!=(const Derived& a, const Derived& b) { return !(a == b); }

#define WEFT_ARRAY_BINARY(op)                                                              \
  friend constexpr Derived operator op(const Derived& a, const Derived& b) {               \
    Derived r;                                                                             \
    for (int d = 0; d < Dims; ++d) r.m_data[d] = a.m_data[d] op b.m_data[d];               \
    return r;                                                                              \
  }                                                                                        \
  /* Scalar forms are templates: for id<1>, which also converts to size_t, an exact */   \
  /* match on the scalar beats the built-in operators instead of tying with them.   */   \
  template <class S, std::enable_if_t<is_scalar_index<S>::value, int> = 0>                 \
  friend constexpr Derived operator op(const Derived& a, const S& s) {                     \
    Derived r;                                                                             \
    for (int d = 0; d < Dims; ++d) r.m_data[d] = a.m_data[d] op static_cast<std::size_t>(s); \
    return r;                                                                              \
  }                                                                                        \
  template <class S, std::enable_if_t<is_scalar_index<S>::value, int> = 0>                 \
  friend constexpr Derived operator op(const S& s, const Derived& a) {                     \
    Derived r;                                                                             \
    for (int d = 0; d < Dims; ++d) r.m_data[d] = static_cast<std::size_t>(s) op a.m_data[d]; \
    return r;                                                                              \
  }
  WEFT_ARRAY_BINARY(+)
  WEFT_ARRAY_BINARY(-)
  WEFT_ARRAY_BINARY(*)
  WEFT_ARRAY_BINARY(/)
  WEFT_ARRAY_BINARY(%)
  WEFT_ARRAY_BINARY(<<)
  WEFT_ARRAY_BINARY(>>)
  WEFT_ARRAY_BINARY(&)
  WEFT_ARRAY_BINARY(|)
  WEFT_ARRAY_BINARY(^)
  WEFT_ARRAY_BINARY(&&)
  WEFT_ARRAY_BINARY(||)
  WEFT_ARRAY_BINARY(<)
  WEFT_ARRAY_BINARY(>)
  WEFT_ARRAY_BINARY(<=)
  WEFT_ARRAY_BINARY(>=)
#undef WEFT_ARRAY_BINARY

#define WEFT_ARRAY_COMPOUND(op)                                                     \
  friend constexpr Derived& operator op(Derived & a, const Derived& b) {            \
    for (int d = 0; d < Dims; ++d) a.m_data[d] op b.m_data[d];                      \
    return a;                                                                       \
  }                                                                                 \
  template <class S, std::enable_if_t<is_scalar_index<S>::value, int> = 0>         \
  friend constexpr Derived& operator op(Derived & a, const S& s) {                  \
    for (int d = 0; d < Dims; ++d) a.m_data[d] op static_cast<std::size_t>(s);      \
    return a;                                                                       \
  }
  WEFT_ARRAY_COMPOUND(+=)
  WEFT_ARRAY_COMPOUND(-=)
  WEFT_ARRAY_COMPOUND(*=)
  WEFT_ARRAY_COMPOUND(/=)
  WEFT_ARRAY_COMPOUND(%=)
  WEFT_ARRAY_COMPOUND(<<=)
  WEFT_ARRAY_COMPOUND(>>=)
  WEFT_ARRAY_COMPOUND(&=)
  WEFT_ARRAY_COMPOUND(|=)
  WEFT_ARRAY_COMPOUND(^=)
#undef WEFT_ARRAY_COMPOUND

  friend constexpr Derived operator+(const Derived& a) { return a; }
  friend constexpr Derived operator-(const Derived& a) {
    Derived r;
    for (int d = 0; d < Dims; ++d) r.m_data[d] = -a.m_data[d];
    return r;
  }
  friend constexpr Derived& operator++(Derived& a) { return a += 1; }
  friend constexpr Derived& operator--(Derived& a) { return a -= 1; }
  friend constexpr Derived operator++(Derived& a, int) {
    Derived old = a;
    a += 1;
    return old;
  }
  friend constexpr Derived operator--(Derived& a, int) {
    Derived old = a;
    a -= 1;
    return old;
  }

 protected:
  std::size_t m_data[Dims];
};

}  // namespace weft::sycl::detail
