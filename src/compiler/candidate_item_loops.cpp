// weft-candidate-item-loops (candidate_item_loops.hpp). The proof: every access of
// the loop is a load or store whose address steps by a constant from one item to
// the next (or not at all); each store steps by at least its size (the items'
// stores are distinct), and each other access either cannot alias it (LLVM's alias
// analysis), or lies at a constant distance from it such that no two different
// items of the loop's run meet (item i's store and item j's access overlap only
// where i = j, or where j - i is beyond the loop's largest trip count). That covers
// per-item slots of local or private memory, outputs indexed by the item's id, and a
// tree reduction's step (`s[l] += s[l + i]` over the i items that pass `l < i`).
// An access in a loop inside the item counts the same where its address does not
// change along that loop (n-body's `acc[l] += ...` over a tile); one whose address
// does (the tile's `p = tile[k]`) has no step from item to item, and may only be a
// load the alias analysis tells apart from every store. Anything else (a
// data-dependent address, two arrays the alias analysis cannot tell apart, a call
// that touches memory) is not proven: the loop keeps its items' order.
#include "candidate_item_loops.hpp"
#include "loops_kept.hpp"

#include "idle_phis.hpp"
#include "item_accumulators.hpp"
#include "item_alias_checks.hpp"
#include "item_wide_indices.hpp"
#include "kernel_name.hpp"
#include "next_group_prefetch.hpp"
#include "optimizer_hints.hpp"
#include "region_loops.hpp"

#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/LCSSA.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

#include <cstdint>
#include <optional>
#include <string>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-item-loops";

// Weft's candidate mark (weft/kernel/item_loop_mark.hpp).
bool candidate(const Loop& loop) {
  return getOptionalBoolLoopAttribute(&loop, "llvm.loop.distribute.enable").value_or(false);
}

// Weft's row mark (the same header): a loop over a group's outer dimensions.
bool group_rows(const Loop* loop) {
  return loop && !getOptionalBoolLoopAttribute(loop, "llvm.loop.distribute.enable").value_or(true);
}

// A load or store of the item: its address and how many bytes it touches.
struct access {
  Instruction* inst;
  Value* pointer;
  std::int64_t size;
  bool store;
};

// An address as the loop runs: start + step * item (step 0: the same for every item).
struct walk {
  const SCEV* start;
  std::int64_t step;
};

std::optional<walk> walk_of(const SCEV* address, const Loop& loop, ScalarEvolution& scev) {
  if (scev.isLoopInvariant(address, &loop)) return walk{address, 0};
  const auto* rec = dyn_cast<SCEVAddRecExpr>(address);
  if (!rec || rec->getLoop() != &loop || !rec->isAffine()) return std::nullopt;
  const auto* step = dyn_cast<SCEVConstant>(rec->getStepRecurrence(scev));
  if (!step || step->getAPInt().getSignificantBits() > 32) return std::nullopt;
  return walk{rec->getStart(), step->getAPInt().getSExtValue()};
}

// Intrinsics that only tell the optimizer something, or keep a loop from being deleted.
bool hint(const Instruction& inst) {
  const auto* intrinsic = dyn_cast<IntrinsicInst>(&inst);
  return optimizer_hint(inst) || (intrinsic && intrinsic->getIntrinsicID() == Intrinsic::sideeffect);
}

std::string callee(const Instruction& inst) {
  if (const auto* call = dyn_cast<CallBase>(&inst))
    if (const Function* f = call->getCalledFunction()) return demangle(f->getName().str());
  return "a function pointer";
}

// The loop's loads and stores, or why its items cannot be proven independent.
std::string accesses_of(const Loop& loop, const DataLayout& layout, SmallVectorImpl<access>& out) {
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block) {
      if (!inst.mayReadOrWriteMemory() || hint(inst)) continue;
      if (inst.isAtomic() || (isa<LoadInst>(inst) && cast<LoadInst>(inst).isVolatile()) ||
          (isa<StoreInst>(inst) && cast<StoreInst>(inst).isVolatile()))
        return "the work item makes an atomic or volatile access";
      Value* pointer = getLoadStorePointerOperand(&inst);
      if (!pointer) return "the work item calls " + callee(inst) + ", which may access memory";
      Type* type = getLoadStoreType(&inst);
      const TypeSize size = layout.getTypeStoreSize(type);
      if (size.isScalable()) return "the work item accesses a scalable vector";
      out.push_back({&inst, pointer, static_cast<std::int64_t>(size.getFixedValue()), isa<StoreInst>(inst)});
    }
  return {};
}

