// Sub-group benchmarks, named <kernel>/<impl>[/args] like the rest of the suite
// (results are checked once before timing):
//   sg_matmul/{weft,baseline}/N: the seed's sub-group tiled matmul vs a naive triple
//                 loop (TBB over rows); ratio = baseline / weft. weft_sg8 / weft_sg32:
//                 the same kernel with tiles of 8 and 32 and that sub-group size (the
//                 sub_group_size property), as code ported from CUDA assumes 32 lanes
//   sg_collective/weft/<kind>: cost of one sub-group collective per lane (counter
//                 ns_per_lane), nd_range of 16-item groups; sg_collective/loop_only is
//                 the same Weft kernel without the collective. Not a ratio: table.py
//                 prints these in a cost table.
//   sg_reduction/{weft,baseline}: sycl::reduction sum of 2^26 floats vs
//                 tbb::parallel_reduce + xsimd
//   context_switch/raw: the raw Boost.Context switch (common/switch_cost.hpp);
//                 sg_matmul/weft and sg_collective/weft also report their cost per
//                 lane-collective per worker (worker_ns: wall x workers; cpu_ns:
//                 process CPU time) and its ratio to that switch (x_raw_switch),
//                 which docs/barriers.md tracks
#include "common/baseline.hpp"
#include "common/fibers.hpp"
#include "common/switch_cost.hpp"
#include <benchmark/benchmark.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sycl/sycl.hpp>
#include <vector>
#include <xsimd/xsimd.hpp>

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "benchmark result check failed: %s\n", what);
  std::abort();
}

struct matrices {
  std::size_t n;
  std::vector<double> a, b, c;
  explicit matrices(std::size_t size) : n(size), a(size * size), b(size * size), c(size * size) {
    std::mt19937 mt(1);
    std::uniform_real_distribution<double> dist(0.0, 1.0);
    for (auto& v : a) v = dist(mt);
    for (auto& v : b) v = dist(mt);
  }
};

// The seed's kernel (Tile = 16, the default sub-group size); other tiles run with a
// sub-group of Tile lanes.
template <std::uint32_t Tile = 16>
void seed_matmul(sycl::queue& Q, matrices& mx) {
  using namespace sycl;
  namespace syclex = sycl::ext::oneapi::experimental;
  const size_t M = mx.n, N = mx.n, K = mx.n;
  buffer<double, 2> bufA(mx.a.data(), range{M, K}), bufB(mx.b.data(), range{K, N});
  buffer<double, 2> bufC(mx.c.data(), range{M, N});
  Q.submit([&](handler& cgh) {
    accessor accA{bufA, cgh, read_only};
    accessor accB{bufB, cgh, read_only};
    accessor accC{bufC, cgh, write_only};
    constexpr auto tile_sz = Tile;
    cgh.parallel_for(nd_range{range{M, N}, range{1, tile_sz}}, syclex::properties{syclex::sub_group_size<Tile>},
                     [=](nd_item<2> it) {
                       auto sg = it.get_sub_group();
                       auto m = it.get_global_id()[0];
                       auto n = it.get_global_id()[1];
                       auto i = it.get_local_id()[1];
                       auto sum = 0.0;
                       for (size_t l = 0; l < K; l += tile_sz) {
                         auto tileA = accA[m][l + i];
                         for (auto k = 0; k < tile_sz; ++k) sum += group_broadcast(sg, tileA, k) * accB[l + k][n];
                       }
                       accC[m][n] = sum;
                     });
  });
  Q.wait();
}

void naive_matmul(matrices& mx) {
  const std::size_t n = mx.n;
  const double* a = mx.a.data();
  const double* b = mx.b.data();
  double* c = mx.c.data();
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(0, n), [&](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i)
      for (std::size_t j = 0; j < n; ++j) {
        double s = 0.0;
        for (std::size_t k = 0; k < n; ++k) s += a[i * n + k] * b[k * n + j];
        c[i * n + j] = s;
      }
  });
}

