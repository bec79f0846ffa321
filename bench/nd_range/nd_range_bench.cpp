// nd_range kernels against hand-written baselines, in one process:
//   nd_triad        a = b + s*c as an nd_range kernel without barriers, against
//                   the hand-written oneTBB loop and Weft's parallel_for(range); and
//                   paired with the range form in turn (range, nd_range, range per
//                   iteration), whose median ratio a machine's drift does not shift
//   seed_reduction  the seed's local-memory tree reduction over 2^24 ints with
//                   work groups of 256 (9 barriers per item), against a oneTBB
//                   reduction of the same freshly copied input (the kernel works in
//                   place), a raw Boost.Context switch, and the same kernel
//                   on Boost.Fiber with boost::fibers::barrier (AdaptiveCpp's design)
//   tiled_dgemm     512x512 dgemm with 16x16 local-memory tiles, against a naive
//                   triple loop parallelised over rows with oneTBB
// Each result is checked once before timing. The summary printed at the end
// states each goal of issue 3 with the figures measured in this run.
#include "common/baseline.hpp"
#include "common/fibers.hpp"
#include "common/switch_cost.hpp"
#include <benchmark/benchmark.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <numeric>
#include <random>
#include <string>
#include <sycl/sycl.hpp>
#include <vector>

#ifdef WEFT_HAVE_BOOST_FIBER
#include <boost/fiber/all.hpp>
#endif

namespace {

std::map<std::string, double> g_results;  // figures for the summary

// CPU time of the calling thread: on a shared machine the single-thread
// comparisons (Weft's switching against a raw switch) use it, not wall time.
double thread_seconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

sycl::queue& queue() {
  static sycl::queue q;
  return q;
}

// ---- nd_triad --------------------------------------------------------------------

constexpr std::size_t triad_n = std::size_t(1) << 25;
constexpr float triad_s = 3.0f;

struct triad_arrays {
  float* a = sycl::malloc_shared<float>(triad_n, queue());
  float* b = sycl::malloc_shared<float>(triad_n, queue());
  float* c = sycl::malloc_shared<float>(triad_n, queue());
  triad_arrays() {
    tbb::parallel_for(std::size_t(0), triad_n, [&](std::size_t i) {
      a[i] = 0;
      b[i] = float(i % 1000);
      c[i] = float(i % 7);
    });
  }
  bool correct() const {
    for (std::size_t i = 0; i < triad_n; i += 4099)
      if (a[i] != b[i] + triad_s * c[i]) return false;
    return true;
  }
};

triad_arrays& triad_data() {
  static triad_arrays d;
  return d;
}

void triad_baseline(triad_arrays& d) {
  float *a = d.a, *b = d.b, *c = d.c;
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(0, triad_n, 4096),
                           [=](const tbb::blocked_range<std::size_t>& r) {
                             for (std::size_t i = r.begin(); i != r.end(); ++i) a[i] = b[i] + triad_s * c[i];
                           });
}
void triad_range(triad_arrays& d) {
  float *a = d.a, *b = d.b, *c = d.c;
  queue().parallel_for(sycl::range<1>(triad_n), [=](sycl::id<1> i) { a[i] = b[i] + triad_s * c[i]; }).wait();
}
void triad_nd_range(triad_arrays& d) {
  float *a = d.a, *b = d.b, *c = d.c;
  queue()
      .parallel_for(sycl::nd_range<1>(triad_n, 256),
                    [=](sycl::nd_item<1> it) {
                      const std::size_t i = it.get_global_id(0);
                      a[i] = b[i] + triad_s * c[i];
                    })
      .wait();
}

template <void (*Run)(triad_arrays&)>
void nd_triad(benchmark::State& state, const char* key) {
  auto& d = triad_data();
  std::fill(d.a, d.a + triad_n, 0.f);
  Run(d);
  if (!d.correct()) return state.SkipWithError("wrong result");
  auto t0 = std::chrono::steady_clock::now();
  for (auto _ : state) Run(d);
  g_results[key] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / state.iterations();
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(3 * triad_n * sizeof(float)));
}

