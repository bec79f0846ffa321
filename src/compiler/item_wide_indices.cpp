// Wide indices (item_wide_indices.hpp):
//  1. find_wide_indices: each value of the loop that is a sign or zero extension (to
//     scalar evolution, which also sees `ashr (shl x, 32), 32`, instcombine's form of
//     `sext (trunc x)`) of an affine walk over the item loop and the loops inside it
//     with steps the same for every item; its wide walk (`widen`, in the extension's type and in 128
//     bits) and the 128-bit walk's span (item_alias_checks.hpp);
//  2. weft-candidate-item-loops redoes its proof with the wide walks (rewrite);
//  3. version_on_wide_indices: before the loop, the test that every span lies within
//     the narrow type's range (signed for a sign extension, unsigned for a zero
//     one), the loop versioned on it (loop_versions.hpp), and in the version where it
//     passes each extension replaced by its wide walk, expanded at the extension.
// Why that is exact: each value of the narrow walk is, modulo 2^w, the wide walk's
// value (the same starts and steps, added in w bits); where every wide value lies in
// the narrow type's range, the narrow value is that number, and extended it is the
// wide value. A span from an inner loop that does not run may be wrong (its count
// wraps), but only for values that are not computed.
#include "item_wide_indices.hpp"
#include "item_alias_checks.hpp"
#include "loop_versions.hpp"

#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

using namespace llvm;

namespace weft::compiler {
namespace {

struct replace_extensions : SCEVRewriteVisitor<replace_extensions> {
  const DenseMap<const SCEV*, const SCEV*>& walks;
  replace_extensions(ScalarEvolution& scev, const DenseMap<const SCEV*, const SCEV*>& w)
      : SCEVRewriteVisitor(scev), walks(w) {}
  const SCEV* visitSignExtendExpr(const SCEVSignExtendExpr* e) {
    if (const SCEV* wide = walks.lookup(e)) return wide;
    return SCEVRewriteVisitor::visitSignExtendExpr(e);
  }
  const SCEV* visitZeroExtendExpr(const SCEVZeroExtendExpr* e) {
    if (const SCEV* wide = walks.lookup(e)) return wide;
    return SCEVRewriteVisitor::visitZeroExtendExpr(e);
  }
};

// `narrow`, an affine walk over `item` and the loops inside it, in `type`: its start
// extended as the extension does, its steps (the same for every item; bits of the
// narrow type, which add the same modulo 2^w) sign-extended. Null where it is no such
// walk.
const SCEV* widen(const SCEV* narrow, Type* type, bool sign, const Loop& item, ScalarEvolution& scev) {
  if (scev.isLoopInvariant(narrow, &item))
    return sign ? scev.getSignExtendExpr(narrow, type) : scev.getZeroExtendExpr(narrow, type);
  const auto* rec = dyn_cast<SCEVAddRecExpr>(narrow);
  if (!rec || !rec->isAffine() || !item.contains(rec->getLoop())) return nullptr;
  const SCEV* step = rec->getStepRecurrence(scev);
  const SCEV* start = widen(rec->getStart(), type, sign, item, scev);
  if (!scev.isLoopInvariant(step, &item) || !start) return nullptr;
  return scev.getAddRecExpr(start, scev.getSignExtendExpr(step, type), rec->getLoop(), SCEV::FlagAnyWrap);
}

}  // namespace

const SCEV* wide_indices::rewrite(const SCEV* expression, ScalarEvolution& scev) const {
  if (walks.empty()) return expression;
  replace_extensions rewriter(scev, walks);
  return rewriter.visit(expression);
}

wide_indices find_wide_indices(Loop& loop, ScalarEvolution& scev) {
  wide_indices wide;
  Type* exact = IntegerType::get(loop.getHeader()->getContext(), 128);
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block) {
      if (!inst.getType()->isIntegerTy() || inst.getType()->getIntegerBitWidth() > 64 ||
          !scev.isSCEVable(inst.getType()))
        continue;
      const SCEV* value = scev.getSCEV(&inst);
      const auto* extension = dyn_cast<SCEVIntegralCastExpr>(value);
      if (!extension || !(isa<SCEVSignExtendExpr>(extension) || isa<SCEVZeroExtendExpr>(extension))) continue;
      if (scev.isLoopInvariant(extension, &loop) || wide.walks.count(value)) continue;
      const bool sign = isa<SCEVSignExtendExpr>(extension);
      const SCEV* narrow = extension->getOperand();
      const SCEV* walk = widen(narrow, inst.getType(), sign, loop, scev);
      const SCEV* walk_exact = widen(narrow, exact, sign, loop, scev);
      const auto reach = walk_exact ? span(walk_exact, loop, scev) : std::nullopt;
      if (!walk || !reach) continue;
      wide.extensions.push_back(
          {&inst, walk, reach->first, reach->second, sign, narrow->getType()->getIntegerBitWidth()});
      wide.walks[value] = walk;
    }
  return wide;
}

Loop* version_on_wide_indices(Loop& loop, const wide_indices& wide, LoopInfo& loops, DominatorTree& dom,
                              ScalarEvolution& scev) {
  BasicBlock* preheader = loop.getLoopPreheader();
  BasicBlock* exit = loop.getExitBlock();
  BasicBlock* exiting = loop.getExitingBlock();
  if (wide.empty() || !preheader || !exit || !exiting || exit->getSinglePredecessor() != exiting ||
      !loop.isLCSSAForm(dom))
    return nullptr;
  Instruction* at = preheader->getTerminator();
  SCEVExpander expander(scev, "wide");
  for (const auto& e : wide.extensions)
    if (!expander.isSafeToExpandAt(e.lowest, at) || !expander.isSafeToExpandAt(e.highest, at)) return nullptr;
  IRBuilder<> builder(at);
  Value* fits = builder.getTrue();
  // (One instruction a statement: a call's arguments come in the order the compiler
  // picks, and every build of the plugin makes the same code.)
  for (const auto& e : wide.extensions) {
    const unsigned w = e.narrow_bits;
    const APInt least = e.sign ? APInt::getSignedMinValue(w).sext(128) : APInt::getZero(128);
    const APInt most = e.sign ? APInt::getSignedMaxValue(w).sext(128) : APInt::getMaxValue(w).zext(128);
    Value* lowest = expander.expandCodeFor(e.lowest, nullptr, at);
    Value* highest = expander.expandCodeFor(e.highest, nullptr, at);
    builder.SetInsertPoint(at);
    Value* from = builder.CreateICmpSGE(lowest, builder.getInt(least));
    Value* to = builder.CreateICmpSLE(highest, builder.getInt(most));
    Value* both = builder.CreateAnd(from, to);
    fits = builder.CreateAnd(fits, both);
  }
  fits->setName("indices.fit");
  Loop* copy = version_loop(loop, fits, {".index.checks", ".fit", ".wraps"}, loops, dom);
  // (Inside the loop each walk is the loops' counters scaled and offset, at the
  // extension it replaces.)
  for (const auto& e : wide.extensions) {
    Value* value = expander.expandCodeFor(e.walk, e.inst->getType(), e.inst);
    e.inst->replaceAllUsesWith(value);
  }
  for (const auto& e : wide.extensions) e.inst->eraseFromParent();
  scev.forgetLoop(&loop);
  return copy;
}

}  // namespace weft::compiler
