#pragma once
// Lane operations, the common part: which lane types and operators run as xsimd
// batches, and the in-register building blocks (elementwise combine, butterfly
// reduction, in-batch scan). A lane buffer is a plain array of n values, one per
// lane (work item) in local linear order; lanes past n do not exist, so partial
// batches are padded with the operator's identity.
#include <cstddef>
#include <cstdint>
#include <sycl/known_identity.hpp>
#include <type_traits>
#include <xsimd/xsimd.hpp>

namespace weft::cpu::lanes {

using sycl::detail::op_kind;

namespace detail {

// The xsimd element type a lane type travels as (void: scalar loops). 4- and 8-byte
// arithmetic types only: xsimd swizzles exist for those on every x86 level.
template <class T, class = void>
struct simd_element {
  using type = void;
};
template <class T>
struct simd_element<T, std::enable_if_t<std::is_floating_point_v<T> && (sizeof(T) == 4 || sizeof(T) == 8)>> {
  using type = T;
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

template <class T>
using batch_t = xsimd::batch<simd_element_t<T>>;

template <class B>
using mask_batch_t = xsimd::batch<std::conditional_t<sizeof(typename B::value_type) == 4, std::uint32_t, std::uint64_t>,
                                  typename B::arch_type>;

template <op_kind K, class B>
inline B combine(const B& a, const B& b) {
  if constexpr (K == op_kind::plus) return a + b;
  else if constexpr (K == op_kind::multiplies) return a * b;
  else if constexpr (K == op_kind::bit_and) return a & b;
  else if constexpr (K == op_kind::bit_or) return a | b;
  else if constexpr (K == op_kind::bit_xor) return a ^ b;
  // Spec semantics, x < y ? x : y, so NaNs and ties behave as the scalar form.
  else if constexpr (K == op_kind::minimum) return xsimd::select(a < b, a, b);
  else return xsimd::select(a > b, a, b);
}

template <class T, op_kind K>
constexpr T identity() {
  return sycl::detail::identity_of<T, K>::value();
}

// Loads lanes [i, i + size) of a buffer of n, padding lanes past n with pad.
template <class B, class T>
inline B load_padded(const T* in, std::size_t i, std::size_t n, T pad) {
  using E = typename B::value_type;
  if (i + B::size <= n) return B::load_unaligned(reinterpret_cast<const E*>(in + i));
  alignas(64) E tmp[B::size];
  for (std::size_t j = 0; j < B::size; ++j) tmp[j] = static_cast<E>(i + j < n ? in[i + j] : pad);
  return B::load_aligned(tmp);
}

// Stores lanes [i, min(i + size, n)).
template <class B, class T>
inline void store_partial(T* out, std::size_t i, std::size_t n, const B& v) {
  using E = typename B::value_type;
  if (i + B::size <= n) {
    v.store_unaligned(reinterpret_cast<E*>(out + i));
    return;
  }
  alignas(64) E tmp[B::size];
  v.store_aligned(tmp);
  for (std::size_t j = 0; i + j < n; ++j) out[i + j] = static_cast<T>(tmp[j]);
}

template <std::size_t M>
struct xor_gen {
  static constexpr std::size_t get(std::size_t i, std::size_t) { return i ^ M; }
};
template <std::size_t S>
struct shift_up_gen {  // lane i takes lane i - S (lanes below S: anything, masked later)
  static constexpr std::size_t get(std::size_t i, std::size_t) { return i >= S ? i - S : i; }
};
template <std::size_t S>
struct lane_below_gen {
  static constexpr bool get(std::size_t i, std::size_t) { return i < S; }
};
template <std::size_t L>
struct splat_gen {
  static constexpr std::size_t get(std::size_t, std::size_t) { return L; }
};

// GCC 12's avx512fintrin.h reads an undefined register in the 64-bit permutes
// (GCC bug 105593); the warning surfaces where they are inlined, here.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

template <std::size_t M, class B>
inline B swizzle_xor(const B& x) {
  return xsimd::swizzle(x, xsimd::make_batch_constant<mask_batch_t<B>, xor_gen<M>>());
}

// Every lane of the result holds lane L of x.
template <std::size_t L, class B>
inline B splat_lane(const B& x) {
  return xsimd::swizzle(x, xsimd::make_batch_constant<mask_batch_t<B>, splat_gen<L>>());
}

// Butterfly: every lane ends up with the combination of all lanes.
template <op_kind K, std::size_t S = 1, class B>
inline B all_reduce(const B& x) {
  if constexpr (S >= B::size) {
    return x;
  } else {
    return all_reduce<K, S * 2>(combine<K>(x, swizzle_xor<S>(x)));
  }
}

// Hillis-Steele inclusive scan inside one batch; lanes shifted in from below lane 0
// are the identity.
template <op_kind K, std::size_t S = 1, class B>
inline B batch_inclusive_scan(const B& x, const B& id) {
  if constexpr (S >= B::size) {
    return x;
  } else {
    B up = xsimd::swizzle(x, xsimd::make_batch_constant<mask_batch_t<B>, shift_up_gen<S>>());
    up = xsimd::select(xsimd::make_batch_bool_constant<B, lane_below_gen<S>>(), id, up);
    return batch_inclusive_scan<K, S * 2>(combine<K>(up, x), id);
  }
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

template <class B>
inline typename B::value_type first_lane(const B& x) {
  alignas(64) typename B::value_type tmp[B::size];
  x.store_aligned(tmp);
  return tmp[0];
}

}  // namespace detail
}  // namespace weft::cpu::lanes
