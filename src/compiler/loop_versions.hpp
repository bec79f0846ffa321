#pragma once
// Versions a loop on a test computed before it, as LLVM's LoopVersioning does: the
// preheader becomes the test, each version gets a preheader of its own, and a copy
// of the loop runs where the test fails. Used for weft-candidate-item-loops' run-time
// alias checks (item_alias_checks.hpp) and wide indices (item_wide_indices.hpp), and
// for weft-item-loop-select's guards.
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Value.h>

namespace weft::compiler {

// The names the versions' blocks get, each after the loop header's name: the test
// block, the preheader of the version where the test passes, and the suffix of the
// copy's blocks.
struct version_names {
  const char* test;
  const char* passed;
  const char* failed;
};

// `loop`: in simplified and LCSSA form, with one exiting block, which alone enters the
// exit; `passes`: an i1 computed in its preheader. `loop` becomes the version where
// `passes` holds; the copy, which runs where it does not, is returned (`loops` and `dom`
// are kept up to date).
llvm::Loop* version_loop(llvm::Loop& loop, llvm::Value* passes, const version_names& names, llvm::LoopInfo& loops,
                         llvm::DominatorTree& dom);

}  // namespace weft::compiler
