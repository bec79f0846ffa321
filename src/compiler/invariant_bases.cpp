// weft-invariant-bases (invariant_bases.hpp).
#include "invariant_bases.hpp"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>

#include <tuple>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-invariant-bases";

struct Split {
  GetElementPtrInst* address;
  BinaryOperator* add;
  Value* invariant;  // the add's operand the same in every iteration
  Value* varying;
};

// `gep T, p, (add i, k)` with p and i invariant in `loop` and k not.
bool split_of(GetElementPtrInst& gep, const Loop& loop, Split& split) {
  if (gep.getNumIndices() != 1 || !gep.getType()->isPointerTy() || !loop.isLoopInvariant(gep.getPointerOperand()))
    return false;
  auto* add = dyn_cast<BinaryOperator>(gep.getOperand(1));
  if (!add || add->getOpcode() != Instruction::Add || !loop.contains(add)) return false;
  // An index narrower than the pointer's is sign-extended: sext(i + k) is sext(i) + sext(k)
  // only where the add does not wrap.
  const unsigned index_bits = gep.getDataLayout().getIndexTypeSizeInBits(gep.getType());
  if (add->getType()->getScalarSizeInBits() < index_bits && !add->hasNoSignedWrap()) return false;
  Value* a = add->getOperand(0);
  Value* b = add->getOperand(1);
  const bool a_invariant = loop.isLoopInvariant(a);
  const bool b_invariant = loop.isLoopInvariant(b);
  if (a_invariant == b_invariant) return false;
  split = {&gep, add, a_invariant ? a : b, a_invariant ? b : a};
  return true;
}

unsigned rebase(Loop& loop) {
  SmallVector<Split, 8> splits;
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block) {
      auto* gep = dyn_cast<GetElementPtrInst>(&inst);
      if (Split split; gep && split_of(*gep, loop, split)) splits.push_back(split);
    }
  if (splits.empty()) return 0;
  IRBuilder<> before_loop(loop.getLoopPreheader()->getTerminator());
  DenseMap<std::tuple<Value*, Value*, Type*>, Value*> bases;
  for (const Split& split : splits) {
    GetElementPtrInst& gep = *split.address;
    Type* element = gep.getSourceElementType();
    Value*& base = bases[{gep.getPointerOperand(), split.invariant, element}];
    if (!base) base = before_loop.CreateGEP(element, gep.getPointerOperand(), split.invariant, "weft.base");
    auto* rebased = GetElementPtrInst::Create(element, base, split.varying, "", gep.getIterator());
    rebased->takeName(&gep);
    rebased->setDebugLoc(gep.getDebugLoc());
    gep.replaceAllUsesWith(rebased);
    gep.eraseFromParent();
  }
  SmallPtrSet<BinaryOperator*, 8> adds;  // (one add may serve several addresses)
  for (const Split& split : splits) adds.insert(split.add);
  for (BinaryOperator* add : adds)
    if (add->use_empty()) add->eraseFromParent();
  return splits.size();
}

}  // namespace

PreservedAnalyses InvariantBasesPass::run(Function& f, FunctionAnalysisManager& analyses) {
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  OptimizationRemarkEmitter remarks(&f);
  bool changed = false;
  for (Loop* loop : loops.getLoopsInPreorder()) {
    if (!loop->isInnermost() || !loop->getLoopPreheader()) continue;
    const unsigned count = rebase(*loop);
    if (count == 0) continue;
    changed = true;
    remarks.emit([&] {
      return OptimizationRemark(pass_name, "InvariantBases", loop->getStartLoc(), loop->getHeader())
             << ore::NV("Addresses", count)
             << " address(es) of the loop now start from a base computed before it (their offset's "
                "loop-invariant part moved out)";
    });
  }
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

}  // namespace weft::compiler
