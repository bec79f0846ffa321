// Idle phis (idle_phis.hpp). From each phi of the loop's header:
//  1. the phis its value reaches through phi users are gathered; if no other
//     instruction uses any of them, the set computes nothing that is read: erased;
//  2. the phis it is computed from through phi operands are gathered; if every other
//     operand among them is undef, they are all undef (InstSimplify folds a phi of
//     undef and itself so): replaced by undef, and erased;
//  3. for a vector phi, the phis and insertelements (of a constant lane) it is computed
//     from are gathered; if every other operand among them is undef, a lane none of
//     the insertelements sets is undef in all of them: an insertelement into one of
//     them that sets the only lane they may define inserts into undef instead (SROA
//     leaves a vec<float, 3>'s padding lane so, carried through every loop around it),
//     and the phis may then be a dead cycle (1).
#include "idle_phis.hpp"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>

using namespace llvm;

namespace weft::compiler {
namespace {

using phi_set = SmallPtrSet<PHINode*, 8>;

// The phis `start` reaches through its users (`forward`) or its operands, or an empty
// set if a user is no phi (forward) or an operand is neither a phi nor undef.
phi_set web_from(PHINode& start, bool forward) {
  phi_set web{&start};
  SmallVector<PHINode*, 8> work{&start};
  while (!work.empty()) {
    PHINode* phi = work.pop_back_val();
    SmallVector<Value*, 8> next;
    if (forward) next.append(phi->user_begin(), phi->user_end());
    else next.append(phi->incoming_values().begin(), phi->incoming_values().end());
    for (Value* value : next) {
      auto* other = dyn_cast<PHINode>(value);
      if (!other) {
        if (!forward && isa<UndefValue>(value)) continue;
        return {};
      }
      if (web.insert(other).second) work.push_back(other);
    }
  }
  return web;
}

void erase(const phi_set& web, phi_set& gone) {
  for (PHINode* phi : web) phi->replaceAllUsesWith(UndefValue::get(phi->getType()));
  for (PHINode* phi : web) {
    gone.insert(phi);
    phi->eraseFromParent();
  }
}

// Step 3 from a vector phi: whether it changed an insertelement.
bool insert_into_undef_lanes(PHINode& start) {
  if (!start.getType()->isVectorTy()) return false;
  SmallPtrSet<Instruction*, 16> web{&start};
  SmallVector<Instruction*, 16> work{&start};
  SmallPtrSet<const ConstantInt*, 4> lanes;  // the lanes the insertelements set
  while (!work.empty()) {
    Instruction* inst = work.pop_back_val();
    SmallVector<Value*, 8> from;
    if (auto* phi = dyn_cast<PHINode>(inst)) {
      from.append(phi->incoming_values().begin(), phi->incoming_values().end());
    } else {
      auto* insert = cast<InsertElementInst>(inst);
      const auto* lane = dyn_cast<ConstantInt>(insert->getOperand(2));
      if (!lane) return false;
      lanes.insert(lane);
      from.push_back(insert->getOperand(0));
    }
    for (Value* value : from) {
      if (isa<UndefValue>(value)) continue;
      auto* next = dyn_cast<Instruction>(value);
      if (!next || !(isa<PHINode>(next) || isa<InsertElementInst>(next)) || web.size() > 64) return false;
      if (web.insert(next).second) work.push_back(next);
    }
  }
  if (lanes.size() != 1) return false;
  bool changed = false;
  for (Instruction* inst : web)
    if (auto* phi = dyn_cast<PHINode>(inst))
      for (Use& use : make_early_inc_range(phi->uses()))
        if (auto* insert = dyn_cast<InsertElementInst>(use.getUser());
            insert && use.getOperandNo() == 0 && insert->getOperand(2) == *lanes.begin()) {
          use.set(UndefValue::get(phi->getType()));
          changed = true;
        }
  return changed;
}

}  // namespace

bool remove_idle_phis(Loop& loop) {
  SmallVector<PHINode*, 8> header;
  for (PHINode& phi : loop.getHeader()->phis()) header.push_back(&phi);
  bool changed = false;
  for (PHINode* phi : header) changed |= insert_into_undef_lanes(*phi);
  phi_set gone;
  for (PHINode* phi : header)
    for (const bool forward : {true, false}) {
      if (gone.contains(phi)) break;
      const phi_set web = web_from(*phi, forward);
      if (!web.empty()) erase(web, gone);
    }
  return changed || !gone.empty();
}

}  // namespace weft::compiler
