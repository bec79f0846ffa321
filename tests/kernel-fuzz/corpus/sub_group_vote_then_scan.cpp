// Regression (kernel-fuzz seeds 2109, 2147, 2203, reduced by hand): in a kernel the plugin split
// at its collectives, a sub-group vote followed by a wider sub-group scan gave the second
// sub-group the first one's vote: the scan's output slots of the first sub-group covered the
// next sub-group's vote (fixed by eed8605, include/weft/target/cpu/collectives.hpp). A work group
// of 40 items in sub-groups of 32: the second one is partial.
// kernel-fuzz: sub-group-size 32
#include "kf_harness.hpp"  // tools/kernel-fuzz/

int main() {
  sycl::queue q;
  u32* in = kf_alloc<u32>(q, 80, 0u);
  u32* o = kf_alloc<u32>(q, 160, 0u);
  for (u32 i = 0; i < 80; ++i) in[i] = 2 * i;
  in[5] = 1;  // the first sub-group's vote is false, the second's true
  q.parallel_for(sycl::nd_range<1>(80, 40), [=](sycl::nd_item<1> it) {
     auto sg = it.get_sub_group();
     const u32 lin = u32(it.get_global_linear_id());
     const u32 w = u32(sycl::all_of_group(sg, (in[lin] & 1u) == 0u)) * 21u;
     o[lin] = w;
     o[80 + lin] = sycl::inclusive_scan_over_group(sg, w, sycl::bit_xor<u32>());
   }).wait();
  kf_dump_u32("o", o, 160);
  return o[32] == 21u ? 0 : 1;
}
