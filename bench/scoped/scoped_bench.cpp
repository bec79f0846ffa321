// Scoped parallelism (cgh.parallel) against hand-written oneTBB + xsimd doing
// the same work, in one binary; every result is checked once before timing.
//   triad      a = b + s*c over 2^25 floats, groups of 256 logical items
//   wg_reduce  per-work-group sums of 2^24 ints in groups of 128, as the
//              specification's example does: seed-style (local-memory tree with
//              distribute_items_and_wait) and with reduce_over_group
//   dgemm      C = A*B, 512 x 512 doubles, 32 x 32 work groups with local tiles
#include "common/baseline.hpp"
#include <benchmark/benchmark.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cmath>
#include <sycl/sycl.hpp>
#include <vector>
#include <xsimd/xsimd.hpp>

namespace {

// ---- triad ------------------------------------------------------------------

constexpr std::size_t triad_n = std::size_t(1) << 25;
constexpr float scalar = 3.0f;

struct triad_data {
  sycl::queue q;
  float* a = sycl::malloc_shared<float>(triad_n, q);
  float* b = sycl::malloc_shared<float>(triad_n, q);
  float* c = sycl::malloc_shared<float>(triad_n, q);
  triad_data() {
    tbb::parallel_for(std::size_t(0), triad_n, [&](std::size_t i) {
      a[i] = 0;
      b[i] = float(i % 1000);
      c[i] = float(i % 7);
    });
  }
  ~triad_data() {
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(c, q);
  }
  bool correct() const {
    for (std::size_t i = 0; i < triad_n; ++i)
      if (a[i] != b[i] + scalar * c[i]) return false;
    return true;
  }
};

triad_data& tdata() {
  static triad_data d;
  return d;
}

void triad_baseline(triad_data& d) {
  float *a = d.a, *b = d.b, *c = d.c;
  using B = xsimd::batch<float>;
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(0, triad_n / B::size, 4096 / B::size),
                           [=](const tbb::blocked_range<std::size_t>& r) {
                             const B s(scalar);
                             for (std::size_t v = r.begin(); v != r.end(); ++v) {
                               const std::size_t i = v * B::size;
                               (B::load_unaligned(b + i) + s * B::load_unaligned(c + i)).store_unaligned(a + i);
                             }
                           });
}

void triad_scoped(triad_data& d) {
  float *a = d.a, *b = d.b, *c = d.c;
  constexpr std::size_t G = 256;
  d.q.parallel(sycl::range<1>(triad_n / G), sycl::range<1>(G),
               [=](auto g) {
                 sycl::distribute_items(g, [&](sycl::s_item<1> it) {
                   const std::size_t i = it.get_global_id(0);
                   a[i] = b[i] + scalar * c[i];
                 });
               })
      .wait();
}

template <void (*Run)(triad_data&)>
void triad(benchmark::State& state) {
  auto& d = tdata();
  std::fill(d.a, d.a + triad_n, 0.f);
  Run(d);
  if (!d.correct()) {
    state.SkipWithError("wrong result");
    return;
  }
  for (auto _ : state) Run(d);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(3 * triad_n * sizeof(float)));
}

// ---- work-group reduction ---------------------------------------------------------

constexpr std::size_t red_n = std::size_t(1) << 24;
constexpr std::size_t red_group = 128;

struct red_data {
  sycl::queue q;
  int* in = sycl::malloc_shared<int>(red_n, q);
  int* out = sycl::malloc_shared<int>(red_n / red_group, q);
  red_data() {
    tbb::parallel_for(std::size_t(0), red_n, [&](std::size_t i) { in[i] = int(i % 1013) - 500; });
  }
  ~red_data() {
    sycl::free(in, q);
    sycl::free(out, q);
  }
  bool correct() const {
    for (std::size_t g = 0; g < red_n / red_group; ++g) {
      int s = 0;
      for (std::size_t i = g * red_group; i < (g + 1) * red_group; ++i) s += in[i];
      if (out[g] != s) return false;
    }
    return true;
  }
};

red_data& rdata() {
  static red_data d;
  return d;
}

