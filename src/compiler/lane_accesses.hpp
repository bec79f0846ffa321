#pragma once
// weft-lane-accesses: after the loop vectorizer, turns the gathers and scatters it
// made for Weft's item loops back into the accesses the lanes really make
// (lane_pattern.hpp): an address the same in every lane becomes one scalar load and
// a broadcast, consecutive addresses one vector load or store (masked where the
// gather was), a stride of 2 to 4 elements one masked load or store of the run the
// lanes span and a shuffle, and the widened loop counters of loops inside the item
// (every lane equal) become scalar again. Accesses with any other pattern stay as
// they are.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct LaneAccessesPass : llvm::PassInfoMixin<LaneAccessesPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
