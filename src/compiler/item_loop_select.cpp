// weft-item-loop-select (item_loop_select.hpp). An item loop is kept for the
// outer-loop vectorizer when every lane can run its own item exactly as the scalar
// loop would: the loop carries nothing from one item to the next but its counter,
// every branch inside it is the same for all items (the loops inside the item run
// the same number of times for every item), and it calls nothing without a vector
// form and makes no atomic or volatile access. These are the native path's own
// limits, checked here first so that a refusal leaves the loops inside the item to
// the ordinary vectorizer and says why; before the check, the header's phis that
// carry nothing go (idle_phis.hpp) and a captured trip count is read before the
// loop (hoist_read_bounds). An accepted loop loses its hints (drop_hints),
// and a copy of the function is widened first: where LLVM's verifier rejects it, the
// loops are refused after all (try_widening). Item loops with no loop inside the item
// stay the loop vectorizer's; on x86 with AVX-512 their function is compiled for 512-bit
// vectors (item_vector_bits) unless a width was chosen in it (chosen_width).
#include "item_loop_select.hpp"
#include "loops_kept.hpp"

#include "idle_phis.hpp"
#include "item_loop_accumulators.hpp"
#include "item_loop_starts.hpp"
#include "invariant_bases.hpp"
#include "item_predication.hpp"
#include "loop_versions.hpp"
#include "optimizer_hints.hpp"
#include "item_loop_report.hpp"
#include "kernel_name.hpp"
#include "uniform_chain_guard.hpp"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/LoopIterator.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Analysis/InstructionSimplify.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/IR/DiagnosticHandler.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Transforms/Scalar/LoopDeletion.h>
#include <llvm/Transforms/Scalar/LoopDistribute.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/LoopRotation.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/LCSSA.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>
#include <llvm/Transforms/Utils/InjectTLIMappings.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Vectorize/LoopVectorize.h>

#include <algorithm>
#include <optional>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-item-loops";

// Testing only: treats every trial widening as one LLVM's verifier rejected (try_widening).
cl::opt<bool> reject_every_widening("weft-widening-reject", cl::Hidden, cl::init(false),
                                    cl::desc("weft-item-loop-select: refuse every item loop, as if its widening had "
                                             "failed the verifier"));

// Testing only: lets item loops whose branches merge values reach the trial widening
// (outer_loop_refusal refuses them first), as item_loop_trial_pipeline.ll needs.
cl::opt<bool> allow_merges("weft-item-loop-merges", cl::Hidden, cl::init(false),
                           cl::desc("weft-item-loop-select: do not refuse item loops whose branches merge values"));

bool forced_vectorize(const Loop& loop) {
  return getOptionalBoolLoopAttribute(&loop, "llvm.loop.vectorize.enable").value_or(false);
}

// assume_safety: clang's promise that the iterations are independent.
bool item_loop(const Loop& loop) { return findOptionMDForLoop(&loop, "llvm.loop.parallel_accesses") != nullptr; }

std::string callee_name(const CallBase& call) {
  if (call.isInlineAsm()) return "an asm statement (Weft's local-memory atomics keep their order with one)";
  if (const Function* f = call.getCalledFunction()) return demangle(f->getName().str());
  return "a function pointer";
}

// (optimizer_hint: the native path would widen a hint's operands into vectors no
// intrinsic takes, <16 x metadata>: broken IR that crashed clang later, so an accepted
// item loop loses them first, drop_hints, which changes no result.)
bool vectorizable_call(const CallBase& call, const TargetLibraryInfo& library) {
  if (const auto* intrinsic = dyn_cast<IntrinsicInst>(&call)) {
    const Intrinsic::ID id = intrinsic->getIntrinsicID();
    return isTriviallyVectorizable(id) || optimizer_hint(id) || id == Intrinsic::sideeffect;
  }
  const Function* f = call.getCalledFunction();
  if (!f) return false;
  if (call.getFnAttr("vector-function-abi-variant").isValid()) return true;
  return library.isFunctionVectorizable(f->getName());
}

// What in the work item's code no vectorizer can widen, or an empty string.
std::string unwidenable_instruction(Loop& loop, const TargetLibraryInfo& library) {
  for (BasicBlock* block : loop.blocks()) {
    for (Instruction& inst : *block) {
      if (isa<InvokeInst>(inst))
        return "the work item may throw an exception (" + callee_name(cast<CallBase>(inst)) + ")";
      if (auto* call = dyn_cast<CallBase>(&inst); call && !vectorizable_call(*call, library))
        return "the work item calls " + callee_name(*call) + ", which has no vector form";
      if (isa<AtomicRMWInst>(inst) || isa<AtomicCmpXchgInst>(inst) || isa<FenceInst>(inst) || inst.isAtomic())
        return "the work item makes an atomic access (its result may depend on the order of the items)";
      if ((isa<LoadInst>(inst) && cast<LoadInst>(inst).isVolatile()) ||
          (isa<StoreInst>(inst) && cast<StoreInst>(inst).isVolatile()))
        return "the work item makes a volatile access";
    }
    if (!isa<BranchInst>(block->getTerminator()) && !isa<ReturnInst>(block->getTerminator()) &&
        !isa<UnreachableInst>(block->getTerminator()))
      return "the work item has a switch or an indirect branch";
  }
  return {};
}

// Removes the hints (droppable_hint) from an item loop the native path widens. A
// noalias scope declared in the loop is one per item: its declaration goes, and so do
// the loop's accesses' claims about it (!alias.scope, !noalias), which only loses
// alias information.
void drop_hints(Loop& loop) {
  SmallPtrSet<const Metadata*, 8> scopes;
  SmallVector<IntrinsicInst*, 8> hints;
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block)
      if (auto* intrinsic = dyn_cast<IntrinsicInst>(&inst); intrinsic && optimizer_hint(intrinsic->getIntrinsicID())) {
        hints.push_back(intrinsic);
        if (auto* decl = dyn_cast<NoAliasScopeDeclInst>(intrinsic))
          for (const MDOperand& scope : decl->getScopeList()->operands()) scopes.insert(scope.get());
      }
  for (IntrinsicInst* hint : hints) hint->eraseFromParent();
  if (scopes.empty()) return;
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block)
      for (unsigned kind : {LLVMContext::MD_alias_scope, LLVMContext::MD_noalias}) {
        MDNode* list = inst.getMetadata(kind);
        if (!list) continue;
        SmallVector<Metadata*, 4> kept;
        for (const MDOperand& scope : list->operands())
          if (!scopes.contains(scope.get())) kept.push_back(scope.get());
        if (kept.size() != list->getNumOperands())
          inst.setMetadata(kind, kept.empty() ? nullptr : MDNode::get(inst.getContext(), kept));
      }
}

// A value every item of `loop` computes alike: defined outside it, or arithmetic,
// compares and selects inside it on such values (a guard's `y > 0 && y < h - 1` part
// in a loop over x).
bool same_for_all_items(const Value* v, const Loop& loop, unsigned depth = 0) {
  if (loop.isLoopInvariant(v)) return true;
  const auto* inst = dyn_cast<Instruction>(v);
  if (!inst || depth > 8 || isa<PHINode>(inst) || inst->mayReadOrWriteMemory() || inst->mayHaveSideEffects() ||
      isa<CallBase>(inst) ||
      !(isa<BinaryOperator>(inst) || isa<CmpInst>(inst) || isa<SelectInst>(inst) || isa<CastInst>(inst) ||
        isa<FreezeInst>(inst)))
    return false;
  return all_of(inst->operands(), [&](const Value* op) { return same_for_all_items(op, loop, depth + 1); });
}

constexpr const char* divergent_branch = "a branch in the work item goes different ways for different items";
constexpr const char* varying_trips =
    "a loop inside the work item runs a different number of times for different items";
constexpr const char* nested_branch =
    "a loop inside the work item branches (the outer-loop vectorizer does not keep the values such a loop merges)";
constexpr const char* read_bound_refusal =
    "a branch in the work item goes different ways for different items, on a value read from memory at the same "
    "address by every item but not first in the item (after a store, a call or a branch), which cannot move before "
    "the item loop to be tested there";
constexpr const char* merging_branch =
    "a branch in the work item merges values (with a loop inside the item, the outer-loop vectorizer can pair them "
    "with the wrong branch)";

// The branches that become masks (item_predication.hpp): those of loops inside the
// item (each iteration as straight code) and regions at the item loop's own level.
struct mask_plan {
  SmallPtrSet<const Loop*, 4> loops;
  unsigned regions = 0;
  SmallPtrSet<const BasicBlock*, 16> branches;  // blocks of the regions, whose branches go
  SmallPtrSet<const BasicBlock*, 16> merges;    // blocks of the regions whose phis become selects

  bool empty() const { return loops.empty() && regions == 0; }
  bool masks_branch(const BasicBlock* block, const LoopInfo& info) const {
    return loops.contains(info.getLoopFor(block)) || branches.contains(block);
  }
  bool masks_phis(const BasicBlock* block, const LoopInfo& info) const {
    return loops.contains(info.getLoopFor(block)) || merges.contains(block);
  }
};

// Whether a branch in `loop` merges values: a phi with several incoming values
// outside a loop header.
bool merges_values(const Loop& loop, const LoopInfo& loops, const mask_plan* masked = nullptr) {
  for (BasicBlock* block : loop.blocks()) {
    if (loops.isLoopHeader(block) || (masked && masked->masks_phis(block, loops))) continue;
    for (const PHINode& phi : block->phis())
      if (phi.getNumIncomingValues() > 1) return true;
  }
  return false;
}

// Why the native path cannot widen this loop nest exactly, or an empty string; with
// `masked`, as it will be once those branches are masks; with `started`, as it will be
// once those loops start with the first item (item_loop_starts.hpp).
std::string outer_loop_refusal(Loop& loop, const LoopInfo& loops, ScalarEvolution& scev,
                               const mask_plan* masked = nullptr, ArrayRef<Loop*> started = {}) {
  if (!loop.getLoopLatch() || !loop.getExitingBlock()) return "the item loop has several exits or back edges";
  for (PHINode& phi : loop.getHeader()->phis()) {
    // Only counters: a value stepping by a constant from item to item.
    const auto* step = scev.isSCEVable(phi.getType()) ? dyn_cast<SCEVAddRecExpr>(scev.getSCEV(&phi)) : nullptr;
    if (!step || step->getLoop() != &loop || !step->isAffine() || !isa<SCEVConstant>(step->getStepRecurrence(scev)))
      return "a value is carried from one work item to the next (a reduction or a recurrence in the item loop)";
  }
  for (Loop* inner : loop.getLoopsInPreorder()) {
    if (inner == &loop) continue;
    if (!inner->getExitingBlock() || !inner->getLoopLatch())
      return "a loop inside the work item has several exits (a break or a return in it)";
    const SCEV* trips = scev.getBackedgeTakenCount(inner);
    if ((isa<SCEVCouldNotCompute>(trips) || !scev.isLoopInvariant(trips, &loop)) && !is_contained(started, inner))
      return varying_trips;
  }
  for (BasicBlock* block : loop.blocks()) {
    auto* branch = dyn_cast<BranchInst>(block->getTerminator());
    if (!branch || branch->isUnconditional()) continue;
    if (loops.getLoopFor(block)->getExitingBlock() == block) continue;  // a loop's exit test, checked above
    if (masked && masked->masks_branch(block, loops)) continue;
    if (!same_for_all_items(branch->getCondition(), loop)) return divergent_branch;
    // LLVM's outer-loop vectorizer merges the values of a branch inside a loop in
    // the item wrongly (kernel-fuzz seed 60558: `for k0 { if (r) v = k0; }` kept
    // v's value from before the loop), even where all items go the same way.
    if (loops.getLoopFor(block) != &loop) return nested_branch;
  }
  // Nor where a branch the same for all items merges values anywhere else in the
  // nest: the native path pairs a phi's values with the merge's predecessors by
  // position, and once it has folded blocks together they can change places
  // (kernel-fuzz seeds 120380, 121228: `for (k < r) ...; if (r0 != 0) v = i;` kept v's
  // value from before; seed 121507: a crash in the register allocator).
  if (!allow_merges && merges_values(loop, loops, masked)) return merging_branch;
  return {};
}