// Whether some k with 1 <= |k| < trips (step != 0) has c - store_size < step * k < c + size: item
// i's store [step * i, + store_size) and item i - k's access [c + step * (i - k), +
// size) overlap (c: the access's start minus the store's).
bool items_meet(std::int64_t c, std::int64_t step, std::int64_t store_size, std::int64_t size,
                std::optional<std::uint64_t> trips) {
  const std::int64_t d = step < 0 ? -step : step;
  const std::int64_t lo = step < 0 ? -(c + size) : c - store_size;  // d * k' in (lo, hi), k' = sign * k
  const std::int64_t hi = step < 0 ? -(c - store_size) : c + size;
  // k' from floor(lo / d) + 1 to ceil(hi / d) - 1 (at most a few: d is at least the sizes).
  const std::int64_t first = (lo >= 0 ? lo / d : -((-lo + d - 1) / d)) + 1;
  const std::int64_t last = (hi > 0 ? (hi + d - 1) / d : -(-hi / d)) - 1;
  for (std::int64_t k = first; k <= last; ++k) {
    if (k == 0) continue;
    const std::uint64_t apart = k < 0 ? std::uint64_t(-k) : std::uint64_t(k);
    if (!trips || apart < *trips) return true;
  }
  return false;
}

// Whether the stretch [c + min(0, step * (trips - 1)), ... + size) misses [store's stretch).
bool stretches_apart(std::int64_t c, const walk& store, std::int64_t store_size, const walk& other, std::int64_t size,
                     std::uint64_t trips) {
  const __int128 span = __int128(trips) - 1;
  const __int128 s_lo = store.step < 0 ? store.step * span : 0;
  const __int128 s_hi = (store.step > 0 ? store.step * span : 0) + store_size;
  const __int128 a_lo = c + (other.step < 0 ? other.step * span : 0);
  const __int128 a_hi = c + (other.step > 0 ? other.step * span : 0) + size;
  return a_hi <= s_lo || s_hi <= a_lo;
}

// A loop of at most `few_items` items (a tree reduction's last steps) is left
// scalar: widened, it is one masked vector operation, and a load of the next step
// that overlaps a masked store waits for it to reach the cache (store forwarding
// fails): those steps took a quarter of the seed reduction's time in cache.
constexpr std::uint64_t few_items = 4;

std::optional<std::uint64_t> most_items(const Loop& loop, ScalarEvolution& scev) {
  if (const auto* max = dyn_cast<SCEVConstant>(scev.getConstantMaxBackedgeTakenCount(&loop));
      max && max->getAPInt().getActiveBits() < 63)
    return max->getAPInt().getZExtValue() + 1;
  return std::nullopt;
}

// What a run-time test must find apart for the items to be independent
// (item_alias_checks.hpp): pairs of a store and an access the alias analysis could
// not tell apart, and every store (against the loads read once).
struct alias_plan {
  const read_once* reads = nullptr;
  bool rewritten = false;  // an address depends on a load read once
  alias_checks checks;
};

// Why the items of a loop might not be independent (empty where they are), and
// whether a run-time test of their addresses may still find them so: not where a
// value is carried from item to item or every item stores to one address.
struct refusal {
  std::string why;
  bool testable = true;
  bool empty() const { return why.empty(); }
};

