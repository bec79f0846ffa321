#pragma once
// The last step of weft-barrier-split (barrier_split.cpp), on its region loops once
// they are tidied and unswitched: what the group's items provably do alike is done
// once per region pass instead of once per item.
//  - The group's last item's store of a shared slot (a value every item computes
//    alike, which the items before it must still read) moves after the loop where
//    every item's pass reaches it: the loop loses its per-item `id == last` test.
//  - A loop whose items first test a guard monotone in the local id, `S * id < U`
//    with S and U the same for all items (the tree reduction's `2 * stride * id <
//    size`; `S * id == 0` as `< 1`), and do nothing else where it fails but record
//    the exit every item takes, runs only over the items that pass it: the halving
//    loop's passes visit wg/2, wg/4, ... items instead of wg each, the last step
//    (`if (id == 0)`) item 0 alone. Where S * id could wrap, all items run.
// Both need the marks barrier_split.cpp leaves: `weft.last_item` on the last-item
// tests, `weft.exit` on the loops of regions whose items provably leave alike (the
// dispatcher reads item 0's exit record, if any, only).
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

constexpr const char* last_item_mark = "weft.last_item";
constexpr const char* alike_exit_mark = "weft.exit";

// Returns whether it changed `f`.
bool narrow_region_loops(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);

}  // namespace weft::compiler
