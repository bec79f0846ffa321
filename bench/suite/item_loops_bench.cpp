// Kernels whose work item loops or calls math builtins: what vectorizing across
// work items buys (docs/design.md, "Vectorizing across work items"). Each Weft
// kernel is the natural SYCL form; each baseline is the same computation written
// for a CPU by hand (xsimd, or a loop the compiler vectorizes), in this binary.
//  * sgemm_naive: C = A * B, one item per element of C, parallel_for(range<2>),
//    the size read at run time; baseline: the ikj loop nest over rows with xsimd
//    across a row of C. sgemm_naive_const: the same with a compile-time size.
//  * gemv_t: y = A^T x (the second half of atax), one item per y[j] looping over
//    rows; baseline: rows outermost, xsimd across a block of y.
//    gemv_t_guarded: the same as SYCL code often writes it, over a range rounded up
//    to a multiple of 64 items with `if (j < cols)` around the item's work (clang 22's
//    plugin versions the item loop on the guard); the same baseline.
//  * clamp_float4: sycl::fmin/sycl::fmax on float4; baseline: a compare-select
//    loop over the floats.
//  * median_float4: a 3x3 median filter on a float4 image (a 19-exchange min/max
//    network per channel); baseline: the same network with xsimd across a row.
// GCC 12 warns inside its own AVX-512 min/max intrinsics (_mm512_undefined_ps,
// GCC PR 105593); the state must be set before any header pulls in <immintrin.h>.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <type_traits>
#include <sycl/sycl.hpp>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "common/baseline.hpp"

namespace {

// --- sgemm_naive -------------------------------------------------------------------------

struct sgemm_data {
  sycl::queue q;
  std::size_t n;
  float* a = sycl::malloc_shared<float>(n * n, q);
  float* b = sycl::malloc_shared<float>(n * n, q);
  float* c = sycl::malloc_shared<float>(n * n, q);
  std::vector<float> ref;
  explicit sgemm_data(std::size_t size) : n(size) {
    for (std::size_t i = 0; i < n * n; ++i) {
      a[i] = float((i * 37) % 101) / 101.0f;
      b[i] = float((i * 53) % 97) / 97.0f;
    }
    ref.assign(n * n, 0.0f);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; k < n; ++k)
        for (std::size_t j = 0; j < n; ++j) ref[i * n + j] += a[i * n + k] * b[k * n + j];
  }
  ~sgemm_data() {
    for (float* p : {a, b, c}) sycl::free(p, q);
  }
};

sgemm_data& sgemm() {
  static sgemm_data d(weft_bench::size_for_mode<std::size_t>(512, 1024));
  return d;
}

// The same product at a size known when the kernel is compiled (sgemm_naive_const):
// the form g++ vectorizes by interchanging loops, and a trap for the plugin's
// outer-loop vectorizer, which must not make it slower.
constexpr std::size_t sgemm_const_n = 512;
sgemm_data& sgemm_const() {
  static sgemm_data d(sgemm_const_n);
  return d;
}

void sgemm_baseline(sgemm_data& m) {
  using batch = xsimd::batch<float>;
  const std::size_t n = m.n;
  const float *a = m.a, *b = m.b;
  float* c = m.c;
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(0, n), [=](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i) {
      float* ci = c + i * n;
      std::fill(ci, ci + n, 0.0f);
      for (std::size_t k = 0; k < n; ++k) {
        const batch aik(a[i * n + k]);
        const float* bk = b + k * n;
        std::size_t j = 0;
        for (; j + batch::size <= n; j += batch::size)
          xsimd::fma(aik, batch::load_unaligned(bk + j), batch::load_unaligned(ci + j)).store_unaligned(ci + j);
        for (; j < n; ++j) ci[j] += a[i * n + k] * bk[j];
      }
    }
  });
}

