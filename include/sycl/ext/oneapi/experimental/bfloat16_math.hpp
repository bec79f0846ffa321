#pragma once
// DPC++ extension sycl_ext_oneapi_bfloat16_math_functions: math on bfloat16 and
// marray<bfloat16, N> in sycl::ext::oneapi::experimental, computed in float with
// SYCL's builtins and rounded back to nearest even.
#include <cstddef>
#include <cstdint>
#include <sycl/ext/oneapi/bfloat16.hpp>
#include <sycl/marray.hpp>
#include <sycl/math.hpp>
#include <weft/kernel/target.hpp>

#define SYCL_EXT_ONEAPI_BFLOAT16_MATH_FUNCTIONS 1

WEFT_HOST_DEVICE_BEGIN
namespace weft::sycl::ext::oneapi::experimental {

namespace detail {
inline std::uint16_t bits(bfloat16 x) {
  std::uint16_t b;
  __builtin_memcpy(&b, &x, sizeof b);
  return b;
}
}  // namespace detail

inline bool isnan(bfloat16 x) { return (detail::bits(x) & 0x7fffu) > 0x7f80u; }
inline bfloat16 fabs(bfloat16 x) { return oneapi::detail::bits_to_bfloat16(detail::bits(x) & 0x7fffu); }

namespace detail {
// fmin / fmax: a NaN operand gives the other one, two NaNs the canonical NaN
// (0x7fc0); -0 is below +0 (`signed_zeros` is the answer when one is -0 and the
// other +0); otherwise `pick` chooses.
template <class Pick>
bfloat16 min_max(bfloat16 x, bfloat16 y, std::uint16_t signed_zeros, Pick pick) {
  if (isnan(x) && isnan(y)) return oneapi::detail::bits_to_bfloat16(0x7fc0);
  if (isnan(x)) return y;
  if (isnan(y)) return x;
  if ((bits(x) | bits(y)) == 0x8000u) return oneapi::detail::bits_to_bfloat16(signed_zeros);
  return pick(x, y);
}
}  // namespace detail
inline bfloat16 fmin(bfloat16 x, bfloat16 y) {
  return detail::min_max(x, y, 0x8000, [](bfloat16 a, bfloat16 b) { return b < a ? b : a; });
}
inline bfloat16 fmax(bfloat16 x, bfloat16 y) {
  return detail::min_max(x, y, 0, [](bfloat16 a, bfloat16 b) { return a < b ? b : a; });
}
inline bfloat16 fma(bfloat16 x, bfloat16 y, bfloat16 z) { return sycl::fma(float(x), float(y), float(z)); }

#define WEFT_BF16_UNARY(name) \
  inline bfloat16 name(bfloat16 x) { return sycl::name(float(x)); }
WEFT_BF16_UNARY(ceil)
WEFT_BF16_UNARY(cos)
WEFT_BF16_UNARY(exp)
WEFT_BF16_UNARY(exp10)
WEFT_BF16_UNARY(exp2)
WEFT_BF16_UNARY(floor)
WEFT_BF16_UNARY(log)
WEFT_BF16_UNARY(log10)
WEFT_BF16_UNARY(log2)
WEFT_BF16_UNARY(rint)
WEFT_BF16_UNARY(rsqrt)
WEFT_BF16_UNARY(sin)
WEFT_BF16_UNARY(sqrt)
WEFT_BF16_UNARY(trunc)
#undef WEFT_BF16_UNARY

// The same, element by element, on marray<bfloat16, N>.
template <std::size_t N>
marray<bool, N> isnan(const marray<bfloat16, N>& x) {
  marray<bool, N> r;
  for (std::size_t i = 0; i < N; ++i) r[i] = isnan(x[i]);
  return r;
}
#define WEFT_BF16_MARRAY(name, params, args)                            \
  template <std::size_t N>                                              \
  marray<bfloat16, N> name params {                                     \
    marray<bfloat16, N> r;                                              \
    for (std::size_t i = 0; i < N; ++i) r[i] = experimental::name args; \
    return r;                                                           \
  }
#define WEFT_BF16_MARRAY_UNARY(name) WEFT_BF16_MARRAY(name, (const marray<bfloat16, N>& x), (x[i]))
WEFT_BF16_MARRAY_UNARY(fabs)
WEFT_BF16_MARRAY_UNARY(ceil)
WEFT_BF16_MARRAY_UNARY(cos)
WEFT_BF16_MARRAY_UNARY(exp)
WEFT_BF16_MARRAY_UNARY(exp10)
WEFT_BF16_MARRAY_UNARY(exp2)
WEFT_BF16_MARRAY_UNARY(floor)
WEFT_BF16_MARRAY_UNARY(log)
WEFT_BF16_MARRAY_UNARY(log10)
WEFT_BF16_MARRAY_UNARY(log2)
WEFT_BF16_MARRAY_UNARY(rint)
WEFT_BF16_MARRAY_UNARY(rsqrt)
WEFT_BF16_MARRAY_UNARY(sin)
WEFT_BF16_MARRAY_UNARY(sqrt)
WEFT_BF16_MARRAY_UNARY(trunc)
WEFT_BF16_MARRAY(fmin, (const marray<bfloat16, N>& x, const marray<bfloat16, N>& y), (x[i], y[i]))
WEFT_BF16_MARRAY(fmax, (const marray<bfloat16, N>& x, const marray<bfloat16, N>& y), (x[i], y[i]))
WEFT_BF16_MARRAY(fma, (const marray<bfloat16, N>& x, const marray<bfloat16, N>& y, const marray<bfloat16, N>& z),
                 (x[i], y[i], z[i]))
#undef WEFT_BF16_MARRAY_UNARY
#undef WEFT_BF16_MARRAY

}  // namespace weft::sycl::ext::oneapi::experimental
WEFT_HOST_DEVICE_END
