// Naive dgemm C = A * B (N x N doubles): one work item per element of C, a dot
// product over k. Weft runs it as parallel_for(range<2>); the baseline is the
// same loop nest by hand with oneTBB over rows and xsimd across a row of C
// (the k loop outermost inside a row, so B is read along rows).
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <sycl/sycl.hpp>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "common/baseline.hpp"

namespace {

std::size_t order() {
  static const std::size_t n = weft_bench::size_for_mode<std::size_t>(256, 512);
  return n;
}

struct matrices {
  sycl::queue q;
  std::size_t n = order();
  double* a = sycl::malloc_shared<double>(n * n, q);
  double* b = sycl::malloc_shared<double>(n * n, q);
  double* c = sycl::malloc_shared<double>(n * n, q);
  std::vector<double> ref;
  matrices() {
    for (std::size_t i = 0; i < n * n; ++i) {
      a[i] = double((i * 37) % 101) / 101.0;
      b[i] = double((i * 53) % 97) / 97.0;
    }
    ref.assign(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; k < n; ++k)
        for (std::size_t j = 0; j < n; ++j) ref[i * n + j] += a[i * n + k] * b[k * n + j];
  }
  ~matrices() {
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(c, q);
  }
  std::string check() const {
    std::string why;
    weft_bench::close_to(c, ref.data(), n * n, 1e-9, 1e-9, &why);
    return why;
  }
};

matrices& data() {
  static matrices m;
  return m;
}

void dgemm_baseline(matrices& m) {
  using batch = xsimd::batch<double>;
  const std::size_t n = m.n;
  const double *a = m.a, *b = m.b;
  double* c = m.c;
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(0, n), [=](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i) {
      double* ci = c + i * n;
      std::fill(ci, ci + n, 0.0);
      for (std::size_t k = 0; k < n; ++k) {
        const batch aik(a[i * n + k]);
        const double* bk = b + k * n;
        std::size_t j = 0;
        for (; j + batch::size <= n; j += batch::size)
          xsimd::fma(aik, batch::load_unaligned(bk + j), batch::load_unaligned(ci + j)).store_unaligned(ci + j);
        for (; j < n; ++j) ci[j] += a[i * n + k] * bk[j];
      }
    }
  });
}

void dgemm_weft(matrices& m) {
  const std::size_t n = m.n;
  const double *a = m.a, *b = m.b;
  double* c = m.c;
  m.q.parallel_for(sycl::range<2>(n, n),
                   [=](sycl::item<2> it) {
                     const std::size_t i = it[0], j = it[1];
                     double s = 0.0;
                     for (std::size_t k = 0; k < n; ++k) s += a[i * n + k] * b[k * n + j];
                     c[i * n + j] = s;
                   })
      .wait();
}

template <void (*Run)(matrices&)>
void dgemm(benchmark::State& state) {
  auto& m = data();
  std::fill(m.c, m.c + m.n * m.n, -1.0);
  if (weft_bench::run_checked(
          state, [&] { Run(m); }, [&] { return m.check(); }))
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(2 * m.n * m.n * m.n));  // flops
}

}  // namespace

BENCHMARK_TEMPLATE(dgemm, dgemm_baseline)->Name("dgemm_naive/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(dgemm, dgemm_weft)->Name("dgemm_naive/weft")->Unit(benchmark::kMillisecond)->UseRealTime();

WEFT_BENCH_MAIN()
