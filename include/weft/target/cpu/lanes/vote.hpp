#pragma once
// Lane operations: any / all / none over a buffer of bool lanes (one byte each,
// 0 or 1), eight lanes per 64-bit word.
#include <cstdint>
#include <cstring>
#include <weft/target/cpu/lanes/simd.hpp>

namespace weft::cpu::lanes {

namespace detail {
// Number of true lanes.
inline std::size_t count_true(const bool* in, std::size_t n) {
  std::size_t i = 0, count = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, in + i, 8);
    count += static_cast<std::size_t>(__builtin_popcountll(w & 0x0101010101010101ull));
  }
  for (; i < n; ++i) count += in[i] ? 1 : 0;
  return count;
}
}  // namespace detail

inline bool any(const bool* in, std::size_t n) { return detail::count_true(in, n) != 0; }
inline bool all(const bool* in, std::size_t n) { return detail::count_true(in, n) == n; }
inline bool none(const bool* in, std::size_t n) { return detail::count_true(in, n) == 0; }

}  // namespace weft::cpu::lanes
