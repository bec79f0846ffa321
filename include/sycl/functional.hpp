#pragma once
// SYCL 2020 section 4.17.2: the function objects group algorithms and reductions
// know (their identities are in sycl/known_identity.hpp). The void forms are
// transparent: they deduce their operand types at the call.
#include <type_traits>
#include <utility>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

#define WEFT_BINARY_FUNCTOR(name, op)                                                                            \
  template <typename T = void>                                                                                   \
  struct name {                                                                                                  \
    WEFT_HOST_DEVICE T operator()(const T& x, const T& y) const { return x op y; }                               \
  };                                                                                                             \
  template <>                                                                                                    \
  struct name<void> {                                                                                            \
    using is_transparent = void;                                                                                 \
    template <typename T, typename U>                                                                            \
    WEFT_HOST_DEVICE auto operator()(T&& x, U&& y) const -> decltype(std::forward<T>(x) op std::forward<U>(y)) { \
      return std::forward<T>(x) op std::forward<U>(y);                                                           \
    }                                                                                                            \
  };

WEFT_BINARY_FUNCTOR(plus, +)
WEFT_BINARY_FUNCTOR(multiplies, *)
WEFT_BINARY_FUNCTOR(bit_and, &)
WEFT_BINARY_FUNCTOR(bit_or, |)
WEFT_BINARY_FUNCTOR(bit_xor, ^)
#undef WEFT_BINARY_FUNCTOR

template <typename T = void>
struct logical_and {
  WEFT_HOST_DEVICE bool operator()(const T& x, const T& y) const { return x && y; }
};
template <>
struct logical_and<void> {
  using is_transparent = void;
  template <typename T, typename U>
  WEFT_HOST_DEVICE auto operator()(T&& x, U&& y) const -> decltype(std::forward<T>(x) && std::forward<U>(y)) {
    return std::forward<T>(x) && std::forward<U>(y);
  }
};

template <typename T = void>
struct logical_or {
  WEFT_HOST_DEVICE bool operator()(const T& x, const T& y) const { return x || y; }
};
template <>
struct logical_or<void> {
  using is_transparent = void;
  template <typename T, typename U>
  WEFT_HOST_DEVICE auto operator()(T&& x, U&& y) const -> decltype(std::forward<T>(x) || std::forward<U>(y)) {
    return std::forward<T>(x) || std::forward<U>(y);
  }
};

// minimum/maximum: x < y ? x : y and x > y ? x : y, so a NaN in y wins.
template <typename T = void>
struct minimum {
  WEFT_HOST_DEVICE T operator()(const T& x, const T& y) const { return (x < y) ? x : y; }
};
template <>
struct minimum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  WEFT_HOST_DEVICE auto operator()(T&& x, U&& y) const -> std::common_type_t<T&&, U&&> {
    return (x < y) ? std::forward<T>(x) : std::forward<U>(y);
  }
};

template <typename T = void>
struct maximum {
  WEFT_HOST_DEVICE T operator()(const T& x, const T& y) const { return (x > y) ? x : y; }
};
template <>
struct maximum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  WEFT_HOST_DEVICE auto operator()(T&& x, U&& y) const -> std::common_type_t<T&&, U&&> {
    return (x > y) ? std::forward<T>(x) : std::forward<U>(y);
  }
};

}  // namespace weft::sycl
