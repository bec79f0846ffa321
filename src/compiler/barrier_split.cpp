// weft-barrier-split (barrier_split.hpp). The steps, in run():
//  1. read the launch's contract: the marker call weft_split_active(ranges...,
//     independent), the local-id calls, the barrier calls (weft_split_form() is
//     folded first: true where the marker is, false in every other function);
//  2. decide: every barrier must be reached by all items alike (no branch or loop
//     exit on a value that differs between items controls it), and no call may hide a
//     barrier the pass cannot see; otherwise the marker becomes false (fibers run the
//     kernel) and a remark says why (a loop's entry test that jump threading took off
//     an item guard's side is put back first, rejoin_threaded_guards);
//  3. cut: each barrier call gets a block of its own; a region is the code reachable
//     from the entry or from a barrier without crossing another barrier;
//  4. keep per item what crosses a barrier: values into slots (demotion), private
//     variables used on both sides into per-item arrays;
//  5. build: one loop nest over the group's items per region (its body a copy of the
//     region; leaving at barrier k records k for the item where the region has more
//     than one exit), and a dispatcher that runs the next region: straight on after a
//     region of one exit, by item 0's record where the items provably leave alike,
//     else after checking that all items recorded the same barrier;
//     A copy of the function made before the cut comes back where LLVM's verifier
//     rejects the result: the marker becomes false and a remark says so;
//  6. tidy, unswitch the region loops, narrow them (region_loops.hpp);
//  7. prefetch a later group's input after the entry region (next_group_prefetch.hpp).
#include "barrier_split.hpp"

#include "function_backup.hpp"
#include "kernel_name.hpp"
#include "next_group_prefetch.hpp"
#include "region_loops.hpp"

#include <llvm/ADT/BitVector.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/InstructionSimplify.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/ValueHandle.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/LICM.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimpleLoopUnswitch.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <optional>
#include <string>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-barriers";
constexpr StringLiteral marker_name = "weft_split_active";
constexpr StringLiteral local_id_name = "weft_split_local_id";
constexpr StringLiteral frames_name = "weft_split_frames";
constexpr StringLiteral released_name = "weft_split_released";
constexpr StringLiteral diverged_name = "weft_split_diverged";
constexpr StringLiteral split_form_name = "weft_split_form";
constexpr StringLiteral work_group_barrier = "_ZN4weft6kernel18work_group_barrierEv";
constexpr StringLiteral sub_group_barrier = "_ZN4weft6kernel17sub_group_barrierEv";
constexpr std::uint32_t sub_group_bit = 0x80000000u;  // in an item's exit (weft_split_diverged)

// Testing only: treats every split as one LLVM's verifier rejected (the path back to fibers).
cl::opt<bool> reject_every_split("weft-split-reject", cl::Hidden, cl::init(false),
                                 cl::desc("weft-barrier-split: undo every split, as if the verifier had rejected it"));

StringRef callee_name(const CallBase& call) {
  const Function* f = call.getCalledFunction();
  return f ? f->getName() : StringRef();
}
bool calls(const Instruction& inst, StringRef name) {
  const auto* call = dyn_cast<CallBase>(&inst);
  return call && callee_name(*call) == name;
}
bool is_barrier(const Instruction& inst) { return calls(inst, work_group_barrier) || calls(inst, sub_group_barrier); }

// ---- 1. the contract ------------------------------------------------------------------

struct item_code {
  CallInst* marker = nullptr;
  Value* range[3] = {};
  bool independent = false;
  WeakTrackingVH group;  // the group's id in its last dimension (null once the split erases it)
  SmallVector<CallInst*, 8> barriers;
};

std::optional<item_code> read_item_code(Function& f) {
  item_code code;
  for (Instruction& inst : instructions(f)) {
    auto* call = dyn_cast<CallInst>(&inst);
    if (!call) continue;
    if (callee_name(*call) == marker_name && call->arg_size() == 5) code.marker = call;
    else if (is_barrier(*call)) code.barriers.push_back(call);
  }
  if (!code.marker) return std::nullopt;
  for (int d = 0; d < 3; ++d) code.range[d] = code.marker->getArgOperand(d);
  const auto* independent = dyn_cast<ConstantInt>(code.marker->getArgOperand(3));
  code.independent = independent && !independent->isZero();
  code.group = code.marker->getArgOperand(4);
  return code;
}

// ---- 2. the decision --------------------------------------------------------------------

// Declarations a call may reach without hiding a barrier: intrinsics, the C
// library, functions that cannot synchronise, and Weft's and the C++ runtime's
// own (the only barriers among them are the split points themselves).
bool declaration_without_barrier(const Function& callee, const TargetLibraryInfo& library) {
  if (callee.isIntrinsic() || callee.hasFnAttribute(Attribute::NoSync) || callee.onlyReadsMemory()) return true;
  LibFunc function;
  if (library.getLibFunc(callee, function)) return true;
  const StringRef name = callee.getName();
  for (StringRef prefix :
       {"_ZN4weft", "_ZNK4weft", "_ZN4sycl", "_ZNK4sycl", "_ZSt", "_ZNSt", "_ZNKSt", "__cxa_", "_Unwind_", "weft_"})
    if (name.starts_with(prefix)) return true;
  return false;
}

// Why calling `callee` might reach a barrier the pass cannot split, or empty.
std::string hidden_barrier(const Function* callee, const TargetLibraryInfo& library,
                           SmallPtrSetImpl<const Function*>& seen) {
  if (!callee) return "the work item calls a function through a pointer, which might reach a barrier";
  if (!seen.insert(callee).second) return {};
  const StringRef name = callee->getName();
  if (name == work_group_barrier || name == sub_group_barrier)
    return "a barrier is inside a function that was not inlined into the kernel";
  if (callee->isDeclaration()) {
    if (declaration_without_barrier(*callee, library)) return {};
    return "the work item calls " + demangle(name.str()) +
           ", which the plugin cannot see into (it might reach a barrier)";
  }
  for (const Instruction& inst : instructions(*callee))
    if (const auto* call = dyn_cast<CallBase>(&inst); call && !call->isInlineAsm())
      if (std::string why = hidden_barrier(call->getCalledFunction(), library, seen); !why.empty()) return why;
  return {};
}

// Weft's thread-locals (weft/target/cpu/local_memory.hpp).
bool weft_thread_local(const Value* v) {
  const auto* call = dyn_cast<IntrinsicInst>(v);
  if (!call || call->getIntrinsicID() != Intrinsic::threadlocal_address) return false;
  const auto* global = dyn_cast<GlobalVariable>(call->getArgOperand(0));
  return global && global->getName().starts_with("_ZN4weft6kernel6detail");
}
// One of the thread-locals the launch sets before the group runs and its items only
// read (not the group objects, which items change).
bool read_only_thread_local(const Value* pointer) {
  if (!weft_thread_local(pointer)) return false;
  const StringRef name = cast<IntrinsicInst>(pointer)->getArgOperand(0)->getName();
  return name == "_ZN4weft6kernel6detail17local_memory_baseE" ||
         name == "_ZN4weft6kernel6detail18local_memory_bytesE" ||
         name == "_ZN4weft6kernel6detail18group_scratch_baseE" || name == "_ZN4weft6kernel6detail11task_serialE" ||
         name == "_ZN4weft6kernel6detail20running_group_linearE";
}
// Memory no item writes while the group runs: the launch's task object (argument 0,
// which holds the kernel's copy), a by-value argument.
bool read_only_argument(const Value* object) {
  const auto* argument = dyn_cast<Argument>(object);
  return argument && (argument->getArgNo() == 0 || argument->hasByValAttr());
}

