// N-body: the O(n^2) gravitational acceleration of every body (softened), the
// natural SYCL kernel: one work item per body looping over all bodies. Weft runs
// it as parallel_for(range<1>); the baseline is oneTBB over blocks of bodies with
// xsimd across bodies (the vectorization a SYCL compiler gets across work items).
// GCC 12 warns inside its own _mm512_sqrt_ps (_mm512_undefined_ps, GCC PR 105593);
// the state must be set before any header pulls in <immintrin.h>.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <sycl/sycl.hpp>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "common/baseline.hpp"

namespace {

constexpr float eps2 = 0.01f;

std::size_t bodies() {
  static const std::size_t n = weft_bench::size_for_mode<std::size_t>(4096, 16384);
  return n;
}

struct system {
  sycl::queue q;
  std::size_t n = bodies();
  float* x = sycl::malloc_shared<float>(n, q);
  float* y = sycl::malloc_shared<float>(n, q);
  float* z = sycl::malloc_shared<float>(n, q);
  float* m = sycl::malloc_shared<float>(n, q);
  float* ax = sycl::malloc_shared<float>(n, q);
  float* ay = sycl::malloc_shared<float>(n, q);
  float* az = sycl::malloc_shared<float>(n, q);
  sycl::float4* bodies4 = sycl::malloc_shared<sycl::float4>(n, q);  // (x, y, z, mass): nbody/weft_float3's layout
  std::vector<double> rx, ry, rz;                                   // reference, in double
  double scale = 0;
  system() {
    std::uint32_t s = 12345;
    auto rnd = [&] {
      s = s * 1664525u + 1013904223u;
      return float(s >> 8) / float(1 << 24);
    };
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = rnd() * 10;
      y[i] = rnd() * 10;
      z[i] = rnd() * 10;
      m[i] = 0.5f + rnd();
      bodies4[i] = sycl::float4(x[i], y[i], z[i], m[i]);
    }
    rx.resize(n);
    ry.resize(n);
    rz.resize(n);
    weft_bench::baseline([&] {
      tbb::parallel_for(std::size_t(0), n, [&](std::size_t i) {
        double sx = 0, sy = 0, sz = 0;
        for (std::size_t j = 0; j < n; ++j) {
          double dx = double(x[j]) - x[i], dy = double(y[j]) - y[i], dz = double(z[j]) - z[i];
          double r2 = dx * dx + dy * dy + dz * dz + eps2;
          double inv = 1.0 / std::sqrt(r2);
          double f = m[j] * inv * inv * inv;
          sx += dx * f;
          sy += dy * f;
          sz += dz * f;
        }
        rx[i] = sx;
        ry[i] = sy;
        rz[i] = sz;
      });
    });
    for (std::size_t i = 0; i < n; ++i) scale = std::max({scale, std::fabs(rx[i]), std::fabs(ry[i]), std::fabs(rz[i])});
  }
  ~system() {
    for (float* p : {x, y, z, m, ax, ay, az}) sycl::free(p, q);
    sycl::free(bodies4, q);
  }
  void reset() {
    std::fill(ax, ax + n, -1e30f);
    std::fill(ay, ay + n, -1e30f);
    std::fill(az, az + n, -1e30f);
  }
  std::string check() const {
    std::string why;
    double atol = 1e-4 * scale;
    if (!weft_bench::close_to(ax, rx.data(), n, 1e-3, atol, &why)) return "ax: " + why;
    if (!weft_bench::close_to(ay, ry.data(), n, 1e-3, atol, &why)) return "ay: " + why;
    if (!weft_bench::close_to(az, rz.data(), n, 1e-3, atol, &why)) return "az: " + why;
    return {};
  }
};

system& data() {
  static system s;
  return s;
}

void nbody_baseline(system& s) {
  using batch = xsimd::batch<float>;
  const std::size_t n = s.n;
  const float *x = s.x, *y = s.y, *z = s.z, *m = s.m;
  float *ax = s.ax, *ay = s.ay, *az = s.az;
  weft_bench::baseline([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 64), [=](const tbb::blocked_range<std::size_t>& r) {
      std::size_t i = r.begin();
      for (; i + batch::size <= r.end(); i += batch::size) {
        batch xi = batch::load_unaligned(x + i), yi = batch::load_unaligned(y + i), zi = batch::load_unaligned(z + i);
        batch sx(0.f), sy(0.f), sz(0.f);
        for (std::size_t j = 0; j < n; ++j) {
          batch dx = batch(x[j]) - xi, dy = batch(y[j]) - yi, dz = batch(z[j]) - zi;
          batch r2 = dx * dx + dy * dy + dz * dz + batch(eps2);
          batch inv = batch(1.f) / xsimd::sqrt(r2);
          batch f = batch(m[j]) * inv * inv * inv;
          sx += dx * f;
          sy += dy * f;
          sz += dz * f;
        }
        sx.store_unaligned(ax + i);
        sy.store_unaligned(ay + i);
        sz.store_unaligned(az + i);
      }
      for (; i < r.end(); ++i) {
        float sx = 0, sy = 0, sz = 0;
        for (std::size_t j = 0; j < n; ++j) {
          float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
          float inv = 1.f / std::sqrt(dx * dx + dy * dy + dz * dz + eps2);
          float f = m[j] * inv * inv * inv;
          sx += dx * f;
          sy += dy * f;
          sz += dz * f;
        }
        ax[i] = sx;
        ay[i] = sy;
        az[i] = sz;
      }
    });
  });
}

