// weft-predicated-division-guard (predicated_division_guard.hpp).
#include "predicated_division_guard.hpp"

#include <llvm/ADT/SetVector.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>

#include <iterator>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-predicated-division-guard";

// A division the vectorizer runs per lane under the lane's condition: unsigned (what
// scalar evolution models), in a block that does not dominate the latch (as
// LoopAccessInfo::blockNeedsPredication), not safe to run where the source does not.
bool predicated_division(const Instruction& inst, const BasicBlock& latch, const DominatorTree& dominators) {
  if (inst.getOpcode() != Instruction::UDiv && inst.getOpcode() != Instruction::URem) return false;
  return !dominators.dominates(inst.getParent(), &latch) && !isSafeToSpeculativelyExecute(&inst);
}

// The predicated divisions of `loop` whose value is the same in every iteration (to
// scalar evolution) and that the address of one of its loads or stores is computed from.
void collect(Loop& loop, ScalarEvolution& scev, const DominatorTree& dominators, SetVector<Instruction*>& out) {
  const BasicBlock* latch = loop.getLoopLatch();
  if (!latch) return;  // not a loop the vectorizer takes
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block) {
      auto* address = dyn_cast_or_null<Instruction>(getLoadStorePointerOperand(&inst));
      if (!address || !loop.contains(address)) continue;
      SmallVector<Instruction*, 8> work{address};
      SmallPtrSet<Instruction*, 8> seen{address};
      while (!work.empty()) {
        Instruction* value = work.pop_back_val();
        if (predicated_division(*value, *latch, dominators) && scev.isLoopInvariant(scev.getSCEV(value), &loop))
          out.insert(value);
        for (Value* operand : value->operands())
          if (auto* def = dyn_cast<Instruction>(operand); def && loop.contains(def) && seen.insert(def).second)
            work.push_back(def);
      }
    }
}

}  // namespace

PreservedAnalyses PredicatedDivisionGuardPass::run(Function& f, FunctionAnalysisManager& analyses) {
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  if (loops.empty()) return PreservedAnalyses::all();
  ScalarEvolution& scev = analyses.getResult<ScalarEvolutionAnalysis>(f);
  DominatorTree& dominators = analyses.getResult<DominatorTreeAnalysis>(f);
  OptimizationRemarkEmitter remarks(&f);
  // Found first for every loop, changed after: scalar evolution answers about unchanged IR.
  SmallVector<std::pair<Loop*, SetVector<Instruction*>>, 4> found;
  for (Loop* loop : loops.getLoopsInPreorder()) {
    if (!loop->isInnermost()) continue;
    SetVector<Instruction*> divisions;
    collect(*loop, scev, dominators, divisions);
    if (!divisions.empty()) found.emplace_back(loop, std::move(divisions));
  }
  if (found.empty()) return PreservedAnalyses::all();
  for (auto& [loop, divisions] : found) {
    for (Instruction* division : divisions) {
      auto* opaque = new FreezeInst(division, division->getName() + ".weft.opaque", std::next(division->getIterator()));
      division->replaceUsesWithIf(opaque, [opaque](Use& use) { return use.getUser() != opaque; });
    }
    remarks.emit([&, loop = loop, count = divisions.size()] {
      return OptimizationRemarkMissed(pass_name, "PredicatedDivision", loop->getStartLoc(), loop->getHeader())
             << ore::NV("Divisions", static_cast<unsigned>(count)) << (count == 1 ? " division" : " divisions")
             << " of loop-invariant values under a branch, used by an address, " << (count == 1 ? "stays" : "stay")
             << " opaque to the loop vectorizer (the address computed per lane): LLVM 22 would compute a "
                "uniform or consecutive address from the first lane's division alone, which does not run "
                "where the first lane's condition is false";
    });
  }
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  kept.preserve<LoopAnalysis>();
  return kept;
}

}  // namespace weft::compiler
