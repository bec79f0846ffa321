// Histograms with atomics over 256 bins:
//  histogram         each work item bins a block of values into private bins, then
//                    adds them to the global bins atomically (the privatized form a
//                    range kernel can express); the baseline does the same per oneTBB chunk.
//  histogram_atomic  one global atomic increment per value, in both.
// Kernels use sycl::atomic_ref once the front end has it, else __atomic builtins.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <sycl/sycl.hpp>
#include <vector>

#include "common/baseline.hpp"

#if __has_include(<sycl/atomic_ref.hpp>)
#define WEFT_BENCH_ATOMIC_REF 1
#endif

namespace {

constexpr std::size_t bins = 256;
constexpr std::size_t block = 1 << 14;  // values per work item in the privatized form

// Relaxed atomic add as a kernel writes it.
inline void kernel_atomic_add(std::uint32_t* p, std::uint32_t v) {
#ifdef WEFT_BENCH_ATOMIC_REF
  sycl::atomic_ref<std::uint32_t, sycl::memory_order::relaxed, sycl::memory_scope::device,
                   sycl::access::address_space::global_space>(*p)
      .fetch_add(v);
#else
  __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
#endif
}

struct input {
  sycl::queue q;
  std::size_t n;
  std::uint32_t* values;
  std::uint32_t* hist = sycl::malloc_shared<std::uint32_t>(bins, q);
  std::vector<std::uint32_t> ref = std::vector<std::uint32_t>(bins, 0);
  explicit input(std::size_t count) : n(count), values(sycl::malloc_shared<std::uint32_t>(count, q)) {
    // Skewed values (a few hot bins), like real data.
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t h = std::uint32_t(i) * 2654435761u;
      h ^= h >> 15;
      values[i] = (h % 7 == 0) ? (h >> 3) % 8 : h % bins;
      ++ref[values[i] % bins];
    }
  }
  ~input() {
    sycl::free(values, q);
    sycl::free(hist, q);
  }
  void clear() { std::fill(hist, hist + bins, 0u); }
  std::string check() const {
    std::string why;
    weft_bench::equal_to(hist, ref.data(), bins, &why);
    return why;
  }
};

input& privatized_data() {
  static input d(weft_bench::size_for_mode<std::size_t>(std::size_t(1) << 24, std::size_t(1) << 26));
  return d;
}
input& atomic_data() {
  static input d(weft_bench::size_for_mode<std::size_t>(std::size_t(1) << 22, std::size_t(1) << 24));
  return d;
}

// ---- privatized ----
void histogram_baseline(input& d) {
  d.clear();
  const std::uint32_t* v = d.values;
  std::uint32_t* hist = d.hist;
  weft_bench::baseline([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, d.n, block), [=](const tbb::blocked_range<std::size_t>& r) {
      std::uint32_t local[bins] = {};
      for (std::size_t i = r.begin(); i != r.end(); ++i) ++local[v[i] % bins];
      for (std::size_t b = 0; b < bins; ++b)
        if (local[b]) __atomic_fetch_add(&hist[b], local[b], __ATOMIC_RELAXED);
    });
  });
}

void histogram_weft(input& d) {
  d.clear();
  const std::uint32_t* v = d.values;
  std::uint32_t* hist = d.hist;
  const std::size_t n = d.n;
  d.q.parallel_for(sycl::range<1>((n + block - 1) / block),
                   [=](sycl::id<1> blk) {
                     std::uint32_t local[bins] = {};
                     std::size_t end = std::min(n, (blk[0] + 1) * block);
                     for (std::size_t i = blk[0] * block; i < end; ++i) ++local[v[i] % bins];
                     for (std::size_t b = 0; b < bins; ++b)
                       if (local[b]) kernel_atomic_add(&hist[b], local[b]);
                   })
      .wait();
}

