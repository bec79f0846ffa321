// The hierarchical tree reduction of SYCL-Bench's Pattern_Reduction_Hierarchical, whose
// first step `i = group_size / 2` Weft's plugin makes an unsigned division where the
// halving loop's `group_size > 1` test has passed (weft-nonnegative-division), so LLVM's
// loop vectorizer widens the step `if (lid < i) s[lid] += s[lid + i]` with no overlap test.
// The group sizes are kernel fields (a power of two; 100, whose steps leave items out, the
// same in every build; 1 and 2), and a second halving loop starts from a dividend that is
// negative for some launches (`for (i = (gs - off) / 2; i != 0; i /= 2)`), which stays signed.
// The plugin runs each step over the items that pass `lid < i` (an `int` test of the id),
// in the hierarchical loops and in the nd_range form's split region loops.
// kernel-fuzz: sub-group-size 8
#include "kf_harness.hpp"  // tools/kernel-fuzz/

template <class T>
static void tree_sums(sycl::queue& q, const T* in, T* out, int gs, int off, int groups) {
  q.submit([&](sycl::handler& cgh) {
     sycl::local_accessor<T, 1> s{sycl::range<1>(std::size_t(gs)), cgh};
     cgh.parallel_for_work_group(
         sycl::range<1>(std::size_t(groups)), sycl::range<1>(std::size_t(gs)), [=](sycl::group<1> g) {
           g.parallel_for_work_item([&](sycl::h_item<1> h) { s[h.get_local_id(0)] = in[h.get_global_id(0)]; });
           for (int i = gs / 2; i > 0; i /= 2)
             g.parallel_for_work_item([&](sycl::h_item<1> h) {
               const int lid = int(h.get_local_id(0));
               if (lid < i) s[lid] += s[lid + i];
             });
           for (int i = (gs - off) / 2; i != 0; i /= 2)
             g.parallel_for_work_item([&](sycl::h_item<1> h) {
               const int lid = int(h.get_local_id(0));
               if (lid < i && lid + i < gs) s[lid] += s[lid + i];
             });
           g.parallel_for_work_item([&](sycl::h_item<1> h) {
             if (h.get_local_id(0) == 0) out[g.get_group_id(0)] = s[0];
           });
         });
   }).wait();
}

// The nd_range form: the split kernel's region loops run over the items that pass `lid < i`.
template <class T>
static void tree_sums_nd_range(sycl::queue& q, const T* in, T* out, int gs, int groups) {
  q.submit([&](sycl::handler& cgh) {
     sycl::local_accessor<T, 1> s{sycl::range<1>(std::size_t(gs)), cgh};
     cgh.parallel_for(sycl::nd_range<1>(std::size_t(groups * gs), std::size_t(gs)), [=](sycl::nd_item<1> it) {
       const int lid = int(it.get_local_id(0));
       s[lid] = in[it.get_global_id(0)];
       for (int i = gs / 2; i > 0; i /= 2) {
         sycl::group_barrier(it.get_group());
         if (lid < i) s[lid] += s[lid + i];
       }
       if (lid == 0) out[it.get_group(0)] = s[0];
     });
   }).wait();
}

int main() {
  sycl::queue q;
  constexpr int n = 1600, groups = 16;
  float* in_f = kf_alloc<float>(q, n, 1822440187u);
  u32* in_u = kf_alloc<u32>(q, n, 3912004417u);
  float* out_f = kf_alloc<float>(q, groups, 0u);
  u32* out_u = kf_alloc<u32>(q, groups, 0u);
  const int sizes[][2] = {{64, 0}, {100, 0}, {100, 109}, {1, 0}, {2, 7}, {64, 60}};
  for (const auto& size : sizes) {
    tree_sums(q, in_f, out_f, size[0], size[1], groups);
    kf_dump_f32("out_f", out_f, groups);
    tree_sums(q, in_u, out_u, size[0], size[1], groups);
    kf_dump_u32("out_u", out_u, groups);
    tree_sums_nd_range(q, in_f, out_f, size[0], groups);
    kf_dump_f32("nd_f", out_f, groups);
    tree_sums_nd_range(q, in_u, out_u, size[0], groups);
    kf_dump_u32("nd_u", out_u, groups);
  }
  return 0;
}
