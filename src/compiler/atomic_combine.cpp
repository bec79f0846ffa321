// weft-atomic-combine (atomic_combine.hpp).
#include "atomic_combine.hpp"

#include "kernel_name.hpp"

#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/MemoryLocation.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Scalar/LICM.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/SimpleLoopUnswitch.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <string>
#include <vector>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-atomic-combine";

bool item_loop(const Loop& loop) { return findOptionMDForLoop(&loop, "llvm.loop.parallel_accesses") != nullptr; }

// The integer operations whose updates of one location merge into one update by the
// accumulated value.
bool combinable(AtomicRMWInst::BinOp op) {
  switch (op) {
    case AtomicRMWInst::Add:
    case AtomicRMWInst::Sub:
    case AtomicRMWInst::And:
    case AtomicRMWInst::Or:
    case AtomicRMWInst::Xor:
    case AtomicRMWInst::Max:
    case AtomicRMWInst::Min:
    case AtomicRMWInst::UMax:
    case AtomicRMWInst::UMin: return true;
    default: return false;
  }
}

// The value an update by which changes nothing.
Constant* identity(AtomicRMWInst::BinOp op, IntegerType* type) {
  const unsigned bits = type->getBitWidth();
  switch (op) {
    case AtomicRMWInst::And:
    case AtomicRMWInst::UMin: return ConstantInt::get(type, APInt::getAllOnes(bits));
    case AtomicRMWInst::Max: return ConstantInt::get(type, APInt::getSignedMinValue(bits));
    case AtomicRMWInst::Min: return ConstantInt::get(type, APInt::getSignedMaxValue(bits));
    default: return ConstantInt::get(type, 0);  // add, sub, or, xor, umax
  }
}

// The accumulator after one more update by v (a sub's values add up: one sub of the sum).
Value* accumulate(IRBuilder<>& b, AtomicRMWInst::BinOp op, Value* acc, Value* v) {
  switch (op) {
    case AtomicRMWInst::And: return b.CreateAnd(acc, v);
    case AtomicRMWInst::Or: return b.CreateOr(acc, v);
    case AtomicRMWInst::Xor: return b.CreateXor(acc, v);
    case AtomicRMWInst::Max: return b.CreateBinaryIntrinsic(Intrinsic::smax, acc, v);
    case AtomicRMWInst::Min: return b.CreateBinaryIntrinsic(Intrinsic::smin, acc, v);
    case AtomicRMWInst::UMax: return b.CreateBinaryIntrinsic(Intrinsic::umax, acc, v);
    case AtomicRMWInst::UMin: return b.CreateBinaryIntrinsic(Intrinsic::umin, acc, v);
    default: return b.CreateAdd(acc, v);  // add, sub
  }
}

// An update every item of `loop` makes to one address, which may be merged.
bool candidate(const AtomicRMWInst& rmw, const Loop& loop) { return loop.isLoopInvariant(rmw.getPointerOperand()); }

// Why the updates in `loop` at addresses the same for all items must stay one per item
// (empty: they may be combined).
std::string refusal(const Loop& loop, ArrayRef<AtomicRMWInst*> updates, AAResults& aa) {
  for (AtomicRMWInst* rmw : updates) {
    if (!rmw->getType()->isIntegerTy())
      return "a floating-point update (the sum of the items' values would round differently)";
    if (!combinable(rmw->getOperation())) return "an exchange or another operation that does not combine";
    if (rmw->getOrdering() != AtomicOrdering::Monotonic)
      return "an update with an ordering stronger than memory_order::relaxed";
    if (rmw->isVolatile()) return "a volatile update";
    if (!rmw->use_empty()) return "an update whose previous value the item uses";
  }
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block) {
      if (auto* rmw = dyn_cast<AtomicRMWInst>(&inst)) {
        if (!is_contained(updates, rmw)) return "another atomic update, at an address that differs between items";
        for (AtomicRMWInst* other : updates)
          if (other != rmw && other->getOperation() != rmw->getOperation() &&
              !aa.isNoAlias(MemoryLocation::get(other), MemoryLocation::get(rmw)))
            return "updates of one address by different operations";
        continue;
      }
      if (isa<AtomicCmpXchgInst>(inst) || isa<FenceInst>(inst) || inst.isAtomic())
        return "another atomic access or a fence (another item may wait for the updates)";
      if (auto* call = dyn_cast<CallBase>(&inst)) {
        if (isa<LifetimeIntrinsic>(call) || isa<AssumeInst>(call) || isa<NoAliasScopeDeclInst>(call)) continue;
        if (call->mayReadOrWriteMemory() || call->mayThrow()) return "a call";
        continue;
      }
      if (isa<LoadInst>(inst) || isa<StoreInst>(inst))
        for (AtomicRMWInst* rmw : updates)
          if (aa.alias(MemoryLocation::get(&inst), MemoryLocation::get(rmw)) == AliasResult::MustAlias)
            return "a load or store of the updated address";
    }
  return {};
}

struct plan {
  BasicBlock* header;
  std::vector<AtomicRMWInst*> updates;
};