// ---- one atomic per value ----
void histogram_atomic_baseline(input& d) {
  d.clear();
  const std::uint32_t* v = d.values;
  std::uint32_t* hist = d.hist;
  weft_bench::baseline([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, d.n, 4096), [=](const tbb::blocked_range<std::size_t>& r) {
      for (std::size_t i = r.begin(); i != r.end(); ++i) __atomic_fetch_add(&hist[v[i] % bins], 1u, __ATOMIC_RELAXED);
    });
  });
}

void histogram_atomic_weft(input& d) {
  d.clear();
  const std::uint32_t* v = d.values;
  std::uint32_t* hist = d.hist;
  d.q.parallel_for(sycl::range<1>(d.n), [=](sycl::id<1> i) { kernel_atomic_add(&hist[v[i] % bins], 1u); }).wait();
}

template <input& (*Data)(), void (*Run)(input&)>
void histogram(benchmark::State& state) {
  auto& d = Data();
  if (weft_bench::run_checked(
          state, [&] { Run(d); }, [&] { return d.check(); }))
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(d.n));
}

}  // namespace

BENCHMARK_TEMPLATE(histogram, privatized_data, histogram_baseline)
    ->Name("histogram/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(histogram, privatized_data, histogram_weft)
    ->Name("histogram/weft")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(histogram, atomic_data, histogram_atomic_baseline)
    ->Name("histogram_atomic/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(histogram, atomic_data, histogram_atomic_weft)
    ->Name("histogram_atomic/weft")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

#ifdef WEFT_BENCH_HAVE_OPENCL
namespace {
const char* histogram_cl = R"CL(
#define BINS 256
__kernel void privatized(__global const uint* v, __global uint* hist, ulong n, ulong block) {
  uint local_bins[BINS];
  for (int b = 0; b < BINS; ++b) local_bins[b] = 0;
  ulong begin = get_global_id(0) * block, end = min(n, begin + block);
  for (ulong i = begin; i < end; ++i) ++local_bins[v[i] % BINS];
  for (int b = 0; b < BINS; ++b)
    if (local_bins[b]) atomic_add(&hist[b], local_bins[b]);
}
__kernel void per_value(__global const uint* v, __global uint* hist) {
  atomic_inc(&hist[v[get_global_id(0)] % BINS]);
}
__kernel void clear(__global uint* hist) { hist[get_global_id(0)] = 0; }
)CL";

void run_pocl(benchmark::State& state, input& d, bool privatized) {
  namespace ocl = weft_bench::ocl;
  ocl::buffer v(d.values, d.n * sizeof(std::uint32_t)), hist(d.hist, bins * sizeof(std::uint32_t));
  ocl::kernel clear(histogram_cl, "clear");
  clear.arg(0, hist.m);
  ocl::kernel k(histogram_cl, privatized ? "privatized" : "per_value");
  k.arg(0, v.m).arg(1, hist.m);
  std::size_t global = d.n;
  if (privatized) {
    k.arg(2, cl_ulong(d.n)).arg(3, cl_ulong(block));
    global = (d.n + block - 1) / block;
  }
  auto run = [&] {
    std::size_t nb = bins;
    clear.enqueue(1, &nb);
    k.enqueue(1, &global);
    ocl::kernel::finish();
  };
  d.clear();
  if (weft_bench::run_checked(state, run, [&] {
        hist.sync(bins * sizeof(std::uint32_t));
        return d.check();
      }))
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(d.n));
}
void histogram_pocl(benchmark::State& state) { run_pocl(state, privatized_data(), true); }
void histogram_atomic_pocl(benchmark::State& state) { run_pocl(state, atomic_data(), false); }
void ms_real(benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); }
WEFT_BENCH_PEER("histogram/pocl", histogram_pocl, ms_real);
WEFT_BENCH_PEER("histogram_atomic/pocl", histogram_atomic_pocl, ms_real);
}  // namespace
#endif

WEFT_BENCH_MAIN()
