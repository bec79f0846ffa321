// Idle phis (idle_phis.hpp). From each phi of the loop's header:
//  1. the phis its value reaches through phi users are gathered; if no other
//     instruction uses any of them, the set computes nothing that is read: erased;
//  2. the phis it is computed from through phi operands are gathered; if every other
//     operand among them is undef, they are all undef (InstSimplify folds a phi of
//     undef and itself so): replaced by undef, and erased.
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

}  // namespace

bool remove_idle_phis(Loop& loop) {
  SmallVector<PHINode*, 8> header;
  for (PHINode& phi : loop.getHeader()->phis()) header.push_back(&phi);
  phi_set gone;
  for (PHINode* phi : header)
    for (const bool forward : {true, false}) {
      if (gone.contains(phi)) break;
      const phi_set web = web_from(*phi, forward);
      if (!web.empty()) erase(web, gone);
    }
  return !gone.empty();
}

}  // namespace weft::compiler
