// The plugin in clang's -O3 pipeline on Weft's own item loops, as a user's build
// runs it: a naive matrix product with a run-time size comes out with scalar and
// vector loads and a vector store, no gather or scatter; the same as an nd_range
// kernel without barriers is widened too; a kernel's atomic counter is updated once
// per run of the item loop; a histogram's atomics are refused with a remark naming them; kernels with barriers and collectives are split at them, except
// one whose barrier only some items reach; a hierarchical n-body keeps its
// accumulator in registers and is widened; a 2-D scoped group's copy into
// a local tile and update from it are item loops, with no prefetch after each row;
// an nd_range kernel over accessors keeps their fields out of its widened loop.
// RUN: %clangxx -S -emit-llvm -o %t.ll %s -Rpass=weft -Rpass-missed=weft -Rpass-analysis=weft 2>%t.remarks
// RUN: %FileCheck %s < %t.ll
// RUN: %FileCheck --check-prefix=REMARK %s < %t.remarks
#include <sycl/sycl.hpp>

void matrix_product(sycl::queue& q, const float* a, const float* b, float* c, std::size_t n) {
  q.parallel_for(sycl::range<2>(n, n), [=](sycl::id<2> ij) {
     float s = 0;
     for (std::size_t k = 0; k < n; ++k) s += a[ij[0] * n + k] * b[k * n + ij[1]];
     c[ij[0] * n + ij[1]] = s;
   }).wait();
}
// CHECK-LABEL: define internal {{.*}}run_rows{{.*}}matrix_product
// CHECK-NOT: masked.gather
// CHECK: load float
// CHECK-NOT: masked.gather
// CHECK: load <{{[0-9]+}} x float>
// CHECK-NOT: masked.scatter
// CHECK: store <{{[0-9]+}} x float>
// CHECK: ret void
// REMARK-DAG: remark: kernel {{.*}}matrix_product{{.*}}: item loop given to the outer-loop vectorizer
// REMARK-DAG: remark: widened accesses: 1 uniform loads, 1 vector loads, 1 vector stores; 0 gathers/scatters kept

void count_positive(sycl::queue& q, const float* x, unsigned* count, std::size_t n, std::size_t reps) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*count);
     for (std::size_t r = 0; r < reps; ++r)
       if (x[i] > float(r)) c.fetch_add(1u);
   }).wait();
}
// REMARK-DAG: remark: kernel {{.*}}count_positive{{.*}}: 1 atomic update(s) of one address made once per run of the item loop

void histogram(sycl::queue& q, const float* x, unsigned* bins, std::size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> c(bins[int(x[i]) & 15]);
     c.fetch_add(1u);
   }).wait();
}
// REMARK-DAG: remark: kernel {{.*}}histogram{{.*}}: work items run one by one, not across vector lanes: the work item makes an atomic access

void nd_matrix_product(sycl::queue& q, const float* a, const float* b, float* c, std::size_t n) {
  q.parallel_for(sycl::nd_range<2>({n, n}, {8, 32}), [=](sycl::nd_item<2> it) {
     const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
     float s = 0;
     for (std::size_t k = 0; k < n; ++k) s += a[i * n + k] * b[k * n + j];
     c[i * n + j] = s;
   }).wait();
}
// REMARK-DAG: remark: kernel {{.*}}nd_matrix_product{{.*}}: item loop given to the outer-loop vectorizer

void nd_with_barrier(sycl::queue& q, float* x, std::size_t n, std::size_t reps) {
  q.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
     for (std::size_t r = 0; r < reps; ++r) {
       x[it.get_global_id(0)] += 1.0f;
       sycl::group_barrier(it.get_group());
     }
   }).wait();
}
// REMARK-DAG: remark: kernel {{.*}}nd_with_barrier{{.*}}: work items run one by one, not across vector lanes: the work item
// The same kernel split at its barrier (weft-barrier-split) for the split path, whose
// region loops are widened: the fiber path above keeps its loop for WEFT_SPLIT_BARRIERS=0.
// REMARK-DAG: remark: kernel {{.*}}nd_with_barrier{{.*}}: split at 1 barrier(s) into 2 loops over the work group's items

