#pragma once
// The SYCL 2020 function objects (section 4.17.2) the scoped group algorithms
// use. The sub-group / reduction work owns <sycl/functional.hpp>; when it is
// present it is used, otherwise this header defines the same names. Known
// identities are in detail::scoped::identity_of.
#include <functional>
#include <limits>
#include <type_traits>

#if __has_include(<sycl/functional.hpp>)
#include <sycl/functional.hpp>
#else
namespace weft::sycl {
#define WEFT_SCOPED_BINARY_OP(name, expr)                       \
  template <typename T = void>                                  \
  struct name {                                                 \
    T operator()(const T& x, const T& y) const { return expr; } \
  };                                                            \
  template <>                                                   \
  struct name<void> {                                           \
    template <typename T, typename U>                           \
    auto operator()(T&& x, U&& y) const {                       \
      return expr;                                              \
    }                                                           \
  };
WEFT_SCOPED_BINARY_OP(plus, x + y)
WEFT_SCOPED_BINARY_OP(multiplies, x* y)
WEFT_SCOPED_BINARY_OP(bit_and, x& y)
WEFT_SCOPED_BINARY_OP(bit_or, x | y)
WEFT_SCOPED_BINARY_OP(bit_xor, x ^ y)
WEFT_SCOPED_BINARY_OP(logical_and, x&& y)
WEFT_SCOPED_BINARY_OP(logical_or, x || y)
WEFT_SCOPED_BINARY_OP(minimum, (y < x ? y : x))
WEFT_SCOPED_BINARY_OP(maximum, (x < y ? y : x))
#undef WEFT_SCOPED_BINARY_OP
}  // namespace weft::sycl
#endif

namespace weft::sycl::detail::scoped {

enum class op_kind { other, plus, multiplies, minimum, maximum, bit_and, bit_or, bit_xor, logical_and, logical_or };

template <class Op, class T>
constexpr op_kind kind_of() {
  using O = std::remove_cv_t<std::remove_reference_t<Op>>;
  if constexpr (std::is_same_v<O, plus<T>> || std::is_same_v<O, plus<void>> || std::is_same_v<O, std::plus<T>> ||
                std::is_same_v<O, std::plus<>>)
    return op_kind::plus;
  else if constexpr (std::is_same_v<O, multiplies<T>> || std::is_same_v<O, multiplies<void>> ||
                     std::is_same_v<O, std::multiplies<T>> || std::is_same_v<O, std::multiplies<>>)
    return op_kind::multiplies;
  else if constexpr (std::is_same_v<O, minimum<T>> || std::is_same_v<O, minimum<void>>) return op_kind::minimum;
  else if constexpr (std::is_same_v<O, maximum<T>> || std::is_same_v<O, maximum<void>>) return op_kind::maximum;
  else if constexpr (std::is_same_v<O, bit_and<T>> || std::is_same_v<O, bit_and<void>>) return op_kind::bit_and;
  else if constexpr (std::is_same_v<O, bit_or<T>> || std::is_same_v<O, bit_or<void>>) return op_kind::bit_or;
  else if constexpr (std::is_same_v<O, bit_xor<T>> || std::is_same_v<O, bit_xor<void>>) return op_kind::bit_xor;
  else if constexpr (std::is_same_v<O, logical_and<T>> || std::is_same_v<O, logical_and<void>>)
    return op_kind::logical_and;
  else if constexpr (std::is_same_v<O, logical_or<T>> || std::is_same_v<O, logical_or<void>>)
    return op_kind::logical_or;
  else return op_kind::other;
}

template <class Op, class T>
constexpr bool has_known_identity_v = kind_of<Op, T>() != op_kind::other&& std::is_arithmetic_v<T>;

// The identity of a known operation for T (SYCL 2020 section 4.17.2 / known_identity).
template <class Op, class T>
constexpr T identity_of() {
  constexpr op_kind k = kind_of<Op, T>();
  if constexpr (k == op_kind::plus || k == op_kind::bit_or || k == op_kind::bit_xor) return T(0);
  else if constexpr (k == op_kind::multiplies) return T(1);
  else if constexpr (k == op_kind::bit_and) return T(~T(0));
  else if constexpr (k == op_kind::logical_and) return T(true);
  else if constexpr (k == op_kind::logical_or) return T(false);
  else if constexpr (k == op_kind::minimum)
    return std::numeric_limits<T>::has_infinity ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
  else if constexpr (k == op_kind::maximum)
    return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::lowest();
  else return T{};
}

}  // namespace weft::sycl::detail::scoped
