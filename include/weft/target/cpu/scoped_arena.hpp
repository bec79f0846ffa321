#pragma once
// The CPU target's memory for scoped groups: one task runs whole work groups with
// physical group size 1, so local and logical-private memory come from a
// single-threaded, stack-discipline arena (src/target/cpu/scoped_arena.cpp).
#include <cstddef>
#include <cstdint>
#include <vector>
#include <weft/runtime/export.hpp>

namespace weft::kernel {

// Bump allocator whose allocations are released in reverse order (LIFO), which
// is exactly how memory_environment() scopes nest. One per thread, reused by
// every task that thread runs, so steady-state allocation is a pointer bump.
class scoped_arena {
 public:
  struct mark {
    std::size_t chunk;
    std::size_t offset;
  };

  scoped_arena() = default;
  scoped_arena(const scoped_arena&) = delete;
  scoped_arena& operator=(const scoped_arena&) = delete;
  WEFT_API ~scoped_arena();

  // The calling thread's arena.
  WEFT_API static scoped_arena& this_thread();

  mark get_mark() const noexcept { return {m_chunk, m_offset}; }
  void release(mark m) noexcept {
    m_chunk = m.chunk;
    m_offset = m.offset;
  }

  // The block is readable while it is allocated (a chunk that holds a live block is
  // never returned): said to the compiler, so Weft's pass plugin may read an item's
  // private value before a loop that updates it under a condition
  // (weft-candidate-item-loops, src/compiler/item_accumulators.hpp).
  void* allocate(std::size_t bytes, std::size_t align) {
    void* p = allocate_block(bytes, align);
#if defined(__has_builtin)
#if __has_builtin(__builtin_assume_dereferenceable)
    __builtin_assume_dereferenceable(p, bytes);
#endif
#endif
    return p;
  }

 private:
  void* allocate_block(std::size_t bytes, std::size_t align) {
    if (m_chunk < m_chunks.size()) {
      const chunk& c = m_chunks[m_chunk];
      const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(c.data);
      const std::uintptr_t p = (base + m_offset + align - 1) & ~(std::uintptr_t(align) - 1);
      if (p + bytes <= base + c.size) {
        m_offset = (p - base) + bytes;
        return reinterpret_cast<void*>(p);
      }
    }
    return allocate_slow(bytes, align);
  }
  WEFT_API void* allocate_slow(std::size_t bytes, std::size_t align);
  struct chunk {
    std::byte* data;
    std::size_t size;
  };
  std::vector<chunk> m_chunks;
  std::size_t m_chunk = 0;
  std::size_t m_offset = 0;
};

// Releases everything allocated after construction (also when a kernel throws).
class scoped_arena_scope {
 public:
  explicit scoped_arena_scope(scoped_arena& a) noexcept : m_arena(a), m_mark(a.get_mark()) {}
  ~scoped_arena_scope() { m_arena.release(m_mark); }
  scoped_arena_scope(const scoped_arena_scope&) = delete;
  scoped_arena_scope& operator=(const scoped_arena_scope&) = delete;

 private:
  scoped_arena& m_arena;
  scoped_arena::mark m_mark;
};

}  // namespace weft::kernel
