// Regression (kernel-fuzz seed 60558, reduced): clang 22 + plugin gave wrong results for
// this range kernel: each item runs two nested run-time loops setting v = k0, which LLVM
// folds into one loop inside the item that branches on the uniform `r6 == 0` and merges
// v in its latch; LLVM's outer-loop vectorizer (the VPlan native path) kept v's value
// from before the loops. weft-item-loop-select now refuses item loops whose inner loops
// branch (items one by one, with a remark).
// kernel-fuzz: sub-group-size 16
#include "kf_harness.hpp"  // tools/kernel-fuzz/

static volatile u32 kf_rt[8] = {2u, 5u, 1u, 0u, 2239693780u, 2u, 2u, 0u};

int main() {
  const u32 r1 = kf_rt[1], r6 = kf_rt[6];  // run-time trip counts: 5 and 2
  sycl::queue q;
  u32* o1 = kf_alloc<u32>(q, 128, 4055860811u);
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for(sycl::range<1>(128), [=](sycl::id<1> it) {
       const u32 lin = u32(it[0]);
       u32 v = o1[lin];
       u32 w = (lin ^ r6);
       for (u32 k0 = 0; k0 < r1; ++k0) {
         for (u32 k1 = 0; k1 < r6; ++k1) {
           v = k0;
         }
       }
       o1[lin] = v ^ w;
     });
   }).wait();
  kf_dump_u32("o1", o1, 128);
  return 0;
}