// Which values may differ between the items of a group, and which blocks only some
// of them run. Conservative: a load gives every item the same value only from the
// same address outside private memory (a store by another item between them would
// be a data race), a call's result only where the call reads no memory. `proof`
// trusts no such race-freedom: a load gives every item the same value only from
// memory no item writes (a racy program could otherwise take different paths
// where the default analysis sees one).
enum class variance_rule { race_free, proof };

class item_variance {
 public:
  item_variance(Function& f, PostDominatorTree& postdom, LoopInfo& loops, variance_rule rule = variance_rule::race_free)
      : m_rule(rule) {
    for (bool changed = true; changed;) {
      changed = false;
      for (Instruction& inst : instructions(f))
        if (!m_varying.contains(&inst) && varies_now(inst)) changed = m_varying.insert(&inst).second;
      for (BasicBlock& block : f) {
        const Instruction* term = block.getTerminator();
        if (term->getNumSuccessors() < 2 || m_branching.contains(&block) || !varying_condition(*term)) continue;
        m_branching.insert(&block);
        mark_region(block, postdom);
        changed = true;
      }
      // A loop left at different iterations by different items: what it computes
      // differs after it (temporal divergence).
      for (Loop* loop : loops.getLoopsInPreorder()) {
        SmallVector<BasicBlock*, 4> exiting;
        loop->getExitingBlocks(exiting);
        if (!any_of(exiting, [&](BasicBlock* b) { return m_branching.contains(b); })) continue;
        for (BasicBlock* block : loop->blocks())
          for (Instruction& inst : *block)
            if (!m_varying.contains(&inst) &&
                any_of(inst.users(), [&](User* u) { return !loop->contains(cast<Instruction>(u)->getParent()); }))
              changed = m_varying.insert(&inst).second;
      }
    }
  }
  bool varies(const Value* v) const { return m_varying.contains(v); }
  bool divergent(const BasicBlock* block) const { return m_divergent.contains(block); }

 private:
  bool varying_condition(const Instruction& term) const {
    if (const auto* branch = dyn_cast<BranchInst>(&term)) return varies(branch->getCondition());
    if (const auto* sw = dyn_cast<SwitchInst>(&term)) return varies(sw->getCondition());
    return true;
  }

  // The blocks a branch that differs between items controls (up to where its paths
  // join again), and the joins, whose phis then differ.
  void mark_region(BasicBlock& block, PostDominatorTree& postdom) {
    const DomTreeNode* node = postdom.getNode(&block);
    const BasicBlock* join = node && node->getIDom() ? node->getIDom()->getBlock() : nullptr;
    if (join) m_joins.insert(join);
    SmallVector<BasicBlock*, 16> work(successors(&block));
    while (!work.empty()) {
      BasicBlock* b = work.pop_back_val();
      if (b == join || !m_divergent.insert(b).second) continue;
      append_range(work, successors(b));
    }
  }

  bool varies_now(const Instruction& inst) const {
    if (calls(inst, local_id_name)) return true;
    if (calls(inst, marker_name) || isa<AllocaInst>(inst)) return false;
    if (const auto* phi = dyn_cast<PHINode>(&inst))
      return m_divergent.contains(phi->getParent()) || m_joins.contains(phi->getParent()) ||
             any_of(phi->incoming_values(), [&](const Value* v) { return varies(v); });
    if (const auto* load = dyn_cast<LoadInst>(&inst)) {
      const Value* object = getUnderlyingObject(load->getPointerOperand());
      if (m_rule == variance_rule::proof && !read_only_argument(object) &&
          !read_only_thread_local(load->getPointerOperand()))
        return true;
      return !load->isSimple() || varies(load->getPointerOperand()) || isa<AllocaInst>(object);
    }
    if (isa<AtomicRMWInst>(inst) || isa<AtomicCmpXchgInst>(inst)) return true;
    if (const auto* call = dyn_cast<CallBase>(&inst))
      if (!call->doesNotAccessMemory()) return !inst.getType()->isVoidTy();
    return any_of(inst.operands(), [&](const Value* v) { return varies(v); });
  }

  variance_rule m_rule;
  SmallPtrSet<const Value*, 32> m_varying;
  SmallPtrSet<const BasicBlock*, 16> m_branching, m_divergent, m_joins;
};

constexpr const char* divergent_barrier =
    "a barrier is reached only by some items (it is under a branch, or in a loop, that items take differently)";

// Why the pass leaves the function to fibers, or empty.
std::string refusal(Function& f, const item_code& code, const TargetLibraryInfo& library,
                    const item_variance& variance) {
  for (int d = 0; d < 3; ++d)
    if (!isa<Argument>(code.range[d]) && !isa<ConstantInt>(code.range[d]))
      return "the work-group range is not an argument of the item's function";
  for (Instruction& inst : instructions(f)) {
    if (isa<InvokeInst>(inst) || isa<CallBrInst>(inst) || inst.isEHPad()) return "the work item catches exceptions";
    if (const auto* alloca = dyn_cast<AllocaInst>(&inst);
        alloca &&
        (!alloca->isStaticAlloca() || alloca->getParent() != &f.getEntryBlock() || alloca->getAlign() > Align(64)))
      return "the work item has a private array of variable size or over-aligned";
    const auto* call = dyn_cast<CallBase>(&inst);
    if (!call || call->isInlineAsm() || is_barrier(inst) || calls(inst, marker_name)) continue;
    if (calls(inst, local_id_name)) {
      if (!isa<ConstantInt>(call->getArgOperand(0))) return "a local id of a dimension not known at compile time";
      continue;
    }
    SmallPtrSet<const Function*, 16> seen;
    if (std::string why = hidden_barrier(call->getCalledFunction(), library, seen); !why.empty()) return why;
  }
  for (const CallInst* barrier : code.barriers)
    if (variance.divergent(barrier->getParent())) return divergent_barrier;
  return {};
}

// A guard that LLVM's jump threading took a loop's entry test out of: `x = gid < n ?
// in[gid] : 0;` before `for (o = 0; o < n; o += l) { ...barrier... }`. On the guard's
// side n > 0 is known, so that side jumps into the loop and only the other tests
// `n == 0`: the loop (and its barriers) is then reached from the guard's branch,
// which differs between items. Where the guard implies the test's outcome
// (isImpliedCondition), the test goes back on the guard's side too (it passes there,
// as the guard implies: nothing changes), and the guard's branch joins again before
// the test, which is the same for all items. The shape:
//   D: br c, S1, S2   (c differs between items)
//   S1: ...; br B     (one predecessor, D)
//   S2: (speculatable) ...; br u, B, E or br u, E, B   (one predecessor, D; u the same for all)
// becomes S1: br S2, with B's phis' values from S1 passed through new phis in S2.
bool rejoin_threaded_guards(Function& f, const item_variance& variance) {
  bool changed = false;
  const DataLayout& layout = f.getDataLayout();
  for (BasicBlock& d : f) {
    auto* guard = dyn_cast<BranchInst>(d.getTerminator());
    if (!guard || !guard->isConditional() || !variance.varies(guard->getCondition())) continue;
    for (unsigned side = 0; side < 2; ++side) {
      BasicBlock* s1 = guard->getSuccessor(side);
      BasicBlock* s2 = guard->getSuccessor(1 - side);
      auto* jump = dyn_cast<BranchInst>(s1->getTerminator());
      auto* test = dyn_cast<BranchInst>(s2->getTerminator());
      if (s1 == s2 || !jump || jump->isConditional() || !test || !test->isConditional() ||
          s1->getSinglePredecessor() != &d || s2->getSinglePredecessor() != &d || variance.varies(test->getCondition()))
        continue;
      BasicBlock* b = jump->getSuccessor(0);
      const int into = test->getSuccessor(0) == b ? 0 : test->getSuccessor(1) == b ? 1 : -1;
      if (into < 0 || test->getSuccessor(0) == test->getSuccessor(1)) continue;
      if (!all_of(*s2, [&](Instruction& inst) {
            return &inst == test || (!isa<PHINode>(inst) && isSafeToSpeculativelyExecute(&inst));
          }))
        continue;
      // On S1's side c is `side == 0`; S1's items must take the test's branch into B.
      const std::optional<bool> implied = isImpliedCondition(guard->getCondition(), test->getCondition(), layout,
                                                             /*LHSIsTrue=*/side == 0);
      if (!implied || *implied != (into == 0)) continue;
      if (any_of(b->phis(), [&](PHINode& phi) {
            const auto* from_s2 = dyn_cast<Instruction>(phi.getIncomingValueForBlock(s2));
            return from_s2 && from_s2->getParent() == s2;
          }))
        continue;
      for (PHINode& phi : b->phis()) {
        Value* from_s1 = phi.getIncomingValueForBlock(s1);
        Value* from_s2 = phi.getIncomingValueForBlock(s2);
        if (from_s1 != from_s2) {  // (a phi of one value would differ between items to the analysis: a join's)
          PHINode* through = PHINode::Create(phi.getType(), 2, phi.getName() + ".rejoined", s2->begin());
          through->addIncoming(from_s2, &d);
          through->addIncoming(from_s1, s1);
          phi.setIncomingValueForBlock(s2, through);
        }
        phi.removeIncomingValue(s1, /*DeletePHIIfEmpty=*/false);
      }
      jump->setSuccessor(0, s2);
      changed = true;
      break;
    }
  }
  return changed;
}

