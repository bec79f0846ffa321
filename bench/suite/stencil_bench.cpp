// 2D stencils as parallel_for(range<2>):
//  * jacobi2d: a 5-point Jacobi sweep, out = (up + down + left + right) / 4 over
//    the interior of an N x N float grid (boundary fixed), on USM; baseline:
//    oneTBB over rows with xsimd across a row.
//  * fdtd2d: the FDTD time steps of SYCL-Bench's polybench fdtd2d, three range<2>
//    kernels per step on double buffers through accessors (ey from hz, where row
//    0 is a source term; ex from hz where j > 0; hz from ex and ey); baseline:
//    the same three loop nests, each a oneTBB loop over rows. Kernels that read
//    an accessor only under a branch are what kept accessor fields in the item
//    loop once (masked loads and gathers; docs/design.md).
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

// --- fdtd2d ------------------------------------------------------------------------------

namespace {

// ex is N x (N+1), ey (N+1) x N, hz N x N, as in SYCL-Bench; `steps` time steps
// per timed run, the source term of step t is fict[t].
struct fdtd_fields {
  std::size_t n;
  std::vector<double> fict, ex, ey, hz;
  explicit fdtd_fields(std::size_t n_, std::size_t steps)
      : n(n_), fict(steps), ex(n * (n + 1)), ey((n + 1) * n), hz(n * n) {
    for (std::size_t t = 0; t < steps; ++t) fict[t] = double(t);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) {
        ex[i * (n + 1) + j] = (double(i) * double(j + 1) + 1) / double(n);
        ey[i * n + j] = ((double(i) - 1) * double(j + 2) + 2) / double(n);
        hz[i * n + j] = ((double(i) - 9) * double(j + 4) + 3) / double(n);
      }
  }
};

// The three loop nests of one time step over rows [b, e), shared by the baseline
// (one oneTBB loop per nest) and the serial reference.
inline void fdtd_ey_rows(fdtd_fields& f, std::size_t t, std::size_t b, std::size_t e) {
  const std::size_t n = f.n;
  double* __restrict ey = f.ey.data();
  const double* __restrict hz = f.hz.data();
  for (std::size_t i = b; i != e; ++i) {
    if (i == 0) std::fill(ey, ey + n, f.fict[t]);
    else
      for (std::size_t j = 0; j < n; ++j) ey[i * n + j] -= 0.5 * (hz[i * n + j] - hz[(i - 1) * n + j]);
  }
}
inline void fdtd_ex_rows(fdtd_fields& f, std::size_t b, std::size_t e) {
  const std::size_t n = f.n;
  double* __restrict ex = f.ex.data();
  const double* __restrict hz = f.hz.data();
  for (std::size_t i = b; i != e; ++i)
    for (std::size_t j = 1; j < n; ++j) ex[i * (n + 1) + j] -= 0.5 * (hz[i * n + j] - hz[i * n + j - 1]);
}
inline void fdtd_hz_rows(fdtd_fields& f, std::size_t b, std::size_t e) {
  const std::size_t n = f.n;
  const double* __restrict ex = f.ex.data();
  const double* __restrict ey = f.ey.data();
  double* __restrict hz = f.hz.data();
  for (std::size_t i = b; i != e; ++i)
    for (std::size_t j = 0; j < n; ++j)
      hz[i * n + j] -= 0.7 * (ex[i * (n + 1) + j + 1] - ex[i * (n + 1) + j] + ey[(i + 1) * n + j] - ey[i * n + j]);
}

struct fdtd_data {
  std::size_t n = weft_bench::size_for_mode<std::size_t>(1024, 2048);
  std::size_t steps = 10;
  fdtd_fields start{n, steps}, base = start, after_one_run = start;
  sycl::queue q;
  sycl::buffer<double, 1> fict{sycl::range<1>(steps)};
  sycl::buffer<double, 2> ex{sycl::range<2>(n, n + 1)};
  sycl::buffer<double, 2> ey{sycl::range<2>(n + 1, n)};
  sycl::buffer<double, 2> hz{sycl::range<2>(n, n)};
  fdtd_data() {
    for (std::size_t t = 0; t < steps; ++t) {
      fdtd_ey_rows(after_one_run, t, 0, n);
      fdtd_ex_rows(after_one_run, 0, n);
      fdtd_hz_rows(after_one_run, 0, n);
    }
  }
  // Back to the first step (Google Benchmark calls a benchmark more than once).
  void reset() {
    base = start;
    auto put = [](auto& buf, const std::vector<double>& v) {
      sycl::host_accessor a(buf, sycl::write_only);
      std::copy(v.begin(), v.end(), a.get_pointer());
    };
    put(fict, start.fict);
    put(ex, start.ex);
    put(ey, start.ey);
    put(hz, start.hz);
  }
  // The fields after the first run, against the serial reference.
  std::string check(const double* ex_, const double* ey_, const double* hz_) const {
    std::string why;
    const auto& r = after_one_run;
    if (!weft_bench::close_to(ex_, r.ex.data(), r.ex.size(), 1e-12, 1e-12, &why)) return "ex: " + why;
    if (!weft_bench::close_to(ey_, r.ey.data(), r.ey.size(), 1e-12, 1e-12, &why)) return "ey: " + why;
    if (!weft_bench::close_to(hz_, r.hz.data(), r.hz.size(), 1e-12, 1e-12, &why)) return "hz: " + why;
    return {};
  }
};