// The loops inside `item` whose trip counts differ between items, each of which can
// start with the item loop's first item (item_loop_starts.hpp), or why one cannot.
std::string varying_starts(Loop& item, ScalarEvolution& scev, SmallVectorImpl<Loop*>& started) {
  started.clear();
  for (Loop* inner : item.getLoopsInPreorder()) {
    if (inner == &item) continue;
    const SCEV* trips = scev.getBackedgeTakenCount(inner);
    if (!isa<SCEVCouldNotCompute>(trips) && scev.isLoopInvariant(trips, &item)) continue;
    if (isa<SCEVCouldNotCompute>(trips)) return varying_trips;
    if (std::string why = item_start_refusal(*inner, item, scev); !why.empty())
      return std::string(varying_trips) + " (its start cannot be the first item's: " + why + ")";
    started.push_back(inner);
  }
  return {};
}

// The first block at `item`'s own level, in reverse post-order and not in `skipped`,
// whose branch goes different ways for different items (the loop's exit test aside).
BasicBlock* next_divergent_branch(Loop& item, LoopInfo& loops, const SmallPtrSetImpl<const BasicBlock*>& skipped) {
  LoopBlocksRPO order(&item);
  order.perform(&loops);
  for (BasicBlock* block : order) {
    if (loops.getLoopFor(block) != &item || skipped.contains(block) || item.isLoopExiting(block)) continue;
    auto* branch = dyn_cast<BranchInst>(block->getTerminator());
    if (branch && branch->isConditional() && !same_for_all_items(branch->getCondition(), item)) return block;
  }
  return nullptr;
}

std::string strided_guarded_store(const Loop& inner, const Loop& item, const DominatorTree& dom, ScalarEvolution& scev);

// The branches in `item` that can become masks, or why one cannot (and then `plan` is
// incomplete): every branch inside a loop of the item, and every branch at the item
// loop's own level that goes different ways for different items.
std::string maskable_branches(Loop& item, LoopInfo& loops, const DominatorTree& dom, ScalarEvolution& scev,
                              mask_plan& plan) {
  plan = {};
  for (Loop* inner : item.getLoopsInPreorder()) {
    if (inner == &item || !branches_inside(*inner, loops)) continue;
    if (std::string why = predication_refusal(*inner, dom); !why.empty()) return why;
    if (std::string why = strided_guarded_store(*inner, item, dom, scev); !why.empty()) return why;
    plan.loops.insert(inner);
  }
  const PostDominatorTree post(*item.getHeader()->getParent());
  while (BasicBlock* block = next_divergent_branch(item, loops, plan.branches)) {
    guarded_region region;
    if (std::string why = region_refusal(*block, item, loops, dom, post, region); !why.empty()) return why;
    ++plan.regions;
    plan.branches.insert(region.blocks.begin(), region.blocks.end());
    plan.merges.insert(region.blocks.begin() + 1, region.blocks.end());
    if (all_of(predecessors(region.join), [&](const BasicBlock* from) { return plan.branches.contains(from); }))
      plan.merges.insert(region.join);
  }
  return plan.empty() ? "no branch in the work item can" : "";
}

// Makes the branches of `plan` masks (maskable_branches found them in `item`).
void make_masks(Loop& item, const mask_plan& plan, LoopInfo& loops, DominatorTree& dom, ScalarEvolution& scev) {
  for (Loop* inner : item.getLoopsInPreorder())
    if (plan.loops.contains(inner)) {
      scev.forgetLoop(inner);
      predicate_iteration(*inner, loops, dom);
    }
  PostDominatorTree post(*item.getHeader()->getParent());
  // (Each region merges blocks, perhaps the next one's branch: found again each time.)
  const SmallPtrSet<const BasicBlock*, 1> none;
  for (unsigned k = 0; k < plan.regions; ++k) {
    BasicBlock* block = next_divergent_branch(item, loops, none);
    guarded_region region;
    if (!block || !region_refusal(*block, item, loops, dom, post, region).empty()) break;
    predicate_region(region, loops, dom, post);
  }
  scev.forgetLoop(&item);
}

// ---- Cost: rows walked per item ----------------------------------------------------
//
// An access in a loop inside the item whose address steps by a few bytes along that
// loop but by many (or by a run-time amount) from one item to the next is each item
// walking its own row (`x[i] += a[i][j] * y[j]`, one row per item). Widened across
// items, every lane streams another row and each such access becomes a gather across
// rows. The item loop then stays scalar, with a remark:
// - where clang's loop vectorizer widens the loop inside the item by itself along the
//   row (its sums may be reordered, as under -ffast-math; rows_widened_inside asks the
//   vectorizer on a copy of the function) and no access there is contiguous across
//   items but not along the row: consecutive vectors instead of gathers, on any target
//   (SYCL-Bench polybench syr2k and syrk 4x, mvt 1.3x faster on a Xeon with AVX-512,
//   whose gathers are the fastest);
// - else, the loop inside the item staying scalar, where the target's gathers cost more
//   than two scalar loads a lane (LLVM's cost model: AMD Zen 2/3, Haswell, no AVX2): the
//   widened loop was measured 2-3x slower than the scalar one there
//   (perf-plugin-row-gather on a Zen), and 3x faster on a Xeon with AVX-512 or a Zen 4.
// An access contiguous across items (the item index is the unit-stride one: gemm's
// `b[k][j]`) is what the outer-loop vectorizer widens best; it keeps the item loop
// there.

constexpr std::int64_t line_bytes = 64;                // a step within a cache line
constexpr std::int64_t rewritten_stride_elements = 4;  // strides weft-lane-accesses turns into vector accesses

// How `address` steps from one item of `item` to the next: 0 where it does not
// depend on the item, null where that is not an affine step.
const SCEV* item_step(const SCEV* address, const Loop& item, ScalarEvolution& scev) {
  Type* type = scev.getEffectiveSCEVType(address->getType());  // (a pointer's: its integer type)
  if (scev.isLoopInvariant(address, &item)) return scev.getZero(type);
  if (const auto* rec = dyn_cast<SCEVAddRecExpr>(address)) {
    if (!rec->isAffine()) return nullptr;
    if (rec->getLoop() == &item) return rec->getStepRecurrence(scev);
    if (!item.contains(rec->getLoop()) || !scev.isLoopInvariant(rec->getStepRecurrence(scev), &item)) return nullptr;
    return item_step(rec->getStart(), item, scev);  // a loop inside the item: where each pass starts
  }
  if (const auto* cast_expr = dyn_cast<SCEVIntegralCastExpr>(address)) {
    const SCEV* inner = item_step(cast_expr->getOperand(), item, scev);
    return inner ? scev.getTruncateOrSignExtend(inner, type) : nullptr;
  }
  if (const auto* sum = dyn_cast<SCEVAddExpr>(address)) {
    const SCEV* total = scev.getZero(type);
    for (const SCEV* op : sum->operands()) {
      const SCEV* step = item_step(op, item, scev);
      if (!step) return nullptr;
      total = scev.getAddExpr(total, scev.getTruncateOrSignExtend(step, type));
    }
    return total;
  }
  return nullptr;
}

// Why a store a branch guards in `inner` (a loop inside `item`) makes masks slower than
// the scalar loop, or an empty string: a store whose items are apart by more than its
// size (a `vec<float, 3>` accumulator, 16 bytes apart) becomes, widened, masked stores
// spread over the stride and shuffles in every pass of `inner` (n-body's hierarchical
// force loop ran 2x slower so); one consecutive across items is one masked store.
std::string strided_guarded_store(const Loop& inner, const Loop& item, const DominatorTree& dom,
                                  ScalarEvolution& scev) {
  const BasicBlock* latch = inner.getLoopLatch();
  for (const BasicBlock* block : inner.blocks()) {
    if (dom.dominates(block, latch)) continue;  // (not guarded)
    for (const Instruction& inst : *block) {
      const auto* store = dyn_cast<StoreInst>(&inst);
      if (!store) continue;
      const DataLayout& layout = store->getModule()->getDataLayout();
      const std::int64_t size =
          static_cast<std::int64_t>(layout.getTypeStoreSize(store->getValueOperand()->getType()).getKnownMinValue());
      const SCEV* step = item_step(scev.getSCEV(const_cast<Value*>(store->getPointerOperand())), item, scev);
      // (A step not known here may still be consecutive to weft-lane-accesses, whose
      // lane patterns see through the kernel's loads of its accessors.)
      const auto* constant = dyn_cast_or_null<SCEVConstant>(step);
      if (!constant || constant->getAPInt().isZero() || constant->getAPInt().abs().sle(size)) continue;
      return "it guards a store inside a loop of the item whose items are " +
             std::to_string(constant->getAPInt().abs().getZExtValue()) + " bytes apart, more than its " +
             std::to_string(size) +
             " bytes: widened, every pass would store through masks spread over that stride, which costs more than "
             "the scalar loop";
    }
  }
  return {};
}

// Whether the target's gather of `lanes` values of `type` costs more than two scalar
// loads a lane.
bool slow_gathers(Type* type, const Value* pointer, unsigned lanes, const TargetTransformInfo& target,
                  const DataLayout& layout) {
  const auto cost = TargetTransformInfo::TCK_RecipThroughput;
  const Align align = layout.getABITypeAlign(type);
  const MemIntrinsicCostAttributes gathered(Intrinsic::masked_gather, FixedVectorType::get(type, lanes), pointer, false,
                                            align);
  const InstructionCost gather = target.getMemIntrinsicInstrCost(gathered, cost);
  const InstructionCost load = target.getMemoryOpCost(Instruction::Load, type, align, 0, cost);
  return !gather.isValid() || gather > load * 2 * lanes;
}

// How an access in a loop inside the item walks memory.
enum class walk {
  other,
  row,             // a few bytes apart along its loop, far (or a run-time stride) apart across items
  contiguous_row,  // a row whose loop is innermost and steps by one element
  column,          // near across items (weft-lane-accesses: vector loads), not consecutive along its loop
};

struct access_walk {
  walk kind = walk::other;
  const SCEV* across = nullptr;  // the step from one item to the next
};

access_walk walk_of(Instruction& inst, Loop& item, const LoopInfo& loops, ScalarEvolution& scev,
                    const DataLayout& layout) {
  Value* pointer = getLoadStorePointerOperand(&inst);
  if (!pointer || !scev.isSCEVable(pointer->getType())) return {};
  const auto* address = dyn_cast<SCEVAddRecExpr>(scev.getSCEV(pointer));
  if (!address || !address->isAffine() || address->getLoop() == &item || !item.contains(address->getLoop())) return {};
  const SCEV* across = item_step(address, item, scev);
  if (!across) return {};
  const std::int64_t element = static_cast<std::int64_t>(layout.getTypeStoreSize(getLoadStoreType(&inst)));
  const auto* constant = dyn_cast<SCEVConstant>(across);
  const auto* along = dyn_cast<SCEVConstant>(address->getStepRecurrence(scev));
  if (constant && constant->getAPInt().abs().sle(rewritten_stride_elements * element)) {
    const bool consecutive_along = along && along->getAPInt().abs().sle(element);
    return {constant->isZero() || consecutive_along ? walk::other : walk::column, across};
  }
  if (!along || along->isZero() || along->getAPInt().abs().sgt(line_bytes)) return {};
  const bool contiguous = along->getAPInt().abs() == element && address->getLoop()->isInnermost() &&
                          loops.getLoopFor(inst.getParent()) == address->getLoop();
  return {contiguous ? walk::contiguous_row : walk::row, across};
}

