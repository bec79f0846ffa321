#pragma once
// Kernel interface for hierarchical parallelism (SYCL 2020 section 4.9.4.2.3:
// handler::parallel_for_work_group, group::parallel_for_work_item, h_item,
// private_memory). The public classes (sycl/group.hpp, sycl/h_item.hpp,
// sycl/private_memory.hpp) are written once and call these; in namespace
// weft::kernel::hierarchical a target defines
//
//   work_items(group_id, group_range, physical_range, logical_range, f)
//       f(h_item) once for each logical local item of the calling work group, then
//       the group's items wait for each other (the implicit barrier that ends each
//       parallel_for_work_item). The logical item l runs on the physical item
//       l % physical_range (dimension by dimension): with a logical range larger
//       than the physical one each physical item runs several logical items, with a
//       smaller one some physical items run none.
//   private_allocate(bytes, align) -> private_block, private_release(block)
//       the storage of a private_memory object, one T per physical item of the
//       group; released in reverse order of allocation (objects of the group scope).
//
// Both targets run the work-group function once per work group on one thread
// (work-group-scope variables are then shared by the group's items, as the
// specification wants, without compiler support), so they share the loop below.
// CPU: weft/target/cpu/hierarchical.hpp; GPU: weft/target/gpu/hierarchical.hpp.
#include <cstddef>
#include <sycl/h_item.hpp>
#include <sycl/id.hpp>
#include <sycl/range.hpp>
#include <weft/kernel/item_loop_mark.hpp>
#include <weft/kernel/target.hpp>

namespace weft::kernel::hierarchical {

// What private_allocate hands out: the storage and what the target needs to release it.
struct private_block {
  void* data = nullptr;
  std::size_t token[2] = {0, 0};
};

// f(h_item) for every logical item of a work group, in logical row-major order,
// on the calling thread: the definition of work_items() for targets that run a
// work group on one thread. The innermost dimension is a plain counted loop (no
// division), so a kernel without calls vectorizes; with Weft's pass plugin it has
// the candidate mark (weft/kernel/item_loop_mark.hpp): widened across items where
// the plugin proves them independent.
template <int Dims, class F>
WEFT_HOST_DEVICE inline void serial_work_items(const sycl::id<Dims>& group_id, const sycl::range<Dims>& group_range,
                                               const sycl::range<Dims>& physical, const sycl::range<Dims>& logical,
                                               const F& f) {
  using sycl::detail::h_item_access;
  constexpr int last = Dims - 1;
  const std::size_t n = logical[last];
  const std::size_t p = physical[last];
  // The innermost dimension, with the outer ones' logical and physical ids fixed.
  auto row = [&](sycl::id<Dims> lid, sycl::id<Dims> pid) {
    if (n <= p) {
      WEFT_PLUGIN_CANDIDATE_ITEM_LOOP
      for (std::size_t i = 0; i < n; ++i) {
        lid[last] = i;
        pid[last] = i;
        f(h_item_access::make(group_id, group_range, pid, physical, lid, logical));
      }
    } else {
      WEFT_PLUGIN_GROUP_ROW_LOOP
      for (std::size_t base = 0; base < n; base += p) {
        const std::size_t count = n - base < p ? n - base : p;
        WEFT_PLUGIN_CANDIDATE_ITEM_LOOP
        for (std::size_t i = 0; i < count; ++i) {
          lid[last] = base + i;
          pid[last] = i;
          f(h_item_access::make(group_id, group_range, pid, physical, lid, logical));
        }
      }
    }
  };
  sycl::id<Dims> lid, pid;
  if constexpr (Dims == 1) {
    row(lid, pid);
  } else if constexpr (Dims == 2) {
    WEFT_PLUGIN_GROUP_ROW_LOOP
    for (std::size_t i0 = 0; i0 < logical[0]; ++i0) {
      lid[0] = i0;
      pid[0] = i0 % physical[0];
      row(lid, pid);
    }
  } else {
    WEFT_PLUGIN_GROUP_ROW_LOOP
    for (std::size_t i0 = 0; i0 < logical[0]; ++i0) {
      lid[0] = i0;
      pid[0] = i0 % physical[0];
      WEFT_PLUGIN_GROUP_ROW_LOOP
      for (std::size_t i1 = 0; i1 < logical[1]; ++i1) {
        lid[1] = i1;
        pid[1] = i1 % physical[1];
        row(lid, pid);
      }
    }
  }
}

}  // namespace weft::kernel::hierarchical

#include <weft/target/cpu/hierarchical.hpp>
#if WEFT_GPU_TRANSLATION_UNIT
#include <weft/target/gpu/hierarchical.hpp>
#endif
