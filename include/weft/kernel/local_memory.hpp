#pragma once
// Kernel interface, CPU target: where the running work group's local memory
// and collective scratch area live.
#include <cstddef>
#include <weft/runtime/export.hpp>

namespace weft::kernel {

namespace detail {
// Base of the running work group's local memory on this thread. A local
// accessor stores only its offset (the kernel object is shared by all groups)
// and adds it to this base; the launch sets it once per worker task, since one
// task runs its groups one after another in the same local memory block.
inline thread_local std::byte* local_memory_base = nullptr;
inline thread_local std::size_t local_memory_bytes = 0;
}  // namespace detail

inline std::byte* local_memory() { return detail::local_memory_base; }
// True when p points into the running group's local memory.
inline bool is_local_memory(const void* p) {
  auto* b = static_cast<const std::byte*>(p);
  return b >= detail::local_memory_base && b < detail::local_memory_base + detail::local_memory_bytes;
}

// Scratch area of the running work group: 64-byte aligned, at least
// 256 * work-group-size bytes, the same pointer for every item of the group
// (sub-group and group collectives keep their lane buffers here). Valid only
// inside an nd_range kernel; contents do not survive the group.
WEFT_API void* group_scratch();

}  // namespace weft::kernel

#if defined(__CUDA__)
// The CUDA target's bodies (device overloads): the block's dynamic shared memory.
#include <weft/target/cuda/local_memory.hpp>
#endif
