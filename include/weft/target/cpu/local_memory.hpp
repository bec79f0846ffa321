#pragma once
// The CPU target's local memory (the kernel interface of weft/kernel/local_memory.hpp):
// each worker task runs its work groups one after another in one block of local
// memory, whose base the nd_range launch sets in a thread_local.
#include <cstddef>

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
}  // namespace detail

inline std::byte* local_memory() { return detail::local_memory_base; }
inline bool is_local_memory(const void* p) {
  auto* b = static_cast<const std::byte*>(p);
  return b >= detail::local_memory_base && b < detail::local_memory_base + detail::local_memory_bytes;
}

}  // namespace weft::kernel
