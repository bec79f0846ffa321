#pragma once
// CPU execution of hierarchical kernels (handler::parallel_for_work_group, SYCL 2020
// section 4.9.4.2.3): one task (parallel.hpp) per work group (several small groups per
// task, as for scoped parallelism; with static placement on, a fixed block of
// consecutive groups per worker, docs/hpc.md, "Placement"). A work group runs on
// one thread: the work-group function once, so its variables are the group's
// shared (work-group-scope) memory with no compiler support, and each
// parallel_for_work_item a plain loop over the logical items
// (weft/target/cpu/hierarchical.hpp) that the compiler may vectorize; the implicit
// barrier after each is free, no fibers ever. private_memory and local accessors
// come from the worker's scoped arena.
#include <cstddef>
#include <optional>
#include <type_traits>
#include <sycl/group.hpp>
#include <sycl/id.hpp>
#include <sycl/range.hpp>
#include <weft/kernel/hierarchical.hpp>
#include <weft/runtime/launch.hpp>
#include <weft/target/cpu/local_memory.hpp>
#include <weft/target/cpu/range_launch.hpp>
#include <weft/target/cpu/scoped_arena.hpp>
#include <weft/target/cpu/scoped_launch.hpp>
#include <weft/target/cpu/parallel.hpp>

namespace weft::cpu {

namespace detail {
// Physical items a task should hold at least, so that tiny groups share a task.
inline constexpr std::size_t hierarchical_items_per_task = 4096;

// Points the thread's local memory (local accessors) at `base` for one task.
class local_memory_scope {
 public:
  local_memory_scope(std::byte* base, std::size_t bytes) noexcept
      : m_base(kernel::detail::local_memory_base), m_bytes(kernel::detail::local_memory_bytes) {
    kernel::detail::local_memory_base = base;
    kernel::detail::local_memory_bytes = bytes;
  }
  ~local_memory_scope() {
    kernel::detail::local_memory_base = m_base;
    kernel::detail::local_memory_bytes = m_bytes;
  }
  local_memory_scope(const local_memory_scope&) = delete;
  local_memory_scope& operator=(const local_memory_scope&) = delete;

 private:
  std::byte* m_base;
  std::size_t m_bytes;
};
}  // namespace detail

// The work-group size of parallel_for_work_group(num_groups, f), which leaves the
// choice to the implementation: one item per group, in every dimension. So group g's
// item 0 has global id g, and a buffer sized by num_groups holds every global id (what
// the SYCL-CTS expects). It only sets how many physical items (private_memory
// instances) a group has and how global ids are laid out; the logical ranges of
// parallel_for_work_item(range, f) are unaffected, and the loops over the items are
// the same whatever the size. The CUDA target picks the same (cuda/hierarchical_launch.hpp).
template <int Dims>
sycl::range<Dims> hierarchical_default_group_size() {
  if constexpr (Dims == 1) return sycl::range<1>(1);
  else if constexpr (Dims == 2) return sycl::range<2>(1, 1);
  else return sycl::range<3>(1, 1, 1);
}

template <int Dims, class Kernel>
void hierarchical_launch(const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size,
                         const launch::group_request& local, const Kernel& k) {
  static_assert(std::is_invocable_v<const Kernel&, sycl::group<Dims>>,
                "parallel_for_work_group(): the kernel must be a callable of signature void(sycl::group<Dims>)");
  const std::size_t groups = num_groups.size();
  const std::size_t items = group_size.size();
  if (groups == 0 || items == 0) return;
  const std::size_t grain =
      items >= detail::hierarchical_items_per_task ? 1 : detail::hierarchical_items_per_task / items;

  // Runs the groups [begin, end) of one task, one after another.
  auto run_groups = [&](std::size_t begin, std::size_t end) WEFT_HIERARCHICAL_TASK_ATTRIBUTES {
    const Kernel kc = k;  // a private copy: its fields cannot alias the data the kernel writes
    kernel::scoped_arena& arena = kernel::scoped_arena::this_thread();
    kernel::scoped_arena_scope task_scope(arena);
    std::byte* local_base = local.bytes ? static_cast<std::byte*>(arena.allocate(local.bytes, 64)) : nullptr;
    detail::local_memory_scope local_scope(local_base, local.bytes);
    for (std::size_t g = begin; g != end; ++g) {
      // private_memory a group leaves behind (it should not) goes with the group.
      kernel::scoped_arena_scope group_scope(arena);
      kc(sycl::detail::group_access::make(sycl::detail::delinearize(g, num_groups), sycl::id<Dims>(), group_size,
                                          num_groups));
    }
  };

  if (weft::detail::static_partition()) {
    // Static placement (docs/hpc.md, "Placement"): the same groups on the same worker every time.
    const std::size_t chunks = static_chunks(groups, items, grain_for(groups * items));
    static_for(groups, chunks, run_groups);
    return;
  }
  cpu::parallel_for(0, groups, grain, run_groups);
}

}  // namespace weft::cpu

namespace weft::launch {
template <int Dims, class Kernel>
void hierarchical_kernel(const sycl::range<Dims>& num_groups, const std::optional<sycl::range<Dims>>& group_size,
                         const group_request& local, const Kernel& k) {
  cpu::hierarchical_launch(num_groups, group_size ? *group_size : cpu::hierarchical_default_group_size<Dims>(), local,
                           k);
}
}  // namespace weft::launch
