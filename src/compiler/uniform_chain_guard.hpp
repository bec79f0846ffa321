#pragma once
// weft-uniform-chain-guard: after the plugin's item-loop passes, keeps from LLVM's
// loop vectorizer the loops it would take exponential time to plan. LLVM 22's
// vputils::isSingleScalar asks of each value of a loop whether it is the same for
// every iteration by asking it of its operands again, without remembering answers,
// so a chain of such values that reuse the one before (`x = min(x + in[0], c)`
// repeated: a load of a loop-invariant address, each step used by a compare and a
// select) costs about 3^steps: 16 steps 7 s, 33 steps (kernel-fuzz seed 64045, a
// region loop the barrier split made) no end in sight; `w *= w` repeated on such a
// load costs 2^steps (24 steps 9 s; 33 in kernel-fuzz seed 130861, a range kernel's
// item loop). weft-item-loop-select's trial widening runs this pass on its copy of
// the function too. Steps:
//  1. for each loop, count the paths through uniform values (loop-invariant
//     operands, loads of loop-invariant addresses, and arithmetic, compares,
//     selects and casts of those) that end at each instruction, saturating;
//  2. where some instruction has more than `path_limit`, the loop gets
//     `llvm.loop.vectorize.enable` false (so the vectorizer looks no further), and a
//     remark (-Rpass-missed=weft-uniform-chain-guard) names it.
// It changes no instruction: the loop runs scalar, with the same results.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct UniformChainGuardPass : llvm::PassInfoMixin<UniformChainGuardPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
