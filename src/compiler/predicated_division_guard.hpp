#pragma once
// weft-predicated-division-guard: before the loop vectorizer, hides from it the
// divisions under a branch from which it would compute an address for every lane with
// the first lane's value. A `udiv`/`urem` of loop-invariant values in a block that not
// every iteration runs (`if (c[i]) v = a[k % (d | 1)]`: it may divide by zero, so the
// vectorizer runs it per lane, each under its lane's condition) in an address that is
// the same in every iteration or consecutive (`a[k % d]`, `a[i + k % d]`): LLVM 22's
// vectorizer computes such an address once, from the first lane's division, which is
// poison where the first lane's condition is false, and loads or stores the other
// lanes through it (kernel-fuzz seed 162158: a gather far outside the array, or the
// wrong element). So in each innermost loop, such a division (the same in every
// iteration to scalar evolution) that the address of a load or store there is computed
// from goes through a `freeze`, which scalar evolution cannot see through: the
// vectorizer then computes the address per lane (a gather or scatter, or scalar
// accesses), exact. A remark (-Rpass-missed=weft-predicated-division-guard) names
// each loop. Not affected: `sdiv`/`srem` (scalar evolution does not model them, so
// their addresses are gathered per lane already), a division every iteration runs,
// one by a nonzero constant (which needs no predication), a division only values use.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct PredicatedDivisionGuardPass : llvm::PassInfoMixin<PredicatedDivisionGuardPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
