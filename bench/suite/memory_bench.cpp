// Memory bandwidth: STREAM copy (a = b) and triad (a = b + s*c) over float
// arrays larger than the caches. Reported in GB/s (bytes_per_second) and as a
// fraction of the machine's bandwidth (counter bw_fraction), which this binary
// measures first with the hand-written baseline loops (best of several runs).
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <sycl/sycl.hpp>

#include "common/baseline.hpp"

namespace {

constexpr float scalar = 3.0f;

std::size_t elements() {
  static const std::size_t n = weft_bench::size_for_mode<std::size_t>(std::size_t(1) << 25, std::size_t(1) << 27);
  return n;
}

struct arrays {
  sycl::queue q;
  std::size_t n = elements();
  float* a = sycl::malloc_shared<float>(n, q);
  float* b = sycl::malloc_shared<float>(n, q);
  float* c = sycl::malloc_shared<float>(n, q);
  arrays() {
    // First touch by the baseline's threads, in the same chunks the kernels use.
    weft_bench::baseline([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 4096), [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t i = r.begin(); i != r.end(); ++i) {
          a[i] = 0;
          b[i] = float(i % 1000);
          c[i] = float(i % 7);
        }
      });
    });
  }
  ~arrays() {
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(c, q);
  }
  void clear() { std::fill(a, a + n, -1.f); }
  std::string check_copy() const {
    for (std::size_t i = 0; i < n; i += 1 + i % 4099)
      if (a[i] != b[i]) return "copy: wrong value at index " + std::to_string(i);
    return {};
  }
  std::string check_triad() const {
    for (std::size_t i = 0; i < n; i += 1 + i % 4099)
      if (a[i] != b[i] + scalar * c[i]) return "triad: wrong value at index " + std::to_string(i);
    return {};
  }
};

arrays& data() {
  static arrays d;
  return d;
}

// ---- hand-written baselines (oneTBB; the loops vectorize as written) ----
void copy_baseline(arrays& d) {
  float *a = d.a, *b = d.b;
  weft_bench::baseline([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, d.n, 4096), [=](const tbb::blocked_range<std::size_t>& r) {
      for (std::size_t i = r.begin(); i != r.end(); ++i) a[i] = b[i];
    });
  });
}
void triad_baseline(arrays& d) {
  float *a = d.a, *b = d.b, *c = d.c;
  weft_bench::baseline([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, d.n, 4096), [=](const tbb::blocked_range<std::size_t>& r) {
      for (std::size_t i = r.begin(); i != r.end(); ++i) a[i] = b[i] + scalar * c[i];
    });
  });
}

// ---- Weft: parallel_for(range) over USM ----
void copy_weft(arrays& d) {
  float *a = d.a, *b = d.b;
  d.q.parallel_for(sycl::range<1>(d.n), [=](sycl::id<1> i) { a[i] = b[i]; }).wait();
}
void triad_weft(arrays& d) {
  float *a = d.a, *b = d.b, *c = d.c;
  d.q.parallel_for(sycl::range<1>(d.n), [=](sycl::id<1> i) { a[i] = b[i] + scalar * c[i]; }).wait();
}

// STREAM counts the bytes a kernel names: copy 2 arrays, triad 3.
double bytes_copy() { return 2.0 * double(elements()) * sizeof(float); }
double bytes_triad() { return 3.0 * double(elements()) * sizeof(float); }

// The machine's bandwidth: the best of several runs of the hand-written copy and triad.
double machine_bandwidth() {
  static const double bw = [] {
    auto& d = data();
    double best = 0;
    for (int rep = 0; rep < 4; ++rep) {
      for (int k = 0; k < 2; ++k) {
        auto t0 = std::chrono::steady_clock::now();
        if (k == 0) copy_baseline(d);
        else triad_baseline(d);
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        best = std::max(best, (k == 0 ? bytes_copy() : bytes_triad()) / s);
      }
    }
    return best;
  }();
  return bw;
}

void report(benchmark::State& state, double bytes) {
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
  state.counters["bw_fraction"] =
      benchmark::Counter(double(state.iterations()) * bytes / machine_bandwidth(), benchmark::Counter::kIsRate);
  state.counters["machine_GBps"] = machine_bandwidth() / 1e9;
}

template <void (*Run)(arrays&)>
void copy(benchmark::State& state) {
  auto& d = data();
  machine_bandwidth();
  d.clear();
  if (weft_bench::run_checked(
          state, [&] { Run(d); }, [&] { return d.check_copy(); }))
    report(state, bytes_copy());
}

template <void (*Run)(arrays&)>
void triad(benchmark::State& state) {
  auto& d = data();
  machine_bandwidth();
  d.clear();
  if (weft_bench::run_checked(
          state, [&] { Run(d); }, [&] { return d.check_triad(); }))
    report(state, bytes_triad());
}

}  // namespace

BENCHMARK_TEMPLATE(copy, copy_baseline)->Name("copy/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(copy, copy_weft)->Name("copy/weft")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(triad, triad_baseline)->Name("triad/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(triad, triad_weft)->Name("triad/weft")->Unit(benchmark::kMillisecond)->UseRealTime();

#ifdef WEFT_BENCH_HAVE_OPENCL
namespace {
const char* memory_cl = R"CL(
__kernel void copy(__global float* a, __global const float* b) {
  size_t i = get_global_id(0);
  a[i] = b[i];
}
__kernel void triad(__global float* a, __global const float* b, __global const float* c, float s) {
  size_t i = get_global_id(0);
  a[i] = b[i] + s * c[i];
}
)CL";

void copy_pocl(benchmark::State& state) {
  namespace ocl = weft_bench::ocl;
  auto& d = data();
  machine_bandwidth();
  d.clear();
  std::size_t bytes = d.n * sizeof(float);
  ocl::buffer a(d.a, bytes), b(d.b, bytes);
  ocl::kernel k(memory_cl, "copy");
  k.arg(0, a.m).arg(1, b.m);
  if (weft_bench::run_checked(
          state, [&] { k.run1d(d.n); },
          [&] {
            a.sync(bytes);
            return d.check_copy();
          }))
    report(state, bytes_copy());
}

void triad_pocl(benchmark::State& state) {
  namespace ocl = weft_bench::ocl;
  auto& d = data();
  machine_bandwidth();
  d.clear();
  std::size_t bytes = d.n * sizeof(float);
  ocl::buffer a(d.a, bytes), b(d.b, bytes), c(d.c, bytes);
  ocl::kernel k(memory_cl, "triad");
  k.arg(0, a.m).arg(1, b.m).arg(2, c.m).arg(3, scalar);
  if (weft_bench::run_checked(
          state, [&] { k.run1d(d.n); },
          [&] {
            a.sync(bytes);
            return d.check_triad();
          }))
    report(state, bytes_triad());
}

void ms_real(benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); }
WEFT_BENCH_PEER("copy/pocl", copy_pocl, ms_real);
WEFT_BENCH_PEER("triad/pocl", triad_pocl, ms_real);
}  // namespace
#endif

WEFT_BENCH_MAIN()
