// Regression (kernel-fuzz seed 161805, reduced by hand to its loop): clang 22 without Weft's
// plugin gave wrong results for this scoped kernel (g++ and clang + plugin right). Its
// distribute_items loop reads o0[lin % 4] and in_u[lid + 11]: indices that wrap at 2 and at 32
// bits (u32 from the size_t item index). LLVM 22's loop vectorizer tests the 32-bit one's wrap at
// run time and drops the 2-bit one's test (SCEVWrapPredicate::implies: the 2-bit start, at most
// 3, is at most the 32-bit start 11; llvm/llvm-project#191382), so the vector loop reads
// o0[4..7] for items 4..7. Weft's plugin hides the 2-bit index from the vectorizer
// (weft-narrow-index-guard; without it the plugin build is wrong too); clang without the plugin
// keeps LLVM's wrong code, which Weft cannot change, so that configuration is left out here.
// kernel-fuzz: sub-group-size 4
// kernel-fuzz: skip-config clang (LLVM 22's own bug, llvm/llvm-project#191382)
#include "kf_harness.hpp"  // tools/kernel-fuzz/

int main() {
  sycl::queue q;
  u32* in_u = kf_alloc<u32>(q, 64, 1869702301u);
  u32* o0 = kf_alloc<u32>(q, 4, 153952718u);
  u32* o2 = kf_alloc<u32>(q, 32, 344969785u);
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel(sycl::range<1>(1), sycl::range<1>(32), [=](auto g) {
       sycl::distribute_items(g, [&](sycl::s_item<1> it) {
         const u32 lin = u32(it.get_global_id(0));
         const u32 lid = u32(it.get_local_linear_id(g));
         o2[lin] = o0[lin % 4u] + in_u[lid + 11u];
       });
     });
   }).wait();
  kf_dump_u32("o2", o2, 32);
  return 0;
}
