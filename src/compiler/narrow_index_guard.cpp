// weft-narrow-index-guard (narrow_index_guard.hpp).
#include "narrow_index_guard.hpp"

#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Instructions.h>

#include <algorithm>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-narrow-index-guard";

// An index operand of a GEP that addresses a load or store of the loop.
struct Index {
  GetElementPtrInst* gep;
  unsigned operand;
  unsigned width;  // of the narrowest recurrence of the loop in it
};

// The width of the narrowest recurrence of `loop` in `s` narrower than `index_width`
// (0: none): one the vectorizer would need a wrap predicate for.
unsigned narrow_recurrence_width(const SCEV* s, const Loop& loop, unsigned index_width) {
  struct Finder {
    const Loop& loop;
    unsigned index_width;
    unsigned found = 0;
    bool follow(const SCEV* s) {
      if (const auto* rec = dyn_cast<SCEVAddRecExpr>(s);
          rec && rec->getLoop() == &loop && rec->getType()->isIntegerTy()) {
        const unsigned w = rec->getType()->getIntegerBitWidth();
        if (w < index_width && (found == 0 || w < found)) found = w;
      }
      return true;
    }
    bool isDone() const { return false; }
  } finder{loop, index_width};
  visitAll(s, finder);
  return finder.found;
}

void collect(Value* pointer, const Loop& loop, ScalarEvolution& scev, const DataLayout& layout,
             SmallVectorImpl<Index>& out) {
  while (auto* gep = dyn_cast<GetElementPtrInst>(pointer)) {
    if (!loop.contains(gep)) return;
    const unsigned index_width = layout.getIndexTypeSizeInBits(gep->getType());
    for (unsigned i = 1; i < gep->getNumOperands(); ++i) {
      Value* index = gep->getOperand(i);
      if (!index->getType()->isIntegerTy() || !scev.isSCEVable(index->getType())) continue;
      if (const unsigned w = narrow_recurrence_width(scev.getSCEV(index), loop, index_width))
        out.push_back({gep, i, w});
    }
    pointer = gep->getPointerOperand();
  }
}

// Freezes the narrower indices of `loop`; true when it changed something.
bool guard(Loop& loop, ScalarEvolution& scev, OptimizationRemarkEmitter& remarks) {
  const DataLayout& layout = loop.getHeader()->getDataLayout();
  SmallVector<Index, 8> indices;
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block) {
      if (auto* load = dyn_cast<LoadInst>(&inst)) collect(load->getPointerOperand(), loop, scev, layout, indices);
      else if (auto* store = dyn_cast<StoreInst>(&inst))
        collect(store->getPointerOperand(), loop, scev, layout, indices);
    }
  if (indices.empty()) return false;
  const auto [narrowest, widest] = std::minmax_element(
      indices.begin(), indices.end(), [](const Index& a, const Index& b) { return a.width < b.width; });
  const unsigned keep = widest->width, narrow = narrowest->width;
  if (narrow == keep) return false;
  unsigned frozen = 0;
  for (const Index& index : indices) {
    if (index.width == keep) continue;
    Value* value = index.gep->getOperand(index.operand);
    index.gep->setOperand(index.operand,
                          new FreezeInst(value, value->getName() + ".weft.opaque", index.gep->getIterator()));
    ++frozen;
  }
  remarks.emit([&] {
    return OptimizationRemarkMissed(pass_name, "NarrowIndices", loop.getStartLoc(), loop.getHeader())
           << ore::NV("Indices", frozen) << (frozen == 1 ? " index that wraps" : " indices that wrap") << " at "
           << ore::NV("Width", narrow) << " bits " << (frozen == 1 ? "stays" : "stay")
           << " opaque to the loop vectorizer (gathers or scalar accesses): the loop also has indices that wrap at "
           << ore::NV("Kept", keep)
           << " bits, and LLVM 22 would drop the narrower wrap checks (llvm/llvm-project#191382)";
  });
  return true;
}

}  // namespace

PreservedAnalyses NarrowIndexGuardPass::run(Function& f, FunctionAnalysisManager& analyses) {
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  if (loops.empty()) return PreservedAnalyses::all();
  ScalarEvolution& scev = analyses.getResult<ScalarEvolutionAnalysis>(f);
  OptimizationRemarkEmitter remarks(&f);
  bool changed = false;
  for (Loop* loop : loops.getLoopsInPreorder())
    if (loop->isInnermost()) changed |= guard(*loop, scev, remarks);
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  kept.preserve<LoopAnalysis>();
  return kept;
}

}  // namespace weft::compiler
