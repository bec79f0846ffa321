// Regression (kernel-fuzz seeds 120380 and 121228, wrong results, and 121507, a crash
// in the register allocator; reduced from the first): clang 22 + plugin gave wrong
// results for this range kernel. Each item runs a loop with a run-time trip count,
// then `v = i0` under the uniform `r0 != 0`, which LLVM leaves as a branch merging v
// after the loop; LLVM's outer-loop vectorizer (the VPlan native path) paired the
// merge's values with the wrong branch and kept v's value from before.
// weft-item-loop-select refuses item loops in which a branch merges values, except where
// versioning takes the branch out of the widened copy: here on `r0 != 0` (the side
// that sets v), the copy without the branch widened, all items one by one where r0 is 0.
// kernel-fuzz: sub-group-size 8
#include "kf_harness.hpp"  // tools/kernel-fuzz/

static volatile u32 kf_rt[8] = {2u, 8u, 1u, 0u, 1084941136u, 2u, 2u, 0u};

int main() {
  sycl::queue q;
  u32* o3 = kf_alloc<u32>(q, 256, 4241727073u);
  const u32 r0 = kf_rt[0];  // 2: v = i0 runs
  const u32 r1 = kf_rt[1];  // 8: the loop before it
  q.parallel_for(sycl::range<1>(256), [=](sycl::item<1> it) {
     const u32 i0 = u32(it.get_id(0));
     u32 v = o3[i0];
     u32 w = 6u * i0;
     for (u32 k0 = 0; k0 < r1; ++k0) w ^= (w - r0);
     for (u32 k0 = 0; k0 < r0; ++k0) v = i0;
     o3[i0] = (v + w) ^ (w + 1u);
   }).wait();
  kf_dump_u32("o3", o3, 256);
  return 0;
}
