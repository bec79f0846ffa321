#pragma once
// An item's accumulators kept in registers across the loops inside it, for
// weft-item-loop-select's item loops (range kernels and split nd_range regions): gemm's
// `C[item] += A[{i, k}] * B[{k, j}]` loads and stores the item's element of C in every
// pass of the loop over k, since to LLVM the buffers may overlap. Widened across items,
// that is a vector load and store per pass beside the multiply-add. The items of such a
// loop are independent (the item-loop mark), so only the loop's other accesses must
// miss the accumulator: the loop is versioned on a run-time test of that
// (item_alias_checks.hpp, the test weft-candidate-item-loops uses), and where it passes
// the accumulators live in registers (item_accumulators.hpp); where it fails, a copy
// runs the items one by one, as they were.
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct kept_accumulators {
  unsigned count = 0;          // accumulators kept in registers
  llvm::Loop* slow = nullptr;  // the copy that runs where the test fails
};

kept_accumulators keep_item_accumulators(llvm::Function& f, llvm::Loop& item, llvm::LoopInfo& loops,
                                         llvm::FunctionAnalysisManager& analyses);

}  // namespace weft::compiler