std::string stride_words(const SCEV* across) {
  const auto* constant = dyn_cast<SCEVConstant>(across);
  return constant ? std::to_string(constant->getAPInt().getSExtValue()) + " bytes" : std::string("a run-time stride");
}

// Why widening `item` would be slower than its scalar loop, or an empty string.
std::string rows_per_item(Loop& item, const LoopInfo& loops, ScalarEvolution& scev, const DataLayout& layout,
                          const TargetTransformInfo& target, unsigned lanes) {
  for (BasicBlock* block : item.blocks()) {
    if (loops.getLoopFor(block) == &item) continue;  // (run once per item, not per pass of a loop inside it)
    for (Instruction& inst : *block) {
      const access_walk w = walk_of(inst, item, loops, scev, layout);
      if (w.kind != walk::row && w.kind != walk::contiguous_row) continue;
      if (!slow_gathers(getLoadStoreType(&inst), getLoadStorePointerOperand(&inst), lanes, target, layout)) continue;
      return "each work item walks its own row (its accesses are " + stride_words(w.across) +
             " apart from one item to the next): widened, they would be gathers across rows, which this target makes "
             "slower than the scalar loop";
    }
  }
  return {};
}

enum class trial_path { across_items, inside_items };
struct trial_result;
trial_result try_widening(Function& f, ArrayRef<Loop*> loops, trial_path path, FunctionAnalysisManager& analyses);

// Why the loops inside `item` are better widened along their rows than across items
// (the first case above), or an empty string.
std::string rows_widened_inside(Function& f, Loop& item, const LoopInfo& loops, ScalarEvolution& scev,
                                FunctionAnalysisManager& analyses);

// ---- Bounds guards: the item loop versioned ------------------------------------------
//
// A branch in the item on `x < U` (or <=, >, >=, signed or not), x affine in the item
// (a bounds check on the global id, `if (gid < n)`, or a stencil's border test, `x > 0
// && x < w - 1`) goes different ways for different items only at the ends of a run of
// items. The loop is versioned: before it, a test of the guards at the run's first and
// last items, with no wrap between them (so every item's x lies between the two, and
// each half-line holds all of them or not both ends); where all pass, a copy of the
// loop without the guards runs, which the native path widens; otherwise a scan finds
// the first item that passes and a binary search of the same test the longest run of
// items from it that all pass: that run is widened, the items before and after it run
// one at a time in the loop as it was (in their order: only which lanes run them
// changes). Conditions built of such compares with `and`/`or` are versioned leaf by
// leaf. A branch inside a loop of the item (a stencil's taps skipped at the border,
// `if (x + j >= w) continue;`) is versioned too, on its compares affine in the item
// and on its parts that are the same for all items (the row's test): the native path
// widens no branch inside a loop of the item, and the versioned copy has none left.
// Which value a guard gets is the value that runs the branch's work (the side that
// reaches the loops of the item, or the side that reaches the other one: `continue`
// skips the work); any value would be exact, as the test checks it for every item.

// A bound the item reads from memory (`x + j >= A.get_range()[1]` reads the accessor's
// range from the kernel's copy in every item: to LLVM's alias analysis the items'
// stores may change it, so it stays in the loop) is the same for every item where the
// item reads it first: at the top of the loop's header, before anything that writes
// memory or may not return, from an address the same for all items. An item's store
// there would be read by every later item, which the item loop's mark excludes (its
// items are independent). Such reads move before the loop, so the guards' bounds are
// the same for all items; they run there once, as the first item ran them.
bool read_first(const LoadInst& load, const Loop& loop) {
  if (!load.isSimple() || load.getParent() != loop.getHeader()) return false;
  for (const Instruction& inst : *loop.getHeader()) {
    if (&inst == &load) return true;
    if (inst.mayWriteToMemory() || !isGuaranteedToTransferExecutionToSuccessor(&inst)) return false;
  }
  return false;
}

struct read_bounds {
  bool changed = false;  // the function changed (a read moved before the loop)
  bool stayed = false;   // a read at an address the same for all items stays in the loop
};

// Moves before `loop` the reads (above) that its branches' conditions are built of,
// or (trip_counts) the exit tests of the loops inside the item: a captured size that
// bounds such a loop, read from the kernel's copy, is then the same for every item.
read_bounds hoist_read_bounds(Loop& loop, LoopInfo& loops, DominatorTree& dom, ScalarEvolution& scev,
                              bool trip_counts = false) {
  read_bounds result;
  SmallVector<Value*, 16> work;
  for (BasicBlock* block : loop.blocks())
    if (auto* branch = dyn_cast<BranchInst>(block->getTerminator());
        branch && branch->isConditional() && (loops.getLoopFor(block)->getExitingBlock() == block) == trip_counts)
      work.push_back(branch->getCondition());
  SmallPtrSet<Value*, 32> seen;
  SmallPtrSet<LoadInst*, 8> reads;
  while (!work.empty()) {
    auto* inst = dyn_cast<Instruction>(work.pop_back_val());
    if (!inst || !loop.contains(inst) || !seen.insert(inst).second) continue;
    if (auto* load = dyn_cast<LoadInst>(inst)) reads.insert(load);
    else if (isa<BinaryOperator>(inst) || isa<CmpInst>(inst) || isa<SelectInst>(inst) || isa<CastInst>(inst) ||
             isa<FreezeInst>(inst))
      append_range(work, inst->operands());
  }
  // In the header's order: a read's address may be an earlier read's value.
  SmallVector<LoadInst*, 8> ordered;
  for (Instruction& inst : *loop.getHeader())
    if (auto* load = dyn_cast<LoadInst>(&inst); load && reads.contains(load)) ordered.push_back(load);
  for (LoadInst* load : reads)
    if (load->getParent() != loop.getHeader() && loop.isLoopInvariant(load->getPointerOperand())) result.stayed = true;
  if (none_of(ordered, [&](LoadInst* load) { return read_first(*load, loop); })) {
    for (LoadInst* load : ordered) result.stayed |= loop.isLoopInvariant(load->getPointerOperand());
    return result;
  }
  if (!loop.getLoopPreheader()) {
    simplifyLoop(&loop, &dom, &loops, &scev, nullptr, nullptr, false);
    result.changed = true;
  }
  BasicBlock* preheader = loop.getLoopPreheader();
  for (LoadInst* load : ordered) {
    bool unused = false;
    if (!preheader || !read_first(*load, loop) || !loop.makeLoopInvariant(load->getPointerOperand(), unused)) {
      result.stayed |= loop.isLoopInvariant(load->getPointerOperand());
      continue;
    }
    load->moveBefore(preheader->getTerminator()->getIterator());
    load->updateLocationAfterHoist();
    // (Claims about the items' accesses; the read is no longer one.)
    for (unsigned kind : {LLVMContext::MD_access_group, LLVMContext::MD_alias_scope, LLVMContext::MD_noalias})
      load->setMetadata(kind, nullptr);
    scev.forgetValue(load);
    result.changed = true;
  }
  if (result.changed) scev.forgetLoopDispositions();
  return result;
}

// A private copy the item makes of data the same for all items (`coeff_t c = captured;`
// or `c = {}` of a small array it then indexes with a loop's counter, which SROA cannot
// split): a `memcpy` or `memset` of constant size into a whole alloca of the function.
// The call moves before the loop, where it runs once, as the first item ran it, when:
// - the alloca is used only in the loop, by simple loads the call dominates, GEPs and
//   lifetime markers (which go: without them the alloca holds the copy across items),
//   so every read is of what this call wrote;
// - the call is not volatile, and is the first thing in the loop's header that writes
//   memory or may not return (it runs whenever the loop does, so it may run in the
//   preheader), from an address the same for all items. A store of an item there after
//   its copy would be read by every later item's copy, which the item loop's mark
//   excludes, as for the bounds' reads above.
// The loads then read one address for all items, which the native path widens.
bool hoist_private_copy(MemIntrinsic& call, Loop& loop, BasicBlock& preheader, const DominatorTree& dom) {
  auto* size = dyn_cast<ConstantInt>(call.getLength());
  auto* alloca = dyn_cast<AllocaInst>(call.getRawDest());
  if (call.isVolatile() || !size || !alloca || !alloca->isStaticAlloca() || call.getParent() != loop.getHeader())
    return false;
  const DataLayout& layout = call.getDataLayout();
  std::optional<TypeSize> bytes = alloca->getAllocationSize(layout);
  if (!bytes || bytes->isScalable() || bytes->getFixedValue() != size->getZExtValue()) return false;
  if (auto* copy = dyn_cast<MemTransferInst>(&call); copy && !loop.isLoopInvariant(copy->getRawSource())) return false;
  if (!loop.isLoopInvariant(call.getLength()) ||
      (isa<MemSetInst>(call) && !loop.isLoopInvariant(cast<MemSetInst>(call).getValue())))
    return false;
  for (const Instruction& inst : *loop.getHeader()) {
    if (&inst == &call) break;
    if (const auto* hint = dyn_cast<IntrinsicInst>(&inst); hint && optimizer_hint(hint->getIntrinsicID())) continue;
    if (inst.mayWriteToMemory() || !isGuaranteedToTransferExecutionToSuccessor(&inst)) return false;
  }
  SmallVector<IntrinsicInst*, 4> markers;
  SmallVector<const Value*, 8> work{alloca};
  while (!work.empty()) {
    for (const User* u : work.pop_back_val()->users()) {
      const auto* user = cast<Instruction>(u);
      if (auto* marker = dyn_cast<IntrinsicInst>(user); marker && marker->isLifetimeStartOrEnd()) {
        markers.push_back(const_cast<IntrinsicInst*>(marker));
        continue;
      }
      if (!loop.contains(user)) return false;
      if (user == &call) continue;
      if (isa<GetElementPtrInst>(user)) work.push_back(user);
      else if (!isa<LoadInst>(user) || !cast<LoadInst>(user)->isSimple() || !dom.dominates(&call, user)) return false;
    }
  }
  for (IntrinsicInst* marker : markers) marker->eraseFromParent();
  call.moveBefore(preheader.getTerminator()->getIterator());
  call.updateLocationAfterHoist();
  for (unsigned kind : {LLVMContext::MD_access_group, LLVMContext::MD_alias_scope, LLVMContext::MD_noalias})
    call.setMetadata(kind, nullptr);
  return true;
}

// Moves the private copies (above) of `loop` before it; whether any moved.
bool hoist_private_copies(Loop& loop, const DominatorTree& dom) {
  BasicBlock* preheader = loop.getLoopPreheader();
  if (!preheader) return false;
  SmallVector<MemIntrinsic*, 4> calls;
  for (Instruction& inst : *loop.getHeader())
    if (auto* call = dyn_cast<MemIntrinsic>(&inst); call && (isa<MemSetInst>(call) || isa<MemCpyInst>(call)))
      calls.push_back(call);
  bool moved = false;
  for (MemIntrinsic* call : calls) moved |= hoist_private_copy(*call, loop, *preheader, dom);
  return moved;
}

// A condition a versioned loop takes as constant: `value` for every item of its run.
struct guard {
  Value* condition;  // an icmp affine in the item, or an i1 the same for all items
  bool value;
  bool uniform;
  // An icmp affine in the counter of this loop inside the item instead, the same for
  // all items (a stencil's row test `y + i >= h` in its loop over i): it has `value`
  // for every item where it has it in each of that loop's iterations.
  const Loop* inner = nullptr;
};

