// weft-nonnegative-division (nonnegative_division.hpp).
#include "nonnegative_division.hpp"

#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/LazyValueInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/IR/ConstantRange.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-nonnegative-division";

// x's range where `use` (of the quotient) runs: a phi's on the edge from its incoming
// block, any other's at its instruction.
ConstantRange range_at(Value* x, const Use& use, LazyValueInfo& lvi) {
  auto* user = cast<Instruction>(use.getUser());
  if (auto* phi = dyn_cast<PHINode>(user)) {
    BasicBlock* from = phi->getIncomingBlock(use);
    return lvi.getConstantRangeOnEdge(x, from, phi->getParent(), from->getTerminator());
  }
  // (undef allowed: the range then also holds every value an undef x may take)
  return lvi.getConstantRange(x, user, /*UndefAllowed=*/true);
}

bool nonnegative_at_every_use(const BinaryOperator& division, LazyValueInfo& lvi) {
  Value* x = division.getOperand(0);
  for (const Use& use : division.uses())
    if (!range_at(x, use, lvi).isAllNonNegative()) return false;
  return !division.use_empty();
}

}  // namespace

PreservedAnalyses NonnegativeDivisionPass::run(Function& f, FunctionAnalysisManager& analyses) {
  SmallVector<BinaryOperator*, 8> divisions;
  for (Instruction& inst : instructions(f))
    if (inst.getOpcode() == Instruction::SDiv && inst.getType()->isIntegerTy())
      if (const auto* divisor = dyn_cast<ConstantInt>(inst.getOperand(1));
          divisor && divisor->getValue().isStrictlyPositive())
        divisions.push_back(cast<BinaryOperator>(&inst));
  if (divisions.empty()) return PreservedAnalyses::all();
  LazyValueInfo& lvi = analyses.getResult<LazyValueAnalysis>(f);
  SmallVector<BinaryOperator*, 8> unsigned_ones;
  for (BinaryOperator* division : divisions)
    if (nonnegative_at_every_use(*division, lvi)) unsigned_ones.push_back(division);
  if (unsigned_ones.empty()) return PreservedAnalyses::all();
  OptimizationRemarkEmitter remarks(&f);
  for (BinaryOperator* division : unsigned_ones) {
    // (not `exact`: where x < 0 no use runs, but the value is still computed)
    auto* replacement =
        BinaryOperator::CreateUDiv(division->getOperand(0), division->getOperand(1), "", division->getIterator());
    replacement->takeName(division);
    replacement->setDebugLoc(division->getDebugLoc());
    division->replaceAllUsesWith(replacement);
    remarks.emit([&] {
      return OptimizationRemark(pass_name, "UnsignedDivision", replacement)
             << "a signed division by "
             << ore::NV("Divisor", cast<ConstantInt>(replacement->getOperand(1))->getValue().getSExtValue())
             << " of a value that is non-negative wherever its quotient is used is unsigned";
    });
    division->eraseFromParent();
  }
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

}  // namespace weft::compiler
