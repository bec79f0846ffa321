// weft-reduction-lanes (reduction_lanes.hpp). Steps:
// 1. Find the loops with the lanes mark (`llvm.loop.pipeline.disable`) and in each
//    its loop over a block's lanes: innermost, a constant trip count L.
// 2. The lane loop writes nothing but local objects (the lanes, the items' private
//    values): every store is to a stack object, nothing else writes memory.
// 3. The lane loop's chains: for each store every lane runs, its value is a chain of one
//    associative and commutative operator (integer add, mul, and, or, xor, min,
//    max; a floating add or mul that may be reassociated), each link used only by
//    the next; its leaves are one load of the stored address (the lane's state) and
//    the values combined.
// 4. The leaves that are loads (or a conversion of one) used only by chains, run
//    every lane, each load of a group feeding the same chains the same way, of memory no store of the lane loop can touch (the stack objects
//    stored to never have their address taken, and the load's address is based on
//    none of them), whose address steps by c*e bytes from lane to lane (e the loaded
//    size, c > 1), in groups of c at offsets 0, e, .., (c-1)*e from the group's
//    first: load k's address becomes first + k*L*e, stepping by e. The block's run
//    of L*c elements is read as before, each element once, and each lane of each
//    reduction still combines c of them. The chains' links lose their no-wrap and
//    no-inf flags (a lane's partial sums are of other elements now).
#include "reduction_lanes.hpp"

#include "function_backup.hpp"

#include <llvm/Analysis/CaptureTracking.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <optional>
#include <tuple>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-reduction-lanes";
// The lanes' stack object has an access per lane and per reduction: more uses than
// capture tracking follows by default.
constexpr unsigned capture_search_limit = 4096;

// The operator of a chain link: an opcode, or an intrinsic's id; 0 for neither.
unsigned chain_operator(const Value* v) {
  if (const auto* op = dyn_cast<BinaryOperator>(v))
    return op->isAssociative() && op->isCommutative() ? op->getOpcode() : 0;
  if (const auto* call = dyn_cast<IntrinsicInst>(v)) {
    switch (call->getIntrinsicID()) {
      case Intrinsic::smin:
      case Intrinsic::smax:
      case Intrinsic::umin:
      case Intrinsic::umax: return Instruction::OtherOpsEnd + call->getIntrinsicID();
      default: return 0;
    }
  }
  return 0;
}

// The chain that ends in `root`, inside `loop` (step 3): its links and its leaves.
struct Chain {
  SmallVector<Instruction*, 16> links;
  SmallVector<Value*, 16> leaves;
};
std::optional<Chain> chain_to(Instruction* root, const Loop& loop) {
  const unsigned op = chain_operator(root);
  if (op == 0) return std::nullopt;
  Chain chain;
  SmallVector<Instruction*, 16> work{root};
  while (!work.empty()) {
    Instruction* link = work.pop_back_val();
    chain.links.push_back(link);
    for (Value* operand : {link->getOperand(0), link->getOperand(1)}) {
      auto* inner = dyn_cast<Instruction>(operand);
      if (inner && chain_operator(inner) == op && inner->hasOneUse() && loop.contains(inner)) work.push_back(inner);
      else chain.leaves.push_back(operand);
    }
  }
  return chain;
}

// Step 2: the lane loop's stores, where each is to a stack object and nothing else
// in the loop writes memory.
std::optional<SmallVector<StoreInst*, 8>> local_stores(const Loop& loop) {
  SmallVector<StoreInst*, 8> stores;
  for (BasicBlock* block : loop.blocks()) {
    for (Instruction& inst : *block) {
      if (auto* store = dyn_cast<StoreInst>(&inst)) {
        if (!store->isSimple() || !isa<AllocaInst>(getUnderlyingObject(store->getPointerOperand(), 0)))
          return std::nullopt;
        stores.push_back(store);
      } else if (inst.mayWriteToMemory()) {
        auto* intrinsic = dyn_cast<IntrinsicInst>(&inst);
        if (!intrinsic || !(intrinsic->isAssumeLikeIntrinsic() || intrinsic->isLifetimeStartOrEnd()))
          return std::nullopt;
      }
    }
  }
  return stores;
}

struct Analyses {
  ScalarEvolution& scev;
  DominatorTree& dominators;
  const DataLayout& layout;
};

struct LaneLoad {
  LoadInst* load;
  const SCEVAddRecExpr* address;
  std::int64_t offset = 0;  // bytes from the group's first address
  // Where its value goes: per use, the chain and the conversion on the way (0 for
  // none). The loads of a group must agree, so that each chain combines every
  // element of the run, converted the same way, after the rewrite as before.
  SmallVector<std::tuple<unsigned, unsigned, Type*>, 2> uses;
};

// A leaf of a chain, and which chain (the store's index).
struct Leaf {
  Value* value;
  unsigned chain;
};