// ---- 3.-5. the split ------------------------------------------------------------------------

struct region {
  BasicBlock* start = nullptr;
  SmallVector<BasicBlock*, 16> blocks;  // in function order
  SmallPtrSet<BasicBlock*, 16> contains;
};

class splitter {
 public:
  splitter(Function& f, const item_code& code, const item_variance& variance, const item_variance& proven)
      : m_f(f),
        m_code(code),
        m_variance(variance),
        m_proven(proven),
        m_ctx(f.getContext()),
        m_layout(f.getDataLayout()) {}

  // Returns the number of regions.
  unsigned run() {
    cut_at_barriers();
    find_regions();
    compute_reach();
    demote_values_across_barriers();
    classify_allocas();
    build();
    return static_cast<unsigned>(m_regions.size());
  }

 private:
  // 3. Each barrier call alone in its block; the code after it starts a region.
  void cut_at_barriers() {
    for (CallInst* call : m_code.barriers) {
      // (Split even where the call comes first: its block may be the previous
      // barrier's `after`, which must stay a region's start.)
      BasicBlock* origin = call->getParent();
      BasicBlock* block = origin->splitBasicBlock(call, "barrier");
      BasicBlock* after = block->splitBasicBlock(call->getNextNode(), "after.barrier");
      if (auto found = m_origin.find(origin); found != m_origin.end()) origin = found->second;
      m_origin[block] = m_origin[after] = origin;
      m_barrier_index[block] = static_cast<unsigned>(m_barriers.size()) + 1;
      m_barriers.push_back({block, after, calls(*call, sub_group_barrier)});
    }
  }

  void find_regions() {
    m_regions.resize(m_barriers.size() + 1);
    m_regions[0].start = &m_f.getEntryBlock();
    for (std::size_t k = 0; k < m_barriers.size(); ++k) m_regions[k + 1].start = m_barriers[k].after;
    for (region& r : m_regions) {
      SmallVector<BasicBlock*, 16> work{r.start};
      while (!work.empty()) {
        BasicBlock* b = work.pop_back_val();
        if (m_barrier_index.count(b) || !r.contains.insert(b).second) continue;
        append_range(work, successors(b));
      }
      for (BasicBlock& b : m_f)
        if (r.contains.contains(&b)) r.blocks.push_back(&b);
    }
  }

  // across(d)[u]: a path from block d through a barrier reaches block u, so a value
  // defined in d and used in u crosses a barrier.
  void compute_reach() {
    unsigned n = 0;
    for (BasicBlock& b : m_f) m_index[&b] = n++;
    std::vector<BitVector> reach(n, BitVector(n));
    for (BasicBlock& b : m_f) {
      BitVector& r = reach[m_index[&b]];
      SmallVector<BasicBlock*, 16> work(successors(&b));
      while (!work.empty()) {
        BasicBlock* s = work.pop_back_val();
        if (r.test(m_index[s])) continue;
        r.set(m_index[s]);
        append_range(work, successors(s));
      }
    }
    m_across.assign(n, BitVector(n));
    for (BasicBlock& b : m_f)
      for (const barrier_block& barrier : m_barriers)
        if (reach[m_index[&b]].test(m_index[barrier.block])) {
          m_across[m_index[&b]] |= reach[m_index[barrier.after]];
          m_across[m_index[&b]].set(m_index[barrier.after]);
        }
  }
  bool across(const BasicBlock* def, const BasicBlock* use) const {
    return m_across[m_index.lookup(def)].test(m_index.lookup(use));
  }

  // 4. A value used across a barrier is computed again after it where that is cheap
  // (recomputable), else kept in a slot: stored after its definition, loaded at
  // each use across the barrier (the uses on the same side keep the value itself).
  // The slot is per item, except for a value every item computes alike whose uses
  // across a barrier are reached from it only through a barrier: one slot then
  // serves all items. Where such a use and the definition share a region (a loop
  // counter), only the group's last item stores: items run in order, so every item
  // reads the previous pass's value before the last one overwrites it.
  void demote_values_across_barriers() {
    // (Which values are recomputed is decided first: each use gets its own copies, so
    // a value's recomputed operands no longer share instructions.)
    struct crossing_value {
      Instruction* inst;
      SmallVector<Use*, 4> uses;
      bool recompute;
    };
    SmallVector<crossing_value, 16> crossing;
    for (Instruction& inst : instructions(m_f)) {
      if (inst.getType()->isVoidTy() || isa<AllocaInst>(inst) || calls(inst, local_id_name)) continue;
      SmallVector<Use*, 4> uses;
      for (Use& use : inst.uses())
        if (crosses(inst, use)) uses.push_back(&use);
      if (!uses.empty()) crossing.push_back({&inst, uses, recomputable(&inst)});
    }
    for (auto& [inst, uses, recompute_it] : crossing) {
      if (recompute_it) {
        for (Use* use : uses) {
          DenseMap<Value*, Value*> copies;
          use->set(recompute(inst, use_point(*use), copies));
        }
        continue;
      }
      bool shared = !m_variance.varies(inst), last_item_only = false;
      for (Use* use : uses) {
        const BasicBlock* at = use_point(*use)->getParent();
        shared &= !reachable_without_barrier(inst->getParent(), at);
        for (const region& r : m_regions)
          last_item_only |= r.contains.contains(inst->getParent()) && r.contains.contains(at);
      }
      IRBuilder<> entry(&m_f.getEntryBlock(), m_f.getEntryBlock().begin());
      AllocaInst* slot = entry.CreateAlloca(inst->getType(), nullptr, inst->getName() + ".slot");
      IRBuilder<> after(inst->getParent(),
                        isa<PHINode>(inst) ? inst->getParent()->getFirstInsertionPt() : std::next(inst->getIterator()));
      StoreInst* store = after.CreateStore(inst, slot);
      for (Use* use : uses) {
        IRBuilder<> at(use_point(*use));
        use->set(at.CreateLoad(inst->getType(), slot, inst->getName() + ".reload"));
      }
      (shared ? m_shared_slots : m_per_item).insert(slot);
      if (shared && last_item_only) m_last_item_stores.insert(store);
    }
  }
  // A use crosses a barrier where a path from the definition reaches it through a
  // barrier without running the definition again: a path back through the defining
  // block gives the use the value of that later pass (a loop's counter used after its
  // increment in the same iteration stays in a register, even with a barrier in the loop).
  bool crosses(const Instruction& def, const Use& use) const {
    // (Within one block no barrier lies between: a barrier is alone in its block.)
    const BasicBlock* at = use_point(use)->getParent();
    return at != def.getParent() && across(def.getParent(), at) &&
           reached_through_barrier(def.getParent()).test(m_index.lookup(at));
  }
  // The blocks a path from the end of `def` reaches through a barrier without
  // entering `def` again.
  const BitVector& reached_through_barrier(const BasicBlock* def) const {
    if (auto found = m_through_barrier.find(def); found != m_through_barrier.end()) return found->second;
    const unsigned n = static_cast<unsigned>(m_index.size());
    BitVector seen[2] = {BitVector(n), BitVector(n)};  // [a barrier lies behind]
    SmallVector<std::pair<const BasicBlock*, bool>, 32> work;
    for (const BasicBlock* s : successors(def)) work.push_back({s, false});
    while (!work.empty()) {
      auto [b, behind] = work.pop_back_val();
      if (b == def || seen[behind].test(m_index.lookup(b))) continue;
      seen[behind].set(m_index.lookup(b));
      const bool next = behind || m_barrier_index.count(b);
      for (const BasicBlock* s : successors(b)) work.push_back({s, next});
    }
    return m_through_barrier.try_emplace(def, std::move(seen[1])).first->second;
  }
  static Instruction* use_point(const Use& use) {
    auto* user = cast<Instruction>(use.getUser());
    if (auto* phi = dyn_cast<PHINode>(user)) return phi->getIncomingBlock(use)->getTerminator();
    return user;
  }
  bool reachable_without_barrier(const BasicBlock* from, const BasicBlock* to) const {
    SmallVector<const BasicBlock*, 16> work(successors(from));
    SmallPtrSet<const BasicBlock*, 32> seen;
    while (!work.empty()) {
      const BasicBlock* b = work.pop_back_val();
      if (b == to) return true;
      if (m_barrier_index.count(b) || !seen.insert(b).second) continue;
      append_range(work, successors(b));
    }
    return false;
  }

