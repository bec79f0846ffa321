#pragma once
// An item's accumulator kept in registers across a loop inside the item, for
// weft-candidate-item-loops where it versions a scoped or hierarchical item loop on
// run-time alias checks (item_alias_checks.hpp). n-body's force loop adds to the
// item's own `acceleration(idx)` only where `gid != offset + i`: a load and a store,
// under a branch that goes different ways for different items, at an address the
// loop does not change. Widened across items, every pass would load and store it
// through masks spread over the items' stride; in registers, the loop stores nothing.
//
// The plan, for each innermost loop inside the item loop with no call, whose stores
// all lie at constant offsets from addresses the loop does not change:
//  - each such address's loads and stores (its accumulator) are of one element type
//    (or vectors of it), the stores in one block, and the elements the loop reads
//    are among those it writes;
//  - every other access of the loop must miss the accumulator's bytes: the alias
//    analysis says so, or the run-time test finds their intervals apart;
//  - the elements the loop reads must be readable before it: LLVM knows so there, or
//    they lie in a block an `llvm.assume` "dereferenceable" bundle before the item
//    loop names (Weft's arena blocks: weft/target/cpu/scoped_arena.hpp), which the
//    run-time test checks;
//  - the loop's other loads at addresses it does not change, readable before it the
//    same way, are read before it.
// In the version where the test passes (keep_in_registers): each element an alloca,
// read before the loop where the loop reads it, and written after the loop where it
// stored the accumulator at least once (a flag): the bytes written are those the
// loop wrote, with its last values, and no other access of the loop could see them
// in between. mem2reg then makes the allocas registers.
#include "item_alias_checks.hpp"

#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/AssumptionCache.h>

#include <vector>

namespace weft::compiler {

struct register_plan {
  // Per accumulator: its loop and its loads and stores.
  std::vector<std::pair<llvm::Loop*, std::vector<llvm::Instruction*>>> accumulators;
  std::vector<llvm::LoadInst*> read_early;  // loads moved before their loop
  alias_checks checks;                      // what the run-time test must find as well
};

// The accumulators of the loops inside `item` (their addresses with `reads`' copies).
register_plan plan_registers(llvm::Loop& item, const read_once& reads, llvm::ScalarEvolution& scev, llvm::AAResults& aa,
                             const llvm::DominatorTree& dom);

// Makes the plan's changes in `item` (the version where the test passed); returns
// how many accumulators are kept in registers.
unsigned keep_in_registers(const register_plan& plan, llvm::Loop& item, llvm::LoopInfo& loops, llvm::DominatorTree& dom,
                           llvm::ScalarEvolution& scev, llvm::AssumptionCache& assumptions);

}  // namespace weft::compiler
