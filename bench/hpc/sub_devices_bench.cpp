// Sub-devices side by side with one device (issue 33): the CPU device split in
// two halves (create_sub_devices<partition_by_counts>), each half's queue
// running its share of the work at the same time, against one queue on the whole
// device running all of it, and the hand-written oneTBB loop.
//
//   <kernel>/baseline            hand-written oneTBB, all of the work
//   <kernel>/weft                one queue on the whole device, all of the work
//   <kernel>/weft_sub_devices    two queues on two sub-devices, each its units' share
//                                of the work, side by side; the time is until both end
//
// Kernels: triad (a = b + s*c, memory bound) and compute (a chain of multiply-adds
// per item, compute bound). Counters of weft_sub_devices: share_0 and share_1,
// each sub-device's throughput as a fraction of its units' share of the whole
// device's (whole-device kernel time / the sub-device's kernel time, both from
// profiling, medians; the whole device runs alone between the timed iterations);
// at least 0.9 is the goal. Threads: WEFT_NUM_THREADS / WEFT_BENCH_THREADS as for
// every benchmark (bench/README.md); the halves are units/2 and the rest.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <sycl/sycl.hpp>
#include <vector>

#include "common/baseline.hpp"

namespace {

constexpr float scalar = 3.0f;
constexpr int compute_steps = 256;

using sycl::info::partition_property;

struct setup {
  sycl::property_list profiled{sycl::property::queue::enable_profiling()};
  sycl::device root{sycl::cpu_selector_v};
  sycl::queue whole{root, profiled};
  std::size_t units = root.get_info<sycl::info::device::max_compute_units>();
  std::vector<sycl::queue> halves;
  std::size_t n = weft_bench::size_for_mode<std::size_t>(std::size_t(1) << 24, std::size_t(1) << 26);
  float *a = nullptr, *b = nullptr, *c = nullptr;

  setup() {
    if (units >= 2)
      for (auto& d : root.create_sub_devices<partition_property::partition_by_counts>(
               std::vector<std::size_t>{units / 2, units - units / 2}))
        halves.emplace_back(d, profiled);
    a = sycl::malloc_shared<float>(n, whole);
    b = sycl::malloc_shared<float>(n, whole);
    c = sycl::malloc_shared<float>(n, whole);
    // First touch by the half that uses the data (its NUMA node), in a kernel.
    auto init = [=](sycl::queue& q, std::size_t lo, std::size_t hi) {
      float *pa = a, *pb = b, *pc = c;
      return q.parallel_for(sycl::range<1>(hi - lo), [=](sycl::id<1> j) {
        std::size_t i = j[0] + lo;
        pa[i] = 0;
        pb[i] = float(i % 1000);
        pc[i] = float(i % 7);
      });
    };
    if (halves.empty()) init(whole, 0, n).wait();
    else {
      const std::size_t mid = n * (units / 2) / units;  // as the kernels split (compute: a prefix)
      auto e0 = init(halves[0], 0, mid);
      init(halves[1], mid, n).wait();
      e0.wait();
    }
  }
  ~setup() {
    sycl::free(a, whole);
    sycl::free(b, whole);
    sycl::free(c, whole);
  }
  void clear() { std::fill(a, a + n, -1.0f); }
};

setup& data() {
  static setup s;
  return s;
}

// The kernels: `item` is Weft's kernel body, `chunk` the hand-written loop over
// [lo, hi), `value` the expected result of item i.
struct triad {
  static std::size_t items(const setup& d) { return d.n; }
  static void item(float* a, const float* b, const float* c, std::size_t i) { a[i] = b[i] + scalar * c[i]; }
  static void chunk(float* a, const float* b, const float* c, std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i != hi; ++i) a[i] = b[i] + scalar * c[i];
  }
  static float value(const setup& d, std::size_t i) { return d.b[i] + scalar * d.c[i]; }
};
struct compute {
  static std::size_t items(const setup& d) { return d.n / 64; }
  static float chain(float x, float y) {
    for (int k = 0; k < compute_steps; ++k) x = x * 0.999f + y;
    return x;
  }
  static void item(float* a, const float* b, const float* c, std::size_t i) { a[i] = chain(b[i], c[i]); }
  // By hand: 16 items at a time, the step loop outside the lanes (so it vectorizes).
  static void chunk(float* a, const float* b, const float* c, std::size_t lo, std::size_t hi) {
    constexpr std::size_t lanes = 16;
    std::size_t i = lo;
    for (; i + lanes <= hi; i += lanes) {
      float x[lanes], y[lanes];
      for (std::size_t l = 0; l < lanes; ++l) x[l] = b[i + l], y[l] = c[i + l];
      for (int k = 0; k < compute_steps; ++k)
        for (std::size_t l = 0; l < lanes; ++l) x[l] = x[l] * 0.999f + y[l];
      for (std::size_t l = 0; l < lanes; ++l) a[i + l] = x[l];
    }
    for (; i != hi; ++i) a[i] = chain(b[i], c[i]);
  }
  static float value(const setup& d, std::size_t i) { return chain(d.b[i], d.c[i]); }
};

