#pragma once
// weft-flatten: gives clang's `flatten` g++'s meaning. clang inlines only the calls
// written in a flattened function; g++ also inlines the calls that inlining brings
// in, down the whole call tree. Weft flattens the function that runs a chunk of
// items (weft::cpu::run_rows) so that the kernel body, however deep, is one loop
// the vectorizer can widen; with clang a helper the kernel calls (a median network,
// say) stayed a call per item. At the start of the pipeline this pass inlines, into
// every function whose calls clang marked `alwaysinline` for `flatten`, every call
// that inlining brings in, except to functions declared `noinline`, recursive
// calls and calls it cannot see into; a size budget bounds it, with a remark.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct FlattenPass : llvm::PassInfoMixin<FlattenPass> {
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager& analyses);
};

}  // namespace weft::compiler