// Each iteration times range, nd_range, range: the ratio of the mean of the range
// times to the nd_range time, per iteration; its median is the pair's figure.
void nd_triad_paired(benchmark::State& state) {
  auto& d = triad_data();
  using clock = std::chrono::steady_clock;
  auto seconds = [](clock::time_point a, clock::time_point b) { return std::chrono::duration<double>(b - a).count(); };
  triad_range(d);
  triad_nd_range(d);
  std::vector<double> ratios;
  for (auto _ : state) {
    const auto t0 = clock::now();
    triad_range(d);
    const auto t1 = clock::now();
    triad_nd_range(d);
    const auto t2 = clock::now();
    triad_range(d);
    const auto t3 = clock::now();
    state.SetIterationTime(seconds(t1, t2));
    ratios.push_back((seconds(t0, t1) + seconds(t2, t3)) / 2 / seconds(t1, t2));
  }
  std::sort(ratios.begin(), ratios.end());
  if (!d.correct()) return state.SkipWithError("wrong result");
  g_results["triad_paired"] = ratios[ratios.size() / 2];
  state.counters["nd_over_range"] = ratios[ratios.size() / 2];
}

// ---- seed_reduction --------------------------------------------------------------

constexpr std::size_t red_n = std::size_t(1) << 24;
constexpr std::size_t red_wg = 256;

std::vector<int32_t>& red_input() {
  static std::vector<int32_t> v = [] {
    std::vector<int32_t> x(red_n);
    std::mt19937 rng(42);
    std::uniform_int_distribution<int32_t> dist(0, 10);
    for (auto& e : x) e = dist(rng);
    return x;
  }();
  return v;
}
int64_t red_expected() {
  static int64_t s = std::accumulate(red_input().begin(), red_input().end(), int64_t{0});
  return s;
}

// Work items and barriers of the seed's passes: 1 + log2(wg) barriers per item.
double red_item_barriers(std::size_t n, std::size_t wg) {
  double barriers = 1 + std::log2(double(wg)), total = 0;
  for (std::size_t len = n; len != 1;) {
    std::size_t groups = (len + 2 * wg - 1) / (2 * wg);
    total += double(groups * wg) * barriers;
    len = groups;
  }
  return total;
}

// The seed's kernel, verbatim, over a buffer on `data` (the reduction works in place).
int32_t seed_reduction_weft(std::vector<int32_t>& data, std::size_t wgroup_size) {
  sycl::buffer<int32_t, 1> buf(data.data(), sycl::range<1>(data.size()));
  auto part_size = wgroup_size * 2;
  auto len = data.size();
  while (len != 1) {
    auto n_wgroups = (len + part_size - 1) / part_size;
    queue().submit([&](sycl::handler& cgh) {
      sycl::accessor<int32_t, 1, sycl::access::mode::read_write, sycl::access::target::local> local_mem(
          sycl::range<1>(wgroup_size), cgh);
      auto global_mem = buf.get_access<sycl::access::mode::read_write>(cgh);
      cgh.parallel_for<class reduction_kernel>(
          sycl::nd_range<1>(n_wgroups * wgroup_size, wgroup_size), [=](sycl::nd_item<1> item) {
            size_t local_id = item.get_local_linear_id();
            size_t global_id = item.get_global_linear_id();
            local_mem[local_id] = 0;
            if ((2 * global_id) < len) {
              local_mem[local_id] = global_mem[2 * global_id] + global_mem[2 * global_id + 1];
            }
            item.barrier(sycl::access::fence_space::local_space);
            for (size_t stride = 1; stride < wgroup_size; stride *= 2) {
              auto idx = 2 * stride * local_id;
              if (idx < wgroup_size) {
                local_mem[idx] = local_mem[idx] + local_mem[idx + stride];
              }
              item.barrier(sycl::access::fence_space::local_space);
            }
            if (local_id == 0) {
              global_mem[item.get_group_linear_id()] = local_mem[0];
            }
          });
    });
    len = n_wgroups;
  }
  auto acc = buf.get_access<sycl::access::mode::read>();
  return acc[0];
}

