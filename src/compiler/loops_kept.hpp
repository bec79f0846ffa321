#pragma once
// What a pass that changed instructions but no block or loop keeps: the control
// flow, the loop nest and scalar evolution (its expressions name no changed value).
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

inline llvm::PreservedAnalyses loops_kept() {
  llvm::PreservedAnalyses kept;
  kept.preserveSet<llvm::CFGAnalyses>();
  kept.preserve<llvm::LoopAnalysis>();
  kept.preserve<llvm::ScalarEvolutionAnalysis>();
  return kept;
}

}  // namespace weft::compiler
