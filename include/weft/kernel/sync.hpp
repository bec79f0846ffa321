#pragma once
// Kernel interface: synchronisation points a work item can reach. Each target
// implements these (CPU: src/target/cpu/, fibers; GPU: __syncthreads and warp sync).
//
// Ordering guarantee of the CPU target (collectives rely on it): within each
// barrier episode the work items of a sub-group (WEFT_SUB_GROUP_SIZE
// consecutive local linear ids, the last sub-group possibly partial) arrive in
// increasing local linear id order, and all items of one group run on one
// thread. So the last lane to arrive may compute a collective for the whole
// sub-group (or group) from values the earlier lanes left in group_scratch().
#include <weft/kernel/target.hpp>
#include <weft/runtime/export.hpp>

// Convergent (clang): the optimizer must not make a barrier depend on a branch it
// did not depend on (moving it into both arms of an `if`, say), which the pass
// plugin's split (weft-barrier-split) would have to refuse as divergent.
#if defined(__clang__)
#define WEFT_CONVERGENT __attribute__((convergent))
#else
#define WEFT_CONVERGENT
#endif

namespace weft::kernel {

// Blocks the calling work item until every item of its work group arrives.
WEFT_API WEFT_CONVERGENT void work_group_barrier();
// Blocks the calling work item until every item of its sub-group arrives.
WEFT_API WEFT_CONVERGENT void sub_group_barrier();

}  // namespace weft::kernel

#if WEFT_GPU_TRANSLATION_UNIT
// The GPU target's bodies (device overloads): __syncthreads and the vendor's warp sync.
#include <weft/target/gpu/sync.hpp>
#endif
