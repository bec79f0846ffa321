// 2D 5-point Jacobi stencil: one sweep out = (up + down + left + right) / 4 over
// the interior of an N x N float grid (boundary fixed). Weft runs it as
// parallel_for(range<2>); the baseline is oneTBB over rows with xsimd across a row.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <sycl/sycl.hpp>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "common/baseline.hpp"

namespace {

std::size_t grid() {
  static const std::size_t n = weft_bench::size_for_mode<std::size_t>(2048, 8192);
  return n;
}

struct grids {
  sycl::queue q;
  std::size_t n = grid();
  float* in = sycl::malloc_shared<float>(n * n, q);
  float* out = sycl::malloc_shared<float>(n * n, q);
  std::vector<float> ref;
  grids() {
    weft_bench::baseline([&] {
      tbb::parallel_for(std::size_t(0), n, [&](std::size_t i) {
        for (std::size_t j = 0; j < n; ++j) in[i * n + j] = float((i * 131 + j * 71) % 1024) / 64.f;
      });
    });
    ref.assign(in, in + n * n);
    for (std::size_t i = 1; i + 1 < n; ++i)
      for (std::size_t j = 1; j + 1 < n; ++j)
        ref[i * n + j] =
            0.25f * (((in[(i - 1) * n + j] + in[(i + 1) * n + j]) + in[i * n + j - 1]) + in[i * n + j + 1]);
  }
  ~grids() {
    sycl::free(in, q);
    sycl::free(out, q);
  }
  // The boundary is copied, the interior poisoned, before the checked run.
  void reset() {
    std::copy(in, in + n * n, out);
    for (std::size_t i = 1; i + 1 < n; ++i) std::fill(out + i * n + 1, out + i * n + n - 1, -1.f);
  }
  std::string check() const {
    std::string why;
    weft_bench::close_to(out, ref.data(), n * n, 1e-6, 1e-6, &why);
    return why;
  }
};

grids& data() {
  static grids g;
  return g;
}

void stencil_baseline(grids& g) {
  using batch = xsimd::batch<float>;
  const std::size_t n = g.n;
  const float* in = g.in;
  float* out = g.out;
  weft_bench::baseline([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(1, n - 1, 4), [=](const tbb::blocked_range<std::size_t>& r) {
      const batch quarter(0.25f);
      for (std::size_t i = r.begin(); i != r.end(); ++i) {
        const float *up = in + (i - 1) * n, *mid = in + i * n, *down = in + (i + 1) * n;
        float* o = out + i * n;
        std::size_t j = 1;
        for (; j + batch::size <= n - 1; j += batch::size) {
          batch s = batch::load_unaligned(up + j) + batch::load_unaligned(down + j);
          s = (s + batch::load_unaligned(mid + j - 1)) + batch::load_unaligned(mid + j + 1);
          (quarter * s).store_unaligned(o + j);
        }
        for (; j < n - 1; ++j) o[j] = 0.25f * (((up[j] + down[j]) + mid[j - 1]) + mid[j + 1]);
      }
    });
  });
}

void stencil_weft(grids& g) {
  const std::size_t n = g.n;
  const float* in = g.in;
  float* out = g.out;
  g.q.parallel_for(sycl::range<2>(n - 2, n - 2),
                   [=](sycl::item<2> it) {
                     std::size_t i = it[0] + 1, j = it[1] + 1;
                     out[i * n + j] = 0.25f * (((in[(i - 1) * n + j] + in[(i + 1) * n + j]) + in[i * n + j - 1]) +
                                               in[i * n + j + 1]);
                   })
      .wait();
}

template <void (*Run)(grids&)>
void stencil(benchmark::State& state) {
  auto& g = data();
  g.reset();
  if (weft_bench::run_checked(
          state, [&] { Run(g); }, [&] { return g.check(); })) {
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t((g.n - 2) * (g.n - 2)));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(2 * g.n * g.n * sizeof(float)));
  }
}

}  // namespace

BENCHMARK_TEMPLATE(stencil, stencil_baseline)->Name("jacobi2d/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(stencil, stencil_weft)->Name("jacobi2d/weft")->Unit(benchmark::kMillisecond)->UseRealTime();

#ifdef WEFT_BENCH_HAVE_OPENCL
namespace {
const char* stencil_cl = R"CL(
__kernel void jacobi(__global const float* in, __global float* out, ulong n) {
  size_t j = get_global_id(0) + 1, i = get_global_id(1) + 1;
  out[i * n + j] = 0.25f * (((in[(i - 1) * n + j] + in[(i + 1) * n + j]) + in[i * n + j - 1]) + in[i * n + j + 1]);
}
)CL";

void stencil_pocl(benchmark::State& state) {
  namespace ocl = weft_bench::ocl;
  auto& g = data();
  g.reset();
  std::size_t bytes = g.n * g.n * sizeof(float);
  ocl::buffer in(g.in, bytes), out(g.out, bytes);
  ocl::kernel k(stencil_cl, "jacobi");
  cl_ulong n = g.n;
  k.arg(0, in.m).arg(1, out.m).arg(2, n);
  std::size_t global[2] = {g.n - 2, g.n - 2};
  auto run = [&] {
    k.enqueue(2, global);
    ocl::kernel::finish();
  };
  if (weft_bench::run_checked(state, run, [&] {
        out.sync(bytes);
        return g.check();
      })) {
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t((g.n - 2) * (g.n - 2)));
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(2 * bytes));
  }
}
void ms_real(benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); }
WEFT_BENCH_PEER("jacobi2d/pocl", stencil_pocl, ms_real);
}  // namespace
#endif

WEFT_BENCH_MAIN()