// Why the items of `loop` might not be independent. With `wide`,
// the extensions of narrow walks are their wide walks (item_wide_indices.hpp). With a
// `plan`, the loads it reads once stand for their copies, and a store and an access
// the alias analysis cannot tell apart are left to its run-time test where both are
// bounded.
refusal dependence(const Loop& loop, ScalarEvolution& scev, AAResults& aa, const DataLayout& layout,
                   alias_plan* plan = nullptr, const wide_indices* wide = nullptr) {
  for (PHINode& phi : loop.getHeader()->phis()) {  // only counters (a value stepping by a constant)
    const auto* rec = scev.isSCEVable(phi.getType()) ? dyn_cast<SCEVAddRecExpr>(scev.getSCEV(&phi)) : nullptr;
    if (!rec || rec->getLoop() != &loop || !rec->isAffine() || !isa<SCEVConstant>(rec->getStepRecurrence(scev)))
      return {"a value is carried from one work item to the next (an accumulation into a group variable, whose "
              "order is kept)",
              false};
  }
  SmallVector<access, 16> all;
  if (std::string why = accesses_of(loop, layout, all); !why.empty()) return {why};
  const std::optional<std::uint64_t> trips = most_items(loop, scev);
  SmallVector<const SCEV*, 16> addresses;
  SmallVector<std::optional<walk>, 16> walks;
  for (const access& a : all) {
    const SCEV* address = wide ? wide->rewrite(scev.getSCEV(a.pointer), scev) : scev.getSCEV(a.pointer);
    addresses.push_back(plan ? plan->reads->rewrite(address, scev) : address);
    if (plan && addresses.back() != address) plan->rewritten = true;
    walks.push_back(walk_of(addresses.back(), loop, scev));
  }
  // Whether the run-time test can tell store s and access a apart (then it will).
  auto tested = [&](unsigned s, unsigned a) {
    const checked_access store{addresses[s], all[s].size}, other{addresses[a], all[a].size};
    if (!plan || !bounded(store, loop, scev) || !bounded(other, loop, scev)) return false;
    plan->checks.pairs.push_back({store, other});
    return true;
  };
  for (unsigned s = 0; s < all.size(); ++s) {
    if (!all[s].store) continue;
    if (!walks[s])
      return {"a store's address is not a constant step from item to item (a data-dependent or nested index)"};
    const std::int64_t step = walks[s]->step;
    if (step == 0)
      return {"every item stores to the same address (an accumulation into a group variable, whose order is "
              "kept)",
              false};
    if ((step < 0 ? -step : step) < all[s].size) return {"the stores of neighbouring items overlap"};
    if (plan) plan->checks.stores.push_back({addresses[s], all[s].size});
    for (unsigned a = 0; a < all.size(); ++a) {
      if (a == s) continue;
      if (aa.isNoAlias(MemoryLocation::getBeforeOrAfter(all[s].pointer),
                       MemoryLocation::getBeforeOrAfter(all[a].pointer)))
        continue;
      const std::string other = all[a].store ? "another store" : "a load";
      if (!walks[a]) {
        if (tested(s, a)) continue;
        return {other + " of the work item has an address that is not a constant step from item to item (a "
                        "data-dependent or nested index), and may touch what another item stores"};
      }
      const auto* distance = dyn_cast<SCEVConstant>(scev.getMinusSCEV(walks[a]->start, walks[s]->start));
      if (!distance || distance->getAPInt().getSignificantBits() > 48) {
        if (tested(s, a)) continue;
        return {other + " of the work item and a store may touch the same memory (the plugin cannot tell their "
                        "arrays apart)"};
      }
      const std::int64_t c = distance->getAPInt().getSExtValue();
      const bool apart = walks[a]->step == step
                             ? !items_meet(c, step, all[s].size, all[a].size, trips)
                             : trips && stretches_apart(c, *walks[s], all[s].size, *walks[a], all[a].size, *trips);
      if (!apart) return {other + " of one work item may touch what another item of the loop stores"};
    }
  }
  return {};
}

// Makes `loop` an item loop: every access that touches memory in one access group,
// named by the loop's `llvm.loop.parallel_accesses`, and the vectorize mark (what
// `vectorize(assume_safety)` makes), for weft-item-loop-select.
void mark_independent(Loop& loop, bool scalar) {
  LLVMContext& context = loop.getHeader()->getContext();
  MDNode* group = MDNode::getDistinct(context, {});
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block)
      if (inst.mayReadOrWriteMemory())
        inst.setMetadata(LLVMContext::MD_access_group,
                         uniteAccessGroups(inst.getMetadata(LLVMContext::MD_access_group), group));
  MDNode* parallel = MDNode::get(context, {MDString::get(context, "llvm.loop.parallel_accesses"), group});
  MDNode* force = scalar
                      ? MDNode::get(context, {MDString::get(context, "llvm.loop.vectorize.width"),
                                              ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(context), 1))})
                      : MDNode::get(context, {MDString::get(context, "llvm.loop.vectorize.enable"),
                                              ConstantAsMetadata::get(ConstantInt::getTrue(context))});
  loop.setLoopID(
      makePostTransformationMetadata(context, loop.getLoopID(), {"llvm.loop.distribute."}, {parallel, force}));
}

void drop_marks(Loop& loop) {
  loop.setLoopID(
      makePostTransformationMetadata(loop.getHeader()->getContext(), loop.getLoopID(), {"llvm.loop.distribute."}, {}));
}

