#pragma once
// weft-barrier-split: runs an nd_range kernel's barriers without fibers, by
// continuation-based synchronisation. The launch gives the pass one work item's code
// (include/weft/target/cpu/barrier_split.hpp); the pass cuts it at every barrier into
// regions and makes each region a loop over the work group's items, with a
// dispatcher that runs the region after the barrier every item stopped at. Values
// an item keeps across a barrier move to memory: one slot for a value every item
// computes alike, otherwise a per-item array. The regions' loops carry the item-loop
// mark, so they are vectorized across items as range kernels are. A kernel the pass
// cannot split exactly is left to fibers with a remark that says why.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct BarrierSplitPass : llvm::PassInfoMixin<BarrierSplitPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
