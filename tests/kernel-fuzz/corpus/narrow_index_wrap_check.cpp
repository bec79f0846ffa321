// Regression (kernel-fuzz seed 60430, reduced by hand to its loop): clang 22 gave wrong
// results for this hierarchical kernel, with and without Weft's plugin. Its first loop over
// the items reads perm[(lid + 186) % 1024] and o2[(lin + 574) % 32]: indices that wrap at 10
// and at 5 bits, consecutive only until they wrap. LLVM 22's loop vectorizer tests the
// 10-bit one's wrap at run time but drops the 5-bit one's test (SCEVWrapPredicate::implies
// takes the wider to imply the narrower: llvm/llvm-project#191382), so the vector loop reads
// o2[32..37] for items 2..7. Weft's plugin hides the narrower index from the vectorizer
// (weft-narrow-index-guard); clang without the plugin keeps LLVM's wrong code, which Weft
// cannot change, so that configuration is left out here.
// kernel-fuzz: sub-group-size 8
// kernel-fuzz: skip-config clang (LLVM 22's own bug, llvm/llvm-project#191382)
#include "kf_harness.hpp"  // tools/kernel-fuzz/

int main() {
  sycl::queue q;
  u32* perm = kf_alloc<u32>(q, 1024, 0u);
  kf_permutation(perm, 1024, 1600025704u);
  u32* o2 = kf_alloc<u32>(q, 32, 847073481u);
  u32* o3 = kf_alloc<u32>(q, 32, 2793837783u);
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for_work_group(sycl::range<1>(1), sycl::range<1>(32), [=](sycl::group<1> g) {
       u32 sh[32] = {};
       g.parallel_for_work_item([&](sycl::h_item<1> h) {
         const u32 lin = u32(h.get_global_id(0));
         const u32 lid = u32(h.get_local_id(0));
         sh[lid] = perm[(lid + 186u) % 1024u] + o2[(lin + 574u) % 32u];
       });
       g.parallel_for_work_item([&](sycl::h_item<1> h) {
         const u32 lid = u32(h.get_local_id(0));
         o3[h.get_global_id(0)] = sh[(lid + 15u) % 32u] ^ sh[lid];
       });
     });
   }).wait();
  kf_dump_u32("o3", o3, 32);
  return 0;
}
