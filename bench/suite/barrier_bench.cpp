// Barrier cost in ns per work item per barrier, work groups of 64, 256, 1024.
// Each group runs K phases of: read the neighbour's value, barrier, write it +1,
// barrier (2K barriers per item). The neighbour of the last item is item 0, chosen by
// a comparison rather than `(l + 1) % wg`: a 64-bit division per item and phase would
// cost more than the split form's barrier it is meant to measure. Implementations:
//  baseline     loop fission, what a SYCL compiler emits: each phase is a loop over
//               the group's items, values live across the barrier in an array
//               (one oneTBB task per group)
//  boost_fiber  the reference design of AdaptiveCpp's library-only CPU backend: one
//               Boost.Fiber per work item, boost::fibers::barrier (one oneTBB task per group)
//  weft         parallel_for(nd_range) + group_barrier (when the nd_range engine is built)
//  pocl         the same kernel in OpenCL C with barrier() (PoCL compiles barriers away)
// This measures barriers in general; the nd_range area benchmarks its kernels
// (tree reduction, ...) against Boost.Fiber itself. Besides ns_per_item_barrier
// (wall clock, all workers together) each reports worker_ns (wall x workers) and
// cpu_ns (process CPU time) per item per barrier and both over the raw switch
// measured here too (context_switch/raw, common/switch_cost.hpp): the per-core
// cost that should stay flat from 1 to 16 workers (docs/barriers.md).
#include <tbb/parallel_for.h>

#include <memory>
#include <sycl/sycl.hpp>
#include <vector>

#include "common/baseline.hpp"
#include "common/fibers.hpp"
#include "common/switch_cost.hpp"

#ifdef WEFT_BENCH_HAVE_BOOST_FIBER
#include <boost/fiber/all.hpp>
#endif
#if __has_include(<weft/target/cpu/nd_range_kernel.hpp>)
#define WEFT_BENCH_HAVE_ND_RANGE 1
#endif

namespace {

constexpr int phases = 16;

std::size_t total_items() {
  static const std::size_t n = weft_bench::size_for_mode<std::size_t>(std::size_t(1) << 15, std::size_t(1) << 18);
  return n;
}

struct data_t {
  sycl::queue q;
  std::size_t n = total_items();
  int* buf = sycl::malloc_shared<int>(n, q);
  ~data_t() { sycl::free(buf, q); }
  void reset() {
    for (std::size_t i = 0; i < n; ++i) buf[i] = int(i);
  }
  std::string check(std::size_t wg) const {
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t base = i / wg * wg, l = i % wg;
      int expect = int(base + (l + phases) % wg) + phases;
      if (buf[i] != expect)
        return "item " + std::to_string(i) + " holds " + std::to_string(buf[i]) + ", expected " +
               std::to_string(expect);
    }
    return {};
  }
};

data_t& data() {
  static data_t d;
  return d;
}

void baseline_run(data_t& d, std::size_t wg) {
  int* buf = d.buf;
  weft_bench::baseline([&] {
    tbb::parallel_for(std::size_t(0), d.n / wg, [=](std::size_t g) {
      int tmp[1024];
      int* b = buf + g * wg;
      for (int k = 0; k < phases; ++k) {
        for (std::size_t l = 0; l + 1 < wg; ++l) tmp[l] = b[l + 1];  // (l + 1 < wg ? l + 1 : 0), in two loops
        tmp[wg - 1] = b[0];                                          // barrier
        for (std::size_t l = 0; l < wg; ++l) b[l] = tmp[l] + 1;      // barrier
      }
    });
  });
}

#ifdef WEFT_BENCH_HAVE_BOOST_FIBER
void fiber_run(data_t& d, std::size_t wg) {
  int* buf = d.buf;
  weft_bench::baseline([&] {
    tbb::parallel_for(std::size_t(0), d.n / wg, [=](std::size_t g) {
      // Stacks come from a per-thread pool, as in AdaptiveCpp.
      thread_local boost::fibers::pooled_fixedsize_stack stacks(16 * 1024);
      int* b = buf + g * wg;
      boost::fibers::barrier bar(wg);
      std::vector<boost::fibers::fiber> items;
      items.reserve(wg);
      for (std::size_t l = 0; l < wg; ++l)
        items.emplace_back(std::allocator_arg, stacks, [b, l, wg, &bar] {
          for (int k = 0; k < phases; ++k) {
            int v = b[l + 1 < wg ? l + 1 : 0];
            bar.wait();
            b[l] = v + 1;
            bar.wait();
          }
        });
      for (auto& f : items) f.join();
    });
  });
}
#endif