  // A value cheaper to compute again after a barrier than to keep per item:
  // arithmetic on arguments, constants and local ids, and loads the items only
  // read: from the launch's task object (argument 0, which holds the kernel's copy)
  // or a by-value argument, or from Weft's thread-locals (the group's local memory
  // and scratch, set before the group runs).
  // The cost is the number of instructions a use copies: each once (recompute shares
  // them), so a value built from the same bases twice costs what its copy does.
  bool recomputable(const Value* v) const {
    SmallPtrSet<const Instruction*, 32> copied;
    return copies_to_recompute(v, copied);
  }
  static constexpr unsigned max_recompute_cost = 32;  // instructions copied per use
  // Adds the instructions recomputing v copies to `copied`; false where one cannot be
  // copied or there are more than max_recompute_cost.
  bool copies_to_recompute(const Value* v, SmallPtrSetImpl<const Instruction*>& copied) const {
    if (isa<Argument>(v) || isa<Constant>(v)) return true;
    const auto* inst = dyn_cast<Instruction>(v);
    if (!inst) return false;
    if (copied.contains(inst)) return true;
    copied.insert(inst);
    if (copied.size() > max_recompute_cost) return false;
    if (calls(*inst, local_id_name) || weft_thread_local(inst)) return true;
    if (const auto* load = dyn_cast<LoadInst>(inst)) {
      const Value* pointer = load->getPointerOperand();
      const bool read_only = read_only_argument(getUnderlyingObject(pointer)) || read_only_thread_local(pointer);
      return load->isSimple() && read_only && copies_to_recompute(pointer, copied);
    }
    if (isa<PHINode>(inst) || isa<AllocaInst>(inst) || inst->mayReadOrWriteMemory() || inst->mayHaveSideEffects() ||
        (isa<CallBase>(inst) && !isa<IntrinsicInst>(inst)))
      return false;
    for (const Value* op : inst->operands())
      if (!isa<BasicBlock>(op) && !isa<Function>(op) && !copies_to_recompute(op, copied)) return false;
    return true;
  }
  static Value* recompute(Value* v, Instruction* before, DenseMap<Value*, Value*>& copies) {
    auto* inst = dyn_cast<Instruction>(v);
    if (!inst) return v;
    if (auto found = copies.find(v); found != copies.end()) return found->second;
    Instruction* copy = inst->clone();
    for (Use& op : copy->operands()) op.set(recompute(op.get(), before, copies));
    copy->insertBefore(before->getIterator());
    copy->setName(inst->getName() + ".again");
    copies[v] = copy;
    return copy;
  }

  // A private variable whose contents cross a barrier, or whose address escapes,
  // gets an element per item; the others stay one variable the items use in turn.
  void classify_allocas() {
    for (Instruction& inst : m_f.getEntryBlock()) {
      auto* alloca = dyn_cast<AllocaInst>(&inst);
      if (!alloca || m_per_item.contains(alloca) || m_shared_slots.contains(alloca)) continue;
      SmallPtrSet<BasicBlock*, 8> blocks;
      bool per_item = escapes(alloca, blocks);
      for (BasicBlock* a : blocks)
        for (BasicBlock* b : blocks) per_item |= across(a, b);
      (per_item ? m_per_item : m_shared_private).insert(alloca);
    }
  }
  static bool escapes(AllocaInst* alloca, SmallPtrSetImpl<BasicBlock*>& blocks) {
    SmallVector<Value*, 8> work{alloca};
    SmallPtrSet<Value*, 8> seen;
    while (!work.empty()) {
      Value* v = work.pop_back_val();
      if (!seen.insert(v).second) continue;
      for (User* u : v->users()) {
        auto* inst = cast<Instruction>(u);
        blocks.insert(inst->getParent());
        if (isa<GetElementPtrInst>(inst) || isa<BitCastInst>(inst) || isa<PHINode>(inst) || isa<SelectInst>(inst))
          work.push_back(inst);
        else if (auto* store = dyn_cast<StoreInst>(inst); store && store->getValueOperand() == v) return true;
        else if (auto* call = dyn_cast<CallBase>(inst);
                 call && !isa<MemIntrinsic>(call) && !call->isLifetimeStartOrEnd())
          return true;
        else if (!isa<LoadInst>(inst) && !isa<StoreInst>(inst) && !isa<CallBase>(inst)) return true;
      }
    }
    return false;
  }

  // How a region's items leave it: all by its one exit (a barrier, or the end of the
  // kernel), by one of several that every item provably takes alike (each branch
  // choosing among them is the same for all items, with no load of memory an item
  // may write deciding it), or by exits the dispatcher checks.
  enum class exit_kind { single, same, checked };
  struct region_exit {
    exit_kind kind;
    std::optional<unsigned> barrier;  // the one exit's barrier (single; none: the end)
  };
  region_exit exit_of(const region& r) const {
    SmallVector<std::optional<unsigned>, 4> exits;
    bool alike = true;
    auto add = [&](std::optional<unsigned> exit, const BasicBlock* at) {
      if (!is_contained(exits, exit)) exits.push_back(exit);
      const auto origin = m_origin.find(at);  // (the analysis saw the blocks before the cut)
      alike &= !m_proven.divergent(origin == m_origin.end() ? at : origin->second);
    };
    for (unsigned k = 0; k < m_barriers.size(); ++k)
      if (any_of(predecessors(m_barriers[k].block), [&](BasicBlock* p) { return r.contains.contains(p); }))
        add(k, m_barriers[k].block);
    for (BasicBlock* block : r.blocks)
      if (isa<ReturnInst>(block->getTerminator())) add(std::nullopt, block);
    if (exits.size() == 1) return {exit_kind::single, exits.front()};
    return {alike && !exits.empty() ? exit_kind::same : exit_kind::checked, std::nullopt};
  }