void red_baseline(red_data& d) {
  const int* in = d.in;
  int* out = d.out;
  using B = xsimd::batch<int>;
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(0, red_n / red_group, 32),
                           [=](const tbb::blocked_range<std::size_t>& r) {
                             for (std::size_t g = r.begin(); g != r.end(); ++g) {
                               const int* p = in + g * red_group;
                               B acc = B::load_unaligned(p);
                               for (std::size_t i = B::size; i < red_group; i += B::size)
                                 acc += B::load_unaligned(p + i);
                               alignas(64) int lanes[B::size];
                               acc.store_aligned(lanes);
                               int sum = 0;
                               for (int l : lanes) sum += l;
                               out[g] = sum;
                             }
                           });
}

// The specification's example kernel, writing each group's sum to out.
void red_scoped_seed(red_data& d) {
  const int* in = d.in;
  int* out = d.out;
  constexpr std::size_t Group_size = red_group;
  d.q.parallel(sycl::range<1>(red_n / Group_size), sycl::range<1>(Group_size),
               [=](auto grp) {
                 sycl::memory_environment(grp, sycl::require_local_mem<int[Group_size]>(), [&](auto& scratch) {
                   sycl::distribute_items(
                       grp, [&](sycl::s_item<1> idx) { scratch[idx.get_local_id(grp, 0)] = in[idx.get_global_id(0)]; });
                   sycl::group_barrier(grp);
                   for (int i = Group_size / 2; i > 0; i /= 2) {
                     sycl::distribute_items_and_wait(grp, [&](sycl::s_item<1> idx) {
                       size_t lid = idx.get_innermost_local_id(0);
                       if (lid < size_t(i)) scratch[lid] += scratch[lid + i];
                     });
                   }
                   sycl::single_item(grp, [&]() { out[grp.get_group_id(0)] = scratch[0]; });
                 });
               })
      .wait();
}

// The same with Weft's reduce_over_group over private memory (xsimd over the array).
void red_scoped_over_group(red_data& d) {
  const int* in = d.in;
  int* out = d.out;
  d.q.parallel(sycl::range<1>(red_n / red_group), sycl::range<1>(red_group),
               [=](auto grp) {
                 sycl::private_memory_environment<int>(grp, [&](auto& x) {
                   sycl::distribute_items(grp, [&](sycl::s_item<1> idx) { x(idx) = in[idx.get_global_id(0)]; });
                   const int sum = sycl::reduce_over_group(grp, x, sycl::plus<int>());
                   sycl::single_item(grp, [&]() { out[grp.get_group_id(0)] = sum; });
                 });
               })
      .wait();
}

template <void (*Run)(red_data&)>
void wg_reduce(benchmark::State& state) {
  auto& d = rdata();
  std::fill(d.out, d.out + red_n / red_group, 0);
  Run(d);
  if (!d.correct()) {
    state.SkipWithError("wrong result");
    return;
  }
  for (auto _ : state) Run(d);
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(red_n * sizeof(int)));
}

// ---- tiled dgemm ----------------------------------------------------------------

constexpr std::size_t N = 512;
constexpr std::size_t T = 32;  // work-group tile

struct gemm_data {
  sycl::queue q;
  double* a = sycl::malloc_shared<double>(N * N, q);
  double* b = sycl::malloc_shared<double>(N * N, q);
  double* c = sycl::malloc_shared<double>(N * N, q);
  std::vector<double> ref;
  gemm_data() : ref(N * N, 0.0) {
    for (std::size_t i = 0; i < N * N; ++i) {
      a[i] = double(i % 17) * 0.25;
      b[i] = double(i % 13) * 0.5 - 1.0;
    }
    for (std::size_t i = 0; i < N; ++i)
      for (std::size_t k = 0; k < N; ++k)
        for (std::size_t j = 0; j < N; ++j) ref[i * N + j] += a[i * N + k] * b[k * N + j];
  }
  ~gemm_data() {
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(c, q);
  }
  bool correct() const {
    for (std::size_t i = 0; i < N * N; ++i)
      if (std::abs(c[i] - ref[i]) > 1e-9 * (1 + std::abs(ref[i]))) return false;
    return true;
  }
};