fdtd_data& fdtd() {
  static fdtd_data d;
  return d;
}

void fdtd_baseline(benchmark::State& state) {
  auto& d = fdtd();
  d.reset();
  fdtd_fields& f = d.base;
  auto run = [&] {
    weft_bench::baseline([&] {
      using rows = tbb::blocked_range<std::size_t>;
      for (std::size_t t = 0; t < d.steps; ++t) {
        tbb::parallel_for(rows(0, f.n), [&](const rows& r) { fdtd_ey_rows(f, t, r.begin(), r.end()); });
        tbb::parallel_for(rows(0, f.n), [&](const rows& r) { fdtd_ex_rows(f, r.begin(), r.end()); });
        tbb::parallel_for(rows(0, f.n), [&](const rows& r) { fdtd_hz_rows(f, r.begin(), r.end()); });
      }
    });
  };
  if (weft_bench::run_checked(state, run, [&] { return d.check(f.ex.data(), f.ey.data(), f.hz.data()); }))
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(3 * d.steps * d.n * d.n));
}

// Polybench_Fdtd2d::run of SYCL-Bench, steps time steps, then a wait.
void fdtd_weft(benchmark::State& state) {
  auto& d = fdtd();
  d.reset();
  const std::size_t n = d.n;
  auto run = [&] {
    for (std::size_t t = 0; t < d.steps; ++t) {
      d.q.submit([&](sycl::handler& cgh) {
        sycl::accessor fict(d.fict, cgh, sycl::read_only);
        sycl::accessor ey(d.ey, cgh, sycl::read_write);
        sycl::accessor hz(d.hz, cgh, sycl::read_only);
        cgh.parallel_for(sycl::range<2>(n, n), [=](sycl::item<2> item) {
          const std::size_t i = item[0], j = item[1];
          if (i == 0) ey[item] = fict[t];
          else ey[item] = ey[item] - 0.5 * (hz[item] - hz[{i - 1, j}]);
        });
      });
      d.q.submit([&](sycl::handler& cgh) {
        sycl::accessor ex(d.ex, cgh, sycl::read_write);
        sycl::accessor hz(d.hz, cgh, sycl::read_only);
        cgh.parallel_for(sycl::range<2>(n, n), [=](sycl::item<2> item) {
          const std::size_t i = item[0], j = item[1];
          if (j > 0) ex[item] = ex[item] - 0.5 * (hz[item] - hz[{i, j - 1}]);
        });
      });
      d.q.submit([&](sycl::handler& cgh) {
        sycl::accessor ex(d.ex, cgh, sycl::read_only);
        sycl::accessor ey(d.ey, cgh, sycl::read_only);
        sycl::accessor hz(d.hz, cgh, sycl::read_write);
        cgh.parallel_for(sycl::range<2>(n, n), [=](sycl::item<2> item) {
          const std::size_t i = item[0], j = item[1];
          hz[item] = hz[item] - 0.7 * (ex[{i, j + 1}] - ex[item] + ey[{i + 1, j}] - ey[item]);
        });
      });
    }
    d.q.wait();
  };
  auto check = [&] {
    sycl::host_accessor ex(d.ex, sycl::read_only), ey(d.ey, sycl::read_only), hz(d.hz, sycl::read_only);
    return d.check(ex.get_pointer(), ey.get_pointer(), hz.get_pointer());
  };
  if (weft_bench::run_checked(state, run, check))
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(3 * d.steps * n * n));
}

}  // namespace

BENCHMARK(fdtd_baseline)->Name("fdtd2d/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(fdtd_weft)->Name("fdtd2d/weft")->Unit(benchmark::kMillisecond)->UseRealTime();

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
