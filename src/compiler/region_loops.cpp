// Region loops of weft-barrier-split (region_loops.hpp).
#include "region_loops.hpp"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/SimpleLoopUnswitch.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace weft::compiler {
namespace {

// A region's loop over the items of a one-dimensional group (or the innermost
// dimension): `id` from 0 in steps of 1, tested only at the latch against `count`.
struct item_loop {
  Loop* loop = nullptr;
  PHINode* id = nullptr;
  BasicBlock* preheader = nullptr;
  BasicBlock* latch = nullptr;
  BasicBlock* exit = nullptr;
  ICmpInst* test = nullptr;  // next id against count
  Value* count = nullptr;
};

std::optional<item_loop> as_item_loop(Loop* loop) {
  item_loop l;
  l.loop = loop;
  l.preheader = loop->getLoopPreheader();
  l.latch = loop->getLoopLatch();
  l.exit = loop->getExitBlock();
  if (!l.preheader || !l.latch || !l.exit || loop->getExitingBlock() != l.latch) return std::nullopt;
  auto* branch = dyn_cast<BranchInst>(l.latch->getTerminator());
  if (!branch || !branch->isConditional()) return std::nullopt;
  l.test = dyn_cast<ICmpInst>(branch->getCondition());
  if (!l.test) return std::nullopt;
  for (PHINode& phi : loop->getHeader()->phis()) {
    if (phi.getNumIncomingValues() != 2) continue;
    Value* start = phi.getIncomingValueForBlock(l.preheader);
    Value* step = phi.getIncomingValueForBlock(l.latch);
    if (!match(start, m_Zero()) || !match(step, m_Add(m_Specific(&phi), m_One()))) continue;
    if (l.test->getOperand(0) == step && loop->isLoopInvariant(l.test->getOperand(1))) {
      l.id = &phi;
      l.count = l.test->getOperand(1);
      break;
    }
  }
  // The loop goes on while the next id is below the count (and leaves when it reaches it).
  const ICmpInst::Predicate p = l.test->getPredicate();
  const bool on_while_below =
      (p == ICmpInst::ICMP_ULT || p == ICmpInst::ICMP_NE) && branch->getSuccessor(0) == loop->getHeader();
  const bool off_when_reached = p == ICmpInst::ICMP_EQ && branch->getSuccessor(1) == loop->getHeader();
  if (!l.id || !(on_while_below || off_when_reached)) return std::nullopt;
  return l;
}

bool writes(const Instruction& inst) { return inst.mayWriteToMemory() || inst.mayThrow(); }

// Item `row + id`'s exit record: an i32 stored at exits[row + id], exits the start of
// weft_split_frames() and row the same for the loop's items (a nest's row; none in one
// dimension, exits[id]). Exactly that element: a per-item array further into the
// frames is not one.
bool exit_record(const Instruction& inst, const item_loop& l, Value** row = nullptr) {
  const auto* store = dyn_cast<StoreInst>(&inst);
  const auto* slot = store ? dyn_cast<GetElementPtrInst>(store->getPointerOperand()) : nullptr;
  const auto* frames = slot ? dyn_cast<CallInst>(slot->getPointerOperand()) : nullptr;
  if (!frames || !frames->getCalledFunction() || frames->getCalledFunction()->getName() != "weft_split_frames" ||
      slot->getNumIndices() != 1 || !slot->getSourceElementType()->isIntegerTy(32) ||
      !store->getValueOperand()->getType()->isIntegerTy(32))
    return false;
  Value* index = slot->getOperand(1);
  Value* item_row = nullptr;
  if (index != l.id &&
      !(match(index, m_c_Add(m_Specific(l.id), m_Value(item_row))) && l.loop->isLoopInvariant(item_row)))
    return false;
  if (row) *row = item_row;
  return true;
}

// 1. `if (id == last) *slot = v;` with v and slot the same for every item, reached by
// every item's pass: after the loop, `*slot = v;` (no item of the loop reads slot
// after the last one has written it, and no other access in the loop touches it).
// In a nest the test is `row + id == last` (row: the linear id of the loop's first
// item); after the loop it is `row + count - 1 == last`: the loop held the last item.
bool sink_last_item_stores(const item_loop& l, DominatorTree& dom) {
  bool changed = false;
  for (BasicBlock* block : l.loop->blocks()) {
    auto* branch = dyn_cast<BranchInst>(block->getTerminator());
    if (!branch || !branch->isConditional()) continue;
    auto* is_last = dyn_cast<ICmpInst>(branch->getCondition());
    if (!is_last || !is_last->getMetadata(last_item_mark) || is_last->getPredicate() != ICmpInst::ICMP_EQ ||
        !dom.dominates(block, l.latch) || !l.loop->isLoopInvariant(is_last->getOperand(1)))
      continue;
    Value* row = nullptr;
    if (is_last->getOperand(0) != l.id &&
        !(match(is_last->getOperand(0), m_c_Add(m_Specific(l.id), m_Value(row))) && l.loop->isLoopInvariant(row)))
      continue;
    BasicBlock* then = branch->getSuccessor(0);
    BasicBlock* join = branch->getSuccessor(1);
    if (then->getSinglePredecessor() != block || then->getSingleSuccessor() != join || !join->phis().empty()) continue;
    SmallVector<StoreInst*, 2> stores;
    bool movable = true;
    for (Instruction& inst : *then) {
      if (inst.isTerminator()) continue;
      auto* store = dyn_cast<StoreInst>(&inst);
      movable &= store && store->isSimple() && l.loop->isLoopInvariant(store->getValueOperand()) &&
                 l.loop->isLoopInvariant(store->getPointerOperand()) &&
                 all_of(store->getPointerOperand()->users(),
                        [&](const User* u) { return u == store || !l.loop->contains(cast<Instruction>(u)); });
      if (store) stores.push_back(store);
    }
    if (!movable || stores.empty()) continue;
    BasicBlock* after = SplitEdge(l.latch, l.exit, &dom, nullptr, nullptr, "after.last.item");
    Instruction* at = after->getTerminator();
    if (row) {  // (the nest's other loops: the test once per pass of this one)
      IRBuilder<> b(at);
      Value* last_here = b.CreateAdd(row, b.CreateSub(l.count, ConstantInt::get(l.count->getType(), 1)));
      at = SplitBlockAndInsertIfThen(b.CreateICmpEQ(last_here, is_last->getOperand(1)), at,
                                     false);  // (dom: the caller recomputes it)
    }
    for (StoreInst* store : stores) {
      store->moveBefore(at->getIterator());
      store->setMetadata(LLVMContext::MD_access_group, nullptr);
    }
    BranchInst::Create(join, branch->getIterator());
    branch->eraseFromParent();
    DeleteDeadBlock(then);
    changed = true;
    break;  // (the loop's blocks changed; the caller looks again)
  }
  return changed;
}

// A guard `int(id) < U` (or `U > int(id)`): the id, or its truncation to U's narrower
// type, compared signed with U the same for every item (a user's `int lid` against an
// `int` bound: SYCL-Bench's tree step `if (lid < i)`). Returns U, or null.
Value* signed_guard_bound(const item_loop& l, const ICmpInst& guard) {
  Value* lhs = guard.getOperand(0);
  Value* rhs = guard.getOperand(1);
  ICmpInst::Predicate p = guard.getPredicate();
  if (p == ICmpInst::ICMP_SGT) {
    std::swap(lhs, rhs);
    p = ICmpInst::ICMP_SLT;
  }
  if (p != ICmpInst::ICMP_SLT || !l.loop->isLoopInvariant(rhs)) return nullptr;
  if (lhs != l.id && !match(lhs, m_Trunc(m_Specific(l.id)))) return nullptr;
  return rhs;
}

// 2. The guard: the header's branch on `S * id < U` or `S * id == 0` (or `id << c`, or `id` alone)
// with S and U the same for every item; the items that fail it write nothing but
// their exit record, of which only item 0's is read (the loop's `weft.exit` mark),
// so only the first ceil(U / S) items run, or all where S * id could wrap. Or on
// `int(id) < U` (signed_guard_bound): where every id of the loop is below 2^(w-1) (w:
// U's width), int(id) is id and the items from max(U, 0) on fail it, so only those
// before run; otherwise all do. That guard stays in the loop.
bool skip_failing_items(const item_loop& l, bool exit_records = true, LoopInfo* drop_guard = nullptr) {
  BasicBlock* header = l.loop->getHeader();  // (then the blocks it runs straight into)
  while (BasicBlock* next = header->getUniqueSuccessor())
    if (next->getSinglePredecessor() != header || !l.loop->contains(next) || next == l.loop->getHeader()) break;
    else header = next;
  auto* branch = dyn_cast<BranchInst>(header->getTerminator());
  if (!branch || !branch->isConditional()) return false;
  if (exit_records && !findOptionMDForLoop(l.loop, alike_exit_mark)) return false;
  auto* guard = dyn_cast<ICmpInst>(branch->getCondition());
  if (!guard) return false;
  Type* type = l.id->getType();
  Value* signed_bound = signed_guard_bound(l, *guard);
  Value* scaled = guard->getOperand(0);
  Value* bound = guard->getOperand(1);
  Value* stride = nullptr;
  if (!signed_bound) {
    if (guard->getPredicate() == ICmpInst::ICMP_UGT) std::swap(scaled, bound);
    else if (guard->getPredicate() == ICmpInst::ICMP_EQ && match(bound, m_Zero()))
      bound = ConstantInt::get(type, 1);  // `S * id == 0`: `S * id < 1` (the group's item 0)
    else if (guard->getPredicate() != ICmpInst::ICMP_ULT) return false;
    if (!l.loop->isLoopInvariant(bound)) return false;
    const APInt* shift = nullptr;
    if (scaled == l.id) stride = ConstantInt::get(type, 1);
    else if (match(scaled, m_c_Mul(m_Specific(l.id), m_Value(stride))) && l.loop->isLoopInvariant(stride)) {
    } else if (match(scaled, m_Shl(m_Specific(l.id), m_APInt(shift))) && shift->ult(type->getIntegerBitWidth()))
      stride = ConstantInt::get(type, APInt(type->getIntegerBitWidth(), 1).shl(*shift));
    else return false;
    if (stride->getType() != type || bound->getType() != type) return false;
  }
  BasicBlock* pass = branch->getSuccessor(0);
  if (pass == branch->getSuccessor(1) || pass->getSinglePredecessor() != header || !l.loop->contains(pass))
    return false;
  // Nothing before the guard, and nothing outside what only passing items run, but
  // the exit records; no value of the loop used after it.
  DominatorTree dom(*header->getParent());
  for (BasicBlock* block : l.loop->blocks()) {
    const bool passing_only = dom.dominates(BasicBlockEdge(header, pass), block);
    for (Instruction& inst : *block) {
      Value* row = nullptr;
      if (!passing_only && writes(inst) && !(exit_record(inst, l, &row) && !row)) return false;
      for (const User* u : inst.users())
        if (!l.loop->contains(cast<Instruction>(u))) return false;
    }
  }
  IRBuilder<> b(l.preheader->getTerminator());
  Value* zero = ConstantInt::get(type, 0);
  Value* one = ConstantInt::get(type, 1);
  if (signed_bound) {  // count' = max(1, count <= 2^(w-1) ? min(count, max(U, 0)) : count)
    const unsigned w = signed_bound->getType()->getIntegerBitWidth();
    Value* ids_fit =
        b.CreateICmpULE(l.count, ConstantInt::get(type, APInt::getOneBitSet(type->getIntegerBitWidth(), w - 1)));
    Value* passing = b.CreateZExt(
        b.CreateBinaryIntrinsic(Intrinsic::smax, signed_bound, ConstantInt::get(signed_bound->getType(), 0)), type);
    Value* fewer = b.CreateBinaryIntrinsic(Intrinsic::umin, passing, l.count);
    l.test->setOperand(1, b.CreateBinaryIntrinsic(Intrinsic::umax, b.CreateSelect(ids_fit, fewer, l.count), one,
                                                  nullptr, "passing.items"));
    return true;
  }
  // count' = max(1, S == 0 or S * (count - 1) might wrap ? count : min(count, ceil(U / S))).
  Value* safe_stride = b.CreateSelect(b.CreateICmpEQ(stride, zero), one, stride);
  Value* last_scaled = b.CreateBinaryIntrinsic(Intrinsic::umul_with_overflow, b.CreateSub(l.count, one), stride);
  // (One instruction per statement where two would be arguments of one call: the order
  // of a call's arguments is the compiler's, and the plugin's output must not depend on it.)
  Value* stride_nonzero = b.CreateICmpNE(stride, zero);
  Value* no_wrap = b.CreateAnd(stride_nonzero, b.CreateNot(b.CreateExtractValue(last_scaled, 1)));
  Value* no_bound = b.CreateICmpEQ(bound, zero);
  Value* passing = b.CreateSelect(no_bound, zero, b.CreateAdd(b.CreateUDiv(b.CreateSub(bound, one), safe_stride), one));
  // (S = 1 cannot wrap: the plain minimum, whose bound scalar evolution sees.)
  Value* fewer = b.CreateBinaryIntrinsic(Intrinsic::umin, passing, l.count);
  Value* narrowed = match(stride, m_One()) ? fewer : b.CreateSelect(no_wrap, fewer, l.count);
  Value* count = b.CreateBinaryIntrinsic(Intrinsic::umax, narrowed, one, nullptr, "passing.items");
  l.test->setOperand(1, count);
  // With S = 1 every item of the narrowed run passes, but where U is 0 (the run is
  // item 0, which fails): the guard goes, and the loop is skipped where U is 0. A
  // loop without exit records only (the split form's items record their exits
  // where they fail), and only where nothing after the loop merges values from it.
  if (!drop_guard || !match(stride, m_One()) || !l.exit->phis().empty()) return true;
  BasicBlock* fail = branch->getSuccessor(1);
  BasicBlock* entry = SplitEdge(l.preheader, l.loop->getHeader(), nullptr, drop_guard);
  l.preheader->getTerminator()->eraseFromParent();
  IRBuilder<> skip(l.preheader);
  skip.CreateCondBr(skip.CreateICmpEQ(bound, zero, "no.item.passes"), l.exit, entry);
  fail->removePredecessor(header);
  BranchInst::Create(pass, branch->getIterator());
  branch->eraseFromParent();
  return true;
}

// 3. A branch on `C + S * id < U` (C, S and U the same for every item): every item
// passes where the loop's first (C) and last (C + S * (count - 1)) do, with no wrap
// between them (S * (count - 1) does not overflow and the last is not below the
// first). That test, made once before the loop, joins the branch's condition with an
// `or`, which changes no item's way; unswitching then gives it a loop of its own.
bool test_guards_once(const item_loop& l, ScalarEvolution& scev) {
  bool changed = false;
  Instruction* at = l.preheader->getTerminator();
  for (BasicBlock* block : l.loop->blocks()) {
    auto* branch = dyn_cast<BranchInst>(block->getTerminator());
    auto* guard =
        branch && branch->isConditional() && block != l.latch ? dyn_cast<ICmpInst>(branch->getCondition()) : nullptr;
    if (!guard) continue;
    Value* scaled = guard->getOperand(0);
    Value* bound = guard->getOperand(1);
    ICmpInst::Predicate p = guard->getPredicate();
    if (p == ICmpInst::ICMP_UGT) {
      std::swap(scaled, bound);
      p = ICmpInst::ICMP_ULT;
    }
    if (p != ICmpInst::ICMP_ULT || !l.loop->isLoopInvariant(bound) || scaled->getType() != l.count->getType()) continue;
    const auto* rec = scev.isSCEVable(scaled->getType()) ? dyn_cast<SCEVAddRecExpr>(scev.getSCEV(scaled)) : nullptr;
    if (!rec || rec->getLoop() != l.loop || !rec->isAffine()) continue;
    SCEVExpander expander(scev, "guard");
    const SCEV* start = rec->getStart();
    const SCEV* stride = rec->getStepRecurrence(scev);
    if (!expander.isSafeToExpandAt(start, at) || !expander.isSafeToExpandAt(stride, at)) continue;
    Type* type = scaled->getType();
    Value* first = expander.expandCodeFor(start, type, at);
    Value* step = expander.expandCodeFor(stride, type, at);
    // (One instruction a statement: the order of a call's arguments is the host compiler's.)
    IRBuilder<> b(at);
    Value* last_id = b.CreateSub(l.count, ConstantInt::get(type, 1));
    Value* span = b.CreateBinaryIntrinsic(Intrinsic::umul_with_overflow, last_id, step);
    Value* last = b.CreateAdd(first, b.CreateExtractValue(span, 0));
    Value* no_overflow = b.CreateNot(b.CreateExtractValue(span, 1));
    Value* no_wrap = b.CreateAnd(no_overflow, b.CreateICmpUGE(last, first));
    Value* all = b.CreateAnd(no_wrap, b.CreateICmpULT(last, bound), "all.items.pass");
    branch->setCondition(IRBuilder<>(branch).CreateOr(all, guard));
    changed = true;
  }
  return changed;
}

// 4. Where the items leave alike (`weft.exit`), the dispatcher reads item 0's exit
// record only (a nest's: row 0's). A record every item stores alike (one store, of a
// value the items share, in a block every item's pass runs) is stored once, for the
// loop's first item, before the loop: the loop loses a store per item.
bool record_exit_once(const item_loop& l, const DominatorTree& dom) {
  if (!findOptionMDForLoop(l.loop, alike_exit_mark)) return false;
  StoreInst* record = nullptr;
  Value* row = nullptr;
  for (BasicBlock* block : l.loop->blocks())
    for (Instruction& inst : *block)
      if (exit_record(inst, l, &row)) {
        if (record) return false;
        record = cast<StoreInst>(&inst);
      }
  if (!record || !l.loop->isLoopInvariant(record->getValueOperand()) || !dom.dominates(record->getParent(), l.latch))
    return false;
  auto* slot = cast<GetElementPtrInst>(record->getPointerOperand());
  IRBuilder<> b(l.preheader->getTerminator());
  Value* first = row ? b.CreateGEP(b.getInt32Ty(), slot->getPointerOperand(), row) : slot->getPointerOperand();
  b.CreateStore(record->getValueOperand(), first);
  record->eraseFromParent();
  if (slot->use_empty()) slot->eraseFromParent();
  return true;
}

// 5. The exit records left in the loop are per item (exits[row + id]), so they keep the item-loop
// mark: tidying merges the leaves' record stores into one without it, and a single
// unmarked access makes the vectorizer check every access of the loop for
// dependences again.
bool mark_exit_records(const item_loop& l) {
  MDNode* parallel = findOptionMDForLoop(l.loop, "llvm.loop.parallel_accesses");
  if (!parallel || parallel->getNumOperands() != 2) return false;
  auto* group = dyn_cast<MDNode>(parallel->getOperand(1));
  if (!group) return false;
  bool changed = false;
  for (BasicBlock* block : l.loop->blocks())
    for (Instruction& inst : *block)
      if (exit_record(inst, l) && !inst.getMetadata(LLVMContext::MD_access_group)) {
        inst.setMetadata(LLVMContext::MD_access_group, group);
        changed = true;
      }
  return changed;
}

// SimpleLoopUnswitch scales a loop's cost by the number of its sibling loops: the
// region loops are all children of the dispatcher loop, so in a kernel of a few
// regions none would be unswitched, however small. Region loops are weighed by their
// own size alone (the threshold still bounds each copy); the option is LLVM's, set
// only while they are unswitched.
class own_cost_only {
 public:
  own_cost_only() {
    auto found = cl::getRegisteredOptions().find("enable-unswitch-cost-multiplier");
    if (found == cl::getRegisteredOptions().end()) return;
    option_ = static_cast<cl::opt<bool>*>(found->second);
    kept_ = *option_;
    option_->setValue(false);
  }
  ~own_cost_only() {
    if (option_) option_->setValue(kept_);
  }
  own_cost_only(const own_cost_only&) = delete;
  own_cost_only& operator=(const own_cost_only&) = delete;

