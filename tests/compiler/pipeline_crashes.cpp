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
// The first's cause with a work-group broadcast and accessors (kernel-fuzz, seed 11; the
// kernel-fuzz corpus runs the same program and compares its results):
// RUN: %clangxx -I%S/../../tools/kernel-fuzz -S -emit-llvm -o %t.group.ll %S/../kernel-fuzz/corpus/nd_range3_work_group_broadcast.cpp -Rpass=weft -Rpass-missed=weft 2>%t.group.remarks
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
// The widened item loop (from its vector of item ids) declares no noalias scope; the
// group's code before it may (the task's restrict `this`, nd_range_kernel.hpp).
// CHECK-LABEL: define {{.*}}nd_worker_body{{.*}}scan_points
// CHECK: phi <{{[0-9]+}} x i64>
// CHECK-NOT: llvm.experimental.noalias.scope.decl
// CHECK: phi <{{[0-9]+}} x float>
// CHECK: ret void
// REMARK-DAG: remark: kernel scan_points{{.*}}: item loop given to the outer-loop vectorizer
#endif
