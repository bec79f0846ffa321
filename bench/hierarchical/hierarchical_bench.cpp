// Hierarchical parallelism (SYCL 2020 parallel_for_work_group) against hand-written
// oneTBB + xsimd doing the same work, in one binary; every result is checked once
// before timing.
//   hier_dot        per-work-group partial scalar products of 2^24 floats (256 groups):
//                   each work item accumulates a column of its group's block in
//                   private_memory, one parallel_for_work_item per block row (each a
//                   loop over the items that vectorizes), then the group sums its
//                   items' partials in work-group scope
//   hier_wg_reduce  per-work-group sums of 2^24 ints in groups of 128 (the scoped
//                   bench's wg_reduce), the items storing into a work-group-scope
//                   array: weft_group_scope then sums it in work-group scope;
//                   weft_tree is the textbook tree with a halving logical range
#include "common/baseline.hpp"
#include <benchmark/benchmark.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cmath>
#include <string>
#include <sycl/sycl.hpp>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "common/lane_sum.hpp"

namespace {

using weft_bench::lane_sum;

// ---- scalar product, one partial per work group -----------------------------------

constexpr std::size_t dot_n = std::size_t(1) << 24;
constexpr std::size_t dot_groups = 256;
constexpr std::size_t dot_block = dot_n / dot_groups;  // elements per group
constexpr std::size_t dot_items = 256;                 // work items per group

struct dot_data {
  sycl::queue q;
  float* x = sycl::malloc_shared<float>(dot_n, q);
  float* y = sycl::malloc_shared<float>(dot_n, q);
  float* part = sycl::malloc_shared<float>(dot_groups, q);
  std::vector<double> ref = std::vector<double>(dot_groups, 0.0);
  dot_data() {
    tbb::parallel_for(std::size_t(0), dot_n, [&](std::size_t i) {
      x[i] = float(i % 17) * 0.25f - 2.f;
      y[i] = float(i % 11) * 0.5f - 2.5f;
    });
    for (std::size_t g = 0; g < dot_groups; ++g)
      for (std::size_t i = g * dot_block; i < (g + 1) * dot_block; ++i) ref[g] += double(x[i]) * double(y[i]);
  }
  ~dot_data() {
    sycl::free(x, q);
    sycl::free(y, q);
    sycl::free(part, q);
  }
  std::string check() const {
    std::string why;
    weft_bench::close_to(part, ref.data(), dot_groups, 1e-4, 1e-2, &why);
    return why;
  }
};

dot_data& ddata() {
  static dot_data d;
  return d;
}

void dot_baseline(dot_data& d) {
  const float *x = d.x, *y = d.y;
  float* part = d.part;
  using B = xsimd::batch<float>;
  weft_bench::baseline_for(
      tbb::blocked_range<std::size_t>(0, dot_groups, 1), [=](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t g = r.begin(); g != r.end(); ++g) {
          const float* px = x + g * dot_block;
          const float* py = y + g * dot_block;
          B a0(0.f), a1(0.f);
          for (std::size_t i = 0; i < dot_block; i += 2 * B::size) {
            a0 = xsimd::fma(B::load_unaligned(px + i), B::load_unaligned(py + i), a0);
            a1 = xsimd::fma(B::load_unaligned(px + i + B::size), B::load_unaligned(py + i + B::size), a1);
          }
          part[g] = lane_sum(a0 + a1);
        }
      });
}

void dot_hierarchical(dot_data& d) {
  const float *x = d.x, *y = d.y;
  float* part = d.part;
  d.q.submit([&](sycl::handler& cgh) {
       cgh.parallel_for_work_group(sycl::range<1>(dot_groups), sycl::range<1>(dot_items), [=](sycl::group<1> g) {
         sycl::private_memory<float> acc(g);
         const std::size_t base = g.get_group_id(0) * dot_block;
         g.parallel_for_work_item([&](sycl::h_item<1> it) { acc(it) = 0.f; });
         for (std::size_t row = 0; row < dot_block; row += dot_items)
           g.parallel_for_work_item([&](sycl::h_item<1> it) {
             const std::size_t i = base + row + it.get_local_id(0);
             acc(it) += x[i] * y[i];
           });
         float sums[dot_items];  // work-group scope: one array for the group
         g.parallel_for_work_item([&](sycl::h_item<1> it) { sums[it.get_local_id(0)] = acc(it); });
         float sum = 0.f;  // once per group
         for (std::size_t i = 0; i < dot_items; ++i) sum += sums[i];
         part[g.get_group_id(0)] = sum;
       });
     })
      .wait();
}