// One item per element of C; n is a run-time size, or a compile-time one given as a
// std::integral_constant (sgemm_naive_const).
template <class Size>
void sgemm_items(sgemm_data& m, Size n) {
  const float *a = m.a, *b = m.b;
  float* c = m.c;
  m.q.parallel_for(sycl::range<2>(n, n),
                   [=](sycl::item<2> it) {
                     const std::size_t i = it[0], j = it[1];
                     float s = 0.0f;
                     for (std::size_t k = 0; k < n; ++k) s += a[i * n + k] * b[k * n + j];
                     c[i * n + j] = s;
                   })
      .wait();
}

void sgemm_weft(sgemm_data& m) { sgemm_items(m, m.n); }

void sgemm_const_weft(sgemm_data& m) { sgemm_items(m, std::integral_constant<std::size_t, sgemm_const_n>()); }

template <void (*Run)(sgemm_data&), sgemm_data& (*Data)() = sgemm>
void sgemm_bench(benchmark::State& state) {
  auto& m = Data();
  std::fill(m.c, m.c + m.n * m.n, -1.0f);
  if (weft_bench::run_checked(
          state, [&] { Run(m); },
          [&] {
            std::string why;
            weft_bench::close_to(m.c, m.ref.data(), m.n * m.n, 1e-4, 1e-4, &why);
            return why;
          }))
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(2 * m.n * m.n * m.n));  // flops
}

// --- gemv_t ------------------------------------------------------------------------------

struct gemv_data {
  sycl::queue q;
  std::size_t rows = weft_bench::size_for_mode<std::size_t>(2048, 4096);
  std::size_t cols = weft_bench::size_for_mode<std::size_t>(2048, 4096);
  float* a = sycl::malloc_shared<float>(rows * cols, q);
  float* x = sycl::malloc_shared<float>(rows, q);
  float* y = sycl::malloc_shared<float>(cols, q);
  std::vector<double> ref;
  gemv_data() {
    for (std::size_t i = 0; i < rows * cols; ++i) a[i] = float((i * 29) % 89) / 89.0f;
    for (std::size_t i = 0; i < rows; ++i) x[i] = float(i % 13) / 13.0f;
    ref.assign(cols, 0.0);
    for (std::size_t i = 0; i < rows; ++i)
      for (std::size_t j = 0; j < cols; ++j) ref[j] += double(a[i * cols + j]) * x[i];
  }
  ~gemv_data() {
    for (float* p : {a, x, y}) sycl::free(p, q);
  }
};

gemv_data& gemv() {
  static gemv_data d;
  return d;
}

void gemv_baseline(gemv_data& m) {
  using batch = xsimd::batch<float>;
  const std::size_t rows = m.rows, cols = m.cols;
  const float *a = m.a, *x = m.x;
  float* y = m.y;
  weft_bench::baseline_for(
      tbb::blocked_range<std::size_t>(0, cols, 256), [=](const tbb::blocked_range<std::size_t>& r) {
        std::fill(y + r.begin(), y + r.end(), 0.0f);
        for (std::size_t i = 0; i < rows; ++i) {
          const batch xi(x[i]);
          const float* ai = a + i * cols;
          std::size_t j = r.begin();
          for (; j + batch::size <= r.end(); j += batch::size)
            xsimd::fma(batch::load_unaligned(ai + j), xi, batch::load_unaligned(y + j)).store_unaligned(y + j);
          for (; j < r.end(); ++j) y[j] += ai[j] * x[i];
        }
      });
}

void gemv_weft(gemv_data& m) {
  const std::size_t rows = m.rows, cols = m.cols;
  const float *a = m.a, *x = m.x;
  float* y = m.y;
  m.q.parallel_for(sycl::range<1>(cols),
                   [=](sycl::id<1> j) {
                     float s = 0.0f;
                     for (std::size_t i = 0; i < rows; ++i) s += a[i * cols + j] * x[i];
                     y[j] = s;
                   })
      .wait();
}