// The conditions in `condition` (through and/or/not) that vary between the items of
// `loop`, each with the value that gives `condition` the value `wanted`; false where
// a varying part is not such a compare, or where no one value of a compare decides
// (`a || b` wanted true: either may be). With `uniform_too`, parts the same for all
// items are guards too (a branch inside a loop of the item).
bool collect_guards(Value* condition, bool wanted, Loop& loop, ScalarEvolution& scev, SmallVectorImpl<guard>& guards,
                    bool uniform_too) {
  auto add = [&](Value* leaf, bool uniform, const Loop* inner = nullptr) {
    if (isa<Constant>(leaf)) return true;  // (decides itself; its uses elsewhere are other values)
    for (const guard& known : guards)
      if (known.condition == leaf) return known.value == wanted;
    guards.push_back({leaf, wanted, uniform, inner});
    return true;
  };
  if (same_for_all_items(condition, loop)) return !uniform_too || add(condition, true);
  Value *a = nullptr, *b = nullptr;
  if (match(condition, m_Not(m_Value(a)))) return collect_guards(a, !wanted, loop, scev, guards, uniform_too);
  if (match(condition, m_LogicalAnd(m_Value(a), m_Value(b))))
    return wanted && collect_guards(a, true, loop, scev, guards, uniform_too) &&
           collect_guards(b, true, loop, scev, guards, uniform_too);
  if (match(condition, m_LogicalOr(m_Value(a), m_Value(b))))
    return !wanted && collect_guards(a, false, loop, scev, guards, uniform_too) &&
           collect_guards(b, false, loop, scev, guards, uniform_too);
  // (An equality only where it must not hold: `x != 0`, a border test on an unsigned id.)
  auto* compare = dyn_cast<ICmpInst>(condition);
  if (!compare || !compare->getOperand(0)->getType()->isIntegerTy() ||
      (compare->isEquality() && (compare->getPredicate() == ICmpInst::ICMP_NE) != wanted))
    return false;
  int affine = -1;
  for (int side = 0; side < 2; ++side) {
    const auto* rec = dyn_cast<SCEVAddRecExpr>(scev.getSCEV(compare->getOperand(side)));
    if (rec && rec->getLoop() == &loop && rec->isAffine() && scev.isLoopInvariant(rec->getStart(), &loop) &&
        scev.isLoopInvariant(rec->getStepRecurrence(scev), &loop) &&
        loop.isLoopInvariant(compare->getOperand(1 - side)))
      affine = side;
  }
  if (affine >= 0) return add(compare, false);
  // (Inside a loop of the item only: one affine in that loop's counter, which runs the
  // same iterations for every item.)
  if (!uniform_too) return false;
  for (int side = 0; side < 2; ++side) {
    const auto* rec = dyn_cast<SCEVAddRecExpr>(scev.getSCEV(compare->getOperand(side)));
    if (!rec || rec->getLoop() == &loop || !loop.contains(rec->getLoop()) || !rec->isAffine() ||
        !loop.isLoopInvariant(compare->getOperand(1 - side)))
      continue;
    const SCEV* trips = scev.getBackedgeTakenCount(rec->getLoop());
    if (!isa<SCEVCouldNotCompute>(trips) && scev.isLoopInvariant(trips, &loop) &&
        scev.isLoopInvariant(rec->getStart(), &loop) && scev.isLoopInvariant(rec->getStepRecurrence(scev), &loop))
      return add(compare, false, rec->getLoop());
  }
  return false;
}

// The successor of `branch` (in the item loop `loop`) that runs the work the branch
// guards: the one that leads to the loops inside the item where only one does; else
// the one that reaches the other (`if (c) continue; work`: the work's side joins the
// continue); none where neither is.
std::optional<unsigned> working_side(BranchInst& branch, Loop& loop, const LoopInfo& loops) {
  auto reaches_inner_loop = [&](BasicBlock* from) {
    SmallVector<BasicBlock*, 16> work{from};
    SmallPtrSet<BasicBlock*, 32> seen;
    while (!work.empty()) {
      BasicBlock* block = work.pop_back_val();
      if (block == loop.getHeader() || !loop.contains(block) || !seen.insert(block).second) continue;
      if (loops.getLoopFor(block) != &loop) return true;  // (inside a loop of the item)
      append_range(work, successors(block));
    }
    return false;
  };
  const bool first = reaches_inner_loop(branch.getSuccessor(0)), second = reaches_inner_loop(branch.getSuccessor(1));
  if (first != second) return first ? 0u : 1u;
  // Within the branch's own loop, not around its back edge.
  const Loop* own = loops.getLoopFor(branch.getParent());
  auto reaches = [&](BasicBlock* from, BasicBlock* to) {
    SmallVector<BasicBlock*, 16> work{from};
    SmallPtrSet<BasicBlock*, 32> seen;
    while (!work.empty()) {
      BasicBlock* block = work.pop_back_val();
      if (block == to) return true;
      if (block == own->getHeader() || block == branch.getParent() || !own->contains(block) ||
          !seen.insert(block).second)
        continue;
      append_range(work, successors(block));
    }
    return false;
  };
  const bool joins = reaches(branch.getSuccessor(0), branch.getSuccessor(1));
  const bool joined = reaches(branch.getSuccessor(1), branch.getSuccessor(0));
  if (joins == joined) return std::nullopt;
  return joins ? 0u : 1u;
}

// A guard's test over a run of items: x = first + stride * i for the items i of the run;
// or, for a guard the same for all items, `uniform`, which must be true.
struct guard_test {
  ICmpInst::Predicate predicate;
  IntegerType* type;  // x's
  Value *first, *stride, *bound;
  Value* uniform = nullptr;
  Value* inner_last = nullptr;  // a guard's `inner` loop: its last iteration, for every item

  // i1: items `from` to `last` (of the trip count's type, from <= last) all pass, x not
  // wrapping between them in the compare's signedness (so every x lies between the two).
  // An inner loop's guard: iterations 0 to its last, whatever the items.
  Value* all_pass(IRBuilder<>& b, Value* from, Value* last) const {
    if (uniform) return uniform;
    if (inner_last) {
      from = ConstantInt::get(inner_last->getType(), 0);
      last = inner_last;
    }
    auto* wide = cast<IntegerType>(last->getType());
    // x of item `from` (x's type wraps as the loop's own x does), and the run's length from it.
    Value* start = b.CreateAdd(first, b.CreateMul(b.CreateZExtOrTrunc(from, type), stride));
    Value* span_items = b.CreateSub(last, from);
    Value* fits = b.getTrue();  // the run's length fits x's type
    if (wide->getBitWidth() > type->getBitWidth())
      fits = b.CreateICmpULE(span_items, b.getInt(APInt::getMaxValue(type->getBitWidth()).zext(wide->getBitWidth())));
    Value* last_index = b.CreateZExtOrTrunc(span_items, type);
    const bool is_signed = ICmpInst::isSigned(predicate);  // (`!=`: unsigned)
    Value* span = b.CreateBinaryIntrinsic(is_signed ? Intrinsic::smul_with_overflow : Intrinsic::umul_with_overflow,
                                          last_index, stride);
    Value* sum = b.CreateBinaryIntrinsic(is_signed ? Intrinsic::sadd_with_overflow : Intrinsic::uadd_with_overflow,
                                         start, b.CreateExtractValue(span, 0));
    // (Operands built one statement at a time: the order of a call's arguments is the
    // compiler's, and the plugin's output must not depend on what compiled it.)
    Value* span_wraps = b.CreateExtractValue(span, 1);
    Value* sum_wraps = b.CreateExtractValue(sum, 1);
    Value* no_wrap = b.CreateAnd(fits, b.CreateNot(b.CreateOr(span_wraps, sum_wraps)));
    if (is_signed) no_wrap = b.CreateAnd(no_wrap, b.CreateICmpSGE(last_index, ConstantInt::get(type, 0)));
    Value* last_x = b.CreateExtractValue(sum, 0);
    if (predicate == ICmpInst::ICMP_NE) {  // the bound outside [start, last_x]
      Value* below_start = b.CreateICmpULT(bound, start);
      Value* below = b.CreateAnd(below_start, b.CreateICmpULT(bound, last_x));
      Value* above_start = b.CreateICmpUGT(bound, start);
      Value* above = b.CreateAnd(above_start, b.CreateICmpUGT(bound, last_x));
      return b.CreateAnd(no_wrap, b.CreateOr(below, above));
    }
    Value* first_passes = b.CreateICmp(predicate, start, bound);
    Value* both = b.CreateAnd(first_passes, b.CreateICmp(predicate, last_x, bound));
    return b.CreateAnd(no_wrap, both);
  }
};

// The test of `guard` (collect_guards) over the loop's run, its values computed before
// `at`; none where they cannot be computed there.
std::optional<guard_test> test_of(const guard& g, Loop& loop, ScalarEvolution& scev, Instruction* at) {
  if (g.uniform) {
    // (Computed before the loop: version_on_guards made it loop-invariant.)
    guard_test test{ICmpInst::BAD_ICMP_PREDICATE, nullptr, nullptr, nullptr, nullptr};
    test.uniform = g.value ? g.condition : IRBuilder<>(at).CreateNot(g.condition);
    return test;
  }
  auto& guard = *cast<ICmpInst>(g.condition);
  // (A compare that must be false for every item: its inverse must be true.)
  guard_test test{g.value ? guard.getPredicate() : guard.getInversePredicate(), nullptr, nullptr, nullptr, nullptr};
  int side = 0;
  const Loop* counted = g.inner ? g.inner : &loop;
  const auto* rec = dyn_cast<SCEVAddRecExpr>(scev.getSCEV(guard.getOperand(0)));
  if (!rec || rec->getLoop() != counted) {
    side = 1;
    rec = cast<SCEVAddRecExpr>(scev.getSCEV(guard.getOperand(1)));
    test.predicate = ICmpInst::getSwappedPredicate(test.predicate);
  }
  test.type = cast<IntegerType>(guard.getOperand(side)->getType());
  SCEVExpander expander(scev, "guard");
  const SCEV* start = rec->getStart();
  const SCEV* step = rec->getStepRecurrence(scev);
  if (!expander.isSafeToExpandAt(start, at) || !expander.isSafeToExpandAt(step, at)) return std::nullopt;
  test.first = expander.expandCodeFor(start, test.type, at);
  test.stride = expander.expandCodeFor(step, test.type, at);
  test.bound = guard.getOperand(1 - side);
  if (g.inner) {
    const SCEV* trips = scev.getBackedgeTakenCount(g.inner);
    if (isa<SCEVCouldNotCompute>(trips) || !expander.isSafeToExpandAt(trips, at)) return std::nullopt;
    test.inner_last = expander.expandCodeFor(trips, trips->getType(), at);
    // (The same for all items: tested once, as a uniform guard, with no scan of the items.)
    IRBuilder<> b(at);
    test.uniform = test.all_pass(b, nullptr, nullptr);
  }
  return test;
}

Value* all_pass(ArrayRef<guard_test> tests, IRBuilder<>& b, Value* from, Value* last) {
  Value* all = b.getTrue();
  for (const guard_test& test : tests) all = b.CreateAnd(all, test.all_pass(b, from, last));
  return all;
}

// A loop's counters: each header phi is {start, +, step}.
struct counter {
  PHINode* phi;
  const SCEV* start;
  const SCEV* step;
};

