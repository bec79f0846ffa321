#pragma once
// The CPU target's local memory (the kernel interface of weft/kernel/local_memory.hpp):
// each worker task runs its work groups one after another in one block of local
// memory, whose base the nd_range launch sets in a thread_local.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace weft::kernel {

namespace detail {
// Base of the running work group's local memory on this thread. A local
// accessor stores only its offset (the kernel object is shared by all groups)
// and adds it to this base; the launch sets it once per worker task.
inline thread_local std::byte* local_memory_base = nullptr;
inline thread_local std::size_t local_memory_bytes = 0;
// The running work group's collective scratch (weft::kernel::group_scratch()),
// set beside local_memory_base: a collective reads it without a call into the library.
inline thread_local std::byte* group_scratch_base = nullptr;
// The running work group, as the launch sets it once per worker task: a serial
// of the task on this thread (never reset, so never seen again on it) and the
// worker's record of the group it runs. Group objects (group_object) belong to
// the (task, group) they were made under: nothing is stored per group (a store
// per group queued behind a memory-bound kernel's own and cost it 2% on 2 CPUs).
inline thread_local std::uint64_t task_serial = 0;
inline thread_local const std::size_t* running_group_linear = nullptr;

// The group objects of the running work group (group_local_memory): the k-th
// call made by an item gets the group's k-th object, made by the first item that
// calls it (items of a group run on one thread, one after another or on fibers).
// Storage comes from blocks that are kept across groups and never move.
struct group_objects {
  std::uint64_t task = ~std::uint64_t(0);
  std::size_t group = 0;
  std::vector<void*> objects;
  std::vector<std::uint32_t> calls;  // per item of the group
  std::vector<std::unique_ptr<std::byte[]>> blocks;
  std::vector<std::size_t> block_sizes;
  std::size_t block = 0, used = 0;  // the block being filled and its used bytes

  bool runs(std::uint64_t t, std::size_t g) const { return task == t && group == g; }
  void start_group(std::uint64_t t, std::size_t g, std::size_t group_size) {
    task = t;
    group = g;
    objects.clear();
    calls.assign(group_size, 0);
    block = 0;
    used = 0;
  }
  void* allocate(std::size_t bytes, std::size_t align) {
    for (;; ++block, used = 0) {
      if (block == blocks.size()) {
        std::size_t size = bytes + align > 4096 ? bytes + align : 4096;
        blocks.emplace_back(new std::byte[size]);
        block_sizes.push_back(size);
      }
      auto base = reinterpret_cast<std::uintptr_t>(blocks[block].get());
      std::uintptr_t at = (base + used + align - 1) / align * align;
      if (at + bytes <= base + block_sizes[block]) {
        used = at + bytes - base;
        return reinterpret_cast<void*>(at);
      }
    }
  }
};
inline thread_local group_objects running_group_objects;
}  // namespace detail

inline std::byte* local_memory() { return detail::local_memory_base; }
inline bool is_local_memory(const void* p) {
  auto* b = static_cast<const std::byte*>(p);
  return b >= detail::local_memory_base && b < detail::local_memory_base + detail::local_memory_bytes;
}

// Storage of the calling item's next group object (bytes, aligned to align) in
// the running nd_range work group; `made` says whether this call allocated it
// (the caller constructs it then). Null outside an nd_range kernel.
inline void* group_object_storage(std::size_t bytes, std::size_t align, std::size_t local_linear_id,
                                  std::size_t group_size, bool& made) {
  made = false;
  if (!detail::group_scratch_base) return nullptr;
  auto& g = detail::running_group_objects;
  const std::size_t group = *detail::running_group_linear;
  if (!g.runs(detail::task_serial, group)) g.start_group(detail::task_serial, group, group_size);
  std::uint32_t k = g.calls[local_linear_id]++;
  if (k < g.objects.size()) return g.objects[k];
  made = true;
  g.objects.push_back(g.allocate(bytes, align));
  return g.objects.back();
}
template <class T, class Site>
inline void* group_object(std::size_t local_linear_id, std::size_t group_size, bool& made) {
  return group_object_storage(sizeof(T), alignof(T), local_linear_id, group_size, made);
}
// The first item to call constructs the object, before any later caller runs.
inline void group_object_constructed() {}

}  // namespace weft::kernel