void seed_reduction_weft_bench(benchmark::State& state, bool fibers) {
  if (fibers) {  // the fiber path beside the split one (bench/common/fibers.hpp)
    const auto kept = g_results;
    weft_bench::on_fibers([&] { seed_reduction_weft_bench(state, false); });
    const double s = g_results["reduction_weft_s"];
    g_results = kept;
    g_results["reduction_fibers_s"] = s;
    return;
  }
  std::vector<int32_t> data = red_input();
  if (seed_reduction_weft(data, red_wg) != red_expected()) return state.SkipWithError("wrong sum");
  double total = 0, cpu = 0;
  for (auto _ : state) {
    std::copy(red_input().begin(), red_input().end(), data.begin());  // the kernel works in place
    const double c0 = weft_bench::process_cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(seed_reduction_weft(data, red_wg));
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    cpu += weft_bench::process_cpu_seconds() - c0;
    state.SetIterationTime(t);
    total += t;
  }
  const double per = total / state.iterations() / red_item_barriers(red_n, red_wg) * 1e9;
  state.counters["ns_per_item_barrier"] = per;
  // Per worker (docs/barriers.md): wall x workers, and process CPU time.
  const double workers = double(weft_bench::bench_threads());
  state.counters["worker_ns"] = per * workers;
  state.counters["cpu_ns"] = cpu / state.iterations() / red_item_barriers(red_n, red_wg) * 1e9;
  state.counters["x_raw_switch"] = per * workers / weft_bench::raw_switch_ns();
  state.counters["x_loaded_switch"] = per * workers / weft_bench::loaded_switch_ns();
  g_results["reduction_weft_s"] = total / state.iterations();
  g_results["reduction_weft_ns"] = per;
  g_results["reduction_worker_ns"] = per * workers;
}

// The hand-written reduction over memory in the state the kernel finds it: each
// iteration first copies the input (untimed), as the kernel, which works in place,
// needs. Summing red_input() itself, which stays in the caches from one iteration to
// the next, would set a cached read against the kernel's read of freshly copied memory
// (a copy this large leaves it in DRAM: non-temporal stores).
void seed_reduction_baseline(benchmark::State& state) {
  std::vector<int32_t> data = red_input();
  auto run = [&] {
    return weft_bench::baseline_reduce(
        tbb::blocked_range<std::size_t>(0, data.size(), 1 << 14), int64_t{0},
        [&](const tbb::blocked_range<std::size_t>& r, int64_t s) {
          for (std::size_t i = r.begin(); i != r.end(); ++i) s += data[i];
          return s;
        },
        std::plus<int64_t>());
  };
  if (run() != red_expected()) return state.SkipWithError("wrong sum");
  double total = 0;
  for (auto _ : state) {
    std::copy(red_input().begin(), red_input().end(), data.begin());
    const auto t0 = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(run());
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(t);
    total += t;
  }
  g_results["reduction_baseline_s"] = total / state.iterations();
}

#ifdef WEFT_HAVE_BOOST_FIBER
// The same kernel the way AdaptiveCpp's library-only backend runs it: per work
// group, one Boost.Fiber per item meeting at a boost::fibers::barrier; groups
// spread over oneTBB. oneTBB runs groups in any order, so unlike the seed (which
// relies on groups starting in order) each pass writes its sums to a second array.
int32_t seed_reduction_boost_fiber(std::vector<int32_t>& data, std::size_t wgroup_size) {
  auto part_size = wgroup_size * 2;
  auto len = data.size();
  std::vector<int32_t> sums(data.size());
  int32_t* global_mem = data.data();
  int32_t* out = sums.data();
  while (len != 1) {
    auto n_wgroups = (len + part_size - 1) / part_size;
    tbb::parallel_for(std::size_t(0), n_wgroups, [&](std::size_t group) {
      std::vector<int32_t> local_mem(wgroup_size);
      boost::fibers::barrier barrier(wgroup_size);
      std::vector<boost::fibers::fiber> fibers;
      fibers.reserve(wgroup_size);
      for (std::size_t local_id = 0; local_id < wgroup_size; ++local_id)
        fibers.emplace_back([&, local_id] {
          size_t global_id = group * wgroup_size + local_id;
          local_mem[local_id] = 0;
          if ((2 * global_id) < len) local_mem[local_id] = global_mem[2 * global_id] + global_mem[2 * global_id + 1];
          barrier.wait();
          for (size_t stride = 1; stride < wgroup_size; stride *= 2) {
            auto idx = 2 * stride * local_id;
            if (idx < wgroup_size) local_mem[idx] = local_mem[idx] + local_mem[idx + stride];
            barrier.wait();
          }
          if (local_id == 0) out[group] = local_mem[0];
        });
      for (auto& f : fibers) f.join();
    });
    std::swap(global_mem, out);
    len = n_wgroups;
  }
  return global_mem[0];
}