void nd_sub_group_sum(sycl::queue& q, const float* x, float* y, std::size_t n) {
  q.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
     const float s = sycl::reduce_over_group(it.get_sub_group(), x[it.get_global_id(0)], sycl::plus<float>());
     y[it.get_global_id(0)] = s;
   }).wait();
}
// REMARK-DAG: remark: kernel {{.*}}nd_sub_group_sum{{.*}}: split at 1 barrier(s) into 2 loops over the work group's items

// Tiles through local memory after an item guard (SYCL-Bench's NBody NDRange): jump
// threading takes the tile loop's entry test off the guard's side, and the split puts
// it back (barrier_split_rejoin.ll); the region loops are then widened.
void nd_tiles_after_guard(sycl::queue& q, const float* in, float* out, std::size_t n) {
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<float, 1> tile{sycl::range<1>(64), h};
     h.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
       const std::size_t gid = it.get_global_id(0), lid = it.get_local_id(0);
       const std::size_t count = it.get_global_range(0), size = it.get_local_range(0);
       const float mine = gid < count ? in[gid] : 0.0f;
       float acc = 0.0f;
       for (std::size_t offset = 0; offset < count; offset += size) {
         tile[lid] = in[offset + lid];
         sycl::group_barrier(it.get_group());
         for (std::size_t k = 0; k < size; ++k) acc += tile[k] * mine;
         sycl::group_barrier(it.get_group());
       }
       out[gid] = acc;
     });
   }).wait();
}
// REMARK-DAG: remark: kernel {{.*}}nd_tiles_after_guard{{.*}}: split at 2 barrier(s) into 3 loops over the work group's items

void nd_barrier_for_some(sycl::queue& q, float* x, std::size_t n) {
  q.parallel_for(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
     if (it.get_local_id(0) < 32) sycl::group_barrier(it.get_group());
     x[it.get_global_id(0)] = 1.0f;
   }).wait();
}
// REMARK-DAG: remark: kernel {{.*}}nd_barrier_for_some{{.*}}: barriers run on fibers, not split: a barrier is reached only by some items

// Hierarchical n-body (SYCL-Bench's form): the force loop adds to the item's
// private `vec<float, 3>` only where `gid != offset + i`. Its private memory is an
// arena block the compiler is told is readable (scoped_arena.hpp), so the sum is kept
// in registers across the loop (item_accumulators.hpp) and the items are widened
// with the self test as a mask.
void hierarchical_forces(sycl::queue& q, sycl::buffer<sycl::float4>& bodies, sycl::buffer<sycl::float3>& forces) {
  q.submit([&](sycl::handler& h) {
     sycl::accessor in(bodies, h, sycl::read_only);
     sycl::accessor out(forces, h, sycl::write_only, sycl::no_init);
     sycl::local_accessor<sycl::float4> tile{sycl::range<1>(64), h};
     const std::size_t n = in.size();
     h.parallel_for_work_group(sycl::range<1>(n / 64), sycl::range<1>(64), [=](sycl::group<1> g) {
       sycl::private_memory<sycl::float3> acc{g};
       sycl::private_memory<sycl::float4> mine{g};
       g.parallel_for_work_item([&](sycl::h_item<1> it) {
         acc(it) = sycl::float3{0.0f};
         mine(it) = in[it.get_global_id(0)];
       });
       for (std::size_t offset = 0; offset < n; offset += 64) {
         g.parallel_for_work_item(
             [&](sycl::h_item<1> it) { tile[it.get_local_id(0)] = in[offset + it.get_local_id(0)]; });
         g.parallel_for_work_item([&](sycl::h_item<1> it) {
           for (int i = 0; i < 64; ++i) {
             const sycl::float4 p = tile[i], m = mine(it);
             const sycl::float3 r{p.x() - m.x(), p.y() - m.y(), p.z() - m.z()};
             const float s = p.w() * sycl::rsqrt(r.x() * r.x() + r.y() * r.y() + r.z() * r.z() + 0.01f);
             if (it.get_global_id(0) != offset + i) acc(it) += s * r;
           }
         });
       }
       g.parallel_for_work_item([&](sycl::h_item<1> it) { out[it.get_global_id(0)] = acc(it); });
     });
   }).wait();
}
// REMARK-DAG: remark: kernel {{.*}}hierarchical_forces{{.*}}: the items of a scoped or hierarchical loop are independent where a run-time test finds their accesses apart (1 accumulator(s) kept in registers across a loop inside the item): an item loop
// REMARK-DAG: remark: kernel {{.*}}hierarchical_forces{{.*}}: item loop given to the outer-loop vectorizer (its branches as masks)

