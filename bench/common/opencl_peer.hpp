#pragma once
// The OpenCL peer: the suite's kernels in OpenCL C, run through PoCL's CPU
// device in the same binary, reported as <kernel>/pocl. Built only when CMake
// finds OpenCL (WEFT_BENCH_HAVE_OPENCL); at run time the benchmarks are
// registered only when a PoCL platform with a CPU device is present.
//
// Buffers wrap the benchmark's own host memory (CL_MEM_USE_HOST_PTR), so PoCL
// works in place on a CPU as Weft does, with no copies.
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "baseline.hpp"

namespace weft_bench::ocl {

struct error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline void check(cl_int err, const char* what) {
  if (err != CL_SUCCESS) throw error(std::string("OpenCL: ") + what + " failed with error " + std::to_string(err));
}

struct peer {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;      // in order
  cl_command_queue ooo_queue = nullptr;  // out of order, when the device has one (else nullptr)
  std::string why_not;                   // empty when usable
  std::map<const char*, cl_program> programs;

  peer() {
    cl_uint np = 0;
    if (clGetPlatformIDs(0, nullptr, &np) != CL_SUCCESS || np == 0) {
      why_not = "no OpenCL platform (install pocl-opencl-icd)";
      return;
    }
    std::vector<cl_platform_id> ps(np);
    clGetPlatformIDs(np, ps.data(), nullptr);
    const char* want = std::getenv("WEFT_BENCH_OPENCL_PLATFORM");
    std::string wanted = want ? want : "Portable Computing Language";
    for (auto p : ps) {
      char name[256] = {};
      clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof(name), name, nullptr);
      if (std::string(name).find(wanted) == std::string::npos) continue;
      cl_device_id d;
      if (clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &d, nullptr) != CL_SUCCESS) continue;
      platform = p;
      device = d;
      break;
    }
    if (!device) {
      why_not = "no OpenCL platform named '" + wanted + "' with a CPU device";
      return;
    }
    cl_int err;
    context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    check(err, "clCreateContext");
    queue = clCreateCommandQueue(context, device, 0, &err);
    check(err, "clCreateCommandQueue");
    cl_command_queue_properties props = 0;
    clGetDeviceInfo(device, CL_DEVICE_QUEUE_PROPERTIES, sizeof(props), &props, nullptr);
    if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) {
      ooo_queue = clCreateCommandQueue(context, device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
      if (err != CL_SUCCESS) ooo_queue = nullptr;
    }
  }
  peer(const peer&) = delete;
  peer& operator=(const peer&) = delete;
  ~peer() {
    for (auto& p : programs) clReleaseProgram(p.second);
    if (ooo_queue) clReleaseCommandQueue(ooo_queue);
    if (queue) clReleaseCommandQueue(queue);
    if (context) clReleaseContext(context);
  }

  // Builds (once) the program with this source; -cl-fast-relaxed-math is not
  // used, so results match the C++ versions' precision.
  cl_program program(const char* source) {
    auto it = programs.find(source);
    if (it != programs.end()) return it->second;
    cl_int err;
    cl_program p = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
    check(err, "clCreateProgramWithSource");
    err = clBuildProgram(p, 1, &device, "", nullptr, nullptr);
    if (err != CL_SUCCESS) {
      std::size_t len = 0;
      clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &len);
      std::string log(len, '\0');
      clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, len, log.data(), nullptr);
      clReleaseProgram(p);
      throw error("OpenCL: building a benchmark kernel failed:\n" + log);
    }
    programs.emplace(source, p);
    return p;
  }
};

inline peer& get() {
  static peer p;
  return p;
}

// A kernel object (owned; released on destruction).
struct kernel {
  cl_kernel k = nullptr;
  kernel(const char* source, const char* name) {
    cl_int err;
    k = clCreateKernel(get().program(source), name, &err);
    check(err, "clCreateKernel");
  }
  kernel(const kernel&) = delete;
  kernel& operator=(const kernel&) = delete;
  ~kernel() {
    if (k) clReleaseKernel(k);
  }
  template <class T>
  kernel& arg(cl_uint i, const T& v) {
    check(clSetKernelArg(k, i, sizeof(T), &v), "clSetKernelArg");
    return *this;
  }
  kernel& local_arg(cl_uint i, std::size_t bytes) {
    check(clSetKernelArg(k, i, bytes, nullptr), "clSetKernelArg (local)");
    return *this;
  }
  // Enqueues over `global` items (work-group size `local`, 0 = PoCL's choice).
  cl_event enqueue(std::size_t dims, const std::size_t* global, const std::size_t* local = nullptr,
                   cl_command_queue q = nullptr, cl_uint nwait = 0, const cl_event* wait = nullptr,
                   bool want_event = false) {
    cl_event e = nullptr;
    check(clEnqueueNDRangeKernel(q ? q : get().queue, k, static_cast<cl_uint>(dims), nullptr, global, local, nwait,
                                 wait, want_event ? &e : nullptr),
          "clEnqueueNDRangeKernel");
    return e;
  }
  void run1d(std::size_t global, std::size_t local = 0) {
    enqueue(1, &global, local ? &local : nullptr);
    finish();
  }
  static void finish(cl_command_queue q = nullptr) { check(clFinish(q ? q : get().queue), "clFinish"); }
};

// A buffer over host memory the benchmark owns (no copy on a CPU device).
struct buffer {
  cl_mem m = nullptr;
  buffer(void* host, std::size_t bytes) {
    cl_int err;
    m = clCreateBuffer(get().context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes, host, &err);
    check(err, "clCreateBuffer");
  }
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  ~buffer() {
    if (m) clReleaseMemObject(m);
  }
  // Makes the device's writes visible in the host memory (a no-op copy on PoCL's CPU device).
  void sync(std::size_t bytes) {
    cl_int err;
    void* p = clEnqueueMapBuffer(get().queue, m, CL_TRUE, CL_MAP_READ, 0, bytes, 0, nullptr, nullptr, &err);
    check(err, "clEnqueueMapBuffer");
    check(clEnqueueUnmapMemObject(get().queue, m, p, 0, nullptr, nullptr), "clEnqueueUnmapMemObject");
    kernel::finish();
  }
};

}  // namespace weft_bench::ocl

inline bool weft_bench::peers_available() {
  auto& p = ocl::get();
  if (!p.why_not.empty()) {
    std::fprintf(stderr, "weft bench: OpenCL peer skipped: %s\n", p.why_not.c_str());
    return false;
  }
  return true;
}

// Registers an OpenCL-peer benchmark function `fn(benchmark::State&)` as `name`
// when PoCL is present at run time; returns the benchmark for further options
// through `configure(benchmark::internal::Benchmark*)`.
#define WEFT_BENCH_PEER(name, fn, configure)                               \
  static const int weft_bench_peer_##fn = weft_bench::add_peer([] {        \
    auto* b = benchmark::RegisterBenchmark(name, [](benchmark::State& s) { \
      try {                                                                \
        fn(s);                                                             \
      } catch (const weft_bench::ocl::error& e) {                          \
        s.SkipWithError(e.what());                                         \
      }                                                                    \
    });                                                                    \
    configure(b);                                                          \
  })
