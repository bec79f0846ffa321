#pragma once
// Lane operation: reduce. Known operators on 4/8-byte arithmetic types combine
// whole batches, then finish with an in-register butterfly (libweft); anything
// else is a left-to-right loop with the user's operator.
#include <weft/target/cpu/lanes/simd.hpp>

namespace weft::cpu::lanes {

// The combination of in[0..n), n >= 1.
template <class T, class Op>
inline T reduce(const T* in, std::size_t n, Op op) {
  constexpr op_kind K = sycl::detail::op_kind_v<Op, T>;
  if constexpr (detail::is_simd_op<T, K>) {
    if (n == 1) return in[0];
    return static_cast<T>(detail::batch_reduce<detail::simd_element_t<T>, K>(detail::as_elements(in), n));
  } else {
    T acc = in[0];
    for (std::size_t i = 1; i < n; ++i) acc = static_cast<T>(op(acc, in[i]));
    return acc;
  }
}

}  // namespace weft::cpu::lanes