#ifdef WEFT_BENCH_HAVE_ND_RANGE
void weft_run(data_t& d, std::size_t wg) {
  int* buf = d.buf;
  d.q.parallel_for(sycl::nd_range<1>(sycl::range<1>(d.n), sycl::range<1>(wg)),
                   [=](sycl::nd_item<1> it) {
                     std::size_t l = it.get_local_id(0);
                     int* b = buf + it.get_group(0) * wg;
                     for (int k = 0; k < phases; ++k) {
                       int v = b[l + 1 < wg ? l + 1 : 0];
                       sycl::group_barrier(it.get_group());
                       b[l] = v + 1;
                       sycl::group_barrier(it.get_group());
                     }
                   })
      .wait();
}
void weft_fibers_run(data_t& d, std::size_t wg) {
  weft_bench::on_fibers([&] { weft_run(d, wg); });
}
#endif

void report(benchmark::State& state, std::size_t n) {
  // time / (items * barriers), in ns.
  state.counters["ns_per_item_barrier"] = benchmark::Counter(
      double(n) * 2 * phases * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <void (*Run)(data_t&, std::size_t)>
void barrier(benchmark::State& state) {
  auto& d = data();
  std::size_t wg = std::size_t(state.range(0));
  d.reset();
  if (weft_bench::run_checked_per_event(
          state, double(d.n) * 2 * phases, [&] { Run(d, wg); }, [&] { return d.check(wg); }))
    report(state, d.n);
}

void sizes(benchmark::internal::Benchmark* b) {
  b->Arg(64)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
}

}  // namespace

BENCHMARK(weft_bench::raw_switch)->Name("context_switch/raw");
BENCHMARK_TEMPLATE(barrier, baseline_run)->Name("barrier/baseline")->Apply(sizes);
#ifdef WEFT_BENCH_HAVE_BOOST_FIBER
BENCHMARK_TEMPLATE(barrier, fiber_run)->Name("barrier/boost_fiber")->Apply(sizes);
#endif
#ifdef WEFT_BENCH_HAVE_ND_RANGE
BENCHMARK_TEMPLATE(barrier, weft_run)->Name("barrier/weft")->Apply(sizes);
BENCHMARK_TEMPLATE(barrier, weft_fibers_run)->Name("barrier/weft_fibers")->Apply(sizes);
#endif

#ifdef WEFT_BENCH_HAVE_OPENCL
namespace {
const char* barrier_cl = R"CL(
__kernel void phases(__global int* buf, int phases) {
  size_t l = get_local_id(0), wg = get_local_size(0);
  __global int* b = buf + get_group_id(0) * wg;
  for (int k = 0; k < phases; ++k) {
    int v = b[l + 1 < wg ? l + 1 : 0];
    barrier(CLK_GLOBAL_MEM_FENCE);
    b[l] = v + 1;
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}
)CL";

void barrier_pocl(benchmark::State& state) {
  namespace ocl = weft_bench::ocl;
  auto& d = data();
  std::size_t wg = std::size_t(state.range(0));
  ocl::buffer b(d.buf, d.n * sizeof(int));
  ocl::kernel k(barrier_cl, "phases");
  k.arg(0, b.m).arg(1, cl_int(phases));
  d.reset();
  auto run = [&] { k.run1d(d.n, wg); };
  if (weft_bench::run_checked(state, run, [&] {
        b.sync(d.n * sizeof(int));
        return d.check(wg);
      }))
    report(state, d.n);
}
WEFT_BENCH_PEER("barrier/pocl", barrier_pocl, sizes);
}  // namespace
#endif

WEFT_BENCH_MAIN()
