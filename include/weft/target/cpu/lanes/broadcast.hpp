#pragma once
// Lane operation: broadcast. Every lane receives the value of lane src (a plain
// loop: the compiler stores whole vectors).
#include <cstddef>

namespace weft::cpu::lanes {

template <class T>
inline void broadcast(const T* in, std::size_t n, std::size_t src, T* out) {
  const T v = in[src < n ? src : 0];
  for (std::size_t i = 0; i < n; ++i) out[i] = v;
}

}  // namespace weft::cpu::lanes
