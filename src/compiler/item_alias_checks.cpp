// Run-time alias checks for a scoped or hierarchical item loop (item_alias_checks.hpp).
//  1. read_before: each simple load of an integer or a pointer at an address defined
//     outside the loop, where reading it before the loop cannot fault, gets a copy in
//     the loop's preheader (one per address and type);
//  2. weft-candidate-item-loops then proves the items independent with the copies in
//     place of those loads (read_once::rewrite), and collects the pairs of a store and
//     an access its alias analysis could not tell apart, where both are `bounded`: an
//     address that is an affine walk over the item loop and the loops inside it, with
//     steps and trip counts the same for every item;
//  3. version_on_alias_checks: in the preheader, each such access's interval [lowest
//     address, highest address + size) over the loop's run, and the test that the two
//     of each pair are apart, that every store's interval misses every copied load's
//     location and that each access a plan reads early lies in its readable block
//     (item_accumulators.hpp); the loop is cloned (the clone runs where the test fails, its items in
//     order) and, in the original, the copied loads become their copies.
// An interval computed from a loop that does not run (a zero-trip inner loop, whose
// count then wraps) may be wrong, but only for accesses that do not happen.
#include "item_alias_checks.hpp"
#include "loop_versions.hpp"

#include <llvm/Analysis/Loads.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <llvm/ADT/SetVector.h>

#include <array>
#include <optional>

using namespace llvm;

namespace weft::compiler {
namespace {

struct replace_reads : SCEVRewriteVisitor<replace_reads> {
  const read_once& reads;
  replace_reads(ScalarEvolution& scev, const read_once& r) : SCEVRewriteVisitor(scev), reads(r) {}
  const SCEV* visitUnknown(const SCEVUnknown* unknown) {
    if (auto* inst = dyn_cast<Instruction>(unknown->getValue()))
      if (LoadInst* copy = reads.copies.lookup(inst)) return SE.getUnknown(copy);
    return unknown;
  }
};

// Whether a load of `type` at `pointer` cannot fault before the loop: what LLVM
// knows dereferenceable there, or a thread-local variable's own bytes (Weft's
// per-thread base pointers), which LLVM's test does not look through.
bool safe_to_read(Value* pointer, Type* type, Align align, Instruction* at, const DominatorTree& dom) {
  const DataLayout& layout = at->getModule()->getDataLayout();
  if (isSafeToLoadUnconditionally(pointer, type, align, layout, at, nullptr, &dom)) return true;
  APInt offset(layout.getIndexTypeSizeInBits(pointer->getType()), 0);
  const Value* base = pointer->stripAndAccumulateConstantOffsets(layout, offset, false);
  const auto* tls = dyn_cast<IntrinsicInst>(base);
  if (!tls || tls->getIntrinsicID() != Intrinsic::threadlocal_address) return false;
  const auto* global = dyn_cast<GlobalVariable>(tls->getArgOperand(0));
  if (!global || offset.isNegative()) return false;
  const std::uint64_t bytes = layout.getTypeAllocSize(global->getValueType()).getFixedValue();
  return offset.getZExtValue() + layout.getTypeStoreSize(type).getFixedValue() <= bytes &&
         global->getPointerAlignment(layout) >= align;
}

}  // namespace

std::optional<std::pair<const SCEV*, const SCEV*>> span(const SCEV* e, const Loop& item, ScalarEvolution& scev) {
  if (scev.isLoopInvariant(e, &item)) return std::make_pair(e, e);
  if (const auto* add = dyn_cast<SCEVAddExpr>(e)) {
    SmallVector<const SCEV*, 4> lows, highs;
    for (const SCEV* operand : add->operands()) {
      const auto part = span(operand, item, scev);
      if (!part) return std::nullopt;
      lows.push_back(part->first);
      highs.push_back(part->second);
    }
    return std::make_pair(scev.getAddExpr(lows), scev.getAddExpr(highs));
  }
  const auto* rec = dyn_cast<SCEVAddRecExpr>(e);
  if (!rec || !rec->isAffine() || !item.contains(rec->getLoop())) return std::nullopt;
  const SCEV* step = rec->getStepRecurrence(scev);
  const auto* constant = dyn_cast<SCEVConstant>(step);
  const SCEV* trips = scev.getBackedgeTakenCount(rec->getLoop());
  if (!(constant || scev.isLoopInvariant(step, &item)) || isa<SCEVCouldNotCompute>(trips) ||
      !trips->getType()->isIntegerTy() || !scev.isLoopInvariant(trips, &item))
    return std::nullopt;
  const auto start = span(rec->getStart(), item, scev);
  if (!start) return std::nullopt;
  const SCEV* reach = scev.getMulExpr(scev.getTruncateOrZeroExtend(trips, step->getType()), step);
  if (!constant) {  // (either way: the lowest start plus the reach where it is negative, and so on)
    const SCEV* zero = scev.getZero(step->getType());
    return std::make_pair(scev.getAddExpr(start->first, scev.getSMinExpr(reach, zero)),
                          scev.getAddExpr(start->second, scev.getSMaxExpr(reach, zero)));
  }
  if (constant->getAPInt().isNegative()) return std::make_pair(scev.getAddExpr(start->first, reach), start->second);
  return std::make_pair(start->first, scev.getAddExpr(start->second, reach));
}

const SCEV* read_once::rewrite(const SCEV* expression, ScalarEvolution& scev) const {
  if (copies.empty()) return expression;
  replace_reads rewriter(scev, *this);
  return rewriter.visit(expression);
}

read_once read_before(Loop& loop, const DominatorTree& dom) {
  read_once reads;
  BasicBlock* preheader = loop.getLoopPreheader();
  if (!preheader) return reads;
  Instruction* at = preheader->getTerminator();
  DenseMap<std::pair<Value*, Type*>, LoadInst*> by_address;
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block) {
      auto* load = dyn_cast<LoadInst>(&inst);
      if (!load || !load->isSimple() || !loop.isLoopInvariant(load->getPointerOperand())) continue;
      Type* type = load->getType();
      Value* pointer = load->getPointerOperand();
      if (!(type->isIntegerTy() || type->isPointerTy()) || !safe_to_read(pointer, type, load->getAlign(), at, dom))
        continue;
      LoadInst*& copy = by_address[{pointer, type}];
      if (!copy) {
        copy = new LoadInst(type, pointer, load->getName() + ".once", false, load->getAlign(), at->getIterator());
        reads.made.push_back(copy);
      }
      reads.copies[load] = copy;
    }
  return reads;
}

