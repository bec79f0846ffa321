// GPU benchmarks of Weft's CUDA target: each SYCL kernel against the same work
// hand-written in CUDA, timed in the same run. Every kernel's result is checked
// once before timing. Times are the median of `reps` runs, host-timed around
// queue::wait() (Weft) and cudaDeviceSynchronize (baselines), so Weft's figure
// includes its per-command overhead (task graph, node, stream sync).
//
//   triad:     a[i] = b[i] + s * c[i] (USM device memory), bandwidth vs cudaMemcpy D2D
//   buffers:   the triad on buffers (device copies, no data movement between
//              kernels) vs on USM; a first kernel on a fresh buffer built on host
//              data (its upload) vs cudaMemcpy from the same pageable memory
//   reduction: the ComputeCpp seed's local-memory tree reduction (nd_range,
//              barriers), vs the same kernel in CUDA with __shared__ memory
//   sycl::reduction: parallel_for(range, reduction(plus)) over device USM, vs
//              the seed's kernel hand-written in CUDA (multi-pass)
//   scoped:    the scoped-parallelism seed's reduction (cgh.parallel, local memory
//              from memory_environment, distribute_items_and_wait tree) over device
//              USM, one pass, vs the same tree hand-written in CUDA
//   matmul:    the seed's sub-group matmul (group_broadcast), vs a CUDA kernel
//              doing the same with __shfl_sync
//   latency:   Weft's per-command overhead: an empty single_task and a tiny
//              parallel_for, submit + wait, vs the same kernel launched by hand
//              + cudaStreamSynchronize; a chain of dependent kernels on an
//              in-order queue vs the same launches on one stream
// Arguments: [reps] [latency|buffers]: stop after that section.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using clock_type = std::chrono::steady_clock;

