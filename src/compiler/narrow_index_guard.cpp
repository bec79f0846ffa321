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
  SmallVector<const SCEVAddRecExpr*, 2> recurrences;  // of the loop, narrower than the index
};

unsigned width(const SCEVAddRecExpr* rec) { return rec->getType()->getIntegerBitWidth(); }

// The recurrences of `loop` in `s` narrower than `index_width`: those the vectorizer
// would need a wrap predicate for.
void narrow_recurrences(const SCEV* s, const Loop& loop, unsigned index_width,
                        SmallVectorImpl<const SCEVAddRecExpr*>& out) {
  struct Finder {
    const Loop& loop;
    unsigned index_width;
    SmallVectorImpl<const SCEVAddRecExpr*>& found;
    bool follow(const SCEV* s) {
      if (const auto* rec = dyn_cast<SCEVAddRecExpr>(s);
          rec && rec->getLoop() == &loop && rec->getType()->isIntegerTy() && width(rec) < index_width)
        found.push_back(rec);
      return true;
    }
    bool isDone() const { return false; }
  } finder{loop, index_width, out};
  visitAll(s, finder);
}

void collect(Value* pointer, const Loop& loop, ScalarEvolution& scev, const DataLayout& layout,
             SmallVectorImpl<Index>& out) {
  while (auto* gep = dyn_cast<GetElementPtrInst>(pointer)) {
    if (!loop.contains(gep)) return;
    const unsigned index_width = layout.getIndexTypeSizeInBits(gep->getType());
    for (unsigned i = 1; i < gep->getNumOperands(); ++i) {
      Value* index = gep->getOperand(i);
      if (!index->getType()->isIntegerTy() || !scev.isSCEVable(index->getType())) continue;
      Index found{gep, i, {}};
      narrow_recurrences(scev.getSCEV(index), loop, index_width, found.recurrences);
      if (!found.recurrences.empty()) out.push_back(std::move(found));
    }
    pointer = gep->getPointerOperand();
  }
}

// Whether LLVM 22 may take a wrap predicate on `wide` for one on the narrower
// `narrow` (SCEVWrapPredicate::implies): where it proves both steps positive and
// narrow's start and step no larger than wide's (signed for a sign-extended
// recurrence, unsigned for a zero-extended one; either counts here). Where it
// cannot prove that (`a[i] + a[i + k]` as `int`s: k's start is not known to be at
// most 0), it keeps both checks and the index needs no guard.
bool may_cover(const SCEVAddRecExpr* wide, const SCEVAddRecExpr* narrow, ScalarEvolution& scev) {
  if (width(narrow) >= width(wide)) return false;
  const SCEV* wide_step = wide->getStepRecurrence(scev);
  const SCEV* narrow_step = narrow->getStepRecurrence(scev);
  if (!scev.isKnownPositive(wide_step) || !scev.isKnownPositive(narrow_step)) return false;
  Type* type = wide->getType();
  if (!scev.isKnownPredicate(ICmpInst::ICMP_ULE, scev.getZeroExtendExpr(narrow_step, type), wide_step)) return false;
  const SCEV* start = wide->getStart();
  return scev.isKnownPredicate(ICmpInst::ICMP_SLE, scev.getSignExtendExpr(narrow->getStart(), type), start) ||
         scev.isKnownPredicate(ICmpInst::ICMP_ULE, scev.getZeroExtendExpr(narrow->getStart(), type), start);
}

// Freezes the indices of `loop` whose wrap check LLVM 22 may drop; true when it
// changed something.
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
  // For each index, the widest recurrence (its own or another index's) whose check may cover
  // one of its narrower ones (0: none).
  SmallVector<unsigned, 8> covered_by(indices.size(), 0);
  unsigned frozen = 0, narrow = 0, keep = 0;  // for the remark: the narrowest covered width, the widest cover
  for (unsigned a = 0; a < indices.size(); ++a)
    for (unsigned b = 0; b < indices.size(); ++b)
      for (const SCEVAddRecExpr* rec : indices[a].recurrences)
        for (const SCEVAddRecExpr* wide : indices[b].recurrences)
          if (may_cover(wide, rec, scev)) {
            covered_by[a] = std::max(covered_by[a], width(wide));
            if (!narrow || width(rec) < narrow) narrow = width(rec);
          }
  for (unsigned a = 0; a < indices.size(); ++a) {
    if (!covered_by[a]) continue;
    const Index& index = indices[a];
    Value* value = index.gep->getOperand(index.operand);
    index.gep->setOperand(index.operand,
                          new FreezeInst(value, value->getName() + ".weft.opaque", index.gep->getIterator()));
    ++frozen;
    keep = std::max(keep, covered_by[a]);
  }
  if (!frozen) return false;
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
