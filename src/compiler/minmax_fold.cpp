// weft-minmax-fold (minmax_fold.hpp).
#include "minmax_fold.hpp"

#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>
#include <llvm/Transforms/Utils/Local.h>

using namespace llvm;

namespace weft::compiler {
namespace {

// The min of a max, the max of a min; not_intrinsic for anything else.
Intrinsic::ID opposite(Intrinsic::ID id) {
  switch (id) {
    case Intrinsic::maxnum: return Intrinsic::minnum;
    case Intrinsic::minnum: return Intrinsic::maxnum;
    case Intrinsic::maximum: return Intrinsic::minimum;
    case Intrinsic::minimum: return Intrinsic::maximum;
    case Intrinsic::maximumnum: return Intrinsic::minimumnum;
    case Intrinsic::minimumnum: return Intrinsic::maximumnum;
    default: return Intrinsic::not_intrinsic;
  }
}

// b where `outer` is max(min(a, b), b) or min(max(a, b), b), in any operand order, and
// may assume no NaN; else null.
Value* folded(const IntrinsicInst& outer) {
  const Intrinsic::ID inner_id = opposite(outer.getIntrinsicID());
  if (inner_id == Intrinsic::not_intrinsic || !cast<FPMathOperator>(outer).hasNoNaNs()) return nullptr;
  for (unsigned k = 0; k < 2; ++k) {
    const auto* inner = dyn_cast<IntrinsicInst>(outer.getArgOperand(k));
    Value* shared = outer.getArgOperand(1 - k);
    if (inner && inner->getIntrinsicID() == inner_id &&
        (inner->getArgOperand(0) == shared || inner->getArgOperand(1) == shared))
      return shared;
  }
  return nullptr;
}

}  // namespace

PreservedAnalyses MinMaxFoldPass::run(Function& f, FunctionAnalysisManager&) {
  bool changed = false;
  for (BasicBlock& block : f)
    for (Instruction& inst : make_early_inc_range(block)) {
      auto* outer = dyn_cast<IntrinsicInst>(&inst);
      Value* shared = outer ? folded(*outer) : nullptr;
      if (!shared) continue;
      Value* inner = outer->getArgOperand(outer->getArgOperand(0) == shared ? 1 : 0);
      outer->replaceAllUsesWith(shared);
      outer->eraseFromParent();
      RecursivelyDeleteTriviallyDeadInstructions(inner);
      changed = true;
    }
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

}  // namespace weft::compiler
