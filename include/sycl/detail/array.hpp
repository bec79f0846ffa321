#pragma once
// The dimension array shared by id and range (SYCL 2020 section 4.9.1), with the
// element-wise operators the specification lists for both.
#include <cstddef>
#include <type_traits>

namespace weft::sycl::detail {

template <class Derived, int Dims>
class array {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL index spaces have 1, 2 or 3 dimensions");

 public:
  static constexpr int dimensions = Dims;

  constexpr array() : m_data{} {}
  // One size per dimension, as the specification declares them: id(size_t) /
  // range(size_t) for 1 dimension, (size_t, size_t) for 2, (size_t, size_t, size_t)
  // for 3. The parameters are size_t, not templates, so a class that converts to
  // size_t converts to an id or a range only explicitly (implicitly it would take
  // two user-defined conversions).
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  constexpr array(std::size_t dim0) : m_data{dim0} {}
  template <int D = Dims, std::enable_if_t<D == 2, int> = 0>
  constexpr array(std::size_t dim0, std::size_t dim1) : m_data{dim0, dim1} {}
  template <int D = Dims, std::enable_if_t<D == 3, int> = 0>
  constexpr array(std::size_t dim0, std::size_t dim1, std::size_t dim2) : m_data{dim0, dim1, dim2} {}

  constexpr std::size_t get(int d) const { return m_data[d]; }
  constexpr std::size_t& operator[](int d) { return m_data[d]; }
  constexpr const std::size_t& operator[](int d) const { return m_data[d]; }

  friend constexpr bool operator==(const Derived& a, const Derived& b) {
    for (int d = 0; d < Dims; ++d)
      if (a.m_data[d] != b.m_data[d]) return false;
    return true;
  }
  friend constexpr bool operator!=(const Derived& a, const Derived& b) { return !(a == b); }

#define WEFT_ARRAY_BINARY(op)                                                                \
  friend constexpr Derived operator op(const Derived& a, const Derived& b) {                 \
    Derived r;                                                                               \
    for (int d = 0; d < Dims; ++d) r.m_data[d] = a.m_data[d] op b.m_data[d];                 \
    return r;                                                                                \
  }                                                                                          \
  template <class S, std::enable_if_t<std::is_integral_v<S>, int> = 0>                       \
  friend constexpr Derived operator op(const Derived& a, S s) {                              \
    Derived r;                                                                               \
    for (int d = 0; d < Dims; ++d) r.m_data[d] = a.m_data[d] op static_cast<std::size_t>(s); \
    return r;                                                                                \
  }                                                                                          \
  template <class S, std::enable_if_t<std::is_integral_v<S>, int> = 0>                       \
  friend constexpr Derived operator op(S s, const Derived& a) {                              \
    Derived r;                                                                               \
    for (int d = 0; d < Dims; ++d) r.m_data[d] = static_cast<std::size_t>(s) op a.m_data[d]; \
    return r;                                                                                \
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

#define WEFT_ARRAY_COMPOUND(op)                                                \
  friend constexpr Derived& operator op(Derived& a, const Derived& b) {        \
    for (int d = 0; d < Dims; ++d) a.m_data[d] op b.m_data[d];                 \
    return a;                                                                  \
  }                                                                            \
  template <class S, std::enable_if_t<std::is_integral_v<S>, int> = 0>         \
  friend constexpr Derived& operator op(Derived& a, S s) {                     \
    for (int d = 0; d < Dims; ++d) a.m_data[d] op static_cast<std::size_t>(s); \
    return a;                                                                  \
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
