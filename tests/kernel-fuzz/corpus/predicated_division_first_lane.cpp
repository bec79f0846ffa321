// Regression (kernel-fuzz seed 162158, reduced by hand to its first kernel): clang 22 gave
// wrong results for this range<2> kernel with Weft's plugin, and without it crashed in a
// gather (SIGSEGV) or read wrong elements. Under a branch that some items of a row take
// and others not, the item reads in_u[w % (r1 | 1)]: an unsigned remainder of
// loop-invariant values, which LLVM 22's loop vectorizer runs per lane under the lane's
// condition (it may divide by zero) but from which it computes the load's address once,
// with the first lane's remainder: poison when the row's first item skips the branch.
// Weft's plugin hides such divisions from the vectorizer (weft-predicated-division-guard);
// clang without the plugin keeps LLVM's wrong code, which Weft cannot change, so that
// configuration is left out here (a Weft-free C loop shows it with clang-22 -O3 alone).
// kernel-fuzz: sub-group-size 32
// kernel-fuzz: skip-config clang (LLVM 22's own loop vectorizer bug: a predicated urem's first lane in a uniform address)
#include "kf_harness.hpp"  // tools/kernel-fuzz/

static volatile u32 kf_rt[2] = {2u, 1u};  // run-time values: the branch and the divisor

int main() {
  sycl::queue q;
  u32* in_u = kf_alloc<u32>(q, 1024, 2112552405u);
  u32* o0 = kf_alloc<u32>(q, 403, 572034024u);
  const u32 c = kf_rt[0], r1 = kf_rt[1];
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for(sycl::range<2>(13, 31), [=](sycl::item<2> it) {
       const u32 i0 = u32(it.get_id(0));
       const u32 i1 = u32(it.get_id(1));
       const u32 lin = i0 * 31u + i1;
       const u32 w = 2023719202u;
       u32 v = 12u;
       if (((c ^ i1) & 3u) == 3u) {  // items 1, 5, 9, ... of a row: not the first
         v = w + in_u[(std::size_t(i0) * 7u + 43u) % 1024u];
         v ^= ((i0 ^ in_u[(w % (r1 | 1u)) % 1024u]) * (v + in_u[(i1 + 318u) % 1024u])) + i0;
       }
       o0[lin] = v ^ w;
     });
   }).wait();
  kf_dump_u32("o0", o0, 403);
  return 0;
}