// A 2-D scoped group's tile in local memory (in the task's frame) and an accumulator in
// private memory: the copy into the tile and the update from it are item loops (the
// tile's address is never stored, so the compiler tells it from the kernel's other
// memory), and nothing is prefetched after each row (the headers mark the loop over a
// group's rows).
void scoped_tiles(sycl::queue& q, const double* a, double* c, std::size_t n) {
  q.parallel(sycl::range<2>(n / 32, n / 32), sycl::range<2>(32, 32), [=](auto g) {
     sycl::memory_environment(g, sycl::require_local_mem<double[32][32]>(), sycl::require_private_mem<double>(0.0),
                              [&](auto& tile, auto& acc) {
                                sycl::distribute_items_and_wait(g, [&](sycl::s_item<2> it) {
                                  const std::size_t i = it.get_global_id(0), j = it.get_global_id(1);
                                  tile[it.get_local_id(g, 0)][it.get_local_id(g, 1)] = a[i * n + j];
                                });
                                sycl::distribute_items(g, [&](sycl::s_item<2> it) {
                                  acc(it) += 2.0 * tile[it.get_local_id(g, 0)][it.get_local_id(g, 1)];
                                });
                                sycl::distribute_items(g, [&](sycl::s_item<2> it) {
                                  c[it.get_global_id(0) * n + it.get_global_id(1)] = acc(it);
                                });
                              });
   }).wait();
}
// REMARK-DAG: remark: kernel {{.*}}scoped_tiles{{.*}}: the items of a scoped or hierarchical loop are independent: an item loop
// REMARK-DAG: remark: kernel {{.*}}scoped_tiles{{.*}}: the items of a scoped or hierarchical loop are independent: an item loop
// REMARK-DAG: remark: kernel {{.*}}scoped_tiles{{.*}}: no prefetch after a row of the group's items

// An nd_range kernel without barriers over ranged accessors (SYCL-Bench's accessor
// latency), in a template, as there: its task's functions are not the TU's own, so
// the group's function is not inlined into the worker's. Its item loop keeps the
// accessors' pointers and offsets, read from the task's copy of the kernel, out of
// the widened loop, and stores the frame's record of the running item once after it.
template <class T>
void nd_accessor_sum(sycl::queue& q, sycl::buffer<T>& a, sycl::buffer<T>& b, sycl::buffer<T>& c) {
  q.submit([&](sycl::handler& h) {
    sycl::accessor A(a, h, a.get_range(), sycl::read_only), B(b, h, b.get_range(), sycl::read_only);
    sycl::accessor C(c, h, c.get_range(), sycl::write_only);
    h.parallel_for(sycl::nd_range<1>(c.size(), 64), [=](sycl::nd_item<1> it) {
      const std::size_t i = it.get_global_linear_id();
      C[i] = A[i] + B[i];
    });
  });
}
template void nd_accessor_sum(sycl::queue&, sycl::buffer<float>&, sycl::buffer<float>&, sycl::buffer<float>&);
// CHECK-LABEL: define {{.*}}nd_task{{.*}}nd_accessor_sum{{.*}}run_one_group
// CHECK: load <{{[0-9]+}} x float>
// CHECK-NOT: {{load|store}} i64
// CHECK: store <{{[0-9]+}} x float>
// CHECK-NOT: {{load|store}} i64
// CHECK: br i1 {{.*}}, !llvm.loop
