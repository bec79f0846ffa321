#pragma once
// Loops inside a work item that start where the item does. A triangle's loop
// `for (j2 = j1 + 1; j2 <= M; j2++)`, j1 the item's, runs a different number of times
// for different items, which LLVM's outer-loop vectorizer cannot widen (polybench
// correlation and covariance: each item then walks two columns of `data` one element
// a cache line, where eight items side by side read one vector a line). Such a loop is
// made to start where it does for the item loop's first item, the same for every item,
// and to do nothing in the iterations before the item's own start:
//  1. the loop counts up by 1 to a bound the same for all items, `j < B` or `j <= B`
//     (signed or unsigned; `j != B` where the guard tests `s < B`; the exit test on the
//     counter's next value or on the counter itself), from a start s that steps up from
//     item to item without wrapping (or, stepping by 1, tested before the loop: where the
//     starts wrap, lo is the type's least), so the first item's start, lo, is the least;
//  2. it is entered only where its items' s passes the test against B (a guard that
//     tests just that, or InstCombine's form one apart, `j < M` for `j + 1 <= M`; or none
//     where every item's s passes): the guard now tests lo;
//  3. every access, division and hint inside it runs under `active`, its guard's
//     condition for the item and `j >= s` (guard_instruction, item_predication.hpp):
//     a load reads Weft's block of zeros and a store writes the discard slot where it
//     is false;
//  4. nothing but its counter is carried from one iteration to the next, and nothing it
//     computes is used after it.
// Results cannot change: an item runs the iterations s to the end as before, in order,
// and the ones before s store nothing. What every item computes alike in those
// iterations the first item computed in its own (with the same values), and every
// branch inside the loop must be such, so no branch reads a value an item never computed. The cost: each item runs the iterations from lo, a chunk of items'
// difference of starts (weft-item-loop-select uses this only where the loop is then
// widened).
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Dominators.h>

#include <string>

namespace weft::compiler {

// Why `inner`, a loop directly inside the item loop `item`, cannot start with the item
// loop's first item, or an empty string.
std::string item_start_refusal(llvm::Loop& inner, llvm::Loop& item, llvm::ScalarEvolution& scev);

// Makes `inner` (item_start_refusal accepted it) start with the item loop's first item.
// Changes no block structure; `scev` forgets the item loop.
void start_with_first_item(llvm::Loop& inner, llvm::Loop& item, llvm::ScalarEvolution& scev);

}  // namespace weft::compiler
