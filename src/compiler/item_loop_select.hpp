#pragma once
// weft-item-loop-select: before the loop vectorizer, decides for each item loop
// (a loop marked `clang loop vectorize(assume_safety)`, as Weft marks the loops
// that run work items: docs/design.md) whose body holds a loop of its own whether
// LLVM's outer-loop vectorizer (the VPlan native path, which the plugin turns on)
// may widen it across items. It keeps the mark where the native path can widen the
// loop exactly and no faster way is known (items that each walk a row: the loops
// inside them widened along the row), and removes it otherwise, with a remark that
// names the kernel and the reason: the loop vectorizer then works on the loops
// inside the item as usual, and the items run one after another. Item loops with no
// loop inside the item lose the force (not the assume_safety) and stay the ordinary
// vectorizer's (with 512-bit vectors on x86 with AVX-512 where the target prefers 256 and
// no width was chosen in the function). Marked outer loops that are not item loops (no assume_safety) lose
// the mark too, so the native path sees only item loops.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct ItemLoopSelectPass : llvm::PassInfoMixin<ItemLoopSelectPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