void check_matmul(const matrices& mx) {
  const std::size_t n = mx.n;
  for (std::size_t i = 0; i < n; i += 37)
    for (std::size_t j = 0; j < n; j += 11) {
      double ref = 0.0;
      for (std::size_t k = 0; k < n; ++k) ref += mx.a[i * n + k] * mx.b[k * n + j];
      if (std::abs(ref - mx.c[i * n + j]) > 1e-9) fail("matmul product");
    }
}

template <std::uint32_t Tile = 16>
void BM_matmul_weft(benchmark::State& state) {
  sycl::queue q;
  matrices mx(static_cast<std::size_t>(state.range(0)));
  // One group_broadcast per multiply-add per lane: n^3 lane-collectives.
  const double n = double(mx.n);
  weft_bench::run_checked_per_event(
      state, n * n * n, [&] { seed_matmul<Tile>(q, mx); },
      [&] {
        check_matmul(mx);
        return std::string();
      });
}
void BM_matmul_weft_fibers(benchmark::State& state) {
  weft_bench::on_fibers([&] { BM_matmul_weft<>(state); });
}
void BM_matmul_baseline(benchmark::State& state) {
  matrices mx(static_cast<std::size_t>(state.range(0)));
  naive_matmul(mx);
  check_matmul(mx);
  for (auto _ : state) naive_matmul(mx);
}
BENCHMARK(BM_matmul_weft<>)->Name("sg_matmul/weft")->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_matmul_weft<8>)->Name("sg_matmul/weft_sg8")->Arg(256)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_matmul_weft<32>)->Name("sg_matmul/weft_sg32")->Arg(256)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_matmul_weft_fibers)
    ->Name("sg_matmul/weft_fibers")
    ->Arg(256)
    ->Arg(512)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_matmul_baseline)
    ->Name("sg_matmul/baseline")
    ->Arg(256)
    ->Arg(512)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// One collective per loop trip per lane; the counter is ns per lane per collective.
constexpr std::size_t coll_items = 1 << 16, coll_reps = 64;

// Reported as time * 1e9 / (items * reps * iterations): ns per lane-collective.
benchmark::Counter ns_per_lane() {
  return benchmark::Counter(static_cast<double>(coll_items * coll_reps) * 1e-9,
                            benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <int Kind>
void collective_kernel(sycl::queue& q, float* out) {
  q.parallel_for(sycl::nd_range<1>(coll_items, 16), [=](sycl::nd_item<1> it) {
     auto sg = it.get_sub_group();
     float x = static_cast<float>(it.get_local_linear_id());
     float acc = 0.0f;
     for (std::size_t r = 0; r < coll_reps; ++r) {
       if constexpr (Kind == 0) acc += sycl::group_broadcast(sg, x, static_cast<std::uint32_t>(r % 16));
       else if constexpr (Kind == 1) acc += sycl::reduce_over_group(sg, x, sycl::plus<>());
       else if constexpr (Kind == 2) acc += sycl::inclusive_scan_over_group(sg, x, sycl::plus<>());
       else acc += sycl::shift_group_left(sg, x, 1);
     }
     out[it.get_global_linear_id()] = acc;
   }).wait();
}

template <int Kind>
void BM_collective_weft(benchmark::State& state) {
  sycl::queue q;
  float* out = sycl::malloc_shared<float>(coll_items, q);
  // Check lane 5 of the first sub-group once.
  float expect = 0.0f;
  for (std::size_t r = 0; r < coll_reps; ++r) {
    if constexpr (Kind == 0) expect += static_cast<float>(r % 16);
    else if constexpr (Kind == 1) expect += 120.0f;
    else if constexpr (Kind == 2) expect += 15.0f;
    else expect += 6.0f;
  }
  weft_bench::run_checked_per_event(
      state, double(coll_items * coll_reps), [&] { collective_kernel<Kind>(q, out); },
      [&] { return out[5] == expect ? std::string() : std::string("collective result"); });
  state.counters["ns_per_lane"] = ns_per_lane();
  sycl::free(out, q);
}
// sg_collective/loop_only: the same loop with no collective (x itself), i.e. the kernel's own cost.
void BM_collective_baseline(benchmark::State& state) {
  sycl::queue q;
  float* out = sycl::malloc_shared<float>(coll_items, q);
  auto run = [&] {
    q.parallel_for(sycl::nd_range<1>(coll_items, 16), [=](sycl::nd_item<1> it) {
       float x = static_cast<float>(it.get_local_linear_id());
       float acc = 0.0f;
       for (std::size_t r = 0; r < coll_reps; ++r) acc += x;
       out[it.get_global_linear_id()] = acc;
     }).wait();
  };
  run();
  if (out[5] != 5.0f * coll_reps) fail("collective baseline");
  for (auto _ : state) run();
  state.counters["ns_per_lane"] = ns_per_lane();
  sycl::free(out, q);
}
BENCHMARK(BM_collective_weft<0>)->Name("sg_collective/weft/broadcast")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_collective_weft<1>)->Name("sg_collective/weft/reduce")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_collective_weft<2>)
    ->Name("sg_collective/weft/inclusive_scan")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_collective_weft<3>)->Name("sg_collective/weft/shift_left")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_collective_baseline)->Name("sg_collective/loop_only")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(weft_bench::raw_switch)->Name("context_switch/raw");