gemm_data& gdata() {
  static gemm_data d;
  return d;
}

// Same blocking as the scoped kernel: T x T tiles of C, k in T-wide panels,
// the inner update a row of the tile at a time with xsimd.
void gemm_baseline(gemm_data& d) {
  const double *a = d.a, *b = d.b;
  double* c = d.c;
  using B = xsimd::batch<double>;
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(0, (N / T) * (N / T), 1),
                           [=](const tbb::blocked_range<std::size_t>& r) {
                             alignas(64) double acc[T * T];
                             for (std::size_t t = r.begin(); t != r.end(); ++t) {
                               const std::size_t i0 = (t / (N / T)) * T, j0 = (t % (N / T)) * T;
                               std::fill(acc, acc + T * T, 0.0);
                               for (std::size_t k = 0; k < N; ++k)
                                 for (std::size_t i = 0; i < T; ++i) {
                                   const B aik(a[(i0 + i) * N + k]);
                                   for (std::size_t j = 0; j < T; j += B::size)
                                     (B::load_aligned(acc + i * T + j) + aik * B::load_unaligned(b + k * N + j0 + j))
                                         .store_aligned(acc + i * T + j);
                                 }
                               for (std::size_t i = 0; i < T; ++i)
                                 for (std::size_t j = 0; j < T; ++j) c[(i0 + i) * N + j0 + j] = acc[i * T + j];
                             }
                           });
}

void gemm_scoped(gemm_data& d) {
  const double *a = d.a, *b = d.b;
  double* c = d.c;
  d.q.parallel(sycl::range<2>(N / T, N / T), sycl::range<2>(T, T),
               [=](auto g) {
                 sycl::memory_environment(
                     g, sycl::require_local_mem<double[T][T]>(), sycl::require_local_mem<double[T][T]>(),
                     sycl::require_private_mem<double>(0.0), [&](auto& as, auto& bs, auto& acc) {
                       for (std::size_t k0 = 0; k0 < N; k0 += T) {
                         sycl::distribute_items_and_wait(g, [&](sycl::s_item<2> it) {
                           const std::size_t li = it.get_local_id(g, 0), lj = it.get_local_id(g, 1);
                           const std::size_t gi = it.get_global_id(0), gj = it.get_global_id(1);
                           as[li][lj] = a[gi * N + k0 + lj];
                           bs[li][lj] = b[(k0 + li) * N + gj];
                         });
                         for (std::size_t k = 0; k < T; ++k)
                           sycl::distribute_items(g, [&](sycl::s_item<2> it) {
                             const std::size_t li = it.get_local_id(g, 0), lj = it.get_local_id(g, 1);
                             acc(it) += as[li][k] * bs[k][lj];
                           });
                         sycl::group_barrier(g);
                       }
                       sycl::distribute_items(
                           g, [&](sycl::s_item<2> it) { c[it.get_global_id(0) * N + it.get_global_id(1)] = acc(it); });
                     });
               })
      .wait();
}

template <void (*Run)(gemm_data&)>
void dgemm(benchmark::State& state) {
  auto& d = gdata();
  std::fill(d.c, d.c + N * N, 0.0);
  Run(d);
  if (!d.correct()) {
    state.SkipWithError("wrong result");
    return;
  }
  for (auto _ : state) Run(d);
  state.counters["GFLOPS"] =
      benchmark::Counter(2.0 * N * N * N * double(state.iterations()) * 1e-9, benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK_TEMPLATE(triad, triad_baseline)->Name("scoped_triad/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(triad, triad_scoped)->Name("scoped_triad/weft")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(wg_reduce, red_baseline)
    ->Name("scoped_wg_reduce/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(wg_reduce, red_scoped_seed)
    ->Name("scoped_wg_reduce/weft_seed")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(wg_reduce, red_scoped_over_group)
    ->Name("scoped_wg_reduce/weft_reduce_over_group")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(dgemm, gemm_baseline)
    ->Name("scoped_dgemm512/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(dgemm, gemm_scoped)->Name("scoped_dgemm512/weft")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