// 2^22 ints (a quarter of Weft's input) keeps this reference under a few
// seconds; the comparison is per work item per barrier.
constexpr std::size_t fiber_n = red_n / 4;

void seed_reduction_boost_fiber_bench(benchmark::State& state) {
  std::vector<int32_t> in(red_input().begin(), red_input().begin() + fiber_n), data = in;
  if (seed_reduction_boost_fiber(data, red_wg) != std::accumulate(in.begin(), in.end(), int64_t{0}))
    return state.SkipWithError("wrong sum");
  double total = 0;
  for (auto _ : state) {
    data = in;
    auto t0 = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(seed_reduction_boost_fiber(data, red_wg));
    double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(t);
    total += t;
  }
  const double per = total / state.iterations() / red_item_barriers(fiber_n, red_wg) * 1e9;
  state.counters["ns_per_item_barrier"] = per;
  g_results["reduction_boost_fiber_ns"] = per;
}

// The same on one thread, in that thread's CPU time (2^20 ints).
void seed_reduction_boost_fiber_one_thread(benchmark::State& state) {
  constexpr std::size_t n = red_n / 16;
  std::vector<int32_t> in(red_input().begin(), red_input().begin() + n), data = in;
  tbb::task_arena one(1);
  int32_t sum = 0;
  one.execute([&] { sum = seed_reduction_boost_fiber(data, red_wg); });
  if (sum != std::accumulate(in.begin(), in.end(), int64_t{0})) return state.SkipWithError("wrong sum");
  double total = 0;
  for (auto _ : state) {
    data = in;
    const double t0 = thread_seconds();
    one.execute([&] { benchmark::DoNotOptimize(seed_reduction_boost_fiber(data, red_wg)); });
    const double t = thread_seconds() - t0;
    state.SetIterationTime(t);
    total += t;
  }
  const double per = total / state.iterations() / red_item_barriers(n, red_wg) * 1e9;
  state.counters["ns_per_item_barrier"] = per;
  g_results["reduction_boost_fiber_one_thread_ns"] = per;
}
#endif

// ---- context switches --------------------------------------------------------------

// The Weft reduction on a single worker thread, timed in that thread's CPU
// time: its ns per item per barrier is the per-core cost to compare with one
// raw switch (also CPU time).
void seed_reduction_weft_one_thread(benchmark::State& state) {
  std::vector<int32_t> data(red_input().begin(), red_input().begin() + red_n / 4);
  const int64_t expected = std::accumulate(data.begin(), data.end(), int64_t{0});
  int32_t* p = data.data();
  const std::size_t n = data.size();
  auto run = [&] {
    // The seed's passes through the launch interface, on one worker thread.
    tbb::task_arena one(1);
    one.execute([&] {
      std::size_t len = n;
      while (len != 1) {
        std::size_t groups = (len + 2 * red_wg - 1) / (2 * red_wg);
        weft::launch::group_request local{red_wg * sizeof(int32_t)};
        auto local_mem = sycl::detail::local_accessor_access::make<int32_t, 1>(0, sycl::range<1>(red_wg));
        const std::size_t wgroup_size = red_wg;
        weft::launch::nd_range_kernel(sycl::nd_range<1>(groups * red_wg, red_wg), local, [=](sycl::nd_item<1> item) {
          size_t local_id = item.get_local_linear_id();
          size_t global_id = item.get_global_linear_id();
          local_mem[local_id] = 0;
          if ((2 * global_id) < len) local_mem[local_id] = p[2 * global_id] + p[2 * global_id + 1];
          item.barrier(sycl::access::fence_space::local_space);
          for (size_t stride = 1; stride < wgroup_size; stride *= 2) {
            auto idx = 2 * stride * local_id;
            if (idx < wgroup_size) local_mem[idx] = local_mem[idx] + local_mem[idx + stride];
            item.barrier(sycl::access::fence_space::local_space);
          }
          if (local_id == 0) p[item.get_group_linear_id()] = local_mem[0];
        });
        len = groups;
      }
    });
    return p[0];
  };
  std::vector<int32_t> in = data;
  if (run() != expected) return state.SkipWithError("wrong sum");
  double total = 0;
  for (auto _ : state) {
    std::copy(in.begin(), in.end(), data.begin());
    const double t0 = thread_seconds();
    benchmark::DoNotOptimize(run());
    const double t = thread_seconds() - t0;
    state.SetIterationTime(t);
    total += t;
  }
  const double per = total / state.iterations() / red_item_barriers(n, red_wg) * 1e9;
  state.counters["ns_per_item_barrier"] = per;
  g_results["reduction_one_thread_ns"] = per;
}