bool counters_of(Loop& loop, ScalarEvolution& scev, SmallVectorImpl<counter>& counters) {
  for (PHINode& phi : loop.getHeader()->phis()) {
    const auto* rec = scev.isSCEVable(phi.getType()) ? dyn_cast<SCEVAddRecExpr>(scev.getSCEV(&phi)) : nullptr;
    if (!rec || rec->getLoop() != &loop || !rec->isAffine()) return false;
    counters.push_back({&phi, rec->getStart(), rec->getStepRecurrence(scev)});
  }
  return true;
}

// Starts `counters` (entered from `preheader`) at item `from` of the run.
void start_counters_at(ArrayRef<counter> counters, Value* from, BasicBlock* preheader, ScalarEvolution& scev) {
  SCEVExpander expander(scev, "run.start");
  Instruction* at = preheader->getTerminator();
  for (const counter& c : counters) {
    const SCEV* offset =
        scev.getMulExpr(c.step, scev.getTruncateOrZeroExtend(scev.getUnknown(from), c.step->getType()));
    Value* start = expander.expandCodeFor(scev.getAddExpr(c.start, offset), c.phi->getType(), at);
    c.phi->setIncomingValueForBlock(preheader, start);
  }
}

// Makes `loop` (whose only exit is at its latch) run its items from `from` to `end`
// (exclusive, end > from) counted by an index of its own, then go on to `after`.
void bound_run(Loop& loop, Value* from, Value* end, BasicBlock* after, const Twine& name) {
  BasicBlock* latch = loop.getLoopLatch();
  auto* latch_branch = cast<BranchInst>(latch->getTerminator());
  auto* wide = cast<IntegerType>(end->getType());
  PHINode* index = PHINode::Create(wide, 2, name + ".index", loop.getHeader()->begin());
  index->addIncoming(from, loop.getLoopPreheader());
  IRBuilder<> lb(latch_branch);
  Value* next = lb.CreateAdd(index, ConstantInt::get(wide, 1), name + ".index.next", true, true);
  index->addIncoming(next, latch);
  const unsigned stays = loop.contains(latch_branch->getSuccessor(0)) ? 0 : 1;
  latch_branch->setSuccessor(1 - stays, after);
  // (A compare, not a `not` of one: the native path wants the latch's condition a compare.)
  latch_branch->setCondition(stays == 0 ? lb.CreateICmpNE(next, end) : lb.CreateICmpEQ(next, end));
}

// Where the guards do not hold for the whole run, they may for a part of it: a bound
// inside the run (`gid < n` in the chunk that holds n), a row's border items. A scan of
// the guards' test item by item finds the first item p that passes, a binary search of
// the same test the longest run [p, q] from it; `loop` (the version without the guards)
// runs those, a copy of `slow` the items before p, `slow` the items after q. Only for a
// loop nothing after it reads a value of. Returns whether it did.
bool split_around_passing_run(Loop& loop, Loop& slow, ArrayRef<guard_test> tests, Value* items, BasicBlock* check,
                              LoopInfo& loops, DominatorTree& dom, ScalarEvolution& scev) {
  // (Guards all the same for all items: the check decides for the whole run.)
  if (all_of(tests, [](const guard_test& test) { return test.uniform != nullptr; })) return false;
  BasicBlock* fast_preheader = loop.getLoopPreheader();
  BasicBlock* slow_preheader = slow.getLoopPreheader();
  BasicBlock* latch = loop.getLoopLatch();
  BasicBlock* exit = loop.getExitBlock();
  auto* latch_branch = dyn_cast<BranchInst>(latch->getTerminator());
  auto* slow_latch_branch = slow.getLoopLatch() ? dyn_cast<BranchInst>(slow.getLoopLatch()->getTerminator()) : nullptr;
  if (!fast_preheader || !slow_preheader || !exit || !exit->phis().empty() || !latch_branch ||
      !latch_branch->isConditional() || loop.getExitingBlock() != latch || !slow_latch_branch ||
      !slow_latch_branch->isConditional() || slow.getExitingBlock() != slow.getLoopLatch())
    return false;
  SmallVector<counter, 4> fast_counters, slow_counters;
  if (!counters_of(loop, scev, fast_counters) || !counters_of(slow, scev, slow_counters)) return false;
  auto* wide = cast<IntegerType>(items->getType());
  if (wide->getBitWidth() < 64) return false;  // (the item count, last + 1, must not wrap)
  LLVMContext& context = check->getContext();
  Function& f = *check->getParent();
  // The items before the run: a copy of the loop as it was (its counters start where
  // the run's do; it leaves where `slow` would).
  ValueToValueMapTy map;
  SmallVector<BasicBlock*, 16> copied;
  Loop* head = cloneLoopWithPreheader(slow_preheader, check, &slow, map, ".head", &loops, &dom, copied);
  remapInstructionsInBlocks(copied, map);
  head->setLoopID(makePostTransformationMetadata(context, slow.getLoopID(), {}, {}));
  BasicBlock* head_preheader = head->getLoopPreheader();
  Loop* parent = loop.getParentLoop();
  auto block = [&](const Twine& name, bool in_parent) {
    BasicBlock* b = BasicBlock::Create(context, loop.getHeader()->getName() + name, &f, head_preheader);
    if (parent && in_parent) parent->addBasicBlockToLoop(b, loops);
    return b;
  };
  auto new_loop = [&](std::initializer_list<BasicBlock*> blocks) {
    Loop* l = loops.AllocateLoop();
    if (parent) parent->addChildLoop(l);
    else loops.addTopLevelLoop(l);
    for (BasicBlock* b : blocks) l->addBasicBlockToLoop(b, loops);
  };
  BasicBlock* scan = block(".scan", false);  // (the scan's and the search's loops, added below)
  BasicBlock* scanned = block(".scan.done", true);
  BasicBlock* search = block(".search", false);
  BasicBlock* step = block(".search.step", false);
  BasicBlock* found = block(".search.done", true);
  BasicBlock* after_head = block(".after.head", true);
  BasicBlock* after_fast = block(".after.all.pass", true);
  Value* one = ConstantInt::get(wide, 1);
  Value* zero = ConstantInt::get(wide, 0);
  // check: all pass ? fast : scan; where a guard the same for all items fails, no item
  // passes: straight to `slow` (a border stencil's first and last rows).
  auto* check_branch = cast<BranchInst>(check->getTerminator());
  Value* uniform = nullptr;
  IRBuilder<> ub(check_branch);
  for (const guard_test& test : tests)
    if (test.uniform) uniform = uniform ? ub.CreateAnd(uniform, test.uniform) : test.uniform;
  BasicBlock* before_scan = check;
  if (uniform) {
    before_scan = block(".uniform.pass", true);
    BranchInst::Create(scan, slow_preheader, uniform, before_scan);
  }
  check_branch->setSuccessor(1, uniform ? before_scan : scan);
  // scan: the first item that passes, or `items` where none does.
  IRBuilder<> cb(scan);
  PHINode* at = cb.CreatePHI(wide, 2, "scan.item");
  at->addIncoming(zero, before_scan);
  Value* passes = all_pass(tests, cb, at, at);
  Value* next = cb.CreateAdd(at, one);
  at->addIncoming(next, scan);
  cb.CreateCondBr(cb.CreateOr(passes, cb.CreateICmpEQ(next, items)), scanned, scan);
  IRBuilder<> db(scanned);
  Value* first = db.CreateSelect(passes, at, items, "first.passing");
  Value* last_item = db.CreateSub(items, one);
  db.CreateCondBr(db.CreateICmpEQ(first, items), slow_preheader, search);
  // search: the largest q in [first, items - 1] with items first .. q all passing.
  IRBuilder<> sb(search);
  PHINode* lo = sb.CreatePHI(wide, 2, "passing.lo");
  PHINode* hi = sb.CreatePHI(wide, 2, "passing.hi");
  lo->addIncoming(first, scanned);
  hi->addIncoming(last_item, scanned);
  sb.CreateCondBr(sb.CreateICmpULT(lo, hi), step, found);
  IRBuilder<> tb(step);
  Value* mid = tb.CreateAdd(lo, tb.CreateLShr(tb.CreateAdd(tb.CreateSub(hi, lo), one), 1));
  Value* ok = all_pass(tests, tb, first, mid);
  lo->addIncoming(tb.CreateSelect(ok, mid, lo), step);
  hi->addIncoming(tb.CreateSelect(ok, hi, tb.CreateSub(mid, one)), step);
  tb.CreateBr(search);
  IRBuilder<> fb(found);
  Value* run_end = fb.CreateAdd(lo, one, "passing.end");
  fb.CreateCondBr(fb.CreateICmpEQ(first, zero), fast_preheader, head_preheader);
  new_loop({scan});
  new_loop({search, step});
  // head: items 0 .. first - 1, then the run.
  bound_run(*head, zero, first, after_head, "head");
  BranchInst::Create(fast_preheader, after_head);
  // fast: the run (all items, or first .. q), then the items after it, if any.
  PHINode* fast_from = PHINode::Create(wide, 3, "fast.from", fast_preheader->begin());
  fast_from->addIncoming(zero, check);
  fast_from->addIncoming(first, found);
  fast_from->addIncoming(first, after_head);
  PHINode* fast_end = PHINode::Create(wide, 3, "fast.end", fast_preheader->begin());
  fast_end->addIncoming(items, check);
  fast_end->addIncoming(run_end, found);
  fast_end->addIncoming(run_end, after_head);
  bound_run(loop, fast_from, fast_end, after_fast, "fast");
  IRBuilder<> ab(after_fast);
  ab.CreateCondBr(ab.CreateICmpEQ(fast_end, items), exit, slow_preheader);
  // slow: from the item after the run (0 where none passes) to the end.
  PHINode* slow_from = PHINode::Create(wide, 3, "slow.from", slow_preheader->begin());
  slow_from->addIncoming(zero, scanned);
  slow_from->addIncoming(fast_end, after_fast);
  if (uniform) slow_from->addIncoming(zero, before_scan);
  for (BasicBlock* pred : predecessors(slow_preheader))
    if (pred != scanned && pred != after_fast && pred != before_scan) return false;  // (cannot happen: built above)
  start_counters_at(fast_counters, fast_from, fast_preheader, scev);
  start_counters_at(slow_counters, slow_from, slow_preheader, scev);
  dom.recalculate(f);
  scev.forgetLoop(&loop);
  scev.forgetLoop(&slow);
  scev.forgetLoop(head);
  return true;
}

// Deletes the blocks of `loop` its header no longer reaches (a folded guard's other
// side), so that the merges after them lose those values too; loops among them go
// (into `erased`: the caller's list of loops still holds them).
void delete_unreached_blocks(Loop& loop, LoopInfo& loops, ScalarEvolution& scev, SmallPtrSetImpl<Loop*>& erased) {
  SmallPtrSet<BasicBlock*, 32> reached;
  SmallVector<BasicBlock*, 16> work{loop.getHeader()};
  while (!work.empty()) {
    BasicBlock* block = work.pop_back_val();
    if (loop.contains(block) && reached.insert(block).second) append_range(work, successors(block));
  }
  SmallVector<BasicBlock*, 8> dead;
  for (BasicBlock* block : loop.blocks())
    if (!reached.contains(block)) dead.push_back(block);
  if (dead.empty()) return;
  SmallVector<Loop*, 4> inner = loop.getLoopsInPreorder();
  for (Loop* gone : reverse(inner))  // (innermost first: erase hands a loop's blocks to its parent)
    if (gone != &loop && !reached.contains(gone->getHeader())) {
      scev.forgetLoop(gone);
      erased.insert(gone);
      loops.erase(gone);
    }
  for (BasicBlock* block : dead) loops.removeBlock(block);
  DeleteDeadBlocks(dead);  // (loops of the item have dedicated exits: a merge is no LCSSA phi)
}

