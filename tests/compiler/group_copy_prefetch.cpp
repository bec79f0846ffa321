// The plugin in clang's -O3 pipeline on a scoped and a hierarchical kernel that copy
// their group's slice of the input into local memory: the copy stays an item loop
// (the task functions do not treat memcpy as a builtin, weft/target/cpu/scoped_launch.hpp),
// so no memcpy call of the group's bytes is left, and a later group's slice is
// prefetched after it.
// RUN: %clangxx -S -emit-llvm -o %t.ll %s -Rpass-analysis=weft 2>%t.remarks
// RUN: %FileCheck %s < %t.ll
// RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
#include <sycl/sycl.hpp>

constexpr std::size_t group = 128;

void scoped_copy(sycl::queue& q, const int* in, int* out, std::size_t n) {
  q.parallel(sycl::range<1>(n / group), sycl::range<1>(group), [=](auto grp) {
     sycl::memory_environment(grp, sycl::require_local_mem<int[group]>(), [&](auto& scratch) {
       sycl::distribute_items(
           grp, [&](sycl::s_item<1> idx) { scratch[idx.get_local_id(grp, 0)] = in[idx.get_global_id(0)]; });
       sycl::group_barrier(grp);
       sycl::single_item(grp, [&]() {
         int sum = 0;
         for (std::size_t i = 0; i < group; ++i) sum += scratch[i];
         out[grp.get_group_id(0)] = sum;
       });
     });
   }).wait();
}
// CHECK-LABEL: define internal {{.*}}scoped_launch{{.*}}scoped_copy
// CHECK-NOT: call void @llvm.memcpy{{.*}}, i64 {{512|%[0-9a-z.]+}}, i1 false)
// CHECK: call void @llvm.prefetch
// CHECK: ret void
// REMARK: remark: kernel {{.*}}scoped_copy{{.*}}: a later group's copy of 1 stream(s) this loop reads is prefetched after it

void hierarchical_copy(sycl::queue& q, const int* in, int* out, std::size_t n) {
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<1>(n / group), sycl::range<1>(group), [=](sycl::group<1> g) {
       int scratch[group];
       g.parallel_for_work_item([&](sycl::h_item<1> it) { scratch[it.get_local_id(0)] = in[it.get_global_id(0)]; });
       int sum = 0;
       for (std::size_t i = 0; i < group; ++i) sum += scratch[i];
       out[g.get_group_id(0)] = sum;
     });
   }).wait();
}
// CHECK-LABEL: define internal {{.*}}hierarchical_launch{{.*}}hierarchical_copy
// CHECK-NOT: call void @llvm.memcpy{{.*}}, i64 {{512|%[0-9a-z.]+}}, i1 false)
// CHECK: call void @llvm.prefetch
// CHECK: ret void
// REMARK: remark: kernel {{.*}}hierarchical_copy{{.*}}: a later group's copy of 1 stream(s) this loop reads is prefetched after it
