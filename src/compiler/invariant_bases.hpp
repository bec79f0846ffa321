#pragma once
// weft-invariant-bases: before the loop vectorizer, an address in an innermost loop
// whose offset is a loop-invariant part plus a varying one, `gep T, p, (add i, k)` with
// p and i the same in every iteration, becomes `gep T, p', k` with p' = `gep T, p, i`
// computed once before the loop. The plugin's copies of an item loop (run-time alias
// tests, accumulators kept in registers) leave a row walk's accesses in the first form,
// the two rows' `add i, k` shared by several addresses, which InstCombine splits only
// where the add has one use; LLVM 22's loop vectorizer then counts each address's base
// and offset as values live in vector registers and interleaves the widened row loop
// half as much (polybench syr2k's `C[i][j] += A[i][k] * B[j][k] + B[i][k] * A[j][k]`,
// left to the vectorizer along the row: 2 vector accumulators instead of 4, 1.25x the
// time of clang without the plugin on a Sapphire Rapids). Steps, for each innermost
// loop with a preheader:
//  1. find the getelementptrs with one index whose pointer is loop-invariant and whose
//     index is an `add` of a loop-invariant value and a varying one;
//  2. compute `gep T, p, i` in the preheader (one per pointer, offset and type) and
//     make the address `gep T, p', k`.
// Exact: the address is the same wrapping sum (an index narrower than the pointer's,
// which is sign-extended, only where the add is `nsw`); the new getelementptrs carry no
// `inbounds` (p' may lie outside p's object where the access does not).
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct InvariantBasesPass : llvm::PassInfoMixin<InvariantBasesPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