// ---- tiled_dgemm ---------------------------------------------------------------------

constexpr std::size_t mm_n = 512, mm_t = 16;

struct matrices {
  std::vector<double> a = std::vector<double>(mm_n * mm_n), b = a, c = a, ref = a;
  matrices() {
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> dist(-1, 1);
    for (auto& x : a) x = dist(rng);
    for (auto& x : b) x = dist(rng);
    for (std::size_t i = 0; i < mm_n; ++i)
      for (std::size_t j = 0; j < mm_n; ++j) {
        double s = 0;
        for (std::size_t k = 0; k < mm_n; ++k) s += a[i * mm_n + k] * b[k * mm_n + j];
        ref[i * mm_n + j] = s;
      }
  }
  bool correct() const {
    for (std::size_t i = 0; i < c.size(); ++i)
      if (std::abs(c[i] - ref[i]) > 1e-9 * mm_n) return false;
    return true;
  }
};

matrices& mm_data() {
  static matrices m;
  return m;
}

void dgemm_baseline(matrices& m) {
  const double *a = m.a.data(), *b = m.b.data();
  double* c = m.c.data();
  weft_bench::baseline_for(tbb::blocked_range<std::size_t>(0, mm_n), [=](const tbb::blocked_range<std::size_t>& r) {
    for (std::size_t i = r.begin(); i != r.end(); ++i)
      for (std::size_t j = 0; j < mm_n; ++j) {
        double s = 0;
        for (std::size_t k = 0; k < mm_n; ++k) s += a[i * mm_n + k] * b[k * mm_n + j];
        c[i * mm_n + j] = s;
      }
  });
}

void dgemm_weft(matrices& m);
void dgemm_weft_fibers(matrices& m) {
  weft_bench::on_fibers([&] { dgemm_weft(m); });
}

void dgemm_weft(matrices& m) {
  sycl::buffer<double, 2> A(m.a.data(), sycl::range<2>(mm_n, mm_n)), B(m.b.data(), sycl::range<2>(mm_n, mm_n)),
      C(m.c.data(), sycl::range<2>(mm_n, mm_n));
  queue().submit([&](sycl::handler& cgh) {
    sycl::accessor ra{A, cgh, sycl::read_only};
    sycl::accessor rb{B, cgh, sycl::read_only};
    sycl::accessor wc{C, cgh, sycl::write_only, sycl::no_init};
    sycl::local_accessor<double, 2> ta(sycl::range<2>(mm_t, mm_t), cgh), tb(sycl::range<2>(mm_t, mm_t), cgh);
    cgh.parallel_for(sycl::nd_range<2>(sycl::range<2>(mm_n, mm_n), sycl::range<2>(mm_t, mm_t)),
                     [=](sycl::nd_item<2> it) {
                       const std::size_t i = it.get_local_id(0), j = it.get_local_id(1);
                       const std::size_t row = it.get_global_id(0), col = it.get_global_id(1);
                       double sum = 0;
                       for (std::size_t k0 = 0; k0 < mm_n; k0 += mm_t) {
                         ta[i][j] = ra[row][k0 + j];
                         tb[i][j] = rb[k0 + i][col];
                         sycl::group_barrier(it.get_group());
                         for (std::size_t k = 0; k < mm_t; ++k) sum += ta[i][k] * tb[k][j];
                         sycl::group_barrier(it.get_group());
                       }
                       wc[row][col] = sum;
                     });
  });
}  // C writes back here

