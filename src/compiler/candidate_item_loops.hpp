#pragma once
// weft-candidate-item-loops: before weft-item-loop-select, decides for each
// candidate item loop (a scoped `distribute_items` or hierarchical
// `parallel_for_work_item` loop, which Weft marks `clang loop distribute(enable)`:
// weft/kernel/item_loop_mark.hpp) whether its items are
// independent. Unlike a range kernel's items, these may accumulate into a group
// variable, so the mark promises nothing: the pass proves it. A loop whose items
// first test a guard monotone in the item (`if (lid < i)`, a tree reduction's
// step) and do nothing where it fails runs over the items that pass it
// (region_loops.hpp). Then, where every store's address steps by at least its size
// from item to item and no item's access can touch what another item of the loop
// stores, the loop becomes an item loop (`llvm.loop.parallel_accesses` and the
// vectorize mark, as `vectorize(assume_safety)` makes it) and weft-item-loop-select
// takes it from there. Otherwise the items keep their order: the loop loses the mark
// (a plain loop, as without the plugin), with a
// remark that says why (a store every item makes to one address: an accumulation
// into a group variable), and LLVM's loop vectorizer weighs it as any loop (its
// own dependence checks; a reduction it recognises is still widened). After each
// candidate loop that reads a stream the group loop around it moves (a group's
// slice of its input), a later group's slice is prefetched (next_group_prefetch.hpp).
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct CandidateItemLoopsPass : llvm::PassInfoMixin<CandidateItemLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
