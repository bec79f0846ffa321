#pragma once
// Phis through a loop's header that carry nothing: what SROA and the loop passes
// leave of a value no one defines or reads (the fourth, padding lane of a
// vec<float, 3> accumulated in a loop inside the work item, for one), which LLVM
// keeps until after the vectorizer. In an item loop each looks like a value carried
// from item to item, which would refuse the loop.
#include <llvm/Analysis/LoopInfo.h>

namespace weft::compiler {

// Removes them, as LLVM's own simplifications would (the results cannot change):
//  - a dead cycle: phis that only feed each other (no other instruction uses them) are erased;
//  - an undefined web: phis whose incoming values are only undef and each other are undef;
//  - undefined lanes: a vector phi whose lanes but one are undef in every value it is
//    computed from (phis and insertelements of that one lane): an insertelement of that
//    lane into it inserts into undef instead.
// True if it removed any.
bool remove_idle_phis(llvm::Loop& loop);

}  // namespace weft::compiler
