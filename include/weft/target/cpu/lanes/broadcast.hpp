#pragma once
// Lane operation: broadcast. Every lane receives the value of lane src.
#include <weft/target/cpu/lanes/simd.hpp>

namespace weft::cpu::lanes {

template <class T>
inline void broadcast(const T* in, std::size_t n, std::size_t src, T* out) {
  const T v = in[src < n ? src : 0];
  if constexpr (detail::is_simd_type<T>) {
    using B = detail::batch_t<T>;
    const B b(static_cast<typename B::value_type>(v));
    for (std::size_t i = 0; i < n; i += B::size) detail::store_partial(out, i, n, b);
  } else {
    for (std::size_t i = 0; i < n; ++i) out[i] = v;
  }
}

}  // namespace weft::cpu::lanes
