// SYCL-Bench polybench correlation's CorrelationCorr kernel (covariance's is the same with j2 from j1),
// reduced to plain C++: its items one by one (one item per j1, as a scalar item loop runs them), against the
// same items widened across 8 items by hand: each item's j2 loop split at a bound the same for the
// 8 items (its first j2 values, up to the 8th item, one by one; the rest with the 8 items in lanes).
// Every item's sums keep their order, so both write the same bits where the compiler fuses the
// multiply-adds of both loops alike (clang++-22 -O3 -march=native triangle.cpp; g++ 12 only with
// -ffp-contract=off: by default it fuses them in one loop and not in the other).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
constexpr size_t W = 8;
__attribute__((noinline)) void item(float* sm, const float* d, size_t M, size_t N, size_t j1, size_t j2_end) {
  const size_t w = M + 1;
  for (size_t j2 = j1 + 1; j2 < j2_end; j2++) {
    sm[j1 * w + j2] = 0.0f;
    for (size_t i = 1; i <= N; i++) sm[j1 * w + j2] += d[i * w + j1] * d[i * w + j2];
    sm[j2 * w + j1] = sm[j1 * w + j2];
  }
}
__attribute__((noinline)) void items8(float* sm, const float* d, size_t M, size_t N, size_t base) {
  const size_t w = M + 1;
  for (size_t k = 0; k < W; k++) {
    sm[(base + k) * w + base + k] = 1.0f;
    item(sm, d, M, N, base + k, base + W);  // the triangle's tip, one by one
  }
  for (size_t j2 = base + W; j2 <= M; j2++) {
    float acc[W] = {};
    for (size_t i = 1; i <= N; i++)
      for (size_t k = 0; k < W; k++) acc[k] += d[i * w + base + k] * d[i * w + j2];
    for (size_t k = 0; k < W; k++) sm[(base + k) * w + j2] = sm[j2 * w + base + k] = acc[k];
  }
}
int main(int argc, char** argv) {
  const size_t n = argc > 1 ? atoi(argv[1]) : 512;
  std::vector<float> d((n + 1) * (n + 1)), a((n + 1) * (n + 1)), b((n + 1) * (n + 1));
  for (size_t i = 0; i <= n; i++)
    for (size_t j = 0; j <= n; j++) d[i * (n + 1) + j] = float(i * j % 97) / 97;
  double ta = 1e9, tb = 1e9;
  for (int r = 0; r < 3; r++) {
    auto t0 = std::chrono::steady_clock::now();
    for (size_t j1 = 1; j1 <= n; j1++) {
      a[j1 * (n + 1) + j1] = 1.0f;
      item(a.data(), d.data(), n, n, j1, n + 1);
    }
    auto t1 = std::chrono::steady_clock::now();
    size_t j1 = 1;
    for (; j1 + W <= n + 1; j1 += W) items8(b.data(), d.data(), n, n, j1);
    for (; j1 <= n; j1++) {
      b[j1 * (n + 1) + j1] = 1.0f;
      item(b.data(), d.data(), n, n, j1, n + 1);
    }
    auto t2 = std::chrono::steady_clock::now();
    ta = std::min(ta, std::chrono::duration<double>(t1 - t0).count() * 1e3);
    tb = std::min(tb, std::chrono::duration<double>(t2 - t1).count() * 1e3);
  }
  printf("one by one %.1f ms, 8 items in lanes %.1f ms (%.2fx), same bits: %s\n", ta, tb, ta / tb,
         memcmp(a.data(), b.data(), a.size() * 4) ? "no" : "yes");
}
