#pragma once
// weft-nonnegative-division: before the loop vectorizer, an `sdiv x, C` (C a positive
// constant) becomes `udiv x, C` where x is provably non-negative wherever the quotient
// is used (lazy value info: the branches that lead there), though not where the
// division stands. A tree reduction's first step `i = group_size / 2` is computed
// before the `group_size > 1` test that guards the halving loop once `flatten` has
// inlined the kernel into the hierarchical task (LICM hoists it), so LLVM's own
// correlated-value propagation, which asks at the division, keeps the `sdiv`; the step
// `if (lid < i) s[lid] += s[lid + i]` then reads at an offset that scalar evolution
// cannot prove non-negative, and the loop vectorizer guards the vector loop with a
// test that the whole read and write ranges are apart, which always fails (scalar).
// With the `udiv` the offset is known non-negative: the read is ahead of the write
// (a forward dependence) and the loop is widened with no overlap test. Exact: every
// use runs only with x >= 0, where the two divisions agree; a division with a use
// that may see a negative x is left alone.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct NonnegativeDivisionPass : llvm::PassInfoMixin<NonnegativeDivisionPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
