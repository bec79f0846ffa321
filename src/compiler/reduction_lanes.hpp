#pragma once
// weft-reduction-lanes: before the loop vectorizer, gives the values the items of a
// range reduction's block combine to other lanes, so that the widened loads are
// consecutive.
//
// The range reduction launch (weft/target/cpu/reduction_launch.hpp) runs a chunk
// in blocks of L items, item l of a block combining into lane l, and combines all
// lanes, by the reduction's operator, once the chunk ends; its loop over the blocks
// has the lanes mark (weft/kernel/item_loop_mark.hpp). A kernel that combines c
// consecutive elements per item (SYCL-Bench's KernelReduction with a coarsening
// factor c) reads, in lane l, elements l*c .. l*c + c-1 of the block's run: widened,
// these are c loads at a stride of c elements, which the vectorizer makes a wide
// load and c deinterleaving shuffles. Where the combining operator is associative
// and commutative and the loads feed nothing else, lane l is given elements l,
// L + l, .., (c-1)*L + l of the same run instead: the same elements in all, each
// of the c loads now consecutive from lane to lane.
// A reduction without a known identity combines through its lane's "engaged" flag
// (the first value replaces the state): not one operator from the state, so left
// alone.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct ReductionLanesPass : llvm::PassInfoMixin<ReductionLanesPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