  // 5. The loop nests and the dispatcher.
  struct nest {
    BasicBlock* preheader = nullptr;
    BasicBlock* body = nullptr;   // computes the linear id, then enters the region
    BasicBlock* latch = nullptr;  // the innermost latch: where an item's pass ends
    BasicBlock* done = nullptr;   // after the last item
    Value* id[3] = {};
    Value* linear = nullptr;
  };

  nest build_nest(unsigned r) {
    nest n;
    Type* i64 = Type::getInt64Ty(m_ctx);
    const std::string name = "region" + std::to_string(r);
    n.preheader = BasicBlock::Create(m_ctx, name, &m_f);
    BasicBlock* enter = n.preheader;
    SmallVector<std::pair<int, PHINode*>, 3> levels;
    for (int d = 0; d < 3; ++d) {
      n.id[d] = ConstantInt::get(i64, 0);
      if (const auto* c = dyn_cast<ConstantInt>(m_code.range[d]); c && c->isOne()) continue;
      BasicBlock* header = BasicBlock::Create(m_ctx, name + ".items" + std::to_string(d), &m_f);
      IRBuilder<>(enter).CreateBr(header);
      IRBuilder<> b(header);
      PHINode* id = b.CreatePHI(i64, 2, "local.id" + std::to_string(d));
      id->addIncoming(ConstantInt::get(i64, 0), enter);
      n.id[d] = id;
      levels.push_back({d, id});
      enter = header;
    }
    n.body = BasicBlock::Create(m_ctx, name + ".item", &m_f);
    IRBuilder<>(enter).CreateBr(n.body);
    IRBuilder<> b(n.body);
    b.SetCurrentDebugLocation(m_debug);
    Value* linear = ConstantInt::get(i64, 0);
    for (int d = 0; d < 3; ++d) linear = b.CreateAdd(b.CreateMul(linear, m_code.range[d]), n.id[d]);
    n.linear = linear;
    n.done = BasicBlock::Create(m_ctx, name + ".done", &m_f);
    BasicBlock* exit = n.done;
    // Latches, innermost first: each steps its id and repeats, or steps the level outside.
    SmallVector<BasicBlock*, 3> latches(levels.size());
    for (std::size_t l = 0; l < levels.size(); ++l)
      latches[l] = BasicBlock::Create(m_ctx, name + ".next" + std::to_string(levels[l].first), &m_f);
    for (std::size_t l = 0; l < levels.size(); ++l) {
      auto [d, id] = levels[l];
      IRBuilder<> lb(latches[l]);
      Value* step = lb.CreateAdd(id, ConstantInt::get(i64, 1), "", true, true);
      BasicBlock* outside = l == 0 ? exit : latches[l - 1];
      lb.CreateCondBr(lb.CreateICmpULT(step, m_code.range[d]), id->getParent(), outside);
      id->addIncoming(step, latches[l]);
    }
    if (levels.empty()) {
      n.latch = BasicBlock::Create(m_ctx, name + ".next", &m_f);
      IRBuilder<>(n.latch).CreateBr(exit);
    } else {
      n.latch = latches.back();
    }
    return n;
  }

