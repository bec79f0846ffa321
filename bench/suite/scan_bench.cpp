// Inclusive prefix sum of 32-bit integers, blocked two-pass, as range kernels
// can express it: (1) one work item per block sums its block, (2) a single task
// scans the block sums, (3) one work item per block scans its block from its
// offset. The baseline runs the same three phases with oneTBB.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <numeric>
#include <sycl/sycl.hpp>
#include <vector>

#include "common/baseline.hpp"

namespace {

constexpr std::size_t block = 1 << 14;

struct arrays {
  sycl::queue q{sycl::property::queue::in_order{}};
  std::size_t n = weft_bench::size_for_mode<std::size_t>(std::size_t(1) << 24, std::size_t(1) << 26);
  std::size_t blocks = (n + block - 1) / block;
  std::uint32_t* in = sycl::malloc_shared<std::uint32_t>(n, q);
  std::uint32_t* out = sycl::malloc_shared<std::uint32_t>(n, q);
  std::uint32_t* sums = sycl::malloc_shared<std::uint32_t>(blocks, q);
  std::vector<std::uint32_t> ref;
  arrays() {
    for (std::size_t i = 0; i < n; ++i) in[i] = std::uint32_t((i * 2654435761u) >> 7) % 1000;
    ref.resize(n);
    std::inclusive_scan(in, in + n, ref.begin());
  }
  ~arrays() {
    sycl::free(in, q);
    sycl::free(out, q);
    sycl::free(sums, q);
  }
  void clear() { std::fill(out, out + n, 0u); }
  std::string check() const {
    std::string why;
    weft_bench::equal_to(out, ref.data(), n, &why);
    return why;
  }
};

arrays& data() {
  static arrays d;
  return d;
}

// Phase 2, shared by the baseline and the single task: exclusive scan of the block sums.
inline void scan_sums(std::uint32_t* sums, std::size_t blocks) {
  std::uint32_t run = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    std::uint32_t s = sums[b];
    sums[b] = run;
    run += s;
  }
}

void scan_baseline(arrays& d) {
  const std::uint32_t* in = d.in;
  std::uint32_t *out = d.out, *sums = d.sums;
  const std::size_t n = d.n, blocks = d.blocks;
  weft_bench::baseline([&] {
    tbb::parallel_for(std::size_t(0), blocks, [=](std::size_t b) {
      std::uint32_t s = 0;
      for (std::size_t i = b * block, e = std::min(n, i + block); i < e; ++i) s += in[i];
      sums[b] = s;
    });
    scan_sums(sums, blocks);
    tbb::parallel_for(std::size_t(0), blocks, [=](std::size_t b) {
      std::uint32_t run = sums[b];
      for (std::size_t i = b * block, e = std::min(n, i + block); i < e; ++i) out[i] = run += in[i];
    });
  });
}

void scan_weft(arrays& d) {
  const std::uint32_t* in = d.in;
  std::uint32_t *out = d.out, *sums = d.sums;
  const std::size_t n = d.n, blocks = d.blocks;
  d.q.parallel_for(sycl::range<1>(blocks), [=](sycl::id<1> b) {
    std::uint32_t s = 0;
    for (std::size_t i = b[0] * block, e = std::min(n, i + block); i < e; ++i) s += in[i];
    sums[b] = s;
  });
  d.q.single_task([=] { scan_sums(sums, blocks); });
  d.q.parallel_for(sycl::range<1>(blocks), [=](sycl::id<1> b) {
    std::uint32_t run = sums[b];
    for (std::size_t i = b[0] * block, e = std::min(n, i + block); i < e; ++i) out[i] = run += in[i];
  });
  d.q.wait();
}

template <void (*Run)(arrays&)>
void scan(benchmark::State& state) {
  auto& d = data();
  d.clear();
  if (weft_bench::run_checked(
          state, [&] { Run(d); }, [&] { return d.check(); })) {
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(d.n));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(3 * d.n * sizeof(std::uint32_t)));
  }
}

}  // namespace

BENCHMARK_TEMPLATE(scan, scan_baseline)->Name("scan/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(scan, scan_weft)->Name("scan/weft")->Unit(benchmark::kMillisecond)->UseRealTime();

#ifdef WEFT_BENCH_HAVE_OPENCL
namespace {
const char* scan_cl = R"CL(
__kernel void block_sums(__global const uint* in, __global uint* sums, ulong n, ulong block) {
  ulong b = get_global_id(0), i = b * block, e = min(n, i + block);
  uint s = 0;
  for (; i < e; ++i) s += in[i];
  sums[b] = s;
}
__kernel void scan_sums(__global uint* sums, ulong blocks) {
  uint run = 0;
  for (ulong b = 0; b < blocks; ++b) { uint s = sums[b]; sums[b] = run; run += s; }
}
__kernel void block_scan(__global const uint* in, __global uint* out, __global const uint* sums, ulong n, ulong block) {
  ulong b = get_global_id(0), i = b * block, e = min(n, i + block);
  uint run = sums[b];
  for (; i < e; ++i) { run += in[i]; out[i] = run; }
}
)CL";

void scan_pocl(benchmark::State& state) {
  namespace ocl = weft_bench::ocl;
  auto& d = data();
  d.clear();
  std::size_t bytes = d.n * sizeof(std::uint32_t);
  ocl::buffer in(d.in, bytes), out(d.out, bytes), sums(d.sums, d.blocks * sizeof(std::uint32_t));
  cl_ulong n = d.n, blk = block, blocks = d.blocks;
  ocl::kernel k1(scan_cl, "block_sums"), k2(scan_cl, "scan_sums"), k3(scan_cl, "block_scan");
  k1.arg(0, in.m).arg(1, sums.m).arg(2, n).arg(3, blk);
  k2.arg(0, sums.m).arg(1, blocks);
  k3.arg(0, in.m).arg(1, out.m).arg(2, sums.m).arg(3, n).arg(4, blk);
  auto run = [&] {
    std::size_t g = d.blocks, one = 1;
    k1.enqueue(1, &g);
    k2.enqueue(1, &one);
    k3.enqueue(1, &g);
    ocl::kernel::finish();
  };
  if (weft_bench::run_checked(state, run, [&] {
        out.sync(bytes);
        return d.check();
      })) {
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(d.n));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(3 * bytes));
  }
}
void ms_real(benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); }
WEFT_BENCH_PEER("scan/pocl", scan_pocl, ms_real);
}  // namespace
#endif

WEFT_BENCH_MAIN()