void discard(read_once& reads) {
  for (LoadInst* copy : reads.made) copy->eraseFromParent();
  reads.copies.clear();
  reads.made.clear();
}

bool bounded(const checked_access& access, const Loop& loop, ScalarEvolution& scev) {
  return span(access.address, loop, scev).has_value();
}

Loop* version_on_alias_checks(Loop& loop, const alias_checks& checks, read_once& reads, std::size_t most_tests,
                              std::size_t& tests_needed, LoopInfo& loops, DominatorTree& dom, ScalarEvolution& scev) {
  tests_needed = 0;
  BasicBlock* preheader = loop.getLoopPreheader();
  BasicBlock* exit = loop.getExitBlock();
  BasicBlock* exiting = loop.getExitingBlock();
  if (!preheader || !exit || !exiting || exit->getSinglePredecessor() != exiting || !loop.isLCSSAForm(dom))
    return nullptr;
  Instruction* at = preheader->getTerminator();
  SCEVExpander expander(scev, "alias");
  using bounds = std::pair<const SCEV*, const SCEV*>;  // [lowest, highest + size)
  auto interval = [&](const checked_access& access) -> std::optional<bounds> {
    const auto reach = span(access.address, loop, scev);
    if (!reach) return std::nullopt;
    const SCEV* size =
        scev.getConstant(scev.getEffectiveSCEVType(reach->second->getType()), static_cast<std::uint64_t>(access.size));
    return bounds{reach->first, scev.getAddExpr(reach->second, size)};
  };
  // Accesses from one base pointer (a struct's fields, an array's elements) are tested
  // as one interval, the union of theirs, against those from another base; two from
  // the same base, each on its own.
  DenseMap<const SCEV*, bounds> unions;  // base -> offsets from it
  DenseMap<const SCEV*, unsigned> seen;  // base -> when it came first
  auto add_to_union = [&](const SCEV* base, const bounds& b) {
    seen.try_emplace(base, seen.size());
    const bounds offsets{scev.getMinusSCEV(b.first, base), scev.getMinusSCEV(b.second, base)};
    auto [at_base, fresh] = unions.try_emplace(base, offsets);
    if (!fresh)
      at_base->second = {scev.getSMinExpr(at_base->second.first, offsets.first),
                         scev.getSMaxExpr(at_base->second.second, offsets.second)};
  };
  SmallVector<std::pair<bounds, bounds>, 16> single;
  SetVector<std::pair<const SCEV*, const SCEV*>> grouped;
  auto pair_up = [&](const checked_access& a, const checked_access& b) {
    const auto first = interval(a), second = interval(b);
    if (!first || !second) return false;
    const SCEV* base_a = scev.getPointerBase(first->first);
    const SCEV* base_b = scev.getPointerBase(second->first);
    if (base_a == base_b || !base_a->getType()->isPointerTy()) {
      single.push_back({*first, *second});
      return true;
    }
    add_to_union(base_a, *first);
    add_to_union(base_b, *second);
    // (each pair of bases once, in the order the bases came: the same code every build)
    const bool in_order = seen.lookup(base_a) < seen.lookup(base_b);
    grouped.insert(in_order ? std::make_pair(base_a, base_b) : std::make_pair(base_b, base_a));
    return true;
  };
  for (const auto& [a, b] : checks.pairs)
    if (!pair_up(a, b)) return nullptr;
  const DataLayout& layout = loop.getHeader()->getModule()->getDataLayout();
  for (LoadInst* copy : reads.made)
    for (const checked_access& store : checks.stores)
      if (!pair_up(store, {scev.getSCEV(copy->getPointerOperand()),
                           static_cast<std::int64_t>(layout.getTypeStoreSize(copy->getType()))}))
        return nullptr;
  SmallVector<std::pair<bounds, bounds>, 16> within;  // an access's interval, its block
  for (const auto& [access, block] : checks.inside) {
    const auto reach = interval(access);
    if (!reach) return nullptr;
    within.push_back({*reach, {block.begin, block.end}});
  }
  tests_needed = single.size() + grouped.size() + within.size();
  if (tests_needed > most_tests) return nullptr;
  SmallVector<std::pair<bounds, bounds>, 16> tests(single.begin(), single.end());
  for (const auto& [a, b] : grouped) {
    const bounds& in_a = unions[a];
    const bounds& in_b = unions[b];
    tests.push_back({{scev.getAddExpr(a, in_a.first), scev.getAddExpr(a, in_a.second)},
                     {scev.getAddExpr(b, in_b.first), scev.getAddExpr(b, in_b.second)}});
  }
  for (const auto* list : {&tests, &within})
    for (const auto& [first, second] : *list)
      for (const SCEV* e : {first.first, first.second, second.first, second.second})
        if (!expander.isSafeToExpandAt(e, at)) return nullptr;
  IRBuilder<> builder(at);
  Value* apart = builder.getTrue();
  auto expanded = [&](const std::pair<bounds, bounds>& test) {
    std::array<Value*, 4> values;
    const SCEV* ends[4] = {test.first.first, test.first.second, test.second.first, test.second.second};
    for (int i = 0; i < 4; ++i) values[i] = expander.expandCodeFor(ends[i], nullptr, at);
    builder.SetInsertPoint(at);
    return values;
  };
  // (One instruction a statement: a call's arguments come in the order the compiler
  // picks, and every build of the plugin makes the same code.)
  for (const auto& test : tests) {
    const auto [lo1, hi1, lo2, hi2] = expanded(test);
    Value* first_below = builder.CreateICmpULE(hi1, lo2);
    Value* second_below = builder.CreateICmpULE(hi2, lo1);
    apart = builder.CreateAnd(apart, builder.CreateOr(first_below, second_below));
  }
  for (const auto& test : within) {
    const auto [lo, hi, begin, end] = expanded(test);
    Value* from_begin = builder.CreateICmpULE(begin, lo);
    Value* to_end = builder.CreateICmpULE(hi, end);
    apart = builder.CreateAnd(apart, builder.CreateAnd(from_begin, to_end));
  }
  apart->setName("accesses.apart");
  Loop* slow = version_loop(loop, apart, {".alias.checks", ".apart", ".overlap"}, loops, dom);
  // Where the test passes no store reaches a copied load's location: its value is the copy's.
  for (auto& [load, copy] : reads.copies) {
    load->replaceAllUsesWith(copy);
    load->eraseFromParent();
  }
  reads.copies.clear();
  reads.made.clear();
  scev.forgetLoop(&loop);
  return slow;
}

}  // namespace weft::compiler
