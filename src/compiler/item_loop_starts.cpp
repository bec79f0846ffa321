// Loops inside a work item that start where the item does (item_loop_starts.hpp).
#include "item_loop_starts.hpp"

#include "item_predication.hpp"
#include "optimizer_hints.hpp"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

using namespace llvm;

namespace weft::compiler {
namespace {

struct start_plan {
  PHINode* counter = nullptr;
  Value* start = nullptr;       // s, the item's
  const SCEV* first = nullptr;  // lo, the item loop's first item's s
  const SCEV* bound = nullptr;  // B
  const SCEV* last = nullptr;   // the last item's s, where a wrap is tested at run time
  CmpInst::Predicate test{};    // the counter goes on while `next test B`
  BranchInst* guard = nullptr;  // the branch that enters the loop where s passes, if any
  bool guard_enters_on_true = true;
  std::string why;
};

bool counts_up(CmpInst::Predicate p) {
  return p == CmpInst::ICMP_ULT || p == CmpInst::ICMP_ULE || p == CmpInst::ICMP_SLT || p == CmpInst::ICMP_SLE;
}

// Whether every item computes `v` alike in the same iteration of `inner`: values from
// outside the item loop and arithmetic on them and on the counters of `inner` and of
// the loops inside it (no memory: a load runs under the mask, zero where it is false).
bool alike(const Value* v, const Loop& inner, const Loop& item, SmallPtrSetImpl<const Value*>& seen) {
  if (item.isLoopInvariant(v)) return true;
  const auto* inst = dyn_cast<Instruction>(v);
  if (!inst || !inner.contains(inst)) return false;
  if (!seen.insert(v).second) return true;  // a cycle through a phi: alike if the rest is
  if (!(isa<PHINode>(inst) || isa<BinaryOperator>(inst) || isa<CmpInst>(inst) || isa<SelectInst>(inst) ||
        isa<CastInst>(inst) || isa<FreezeInst>(inst) || isa<GetElementPtrInst>(inst)))
    return false;
  return all_of(inst->operands(), [&](const Value* op) { return alike(op, inner, item, seen); });
}

// Whether `check` (taken as true where `on_true`, else as false) holds exactly where
// `start test bound` does: the same test, or InstCombine's form of it one apart
// (`s <= B` as `s - 1 < B`, where s - 1 does not wrap).
bool tests_start(const ICmpInst& check, bool on_true, const SCEV* start, const start_plan& plan,
                 ScalarEvolution& scev) {
  CmpInst::Predicate q = on_true ? check.getPredicate() : check.getInversePredicate();
  const SCEV* tested = scev.getSCEV(check.getOperand(0));
  if (scev.getSCEV(check.getOperand(0)) == plan.bound) {
    tested = scev.getSCEV(check.getOperand(1));
    q = CmpInst::getSwappedPredicate(q);
  } else if (scev.getSCEV(check.getOperand(1)) != plan.bound) {
    return false;
  }
  if (tested == start) return q == plan.test;
  const bool is_signed = CmpInst::isSigned(plan.test);
  if (CmpInst::isSigned(q) != is_signed) return false;
  const SCEV* one = scev.getOne(start->getType());
  auto one_apart = [&](const SCEV* low, const SCEV* high) {
    return scev.getAddExpr(low, one) == high && scev.willNotOverflow(Instruction::Add, is_signed, low, one);
  };
  if (CmpInst::isStrictPredicate(q) && CmpInst::isNonStrictPredicate(plan.test))
    return CmpInst::getNonStrictPredicate(q) == plan.test && one_apart(tested, start);  // tested = s - 1
  if (CmpInst::isNonStrictPredicate(q) && CmpInst::isStrictPredicate(plan.test))
    return CmpInst::getStrictPredicate(q) == plan.test && one_apart(start, tested);  // tested = s + 1
  return false;
}

start_plan plan_of(Loop& inner, Loop& item, ScalarEvolution& scev) {
  start_plan plan;
  auto refuse = [&](const char* why) {
    plan.why = why;
    return plan;
  };
  BasicBlock* preheader = inner.getLoopPreheader();
  BasicBlock* latch = inner.getLoopLatch();
  BasicBlock* exit = inner.getUniqueExitBlock();
  BasicBlock* item_preheader = item.getLoopPreheader();
  if (inner.getParentLoop() != &item || !preheader || !latch || !exit || inner.getExitingBlock() != latch ||
      !item_preheader)
    return refuse("it is not a loop of one entry and one exit directly inside the item");

  // 1. A counter stepping by 1 to a bound the same for all items.
  BasicBlock* header = inner.getHeader();
  auto* branch = dyn_cast<BranchInst>(latch->getTerminator());
  auto* test = branch && branch->isConditional() ? dyn_cast<ICmpInst>(branch->getCondition()) : nullptr;
  for (PHINode& phi : header->phis())
    if (test &&
        (is_contained(test->operands(), phi.getIncomingValueForBlock(latch)) || is_contained(test->operands(), &phi)))
      plan.counter = &phi;
  if (!plan.counter) return refuse("its exit test is not a compare of its counter");
  plan.start = plan.counter->getIncomingValueForBlock(preheader);
  Value* next = plan.counter->getIncomingValueForBlock(latch);
  Value* tested = is_contained(test->operands(), next) ? next : plan.counter;
  Value* bound = test->getOperand(test->getOperand(0) == tested ? 1 : 0);
  CmpInst::Predicate p = test->getOperand(0) == tested ? test->getPredicate() : test->getSwappedPredicate();
  plan.test = branch->getSuccessor(0) == header ? p : CmpInst::getInversePredicate(p);
  if (tested == plan.counter) {
    // `j < B` after the iteration j is `j + 1 <= B` (LLVM's form of `j + 1 < B + 1` for a
    // constant B): the counter's next value goes on while at most B.
    if (plan.test != CmpInst::ICMP_ULT && plan.test != CmpInst::ICMP_SLT)
      return refuse("it does not count up to a bound the same for all items");
    plan.test = CmpInst::getNonStrictPredicate(plan.test);
  }
  plan.bound = scev.getSCEV(bound);
  if (!(counts_up(plan.test) || plan.test == CmpInst::ICMP_NE) || !scev.isLoopInvariant(plan.bound, &item))
    return refuse("it does not count up to a bound the same for all items");
  const auto* counter = dyn_cast<SCEVAddRecExpr>(scev.getSCEV(plan.counter));
  if (!counter || counter->getLoop() != &inner || !counter->isAffine() || !counter->getStepRecurrence(scev)->isOne())
    return refuse("its counter does not step by 1");
  if (std::distance(header->phis().begin(), header->phis().end()) != 1)
    return refuse("it carries a value from one iteration to the next besides its counter");
  const SCEV* one = scev.getOne(plan.start->getType());
  if (scev.getSCEV(next) != scev.getAddExpr(scev.getSCEV(plan.counter), one))
    return refuse("its counter does not step by 1");

  // 1. A start stepping up from item to item without wrapping.
  const SCEV* start = scev.getSCEV(plan.start);
  BasicBlock* entry = preheader->getSinglePredecessor();
  auto* guard = entry ? dyn_cast<BranchInst>(entry->getTerminator()) : nullptr;
  auto* check = guard && guard->isConditional() ? dyn_cast<ICmpInst>(guard->getCondition()) : nullptr;
  if (plan.test == CmpInst::ICMP_NE) {
    // Up to B exactly (LLVM's form of `j < B` once it knows the start below B): `j < B`
    // in the order the guard (or what holds where the loop is entered) tests the start.
    const bool on_true = guard && guard->getSuccessor(0) == preheader;
    for (CmpInst::Predicate order : {CmpInst::ICMP_ULT, CmpInst::ICMP_SLT}) {
      plan.test = order;
      if (check ? tests_start(*check, on_true, start, plan, scev)
                : scev.isLoopEntryGuardedByCond(&inner, order, start, plan.bound))
        break;
      plan.test = CmpInst::ICMP_NE;
    }
    if (plan.test == CmpInst::ICMP_NE) return refuse("it is entered under a test other than its start's");
  }
  const auto* steps = dyn_cast<SCEVAddRecExpr>(start);
  if (!steps || steps->getLoop() != &item || !steps->isAffine())
    return refuse("its start is not a step from item to item");
  const auto* step = dyn_cast<SCEVConstant>(steps->getStepRecurrence(scev));
  plan.first = steps->getStart();
  const bool is_signed = CmpInst::isSigned(plan.test);
  if (!step || step->getAPInt().isNegative()) return refuse("its start steps down from item to item");
  const bool no_wrap = (is_signed ? steps->hasNoSignedWrap() : steps->hasNoUnsignedWrap()) ||
                       scev.isKnownPredicate(is_signed ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE, plan.first, start);
  if (!no_wrap) {
    // A start stepping by 1 wraps only past the last item, tested before the loop.
    const SCEV* last_item = scev.getBackedgeTakenCount(&item);
    if (!step->getAPInt().isOne() || isa<SCEVCouldNotCompute>(last_item) || last_item->getType() != start->getType())
      return refuse("its start may wrap from item to item");
    plan.last = steps->evaluateAtIteration(last_item, scev);
  }
  SCEVExpander expander(scev, "weft.start");
  for (const SCEV* needed : {plan.first, plan.bound, plan.last})
    if (needed && !expander.isSafeToExpandAt(needed, item_preheader->getTerminator()))
      return refuse("its first item's start or its bound cannot be computed before the item loop");

  // 4. Nothing it computes is used after it.
  for (const BasicBlock* block : inner.blocks())
    for (const Instruction& inst : *block)
      for (const User* user : inst.users())
        if (!inner.contains(cast<Instruction>(user))) return refuse("a value it computes is used after it");

  // 2. Entered where the item's start passes the exit test (a guard of just that test).
  if (guard && guard->isConditional()) {
    plan.guard = guard;
    plan.guard_enters_on_true = guard->getSuccessor(0) == preheader;
    if (!item.contains(entry) || guard->getSuccessor(plan.guard_enters_on_true ? 1 : 0) != exit || !check)
      return refuse("it is entered under a test other than its start's");
    if (!tests_start(*check, plan.guard_enters_on_true, start, plan, scev))
      return refuse("it is entered under a test other than its start's");
    for (PHINode& phi : exit->phis())
      if (phi.getIncomingValueForBlock(entry) != phi.getIncomingValueForBlock(latch))
        return refuse("the paths around it and through it merge different values");
    for (Instruction& inst : *preheader)
      if (!inst.isTerminator() && !isSafeToSpeculativelyExecute(&inst))
        return refuse("the block before it holds an instruction that may run only where it is entered");
  } else if (!scev.isLoopEntryGuardedByCond(&inner, plan.test, start, plan.bound)) {
    return refuse("it is entered where the item's start may not pass its exit test");
  }

  // 3. Every instruction can run under the mask; the branches inside are alike for all items.
  SmallVector<const BasicBlock*, 16> blocks(inner.blocks().begin(), inner.blocks().end());
  if (std::string why = guarded_refusal(blocks); !why.empty()) {
    plan.why = "its iterations before the item's start cannot do nothing: " + why;
    return plan;
  }
  for (const BasicBlock* block : blocks) {
    const auto* inside = dyn_cast<BranchInst>(block->getTerminator());
    SmallPtrSet<const Value*, 16> seen;
    if (block != latch && inside && inside->isConditional() && !alike(inside->getCondition(), inner, item, seen))
      return refuse("a branch inside it goes different ways for different items");
  }
  return plan;
}

}  // namespace

std::string item_start_refusal(Loop& inner, Loop& item, ScalarEvolution& scev) {
  return plan_of(inner, item, scev).why;
}

void start_with_first_item(Loop& inner, Loop& item, ScalarEvolution& scev) {
  const start_plan plan = plan_of(inner, item, scev);
  if (!plan.why.empty()) return;
  Instruction* at = item.getLoopPreheader()->getTerminator();
  SCEVExpander expander(scev, "weft.start");
  Type* type = plan.start->getType();
  Value* first = expander.expandCodeFor(plan.first, type, at);
  Value* bound = expander.expandCodeFor(plan.bound, type, at);
  IRBuilder<> before_items(at);
  if (plan.last) {  // where the starts wrap, the least is the type's least
    const bool is_signed = CmpInst::isSigned(plan.test);
    Value* last = expander.expandCodeFor(plan.last, type, at);
    Value* in_order = before_items.CreateICmp(is_signed ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE, first, last);
    const unsigned bits = type->getIntegerBitWidth();
    first = before_items.CreateSelect(
        in_order, first, ConstantInt::get(type, is_signed ? APInt::getSignedMinValue(bits) : APInt::getMinValue(bits)),
        "weft.start.first");
  }
  Value* enters = before_items.CreateICmp(plan.test, first, bound, "weft.start.enters");

  // The item's own entry test, and the guard's new one on the first item's start.
  Value* item_enters = ConstantInt::getTrue(type->getContext());
  if (plan.guard) {
    item_enters = plan.guard->getCondition();
    if (!plan.guard_enters_on_true) {
      IRBuilder<> at_guard(plan.guard);
      item_enters = at_guard.CreateNot(item_enters, "weft.start.item_enters");
    }
    plan.guard->setCondition(plan.guard_enters_on_true ? enters : before_items.CreateNot(enters));
  }
  plan.counter->setIncomingValueForBlock(inner.getLoopPreheader(), first);

  BasicBlock* header = inner.getHeader();
  IRBuilder<> in_header(header, header->getFirstInsertionPt());
  Value* started = in_header.CreateICmp(CmpInst::isSigned(plan.test) ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE,
                                        plan.counter, plan.start, "weft.start.reached");
  Value* active = in_header.CreateAnd(item_enters, started, "weft.start.active");
  for (BasicBlock* block : inner.blocks())
    for (Instruction& inst : make_early_inc_range(*block)) {
      if (inst.isTerminator() || isa<PHINode>(inst) || &inst == started || &inst == active) continue;
      if (optimizer_hint(inst)) {
        inst.eraseFromParent();
        continue;
      }
      guard_instruction(inst, active);
    }
  scev.forgetLoop(&item);
}

}  // namespace weft::compiler
