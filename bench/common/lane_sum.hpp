#pragma once
// The sum of an xsimd batch's lanes, for hand-written baselines (xsimd::hadd draws
// GCC 12 warnings from its AVX-512 intrinsics).
#include <xsimd/xsimd.hpp>

namespace weft_bench {

template <class B>
typename B::value_type lane_sum(const B& b) {
  alignas(64) typename B::value_type lanes[B::size];
  b.store_aligned(lanes);
  typename B::value_type s = 0;
  for (auto l : lanes) s += l;
  return s;
}

}  // namespace weft_bench