  void build() {
    Type* i64 = Type::getInt64Ty(m_ctx);
    Type* i32 = Type::getInt32Ty(m_ctx);
    Type* i8 = Type::getInt8Ty(m_ctx);
    Type* ptr = PointerType::getUnqual(m_ctx);
    Module& module = *m_f.getParent();
    if (DISubprogram* sp = m_f.getSubprogram()) m_debug = DILocation::get(m_ctx, sp->getLine(), 0, sp);

    SmallVector<BasicBlock*, 32> original;
    for (BasicBlock& b : m_f) original.push_back(&b);
    SmallVector<CallInst*, 8> local_ids;
    for (Instruction& inst : instructions(m_f))
      if (calls(inst, local_id_name)) local_ids.push_back(cast<CallInst>(&inst));
    BasicBlock* old_entry = &m_f.getEntryBlock();
    BasicBlock* entry = BasicBlock::Create(m_ctx, "split.entry", &m_f, old_entry);
    for (Instruction& inst : make_early_inc_range(*old_entry))
      if (isa<AllocaInst>(inst)) inst.moveBefore(*entry, entry->end());
    IRBuilder<> b(entry);
    b.SetCurrentDebugLocation(m_debug);

    // In weft_split_frames(), each 64-byte aligned: the items' exits, an array per
    // per-item variable, and the shared slots (one element each: kept in memory, not
    // promoted to a value the item loop would carry from item to item).
    Value* items = ConstantInt::get(i64, 1);
    for (int d = 0; d < 3; ++d) items = b.CreateMul(items, m_code.range[d], "items");
    struct frame_array {
      AllocaInst* variable;
      std::uint64_t stride;
      bool per_item;
    };
    SmallVector<frame_array, 16> arrays;
    for (Instruction& inst : *entry)
      if (auto* alloca = dyn_cast<AllocaInst>(&inst);
          alloca && (m_per_item.contains(alloca) || m_shared_slots.contains(alloca))) {
        const std::uint64_t size = alloca->getAllocationSize(m_layout)->getFixedValue();
        arrays.push_back(
            {alloca, alignTo(std::max<std::uint64_t>(size, 1), alloca->getAlign()), m_per_item.contains(alloca)});
      }
    auto array_bytes = [&](std::uint64_t stride, bool per_item) -> Value* {
      if (!per_item) return ConstantInt::get(i64, alignTo(stride, 64));
      return b.CreateAnd(b.CreateAdd(b.CreateMul(items, ConstantInt::get(i64, stride)), ConstantInt::get(i64, 63)),
                         ConstantInt::get(i64, ~std::uint64_t{63}));
    };
    SmallVector<Value*, 16> offsets;
    Value* total = array_bytes(4, true);  // the exits
    for (const frame_array& a : arrays) {
      offsets.push_back(total);
      total = b.CreateAdd(total, array_bytes(a.stride, a.per_item));
    }
    FunctionCallee frames_fn = module.getOrInsertFunction(frames_name, ptr, i64);
    Value* frames = b.CreateCall(frames_fn, {total}, "frames");
    Value* exits = frames;
    SmallVector<Value*, 16> bases;
    for (Value* offset : offsets) bases.push_back(b.CreateGEP(i8, frames, offset));
    SmallPtrSet<Value*, 8> shared_bases;
    for (std::size_t a = 0; a < arrays.size(); ++a)
      if (!arrays[a].per_item) shared_bases.insert(bases[a]);
    Value* last_item = b.CreateSub(items, ConstantInt::get(i64, 1), "last");
    AllocaInst* released = b.CreateAlloca(b.getInt1Ty(), nullptr, "released");
    b.CreateStore(b.getFalse(), released);

    // The dispatcher: after a region, all items must have left at the same barrier.
    BasicBlock* dispatch = BasicBlock::Create(m_ctx, "dispatch", &m_f);
    BasicBlock* check = BasicBlock::Create(m_ctx, "dispatch.check", &m_f);
    BasicBlock* checked = BasicBlock::Create(m_ctx, "dispatch.same", &m_f);
    BasicBlock* diverged = BasicBlock::Create(m_ctx, "dispatch.diverged", &m_f);
    BasicBlock* finish = BasicBlock::Create(m_ctx, "finish", &m_f);

    // The regions.
    SmallVector<nest, 8> nests;
    SmallVector<region_exit, 8> region_exits;
    MDNode* group = m_code.independent ? MDNode::getDistinct(m_ctx, {}) : nullptr;
    for (unsigned r = 0; r < m_regions.size(); ++r) {
      nest n = build_nest(r);
      const region_exit how = exit_of(m_regions[r]);
      region_exits.push_back(how);
      const bool record = how.kind != exit_kind::single;  // each item its exit
      ValueToValueMapTy map;
      IRBuilder<> body(n.body);
      body.SetCurrentDebugLocation(m_debug);
      for (std::size_t a = 0; a < arrays.size(); ++a)
        map[arrays[a].variable] =
            arrays[a].per_item
                ? body.CreateGEP(i8, bases[a], body.CreateMul(n.linear, ConstantInt::get(i64, arrays[a].stride)))
                : bases[a];
      Value* exit_slot = body.CreateGEP(i32, exits, n.linear, "exit.slot");
      for (CallInst* id : local_ids) {  // (a copy of the call itself is replaced below)
        const auto dim = cast<ConstantInt>(id->getArgOperand(0))->getZExtValue();
        map[id] = dim < 3 ? n.id[dim] : ConstantInt::get(i64, 0);
      }
      SmallVector<BasicBlock*, 4> leaves;
      auto leave = [&](std::uint32_t exit_code, const Twine& name) {
        BasicBlock* leave_block = BasicBlock::Create(m_ctx, name, &m_f, n.latch);
        leaves.push_back(leave_block);
        IRBuilder<> lb(leave_block);
        lb.SetCurrentDebugLocation(m_debug);
        if (record) lb.CreateStore(ConstantInt::get(i32, exit_code), exit_slot);
        lb.CreateBr(n.latch);
        return leave_block;
      };
      for (std::size_t k = 0; k < m_barriers.size(); ++k)
        if (any_of(predecessors(m_barriers[k].block), [&](BasicBlock* p) { return m_regions[r].contains.contains(p); }))
          map[m_barriers[k].block] =
              leave(static_cast<std::uint32_t>(k + 1) | (m_barriers[k].sub_group ? sub_group_bit : 0),
                    "region" + std::to_string(r) + ".at.barrier" + std::to_string(k + 1));
      SmallVector<BasicBlock*, 16> copies;
      for (BasicBlock* block : m_regions[r].blocks) {
        BasicBlock* copy = CloneBasicBlock(block, map, ".r" + Twine(r), &m_f, nullptr, false);
        map[block] = copy;
        copies.push_back(copy);
      }
      remapInstructionsInBlocks(copies, map);
      body.CreateBr(cast<BasicBlock>(map[m_regions[r].start]));
      SmallPtrSet<BasicBlock*, 16> copy_set(copies.begin(), copies.end());
      for (BasicBlock* copy : copies) {
        for (PHINode& phi : make_early_inc_range(copy->phis()))
          for (unsigned i = phi.getNumIncomingValues(); i-- > 0;)
            if (!copy_set.contains(phi.getIncomingBlock(i))) phi.removeIncomingValue(i, false);
        for (Instruction& inst : make_early_inc_range(*copy)) {
          if (calls(inst, local_id_name)) {
            const auto dim = cast<ConstantInt>(cast<CallInst>(inst).getArgOperand(0))->getZExtValue();
            inst.replaceAllUsesWith(dim < 3 ? n.id[dim] : ConstantInt::get(i64, 0));
            inst.eraseFromParent();
          } else if (auto* call = dyn_cast<CallBase>(&inst);
                     call && call->isLifetimeStartOrEnd() && !isa<AllocaInst>(call->getArgOperand(0))) {
            inst.eraseFromParent();  // (a per-item variable is an array element now)
          } else if (isa<ReturnInst>(inst)) {
            IRBuilder<> rb(&inst);
            if (record) rb.CreateStore(ConstantInt::get(i32, 0), exit_slot);
            rb.CreateBr(n.latch);
            inst.eraseFromParent();
          }
        }
      }
      // A shared slot some of whose uses share a region with its definition: only the
      // group's last item stores (demote_values_across_barriers).
      SmallVector<BasicBlock*, 4> guarded;
      for (StoreInst* store : m_last_item_stores) {
        auto found = map.find(store);
        if (found == map.end() || !found->second) continue;
        auto* copy = cast<StoreInst>(found->second);
        auto* last = cast<Instruction>(IRBuilder<>(copy).CreateICmpEQ(n.linear, last_item, "last.item"));
        last->setMetadata(last_item_mark, MDNode::get(m_ctx, {}));
        Instruction* then = SplitBlockAndInsertIfThen(last, copy->getIterator(), false);
        guarded.push_back(then->getParent());
        guarded.push_back(copy->getParent());
        copy->moveBefore(then->getIterator());
      }
      SmallVector<BasicBlock*, 16> region_blocks(copies.begin(), copies.end());
      append_range(region_blocks, guarded);
      hoist_invariants(n, region_blocks, shared_bases);
      if (group) {
        SmallVector<BasicBlock*, 16> marked(copies.begin(), copies.end());
        append_range(marked, leaves);
        append_range(marked, guarded);
        mark_item_loop(n, marked, group);
      }
      if (how.kind != exit_kind::checked) add_loop_property(n.latch, alike_exit_mark);
      if (r == 0) add_loop_property(n.latch, entry_region_mark);
      nests.push_back(n);
    }
    b.CreateBr(nests[0].preheader);

    // dispatch: exits[0] == exits[i] for every item, else weft_split_diverged. The
    // check ORs the differences of all items (no early exit), so that it vectorizes.
    IRBuilder<> db(dispatch);
    db.SetCurrentDebugLocation(m_debug);
    Value* first_exit = db.CreateLoad(i32, exits, "exit");
    db.CreateCondBr(db.CreateICmpUGT(items, ConstantInt::get(i64, 1)), check, checked);
    BasicBlock* check_done = BasicBlock::Create(m_ctx, "dispatch.checked", &m_f, checked);
    IRBuilder<> cb(check);
    cb.SetCurrentDebugLocation(m_debug);
    PHINode* i = cb.CreatePHI(i64, 2, "item");
    PHINode* differ = cb.CreatePHI(i32, 2, "differ");
    Value* differ_next =
        cb.CreateOr(differ, cb.CreateXor(cb.CreateLoad(i32, cb.CreateGEP(i32, exits, i)), first_exit), "differ.next");
    Value* next = cb.CreateAdd(i, ConstantInt::get(i64, 1), "", true, true);
    cb.CreateCondBr(cb.CreateICmpULT(next, items), check, check_done);
    i->addIncoming(ConstantInt::get(i64, 1), dispatch);
    i->addIncoming(next, check);
    differ->addIncoming(ConstantInt::get(i32, 0), dispatch);
    differ->addIncoming(differ_next, check);
    IRBuilder<> kb(check_done);
    kb.SetCurrentDebugLocation(m_debug);
    kb.CreateCondBr(kb.CreateICmpEQ(differ_next, ConstantInt::get(i32, 0)), checked, diverged);
    IRBuilder<> vb(diverged);
    vb.SetCurrentDebugLocation(m_debug);
    FunctionCallee diverged_fn = module.getOrInsertFunction(diverged_name, Type::getVoidTy(m_ctx), ptr, i64);
    vb.CreateCall(diverged_fn, {exits, items});
    vb.CreateUnreachable();
    IRBuilder<> fb(finish);
    fb.CreateRet(ConstantInt::getTrue(m_ctx));
    IRBuilder<> sb(checked);
    sb.SetCurrentDebugLocation(m_debug);
    SwitchInst* sw =
        sb.CreateSwitch(sb.CreateLoad(i32, exits, "exit.same"), finish, static_cast<unsigned>(m_barriers.size()));
    FunctionCallee released_fn = module.getOrInsertFunction(released_name, Type::getVoidTy(m_ctx));
    SmallVector<BasicBlock*, 8> after_barrier;  // where the group goes on from barrier k
    for (std::size_t k = 0; k < m_barriers.size(); ++k) {
      BasicBlock* target = nests[k + 1].preheader;
      std::uint32_t exit_code = static_cast<std::uint32_t>(k + 1);
      if (m_barriers[k].sub_group) {
        exit_code |= sub_group_bit;
      } else {
        // The group's first work-group barrier keeps the groups' order (weft_split_released).
        BasicBlock* test = BasicBlock::Create(m_ctx, "release" + std::to_string(k + 1), &m_f, target);
        BasicBlock* call = BasicBlock::Create(m_ctx, "release" + std::to_string(k + 1) + ".first", &m_f, target);
        IRBuilder<> tb(test);
        tb.CreateCondBr(tb.CreateLoad(tb.getInt1Ty(), released), target, call);
        IRBuilder<> rb(call);
        rb.SetCurrentDebugLocation(m_debug);
        rb.CreateCall(released_fn);
        rb.CreateStore(rb.getTrue(), released);
        rb.CreateBr(target);
        target = test;
      }
      sw->addCase(ConstantInt::get(cast<IntegerType>(i32), exit_code), target);
      after_barrier.push_back(target);
    }

    // After a region: on to the region after its one exit, to the dispatcher's switch
    // where the items provably left alike, else to its check.
    for (unsigned r = 0; r < m_regions.size(); ++r) {
      IRBuilder<> done(nests[r].done);
      const region_exit& how = region_exits[r];
      if (how.kind == exit_kind::single) done.CreateBr(how.barrier ? after_barrier[*how.barrier] : finish);
      else done.CreateBr(how.kind == exit_kind::same ? checked : dispatch);
    }

    // The item's original code is now all in the copies.
    for (BasicBlock* block : original) block->dropAllReferences();
    for (BasicBlock* block : original) block->eraseFromParent();
    for (const frame_array& a : arrays) a.variable->eraseFromParent();
  }

