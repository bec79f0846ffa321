#pragma once
// Deterministic test data in [-1, 3) without a pattern the compiler could fold
// (a linear congruential sequence), and a bit-for-bit comparison of float results.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace weft_test {

inline std::vector<float> random_floats(std::size_t n, std::uint32_t seed) {
  std::vector<float> v(n);
  for (auto& x : v) {
    seed = seed * 1664525u + 1013904223u;
    x = float(seed >> 8) / float(1 << 24) * 4.0f - 1.0f;
  }
  return v;
}

// Fails the test at the first element whose bits differ; `what` names the result.
inline void expect_same_bits(const std::vector<float>& got, const std::vector<float>& want, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t l = 0; l < got.size(); ++l)
    if (std::memcmp(&got[l], &want[l], sizeof(float)) != 0) {
      ADD_FAILURE() << what << ", element " << l << ": " << got[l] << " instead of " << want[l];
      return;
    }
}

}  // namespace weft_test
