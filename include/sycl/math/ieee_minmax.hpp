#pragma once
// fmin and fmax with the C library's NaN rule (a NaN argument loses to a number)
// written as a compare-select: inline and vectorizable across work items, where
// std::fmin/std::fmax are out-of-line libm calls on x86 (docs/design.md,
// "Vectorizing across work items").
#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl::detail {

template <class T>
T fmin_select(T x, T y) {
  return (y < x || x != x) ? y : x;
}
template <class T>
T fmax_select(T x, T y) {
  return (x < y || x != x) ? y : x;
}

}  // namespace weft::sycl::detail
WEFT_HOST_DEVICE_END
