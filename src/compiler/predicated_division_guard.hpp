#pragma once
// weft-predicated-division-guard: before the loop vectorizer, hides from it the
// divisions under a branch that an access's address uses where LLVM 22 would take the
// address from the first lane only. A `udiv`/`urem` of loop-invariant values in a
// block that not every iteration runs (`if (c[i]) v = a[k % (d | 1)]`: it may divide by
// zero, so the vectorizer runs it per lane, each under its lane's condition) makes an
// address that scalar evolution finds the same in every iteration; LLVM 22's vectorizer
// then builds that address once, from the first lane's division, which is poison
// where the first lane's condition is false, and gathers or scatters the other lanes
// through it (kernel-fuzz seed 162158: a read far outside the array, or the wrong
// element). So in each innermost loop, such a division that the address of a load or
// store there uses (an address loop-invariant to scalar evolution) goes through a
// `freeze`, which scalar evolution cannot see through: the vectorizer then computes the
// address per lane, exact. A remark (-Rpass-missed=weft-predicated-division-guard)
// names each loop. `sdiv`/`srem` are not affected (scalar evolution does not model
// them), nor a division every iteration runs, nor one by a nonzero constant (which
// needs no predication).
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct PredicatedDivisionGuardPass : llvm::PassInfoMixin<PredicatedDivisionGuardPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
