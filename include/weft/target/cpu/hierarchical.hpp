#pragma once
// The CPU target's bodies of the hierarchical-parallelism kernel interface
// (weft/kernel/hierarchical.hpp). A work group runs on one thread
// (hierarchical_launch.hpp): its work-group function runs once, each
// parallel_for_work_item is a plain loop over the logical items (the implicit
// barrier after it costs nothing), and private_memory comes from the thread's
// scoped arena (weft/target/cpu/scoped_arena.hpp), released when the object
// goes out of scope or, at the latest, when its work group ends.
#include <cstddef>
#include <weft/kernel/hierarchical.hpp>
#include <weft/target/cpu/scoped_arena.hpp>

namespace weft::kernel::hierarchical {

template <int Dims, class F>
inline void work_items(const sycl::id<Dims>& group_id, const sycl::range<Dims>& group_range,
                       const sycl::range<Dims>& physical, const sycl::range<Dims>& logical, const F& f) {
  serial_work_items(group_id, group_range, physical, logical, f);
}

inline private_block private_allocate(std::size_t bytes, std::size_t align) {
  scoped_arena& arena = scoped_arena::this_thread();
  const scoped_arena::mark m = arena.get_mark();
  private_block b;
  b.data = arena.allocate(bytes, align);
  b.token[0] = m.chunk;
  b.token[1] = m.offset;
  return b;
}

inline void private_release(const private_block& b) noexcept {
  scoped_arena::this_thread().release({b.token[0], b.token[1]});
}

}  // namespace weft::kernel::hierarchical