template <class K>
sycl::event submit(sycl::queue& q, setup& d, std::size_t lo, std::size_t hi) {
  float *a = d.a, *b = d.b, *c = d.c;
  return q.parallel_for(sycl::range<1>(hi - lo), [=](sycl::id<1> j) { K::item(a, b, c, j[0] + lo); });
}

// From submission to completion: what a queue's user waits for.
double kernel_ns(const sycl::event& e) {
  return double(e.get_profiling_info<sycl::info::event_profiling::command_end>() -
                e.get_profiling_info<sycl::info::event_profiling::command_submit>());
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

// A sample of the items (the kernel may contract to fused multiply-adds where the check does not).
template <class K>
std::string check(setup& d) {
  for (std::size_t i = 0; i < K::items(d); i += 1 + i % 4099) {
    const float want = K::value(d, i);
    if (!(std::fabs(d.a[i] - want) <= 1e-5f * std::fabs(want) + 1e-6f))
      return "wrong value at index " + std::to_string(i) + ": " + std::to_string(d.a[i]) + ", expected " +
             std::to_string(want);
  }
  return {};
}

// The baselines' arena: as weft_bench::baseline_arena() (bench_threads() threads, one
// of them the caller) but without its tbb::global_control, which would cap oneTBB at
// bench_threads() + 1 threads for the rest of the process: the sub-devices' arenas
// would then wait for the whole device's workers to move over (Weft raises the limit
// by the sub-devices' units, and oneTBB obeys the smallest limit).
tbb::task_arena& baseline_arena() {
  static tbb::task_arena arena(weft_bench::bench_threads(), 1);
  return arena;
}

template <class K>
void run_baseline(benchmark::State& state) {
  auto& d = data();
  d.clear();
  weft_bench::run_checked(
      state,
      [&] {
        float *a = d.a, *b = d.b, *c = d.c;
        baseline_arena().execute([&] {
          tbb::parallel_for(tbb::blocked_range<std::size_t>(0, K::items(d), 4096),
                            [=](const tbb::blocked_range<std::size_t>& r) { K::chunk(a, b, c, r.begin(), r.end()); });
        });
      },
      [&] { return check<K>(d); });
}

template <class K>
void run_whole(benchmark::State& state) {
  auto& d = data();
  d.clear();
  weft_bench::run_checked(
      state, [&] { submit<K>(d.whole, d, 0, K::items(d)).wait(); }, [&] { return check<K>(d); });
}

template <class K>
void run_sub_devices(benchmark::State& state) {
  auto& d = data();
  if (d.halves.empty()) {
    state.SkipWithError("needs at least 2 worker threads to split the device (WEFT_NUM_THREADS)");
    return;
  }
  const std::size_t n = K::items(d), mid = n * (d.units / 2) / d.units;
  std::vector<double> whole_ns, half_ns[2];
  auto both = [&] {
    auto e0 = submit<K>(d.halves[0], d, 0, mid);
    auto e1 = submit<K>(d.halves[1], d, mid, n);
    e0.wait();
    e1.wait();
    half_ns[0].push_back(kernel_ns(e0));
    half_ns[1].push_back(kernel_ns(e1));
  };
  d.clear();
  both();
  if (!weft_bench::verify(state, check<K>(d).empty(), check<K>(d))) return;
  for (auto _ : state) {
    // The whole device alone, between the timed runs (so under the same load):
    // what each half's share is measured against.
    state.PauseTiming();
    auto e = submit<K>(d.whole, d, 0, n);
    e.wait();
    whole_ns.push_back(kernel_ns(e));
    state.ResumeTiming();
    both();
  }
  const double whole = median(whole_ns);
  for (int k = 0; k < 2; ++k) state.counters["share_" + std::to_string(k)] = whole / median(half_ns[k]);
  state.counters["units"] = double(d.units);
}

#define WEFT_SUB_DEVICE_BENCH(name, kernel)                                                                        \
  BENCHMARK_TEMPLATE(run_baseline, kernel)->Name(#name "/baseline")->UseRealTime()->Unit(benchmark::kMillisecond); \
  BENCHMARK_TEMPLATE(run_whole, kernel)->Name(#name "/weft")->UseRealTime()->Unit(benchmark::kMillisecond);        \
  BENCHMARK_TEMPLATE(run_sub_devices, kernel)                                                                      \
      ->Name(#name "/weft_sub_devices")                                                                            \
      ->UseRealTime()                                                                                              \
      ->Unit(benchmark::kMillisecond);

WEFT_SUB_DEVICE_BENCH(sub_device_triad, triad)
WEFT_SUB_DEVICE_BENCH(sub_device_compute, compute)

}  // namespace

WEFT_BENCH_MAIN()
