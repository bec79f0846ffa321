#pragma once
// Lane operations that move values between lanes: select (shuffle by index),
// shift left/right and xor-permute. A lane whose source lies outside the n lanes
// keeps its own value (the specification leaves it unspecified).
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

// out[i] = in[i + delta]: a slide (plain loops the compiler vectorizes).
template <class T>
inline void shift_left(const T* in, std::size_t n, std::size_t delta, T* out) {
  const std::size_t moved = delta < n ? n - delta : 0;
  std::size_t i = 0;
  for (; i < moved; ++i) out[i] = in[i + delta];
  for (; i < n; ++i) out[i] = in[i];
}

// out[i] = in[i - delta].
template <class T>
inline void shift_right(const T* in, std::size_t n, std::size_t delta, T* out) {
  const std::size_t kept = delta < n ? delta : n;
  std::size_t i = 0;
  for (; i < kept; ++i) out[i] = in[i];
  for (; i < n; ++i) out[i] = in[i - delta];
}

// out[i] = in[i ^ mask]: an in-register swizzle within each batch (the batches
// themselves swap when mask reaches across them; libweft).
template <class T>
inline void permute_xor(const T* in, std::size_t n, std::size_t mask, T* out) {
  if constexpr (detail::is_simd_type<T>) {
    if (detail::batch_permute_xor(detail::as_elements(in), n, mask, detail::as_elements(out))) return;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = i ^ mask;
    out[i] = in[j < n ? j : i];
  }
}

}  // namespace weft::cpu::lanes