// Step 3: the links of the lane loop's chains (where a store is not one, none of its).
SmallPtrSet<Instruction*, 32> lane_chains(ArrayRef<StoreInst*> stores, const Loop& loop, Analyses& a,
                                          SmallVectorImpl<Leaf>& leaves) {
  SmallPtrSet<Instruction*, 32> links;
  for (unsigned index = 0; index < stores.size(); ++index) {
    StoreInst* store = stores[index];
    auto* root = dyn_cast<Instruction>(store->getValueOperand());
    // (A store some lanes skip would combine other elements than its own there.)
    if (!root || !loop.contains(root) || !a.dominators.dominates(store->getParent(), loop.getLoopLatch())) continue;
    auto chain = chain_to(root, loop);
    if (!chain) continue;
    unsigned states = 0;
    for (Value* leaf : chain->leaves) {
      auto* load = dyn_cast<LoadInst>(leaf);
      states += load && load->getPointerOperand() == store->getPointerOperand();
    }
    if (states != 1) continue;  // not a lane's state combined with values
    links.insert(chain->links.begin(), chain->links.end());
    for (Value* leaf : chain->leaves) leaves.push_back({leaf, index});
  }
  return links;
}

// Whether every use of v is a chain link, or a conversion used only by links.
bool feeds_only(const Value* v, const SmallPtrSetImpl<Instruction*>& links) {
  auto is_link = [&](const User* u) { return isa<Instruction>(u) && links.contains(cast<Instruction>(u)); };
  return all_of(v->users(), [&](const User* user) {
    if (is_link(user)) return true;
    const auto* conversion = dyn_cast<CastInst>(user);
    return conversion && !conversion->user_empty() && all_of(conversion->users(), is_link);
  });
}

// A leaf of step 4's kind: the load (with the chains and conversions of all its
// uses), where `written` (the stack objects the loop stores to, whose address is
// never taken) holds no object its address is based on.
std::optional<LaneLoad> lane_load(Value* leaf, const Loop& loop, ArrayRef<const Value*> written,
                                  const SmallPtrSetImpl<Instruction*>& links, ArrayRef<Leaf> leaves, Analyses& a) {
  if (auto* cast = dyn_cast<CastInst>(leaf)) leaf = cast->getOperand(0);
  auto* load = dyn_cast<LoadInst>(leaf);
  if (!load || !load->isSimple() || !loop.contains(load) || !feeds_only(load, links) ||
      !a.dominators.dominates(load->getParent(), loop.getLoopLatch()))
    return std::nullopt;
  const auto* address = dyn_cast<SCEVAddRecExpr>(a.scev.getSCEV(load->getPointerOperand()));
  if (!address || address->getLoop() != &loop || !address->isAffine() ||
      !isa<SCEVConstant>(address->getStepRecurrence(a.scev)))
    return std::nullopt;
  SmallVector<const Value*, 4> read;
  getUnderlyingObjects(load->getPointerOperand(), read, nullptr, 0);
  for (const Value* object : written)
    if (is_contained(read, object)) return std::nullopt;
  LaneLoad l{load, address};
  for (const Leaf& use : leaves) {
    if (use.value == load) l.uses.push_back({use.chain, 0u, load->getType()});
    else if (auto* cast = dyn_cast<CastInst>(use.value); cast && cast->getOperand(0) == load)
      l.uses.push_back({use.chain, cast->getOpcode(), cast->getType()});
  }
  sort(l.uses);
  return l;
}

// Step 4 for one group of loads (the same step, starts a constant apart): true
// where rewritten.
bool spread_loads(SmallVectorImpl<LaneLoad>& loads, const Loop& loop, std::uint64_t lanes, Analyses& a) {
  Type* element = loads.front().load->getType();
  const TypeSize size = a.layout.getTypeStoreSize(element);
  if (size.isScalable() || size != a.layout.getTypeAllocSize(element) || !isPowerOf2_64(size.getFixedValue()))
    return false;
  const auto e = static_cast<std::int64_t>(size.getFixedValue());
  const auto* step = cast<SCEVConstant>(loads.front().address->getStepRecurrence(a.scev));
  const std::int64_t stride = step->getAPInt().getSExtValue();
  if (stride <= e || stride % e != 0 || stride / e != static_cast<std::int64_t>(loads.size())) return false;
  // The offsets from the lowest: 0, e, .., (c-1)*e, each once.
  const std::int64_t lowest = std::min_element(loads.begin(), loads.end(), [](const LaneLoad& x, const LaneLoad& y) {
                                return x.offset < y.offset;
                              })->offset;
  const SCEV* base =  // the group's lowest address (offsets are from its first load's)
      a.scev.getAddExpr(loads.front().address->getStart(), a.scev.getConstant(step->getType(), lowest, true));
  SmallVector<bool, 16> taken(loads.size(), false);
  for (LaneLoad& l : loads) {
    if (l.load->getType() != element || l.uses != loads.front().uses) return false;
    l.offset -= lowest;
    if (l.offset % e != 0 || l.offset / e >= static_cast<std::int64_t>(loads.size()) || taken[l.offset / e])
      return false;
    taken[l.offset / e] = true;
  }
  SCEVExpander expander(a.scev, "weft.lane.address");
  for (LaneLoad& l : loads) {
    const std::int64_t start = l.offset / e * static_cast<std::int64_t>(lanes) * e;
    const SCEV* address =
        a.scev.getAddRecExpr(a.scev.getAddExpr(base, a.scev.getConstant(step->getType(), start, true)),
                             a.scev.getConstant(step->getType(), e, true), &loop, SCEV::FlagAnyWrap);
    Value* pointer = expander.expandCodeFor(address, l.load->getPointerOperandType(), l.load->getIterator());
    l.load->setOperand(l.load->getPointerOperandIndex(), pointer);
    l.load->setAlignment(std::min(l.load->getAlign(), Align(static_cast<std::uint64_t>(e))));
  }
  return true;
}

