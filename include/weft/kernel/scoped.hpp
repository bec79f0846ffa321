#pragma once
// Kernel interface for scoped parallelism (cgh.parallel): the per-task state a
// scoped kernel's group objects point to. On the CPU one task runs whole work
// groups with physical group size 1, so this is plain single-threaded state:
// a stack-discipline memory arena (local and logical-private memory) and, in
// checked builds, the nesting state the rule checks read.
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

  void* allocate(std::size_t bytes, std::size_t align) {
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

 private:
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

// Where a scoped kernel is in its nesting, for the debug-build rule checks.
enum class scoped_region : unsigned char { group, items, single };

// Per-task state shared by every group object of the work groups a task runs.
struct scoped_context {
  scoped_arena* arena;
  int depth = 0;  // nesting level of the innermost group in scope (0: work group)
  scoped_region region = scoped_region::group;
  // Targets with several physical items per group (CUDA: weft/target/cuda/scoped.hpp)
  // keep here, per physical item, the level-1 sub-group its warp is working on.
  std::size_t sub_offset = 0;  // work-group linear id of that sub-group's first item
  unsigned slot = 0;           // its slot in the thread's work-group private memory
};

// The calling physical item of a scoped group at nesting level `level`: its
// index and the number of physical items the group has. On the CPU a group has
// one physical item; the CUDA target overloads this for device code.
struct scoped_physical {
  std::size_t id;
  std::size_t count;
};
inline scoped_physical scoped_physical_item(int /*level*/) noexcept { return {0, 1}; }

}  // namespace weft::kernel

#if defined(__CUDA__)
#include <weft/target/cuda/scoped_physical.hpp>
#endif