double median_seconds(int reps, const std::function<void()>& f) {
  f();  // warm-up
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    auto t0 = clock_type::now();
    f();
    t.push_back(std::chrono::duration<double>(clock_type::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void check_cuda(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

__global__ void triad_cuda(double* a, const double* b, const double* c, double s, std::size_t n) {
  std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}

// The seed's reduction, hand-written: each group of wg items sums 2*wg inputs.
__global__ void reduce_cuda(const int* in, int* out, std::size_t len, std::size_t wg) {
  extern __shared__ int local_mem[];
  const std::size_t local_id = threadIdx.x;
  const std::size_t global_id = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  local_mem[local_id] = 0;
  if (2 * global_id < len) local_mem[local_id] = in[2 * global_id] + in[2 * global_id + 1];
  __syncthreads();
  for (std::size_t stride = 1; stride < wg; stride *= 2) {
    auto idx = 2 * stride * local_id;
    if (idx < wg) local_mem[idx] = local_mem[idx] + local_mem[idx + stride];
    __syncthreads();
  }
  if (local_id == 0) out[blockIdx.x] = local_mem[0];
}

// The seed's sub-group matmul, hand-written: tiles of `tile` lanes share A through shuffles.
template <int tile>
__global__ void matmul_cuda(const double* A, const double* B, double* C, std::size_t N, std::size_t K) {
  const std::size_t m = blockIdx.y;
  const std::size_t n = std::size_t(blockIdx.x) * tile + threadIdx.x;
  const unsigned i = threadIdx.x;
  double sum = 0.0;
  for (std::size_t l = 0; l < K; l += tile) {
    double tileA = A[m * K + l + i];
    for (int k = 0; k < tile; ++k)
      sum += __shfl_sync(tile == 32 ? 0xffffffffu : ((1u << tile) - 1u), tileA, k) * B[(l + k) * N + n];
  }
  C[m * N + n] = sum;
}

__global__ void empty_cuda() {}

__global__ void iota_cuda(int* p, std::size_t n) {
  std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) p[i] = int(i);
}

__global__ void increment_cuda(int* p, std::size_t n) {
  std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

// Median of `samples` single timings of f, in microseconds.
double median_us(int samples, const std::function<void()>& f) {
  for (int i = 0; i < 20; ++i) f();  // warm-up
  std::vector<double> t;
  for (int r = 0; r < samples; ++r) {
    auto t0 = clock_type::now();
    f();
    t.push_back(std::chrono::duration<double, std::micro>(clock_type::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void report_us(const char* name, double weft_us, double base_us) {
  std::printf("%-36s weft %8.1f us  baseline %8.1f us  overhead %7.1f us  ratio(base/weft) %.3f\n", name, weft_us,
              base_us, weft_us - base_us, base_us / weft_us);
}

// The scoped seed's reduction, hand-written: each block of wg threads sums its wg inputs.
template <int wg>
__global__ void scoped_reduce_cuda(int* data) {
  __shared__ int scratch[wg];
  const std::size_t base = std::size_t(blockIdx.x) * wg;
  scratch[threadIdx.x] = data[base + threadIdx.x];
  __syncthreads();
  for (int i = wg / 2; i > 0; i /= 2) {
    if (int(threadIdx.x) < i) scratch[threadIdx.x] += scratch[threadIdx.x + i];
    __syncthreads();
  }
  if (threadIdx.x == 0) data[base] = scratch[0];
}

void report(const char* name, double weft_s, double base_s, const char* unit, double work) {
  std::printf("%-28s weft %9.3f ms  baseline %9.3f ms  %s weft %8.1f base %8.1f  ratio(base/weft) %.3f\n", name,
              weft_s * 1e3, base_s * 1e3, unit, work / weft_s, work / base_s, base_s / weft_s);
}

}  // namespace

int main(int argc, char** argv) {
  // usage: cuda_bench [REPS [buffers]]: REPS (default 20) timed runs per figure
  const int reps = argc > 1 ? std::atoi(argv[1]) : 20;
  if (reps < 1) {
    std::fprintf(stderr, "usage: %s [REPS [buffers]]: REPS is a positive number of timed runs (got '%s')\n", argv[0],
                 argv[1]);
    return 2;
  }
  sycl::queue q{sycl::gpu_selector_v, sycl::property::queue::in_order{}};
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());

  // --- per-command latency ---------------------------------------------------------------
  {
    const std::size_t n = 1024;
    const int samples = std::max(200, reps * 10);
    int* p = sycl::malloc_device<int>(n, q);
    sycl::queue ooo{q.get_device()};  // out of order
    cudaStream_t s;
    check_cuda(cudaStreamCreate(&s), "cudaStreamCreate");
    const double w_task = median_us(samples, [&] { q.single_task([] {}).wait(); });
    const double w_task_ooo = median_us(samples, [&] { ooo.single_task([] {}).wait(); });
    const double c_task = median_us(samples, [&] {
      empty_cuda<<<1, 1, 0, s>>>();
      check_cuda(cudaStreamSynchronize(s), "empty_cuda");
    });
    report_us("latency: empty single_task (in-order)", w_task, c_task);
    report_us("latency: empty single_task (default)", w_task_ooo, c_task);
    const double w_pf =
        median_us(samples, [&] { q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = int(i[0]); }).wait(); });
    const double c_pf = median_us(samples, [&] {
      iota_cuda<<<unsigned(n / 256), 256, 0, s>>>(p, n);
      check_cuda(cudaStreamSynchronize(s), "iota_cuda");
    });
    report_us("latency: parallel_for(1024)", w_pf, c_pf);
    std::printf("RATIO latency_single_task %.3f\nRATIO latency_parallel_for %.3f\n", c_task / w_task, c_pf / w_pf);
    constexpr int chain = 64;
    q.memset(p, 0, n * sizeof(int)).wait();
    const double w_chain = median_us(std::max(20, reps), [&] {
      for (int k = 0; k < chain; ++k) q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] += 1; });
      q.wait();
    });
    const double c_chain = median_us(std::max(20, reps), [&] {
      for (int k = 0; k < chain; ++k) increment_cuda<<<unsigned(n / 256), 256, 0, s>>>(p, n);
      check_cuda(cudaStreamSynchronize(s), "increment_cuda");
    });
    int probe = 0;
    q.memcpy(&probe, p + n - 1, sizeof(int)).wait();
    const int runs = 2 * (20 + std::max(20, reps));
    if (probe != runs * chain) {
      std::fprintf(stderr, "chain: wrong result %d, expected %d\n", probe, runs * chain);
      return 1;
    }
    report_us("chain: 64 dependent kernels, per kernel", w_chain / chain, c_chain / chain);
    std::printf("RATIO chain_64 %.3f\n", c_chain / w_chain);
    check_cuda(cudaStreamDestroy(s), "cudaStreamDestroy");
    sycl::free(p, q);
  }
  if (argc > 2 && std::string(argv[2]) == "latency") return 0;

  // --- triad on buffers: the device copies stay on the GPU between kernels ------------
  // Steady state against the same triad on device USM (the buffers' bookkeeping
  // must cost nothing), and a first kernel on a fresh buffer built on host data
  // (its upload) against cudaMemcpy from the same pageable host memory.
  {
    const std::size_t n = std::size_t(1) << 27;  // 1 GiB per array of doubles
    const double s = 3.0;
    sycl::buffer<double> a{sycl::range<1>(n)}, b{sycl::range<1>(n)}, c{sycl::range<1>(n)};
    q.submit([&](sycl::handler& h) {
      sycl::accessor bb{b, h, sycl::write_only, sycl::no_init};
      sycl::accessor cc{c, h, sycl::write_only, sycl::no_init};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        bb[i] = 1.0;
        cc[i] = 2.0;
      });
    });
    auto buffer_triad = [&] {
      q.submit([&](sycl::handler& h) {
         sycl::accessor aa{a, h, sycl::write_only, sycl::no_init};
         sycl::accessor bb{b, h, sycl::read_only};
         sycl::accessor cc{c, h, sycl::read_only};
         h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { aa[i] = bb[i] + s * cc[i]; });
       }).wait();
    };
    buffer_triad();
    {
      sycl::host_accessor check{a, sycl::read_only};
      if (check[0] != 7.0 || check[n - 1] != 7.0) {
        std::fprintf(stderr, "buffer triad: wrong result %g %g\n", check[0], check[n - 1]);
        return 1;
      }
    }
    double* ua = sycl::malloc_device<double>(n, q);
    double* ub = sycl::malloc_device<double>(n, q);
    double* uc = sycl::malloc_device<double>(n, q);
    q.fill(ub, 1.0, n);
    q.fill(uc, 2.0, n).wait();
    auto usm_triad = [&] {
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { ua[i] = ub[i] + s * uc[i]; }).wait();
    };
    const double t_buffer = median_seconds(reps, buffer_triad);
    const double t_usm = median_seconds(reps, usm_triad);
    report("triad on buffers vs USM", t_buffer, t_usm, "GB/s", 3.0 * n * sizeof(double) * 1e-9);
    std::printf("RATIO triad_buffers_vs_usm %.3f\n", t_usm / t_buffer);
    std::vector<double> host(n, 1.0);
    const int upload_reps = std::max(3, reps / 4);
    const double t_first = median_seconds(upload_reps, [&] {
      sycl::buffer<double> fresh(host.data(), sycl::range<1>(n));
      q.submit([&](sycl::handler& h) {
         sycl::accessor in{fresh, h, sycl::read_only};
         sycl::accessor aa{a, h, sycl::write_only, sycl::no_init};
         h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { aa[i] = in[i]; });
       }).wait();
    });
    const double t_h2d = median_seconds(upload_reps, [&] {
      check_cuda(cudaMemcpy(ua, host.data(), n * sizeof(double), cudaMemcpyHostToDevice), "cudaMemcpy");
    });
    report("first kernel on host data", t_first, t_h2d, "GB/s", n * sizeof(double) * 1e-9);
    std::printf("RATIO buffer_upload_vs_cudaMemcpy_h2d %.3f\n", t_h2d / t_first);
    sycl::free(ua, q);
    sycl::free(ub, q);
    sycl::free(uc, q);
  }
  if (argc > 2 && std::string(argv[2]) == "buffers") return 0;

  // --- triad vs cudaMemcpy D2D -------------------------------------------------------
  {
    const std::size_t n = std::size_t(1) << 27;  // 1 GiB per array of doubles
    double* a = sycl::malloc_device<double>(n, q);
    double* b = sycl::malloc_device<double>(n, q);
    double* c = sycl::malloc_device<double>(n, q);
    q.fill(b, 1.0, n);
    q.fill(c, 2.0, n).wait();
    const double s = 3.0;
    auto weft_triad = [&] { q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = b[i] + s * c[i]; }).wait(); };
    weft_triad();
    double probe[2];
    q.memcpy(probe, a, sizeof(double)).wait();
    q.memcpy(probe + 1, a + n - 1, sizeof(double)).wait();
    if (probe[0] != 7.0 || probe[1] != 7.0) {
      std::fprintf(stderr, "triad: wrong result %g %g\n", probe[0], probe[1]);
      return 1;
    }
    const double t_weft = median_seconds(reps, weft_triad);
    const double t_copy = median_seconds(reps, [&] {
      check_cuda(cudaMemcpy(a, b, n * sizeof(double), cudaMemcpyDeviceToDevice), "cudaMemcpy");
      check_cuda(cudaDeviceSynchronize(), "cudaMemcpy");  // a device-to-device copy returns before it ends
    });
    const double t_cuda = median_seconds(reps, [&] {
      triad_cuda<<<unsigned((n + 255) / 256), 256>>>(a, b, c, s, n);
      check_cuda(cudaDeviceSynchronize(), "triad_cuda");
    });
    const double triad_bytes = 3.0 * n * sizeof(double), copy_bytes = 2.0 * n * sizeof(double);
    std::printf("triad: weft %.1f GB/s, hand-written CUDA %.1f GB/s, cudaMemcpy D2D %.1f GB/s\n",
                triad_bytes / t_weft * 1e-9, triad_bytes / t_cuda * 1e-9, copy_bytes / t_copy * 1e-9);
    std::printf("RATIO triad_vs_memcpy %.3f (goal >= 0.9)\n", (triad_bytes / t_weft) / (copy_bytes / t_copy));
    std::printf("RATIO triad_vs_cuda_triad %.3f\n", t_cuda / t_weft);
    sycl::free(a, q);
    sycl::free(b, q);
    sycl::free(c, q);
  }

  // --- the seed's local-memory reduction --------------------------------------------
  for (const std::size_t len0 : {std::size_t(1) << 24, std::size_t(1) << 26, std::size_t(1) << 28}) {
    const std::size_t wg = 256;
    std::vector<int> host(len0);
    long long expect = 0;
    for (std::size_t i = 0; i < len0; ++i) expect += host[i] = int(i % 11);
    int* data = sycl::malloc_device<int>(len0, q);
    int* scratch = sycl::malloc_device<int>(len0, q);
    // Weft: the seed's kernel with a local accessor, over device USM, passes until one value is left.
    auto weft_reduce = [&](bool fresh) {
      if (fresh) q.memcpy(data, host.data(), len0 * sizeof(int)).wait();
      std::size_t len = len0;
      int* in = data;
      int* out = scratch;
      while (len != 1) {
        const std::size_t n_wgroups = (len + 2 * wg - 1) / (2 * wg);
        q.submit([&](sycl::handler& cgh) {
          sycl::local_accessor<int, 1> local_mem(sycl::range<1>(wg), cgh);
          cgh.parallel_for(sycl::nd_range<1>(n_wgroups * wg, wg), [=](sycl::nd_item<1> item) {
            size_t local_id = item.get_local_linear_id();
            size_t global_id = item.get_global_linear_id();
            local_mem[local_id] = 0;
            if ((2 * global_id) < len) local_mem[local_id] = in[2 * global_id] + in[2 * global_id + 1];
            item.barrier(sycl::access::fence_space::local_space);
            for (size_t stride = 1; stride < wg; stride *= 2) {
              auto idx = 2 * stride * local_id;
              if (idx < wg) local_mem[idx] = local_mem[idx] + local_mem[idx + stride];
              item.barrier(sycl::access::fence_space::local_space);
            }
            if (local_id == 0) out[item.get_group_linear_id()] = local_mem[0];
          });
        });
        std::swap(in, out);
        len = n_wgroups;
      }
      q.wait();
      return in;
    };
    auto cuda_reduce = [&](bool fresh) {
      if (fresh) check_cuda(cudaMemcpy(data, host.data(), len0 * sizeof(int), cudaMemcpyHostToDevice), "copy");
      std::size_t len = len0;
      int* in = data;
      int* out = scratch;
      while (len != 1) {
        const std::size_t n_wgroups = (len + 2 * wg - 1) / (2 * wg);
        reduce_cuda<<<unsigned(n_wgroups), unsigned(wg), wg * sizeof(int)>>>(in, out, len, wg);
        std::swap(in, out);
        len = n_wgroups;
      }
      check_cuda(cudaDeviceSynchronize(), "reduce_cuda");
      return in;
    };
    int got = 0;
    q.memcpy(&got, weft_reduce(true), sizeof(int)).wait();
    int got_cuda = 0;
    check_cuda(cudaMemcpy(&got_cuda, cuda_reduce(true), sizeof(int), cudaMemcpyDeviceToHost), "copy");
    if (got != int(expect) || got_cuda != int(expect)) {
      std::fprintf(stderr, "reduction: wrong result %d / %d, expected %lld\n", got, got_cuda, expect);
      return 1;
    }
    // Timed without the input copy: the passes overwrite `data` with partial sums,
    // which is the same work for every repetition.
    const double t_weft = median_seconds(reps, [&] { weft_reduce(false); });
    const double t_cuda = median_seconds(reps, [&] { cuda_reduce(false); });
    char name[64];
    std::snprintf(name, sizeof name, "reduction (%zu Mi ints)", len0 >> 20);
    report(name, t_weft, t_cuda, "GB/s", double(len0) * sizeof(int) * 1e-9);
    std::printf("RATIO reduction_%zuMi %.3f (goal >= 0.8)\n", len0 >> 20, t_cuda / t_weft);
    sycl::free(data, q);
    sycl::free(scratch, q);
  }

  // --- the scoped-parallelism seed's reduction (one pass) ------------------------------
  for (const std::size_t len : {std::size_t(1) << 24, std::size_t(1) << 26}) {
    constexpr std::size_t Group_size = 128;
    std::vector<int> host(len);
    for (std::size_t i = 0; i < len; ++i) host[i] = int(i % 7);
    int* data = sycl::malloc_device<int>(len, q);
    auto weft_scoped = [&] {
      q.submit([&](sycl::handler& cgh) {
        cgh.parallel(sycl::range<1>{len / Group_size}, sycl::range<1>{Group_size}, [=](auto grp) {
          sycl::memory_environment(grp, sycl::require_local_mem<int[Group_size]>(), [&](auto& scratch) {
            sycl::distribute_items_and_wait(
                grp, [&](sycl::s_item<1> idx) { scratch[idx.get_local_id(grp, 0)] = data[idx.get_global_id(0)]; });
            for (int i = Group_size / 2; i > 0; i /= 2)
              sycl::distribute_items_and_wait(grp, [&](sycl::s_item<1> idx) {
                size_t lid = idx.get_innermost_local_id(0);
                if (lid < size_t(i)) scratch[lid] += scratch[lid + i];
              });
            sycl::single_item(grp, [&]() { data[grp.get_group_id(0) * Group_size] = scratch[0]; });
          });
        });
      });
      q.wait();
    };
    auto cuda_scoped = [&] {
      scoped_reduce_cuda<Group_size><<<unsigned(len / Group_size), unsigned(Group_size)>>>(data);
      check_cuda(cudaDeviceSynchronize(), "scoped_reduce_cuda");
    };
    std::vector<int> got(len);
    q.memcpy(data, host.data(), len * sizeof(int)).wait();
    weft_scoped();
    q.memcpy(got.data(), data, len * sizeof(int)).wait();
    std::vector<int> got_cuda(len);
    q.memcpy(data, host.data(), len * sizeof(int)).wait();
    cuda_scoped();
    q.memcpy(got_cuda.data(), data, len * sizeof(int)).wait();
    for (std::size_t g = 0; g < len / Group_size; g += 997) {
      int expect = 0;
      for (std::size_t i = g * Group_size; i < (g + 1) * Group_size; ++i) expect += host[i];
      if (got[g * Group_size] != expect || got_cuda[g * Group_size] != expect) {
        std::fprintf(stderr, "scoped reduction: group %zu: %d / %d, expected %d\n", g, got[g * Group_size],
                     got_cuda[g * Group_size], expect);
        return 1;
      }
    }
    // Timed on partial sums left in place: the same work every repetition.
    const double t_weft = median_seconds(reps, weft_scoped);
    const double t_cuda = median_seconds(reps, cuda_scoped);
    char name[64];
    std::snprintf(name, sizeof name, "scoped reduction (%zu Mi ints)", len >> 20);
    report(name, t_weft, t_cuda, "GB/s", double(len) * sizeof(int) * 1e-9);
    std::printf("RATIO scoped_reduction_%zuMi %.3f (goal >= 0.8)\n", len >> 20, t_cuda / t_weft);
    sycl::free(data, q);
  }

  // --- sycl::reduction (range, plus) against the hand-written multi-pass reduction --------
  for (const std::size_t len0 : {std::size_t(1) << 26, std::size_t(1) << 28}) {
    const std::size_t wg = 256;
    std::vector<int> host(len0);
    long long expect = 0;
    for (std::size_t i = 0; i < len0; ++i) expect += host[i] = int(i % 11);
    int* data = sycl::malloc_device<int>(len0, q);
    int* scratch = sycl::malloc_device<int>(len0, q);
    int* sum = sycl::malloc_device<int>(1, q);
    q.memcpy(data, host.data(), len0 * sizeof(int)).wait();
    auto weft_reduce = [&] {
      q.parallel_for(sycl::range<1>(len0),
                     sycl::reduction(sum, sycl::plus<int>(),
                                     sycl::property_list{sycl::property::reduction::initialize_to_identity()}),
                     [=](sycl::id<1> i, auto& s) { s += data[i]; })
          .wait();
    };
    // The hand-written passes read `data` into `scratch` first, so `data` stays intact.
    auto cuda_reduce = [&] {
      std::size_t len = len0;
      const int* in = data;
      int* out = scratch;
      while (len != 1) {
        const std::size_t n_wgroups = (len + 2 * wg - 1) / (2 * wg);
        reduce_cuda<<<unsigned(n_wgroups), unsigned(wg), wg * sizeof(int)>>>(in, out, len, wg);
        in = out;
        out = out == scratch ? scratch + len0 / 2 : scratch;
        len = n_wgroups;
      }
      check_cuda(cudaDeviceSynchronize(), "reduce_cuda");
      return in;
    };
    weft_reduce();
    int got = 0, got_cuda = 0;
    q.memcpy(&got, sum, sizeof(int)).wait();
    check_cuda(cudaMemcpy(&got_cuda, cuda_reduce(), sizeof(int), cudaMemcpyDeviceToHost), "copy");
    if (got != int(expect) || got_cuda != int(expect)) {
      std::fprintf(stderr, "sycl::reduction: wrong result %d / %d, expected %lld\n", got, got_cuda, expect);
      return 1;
    }
    const double t_weft = median_seconds(reps, weft_reduce);
    const double t_cuda = median_seconds(reps, [&] { cuda_reduce(); });
    char name[64];
    std::snprintf(name, sizeof name, "sycl::reduction (%zu Mi ints)", len0 >> 20);
    report(name, t_weft, t_cuda, "GB/s", double(len0) * sizeof(int) * 1e-9);
    std::printf("RATIO sycl_reduction_%zuMi %.3f (goal >= 0.8)\n", len0 >> 20, t_cuda / t_weft);
    sycl::free(data, q);
    sycl::free(scratch, q);
    sycl::free(sum, q);
  }

  // --- the seed's sub-group matmul ---------------------------------------------------------
  {
    constexpr std::size_t M = 2048, N = 2048, K = 2048;
    constexpr int tile = 16;  // the seed's tile size
    std::vector<double> a(M * K), b(K * N);
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = double(i % 17) * 0.25;
    for (std::size_t i = 0; i < b.size(); ++i) b[i] = double(i % 5) - 2.0;
    double* A = sycl::malloc_device<double>(M * K, q);
    double* B = sycl::malloc_device<double>(K * N, q);
    double* C = sycl::malloc_device<double>(M * N, q);
    double* C2 = sycl::malloc_device<double>(M * N, q);
    q.memcpy(A, a.data(), a.size() * sizeof(double));
    q.memcpy(B, b.data(), b.size() * sizeof(double)).wait();
    auto weft_mm = [&] {
      q.parallel_for(sycl::nd_range<2>{{M, N}, {1, tile}}, [=](sycl::nd_item<2> it) {
         auto sg = it.get_sub_group();
         auto m = it.get_global_id()[0];
         auto n = it.get_global_id()[1];
         auto i = it.get_local_id()[1];
         auto sum = 0.0;
         for (std::size_t l = 0; l < K; l += tile) {
           auto tileA = A[m * K + l + i];
           for (auto k = 0; k < tile; ++k) sum += sycl::group_broadcast(sg, tileA, k) * B[(l + k) * N + n];
         }
         C[m * N + n] = sum;
       }).wait();
    };
    auto cuda_mm = [&] {
      matmul_cuda<tile><<<dim3(N / tile, M), tile>>>(A, B, C2, N, K);
      check_cuda(cudaDeviceSynchronize(), "matmul_cuda");
    };
    weft_mm();
    cuda_mm();
    std::vector<double> c(M * N), c2(M * N);
    q.memcpy(c.data(), C, c.size() * sizeof(double));
    q.memcpy(c2.data(), C2, c2.size() * sizeof(double)).wait();
    for (std::size_t m = 0; m < M; m += 97)
      for (std::size_t n = 0; n < N; n += 89) {
        double ref = 0;
        for (std::size_t k = 0; k < K; ++k) ref += a[m * K + k] * b[k * N + n];
        if (std::abs(c[m * N + n] - ref) > 1e-6 * std::abs(ref) + 1e-9 || c2[m * N + n] != c[m * N + n]) {
          std::fprintf(stderr, "matmul: wrong result at %zu,%zu: %g / %g, expected %g\n", m, n, c[m * N + n],
                       c2[m * N + n], ref);
          return 1;
        }
      }
    const double t_weft = median_seconds(reps, weft_mm);
    const double t_cuda = median_seconds(reps, cuda_mm);
    report("sub-group matmul 2048^3 f64", t_weft, t_cuda, "GFLOP/s", 2.0 * M * N * K * 1e-9);
    std::printf("RATIO matmul %.3f (goal >= 0.8)\n", t_cuda / t_weft);
    sycl::free(A, q);
    sycl::free(B, q);
    sycl::free(C, q);
    sycl::free(C2, q);
  }
  return 0;
}