// Versions `loop` on its bounds guards (above): `loop` becomes the copy without them,
// a new loop the original. With `uniform_parts` (the item merges values), parts the
// same for all items of the branches in the item loop itself are guards too, as inside
// a loop of the item: a border test's row part (`x <= 0 || x >= w - 1 || y <= 0`), and
// a branch all on such values whose side without the work is a merge (a loop's test
// that it runs at all, `if (m > 0)`, before its sum's merge with 0). Left there, such a
// branch would keep a merge in the widened copy, which the native path can get wrong
// (outer_loop_refusal). Returns whether it did; `touched` is set where it changed the
// function all the same (the loop's simplified form, an unused test).
bool version_on_guards(Function& f, Loop& loop, LoopInfo& loops, DominatorTree& dom, ScalarEvolution& scev,
                       bool uniform_parts, bool& touched, SmallPtrSetImpl<Loop*>& erased, bool& read_bound_stayed,
                       const mask_plan* masked = nullptr) {
  const read_bounds reads = hoist_read_bounds(loop, loops, dom, scev);
  touched |= reads.changed;
  read_bound_stayed = reads.stayed;
  SmallVector<guard, 4> guards;
  SmallVector<BranchInst*, 4> branches;
  for (BasicBlock* block : loop.blocks()) {
    auto* branch = dyn_cast<BranchInst>(block->getTerminator());
    if (!branch || branch->isUnconditional()) continue;
    if (loops.getLoopFor(block)->getExitingBlock() == block) continue;  // a loop's exit test
    if (masked && masked->masks_branch(block, loops)) continue;         // (to become masks)
    // The native path widens a branch the same for all items, but none inside a loop of the item
    // (and one that merges values not exactly: `uniform_parts`).
    const bool nested = loops.getLoopFor(block) != &loop;
    const bool uniform = same_for_all_items(branch->getCondition(), loop);
    if (!nested && uniform && !uniform_parts) continue;
    std::optional<unsigned> side = working_side(*branch, loop, loops);
    // (A branch the same for all items: either value is exact; the items run one by one for the other.
    // In the item loop itself, only one whose other side is a merge (`if (m > 0)` before a loop whose
    // sum it merges with 0); any other stays, and if it merges values, the loop is refused.)
    if (!nested && uniform) {
      const auto merge = [](const PHINode& phi) { return phi.getNumIncomingValues() > 1; };
      if (!side || none_of(branch->getSuccessor(1 - *side)->phis(), merge)) continue;
    }
    if (!side && uniform) side = 0;
    if (!side || !collect_guards(branch->getCondition(), *side == 0, loop, scev, guards, nested || uniform_parts))
      return false;
    branches.push_back(branch);
  }
  if (guards.empty()) return false;
  for (const guard& g : guards)
    for (const User* u : g.condition->users())
      if (const auto* user = dyn_cast<Instruction>(u);
          user && loop.contains(user) && !is_contained(branches, u) && !isa<SelectInst>(u) && !isa<BinaryOperator>(u))
        return false;
  touched = true;
  simplifyLoop(&loop, &dom, &loops, &scev, nullptr, nullptr, false);
  formLCSSARecursively(loop, dom, &loops, &scev);
  BasicBlock* preheader = loop.getLoopPreheader();
  BasicBlock* exit = loop.getExitBlock();
  BasicBlock* exiting = loop.getExitingBlock();
  const SCEV* trips = scev.getBackedgeTakenCount(&loop);
  if (!preheader || !exit || !exiting || isa<SCEVCouldNotCompute>(trips) || !trips->getType()->isIntegerTy() ||
      exit->getSinglePredecessor() != exiting)
    return false;
  // A guard the same for all items is computed before the loop.
  for (const guard& g : guards) {
    bool moved = false;
    if (g.uniform && !loop.makeLoopInvariant(g.condition, moved)) return false;
  }
  Instruction* at = preheader->getTerminator();
  SmallVector<guard_test, 4> tests;
  for (const guard& g : guards) {
    std::optional<guard_test> test = test_of(g, loop, scev, at);
    if (!test) return false;  // (what was expanded before stays unused and goes)
    tests.push_back(*test);
  }
  SCEVExpander expander(scev, "guard");
  if (!expander.isSafeToExpandAt(trips, at)) return false;
  IRBuilder<> ib(at);
  Value* last = expander.expandCodeFor(trips, trips->getType(), at);  // the run's last item
  Value* items = ib.CreateAdd(last, ConstantInt::get(last->getType(), 1), "items");
  Value* all = all_pass(tests, ib, ConstantInt::get(last->getType(), 0), last);
  all->setName("all.items.pass");
  Loop* slow = version_loop(loop, all, {".guards", ".all.pass", ".some.fail"}, loops, dom);
  // The copy keeps its items one by one, under a loop id of its own.
  LLVMContext& context = f.getContext();
  slow->setLoopID(
      makePostTransformationMetadata(context, loop.getLoopID(), {"llvm.loop.vectorize.", item_loop_tag}, {}));
  // The guards have their values in the versioned loop (and so after it: it ran only
  // where they have them for its last item too); the and/or built of them fold. A
  // guard computed before the loop keeps its uses elsewhere.
  SmallVector<WeakTrackingVH, 16> users;
  for (const guard& g : guards)
    for (Use& use : make_early_inc_range(g.condition->uses()))
      if (auto* user = dyn_cast<Instruction>(use.getUser()); user && loop.contains(user)) {
        use.set(ConstantInt::getBool(context, g.value));
        users.push_back(user);
      }
  for (WeakTrackingVH& handle : users)  // (null where simplifying an earlier one deleted it)
    if (auto* user = dyn_cast_or_null<Instruction>(handle); user && loop.contains(user))
      if (Value* simpler = simplifyInstruction(user, SimplifyQuery(f.getDataLayout())))
        replaceAndRecursivelySimplify(user, simpler);
  SmallVector<WeakVH, 8> compares;  // (left unused in the loop)
  for (const guard& g : guards)
    if (auto* compare = dyn_cast<Instruction>(g.condition); compare && loop.contains(compare))
      compares.push_back(compare);
  for (WeakVH& handle : compares)
    if (auto* compare = dyn_cast_or_null<Instruction>(handle)) RecursivelyDeleteTriviallyDeadInstructions(compare);
  for (BranchInst* branch : branches) {
    BasicBlock* block = branch->getParent();
    ConstantFoldTerminator(block);
    // What is left of the condition is the same for all items (the guard's part on an
    // outer id): computed before the loop, where the native path wants it.
    if (auto* left = dyn_cast<BranchInst>(block->getTerminator()); left && left->isConditional()) {
      bool moved = false;
      loop.makeLoopInvariant(left->getCondition(), moved);
    }
  }
  scev.forgetLoop(&loop);
  delete_unreached_blocks(loop, loops, scev, erased);
  dom.recalculate(f);
  split_around_passing_run(loop, *slow, tests, items, preheader, loops, dom, scev);
  return true;
}

// The native path widens a loop inside the item only where its counter is canonical
// (from 0 by 1) and its exit test compares that counter's next value with a bound the
// same for all items (LLVM's isUniformLoop); a stencil's loop over its taps counts from
// -1 (`for (int i = -1; i <= 1; i++)`), polybench's from 1 to `i <= N`. Such a counter,
// from a start the same for all items by 1, with a trip count the same for all items,
// counts from 0 instead: its old value is the new one plus the start, and the loop is
// left where the new counter's next value equals the trip count, computed before the
// item loop (in the counter's type, wrapping as the old count did: the same iterations).
// Returns whether a counter changed.
bool canonical_counters_inside(Loop& item, ScalarEvolution& scev) {
  bool changed = false;
  BasicBlock* item_preheader = item.getLoopPreheader();
  if (!item_preheader) return false;
  Instruction* before_items = item_preheader->getTerminator();
  SCEVExpander expander(scev, "counter");
  for (Loop* inner : item.getLoopsInPreorder()) {
    if (inner == &item || inner->getCanonicalInductionVariable()) continue;
    BasicBlock* preheader = inner->getLoopPreheader();
    BasicBlock* latch = inner->getLoopLatch();
    auto* exit_branch = latch ? dyn_cast<BranchInst>(latch->getTerminator()) : nullptr;
    if (!preheader || !exit_branch || !exit_branch->isConditional() || inner->getExitingBlock() != latch) continue;
    auto* exit_test = dyn_cast<ICmpInst>(exit_branch->getCondition());
    const SCEV* taken = scev.getBackedgeTakenCount(inner);
    if (!exit_test || isa<SCEVCouldNotCompute>(taken) || !scev.isLoopInvariant(taken, &item)) continue;
    for (PHINode& counter : inner->getHeader()->phis()) {
      Value* start = counter.getIncomingValueForBlock(preheader);
      auto* next = dyn_cast<BinaryOperator>(counter.getIncomingValueForBlock(latch));
      if (!next || next->getOpcode() != Instruction::Add || next->getOperand(0) != &counter ||
          !match(next->getOperand(1), m_One()) ||
          !(is_contained(exit_test->operands(), next) || is_contained(exit_test->operands(), &counter)) ||
          taken->getType() != counter.getType() || !scev.isLoopInvariant(scev.getSCEV(start), &item))
        continue;
      const SCEV* trips = scev.getAddExpr(taken, scev.getOne(taken->getType()));
      if (!expander.isSafeToExpandAt(trips, before_items)) continue;
      Value* trip_count = expander.expandCodeFor(trips, counter.getType(), before_items);
      IRBuilder<> b(&*inner->getHeader()->getFirstInsertionPt());
      Value* old_value = b.CreateAdd(&counter, start, counter.getName() + ".from");
      counter.replaceUsesWithIf(old_value,
                                [&](Use& use) { return use.getUser() != next && use.getUser() != old_value; });
      b.SetInsertPoint(exit_branch);
      Value* done = exit_branch->getSuccessor(0) == inner->getHeader() ? b.CreateICmpNE(next, trip_count)
                                                                       : b.CreateICmpEQ(next, trip_count);
      exit_branch->setCondition(done);
      if (exit_test->use_empty()) {
        done->takeName(exit_test);
        exit_test->eraseFromParent();
      }
      if (any_of(next->users(), [&](const User* u) { return u != &counter && u != done; })) {
        b.SetInsertPoint(next->getNextNode());
        Value* old_next = b.CreateAdd(next, start, next->getName() + ".from");
        next->replaceUsesWithIf(old_next, [&](Use& use) {
          return use.getUser() != &counter && use.getUser() != done && use.getUser() != old_next;
        });
      }
      next->setHasNoSignedWrap(false);
      next->setHasNoUnsignedWrap(false);
      counter.setIncomingValueForBlock(preheader, ConstantInt::get(counter.getType(), 0));
      scev.forgetLoop(inner);
      changed = true;
      break;
    }
  }
  return changed;
}

// The vector registers an item loop given to the outer-loop vectorizer is widened
// for: the target's, but 512 bits on x86 with AVX-512 where the target prefers
// 256-bit vectors (clang's tuning for Intel server cores) and the user did not choose a
// width (`-mprefer-vector-width=` sets the function's "prefer-vector-width"). Such a
// loop does its items' arithmetic in vectors, and twice the lanes per instruction paid:
// at 16 CPUs of a Sapphire Rapids Xeon, naive sgemm 2.0x, naive dgemm 1.4x, gemv 1.2x,
// n-body 1.1-1.3x (docs/benchmarks.md). Its function is then compiled for them.
std::uint64_t item_vector_bits(const Function& f, const TargetTransformInfo& target) {
  const std::uint64_t bits = target.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector).getFixedValue();
  if (bits >= 512 || !f.getParent()->getTargetTriple().isX86() || f.hasFnAttribute("prefer-vector-width")) return bits;
  SmallVector<StringRef, 64> features;
  f.getFnAttribute("target-features").getValueAsString().split(features, ',');
  const bool avx512 = is_contained(features, "+avx512f") && !is_contained(features, "-evex512");
  return avx512 ? 512 : bits;
}

