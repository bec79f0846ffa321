// Regression (kernel-fuzz seed 1000, reduced): clang 22 + the plugin crashed in loop-unroll
// (VectorType::get) on an nd_range<1> item scanning 2048 x 128 points through __restrict
// pointers (fixed by 445920f, weft-item-loop-select).
// kernel-fuzz program, seed 1000 (tools/kernel-fuzz/kfgen.py): results fully specified.
// kernel-fuzz: sub-group-size 8
// kernel-fuzz: float-ulp rbest1 0.0
#include "kf_harness.hpp"  // tools/kernel-fuzz/

static volatile u32 kf_rt[8] = {5u, 9u, 1u, 0u, 1918316444u, 2u, 2u, 0u};

static void kf_scan1(sycl::nd_item<1>& item, const float* __restrict a, const float* __restrict b,
                     float* __restrict best, int* __restrict at) {
  int p1 = int(item.get_global_id(0)), index = -1;
  float max_score = 0;
  for (int p2 = 0; p2 < 2048; p2++) {
    float score = 0;
    for (int d = 0; d < 128; d++) score += a[p1 * 128 + d] * b[p2 * 128 + d];
    if (score > max_score) {
      index = p2;
    }
  }
  at[p1] = index;
}

int main() {
  sycl::queue q;
  float* ra1 = kf_alloc_small<float>(q, 32768, 3567798483u);
  float* rb1 = kf_alloc_small<float>(q, 262144, 1460675751u);
  float* rbest1 = kf_alloc<float>(q, 256, 0u);
  int* rat1 = kf_alloc<int>(q, 256, 0u);
  {
    q.submit([&](sycl::handler& cgh) {
       cgh.parallel_for(sycl::nd_range<1>(sycl::range<1>(256), sycl::range<1>(64)),
                        [=](sycl::nd_item<1> item) { kf_scan1(item, ra1, rb1, rbest1, rat1); });
     }).wait();
  }
  q.wait();
  kf_dump_u32("rat1", reinterpret_cast<const u32*>(rat1), 256);
  return 0;
}
