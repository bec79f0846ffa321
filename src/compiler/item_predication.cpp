// Masks for the branches inside a work item's loops (item_predication.hpp). For one
// loop inside the item, with no loop inside it and one exit, at its latch:
//  1. the blocks of an iteration are taken in reverse post-order (the latch last);
//  2. each block gets its condition: true where it dominates the latch (it runs in
//     every iteration), else the logical or of its incoming edges' conditions, an
//     edge's being its source's condition and (logically) the branch's;
//  3. each phi outside the header becomes a chain of selects on those edge conditions;
//  4. in the guarded blocks, a load not known safe reads through select(condition,
//     address, Weft's block of zeros), a store writes through select(condition,
//     address, the function's discard slot), a division divides by select(condition,
//     d, 1), assumptions are dropped, and so are the attributes and metadata that would
//     make a wrong guess undefined behaviour;
//  5. every block branches to the next in that order and they merge into one.
// Logical and/or (selects) keep a condition false, not poison, where a guarded value
// that feeds an inner branch is poison.
#include "item_predication.hpp"

#include "optimizer_hints.hpp"

#include <llvm/ADT/DenseMap.h>
#include <llvm/Analysis/LoopIterator.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* block_name = "weft.speculated_loads";
constexpr const char* discard_kind = "weft.discarded_stores";  // metadata marking the discard slot
constexpr unsigned block_bytes = 128, block_align = 64;        // (the zero block's and the discard slot's)
// Instructions a guarded iteration may run in every iteration; beyond, the branches stay.
constexpr unsigned guarded_budget = 400;

bool division(const Instruction& inst) {
  switch (inst.getOpcode()) {
    case Instruction::UDiv:
    case Instruction::SDiv:
    case Instruction::URem:
    case Instruction::SRem: return true;
    default: return false;
  }
}

// Why a guarded access of `type` cannot go to the zero block or the discard slot instead.
std::string unredirectable(const char* what, Type* type, Align align, const DataLayout& layout) {
  if (type->isScalableTy() || layout.getTypeStoreSize(type).getKnownMinValue() > block_bytes ||
      align.value() > block_align)
    return std::string(what) + " wider than " + std::to_string(block_bytes) + " bytes";
  return {};
}

// Why `inst`, in a block the branch may skip, cannot run where the branch does not go.
std::string unguardable(const Instruction& inst) {
  if (optimizer_hint(inst) || division(inst) || isSafeToSpeculativelyExecute(&inst)) return {};
  const DataLayout& layout = inst.getModule()->getDataLayout();
  if (const auto* load = dyn_cast<LoadInst>(&inst))
    return load->isSimple() ? unredirectable("a load", load->getType(), load->getAlign(), layout)
                            : "a volatile or atomic load";
  if (const auto* store = dyn_cast<StoreInst>(&inst))
    return store->isSimple() ? unredirectable("a store", store->getValueOperand()->getType(), store->getAlign(), layout)
                             : "a volatile or atomic store";
  if (inst.mayWriteToMemory()) return "a call that writes memory";
  if (const auto* call = dyn_cast<CallBase>(&inst)) {
    const Function* callee = call->getCalledFunction();
    return "a call of " + (callee ? callee->getName().str() : std::string("a function pointer")) +
           ", which may not run where the item does not call it";
  }
  return std::string("an instruction (") + inst.getOpcodeName() + ") that may not run where the item does not";
}

