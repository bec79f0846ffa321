// Kernels on which clang 22 crashed inside the plugin's part of the -O3 pipeline,
// each reduced from a public DPC++ program: an nd_range<3> kernel with a sub-group
// shift (weft-barrier-split read a dominator tree older than its own folding of
// weft_split_form()), and an nd_range<1> item calling a function with __restrict
// pointers (the outer-loop vectorizer widened the inlined noalias scope declarations
// into <16 x metadata>, and loop-unroll crashed on that). Both compile now: the first
// is split, the second widened. plugin_crashes_test.cpp checks their results. Each
// is compiled on its own (in one file the first no longer met the crashing state).
// RUN: %clangxx -DSUB_GROUP_3D -S -emit-llvm -o %t.split.ll %s -Rpass=weft -Rpass-missed=weft 2>%t.split.remarks
// RUN: %FileCheck --check-prefix=SPLIT %s < %t.split.remarks
// The first's cause with a work-group broadcast and accessors (kernel-fuzz, seed 11):
// RUN: %clangxx -DWORK_GROUP_3D -S -emit-llvm -o %t.group.ll %s -Rpass=weft -Rpass-missed=weft 2>%t.group.remarks
// RUN: %FileCheck --check-prefix=SPLIT %s < %t.group.remarks
// (The second on a target with fast gathers, where its rows are widened: item_loop_rows.ll.)
// RUN: %clangxx -march=skylake-avx512 -S -emit-llvm -o %t.ll %s -Rpass=weft -Rpass-missed=weft -Rpass-analysis=weft 2>%t.remarks
// RUN: %FileCheck %s < %t.ll
// RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
#include <sycl/sycl.hpp>

#ifdef SUB_GROUP_3D
int main() {
  sycl::queue q;
  float* d = sycl::malloc_shared<float>(2 * 64, q);
  q.parallel_for(sycl::nd_range<3>({1, 2, 64}, {1, 1, 64}), [=](sycl::nd_item<3> it) {
     float s = d[it.get_global_linear_id()];
     s += sycl::shift_group_left(it.get_sub_group(), s, 1);
     d[it.get_global_linear_id()] = s;
   }).wait();
  return d[0] == 1.0f ? 0 : 1;
}
// SPLIT: remark: kernel main::{{.*}}: split at {{[0-9]+}} barrier(s) into {{[0-9]+}} loops over the work group's items
#elif defined(WORK_GROUP_3D)
#include <cstdint>
using u32 = std::uint32_t;
template <class T>
static T* alloc(sycl::queue& q, int n, u32 seed) {
  T* p = sycl::malloc_shared<T>(std::size_t(n), q);
  u32 x = seed * 2654435761u + 1u;
  for (int i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = T(x);
  }
  return p;
}
static volatile u32 rt = 1524781594u;
int main() {
  sycl::queue q;
  const u32 r4 = rt;
  u32* in_u = alloc<u32>(q, 1024, 819403957u);
  u32* perm = alloc<u32>(q, 1024, 0u);
  u32* o0 = alloc<u32>(q, 128, 734103151u);
  {
    sycl::buffer<u32, 1> b_in_u(in_u, sycl::range<1>(1024));
    sycl::buffer<u32, 1> b_o0(o0, sycl::range<1>(128));
    sycl::buffer<u32, 1> b_perm(perm, sycl::range<1>(1024));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor in_u(b_in_u, cgh, sycl::read_only);
      sycl::accessor perm(b_perm, cgh, sycl::read_only);
      sycl::accessor o0(b_o0, cgh, sycl::read_write);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(2, 8, 8), sycl::range<3>(2, 4, 4)), [=](sycl::nd_item<3> it) {
        const u32 lin = u32(it.get_global_linear_id());
        const u32 lid = u32(it.get_local_linear_id());
        const u32 g1 = u32(it.get_global_id(1));
        const u32 g2 = u32(it.get_global_id(2));
        u32 v = o0[lin];
        u32 w =
            7u * ((r4 + in_u[(std::size_t(g1) * 4u + 20u) % 1024u]) >> ((in_u[1024u - 1u - g2 % 1024u] & g2) & 31u));
        v += sycl::group_broadcast(it.get_group(), w, std::size_t(18u));
        w += perm[perm[lid % 1024u] % 1024u];
        o0[lin] = v + w;
      });
    });
  }
  q.wait();
  return 0;
}
#else

constexpr int points = 2048, dims = 128;
void best_match(sycl::nd_item<1>& item, const float* __restrict a, const float* __restrict b, float* __restrict best,
                int* __restrict at) {
  int p1 = item.get_global_id(0), index = -1;
  float max_score = 0.0f;
  for (int p2 = 0; p2 < points; p2++) {
    float score = 0.0f;
    for (int d = 0; d < dims; d++) score += a[p1 * dims + d] * b[p2 * dims + d];
    if (score > max_score) {
      max_score = score;
      index = p2;
    }
  }
  best[p1] = max_score;
  at[p1] = index;
}
void scan_points(sycl::queue& q, const float* a, const float* b, float* best, int* at) {
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(points), sycl::range<1>(128)), [=](sycl::nd_item<1> item) {
     best_match(item, a, b, best, at);
   }).wait();
}
// CHECK-LABEL: define {{.*}}nd_worker_body{{.*}}scan_points
// CHECK-NOT: llvm.experimental.noalias.scope.decl
// CHECK: phi <{{[0-9]+}} x float>
// CHECK: ret void
// REMARK-DAG: remark: kernel scan_points{{.*}}: item loop given to the outer-loop vectorizer
#endif