  // What every item of a region's loop computes alike from memory no item writes
  // during the loop, computed once before it: the reloads of shared slots (every item
  // reads a slot before the only store to it in that loop, the group's last item's;
  // demote_values_across_barriers), loads the items only read (the task object, a
  // by-value argument, Weft's thread-locals; copies_to_recompute), and arithmetic on those
  // that cannot trap. Each such value would otherwise be loaded once per item: the
  // loop's stores (the last item's to a slot) keep LICM from moving the loads.
  void hoist_invariants(const nest& n, ArrayRef<BasicBlock*> copies, const SmallPtrSetImpl<Value*>& shared_bases) {
    // (What the loop nest reads from outside comes from the entry block: the frames,
    // the item count; values cross regions only through slots.)
    SmallPtrSet<const Instruction*, 16> hoisted;
    auto invariant = [&](const Value* v) {
      const auto* inst = dyn_cast<Instruction>(v);
      return !inst || hoisted.contains(inst) || inst->getParent() == &m_f.getEntryBlock();
    };
    Instruction* at = n.preheader->getTerminator();
    // (A region's copy of a join keeps one incoming value where the others came from
    // outside the region: a loop header entered only along its back edge.)
    for (BasicBlock* block : copies)
      for (PHINode& phi : make_early_inc_range(block->phis()))
        if (Value* only = phi.hasConstantValue(); only && only != &phi) {
          phi.replaceAllUsesWith(only);
          phi.eraseFromParent();
        }
    for (bool changed = true; changed;) {
      changed = false;
      for (BasicBlock* block : copies)
        for (Instruction& inst : make_early_inc_range(*block))
          changed |= hoist_invariant(inst, at, shared_bases, invariant, hoisted);
    }
  }
  template <class Invariant>
  static bool hoist_invariant(Instruction& inst, Instruction* at, const SmallPtrSetImpl<Value*>& shared_bases,
                              const Invariant& invariant, SmallPtrSetImpl<const Instruction*>& hoisted) {
    if (isa<PHINode>(inst) || inst.isTerminator() || !all_of(inst.operands(), invariant)) return false;
    bool hoist = false;
    if (const auto* load = dyn_cast<LoadInst>(&inst)) {
      hoist = load->isSimple() &&
              (shared_bases.contains(load->getPointerOperand()) || read_only_thread_local(load->getPointerOperand()) ||
               (read_only_argument(getUnderlyingObject(load->getPointerOperand())) &&
                isSafeToSpeculativelyExecute(load, at)));
    } else {
      hoist = weft_thread_local(&inst) ||
              (!inst.mayReadOrWriteMemory() && !inst.mayHaveSideEffects() && !isa<CallBase>(inst) &&
               !isa<AllocaInst>(inst) && isSafeToSpeculativelyExecute(&inst, at));
    }
    if (!hoist) return false;
    inst.moveBefore(at->getIterator());
    inst.dropUBImplyingAttrsAndMetadata();  // (it runs now where the branches around it did not)
    inst.dropPoisonGeneratingFlags();
    hoisted.insert(&inst);
    return true;
  }

  // The region's loop over the innermost dimension: the item-loop mark (assume_safety:
  // items are independent between barriers), on every access but those to a
  // variable the items share in turn.
  void mark_item_loop(const nest& n, ArrayRef<BasicBlock*> blocks, MDNode* group) {
    auto shared = [&](const Value* pointer) {
      const auto* object = dyn_cast<AllocaInst>(getUnderlyingObject(pointer));
      return object && m_shared_private.contains(object);
    };
    for (BasicBlock* block : blocks)
      for (Instruction& inst : *block) {
        if (!inst.mayReadOrWriteMemory()) continue;
        bool touches_shared = false;
        if (const auto* load = dyn_cast<LoadInst>(&inst)) touches_shared = shared(load->getPointerOperand());
        else if (const auto* store = dyn_cast<StoreInst>(&inst)) touches_shared = shared(store->getPointerOperand());
        else if (const auto* call = dyn_cast<CallBase>(&inst))
          for (const Value* arg : call->args()) touches_shared |= arg->getType()->isPointerTy() && shared(arg);
        if (touches_shared) continue;
        MDNode* existing = inst.getMetadata(LLVMContext::MD_access_group);
        inst.setMetadata(LLVMContext::MD_access_group, existing ? uniteAccessGroups(existing, group) : group);
      }
    if (n.latch->getTerminator()->getNumSuccessors() < 2) return;  // a group of one item: no loop
    MDNode* parallel = MDNode::get(m_ctx, {MDString::get(m_ctx, "llvm.loop.parallel_accesses"), group});
    MDNode* enable = MDNode::get(m_ctx, {MDString::get(m_ctx, "llvm.loop.vectorize.enable"),
                                         ConstantAsMetadata::get(ConstantInt::getTrue(m_ctx))});
    MDNode* id = MDNode::getDistinct(m_ctx, {nullptr, parallel, enable});
    id->replaceOperandWith(0, id);
    n.latch->getTerminator()->setMetadata(LLVMContext::MD_loop, id);
  }

  // Adds the property `{name}` to the loop whose latch is `latch` (region_loops.hpp).
  void add_loop_property(BasicBlock* latch, StringRef name) {
    Instruction* branch = latch->getTerminator();
    if (branch->getNumSuccessors() < 2) return;  // a group of one item: no loop
    SmallVector<Metadata*, 4> ops{nullptr};
    if (MDNode* id = branch->getMetadata(LLVMContext::MD_loop)) append_range(ops, drop_begin(id->operands()));
    ops.push_back(MDNode::get(m_ctx, {MDString::get(m_ctx, name)}));
    MDNode* id = MDNode::getDistinct(m_ctx, ops);
    id->replaceOperandWith(0, id);
    branch->setMetadata(LLVMContext::MD_loop, id);
  }

  struct barrier_block {
    BasicBlock* block;  // the barrier call alone
    BasicBlock* after;  // where the next region starts
    bool sub_group;
  };

