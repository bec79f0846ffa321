#pragma once
// The CPU target's fold of a contiguous range (weft::kernel::fold_range, used by the
// scoped group algorithms over private memory, which is one array on the CPU):
// known operators on arithmetic types combine xsimd batches with four independent
// accumulators; anything else is a left-to-right loop.
#include <cstddef>
#include <cstdint>
#include <sycl/scoped/functional.hpp>
#include <type_traits>
#include <xsimd/xsimd.hpp>

namespace weft::cpu::range_fold {

namespace sd = ::weft::sycl::detail::scoped;

template <class T>
inline constexpr bool simd_type_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, std::int8_t> ||
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int16_t> || std::is_same_v<T, std::uint16_t> ||
    std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::int64_t> ||
    std::is_same_v<T, std::uint64_t>;

template <sd::op_kind K, class B>
inline B simd_combine(const B& a, const B& b) {
  if constexpr (K == sd::op_kind::plus) return a + b;
  else if constexpr (K == sd::op_kind::multiplies) return a * b;
  else if constexpr (K == sd::op_kind::minimum)
    return xsimd::select(b < a, b, a);  // not xsimd::min: GCC 12 warns inside its AVX-512 intrinsic
  else if constexpr (K == sd::op_kind::maximum) return xsimd::select(a < b, b, a);
  else if constexpr (K == sd::op_kind::bit_and) return a & b;
  else if constexpr (K == sd::op_kind::bit_or) return a | b;
  else return a ^ b;
}

template <class Op, class T>
inline constexpr bool simd_reducible_v =
    simd_type_v<T> && (sd::kind_of<Op, T>() == sd::op_kind::plus || sd::kind_of<Op, T>() == sd::op_kind::multiplies ||
                       sd::kind_of<Op, T>() == sd::op_kind::minimum || sd::kind_of<Op, T>() == sd::op_kind::maximum ||
                       (std::is_integral_v<T> &&
                        (sd::kind_of<Op, T>() == sd::op_kind::bit_and || sd::kind_of<Op, T>() == sd::op_kind::bit_or ||
                         sd::kind_of<Op, T>() == sd::op_kind::bit_xor)));

// The batches the span algorithms use: at most 32 bytes. The values they read
// were usually just stored by a distribute_items() loop, 32 or 64 bytes at a
// time depending on the compiler's vector width (WEFT_SCOPED_VECTOR_WIDTH,
// scoped_launch.hpp). A 32-byte load is forwarded from the store buffer in
// both cases; a 64-byte load of data written by 32-byte stores cannot be
// forwarded and waits for both stores to reach the cache (about 8 ns per
// 128-int group).
#if XSIMD_WITH_AVX2
using span_arch = xsimd::avx2;
#else
using span_arch = xsimd::default_arch;
#endif

// op over the lanes of a, pairwise (log2(W) dependent steps).
template <sd::op_kind K, class T, class B, class Op>
inline T fold_lanes(const B& a, Op& op) {
  if constexpr (K == sd::op_kind::plus) {
    (void)op;
    return xsimd::hadd(a);
  } else {
    constexpr std::size_t W = B::size;
    alignas(64) T l[W];
    a.store_aligned(l);
    for (std::size_t w = W / 2; w > 0; w /= 2)
      for (std::size_t j = 0; j < w; ++j) l[j] = op(l[j], l[j + w]);
    return l[0];
  }
}

// op over p[0..n) starting from acc.
template <class T, class V, class Op>
inline V fold(const T* p, std::size_t n, V acc, Op& op) {
  std::size_t i = 0;
  if constexpr (simd_reducible_v<Op, T> && std::is_same_v<T, V>) {
    using B = xsimd::batch<T, span_arch>;
    constexpr sd::op_kind K = sd::kind_of<Op, T>();
    constexpr std::size_t W = B::size;
    if (n >= 2 * W) {
      B a = B::load_unaligned(p);
      i = W;
      if (n >= 4 * W) {
        // Four independent accumulators: floating-point adds have a latency of
        // several cycles, so one accumulator would wait on every step.
        B b = B::load_unaligned(p + W), c = B::load_unaligned(p + 2 * W), d = B::load_unaligned(p + 3 * W);
        for (i = 4 * W; i + 4 * W <= n; i += 4 * W) {
          a = simd_combine<K>(a, B::load_unaligned(p + i));
          b = simd_combine<K>(b, B::load_unaligned(p + i + W));
          c = simd_combine<K>(c, B::load_unaligned(p + i + 2 * W));
          d = simd_combine<K>(d, B::load_unaligned(p + i + 3 * W));
        }
        a = simd_combine<K>(simd_combine<K>(a, b), simd_combine<K>(c, d));
      }
      for (; i + W <= n; i += W) a = simd_combine<K>(a, B::load_unaligned(p + i));
      acc = op(acc, fold_lanes<K, T>(a, op));
    }
  }
  for (; i < n; ++i) acc = op(acc, p[i]);
  return acc;
}

}  // namespace weft::cpu::range_fold

namespace weft::kernel {
// op over p[0..n) starting from acc (weft/kernel/collectives.hpp).
template <class T, class V, class Op>
V fold_range(const T* p, std::size_t n, V acc, Op& op) {
  return weft::cpu::range_fold::fold(p, n, acc, op);
}
}  // namespace weft::kernel