// Versions `loop` on a run-time test of what the proof could not tell apart
// (item_alias_checks.hpp) where that makes the proof hold; `why` is then empty, and the
// copy that runs where the test fails keeps its items in order. False if nothing changed.
bool version_where_apart(Loop& loop, LoopInfo& loops, DominatorTree& dom, ScalarEvolution& scev, AAResults& aa,
                         AssumptionCache& assumptions, const DataLayout& layout, std::string& why,
                         unsigned& accumulators) {
  // (A preheader for the test, dedicated exits, and the copy's values reaching the code after it through phis.)
  simplifyLoop(&loop, &dom, &loops, &scev, nullptr, nullptr, false);
  formLCSSARecursively(loop, dom, &loops, &scev);
  if (!loop.isLoopSimplifyForm() || !loop.getExitBlock()) return false;
  read_once reads = read_before(loop, dom);
  alias_plan plan;
  plan.reads = &reads;
  const refusal left = dependence(loop, scev, aa, layout, &plan);
  std::size_t tests = 0;
  // (An innermost loop whose addresses need no load read once is LLVM's loop
  // vectorizer's, which tests such arrays at run time itself.)
  const bool needed = !loop.isInnermost() || plan.rewritten;
  // The accumulators of loops inside the item kept in registers where the test
  // checks what that needs as well (item_accumulators.hpp); else the test without.
  register_plan registers;
  if (left.empty() && needed) registers = plan_registers(loop, reads, scev, aa, dom);
  alias_checks with_registers = plan.checks;
  with_registers.pairs.insert(with_registers.pairs.end(), registers.checks.pairs.begin(), registers.checks.pairs.end());
  with_registers.inside = registers.checks.inside;
  Loop* slow = nullptr;
  if (left.empty() && needed && !registers.accumulators.empty())
    slow = version_on_alias_checks(loop, with_registers, reads, most_alias_tests, tests, loops, dom, scev);
  if (slow) accumulators = keep_in_registers(registers, loop, loops, dom, scev, assumptions);
  else if (left.empty() && needed)
    slow = version_on_alias_checks(loop, plan.checks, reads, most_alias_tests, tests, loops, dom, scev);
  if (!slow) {
    discard(reads);
    if (left.empty() && tests > most_alias_tests)
      why += " (a run-time test would need " + std::to_string(tests) + " comparisons, more than " +
             std::to_string(most_alias_tests) + ")";
    return false;
  }
  drop_marks(*slow);
  why.clear();
  return true;
}

}  // namespace

