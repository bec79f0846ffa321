#pragma once
// Kernel interface: synchronisation points a work item can reach. Each target
// implements these (CPU: src/cpu/, fibers; CUDA: __syncthreads and warp sync).
#include <weft/runtime/export.hpp>

namespace weft::kernel {

// Blocks the calling work item until every item of its work group arrives.
WEFT_API void work_group_barrier();
// Blocks the calling work item until every item of its sub-group arrives.
WEFT_API void sub_group_barrier();

}  // namespace weft::kernel
