#pragma once
// Lane operations, the common part: which lane types and operators run as xsimd
// batches, and the batch kernels that do it. A lane buffer is a plain array of n
// values, one per lane (work item) in local linear order.
//
// The batch kernels are compiled once, into libweft (src/target/cpu/lanes/), for
// each x86 level and chosen when the library loads: users' translation units do
// not parse xsimd, and a kernel's collective costs one call into the library.
#include <cstddef>
#include <cstdint>
#include <sycl/known_identity.hpp>
#include <type_traits>
#include <weft/runtime/export.hpp>

namespace weft::cpu::lanes {

using sycl::detail::op_kind;

namespace detail {

// The element type a lane type travels as in batches (void: scalar loops). 4- and
// 8-byte arithmetic types only: xsimd swizzles exist for those on every x86 level.
template <class T, class = void>
struct simd_element {
  using type = void;
};
template <class T>
struct simd_element<T, std::enable_if_t<std::is_floating_point_v<T> && (sizeof(T) == 4 || sizeof(T) == 8)>> {
  using type = std::conditional_t<sizeof(T) == 4, float, double>;
};
template <class T>
struct simd_element<
    T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && (sizeof(T) == 4 || sizeof(T) == 8)>> {
  using sized_signed = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
  using sized_unsigned = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  using type = std::conditional_t<std::is_signed_v<T>, sized_signed, sized_unsigned>;
};
template <class T>
using simd_element_t = typename simd_element<std::remove_cv_t<T>>::type;

template <class T>
constexpr bool is_simd_type = !std::is_void_v<simd_element_t<T>>;

// Known operators that combine batches elementwise exactly like the scalar operator.
// logical_and/or are left to the scalar loop: their result is bool, not the lane type.
template <class T, op_kind K>
constexpr bool is_simd_op = is_simd_type<T> &&
                            (K == op_kind::plus || K == op_kind::multiplies || K == op_kind::minimum ||
                             K == op_kind::maximum ||
                             (std::is_integral_v<T> &&
                              (K == op_kind::bit_and || K == op_kind::bit_or || K == op_kind::bit_xor)));

template <class Op, class T>
constexpr bool use_simd = is_simd_op<T, sycl::detail::op_kind_v<Op, T>>;

// The instruction sets the batch kernels are compiled for; the library uses the
// best one this CPU runs. set_batch_level chooses a lower one (for tests: each
// compiled level gives the same results) and returns the previous level.
enum class batch_level { baseline, avx2, avx512 };
WEFT_API batch_level best_batch_level();
WEFT_API batch_level set_batch_level(batch_level level);

// The batch kernels (libweft). E is a simd_element_t; K an operator of is_simd_op.
// The combination of in[0..n), n >= 1.
template <class E, op_kind K>
WEFT_API E batch_reduce(const E* in, std::size_t n);
// out[i] = (*init op) in[0] op ... op in[i] (no *init when init is null), n >= 1.
template <class E, op_kind K>
WEFT_API void batch_inclusive_scan(const E* in, std::size_t n, E* out, const E* init);
// out[i] = in[i ^ mask]; false (nothing written) when some lane's partner is missing.
template <class E>
WEFT_API bool batch_permute_xor(const E* in, std::size_t n, std::size_t mask, E* out);

template <class T>
const simd_element_t<T>* as_elements(const T* p) {
  return reinterpret_cast<const simd_element_t<T>*>(p);
}
template <class T>
simd_element_t<T>* as_elements(T* p) {
  return reinterpret_cast<simd_element_t<T>*>(p);
}

}  // namespace detail
}  // namespace weft::cpu::lanes