// Each update becomes an update of its accumulator (an alloca, mem2reg'd by the
// caller); at each exit of the loop one atomic update by the accumulated value, where it
// is not the identity.
void combine(Loop& loop, ArrayRef<AtomicRMWInst*> updates, LoopInfo& loops, std::vector<AllocaInst*>& slots) {
  Function& f = *loop.getHeader()->getParent();
  BasicBlock* preheader = loop.getLoopPreheader();
  SmallVector<BasicBlock*, 4> exits;
  loop.getUniqueExitBlocks(exits);
  for (AtomicRMWInst* rmw : updates) {
    auto* type = cast<IntegerType>(rmw->getType());
    const AtomicRMWInst::BinOp op = rmw->getOperation();
    Constant* none = identity(op, type);
    auto* slot = new AllocaInst(type, f.getDataLayout().getAllocaAddrSpace(), "weft.combined",
                                f.getEntryBlock().getFirstInsertionPt());
    slots.push_back(slot);
    new StoreInst(none, slot, preheader->getTerminator()->getIterator());
    IRBuilder<> b(rmw);
    b.CreateStore(accumulate(b, op, b.CreateLoad(type, slot), rmw->getValOperand()), slot);
    for (BasicBlock* exit : exits) {
      IRBuilder<> at(exit, exit->getFirstInsertionPt());
      Value* total = at.CreateLoad(type, slot, "weft.combined.total");
      Value* changes = at.CreateICmpNE(total, none);
      Instruction* then = SplitBlockAndInsertIfThen(changes, at.GetInsertPoint(), false, nullptr,
                                                    static_cast<DomTreeUpdater*>(nullptr), &loops);
      IRBuilder<> flush(then);
      AtomicRMWInst* once = flush.CreateAtomicRMW(op, rmw->getPointerOperand(), total, rmw->getAlign(),
                                                  AtomicOrdering::Monotonic, rmw->getSyncScopeID());
      once->setDebugLoc(rmw->getDebugLoc());
    }
    rmw->eraseFromParent();
  }
}

}  // namespace

PreservedAnalyses AtomicCombinePass::run(Function& f, FunctionAnalysisManager& analyses) {
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  std::vector<plan> plans;
  OptimizationRemarkEmitter remarks(&f);
  for (Loop* top : loops)
    for (Loop* loop : top->getLoopsInPreorder()) {
      if (!item_loop(*loop)) continue;
      std::vector<AtomicRMWInst*> updates;
      for (BasicBlock* block : loop->blocks())
        for (Instruction& inst : *block)
          if (auto* rmw = dyn_cast<AtomicRMWInst>(&inst); rmw && candidate(*rmw, *loop)) updates.push_back(rmw);
      if (updates.empty()) continue;
      if (std::string why = refusal(*loop, updates, analyses.getResult<AAManager>(f)); !why.empty()) {
        remarks.emit([&] {
          return OptimizationRemarkMissed(pass_name, "UpdatesKept", updates.front())
                 << "kernel " << kernel_name(f)
                 << ": its items' atomic updates of one address stay one per item: the work item makes " << why;
        });
        continue;
      }
      plans.push_back({loop->getHeader(), std::move(updates)});
    }
  if (plans.empty()) return PreservedAnalyses::all();
  std::vector<AllocaInst*> slots;
  bool simplified = false;
  for (const plan& p : plans) {
    DominatorTree dom(f);
    LoopInfo fresh(dom);
    Loop* loop = fresh.getLoopFor(p.header);
    simplified |= simplifyLoop(loop, &dom, &fresh, nullptr, nullptr, nullptr, false);
    if (!loop->getLoopPreheader() || !loop->hasDedicatedExits()) {
      remarks.emit([&] {
        return OptimizationRemarkMissed(pass_name, "UpdatesKept", p.updates.front())
               << "kernel " << kernel_name(f)
               << ": its items' atomic updates of one address stay one per item: the item loop has no single "
                  "entry or its exits are shared";
      });
      continue;
    }
    const DebugLoc at = p.updates.front()->getDebugLoc();
    const std::size_t count = p.updates.size();
    combine(*loop, p.updates, fresh, slots);
    remarks.emit([&] {
      return OptimizationRemark(pass_name, "UpdatesCombined", at, p.header)
             << "kernel " << kernel_name(f) << ": " << ore::NV("Updates", static_cast<unsigned>(count))
             << " atomic update(s) of one address made once per run of the item loop, of the items' values combined";
    });
  }
  if (slots.empty()) return simplified ? PreservedAnalyses::none() : PreservedAnalyses::all();
  {
    DominatorTree dom(f);
    PromoteMemToReg(slots, dom);
  }
  // What the updates kept in the loop leaves it now, as it would have before (the
  // kernel's fields; an nd_range group's test of its switch to fibers, after which the
  // loop is unswitched on it: an exit on a test the same in every iteration leaves the
  // vectorizer no trip count).
  analyses.invalidate(f, PreservedAnalyses::none());
  LoopPassManager again;
  again.addPass(LICMPass(LICMOptions()));
  again.addPass(SimpleLoopUnswitchPass(/*NonTrivial=*/true));
  FunctionPassManager hoist;
  hoist.addPass(createFunctionToLoopPassAdaptor(std::move(again), /*UseMemorySSA=*/true));
  hoist.run(f, analyses);
  return PreservedAnalyses::none();
}

}  // namespace weft::compiler