void gemv_guarded_weft(gemv_data& m) {
  const std::size_t rows = m.rows, cols = m.cols, padded = (cols + 64) / 64 * 64;
  const float *a = m.a, *x = m.x;
  float* y = m.y;
  m.q.parallel_for(sycl::range<1>(padded),
                   [=](sycl::id<1> idx) {
                     const std::size_t j = idx[0];
                     if (j < cols) {
                       float s = 0.0f;
                       for (std::size_t i = 0; i < rows; ++i) s += a[i * cols + j] * x[i];
                       y[j] = s;
                     }
                   })
      .wait();
}

template <void (*Run)(gemv_data&)>
void gemv_bench(benchmark::State& state) {
  auto& m = gemv();
  std::fill(m.y, m.y + m.cols, -1.0f);
  if (weft_bench::run_checked(
          state, [&] { Run(m); },
          [&] {
            std::string why;
            weft_bench::close_to(m.y, m.ref.data(), m.cols, 1e-4, 1e-3, &why);
            return why;
          }))
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(m.rows * m.cols * sizeof(float)));
}

// --- clamp_float4 and median_float4 ------------------------------------------------------

struct image_data {
  sycl::queue q;
  std::size_t w = weft_bench::size_for_mode<std::size_t>(1024, 2048), h = w;
  sycl::float4* in = sycl::malloc_shared<sycl::float4>(w * h, q);
  sycl::float4* out = sycl::malloc_shared<sycl::float4>(w * h, q);
  std::vector<float> ref;
  image_data() {
    std::uint32_t s = 7;
    float* f = reinterpret_cast<float*>(in);
    for (std::size_t i = 0; i < 4 * w * h; ++i) {
      s = s * 1664525u + 1013904223u;
      f[i] = float(s >> 8) / float(1 << 24) * 2.0f - 0.5f;
    }
  }
  ~image_data() {
    sycl::free(in, q);
    sycl::free(out, q);
  }
  const float* in_floats() const { return reinterpret_cast<const float*>(in); }
  float* out_floats() const { return reinterpret_cast<float*>(out); }
};

image_data& image() {
  static image_data d;
  return d;
}

inline float min_select(float a, float b) { return b < a ? b : a; }
inline float max_select(float a, float b) { return a < b ? b : a; }

void clamp_baseline(image_data& m) {
  const std::size_t n = 4 * m.w * m.h;
  const float* in = m.in_floats();
  float* out = m.out_floats();
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(0, n, 16384), [=](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i) out[i] = min_select(max_select(in[i], 0.0f), 1.0f);
  });
}

void clamp_weft(image_data& m) {
  const sycl::float4* in = m.in;
  sycl::float4* out = m.out;
  m.q.parallel_for(
         sycl::range<1>(m.w * m.h),
         [=](sycl::id<1> i) { out[i] = sycl::fmin(sycl::fmax(in[i], sycl::float4(0.0f)), sycl::float4(1.0f)); })
      .wait();
}

// Median of nine by the classic 19-exchange network (Paeth / Devillard).
template <class T, class Min, class Max>
T median9(T p[9], Min mn, Max mx) {
  auto sort2 = [&](int a, int b) {
    T lo = mn(p[a], p[b]), hi = mx(p[a], p[b]);
    p[a] = lo;
    p[b] = hi;
  };
  sort2(1, 2), sort2(4, 5), sort2(7, 8), sort2(0, 1), sort2(3, 4), sort2(6, 7), sort2(1, 2), sort2(4, 5), sort2(7, 8);
  sort2(0, 3), sort2(5, 8), sort2(4, 7), sort2(3, 6), sort2(1, 4), sort2(2, 5), sort2(4, 7), sort2(4, 2), sort2(6, 4);
  sort2(4, 2);
  return p[4];
}

