// Triad a = b + s*c over 2^25 floats: Weft's parallel_for(range) against the
// same loop written by hand with oneTBB, in the same process.
#include <benchmark/benchmark.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cmath>
#include <sycl/sycl.hpp>
#include <vector>

namespace {

constexpr std::size_t n = std::size_t(1) << 25;
constexpr float scalar = 3.0f;

struct arrays {
  sycl::queue q;
  float* a = sycl::malloc_shared<float>(n, q);
  float* b = sycl::malloc_shared<float>(n, q);
  float* c = sycl::malloc_shared<float>(n, q);
  arrays() {
    tbb::parallel_for(std::size_t(0), n, [&](std::size_t i) {
      a[i] = 0;
      b[i] = float(i % 1000);
      c[i] = float(i % 7);
    });
  }
  ~arrays() {
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(c, q);
  }
  bool correct() const {
    for (std::size_t i = 0; i < n; i += 4099)
      if (a[i] != b[i] + scalar * c[i]) return false;
    return true;
  }
};

arrays& data() {
  static arrays d;
  return d;
}

void baseline(arrays& d) {
  float *a = d.a, *b = d.b, *c = d.c;
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 4096), [=](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i) a[i] = b[i] + scalar * c[i];
  });
}

void weft_triad(arrays& d) {
  float *a = d.a, *b = d.b, *c = d.c;
  d.q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = b[i] + scalar * c[i]; }).wait();
}

template <void (*Run)(arrays&)>
void triad(benchmark::State& state) {
  auto& d = data();
  std::fill(d.a, d.a + n, 0.f);
  Run(d);
  if (!d.correct()) {
    state.SkipWithError("wrong result");
    return;
  }
  for (auto _ : state) Run(d);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(3 * n * sizeof(float)));
}

}  // namespace

BENCHMARK_TEMPLATE(triad, baseline)->Name("triad/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(triad, weft_triad)->Name("triad/weft")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
