#pragma once
// Deterministic test data in [-1, 3) without a pattern the compiler could fold
// (a linear congruential sequence), a bit-for-bit comparison of float results, and
// a comparison within the rounding bound of a sum of products.
#include <gtest/gtest.h>

#include <cmath>
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

// Fails the test at the first element l where got and want, two computations of a
// sum of `terms` rounded operations whose exact absolute values add up to
// magnitude[l], differ by more than both may lie from the exact sum: 2 gamma(terms)
// magnitude[l], gamma(n) = n u / (1 - n u), u = 2^-24 (float's unit roundoff; the
// classic bound of recursive summation, Higham, Accuracy and Stability, 3.1 and 4.2).
// Such results differ where one computation fuses a * b + c into one rounding
// (a GPU compiler's contraction) and the other rounds twice.
inline void expect_within_rounding(const std::vector<float>& got, const std::vector<float>& want,
                                   const std::vector<float>& magnitude, std::size_t terms, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  ASSERT_EQ(magnitude.size(), want.size()) << what;
  const double nu = double(terms) * std::ldexp(1.0, -24), gamma = nu / (1 - nu);
  for (std::size_t l = 0; l < got.size(); ++l) {
    const double bound = 2 * gamma * double(magnitude[l]);
    if (!(std::fabs(double(got[l]) - double(want[l])) <= bound)) {
      ADD_FAILURE() << what << ", element " << l << ": " << got[l] << " instead of " << want[l] << " (bound " << bound
                    << ")";
      return;
    }
  }
}

// A kernel's result of `terms` rounded operations per element whose exact absolute
// values add up to magnitude[l]: bit for bit where it ran on a CPU (Weft's CPU code,
// the plugin's included, reorders and contracts no arithmetic), within the rounding
// bound on a GPU (whose compiler contracts a * b + c).
inline void expect_kernel_result(bool on_cpu, const std::vector<float>& got, const std::vector<float>& want,
                                 const std::vector<float>& magnitude, std::size_t terms, const char* what) {
  if (on_cpu) expect_same_bits(got, want, what);
  else expect_within_rounding(got, want, magnitude, terms, what);
}

}  // namespace weft_test
