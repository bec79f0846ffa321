#pragma once
// Kernel interface for scoped parallelism (cgh.parallel): the per-task state a
// scoped kernel's group objects point to, shared by every target. The
// operations each target implements on scoped groups are in
// weft/kernel/scoped_ops.hpp.
#include <weft/kernel/target.hpp>
#include <cstddef>

namespace weft::kernel {

// A stack-discipline memory arena for scoped group memory, on targets that run a
// work group on one thread (the CPU: weft/target/cpu/scoped_arena.hpp).
class scoped_arena;

// Where a scoped kernel is in its nesting, for the debug-build rule checks.
enum class scoped_region : unsigned char { group, items, single };

// Per-task state shared by every group object of the work groups a task runs.
struct scoped_context {
  scoped_arena* arena;
  int depth = 0;  // nesting level of the innermost group in scope (0: work group)
  scoped_region region = scoped_region::group;
  // Targets with several physical items per group (GPU: weft/target/gpu/scoped.hpp)
  // keep here, per physical item, the level-1 sub-group its warp is working on.
  std::size_t sub_offset = 0;  // work-group linear id of that sub-group's first item
  unsigned slot = 0;           // its slot in the thread's work-group private memory
};

// The calling physical item of a scoped group at nesting level `level`: its
// index and the number of physical items the group has. On the CPU a group has
// one physical item; the GPU target overloads this for device code.
struct scoped_physical {
  std::size_t id;
  std::size_t count;
};
inline scoped_physical scoped_physical_item(int /*level*/) noexcept { return {0, 1}; }

}  // namespace weft::kernel

#if WEFT_GPU_TRANSLATION_UNIT
#include <weft/target/gpu/scoped_physical.hpp>
#endif
