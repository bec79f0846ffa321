#pragma once
// Shared by the CUDA target's tests: skip cleanly where no GPU is present.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

inline bool have_gpu() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return n > 0;
}

#define WEFT_REQUIRE_GPU() \
  if (!have_gpu()) GTEST_SKIP() << "no CUDA GPU on this machine"

// A queue on the GPU that collects asynchronous errors.
struct gpu_queue {
  std::vector<std::exception_ptr> errors;
  sycl::queue q{sycl::gpu_selector_v, [this](sycl::exception_list l) {
                  for (auto& e : l) errors.push_back(e);
                }};
};
