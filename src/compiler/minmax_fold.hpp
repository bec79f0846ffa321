#pragma once
// weft-minmax-fold: folds a floating-point max of a min that shares an operand with
// it, `max(min(a, b), b)` -> `b`, and `min(max(a, b), b)` -> `b` (either operand order,
// llvm.maxnum/minnum, maximum/minimum, maximumnum/minimumnum, scalars and vectors),
// where the outer call may assume no NaN (`nnan`: -ffast-math, -ffinite-math-only).
// g++ folds it (MAX_EXPR of a MIN_EXPR); LLVM 22's InstSimplify does not, so a
// compare-exchange written as `a = fmin(a, b); b = fmax(a, b)` (SYCL-Bench's median
// filter, whose second line then reads the new `a`) kept all 54 min/max steps of its
// network per item where g++'s code keeps 10 min instructions: 2.5x slower.
// Exact: with no NaN, max(min(a, b), b) is b (equal operands: b is one of the values
// maxnum may return); where a is a NaN the min is b (or a NaN, which nnan makes
// poison). It runs at the peephole extension point, after each InstCombine, which
// is what turns Weft's fmin/fmax compare-selects into llvm.minnum/maxnum.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct MinMaxFoldPass : llvm::PassInfoMixin<MinMaxFoldPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