PreservedAnalyses CandidateItemLoopsPass::run(Function& f, FunctionAnalysisManager& analyses) {
  SmallVector<Loop*, 4> candidates;
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  for (Loop* loop : loops.getLoopsInPreorder())
    if (candidate(*loop)) candidates.push_back(loop);
  if (candidates.empty()) return PreservedAnalyses::all();
  OptimizationRemarkEmitter& remarks = analyses.getResult<OptimizationRemarkEmitterAnalysis>(f);
  ScalarEvolution& scev = analyses.getResult<ScalarEvolutionAnalysis>(f);
  AAResults& aa = analyses.getResult<AAManager>(f);
  bool simplified_any = false, narrowed_any = false, versioned_any = false;
  for (Loop* loop : candidates) {
    // (A preheader and a dedicated exit first: the pipeline has not yet simplified the
    // loops here, and a loop whose header the enclosing loop's test also jumps around,
    // `for (stride ...) parallel_for_work_item(...)`, has neither.)
    if (!loop->isLoopSimplifyForm()) {
      DominatorTree& dom = analyses.getResult<DominatorTreeAnalysis>(f);
      dom.recalculate(f);  // (a loop narrowed or versioned before changed the blocks)
      simplified_any |= simplifyLoop(loop, &dom, &loops, &scev, nullptr, nullptr, false);
    }
    const bool narrowed = skip_items_failing_guard(*loop, loops);
    if (narrowed) {
      scev.forgetLoop(loop);
      narrowed_any = true;
    }
    if (remove_idle_phis(*loop)) scev.forgetLoop(loop);  // (a vec<T, 3>'s padding lane carried through)
    refusal refused;
    bool checked = false;
    unsigned accumulators = 0;
    if (any_of(loop->getLoopsInPreorder(), [&](const Loop* inner) { return inner != loop && candidate(*inner); }))
      refused = {"a loop of items inside the work item", false};
    else refused = dependence(*loop, scev, aa, f.getDataLayout());
    std::size_t widened = 0;
    if (!refused.empty() && refused.testable) {
      // Where an `int` index is what the proof cannot follow, the version where it does
      // not wrap has a wide one (item_wide_indices.hpp): where the proof then holds, or
      // may hold behind an alias test (which only loops with loops inside get: an
      // innermost loop's is LLVM's loop vectorizer's, which widens such indices itself).
      DominatorTree& dom = analyses.getResult<DominatorTreeAnalysis>(f);
      dom.recalculate(f);  // (a loop narrowed or versioned before changed the blocks)
      formLCSSARecursively(*loop, dom, &loops, &scev);
      const wide_indices wide = find_wide_indices(*loop, scev);
      if (!wide.empty()) {
        const bool helps =
            !loop->isInnermost() || dependence(*loop, scev, aa, f.getDataLayout(), nullptr, &wide).empty();
        if (Loop* wraps = helps ? version_on_wide_indices(*loop, wide, loops, dom, scev) : nullptr) {
          drop_marks(*wraps);
          versioned_any = true;
          widened = wide.extensions.size();
          refused = dependence(*loop, scev, aa, f.getDataLayout());
        }
      }
    }
    const std::string widening = widened ? " (" + std::to_string(widened) +
                                               " narrow index(es) widened where a run-time test finds they do not wrap)"
                                         : "";
    if (!refused.empty() && refused.testable) {
      // The items may still be independent where a run-time test finds their accesses apart.
      DominatorTree& dom = analyses.getResult<DominatorTreeAnalysis>(f);
      dom.recalculate(f);  // (a loop narrowed or versioned before changed the blocks)
      checked = version_where_apart(*loop, loops, dom, scev, aa, analyses.getResult<AssumptionAnalysis>(f),
                                    f.getDataLayout(), refused.why, accumulators);
      versioned_any = true;  // (at least the loop's LCSSA form)
    }
    if (refused.empty()) {
      const std::optional<std::uint64_t> items = most_items(*loop, scev);
      const bool few = items && *items <= few_items;
      mark_independent(*loop, few);
      remarks.emit([&] {
        return OptimizationRemarkAnalysis(pass_name, "ItemsIndependent", loop->getStartLoc(), loop->getHeader())
               << "kernel " << kernel_name(f) << ": the items of a scoped or hierarchical loop are independent"
               << (narrowed ? " (run over the items that pass its guard)" : "") << widening
               << (checked ? " where a run-time test finds their accesses apart" : "")
               << (accumulators ? " (" + std::to_string(accumulators) +
                                      " accumulator(s) kept in registers across a loop inside the item)"
                                : std::string())
               << (few ? ": an item loop of at most 4 items, left scalar" : ": an item loop");
      });
    } else {
      drop_marks(*loop);
      remarks.emit([&] {
        return OptimizationRemarkMissed(pass_name, "ItemsInOrder", loop->getStartLoc(), loop->getHeader())
               << "kernel " << kernel_name(f) << ": the items of a scoped or hierarchical loop keep their order"
               << (narrowed ? " (run over the items that pass its guard)" : "") << widening << ": " << refused.why
               << "; the loop vectorizer weighs it with its own dependence checks";
      });
    }
  }
  // Then each loop's streams of a later group are prefetched after it (a worker runs
  // its groups one after another; the group computes in local memory meanwhile).
  // Not after a row of a 2-D or 3-D group: its next row is the hardware
  // prefetchers' stream, and a prefetch loop per row cost a tiled dgemm's tile
  // loads a third of its time.
  bool prefetched = false;
  for (Loop* loop : candidates)
    if (group_rows(loop->getParentLoop())) {
      remarks.emit([&] {
        return OptimizationRemarkAnalysis(pass_name, "NoNextGroupPrefetch", loop->getStartLoc(), loop->getHeader())
               << "kernel " << kernel_name(f) << ": no prefetch after a row of the group's items";
      });
    } else if (const unsigned streams = prefetch_next_pass(*loop, loops, scev)) {
      prefetched = true;
      remarks.emit([&] {
        return OptimizationRemarkAnalysis(pass_name, "NextGroupPrefetch", loop->getStartLoc(), loop->getHeader())
               << "kernel " << kernel_name(f) << ": a later group's copy of " << ore::NV("Streams", streams)
               << " stream(s) this loop reads is prefetched after it";
      });
    }
  if (simplified_any || narrowed_any || versioned_any || prefetched) return PreservedAnalyses::none();
  return loops_kept();
}

}  // namespace weft::compiler
