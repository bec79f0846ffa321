#pragma once
// SYCL 2020 section 4.10.2: the identities of the known function objects, for
// reductions and group algorithms (sycl::known_identity, sycl::has_known_identity).
#include <limits>
#include <sycl/functional.hpp>
#include <sycl/half.hpp>
#include <type_traits>

namespace weft::sycl {

namespace detail {

// Which known operator a function object is: plus<T> and plus<void> alike.
enum class op_kind { other, plus, multiplies, bit_and, bit_or, bit_xor, logical_and, logical_or, minimum, maximum };

template <class Op>
struct op_kind_of : std::integral_constant<op_kind, op_kind::other> {};
#define WEFT_OP_KIND(name) \
  template <class U>       \
  struct op_kind_of<sycl::name<U>> : std::integral_constant<op_kind, op_kind::name> {};
WEFT_OP_KIND(plus)
WEFT_OP_KIND(multiplies)
WEFT_OP_KIND(bit_and)
WEFT_OP_KIND(bit_or)
WEFT_OP_KIND(bit_xor)
WEFT_OP_KIND(logical_and)
WEFT_OP_KIND(logical_or)
WEFT_OP_KIND(minimum)
WEFT_OP_KIND(maximum)
#undef WEFT_OP_KIND

// The operand type a function object was declared for (void for the transparent ones).
template <class Op>
struct op_operand {
  using type = void;
};
template <template <class> class F, class U>
struct op_operand<F<U>> {
  using type = U;
};

template <class Op, class T>
constexpr op_kind op_kind_v = (std::is_same_v<typename op_operand<std::remove_cv_t<Op>>::type, void> ||
                               std::is_same_v<typename op_operand<std::remove_cv_t<Op>>::type, std::remove_cv_t<T>>)
                                  ? op_kind_of<std::remove_cv_t<Op>>::value
                                  : op_kind::other;

// The known identities (section 4.10.2, table 175): for arithmetic types (sycl::half
// among them), and for integral types only where the operation is bitwise.
template <class T, op_kind K>
struct identity_of {
  static constexpr bool bitwise = K == op_kind::bit_and || K == op_kind::bit_or || K == op_kind::bit_xor;
  static constexpr bool known =
      K != op_kind::other && (bitwise ? std::is_integral_v<T> : std::is_arithmetic_v<T> || std::is_same_v<T, half>);

  static constexpr T value() {
    static_assert(known, "this operation has no known identity for this type");
    if constexpr (K == op_kind::multiplies) return T{1};
    else if constexpr (K == op_kind::bit_and) return static_cast<T>(~T{});
    else if constexpr (K == op_kind::logical_and) return static_cast<T>(true);
    else if constexpr (K == op_kind::logical_or) return static_cast<T>(false);
    else if constexpr (K == op_kind::minimum && std::numeric_limits<T>::has_infinity)
      return std::numeric_limits<T>::infinity();
    else if constexpr (K == op_kind::minimum) return std::numeric_limits<T>::max();
    else if constexpr (K == op_kind::maximum && std::numeric_limits<T>::has_infinity)
      return -std::numeric_limits<T>::infinity();
    else if constexpr (K == op_kind::maximum) return std::numeric_limits<T>::lowest();
    else return T{};  // plus, bit_or, bit_xor
  }
};

}  // namespace detail

template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity
    : std::bool_constant<detail::identity_of<std::remove_cv_t<AccumulatorT>,
                                             detail::op_kind_v<BinaryOperation, AccumulatorT>>::known> {};

template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v = has_known_identity<BinaryOperation, AccumulatorT>::value;

namespace detail {
template <typename BinaryOperation, typename AccumulatorT, bool Known>
struct known_identity_base {};
template <typename BinaryOperation, typename AccumulatorT>
struct known_identity_base<BinaryOperation, AccumulatorT, true> {
  static constexpr AccumulatorT value =
      identity_of<std::remove_cv_t<AccumulatorT>, op_kind_v<BinaryOperation, AccumulatorT>>::value();
};
}  // namespace detail

// Has a member value only where has_known_identity is true.
template <typename BinaryOperation, typename AccumulatorT>
struct known_identity
    : detail::known_identity_base<BinaryOperation, AccumulatorT, has_known_identity_v<BinaryOperation, AccumulatorT>> {
};

template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v = known_identity<BinaryOperation, AccumulatorT>::value;

}  // namespace weft::sycl