// Makes `order` (blocks in reverse post-order, the first one's condition true) straight
// code under masks: each block runs under its condition (true where `always`), a phi
// becomes selects on its edges' conditions, guarded accesses and divisions go through
// selects. With a `join`, the paths end there: its phis' values from `order` become one,
// from the last block; without, the last block keeps its branch.
void linearize(ArrayRef<BasicBlock*> order, function_ref<bool(const BasicBlock*)> always_runs, BasicBlock* join,
               LoopInfo& loops) {
  Function& f = *order.front()->getParent();
  LLVMContext& context = f.getContext();
  Value* always = ConstantInt::getTrue(context);

  DenseMap<BasicBlock*, Value*> condition;
  DenseMap<std::pair<BasicBlock*, BasicBlock*>, Value*> edges;
  auto edge = [&](BasicBlock* from, BasicBlock* to) -> Value* {
    auto [at, fresh] = edges.try_emplace({from, to}, nullptr);
    if (!fresh) return at->second;
    Value* source = condition.lookup(from);
    auto* branch = cast<BranchInst>(from->getTerminator());
    Value* taken = source;
    if (branch->isConditional() && branch->getSuccessor(0) != branch->getSuccessor(1)) {
      IRBuilder<> builder(branch);
      Value* test = branch->getCondition();
      if (branch->getSuccessor(1) == to) test = builder.CreateNot(test);
      taken = source == always ? test : builder.CreateLogicalAnd(source, test);
    }
    return at->second = taken;
  };
  // A phi's values on the edges from `order` as one select chain, before `at`.
  auto merge = [&](PHINode& phi, BasicBlock* block, IRBuilder<>& builder) {
    Value* merged = nullptr;
    for (unsigned k = 0; k < phi.getNumIncomingValues(); ++k) {
      BasicBlock* from = phi.getIncomingBlock(k);
      if (!condition.count(from)) continue;
      merged =
          merged ? builder.CreateSelect(edge(from, block), phi.getIncomingValue(k), merged) : phi.getIncomingValue(k);
    }
    return merged;
  };

  for (BasicBlock* block : order) {
    IRBuilder<> builder(block, block->getFirstInsertionPt());
    Value* mine = always;
    if (block != order.front() && !always_runs(block)) {
      mine = nullptr;
      for (BasicBlock* from : predecessors(block)) {
        Value* taken = edge(from, block);
        mine = mine ? builder.CreateLogicalOr(mine, taken) : taken;
      }
    }
    condition[block] = mine;
    if (block != order.front()) {
      for (PHINode& phi : make_early_inc_range(block->phis())) {
        Value* merged = merge(phi, block, builder);
        merged->takeName(&phi);
        phi.replaceAllUsesWith(merged);
        phi.eraseFromParent();
      }
    }
    if (mine == always) continue;
    for (Instruction& inst : make_early_inc_range(*block)) {
      if (inst.isTerminator() || !inst.getParent()) continue;
      if (optimizer_hint(inst)) {
        inst.eraseFromParent();
        continue;
      }
      guard_instruction(inst, mine);
    }
  }
  if (join) {  // the join's values from the paths, merged at the end of the last block
    IRBuilder<> builder(order.back()->getTerminator());
    for (PHINode& phi : join->phis()) {
      Value* merged = merge(phi, join, builder);
      for (unsigned k = phi.getNumIncomingValues(); k-- > 0;)
        if (condition.count(phi.getIncomingBlock(k))) phi.removeIncomingValue(k, false);
      if (phi.getNumIncomingValues() == 0) merged->takeName(&phi);  // (the phi goes with the merge below)
      phi.addIncoming(merged, order.back());
    }
  }
  // Straight code: each block on to the next, then merged into its predecessor.
  for (unsigned k = 0; k < order.size(); ++k) {
    if (k + 1 == order.size() && !join) break;
    Instruction* old = order[k]->getTerminator();
    BranchInst::Create(k + 1 < order.size() ? order[k + 1] : join, old->getIterator());
    old->eraseFromParent();
  }
  for (unsigned k = 1; k < order.size(); ++k) MergeBlockIntoPredecessor(order[k], nullptr, &loops);
  if (join) MergeBlockIntoPredecessor(join, nullptr, &loops);
}

}  // namespace

std::string guarded_refusal(ArrayRef<const BasicBlock*> guarded) {
  if (!guarded.empty() && guarded.front()->getParent()->hasFnAttribute(Attribute::StrictFP))
    return "the kernel uses strict floating point";
  unsigned count = 0;
  for (const BasicBlock* block : guarded)
    for (const Instruction& inst : *block) {
      if (inst.isTerminator() || isa<PHINode>(inst)) continue;
      if (std::string why = unguardable(inst); !why.empty()) return "it guards " + why;
      if (++count > guarded_budget) return "it guards more than " + std::to_string(guarded_budget) + " instructions";
    }
  return {};
}

void guard_instruction(Instruction& inst, Value* condition) {
  Function& f = *inst.getFunction();
  IRBuilder<> before(&inst);
  if (auto* load = dyn_cast<LoadInst>(&inst); load && !isSafeToSpeculativelyExecute(load))
    load->setOperand(0, before.CreateSelect(condition, load->getPointerOperand(), &speculation_block(*f.getParent())));
  else if (auto* store = dyn_cast<StoreInst>(&inst))
    store->setOperand(1, before.CreateSelect(condition, store->getPointerOperand(), &discard_slot(f)));
  else if (division(inst) && !isSafeToSpeculativelyExecute(&inst))
    inst.setOperand(1, before.CreateSelect(condition, inst.getOperand(1), ConstantInt::get(inst.getType(), 1)));
  inst.dropUBImplyingAttrsAndMetadata(
      {LLVMContext::MD_access_group, LLVMContext::MD_tbaa, LLVMContext::MD_alias_scope, LLVMContext::MD_noalias});
}

bool branches_inside(const Loop& inner, const LoopInfo& loops) {
  for (const BasicBlock* block : inner.blocks()) {
    if (loops.getLoopFor(block) != &inner) continue;
    const auto* branch = dyn_cast<BranchInst>(block->getTerminator());
    if ((!branch || branch->isConditional()) && !inner.isLoopExiting(block)) return true;
  }
  return false;
}

std::string predication_refusal(const Loop& inner, const DominatorTree& dom) {
  if (!inner.isInnermost()) return "the loop around it holds a loop of its own";
  const BasicBlock* latch = inner.getLoopLatch();
  if (!latch || inner.getExitingBlock() != latch)
    return "the loop around it is left elsewhere than at its end (a break or a return in it)";
  SmallVector<const BasicBlock*, 16> guarded;
  for (const BasicBlock* block : inner.blocks()) {
    if (block != latch && !isa<BranchInst>(block->getTerminator())) return "it is a switch";
    if (!dom.dominates(block, latch)) guarded.push_back(block);
  }
  return guarded_refusal(guarded);
}