  Function& m_f;
  const item_code& m_code;
  const item_variance& m_variance;
  const item_variance& m_proven;  // variance_rule::proof
  LLVMContext& m_ctx;
  const DataLayout& m_layout;
  DebugLoc m_debug;
  SmallVector<barrier_block, 8> m_barriers;
  DenseMap<const BasicBlock*, unsigned> m_barrier_index;
  DenseMap<const BasicBlock*, BasicBlock*> m_origin;  // the block cut_at_barriers split it from
  SmallVector<region, 8> m_regions;
  DenseMap<const BasicBlock*, unsigned> m_index;
  std::vector<BitVector> m_across;
  mutable DenseMap<const BasicBlock*, BitVector> m_through_barrier;
  SmallPtrSet<AllocaInst*, 16> m_per_item, m_shared_slots, m_shared_private;
  SmallPtrSet<StoreInst*, 8> m_last_item_stores;  // stores of shared slots only the group's last item makes
};

void replace_marker(const item_code& code, bool split) {
  code.marker->replaceAllUsesWith(ConstantInt::getBool(code.marker->getContext(), split));
  code.marker->eraseFromParent();
}

// What the split leaves for the ordinary passes to tidy: slots of values every item
// computes alike back into registers, the copies' redundant branches, invariant code
// out of the item loops.
void tidy(Function& f, FunctionAnalysisManager& analyses) {
  analyses.invalidate(f, PreservedAnalyses::none());
  FunctionPassManager passes;
  passes.addPass(SROAPass(SROAOptions::ModifyCFG));
  passes.addPass(EarlyCSEPass(true));
  passes.addPass(InstCombinePass());
  passes.addPass(SimplifyCFGPass());
  passes.addPass(createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()), /*UseMemorySSA=*/true));
  passes.addPass(createFunctionToLoopPassAdaptor(unswitch_innermost(), /*UseMemorySSA=*/true));  // (region_loops.hpp)
  passes.addPass(SimplifyCFGPass());
  passes.run(f, analyses);
}

// Tidying may copy an item loop's mark onto the dispatcher's back edge (the edge
// it merged into); the dispatcher loop, which holds the item loops, loses it again.
void unmark_dispatcher(Function& f, FunctionAnalysisManager& analyses) {
  analyses.invalidate(f, PreservedAnalyses::none());
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  for (Loop* loop : loops.getLoopsInPreorder()) {
    MDNode* id = loop->getLoopID();
    if (!id || loop->isInnermost()) continue;
    const bool holds_its_own_mark =
        any_of(loop->getLoopsInPreorder(), [&](Loop* inner) { return inner != loop && inner->getLoopID() == id; });
    if (!holds_its_own_mark) continue;
    SmallVector<BasicBlock*, 4> latches;
    loop->getLoopLatches(latches);
    for (BasicBlock* latch : latches)
      if (loops.getLoopFor(latch) == loop) latch->getTerminator()->setMetadata(LLVMContext::MD_loop, nullptr);
  }
}

// weft_split_form() (barrier_split.hpp): true in a function with the marker, whose
// code is dead where the marker becomes false; false in every other function. The
// branches on it fold, so the pass sees only the form the function runs. Returns
// whether it changed `f`.
bool fold_split_form(Function& f, bool split) {
  SmallVector<CallInst*, 8> found;
  for (Instruction& inst : instructions(f))
    if (calls(inst, split_form_name)) found.push_back(cast<CallInst>(&inst));
  if (found.empty()) return false;
  for (CallInst* call : found) {
    const bool erased = !call->mayHaveSideEffects();  // (replaceAndRecursivelySimplify erases it then)
    replaceAndRecursivelySimplify(call, ConstantInt::getBool(f.getContext(), split));
    if (!erased) call->eraseFromParent();
  }
  for (BasicBlock& block : f) ConstantFoldTerminator(&block);
  removeUnreachableBlocks(f);
  return true;
}

}  // namespace

PreservedAnalyses BarrierSplitPass::run(Function& f, FunctionAnalysisManager& analyses) {
  const bool has_marker = any_of(instructions(f), [](const Instruction& inst) { return calls(inst, marker_name); });
  const bool folded = fold_split_form(f, has_marker);
  if (folded) analyses.invalidate(f, PreservedAnalyses::none());  // (the folding changed the CFG)
  std::optional<item_code> code = read_item_code(f);
  if (!code) return folded ? PreservedAnalyses::none() : PreservedAnalyses::all();
  OptimizationRemarkEmitter remarks(&f);
  if (code->barriers.empty()) {  // the plain loop runs it as fast, and vectorized
    replace_marker(*code, false);
    return PreservedAnalyses::none();
  }
  std::string why;
  bool rejoined = false;
  {
    PostDominatorTree& postdom = analyses.getResult<PostDominatorTreeAnalysis>(f);
    LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
    item_variance variance(f, postdom, loops);
    why = refusal(f, *code, analyses.getResult<TargetLibraryAnalysis>(f), variance);
    if (why == divergent_barrier) rejoined = rejoin_threaded_guards(f, variance);
  }
  if (rejoined) {  // decided again on the rejoined branches
    analyses.invalidate(f, PreservedAnalyses::none());
    PostDominatorTree& postdom = analyses.getResult<PostDominatorTreeAnalysis>(f);
    LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
    item_variance variance(f, postdom, loops);
    why = refusal(f, *code, analyses.getResult<TargetLibraryAnalysis>(f), variance);
  }
  if (!why.empty()) {
    remarks.emit([&] {
      return OptimizationRemarkMissed(pass_name, "BarriersOnFibers", code->marker)
             << "kernel " << kernel_name(f) << ": barriers run on fibers, not split: " << why;
    });
    replace_marker(*code, false);
    return PreservedAnalyses::none();
  }
  // Kept until the split is verified: a split LLVM's verifier rejects is undone, and
  // fibers run the kernel.
  function_backup backup(f);
  // Accepted: the marker's `return false` path goes, and the analysis is redone on
  // what is left.
  BasicBlock* marker_block = code->marker->getParent();
  replace_marker(*code, true);
  ConstantFoldTerminator(marker_block);
  removeUnreachableBlocks(f);
  code->marker = nullptr;
  analyses.invalidate(f, PreservedAnalyses::none());
  item_code rest = *code;
  rest.barriers.clear();
  for (Instruction& inst : instructions(f))
    if (is_barrier(inst)) rest.barriers.push_back(cast<CallInst>(&inst));
  unsigned regions = 0;
  {
    PostDominatorTree& postdom = analyses.getResult<PostDominatorTreeAnalysis>(f);
    LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
    item_variance variance(f, postdom, loops), proven(f, postdom, loops, variance_rule::proof);
    regions = splitter(f, rest, variance, proven).run();
  }
  if (backup.broken() || reject_every_split) {
    backup.restore();
    analyses.invalidate(f, PreservedAnalyses::none());
    if (std::optional<item_code> original = read_item_code(f)) {
      remarks.emit([&] {
        return OptimizationRemarkMissed(pass_name, "BarriersOnFibers", original->marker)
               << "kernel " << kernel_name(f)
               << ": barriers run on fibers, not split: the split function failed LLVM's verifier (a bug in Weft's "
                  "plugin: please report it with this kernel)";
      });
      replace_marker(*original, false);
    }
    return PreservedAnalyses::none();
  }
  remarks.emit([&] {
    return OptimizationRemark(pass_name, "BarriersSplit", &f.getEntryBlock().front())
           << "kernel " << kernel_name(f) << ": split at " << std::to_string(rest.barriers.size())
           << " barrier(s) into " << std::to_string(regions) << " loops over the work group's items";
  });
  tidy(f, analyses);
  narrow_region_loops(f, analyses);
  if (const unsigned streams = prefetch_next_group(f, analyses, rest.group))
    remarks.emit([&] {
      return OptimizationRemark(pass_name, "NextGroupPrefetched", &f.getEntryBlock().front())
             << "kernel " << kernel_name(f) << ": prefetches a later group's " << std::to_string(streams)
             << " input stream(s) after the first region";
    });
  unmark_dispatcher(f, analyses);
  return PreservedAnalyses::none();
}

}  // namespace weft::compiler