// Whether a loop of the function has a width someone chose (`#pragma clang loop
// vectorize_width`: the reduction launch's block of partial states). Wider registers
// for the function would change its neighbours' code and not its own, and the reduction
// launch ran at 0.77-0.94 of its speed with them (docs/benchmarks.md).
bool chosen_width(const LoopInfo& loops) {
  for (const Loop* loop : loops.getLoopsInPreorder())
    if (findOptionMDForLoop(loop, "llvm.loop.vectorize.width")) return true;
  return false;
}

// The vector width for an accepted item loop: registers of its widest per-item
// data (what it loads and stores; the native path would count the loop counters
// too, and a size_t counter halves the lanes of a float kernel), times the vectors
// kept in flight. An item whose inner loop is a short chain (a multiply-add into a
// sum) waits on that chain every iteration: four vectors in flight hide its latency,
// as an unrolled loop's independent sums would; longer bodies get two (more would
// spill registers). Measured on the suite's naive sgemm, gemv_t, dgemm and n-body
// (docs/design.md, "The compiler plugin"). A loop whose loops inside start with the
// first item (item_loop_starts.hpp) keeps one vector: its chunks of 16 to 63 items
// (8 and 16 CPUs) ran wholly in the scalar remainder at 64 lanes, slower than its items
// one by one before (polybench correlation 0.75 of clang alone at 16 CPUs).
unsigned lanes_for(Loop& loop, std::uint64_t bits, const DataLayout& layout, bool one_vector = false) {
  std::uint64_t widest = 8;
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block) {
      // Per-item data only: a load from a loop-invariant address (a kernel's captured
      // field) stays scalar, and pointers are addresses, not data.
      Type* type = nullptr;
      if (auto* load = dyn_cast<LoadInst>(&inst); load && !loop.isLoopInvariant(load->getPointerOperand()))
        type = load->getType();
      if (auto* store = dyn_cast<StoreInst>(&inst)) type = store->getValueOperand()->getType();
      if (type && type->isSized() && !type->isPointerTy())
        widest = std::max<std::uint64_t>(widest, layout.getTypeSizeInBits(type).getKnownMinValue());
    }
  unsigned inner_arithmetic = 0;
  for (Loop* inner : loop.getSubLoops())
    for (BasicBlock* block : inner->blocks())
      for (Instruction& inst : *block)
        inner_arithmetic += inst.getType()->isFPOrFPVectorTy() && !isa<PHINode>(inst) && !isa<LoadInst>(inst);
  const unsigned in_flight = one_vector ? 1 : inner_arithmetic <= 4 ? 4 : 2;
  return static_cast<unsigned>(std::max<std::uint64_t>(2, bits / widest) * in_flight);
}

// Tags an item loop for weft-item-loop-report (item_loop_report.hpp), with the reason
// where it runs the items one by one. The loop vectorizer keeps the tag on the loops it
// makes from this one.
void tag_item_loop(Loop& loop, const std::string& refusal) {
  LLVMContext& context = loop.getHeader()->getContext();
  SmallVector<Metadata*, 2> tag{MDString::get(context, item_loop_tag)};
  if (!refusal.empty()) tag.push_back(MDString::get(context, refusal));
  loop.setLoopID(
      makePostTransformationMetadata(context, loop.getLoopID(), {item_loop_tag}, {MDNode::get(context, tag)}));
}

// Drops the force to vectorize, and the width where this pass chose it. A width chosen
// in the source stays as a hint: the reduction launch's block of partial states is as
// many iterations as its width times its interleave count, and at a width of the
// vectorizer's own choice (16 floats where the target prefers 512-bit vectors) the
// states went through memory (0.5x).
void drop_vectorize_mark(Loop& loop, bool own_width = false) {
  const StringRef dropped = own_width ? "llvm.loop.vectorize." : "llvm.loop.vectorize.enable";
  loop.setLoopID(makePostTransformationMetadata(loop.getHeader()->getContext(), loop.getLoopID(), {dropped}, {}));
}

// True when an item loop the vectorizer could widen holds vector-typed values
// (`vec` arithmetic, or a float4 passed in two halves by the calling convention):
// clang's loop vectorizer widens only scalar operations, so these are split into
// scalars first, and each lane of the widened loop then holds one item's component.
bool vector_values_in_item_loops(LoopInfo& loops, const TargetLibraryInfo& library) {
  for (Loop* loop : loops.getLoopsInPreorder()) {
    if (!forced_vectorize(*loop) || !item_loop(*loop) || !unwidenable_instruction(*loop, library).empty()) continue;
    for (BasicBlock* block : loop->blocks())
      for (Instruction& inst : *block)
        if (inst.getType()->isVectorTy() && !isa<CallBase>(inst)) return true;
  }
  return false;
}

constexpr const char* trial_tag = "weft.trial";

// The loop vectorizer's widening of `loops` in `f`, tried on a copy of `f` that is thrown
// away after (the pipeline's own vectorizer then widens `f`): across items, of accepted
// item loops by the outer-loop vectorizer; inside items, of loops inside an item loop by
// the ordinary vectorizer, the copy's item loops having lost their vectorize marks.
struct trial_result {
  bool verifies = true;                  // LLVM's verifier accepts the widened copy
  std::vector<std::string> not_widened;  // per loop: empty where widened, else the vectorizer's reason
};

bool holds_vectors(const Loop& loop) {
  for (const BasicBlock* block : loop.blocks())
    for (const Instruction& inst : *block)
      if (inst.getType()->isVectorTy()) return true;
  return false;
}

// A broken widening would crash a later pass (it did: noalias scope declarations
// widened into <16 x metadata>, before drop_hints); a loop the native path does not
// widen after all keeps a vectorize mark clang then warns about, pointing into Weft's
// headers. The copy's remarks are not shown; the vectorizer's reasons are kept.
trial_result try_widening(Function& f, ArrayRef<Loop*> loops, trial_path path, FunctionAnalysisManager& analyses) {
  struct quiet : DiagnosticHandler {
    std::vector<std::pair<const BasicBlock*, std::string>> reasons;  // the vectorizer's, by loop
    bool handleDiagnostics(const DiagnosticInfo& info) override {
      if (const auto* remark = dyn_cast<DiagnosticInfoIROptimization>(&info);
          remark && remark->getKind() == DK_OptimizationRemarkAnalysis && remark->getCodeRegion()) {
        const std::string message = remark->getMsg();
        StringRef reason(message);
        reason.consume_front("loop not vectorized: ");
        reasons.push_back({remark->getCodeRegion(), reason.str()});
      }
      return true;
    }
  };
  LLVMContext& context = f.getContext();
  std::unique_ptr<DiagnosticHandler> shown = context.getDiagnosticHandler();
  auto owned = std::make_unique<quiet>();
  quiet& handler = *owned;
  context.setDiagnosticHandler(std::move(owned));
  ValueToValueMapTy map;
  Function* copy = CloneFunction(&f, map);
  {
    // Each loop's copy is tagged with its index (the vectorizer keeps a loop's other
    // properties on the loops it makes).
    LoopInfo& copy_loops = analyses.getResult<LoopAnalysis>(*copy);
    LLVMContext& c = copy->getContext();
    if (path == trial_path::inside_items)
      for (Loop* loop : copy_loops.getLoopsInPreorder())
        if (!loop->isInnermost() && forced_vectorize(*loop)) drop_vectorize_mark(*loop);
    for (unsigned k = 0; k < loops.size(); ++k)
      if (Loop* loop = copy_loops.getLoopFor(cast<BasicBlock>(map[loops[k]->getHeader()]))) {
        Metadata* tag[] = {MDString::get(c, trial_tag),
                           ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(c), k))};
        loop->setLoopID(makePostTransformationMetadata(c, loop->getLoopID(), {}, {MDNode::get(c, tag)}));
      }
  }
  // The passes the -O2/-O3 pipeline runs between this pass and the vectorizer: the
  // native path's output depends on the loops around the item loop (it broke the SSA
  // form of a split kernel only after loop-deletion removed an empty region loop); and
  // the copy's vectorizer plans every loop of the function, so a loop it would take
  // exponential time over must be kept from it here too (kernel-fuzz seed 130861).
  FunctionPassManager widen;
  widen.addPass(UniformChainGuardPass());
  widen.addPass(InvariantBasesPass());
  LoopPassManager before_vectorizer;
  before_vectorizer.addPass(LoopRotatePass());
  before_vectorizer.addPass(LoopDeletionPass());
  widen.addPass(createFunctionToLoopPassAdaptor(std::move(before_vectorizer)));
  widen.addPass(LoopDistributePass());
  widen.addPass(InjectTLIMappings());
  widen.addPass(LoopVectorizePass());
  widen.run(*copy, analyses);
  trial_result result;
  result.verifies = !verifyFunction(*copy) && !reject_every_widening;
  result.not_widened.assign(loops.size(), "the outer-loop vectorizer did not widen it");
  std::vector<bool> widened(loops.size(), false);
  if (result.verifies) {
    analyses.invalidate(*copy, PreservedAnalyses::none());
    LoopInfo& copy_loops = analyses.getResult<LoopAnalysis>(*copy);
    for (Loop* loop : copy_loops.getLoopsInPreorder()) {
      MDNode* tag = findOptionMDForLoop(loop, trial_tag);
      if (!tag || tag->getNumOperands() != 2) continue;
      const auto k = mdconst::extract<ConstantInt>(tag->getOperand(1))->getZExtValue();
      if (k >= loops.size()) continue;
      // (Inside items, the vectorizer marks the remainder loop too, and a loop it only
      // interleaved: only a loop of vectors is a widened one.)
      if (getBooleanLoopAttribute(loop, "llvm.loop.isvectorized") &&
          (path == trial_path::across_items || holds_vectors(*loop)))
        widened[k] = true;
      for (const auto& [block, why] : handler.reasons)  // (the first is the most specific)
        if (loop->contains(block) && !why.empty()) {
          result.not_widened[k] = "the outer-loop vectorizer cannot widen it (" + why + ")";
          break;
        }
    }
    for (unsigned k = 0; k < loops.size(); ++k)
      if (widened[k]) result.not_widened[k].clear();
  }
  analyses.clear(*copy, copy->getName());
  copy->eraseFromParent();
  context.setDiagnosticHandler(std::move(shown));
  return result;
}

std::string rows_widened_inside(Function& f, Loop& item, const LoopInfo& loops, ScalarEvolution& scev,
                                FunctionAnalysisManager& analyses) {
  SmallVector<Loop*, 4> rows;  // the loops inside the item that walk rows
  const SCEV* across = nullptr;
  for (BasicBlock* block : item.blocks())
    for (Instruction& inst : *block) {
      const access_walk w = walk_of(inst, item, loops, scev, f.getDataLayout());
      if (w.kind == walk::column) return {};  // (contiguous across items: the outer-loop vectorizer's)
      if (w.kind != walk::contiguous_row) continue;
      across = w.across;
      if (!is_contained(rows, loops.getLoopFor(block))) rows.push_back(loops.getLoopFor(block));
    }
  if (rows.empty()) return {};
  const trial_result trial = try_widening(f, rows, trial_path::inside_items, analyses);
  if (!trial.verifies || any_of(trial.not_widened, [](const std::string& why) { return !why.empty(); })) return {};
  return "each work item walks its own row (its accesses are " + stride_words(across) +
         " apart from one item to the next, consecutive along the loop inside the item): widened across items, they "
         "would be gathers across rows; the loop vectorizer widens the loop inside the item along the row instead";
}

}  // namespace