GlobalVariable& speculation_block(Module& module) {
  if (GlobalVariable* block = module.getGlobalVariable(block_name, true)) return *block;
  auto* type = ArrayType::get(Type::getInt8Ty(module.getContext()), block_bytes);
  auto* block =
      new GlobalVariable(module, type, true, GlobalValue::InternalLinkage, Constant::getNullValue(type), block_name);
  block->setAlignment(Align(block_align));
  block->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return *block;
}

AllocaInst& discard_slot(Function& f) {
  BasicBlock& entry = f.getEntryBlock();
  for (Instruction& inst : entry)
    if (auto* slot = dyn_cast<AllocaInst>(&inst); slot && slot->getMetadata(discard_kind)) return *slot;
  auto* type = ArrayType::get(Type::getInt8Ty(f.getContext()), block_bytes);
  auto* slot = new AllocaInst(type, f.getDataLayout().getAllocaAddrSpace(), nullptr, Align(block_align),
                              "weft.discarded_stores", entry.getFirstInsertionPt());
  slot->setMetadata(discard_kind, MDNode::get(f.getContext(), {}));
  return *slot;
}

guarded_address guarded_pointers(Value* pointers) {
  auto* select = dyn_cast<SelectInst>(pointers);
  if (!select) return {};
  auto is_block = [](Value* v) {
    if (v->getType()->isVectorTy()) v = getSplatValue(v);
    if (auto* slot = dyn_cast_or_null<AllocaInst>(v)) return slot->getMetadata(discard_kind) != nullptr;
    auto* global = dyn_cast_or_null<GlobalVariable>(v);
    return global && global->getName() == block_name;
  };
  if (is_block(select->getFalseValue())) return {select->getTrueValue(), select->getCondition(), false};
  if (is_block(select->getTrueValue())) return {select->getFalseValue(), select->getCondition(), true};
  return {};
}

void predicate_iteration(Loop& inner, LoopInfo& loops, DominatorTree& dom) {
  Function& f = *inner.getHeader()->getParent();
  const BasicBlock* latch = inner.getLoopLatch();
  LoopBlocksRPO rpo(&inner);
  rpo.perform(&loops);
  const SmallVector<BasicBlock*, 16> order(rpo.begin(), rpo.end());  // (the latch last)
  linearize(
      order, [&](const BasicBlock* block) { return dom.dominates(block, latch); }, nullptr, loops);
  dom.recalculate(f);
}

std::string region_refusal(BasicBlock& branch, const Loop& item, const LoopInfo& loops, const DominatorTree& dom,
                           const PostDominatorTree& post, guarded_region& region) {
  region = {};
  const DomTreeNode* node = post.getNode(&branch);
  BasicBlock* join = node && node->getIDom() ? node->getIDom()->getBlock() : nullptr;
  if (!join || loops.getLoopFor(join) != &item) return "its paths do not meet again in the work item";
  // The blocks between the branch and the join, in reverse post-order (depth first).
  SmallVector<BasicBlock*, 16> post_order;
  SmallPtrSet<BasicBlock*, 16> seen{&branch};
  SmallVector<std::pair<BasicBlock*, succ_iterator>, 16> stack{{&branch, succ_begin(&branch)}};
  while (!stack.empty()) {
    auto& [block, next] = stack.back();
    if (next == succ_end(block)) {
      post_order.push_back(block);
      stack.pop_back();
      continue;
    }
    BasicBlock* to = *next++;
    if (to == join || !seen.insert(to).second) continue;
    if (loops.getLoopFor(to) != &item || to == item.getHeader())
      return "it guards a loop of the item (only code outside the loops inside the item becomes masks)";
    if (!dom.dominates(&branch, to)) return "code it guards is reached from elsewhere too";
    if (!isa<BranchInst>(to->getTerminator())) return "it guards a switch";
    stack.push_back({to, succ_begin(to)});
  }
  region.blocks.assign(post_order.rbegin(), post_order.rend());
  SmallVector<const BasicBlock*, 16> guarded;
  for (BasicBlock* block : region.blocks)
    if (block != &branch && !post.dominates(block, &branch)) guarded.push_back(block);
  if (std::string why = guarded_refusal(guarded); !why.empty()) return why;
  region.join = join;
  return {};
}

void predicate_region(const guarded_region& region, LoopInfo& loops, DominatorTree& dom, PostDominatorTree& post) {
  Function& f = *region.join->getParent();
  BasicBlock* first = region.blocks.front();
  linearize(
      region.blocks, [&](const BasicBlock* block) { return post.dominates(block, first); }, region.join, loops);
  dom.recalculate(f);
  post.recalculate(f);
}

}  // namespace weft::compiler