template <void (*Run)(dot_data&)>
void hier_dot(benchmark::State& state) {
  auto& d = ddata();
  std::fill(d.part, d.part + dot_groups, 0.f);
  if (!weft_bench::run_checked(
          state, [&] { Run(d); }, [&] { return d.check(); }))
    return;
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(2 * dot_n * sizeof(float)));
}

// ---- per-work-group sums ------------------------------------------------------------

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
  std::string check() const {
    for (std::size_t g = 0; g < red_n / red_group; ++g) {
      int s = 0;
      for (std::size_t i = g * red_group; i < (g + 1) * red_group; ++i) s += in[i];
      if (out[g] != s)
        return "wrong sum of group " + std::to_string(g) + ": " + std::to_string(out[g]) + ", expected " +
               std::to_string(s);
    }
    return {};
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
                               out[g] = lane_sum(acc);
                             }
                           });
}

// Each item stores its element in a work-group-scope array; the group sums it in
// work-group scope (once per group, after the implicit barrier).
void red_group_scope(red_data& d) {
  const int* in = d.in;
  int* out = d.out;
  d.q.submit([&](sycl::handler& cgh) {
       cgh.parallel_for_work_group(sycl::range<1>(red_n / red_group), sycl::range<1>(red_group), [=](sycl::group<1> g) {
         int scratch[red_group];
         g.parallel_for_work_item([&](sycl::h_item<1> it) { scratch[it.get_local_id(0)] = in[it.get_global_id(0)]; });
         int sum = 0;
         for (std::size_t i = 0; i < red_group; ++i) sum += scratch[i];
         out[g.get_group_id(0)] = sum;
       });
     })
      .wait();
}

// The textbook form: a work-group-scope array, then a tree with a halving logical range.
void red_tree(red_data& d) {
  const int* in = d.in;
  int* out = d.out;
  d.q.submit([&](sycl::handler& cgh) {
       cgh.parallel_for_work_group(sycl::range<1>(red_n / red_group), sycl::range<1>(red_group), [=](sycl::group<1> g) {
         int scratch[red_group];
         g.parallel_for_work_item([&](sycl::h_item<1> it) { scratch[it.get_local_id(0)] = in[it.get_global_id(0)]; });
         for (std::size_t half = red_group / 2; half > 0; half /= 2)
           g.parallel_for_work_item(sycl::range<1>(half), [&](sycl::h_item<1> it) {
             scratch[it.get_local_id(0)] += scratch[it.get_local_id(0) + half];
           });
         out[g.get_group_id(0)] = scratch[0];
       });
     })
      .wait();
}

template <void (*Run)(red_data&)>
void hier_wg_reduce(benchmark::State& state) {
  auto& d = rdata();
  std::fill(d.out, d.out + red_n / red_group, 0);
  if (!weft_bench::run_checked(
          state, [&] { Run(d); }, [&] { return d.check(); }))
    return;
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(red_n * sizeof(int)));
}

}  // namespace

BENCHMARK_TEMPLATE(hier_dot, dot_baseline)->Name("hier_dot/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(hier_dot, dot_hierarchical)->Name("hier_dot/weft")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(hier_wg_reduce, red_baseline)
    ->Name("hier_wg_reduce/baseline")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(hier_wg_reduce, red_group_scope)
    ->Name("hier_wg_reduce/weft_group_scope")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(hier_wg_reduce, red_tree)
    ->Name("hier_wg_reduce/weft_tree")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

WEFT_BENCH_MAIN()
