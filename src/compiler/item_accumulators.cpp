// An item's accumulator kept in registers across a loop inside the item
// (item_accumulators.hpp).
//  1. plan_registers: for each innermost loop inside the item loop, its loads and
//     stores grouped by the address they lie at constant offsets from (an
//     accumulator per address the loop does not change; any other store and the
//     loop is left); the pairs and the readable blocks the run-time test must check;
//  2. weft-candidate-item-loops adds those to its test (item_alias_checks.cpp);
//  3. keep_in_registers, in the version where the test passed: loads moved before
//     their loop, each accumulator's elements allocas (read before the loop, written
//     after it under a flag its stores set), then mem2reg.
#include "item_accumulators.hpp"

#include "optimizer_hints.hpp"

#include <llvm/ADT/MapVector.h>
#include <llvm/Analysis/Loads.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <map>
#include <set>

using namespace llvm;

namespace weft::compiler {
namespace {

// A load or store at a constant offset from an address.
struct placed {
  Instruction* inst;
  Value* base;
  std::int64_t offset;
  std::int64_t size;
};

placed place(Instruction* inst, const DataLayout& layout) {
  Value* pointer = getLoadStorePointerOperand(inst);
  APInt offset(layout.getIndexTypeSizeInBits(pointer->getType()), 0);
  Value* base = pointer->stripAndAccumulateConstantOffsets(layout, offset, true);
  const std::int64_t size = layout.getTypeStoreSize(getLoadStoreType(inst)).getFixedValue();
  return {inst, base, offset.getSExtValue(), size};
}

// The element of a scalar or fixed vector type, where whole (no padding in a store).
Type* element_of(Type* type, const DataLayout& layout) {
  Type* element = isa<FixedVectorType>(type) ? type->getScalarType() : type;
  if (!(element->isIntegerTy() || element->isFloatingPointTy() || element->isPointerTy())) return nullptr;
  if (layout.getTypeStoreSize(element) != layout.getTypeAllocSize(element)) return nullptr;
  return element;
}

// An accumulator's accesses and the elements (offsets from its lowest) it reads and writes.
struct accumulator {
  std::vector<placed> accesses;
  Type* element = nullptr;
  std::int64_t lo = 0, hi = 0;
  std::set<std::int64_t> read, written;
};

// Whether the accesses are of one element type, on its grid, the stores in one
// block, and every element read also written.
bool well_formed(accumulator& a, const DataLayout& layout) {
  a.element = element_of(getLoadStoreType(a.accesses.front().inst), layout);
  if (!a.element) return false;
  const std::int64_t size = layout.getTypeStoreSize(a.element).getFixedValue();
  a.lo = a.accesses.front().offset;
  a.hi = a.lo;
  for (const placed& p : a.accesses) {
    if (element_of(getLoadStoreType(p.inst), layout) != a.element || (p.offset - a.lo) % size != 0) return false;
    a.lo = std::min(a.lo, p.offset);
    a.hi = std::max(a.hi, p.offset + p.size);
  }
  const BasicBlock* stores_at = nullptr;
  for (const placed& p : a.accesses) {
    std::set<std::int64_t>& elements = isa<StoreInst>(p.inst) ? a.written : a.read;
    for (std::int64_t at = p.offset; at < p.offset + p.size; at += size) elements.insert(at - a.lo);
    if (!isa<StoreInst>(p.inst)) continue;
    if (stores_at && stores_at != p.inst->getParent()) return false;
    stores_at = p.inst->getParent();
  }
  return std::includes(a.written.begin(), a.written.end(), a.read.begin(), a.read.end());
}

// The block an `llvm.assume` "dereferenceable" bundle before `item` names, where
// `address` lies at an offset from its start.
std::optional<dereferenceable_block> readable_block(const SCEV* address, const Loop& item, ScalarEvolution& scev,
                                                    const DominatorTree& dom) {
  const auto* base = dyn_cast<SCEVUnknown>(scev.getPointerBase(address));
  if (!base) return std::nullopt;
  const Instruction* at = item.getLoopPreheader()->getTerminator();
  for (const User* user : base->getValue()->users()) {
    const auto* assume = dyn_cast<AssumeInst>(user);
    if (!assume || !dom.dominates(assume, at)) continue;
    for (unsigned i = 0; i < assume->getNumOperandBundles(); ++i) {
      const OperandBundleUse bundle = assume->getOperandBundleAt(i);
      if (bundle.getTagName() != "dereferenceable" || bundle.Inputs.size() != 2 ||
          bundle.Inputs[0] != base->getValue() || !bundle.Inputs[1]->getType()->isIntegerTy())
        continue;
      const SCEV* bytes = scev.getSCEV(bundle.Inputs[1]);
      const SCEV* begin = base;
      return dereferenceable_block{
          begin,
          scev.getAddExpr(begin, scev.getTruncateOrZeroExtend(bytes, scev.getEffectiveSCEVType(begin->getType())))};
    }
  }
  return std::nullopt;
}

// Whether `block` runs in every pass of `loop` that ends, the first included: it lies
// on every path from the header to the latch and to each exit (plan_loop also needs
// every instruction of the loop to go on to the next).
bool every_pass(const BasicBlock* block, const Loop& loop, const DominatorTree& dom) {
  SmallVector<BasicBlock*, 4> exiting;
  loop.getExitingBlocks(exiting);
  return loop.getLoopLatch() && dom.dominates(block, loop.getLoopLatch()) &&
         all_of(exiting, [&](const BasicBlock* e) { return dom.dominates(block, e); });
}

// Plans `inner`'s accumulators and early loads into `plan`, all or none.
void plan_loop(Loop& inner, Loop& item, const read_once& reads, ScalarEvolution& scev, AAResults& aa,
               const DominatorTree& dom, register_plan& plan) {
  const DataLayout& layout = item.getHeader()->getModule()->getDataLayout();
  SmallVector<Instruction*, 16> memory;
  for (BasicBlock* block : inner.blocks())
    for (Instruction& inst : *block) {
      if (optimizer_hint(inst)) continue;
      if (!isGuaranteedToTransferExecutionToSuccessor(&inst)) return;  // (the stores would be late)
      if (!inst.mayReadOrWriteMemory()) continue;
      const auto* load = dyn_cast<LoadInst>(&inst);
      const auto* store = dyn_cast<StoreInst>(&inst);
      if (!(load && load->isSimple()) && !(store && store->isSimple())) return;  // a call, an atomic
      if (!reads.copies.count(&inst)) memory.push_back(&inst);                   // (no store reaches a load read once)
    }
  MapVector<Value*, accumulator> by_base;
  for (Instruction* inst : memory)
    if (isa<StoreInst>(inst)) {
      if (!inner.isLoopInvariant(getLoadStorePointerOperand(inst))) return;
      const placed p = place(inst, layout);
      by_base[p.base].accesses.push_back(p);
    }
  if (by_base.empty()) return;
  for (Instruction* inst : memory)
    if (isa<LoadInst>(inst) && inner.isLoopInvariant(getLoadStorePointerOperand(inst))) {
      const placed p = place(inst, layout);
      if (auto found = by_base.find(p.base); found != by_base.end()) found->second.accesses.push_back(p);
    }
  Instruction* before = inner.getLoopPreheader()->getTerminator();
  // (A load the loop makes in its first pass whenever it runs reads memory that is
  // readable before the loop.)
  auto readable_here = [&](Instruction* inst) {
    auto* load = cast<LoadInst>(inst);
    return every_pass(load->getParent(), inner, dom) ||
           isSafeToLoadUnconditionally(load->getPointerOperand(), load->getType(), load->getAlign(), layout, before,
                                       nullptr, &dom);
  };
  auto checked = [&](Value* pointer, std::int64_t offset, std::int64_t size) -> std::optional<checked_access> {
    const SCEV* address = reads.rewrite(scev.getSCEV(pointer), scev);
    if (offset) address = scev.getAddExpr(address, scev.getConstant(APInt(64, offset, true)));
    const checked_access access{address, size};
    if (!bounded(access, item, scev)) return std::nullopt;
    return access;
  };
  alias_checks checks;
  std::vector<std::pair<Loop*, std::vector<Instruction*>>> kept;
  for (auto& [base, a] : by_base) {
    if (!well_formed(a, layout)) return;
    const auto region = checked(base, a.lo, a.hi - a.lo);
    if (!region) return;
    std::vector<Instruction*> own;
    for (const placed& p : a.accesses) own.push_back(p.inst);
    for (Instruction* other : memory) {
      if (is_contained(own, other)) continue;
      Value* pointer = getLoadStorePointerOperand(other);
      if (aa.isNoAlias(MemoryLocation::getBeforeOrAfter(base), MemoryLocation::getBeforeOrAfter(pointer))) continue;
      const auto access = checked(pointer, 0, layout.getTypeStoreSize(getLoadStoreType(other)).getFixedValue());
      if (!access) return;
      checks.pairs.push_back({*region, *access});
    }
    if (!a.read.empty() && !all_of(own, [&](Instruction* i) { return isa<StoreInst>(i) || readable_here(i); })) {
      const std::int64_t size = layout.getTypeStoreSize(a.element).getFixedValue();
      const auto reads_of = checked(base, a.lo + *a.read.begin(), *a.read.rbegin() + size - *a.read.begin());
      const auto block = reads_of ? readable_block(reads_of->address, item, scev, dom) : std::nullopt;
      if (!block) return;
      checks.inside.push_back({*reads_of, *block});
    }
    kept.push_back({&inner, std::move(own)});
  }
  // The loop's other loads at addresses it does not change (no store of the loop is
  // left, and each accumulator is apart from them).
  std::vector<LoadInst*> early;
  for (Instruction* inst : memory) {
    auto* load = dyn_cast<LoadInst>(inst);
    if (!load || !inner.isLoopInvariant(load->getPointerOperand()) ||
        any_of(kept, [&](const auto& k) { return is_contained(k.second, inst); }))
      continue;
    if (!readable_here(load)) {
      const auto access =
          checked(load->getPointerOperand(), 0, layout.getTypeStoreSize(load->getType()).getFixedValue());
      const auto block = access ? readable_block(access->address, item, scev, dom) : std::nullopt;
      if (!block) continue;  // (it stays where it is)
      checks.inside.push_back({*access, *block});
    }
    early.push_back(load);
  }
  for (auto& k : kept) plan.accumulators.push_back(std::move(k));
  plan.read_early.insert(plan.read_early.end(), early.begin(), early.end());
  for (auto& pair : checks.pairs) plan.checks.pairs.push_back(pair);
  for (auto& inside : checks.inside) plan.checks.inside.push_back(inside);
}

}  // namespace

register_plan plan_registers(Loop& item, const read_once& reads, ScalarEvolution& scev, AAResults& aa,
                             const DominatorTree& dom) {
  register_plan plan;
  if (!item.getLoopPreheader()) return plan;
  for (Loop* inner : item.getLoopsInPreorder())
    if (inner != &item && inner->isInnermost() && inner->getLoopPreheader() && inner->getExitBlock() &&
        inner->hasDedicatedExits())
      plan_loop(*inner, item, reads, scev, aa, dom, plan);
  return plan;
}

unsigned keep_in_registers(const register_plan& plan, Loop& item, LoopInfo& loops, DominatorTree& dom,
                           ScalarEvolution& scev, AssumptionCache& assumptions) {
  if (plan.accumulators.empty() && plan.read_early.empty()) return 0;
  Function& f = *item.getHeader()->getParent();
  const DataLayout& layout = f.getDataLayout();
  LLVMContext& context = f.getContext();
  // (Where only the run-time test found it readable, nothing is known of its alignment.)
  for (LoadInst* load : plan.read_early) {
    Loop* inner = loops.getLoopFor(load->getParent());
    load->moveBefore(inner->getLoopPreheader()->getTerminator()->getIterator());
    load->dropUBImplyingAttrsAndMetadata();
    load->setAlignment(Align(1));
  }
  IRBuilder<> at_entry(&f.getEntryBlock(), f.getEntryBlock().getFirstInsertionPt());
  std::vector<AllocaInst*> allocas;
  for (const auto& [inner, accesses] : plan.accumulators) {
    accumulator a;
    for (Instruction* inst : accesses) a.accesses.push_back(place(inst, layout));
    well_formed(a, layout);  // (as planned: the lowest offset, the elements read and written)
    Value* base = a.accesses.front().base;
    const std::int64_t size = layout.getTypeStoreSize(a.element).getFixedValue();
    std::map<std::int64_t, AllocaInst*> slots;  // offset from lo -> its alloca
    std::map<std::int64_t, Align> store_align;
    for (std::int64_t at : a.written) {
      slots[at] = at_entry.CreateAlloca(a.element, nullptr, "weft.accumulator");
      allocas.push_back(slots[at]);
    }
    // A flag set by the stores, where they may not run in every pass (else the loop,
    // which runs at least once, stores).
    const Loop& loop = *inner;
    const bool always = all_of(a.accesses, [&](const placed& p) {
      return !isa<StoreInst>(p.inst) || every_pass(p.inst->getParent(), loop, dom);
    });
    AllocaInst* stored = nullptr;
    if (!always) {
      stored = at_entry.CreateAlloca(Type::getInt1Ty(context), nullptr, "weft.accumulated");
      allocas.push_back(stored);
    }
    auto address = [&](IRBuilder<>& b, std::int64_t at) {
      return a.lo + at ? b.CreatePtrAdd(base, b.getInt64(a.lo + at)) : base;
    };
    IRBuilder<> before(inner->getLoopPreheader()->getTerminator());
    if (stored) before.CreateStore(before.getFalse(), stored);
    for (std::int64_t at : a.read)
      before.CreateStore(before.CreateAlignedLoad(a.element, address(before, at), Align(1)), slots[at]);
    // (An element the loop writes but never reads starts as poison: it is written back
    // only after a store, and else its register would carry the item before's value,
    // a value carried from item to item that keeps the items in order.)
    for (std::int64_t at : a.written)
      if (!is_contained(a.read, at)) before.CreateStore(PoisonValue::get(a.element), slots[at]);
    for (const placed& p : a.accesses) {
      IRBuilder<> b(p.inst);
      const std::int64_t first = p.offset - a.lo;
      const auto* vector = dyn_cast<FixedVectorType>(getLoadStoreType(p.inst));
      const unsigned lanes = vector ? vector->getNumElements() : 1;
      if (auto* load = dyn_cast<LoadInst>(p.inst)) {
        Value* value = vector ? PoisonValue::get(load->getType()) : nullptr;
        for (unsigned j = 0; j < lanes; ++j) {
          Value* element = b.CreateLoad(a.element, slots[first + j * size]);
          value = vector ? b.CreateInsertElement(value, element, j) : element;
        }
        load->replaceAllUsesWith(value);
      } else {
        auto* store = cast<StoreInst>(p.inst);
        for (unsigned j = 0; j < lanes; ++j) {
          Value* element = vector ? b.CreateExtractElement(store->getValueOperand(), j) : store->getValueOperand();
          b.CreateStore(element, slots[first + j * size]);
          store_align.emplace(first + j * size, commonAlignment(store->getAlign(), j * size));
        }
        if (stored) b.CreateStore(b.getTrue(), stored);
      }
      p.inst->eraseFromParent();
    }
    // After the loop: the elements written, where it stored at least once.
    BasicBlock* exit = inner->getExitBlock();
    auto write_back = [&](IRBuilder<>& w) {
      for (const auto& [at, slot] : slots) {
        Value* value = w.CreateLoad(a.element, slot);  // (then the address: one order in every build)
        w.CreateAlignedStore(value, address(w, at), store_align.at(at));
      }
    };
    if (!stored) {
      IRBuilder<> w(&*exit->getFirstInsertionPt());
      write_back(w);
      continue;
    }
    BasicBlock* rest =
        SplitBlock(exit, exit->getFirstNonPHIIt(), &dom, &loops, nullptr, exit->getName() + ".accumulated");
    BasicBlock* write = BasicBlock::Create(context, "weft.accumulator.write", &f, rest);
    Instruction* branch = exit->getTerminator();
    IRBuilder<> test(branch);
    test.CreateCondBr(test.CreateLoad(test.getInt1Ty(), stored), write, rest);
    branch->eraseFromParent();
    IRBuilder<> w(write);
    write_back(w);
    w.CreateBr(rest);
    if (Loop* around = loops.getLoopFor(exit)) around->addBasicBlockToLoop(write, loops);
    dom.addNewBlock(write, exit);
  }
  PromoteMemToReg(allocas, dom, &assumptions);
  formLCSSARecursively(item, dom, &loops, &scev);
  scev.forgetLoop(&item);
  return plan.accumulators.size();
}

}  // namespace weft::compiler
