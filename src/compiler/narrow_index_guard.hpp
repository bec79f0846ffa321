#pragma once
// weft-narrow-index-guard: before the loop vectorizer, hides from it the indices it
// would widen under a run-time check that LLVM 22 drops. An index that wraps in a
// type narrower than the pointer's (`a[(i + k) & 31]`: i5; `a[u32(i + k)]`: i32) is
// consecutive only while it does not wrap, which the vectorizer tests at run time
// (a SCEV wrap predicate). LLVM 22's SCEVWrapPredicate::implies takes a predicate on a
// wider recurrence to imply one on a narrower recurrence whose start and step are no
// larger, though the narrower one wraps first, and drops its test: with
// `a[(i + 186) & 1023] + b[(i + base + 30) & 31]` the vector loop reads past b's 32
// elements (llvm/llvm-project#191382, fixed after LLVM 22 by #191498; kernel-fuzz
// seed 60430). So in each innermost loop, an index with a narrower recurrence
// whose check a wider recurrence's may stand for (scalar evolution proves both
// steps positive and the narrower start and step no larger, as `implies` asks)
// goes through a `freeze`, which scalar evolution cannot see through: its accesses
// become gathers or scalar accesses, exact whatever wraps. The other indices keep
// their consecutive accesses: the widest width (a predicate is never wrongly
// implied by one of its own width), and a narrower one whose start is not known to
// be at most the wider one's (a tree step's `s[lid] += s[lid + k]` on `int`s: k is
// not known to be 0 or less), whose check LLVM 22 keeps. A remark
// (-Rpass-missed=weft-narrow-index-guard) names each loop.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct NarrowIndexGuardPass : llvm::PassInfoMixin<NarrowIndexGuardPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