void median_baseline(image_data& m) {
  using batch = xsimd::batch<float>;
  const std::size_t w = m.w, h = m.h, row = 4 * w;
  const float* in = m.in_floats();
  float* out = m.out_floats();
  auto mn = [](auto a, auto b) { return xsimd::min(a, b); };
  auto mx = [](auto a, auto b) { return xsimd::max(a, b); };
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(1, h - 1), [=](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t y = r.begin(); y != r.end(); ++y) {
      std::size_t xc = 4;  // x * 4 + channel, over the inner pixels
      for (; xc + batch::size <= row - 4; xc += batch::size) {
        batch p[9];
        for (int dy = 0; dy < 3; ++dy)
          for (int dx = 0; dx < 3; ++dx)
            p[dy * 3 + dx] = batch::load_unaligned(in + (y + dy - 1) * row + xc + 4 * dx - 4);
        median9(p, mn, mx).store_unaligned(out + y * row + xc);
      }
      for (; xc < row - 4; ++xc) {
        float p[9];
        for (int dy = 0; dy < 3; ++dy)
          for (int dx = 0; dx < 3; ++dx) p[dy * 3 + dx] = in[(y + dy - 1) * row + xc + 4 * dx - 4];
        out[y * row + xc] = median9(p, min_select, max_select);
      }
    }
  });
}

void median_weft(image_data& m) {
  const std::size_t w = m.w;
  const sycl::float4* in = m.in;
  sycl::float4* out = m.out;
  m.q.parallel_for(sycl::range<2>(m.h - 2, w - 2),
                   [=](sycl::id<2> id) {
                     const std::size_t y = id[0] + 1, x = id[1] + 1;
                     sycl::float4 p[9];
                     for (int dy = 0; dy < 3; ++dy)
                       for (int dx = 0; dx < 3; ++dx) p[dy * 3 + dx] = in[(y + dy - 1) * w + x + dx - 1];
                     out[y * w + x] = median9(
                         p, [](sycl::float4 a, sycl::float4 b) { return sycl::fmin(a, b); },
                         [](sycl::float4 a, sycl::float4 b) { return sycl::fmax(a, b); });
                   })
      .wait();
}

// Both forms write the same pixels (the border is left as it was).
std::string image_check(image_data& m, void (*baseline)(image_data&)) {
  const std::size_t n = 4 * m.w * m.h;
  std::vector<float> got(m.out_floats(), m.out_floats() + n);
  std::fill(m.out_floats(), m.out_floats() + n, -1.0f);
  baseline(m);
  std::string why;
  weft_bench::equal_to(got.data(), m.out_floats(), n, &why);
  return why;
}

template <void (*Run)(image_data&), void (*Baseline)(image_data&)>
void image_bench(benchmark::State& state) {
  auto& m = image();
  std::fill(m.out_floats(), m.out_floats() + 4 * m.w * m.h, -1.0f);
  if (weft_bench::run_checked(
          state, [&] { Run(m); }, [&] { return image_check(m, Baseline); }))
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(m.w * m.h));  // pixels
}

}  // namespace

BENCHMARK_TEMPLATE(sgemm_bench, sgemm_baseline)
    ->Name("sgemm_naive/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(sgemm_bench, sgemm_weft)->Name("sgemm_naive/weft")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(sgemm_bench, sgemm_baseline, sgemm_const)
    ->Name("sgemm_naive_const/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(sgemm_bench, sgemm_const_weft, sgemm_const)
    ->Name("sgemm_naive_const/weft")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(gemv_bench, gemv_baseline)->Name("gemv_t/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(gemv_bench, gemv_weft)->Name("gemv_t/weft")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(gemv_bench, gemv_baseline)
    ->Name("gemv_t_guarded/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(gemv_bench, gemv_guarded_weft)
    ->Name("gemv_t_guarded/weft")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(image_bench, clamp_baseline, clamp_baseline)
    ->Name("clamp_float4/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(image_bench, clamp_weft, clamp_baseline)
    ->Name("clamp_float4/weft")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(image_bench, median_baseline, median_baseline)
    ->Name("median_float4/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(image_bench, median_weft, median_baseline)
    ->Name("median_float4/weft")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

WEFT_BENCH_MAIN()