// sycl::reduction over 2^26 floats.
constexpr std::size_t red_n = std::size_t{1} << 26;

const std::vector<float>& red_data() {
  static const std::vector<float> v = [] {
    std::vector<float> d(red_n);
    for (std::size_t i = 0; i < red_n; ++i) d[i] = static_cast<float>(i % 8) * 0.125f;  // sums stay exact-ish
    return d;
  }();
  return v;
}
const double red_expect = static_cast<double>(red_n) / 8.0 * 3.5;

void BM_reduction_weft(benchmark::State& state) {
  sycl::queue q;
  const float* data = red_data().data();
  float* sum = sycl::malloc_shared<float>(1, q);
  auto run = [&] {
    q.parallel_for(sycl::range<1>(red_n),
                   sycl::reduction(sum, sycl::plus<float>(),
                                   sycl::property_list{sycl::property::reduction::initialize_to_identity{}}),
                   [=](sycl::id<1> i, auto& s) { s += data[i]; })
        .wait();
  };
  run();
  if (std::abs(*sum - red_expect) > red_expect * 1e-5) fail("sycl::reduction sum");
  for (auto _ : state) run();
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * red_n * sizeof(float)));
  sycl::free(sum, q);
}

float baseline_sum(const float* data) {
  using B = xsimd::batch<float>;
  return weft_bench::baseline_reduce(
      tbb::blocked_range<std::size_t>(0, red_n, 1 << 14), 0.0f,
      [&](const tbb::blocked_range<std::size_t>& r, float acc) {
        B s0(0.0f), s1(0.0f), s2(0.0f), s3(0.0f);
        std::size_t i = r.begin();
        for (; i + 4 * B::size <= r.end(); i += 4 * B::size) {
          s0 += B::load_unaligned(data + i);
          s1 += B::load_unaligned(data + i + B::size);
          s2 += B::load_unaligned(data + i + 2 * B::size);
          s3 += B::load_unaligned(data + i + 3 * B::size);
        }
        float tail = 0.0f;
        for (; i < r.end(); ++i) tail += data[i];
        return acc + xsimd::hadd((s0 + s1) + (s2 + s3)) + tail;
      },
      [](float a, float b) { return a + b; });
}

void BM_reduction_baseline(benchmark::State& state) {
  const float* data = red_data().data();
  if (std::abs(baseline_sum(data) - red_expect) > red_expect * 1e-5) fail("baseline sum");
  for (auto _ : state) benchmark::DoNotOptimize(baseline_sum(data));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * red_n * sizeof(float)));
}
BENCHMARK(BM_reduction_weft)->Name("sg_reduction/weft")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_reduction_baseline)->Name("sg_reduction/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
