// Regression (kernel-fuzz seed 64045, its last kernel): clang 22 + Weft's plugin compiled this
// for longer than anyone waits (g++ and clang alone: seconds). The plugin splits the kernel at
// its group collectives into loops over the group's items; the first holds each item's 33
// steps of f = fmin(f + in_f[k + 852], 1e6), values the same for every item (loads of fixed
// addresses), and LLVM 22's loop vectorizer asks of each step whether it is the same for every
// item by asking it again of the steps before, without remembering: about 3^33 questions.
// weft-uniform-chain-guard keeps that loop from the vectorizer (a remark says so).
// kernel-fuzz: sub-group-size 8
// kernel-fuzz: float-ulp fo2 33.0
#include "kf_harness.hpp"  // tools/kernel-fuzz/

int main() {
  sycl::queue q;
  float *in_f = kf_alloc<float>(q, 1024, 2846994574u), *fo2 = kf_alloc<float>(q, 24, 2552068020u);
  u32 *o0 = kf_alloc<u32>(q, 192, 2020795450u), *o1 = kf_alloc<u32>(q, 64, 1189127992u);
  u32 *o2 = kf_alloc<u32>(q, 24, 3564129343u), *perm = kf_alloc<u32>(q, 1024, 0u);
  kf_permutation(perm, 1024, 1671846066u);
  q.parallel_for(sycl::nd_range<1>(24, 8), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     auto sg = it.get_sub_group();
     const u32 lin = u32(it.get_global_linear_id());
     const u32 g0 = u32(it.get_global_id(0));
     u32 v = lin;
     u32 w = (11u | 5u);
     float f = 1.0f;
     for (u32 k0 = 0; k0 < 33u; ++k0) {
       v *= (v ^ 2u);
       f = sycl::fmin(f + in_f[std::size_t((k0 + 852u) % 1024u)], 1.0e6f);
     }
     v += sycl::group_broadcast(g, w, std::size_t(6u));
     if (((w - 7u) & 1u) == 0u) {
       w += (u32(u32(sycl::clz(190u) ^ perm[std::size_t(1024u - 1u - g0 % 1024u)])) -
             (o0[std::size_t(192u - 1u - g0 % 192u)] & 11u));
     } else {
       w *= kf_mix(v, lin);
     }
     v += sycl::reduce_over_group(g, w, sycl::plus<u32>());
     v += sycl::reduce_over_group(g, w, sycl::bit_xor<u32>());
     for (u32 k0 = 0; k0 < 3u; ++k0) {
       w += w;
       f = sycl::fmin(f + (float(o1[std::size_t(((k0 ^ k0)) % 64u)] & 1023u) + 1.0f), 1.0e6f);
     }
     w += sycl::reduce_over_group(sg, v, sycl::maximum<u32>());
     if (lin < 18u) {
       o2[lin] = v ^ w;
       fo2[lin] = f;
     }
   }).wait();
  kf_dump_u32("o2", o2, 24);
  kf_dump_f32("fo2", fo2, 24);
}