// The array form; with `self_test`, SYCL-Bench's self test (`if (j != i)`; the self
// term is 0 anyway): a branch inside the item's loop that goes different ways for
// different items.
template <bool self_test>
void nbody_weft_arrays(system& s) {
  const std::size_t n = s.n;
  const float *x = s.x, *y = s.y, *z = s.z, *m = s.m;
  float *ax = s.ax, *ay = s.ay, *az = s.az;
  s.q.parallel_for(sycl::range<1>(n),
                   [=](sycl::id<1> i) {
                     float xi = x[i], yi = y[i], zi = z[i];
                     float sx = 0, sy = 0, sz = 0;
                     for (std::size_t j = 0; j < n; ++j) {
                       float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
                       float inv = sycl::rsqrt(dx * dx + dy * dy + dz * dz + eps2);
                       float f = m[j] * inv * inv * inv;
                       if (self_test && j == i[0]) continue;
                       sx += dx * f;
                       sy += dy * f;
                       sz += dz * f;
                     }
                     ax[i] = sx;
                     ay[i] = sy;
                     az[i] = sz;
                   })
      .wait();
}

// The same interactions as SYCL programs often write them (SYCL-Bench's NBody): the
// bodies as float4 (x, y, z, mass), the acceleration a float3 summed in the item.
void nbody_weft_float3(system& s) {
  const std::size_t n = s.n;
  const sycl::float4* bodies = s.bodies4;
  float *ax = s.ax, *ay = s.ay, *az = s.az;
  s.q.parallel_for(sycl::range<1>(n),
                   [=](sycl::id<1> i) {
                     const sycl::float4 mine = bodies[i];
                     sycl::float3 acc{0.0f};
                     for (std::size_t j = 0; j < n; ++j) {
                       const sycl::float4 other = bodies[j];
                       const sycl::float3 d{other.x() - mine.x(), other.y() - mine.y(), other.z() - mine.z()};
                       const float inv = sycl::rsqrt(sycl::dot(d, d) + eps2);
                       acc += d * (other.w() * inv * inv * inv);
                     }
                     ax[i] = acc.x();
                     ay[i] = acc.y();
                     az[i] = acc.z();
                   })
      .wait();
}

void report(benchmark::State& state, std::size_t n) {
  state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(n * n));  // interactions
}

template <void (*Run)(system&)>
void nbody(benchmark::State& state) {
  auto& s = data();
  s.reset();
  if (weft_bench::run_checked(
          state, [&] { Run(s); }, [&] { return s.check(); }))
    report(state, s.n);
}

}  // namespace

BENCHMARK_TEMPLATE(nbody, nbody_baseline)->Name("nbody/baseline")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(nbody, nbody_weft_arrays<false>)->Name("nbody/weft")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(nbody, nbody_weft_float3)->Name("nbody/weft_float3")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(nbody, nbody_weft_arrays<true>)
    ->Name("nbody/weft_self_test")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

#ifdef WEFT_BENCH_HAVE_OPENCL
namespace {
const char* nbody_cl = R"CL(
__kernel void nbody(__global const float* x, __global const float* y, __global const float* z,
                    __global const float* m, __global float* ax, __global float* ay, __global float* az,
                    ulong n, float eps2) {
  size_t i = get_global_id(0);
  float xi = x[i], yi = y[i], zi = z[i];
  float sx = 0, sy = 0, sz = 0;
  for (size_t j = 0; j < n; ++j) {
    float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
    float inv = 1.f / sqrt(dx * dx + dy * dy + dz * dz + eps2);
    float f = m[j] * inv * inv * inv;
    sx += dx * f;
    sy += dy * f;
    sz += dz * f;
  }
  ax[i] = sx;
  ay[i] = sy;
  az[i] = sz;
}
)CL";

void nbody_pocl(benchmark::State& state) {
  namespace ocl = weft_bench::ocl;
  auto& s = data();
  s.reset();
  std::size_t bytes = s.n * sizeof(float);
  ocl::buffer x(s.x, bytes), y(s.y, bytes), z(s.z, bytes), m(s.m, bytes), ax(s.ax, bytes), ay(s.ay, bytes),
      az(s.az, bytes);
  ocl::kernel k(nbody_cl, "nbody");
  cl_ulong n = s.n;
  k.arg(0, x.m).arg(1, y.m).arg(2, z.m).arg(3, m.m).arg(4, ax.m).arg(5, ay.m).arg(6, az.m).arg(7, n).arg(8, eps2);
  if (weft_bench::run_checked(
          state, [&] { k.run1d(s.n, 64); },
          [&] {
            ax.sync(bytes);
            ay.sync(bytes);
            az.sync(bytes);
            return s.check();
          }))
    report(state, s.n);
}
void ms_real(benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); }
WEFT_BENCH_PEER("nbody/pocl", nbody_pocl, ms_real);
}  // namespace
#endif

WEFT_BENCH_MAIN()
