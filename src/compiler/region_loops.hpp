#pragma once
// The last step of weft-barrier-split (barrier_split.cpp), on its region loops once
// they are tidied and unswitched: what the group's items provably do alike is done
// once per region pass instead of once per item.
//  - The group's last item's store of a shared slot (a value every item computes
//    alike, which the items before it must still read) moves after the loop where
//    every item's pass reaches it: the loop loses its per-item `id == last` test (in
//    a nest, the innermost loop: after it, where its row held the last item).
//  - A loop whose items first test a guard monotone in the local id, `S * id < U`
//    with S and U the same for all items (the tree reduction's `2 * stride * id <
//    size`; `S * id == 0` as `< 1`), or `int(id) < U` (the id truncated to a signed
//    type: `int lid`), and do nothing else where it fails but record
//    the exit every item takes, runs only over the items that pass it: the halving
//    loop's passes visit wg/2, wg/4, ... items instead of wg each, the last step
//    (`if (id == 0)`) item 0 alone. Where S * id could wrap (or int(id) differ from
//    id: more than 2^(w-1) items), all items run.
//  - A branch on `C + S * id < U` (C, S and U the same for every item: a bounds
//    check on the global id, `gid < n`) tests once before the loop whether the
//    loop's first and last items pass it with no wrap between them, so all do; the
//    branch takes that test too, and unswitching gives the items that all pass a
//    loop without the branch, which vectorizes (the other loop keeps it).
//  - Where the items leave alike, the exit record they all store alike is stored
//    once, before the loop, for its first item (the one the dispatcher reads).
//  - The items' exit records left in the loop (exits[row + id], one per item) keep
//    the item-loop mark that tidying may drop when it merges the stores: with one
//    unmarked access the vectorizer no longer takes the loop's items as independent.
// Steps 1, 2 and 4 need the marks barrier_split.cpp leaves: `weft.last_item` on the
// last-item tests, `weft.exit` on the loops of regions whose items provably leave
// alike (the dispatcher reads item 0's exit record, if any, only).
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>

namespace weft::compiler {

// A region loop tests a condition every item shares (the tree reduction's `stride <
// size`) once per item: unswitched, each outcome gets a loop of its own. Only
// innermost loops: the dispatcher loop around the regions would copy them all. Each
// is weighed by its own size, not by its siblings (region_loops.cpp, own_cost_only).
struct unswitch_innermost : llvm::PassInfoMixin<unswitch_innermost> {
  llvm::PreservedAnalyses run(llvm::Loop& loop, llvm::LoopAnalysisManager& analyses,
                              llvm::LoopStandardAnalysisResults& results, llvm::LPMUpdater& updater);
};

constexpr const char* last_item_mark = "weft.last_item";
constexpr const char* alike_exit_mark = "weft.exit";

// Step 2 alone, for a loop over a scoped or hierarchical group's items
// (candidate_item_loops.cpp): where its items first test `S * id < U` and those that
// fail do nothing at all, the loop runs over the items that pass; with S = 1 it then
// runs without the guard (every item of it passes), and not at all where U is 0.
// Returns whether it narrowed the loop (`loops` is kept up to date; the dominator
// tree is not).
bool skip_items_failing_guard(llvm::Loop& loop, llvm::LoopInfo& loops);

// Returns whether it changed `f`.
bool narrow_region_loops(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);

}  // namespace weft::compiler
