// sycl::reduction over a range kernel in the shape of SYCL-Bench's KernelReduction: each
// item combines `cf` consecutive elements (the coarsening factor: 1, 4, 8) into one
// plus-reducer over 2^24 (full mode 2^26) elements of SYCL-Bench's four types (int32,
// int64, fp32, fp64), against the same sum as tbb::parallel_reduce with an xsimd loop
// per chunk.
//
//   kernel_reduction_<type>/baseline    tbb::parallel_reduce, an xsimd loop per chunk
//   kernel_reduction_<type>/weft_cf<N>  parallel_for(range(n / N), reduction(sum, plus), ...)
//
// Inputs are small integers: int sums are exact, float sums within a relative 1e-6
// (partial sums beyond 2^24 round, in an order each form picks).
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "common/baseline.hpp"
#include "common/lane_sum.hpp"

namespace {

const std::size_t n = weft_bench::size_for_mode<std::size_t>(std::size_t(1) << 24, std::size_t(1) << 26);

template <class T>
struct red_data {
  sycl::queue q;
  T* in = sycl::malloc_shared<T>(n, q);
  T* sum = sycl::malloc_shared<T>(1, q);
  double expected = 0;
  red_data() {
    for (std::size_t i = 0; i < n; ++i) {
      in[i] = static_cast<T>(i % 7);
      expected += double(i % 7);
    }
  }
  ~red_data() {
    sycl::free(in, q);
    sycl::free(sum, q);
  }
  std::string check(T got) const {
    const double tolerance = std::is_floating_point_v<T> ? 1e-6 * expected : 0.0;
    if (std::fabs(double(got) - expected) <= tolerance) return {};
    return "wrong sum: " + std::to_string(double(got)) + ", expected " + std::to_string(expected);
  }
};

template <class T>
red_data<T>& data() {
  static red_data<T> d;
  return d;
}

// Per chunk an xsimd accumulator (the compiler vectorizes no float sum without
// -ffast-math), then the tail.
template <class T>
T sum_baseline(red_data<T>& d) {
  const T* in = d.in;
  using B = xsimd::batch<T>;
  return weft_bench::baseline_reduce(
      tbb::blocked_range<std::size_t>(0, n, 1 << 14), T(0),
      [=](const tbb::blocked_range<std::size_t>& r, T acc) {
        std::size_t i = r.begin();
        B lanes(T(0));
        for (; i + B::size <= r.end(); i += B::size) lanes += B::load_unaligned(in + i);
        for (; i != r.end(); ++i) acc += in[i];
        return acc + weft_bench::lane_sum(lanes);
      },
      [](T a, T b) { return a + b; });
}

template <class T, int CoarseningFactor>
T sum_weft(red_data<T>& d) {
  const T* in = d.in;
  *d.sum = T(0);
  d.q.parallel_for(sycl::range<1>(n / CoarseningFactor), sycl::reduction(d.sum, sycl::plus<T>()),
                   [=](sycl::id<1> idx, auto& sum) {
                     for (int i = 0; i < CoarseningFactor; ++i) sum.combine(in[idx[0] * CoarseningFactor + i]);
                   })
      .wait();
  return *d.sum;
}

template <class T, T (*Run)(red_data<T>&)>
void kernel_reduction(benchmark::State& state) {
  auto& d = data<T>();
  T got{};
  if (!weft_bench::run_checked(
          state, [&] { got = Run(d); }, [&] { return d.check(got); }))
    return;
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(n * sizeof(T)));
}

void ms_real(benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); }

}  // namespace

// SYCL-Bench's KernelReduction types and coarsening factors.
#define KERNEL_REDUCTION(T, name)                           \
  BENCHMARK_TEMPLATE(kernel_reduction, T, sum_baseline<T>)  \
      ->Name("kernel_reduction_" name "/baseline")          \
      ->Apply(ms_real);                                     \
  BENCHMARK_TEMPLATE(kernel_reduction, T, (sum_weft<T, 1>)) \
      ->Name("kernel_reduction_" name "/weft_cf1")          \
      ->Apply(ms_real);                                     \
  BENCHMARK_TEMPLATE(kernel_reduction, T, (sum_weft<T, 4>)) \
      ->Name("kernel_reduction_" name "/weft_cf4")          \
      ->Apply(ms_real);                                     \
  BENCHMARK_TEMPLATE(kernel_reduction, T, (sum_weft<T, 8>))->Name("kernel_reduction_" name "/weft_cf8")->Apply(ms_real)

KERNEL_REDUCTION(float, "fp32");
KERNEL_REDUCTION(std::int32_t, "int32");
KERNEL_REDUCTION(std::int64_t, "int64");
KERNEL_REDUCTION(double, "fp64");

WEFT_BENCH_MAIN()