PreservedAnalyses ItemLoopSelectPass::run(Function& f, FunctionAnalysisManager& analyses) {
  bool changed = false, scalarized = false, cfg_changed = false;
  if (vector_values_in_item_loops(analyses.getResult<LoopAnalysis>(f), analyses.getResult<TargetLibraryAnalysis>(f))) {
    ScalarizerPassOptions options;
    options.ScalarizeLoadStore = true;
    ScalarizerPass(options).run(f, analyses);
    analyses.invalidate(f, PreservedAnalyses::none());
    changed = scalarized = true;
  }
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  OptimizationRemarkEmitter& remarks = analyses.getResult<OptimizationRemarkEmitterAnalysis>(f);
  auto refuse = [&](Loop& loop, const std::string& why, bool own_width = false) {
    if (!why.empty())
      remarks.emit([&] {
        return OptimizationRemarkMissed(pass_name, "ItemsOneByOne", loop.getStartLoc(), loop.getHeader())
               << "kernel " << kernel_name(f) << ": work items run one by one, not across vector lanes: " << why;
      });
    // A refused loop, or an item loop with no loop inside the item: the ordinary
    // vectorizer's. assume_safety still tells it the items are independent; without
    // the force it weighs the cost itself, and a loop it cannot widen is not a
    // warning about a mark the user never wrote.
    drop_vectorize_mark(loop, own_width);
    tag_item_loop(loop, why);
  };
  SmallVector<Loop*, 4> accepted;
  SmallVector<bool, 4> guarded;           // versioned on bounds guards (version_on_guards)
  SmallVector<bool, 4> masked_branches;   // branches as masks
  SmallVector<bool, 4> first_starts;      // loops inside started with the first item (item_loop_starts.hpp)
  SmallVector<std::uint64_t, 4> wider;    // vector bits beyond the target's preference (item_vector_bits)
  SmallVector<bool, 4> own_width;         // the width is this pass's choice (lanes_for)
  SmallVector<unsigned, 4> in_registers;  // accumulators kept in registers (item_loop_accumulators.hpp)
  SmallPtrSet<Loop*, 4> erased;           // loops inside a versioned loop that it no longer runs
  SmallVector<Loop*, 4> innermost;        // item loops with no loop inside the item: the loop vectorizer's
  const bool width_chosen = f.hasFnAttribute("prefer-vector-width") || chosen_width(loops);
  for (Loop* loop : loops.getLoopsInPreorder()) {
    if (erased.contains(loop)) continue;
    if (!forced_vectorize(*loop) || (loop->isInnermost() && !item_loop(*loop))) continue;
    changed = true;
    if (!item_loop(*loop)) {
      drop_vectorize_mark(*loop);  // a marked outer loop that is not an item loop: as without the native path
      continue;
    }
    ScalarEvolution& scev = analyses.getResult<ScalarEvolutionAnalysis>(f);
    if (remove_idle_phis(*loop)) scev.forgetLoop(loop);
    const TargetLibraryInfo& library = analyses.getResult<TargetLibraryAnalysis>(f);
    std::string why = unwidenable_instruction(*loop, library);
    if (!why.empty() && hoist_private_copies(*loop, analyses.getResult<DominatorTreeAnalysis>(f)))
      why = unwidenable_instruction(*loop, library);
    if (why.empty() && !loop->isInnermost()) {
      if (hoist_read_bounds(*loop, loops, analyses.getResult<DominatorTreeAnalysis>(f), scev, true).changed)
        cfg_changed = true;
      why = outer_loop_refusal(*loop, loops, scev);
    }
    // Loops inside the item that start where the item does, started with the first item
    // where the item loop is otherwise widened or versioned below (each item then runs
    // the iterations from the first item's start: a loss where the items stay one by one).
    bool started_with_first = false;
    if (why == varying_trips) {
      SmallVector<Loop*, 2> started;
      if (std::string cannot = varying_starts(*loop, scev, started); !cannot.empty()) {
        why = cannot;
      } else if (const std::string after = outer_loop_refusal(*loop, loops, scev, nullptr, started);
                 after.empty() || after == divergent_branch || after == nested_branch || after == merging_branch) {
        for (Loop* inner : started) start_with_first_item(*inner, *loop, scev);
        started_with_first = cfg_changed = true;
        why = outer_loop_refusal(*loop, loops, scev);
      } else {
        why = after;
      }
    }
    // The item's accumulators in registers across the loops inside it, where a
    // run-time test finds the loop's other accesses apart from them; the copy that
    // runs where it fails keeps the items one by one.
    unsigned accumulators = 0;
    if (why.empty() && !loop->isInnermost()) {
      const kept_accumulators kept = keep_item_accumulators(f, *loop, loops, analyses);
      if (kept.slow) {
        cfg_changed = true;
        accumulators = kept.count;
        drop_vectorize_mark(*kept.slow);
        tag_item_loop(*kept.slow, "the run-time test for its accumulators failed: they may overlap its other accesses");
        for (Loop* inside : kept.slow->getLoopsInPreorder()) erased.insert(inside);
        scev.forgetLoop(loop);
        why = outer_loop_refusal(*loop, loops, scev);
      }
    }
    // Branches the versioning below may take out of the widened copy.
    const bool versionable = why == divergent_branch || why == nested_branch || why == merging_branch;
    if ((why.empty() || versionable) && !loop->isInnermost()) {
      const TargetTransformInfo& target = analyses.getResult<TargetIRAnalysis>(f);
      const unsigned lanes = lanes_for(*loop, item_vector_bits(f, target), f.getDataLayout());
      std::string slower = rows_widened_inside(f, *loop, loops, scev, analyses);
      if (slower.empty()) slower = rows_per_item(*loop, loops, scev, f.getDataLayout(), target, lanes);
      if (!slower.empty()) why = slower;
    }
    bool versioned = false, read_bound_stayed = false;
    if (why == divergent_branch || why == nested_branch || why == merging_branch) {
      if (version_on_guards(f, *loop, loops, analyses.getResult<DominatorTreeAnalysis>(f), scev,
                            merges_values(*loop, loops), cfg_changed, erased, read_bound_stayed)) {
        versioned = true;
        why = outer_loop_refusal(*loop, loops, scev);
      }
    }
    // (A bound read after the item's store cannot be tested before the loop; masks test
    // it in every item.)
    const bool read_bound = !versioned && why == divergent_branch && read_bound_stayed;
    bool masked = false;
    if (why == divergent_branch || why == nested_branch) {
      // Masks for the branches inside the item's loops, made only where the loop is then
      // widened (a masked loop left scalar runs every guarded instruction): a guard that
      // skips such a loop (the test that it runs at all) is versioned first.
      DominatorTree& dom = analyses.getResult<DominatorTreeAnalysis>(f);
      mask_plan plan;
      const std::string masks = maskable_branches(*loop, loops, dom, scev, plan);
      std::string left = masks.empty() ? outer_loop_refusal(*loop, loops, scev, &plan) : masks;
      if (left == merging_branch &&
          version_on_guards(f, *loop, loops, dom, scev, true, cfg_changed, erased, read_bound_stayed, &plan)) {
        versioned = true;
        left = maskable_branches(*loop, loops, dom, scev, plan);
        if (left.empty()) left = outer_loop_refusal(*loop, loops, scev, &plan);
      }
      if (left.empty()) {
        make_masks(*loop, plan, loops, dom, scev);
        masked = cfg_changed = true;
        why = outer_loop_refusal(*loop, loops, scev);
      } else if (!masks.empty()) {
        why = (read_bound ? read_bound_refusal : why) + "; masks cannot stand for it: " + masks;
      } else {
        why = left;
      }
    }
    if (!why.empty() || loop->isInnermost()) {
      if (why.empty()) innermost.push_back(loop);
      refuse(*loop, why);
      continue;
    }
    std::uint64_t wider_bits = 0;  // the bits the loop's width assumes, beyond the target's preference
    const bool width_given = findOptionMDForLoop(loop, "llvm.loop.vectorize.width") != nullptr;
    if (!width_given) {
      const TargetTransformInfo& target = analyses.getResult<TargetIRAnalysis>(f);
      const std::uint64_t bits = item_vector_bits(f, target);
      addStringMetadataToLoop(loop, "llvm.loop.vectorize.width",
                              lanes_for(*loop, bits, f.getDataLayout(), started_with_first));
      if (bits > target.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector).getFixedValue())
        wider_bits = bits;
    }
    canonical_counters_inside(*loop, scev);
    drop_hints(*loop);
    tag_item_loop(*loop, {});
    accepted.push_back(loop);
    guarded.push_back(versioned);
    masked_branches.push_back(masked);
    first_starts.push_back(started_with_first);
    wider.push_back(wider_bits);
    own_width.push_back(!width_given);
    in_registers.push_back(accumulators);
  }
  if (!accepted.empty()) {
    const trial_result trial = try_widening(f, accepted, trial_path::across_items, analyses);
    for (unsigned k = 0; k < accepted.size(); ++k) {
      Loop* loop = accepted[k];
      if (!trial.verifies) {
        refuse(*loop,
               "the outer-loop vectorizer's widening of the kernel fails LLVM's verifier (a bug in Weft's plugin or "
               "in LLVM: please report it with this kernel)",
               own_width[k]);
      } else if (!trial.not_widened[k].empty()) {
        refuse(*loop, trial.not_widened[k], own_width[k]);
      } else {
        if (wider[k]) f.addFnAttr("prefer-vector-width", std::to_string(wider[k]));
        remarks.emit([&] {
          return OptimizationRemarkAnalysis(pass_name, "AcrossItems", loop->getStartLoc(), loop->getHeader())
                 << "kernel " << kernel_name(f) << ": item loop given to the outer-loop vectorizer"
                 << (guarded[k] ? " (where its bounds guards pass)" : "")
                 << (masked_branches[k] ? " (its branches as masks)" : "")
                 << (first_starts[k] ? " (loops inside it from the first item's start)" : "")
                 << (wider[k] ? " (" + std::to_string(wider[k]) + "-bit vectors)" : std::string())
                 << (in_registers[k] ? " (" + std::to_string(in_registers[k]) + " accumulator(s) in registers)"
                                     : std::string());
        });
      }
    }
  }
  // The loop vectorizer weighs an innermost item loop's widths up to the target's
  // registers; with AVX-512 it may weigh 512-bit ones too (item_vector_bits: scoped
  // dgemm 1.25x at 16 CPUs of a Sapphire Rapids Xeon). Its cost model reads the
  // function's attribute through TargetIRAnalysis, which no change invalidates, so
  // the function's analyses are recomputed.
  if (!innermost.empty() && !width_chosen && !f.hasFnAttribute("prefer-vector-width")) {
    const TargetTransformInfo& target = analyses.getResult<TargetIRAnalysis>(f);
    const std::uint64_t bits = item_vector_bits(f, target);
    if (bits > target.getRegisterBitWidth(TargetTransformInfo::RGK_FixedWidthVector).getFixedValue()) {
      for (Loop* loop : innermost)
        remarks.emit([&] {
          return OptimizationRemarkAnalysis(pass_name, "InnermostWidth", loop->getStartLoc(), loop->getHeader())
                 << "kernel " << kernel_name(f) << ": item loop left to the loop vectorizer, which may widen it with "
                 << std::to_string(bits) << "-bit vectors";
        });
      f.addFnAttr("prefer-vector-width", std::to_string(bits));
      analyses.clear(f, f.getName());
      return PreservedAnalyses::none();
    }
  }
  if (!changed) return PreservedAnalyses::all();
  if (scalarized || cfg_changed) return PreservedAnalyses::none();
  return loops_kept();
}

}  // namespace weft::compiler