// Steps 3 and 4 for one lane loop: the number of groups rewritten.
unsigned rewrite_lane_loop(const Loop& loop, std::uint64_t lanes, ArrayRef<StoreInst*> stores, Analyses& a) {
  SmallVector<Leaf, 32> leaves;
  const auto links = lane_chains(stores, loop, a, leaves);
  // Only a pointer based on a stack object whose address is never taken reaches it.
  SmallVector<const Value*, 4> written;
  for (StoreInst* store : stores) {
    const Value* object = getUnderlyingObject(store->getPointerOperand(), 0);
    if (is_contained(written, object)) continue;
    if (PointerMayBeCaptured(object, true, capture_search_limit)) return 0;
    written.push_back(object);
  }
  // The candidate loads, each once, in groups whose starts are a constant apart.
  SmallPtrSet<LoadInst*, 16> seen;
  SmallVector<SmallVector<LaneLoad, 8>, 4> groups;
  for (const Leaf& leaf : leaves) {
    auto l = lane_load(leaf.value, loop, written, links, leaves, a);
    if (!l || !seen.insert(l->load).second) continue;
    bool placed = false;
    for (auto& group : groups) {
      const LaneLoad& first = group.front();
      if (first.address->getStepRecurrence(a.scev) != l->address->getStepRecurrence(a.scev)) continue;
      const auto* offset =
          dyn_cast<SCEVConstant>(a.scev.getMinusSCEV(l->address->getStart(), first.address->getStart()));
      if (!offset) continue;
      l->offset = offset->getAPInt().getSExtValue();
      group.push_back(*l);
      placed = true;
      break;
    }
    if (!placed) groups.push_back({*l});
  }
  unsigned rewritten = 0;
  for (auto& group : groups) rewritten += group.size() > 1 && spread_loads(group, loop, lanes, a);
  // A lane's partial sums are now of other elements: one may overflow (or become
  // infinite) where the item's own did not, which the links' no-wrap (no-inf) flags
  // would make poison.
  if (rewritten > 0)
    for (Instruction* link : links) link->dropPoisonGeneratingFlags();
  return rewritten;
}

}  // namespace

PreservedAnalyses ReductionLanesPass::run(Function& f, FunctionAnalysisManager& analyses) {
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  SmallVector<Loop*, 4> lane_loops;
  for (Loop* loop : loops.getLoopsInPreorder()) {
    if (!getBooleanLoopAttribute(loop, "llvm.loop.pipeline.disable")) continue;
    for (Loop* inner : loop->getSubLoops())
      if (inner->isInnermost() && inner->getLoopLatch() && inner->getExitingBlock()) lane_loops.push_back(inner);
  }
  if (lane_loops.empty()) return PreservedAnalyses::all();

  Analyses a{analyses.getResult<ScalarEvolutionAnalysis>(f), analyses.getResult<DominatorTreeAnalysis>(f),
             f.getDataLayout()};
  function_backup backup(f);  // (a rewrite LLVM's verifier rejects is undone)
  unsigned rewritten = 0;
  for (Loop* loop : lane_loops) {
    const unsigned lanes = a.scev.getSmallConstantTripCount(loop);
    auto stores = local_stores(*loop);
    if (lanes < 2 || !stores) continue;
    rewritten += rewrite_lane_loop(*loop, lanes, *stores, a);
    a.scev.forgetLoop(loop);
  }
  if (rewritten == 0) return PreservedAnalyses::all();
  OptimizationRemarkEmitter& remarks = analyses.getResult<OptimizationRemarkEmitterAnalysis>(f);
  if (backup.broken()) {
    backup.restore();
    remarks.emit([&] {
      return OptimizationRemarkMissed(pass_name, "ReductionLanesUndone", &f.getEntryBlock().front())
             << "the reduction's items keep their own elements: the rewrite failed LLVM's verifier (a bug in "
                "Weft's plugin: please report it with this kernel)";
    });
    return PreservedAnalyses::none();
  }
  remarks.emit([&] {
    return OptimizationRemark(pass_name, "ReductionLanes", &f.getEntryBlock().front())
           << "range reduction: " << ore::NV("Groups", rewritten)
           << " groups of the items' strided loads spread across the lanes of the block, so that they widen into "
              "consecutive loads";
  });
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}

}  // namespace weft::compiler
