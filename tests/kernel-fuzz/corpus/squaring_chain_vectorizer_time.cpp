// Regression (kernel-fuzz seed 130861, reduced): clang 22 compiled this for longer than
// anyone waits, with Weft's plugin and without it (g++: seconds). LLVM unswitches the
// item's run-time loop on r0 == 0; in that copy each item loads in_u[...] at an address
// the same for every item of a row and squares it 33 times, and LLVM 22's loop vectorizer
// asks of each square whether it is the same for every item by asking it of both
// operands, without remembering: 2^33 questions. weft-uniform-chain-guard keeps that loop
// from the vectorizer (a remark says so), in weft-item-loop-select's trial widening of the
// kernel too; clang without the plugin keeps LLVM's time, which Weft cannot change, so
// that configuration is left out here.
// kernel-fuzz: sub-group-size 8
// kernel-fuzz: skip-config clang (LLVM 22's own: its loop vectorizer's time doubles with each squaring)
#include "kf_harness.hpp"  // tools/kernel-fuzz/

static volatile u32 kf_rt[8] = {2u, 9u, 0u, 0u, 1294254642u, 4u, 11u, 0u};

int main() {
  const u32 r0 = kf_rt[0];  // a run-time trip count: 2
  sycl::queue q;
  u32* in_u = kf_alloc<u32>(q, 1024, 1668373846u);
  u32* o3 = kf_alloc<u32>(q, 216, 1602461353u);
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for(sycl::range<3>(3, 8, 9), [=](sycl::item<3> it) {
       const u32 i0 = u32(it.get_id(0)), i1 = u32(it.get_id(1)), i2 = u32(it.get_id(2));
       const u32 lin = (i0 * 8u + i1) * 9u + i2;
       u32 w = in_u[std::size_t((std::size_t(i0) * 7u + 50u) % 1024u)];
       for (u32 k0 = 0; k0 < r0; ++k0) w *= lin;
       for (u32 k0 = 0; k0 < 33u; ++k0) w *= w;
       o3[std::size_t(216u - 1u - lin)] = w;
     });
   }).wait();
  kf_dump_u32("o3", o3, 216);
  return 0;
}
