#pragma once
// weft-item-loop-report: after the loop vectorizer, tells the runtime what became of
// a function's item loops, for WEFT_PROFILE (docs/trace.md). Weft's launch code puts
// a call weft_item_loop_report(&slot) beside its item loops (weft/kernel/
// item_loop_mark.hpp); weft-item-loop-select tags each item loop it decides on, with
// its reason where the items run one by one. This pass writes the verdict into the
// slot's initializer, "across N vector lanes" or "one by one: <why>", and removes the
// call, so the launch reads a constant.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

// The loop attribute weft-item-loop-select tags item loops with: !{!"weft.item_loop"}
// or, where the items run one by one, !{!"weft.item_loop", !"<why>"}.
inline constexpr const char* item_loop_tag = "weft.item_loop";

struct ItemLoopReportPass : llvm::PassInfoMixin<ItemLoopReportPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