template <void (*Run)(matrices&)>
void tiled_dgemm(benchmark::State& state, const char* key) {
  auto& m = mm_data();
  std::fill(m.c.begin(), m.c.end(), 0.0);
  Run(m);
  if (!m.correct()) return state.SkipWithError("wrong result");
  auto t0 = std::chrono::steady_clock::now();
  for (auto _ : state) Run(m);
  g_results[key] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / state.iterations();
  state.counters["GFLOPS"] = benchmark::Counter(2.0 * mm_n * mm_n * mm_n * double(state.iterations()),
                                                benchmark::Counter::kIsRate, benchmark::Counter::kIs1000);
}

// Weft's tiled dgemm on one worker thread, in that thread's CPU time: the
// per-core cost behind the wall-clock figure.
void tiled_dgemm_one_thread(benchmark::State& state) {
  auto& m = mm_data();
  tbb::task_arena one(1);
  auto run = [&] {
    const double *a = m.a.data(), *b = m.b.data();
    double* c = m.c.data();
    weft::launch::group_request local{2 * mm_t * mm_t * sizeof(double) + 64};
    auto ta = sycl::detail::local_accessor_access::make<double, 2>(0, sycl::range<2>(mm_t, mm_t));
    auto tb =
        sycl::detail::local_accessor_access::make<double, 2>(mm_t * mm_t * sizeof(double), sycl::range<2>(mm_t, mm_t));
    weft::launch::nd_range_kernel(sycl::nd_range<2>(sycl::range<2>(mm_n, mm_n), sycl::range<2>(mm_t, mm_t)), local,
                                  [=](sycl::nd_item<2> it) {
                                    const std::size_t i = it.get_local_id(0), j = it.get_local_id(1);
                                    const std::size_t row = it.get_global_id(0), col = it.get_global_id(1);
                                    double sum = 0;
                                    for (std::size_t k0 = 0; k0 < mm_n; k0 += mm_t) {
                                      ta[i][j] = a[row * mm_n + k0 + j];
                                      tb[i][j] = b[(k0 + i) * mm_n + col];
                                      sycl::group_barrier(it.get_group());
                                      for (std::size_t k = 0; k < mm_t; ++k) sum += ta[i][k] * tb[k][j];
                                      sycl::group_barrier(it.get_group());
                                    }
                                    c[row * mm_n + col] = sum;
                                  });
  };
  std::fill(m.c.begin(), m.c.end(), 0.0);
  one.execute(run);
  if (!m.correct()) return state.SkipWithError("wrong result");
  double total = 0;
  for (auto _ : state) {
    const double t0 = thread_seconds();
    one.execute(run);
    const double t = thread_seconds() - t0;
    state.SetIterationTime(t);
    total += t;
  }
  g_results["dgemm_one_thread"] = total / state.iterations();
}

// The raw switch (common/switch_cost.hpp: two Boost.Context contexts, thread CPU time).
void context_switch(benchmark::State& state) {
  weft_bench::raw_switch(state);
  g_results["switch_ns"] = weft_bench::raw_switch_ns();
}