 private:
  cl::opt<bool>* option_ = nullptr;
  bool kept_ = true;
};

}  // namespace

PreservedAnalyses unswitch_innermost::run(Loop& loop, LoopAnalysisManager& analyses,
                                          LoopStandardAnalysisResults& results, LPMUpdater& updater) {
  if (!loop.isInnermost()) return PreservedAnalyses::all();
  own_cost_only weighed;
  return SimpleLoopUnswitchPass(/*NonTrivial=*/true).run(loop, analyses, results, updater);
}

bool skip_items_failing_guard(Loop& loop, LoopInfo& loops) {
  std::optional<item_loop> l = as_item_loop(&loop);
  return l && skip_failing_items(*l, /*exit_records=*/false, &loops);
}

bool narrow_region_loops(Function& f, FunctionAnalysisManager& analyses) {
  {  // (preheaders and dedicated exits: unswitching leaves loops that share both)
    FunctionPassManager simplify;
    simplify.addPass(LoopSimplifyPass());
    simplify.run(f, analyses);
  }
  bool changed = false;
  for (bool again = true; again;) {
    again = false;
    analyses.invalidate(f, PreservedAnalyses::none());
    DominatorTree& dom = analyses.getResult<DominatorTreeAnalysis>(f);
    LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
    for (Loop* loop : loops.getLoopsInPreorder()) {
      if (!loop->isInnermost()) continue;
      std::optional<item_loop> l = as_item_loop(loop);
      if (l && sink_last_item_stores(*l, dom)) {
        again = changed = true;
        break;
      }
    }
  }
  analyses.invalidate(f, PreservedAnalyses::none());
  bool guarded = false;
  {
    LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
    ScalarEvolution& scev = analyses.getResult<ScalarEvolutionAnalysis>(f);
    for (Loop* loop : loops.getLoopsInPreorder())
      if (std::optional<item_loop> l = as_item_loop(loop)) {
        // (Any region loop, also one with loops inside its items: `if (lid < stride)`
        // around a loop. Only the region loops bear the mark skip_failing_items asks for.)
        changed |= skip_failing_items(*l);  // (first: the narrowed count is the one to test)
        if (loop->isInnermost()) guarded |= test_guards_once(*as_item_loop(loop), scev);
      }
  }
  if (guarded) {
    analyses.invalidate(f, PreservedAnalyses::none());
    FunctionPassManager passes;
    passes.addPass(createFunctionToLoopPassAdaptor(unswitch_innermost(), /*UseMemorySSA=*/true));
    passes.addPass(SimplifyCFGPass());
    passes.addPass(LoopSimplifyPass());  // (the copies share a preheader)
    passes.run(f, analyses);
    changed = true;
  }
  analyses.invalidate(f, PreservedAnalyses::none());
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  const DominatorTree& dom = analyses.getResult<DominatorTreeAnalysis>(f);
  for (Loop* loop : loops.getLoopsInPreorder())
    if (loop->isInnermost())
      if (std::optional<item_loop> l = as_item_loop(loop)) {
        changed |= record_exit_once(*l, dom);
        changed |= mark_exit_records(*l);
      }
  return changed;
}

}  // namespace weft::compiler
