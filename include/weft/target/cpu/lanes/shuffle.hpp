#pragma once
// Lane operations that move values between lanes: select (shuffle by index),
// shift left/right and xor-permute. A lane whose source lies outside the n lanes
// keeps its own value (the specification leaves it unspecified).
#include <utility>
#include <weft/target/cpu/lanes/simd.hpp>

namespace weft::cpu::lanes {

// out[i] = in[idx[i]]: an indexed loop the compiler turns into gathers.
template <class T, class Index>
inline void select(const T* in, const Index* idx, std::size_t n, T* out) {
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = static_cast<std::size_t>(idx[i]);
    out[i] = in[j < n ? j : i];
  }
}

// out[i] = in[i + delta]: a slide, i.e. unaligned batch loads at an offset.
template <class T>
inline void shift_left(const T* in, std::size_t n, std::size_t delta, T* out) {
  const std::size_t moved = delta < n ? n - delta : 0;
  std::size_t i = 0;
  if constexpr (detail::is_simd_type<T>) {
    using B = detail::batch_t<T>;
    using E = typename B::value_type;
    for (; i + B::size <= moved; i += B::size)
      B::load_unaligned(reinterpret_cast<const E*>(in + i + delta)).store_unaligned(reinterpret_cast<E*>(out + i));
  }
  for (; i < moved; ++i) out[i] = in[i + delta];
  for (; i < n; ++i) out[i] = in[i];
}

// out[i] = in[i - delta].
template <class T>
inline void shift_right(const T* in, std::size_t n, std::size_t delta, T* out) {
  const std::size_t kept = delta < n ? delta : n;
  std::size_t i = 0;
  for (; i < kept; ++i) out[i] = in[i];
  if constexpr (detail::is_simd_type<T>) {
    using B = detail::batch_t<T>;
    using E = typename B::value_type;
    for (; i + B::size <= n; i += B::size)
      B::load_unaligned(reinterpret_cast<const E*>(in + i - delta)).store_unaligned(reinterpret_cast<E*>(out + i));
  }
  for (; i < n; ++i) out[i] = in[i - delta];
}

namespace detail {
template <class B, std::size_t... M>
inline B swizzle_xor_runtime(const B& x, std::size_t mask, std::index_sequence<M...>) {
  using fn = B (*)(const B&);
  static constexpr fn table[] = {&swizzle_xor<M, B>...};
  return table[mask](x);
}
}  // namespace detail

// out[i] = in[i ^ mask]: an in-register swizzle within each batch (the batches
// themselves swap when mask reaches across them).
template <class T>
inline void permute_xor(const T* in, std::size_t n, std::size_t mask, T* out) {
  if constexpr (detail::is_simd_type<T>) {
    using B = detail::batch_t<T>;
    using E = typename B::value_type;
    // Every lane's partner exists iff n is a multiple of the power of two above mask.
    std::size_t span = 1;
    while (span <= mask) span <<= 1;
    if (n % B::size == 0 && n % span == 0) {
      const std::size_t inner = mask % B::size, outer = mask - inner;
      for (std::size_t i = 0; i < n; i += B::size) {
        B x = B::load_unaligned(reinterpret_cast<const E*>(in + (i ^ outer)));
        detail::swizzle_xor_runtime(x, inner, std::make_index_sequence<B::size>())
            .store_unaligned(reinterpret_cast<E*>(out + i));
      }
      return;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = i ^ mask;
    out[i] = in[j < n ? j : i];
  }
}

}  // namespace weft::cpu::lanes
