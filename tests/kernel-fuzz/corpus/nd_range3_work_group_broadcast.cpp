// Regression (kernel-fuzz seed 11, reduced; the kernel's result written back): clang 22 + the
// plugin crashed in weft-barrier-split (LoopInfo of a stale analysis) on an nd_range<3> kernel
// with a work-group broadcast (fixed by 110199b).
// kernel-fuzz program, seed 11 (tools/kernel-fuzz/kfgen.py): results fully specified.
// kernel-fuzz: sub-group-size 4
#include "kf_harness.hpp"  // tools/kernel-fuzz/

static volatile u32 kf_rt[8] = {4u, 2u, 0u, 0u, 1524781594u, 1u, 6u, 0u};

int main() {
  sycl::queue q;
  const u32 r4 = kf_rt[4];
  u32* in_u = kf_alloc<u32>(q, 1024, 819403957u);
  u32* perm = kf_alloc<u32>(q, 1024, 0u);
  u32* o0 = kf_alloc<u32>(q, 128, 734103151u);
  {
    sycl::buffer<u32, 1> b_in_u(in_u, sycl::range<1>(1024));
    sycl::buffer<u32, 1> b_o0(o0, sycl::range<1>(128));
    sycl::buffer<u32, 1> b_perm(perm, sycl::range<1>(1024));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor in_u(b_in_u, cgh, sycl::read_only);
      sycl::accessor perm(b_perm, cgh, sycl::read_only);
      sycl::accessor o0(b_o0, cgh, sycl::read_write);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(2, 8, 8), sycl::range<3>(2, 4, 4)), [=](sycl::nd_item<3> it) {
        auto g = it.get_group();
        const u32 lin = u32(it.get_global_linear_id());
        const u32 lid = u32(it.get_local_linear_id());
        const u32 g1 = u32(it.get_global_id(1));
        const u32 g2 = u32(it.get_global_id(2));
        u32 v = o0[lin];
        u32 w = (g1 + g2);
        w = (7u * ((r4 + in_u[std::size_t((std::size_t(g1) * 4u + 20u) % 1024u)]) >>
                   ((in_u[std::size_t(1024u - 1u - g2 % 1024u)] & g2) & 31u)));
        v += sycl::group_broadcast(g, w, std::size_t(18u));
        w += perm[std::size_t(perm[lid % 1024u] % 1024u)];
        o0[lin] = v ^ w;
      });
    });
  }
  q.wait();
  kf_dump_u32("o0", o0, 128);
  return 0;
}