void summary() {
  auto get = [](const char* k) {
    auto it = g_results.find(k);
    return it == g_results.end() ? NAN : it->second;
  };
  std::printf("\nIssue 3 goals, measured in this run (wall clock: all workers; CPU: one worker thread's CPU time,\n"
              "which a shared machine does not distort):\n");
  std::printf("  nd_triad: nd_range speed / parallel_for(range) speed = %.2f (goal >= 0.95), paired in turn %.2f; / "
              "hand-written oneTBB = %.2f\n",
              get("triad_range") / get("triad_nd"), get("triad_paired"), get("triad_baseline") / get("triad_nd"));
  std::printf("  nd_range kernels with barriers ran %s\n", weft_bench::barrier_path());
  std::printf("  seed_reduction, 2^24 ints, work groups of 256:\n");
  std::printf("    hand-written oneTBB reduction / Weft = %.3f; fibers / Weft = %.2fx\n",
              get("reduction_baseline_s") / get("reduction_weft_s"),
              get("reduction_fibers_s") / get("reduction_weft_s"));
  std::printf(
      "    wall clock %.3f s = %.2f ns per work item per barrier; raw jump_fcontext %.2f ns -> %.2fx (goal <= 2x)\n",
      get("reduction_weft_s"), get("reduction_weft_ns"), get("switch_ns"), get("reduction_weft_ns") / get("switch_ns"));
  std::printf("    per worker (wall x %d workers): %.2f ns per work item per barrier -> %.2fx a raw switch (issue 19: "
              "<= 2x at every worker count)\n",
              weft_bench::bench_threads(), get("reduction_worker_ns"), get("reduction_worker_ns") / get("switch_ns"));
  std::printf("    CPU of one worker: %.2f ns per work item per barrier -> %.2fx a raw switch\n",
              get("reduction_one_thread_ns"), get("reduction_one_thread_ns") / get("switch_ns"));
  std::printf(
      "    Boost.Fiber + boost::fibers::barrier: wall %.1f ns -> Weft %.1fx faster; CPU of one worker %.1f ns -> "
      "Weft %.1fx faster (goal >= 8x)\n",
      get("reduction_boost_fiber_ns"), get("reduction_boost_fiber_ns") / get("reduction_weft_ns"),
      get("reduction_boost_fiber_one_thread_ns"),
      get("reduction_boost_fiber_one_thread_ns") / get("reduction_one_thread_ns"));
  std::printf("  tiled_dgemm 512x512, 16x16 tiles: wall %.4f s (goal < 0.15 s), CPU of one worker %.4f s; naive oneTBB "
              "triple loop wall %.4f s\n",
              get("dgemm_weft"), get("dgemm_one_thread"), get("dgemm_baseline"));
  std::printf("    naive oneTBB / Weft = %.2f (goal >= 0.9 split); fibers / Weft = %.2fx\n",
              get("dgemm_baseline") / get("dgemm_weft"), get("dgemm_fibers") / get("dgemm_weft"));
}

}  // namespace

int main(int argc, char** argv) {
  using benchmark::RegisterBenchmark;
  RegisterBenchmark("nd_triad/baseline", nd_triad<triad_baseline>, "triad_baseline")
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  RegisterBenchmark("nd_triad/weft_range", nd_triad<triad_range>, "triad_range")
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  RegisterBenchmark("nd_triad/weft", nd_triad<triad_nd_range>, "triad_nd")
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  RegisterBenchmark("nd_triad/weft_paired", nd_triad_paired)->Unit(benchmark::kMillisecond)->UseManualTime();
  RegisterBenchmark("context_switch/raw", context_switch);
  RegisterBenchmark("seed_reduction/baseline", seed_reduction_baseline)->Unit(benchmark::kMillisecond)->UseManualTime();
  RegisterBenchmark("seed_reduction/weft", seed_reduction_weft_bench, false)
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime();
  RegisterBenchmark("seed_reduction/weft_fibers", seed_reduction_weft_bench, true)
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime();
  RegisterBenchmark("seed_reduction_1thread/weft", seed_reduction_weft_one_thread)
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime();
#ifdef WEFT_HAVE_BOOST_FIBER
  RegisterBenchmark("seed_reduction_2^22/boost_fiber", seed_reduction_boost_fiber_bench)
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime()
      ->Iterations(1);
  RegisterBenchmark("seed_reduction_1thread/boost_fiber", seed_reduction_boost_fiber_one_thread)
      ->Unit(benchmark::kMillisecond)
      ->UseManualTime()
      ->Iterations(2);
#endif
  RegisterBenchmark("tiled_dgemm/baseline", tiled_dgemm<dgemm_baseline>, "dgemm_baseline")
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  RegisterBenchmark("tiled_dgemm/weft", tiled_dgemm<dgemm_weft>, "dgemm_weft")
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  RegisterBenchmark("tiled_dgemm/weft_fibers", tiled_dgemm<dgemm_weft_fibers>, "dgemm_fibers")
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  RegisterBenchmark("tiled_dgemm_1thread/weft", tiled_dgemm_one_thread)->Unit(benchmark::kMillisecond)->UseManualTime();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  summary();
  return 0;
}
