// Regression (kernel-fuzz seed 2173, reduced): clang 22 + plugin crashed in the register
// allocator on this split nd_range<2> kernel with AVX-512 (-march=skylake-avx512, or
// -march=native on such a CPU): the outer-loop vectorizer widened the region's item loop,
// around an unswitched run-time loop whose never-entered copy loop-deletion had removed,
// into IR that fails LLVM's verifier. weft-item-loop-select's trial widening now runs the
// pipeline's passes before the vectorizer and refuses the loop (IR test:
// tests/compiler/item_loop_trial_pipeline.ll). Three barriers, select_from_group,
// reduce_over_group, a run-time loop around a dead block storing at a data-dependent index.
// kernel-fuzz: sub-group-size 8
#include "kf_harness.hpp"  // tools/kernel-fuzz/

static volatile u32 kf_rt[8] = {5u, 5u, 0u, 0u, 2928461461u, 3u, 7u, 0u};

int main() {
  sycl::queue q;
  const u32 r0 = kf_rt[0];
  const u32 r3 = kf_rt[3];
  u32* perm = kf_alloc<u32>(q, 1024, 0u);
  u32* o3 = kf_alloc<u32>(q, 384, 432160032u);
  {
    q.submit([&](sycl::handler& cgh) {
       cgh.parallel_for(sycl::nd_range<2>(sycl::range<2>(16, 24), sycl::range<2>(8, 8)), [=](sycl::nd_item<2> it) {
         const u32 lin = u32(it.get_global_linear_id());
         u32 v = o3[lin];
         u32 w = (13u + v);
         auto g = it.get_group();
         auto sg = it.get_sub_group();
         const u32 lid = u32(it.get_local_linear_id());
         sycl::group_barrier(g);  // keep
         sycl::group_barrier(g);  // keep
         sycl::group_barrier(g);  // keep
         v += sycl::select_from_group(
             sg, w, (u32(it.get_global_id(0)) - u32(it.get_global_id(1))) % sg.get_local_linear_range());
         v += sycl::reduce_over_group(g, w, sycl::plus<u32>());
         for (u32 k0 = 0; k0 < r0; ++k0) {
           if (r3 == 77u) {
             if (r3 == 77u) {
               w += (u32(sycl::min(perm[std::size_t((std::size_t(lin) * 1u + 9u) % 1024u)], w))
                     << ((v >> (k0 & 31u)) & 31u));
             }
             o3[std::size_t((k0 + lid)) % 384u] = v;
           }
         }
         o3[lin] = v ^ w;
       });
     }).wait();
  }
  q.wait();
  kf_dump_u32("o3", o3, 384);
  return 0;
}
