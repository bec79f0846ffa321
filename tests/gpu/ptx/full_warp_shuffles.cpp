// PTX check of the CUDA target's code generation (tests/gpu/CMakeLists.txt): a
// sub-group reduction by shifts (HeCBench gemv's warpReduceSum) shuffles a full
// warp with the constant mask (-1); only a partial last warp takes its computed
// mask (vendor/nvidia.hpp, with_mask).
#include <sycl/sycl.hpp>

struct warp_sum {
  const float* x;
  float* sums;

  // CHECK-LABEL: .entry {{.*}}warp_sum
  // CHECK: shfl.sync.down.b32 {{.*}}, 16, 31, -1;
  // CHECK: shfl.sync.down.b32 {{.*}}, 8, 31, -1;
  // CHECK: shfl.sync.down.b32 {{.*}}, 4, 31, -1;
  // CHECK: shfl.sync.down.b32 {{.*}}, 2, 31, -1;
  // CHECK: shfl.sync.down.b32 {{.*}}, 1, 31, -1;
  // CHECK: ret;
  SYCL_EXTERNAL void operator()(sycl::nd_item<1> it) const {
    const auto sg = it.get_sub_group();
    float s = x[it.get_global_id(0)];
    for (int d = 16; d > 0; d /= 2) s += sycl::shift_group_left(sg, s, d);
    if (sg.leader()) sums[it.get_global_id(0) / 32] = s;
  }
};

void sum(sycl::queue& q, const float* x, float* sums) {
  q.parallel_for(sycl::nd_range<1>(1024, 256), warp_sum{x, sums});
}
