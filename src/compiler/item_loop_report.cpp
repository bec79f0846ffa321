// weft-item-loop-report (item_loop_report.hpp). An item loop was widened when the
// loop vectorizer made a vector loop of it: a loop that carries the item-loop tag and
// `llvm.loop.isvectorized` and computes in vectors (the scalar remainder the
// vectorizer leaves carries both tags too, but no vectors). Its lanes: the widest
// vector in it. Otherwise the tag's reason says why the items ran one by one, or,
// with no reason, the loop vectorizer declined the loop itself.
#include "item_loop_report.hpp"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

#include <algorithm>
#include <string>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr StringLiteral report_name = "weft_item_loop_report";

// The item-loop tag's operands: found, and the reason if any.
std::optional<std::string> tag_of(const Loop& loop) {
  MDNode* tag = findOptionMDForLoop(&loop, item_loop_tag);
  if (!tag) return std::nullopt;
  if (tag->getNumOperands() > 1)
    if (auto* why = dyn_cast<MDString>(tag->getOperand(1))) return why->getString().str();
  return std::string();
}

unsigned widest_vector(const Loop& loop) {
  unsigned lanes = 0;
  for (BasicBlock* block : loop.blocks())
    for (Instruction& inst : *block)
      if (auto* vector = dyn_cast<FixedVectorType>(inst.getType())) lanes = std::max(lanes, vector->getNumElements());
  return lanes;
}

std::string verdict(LoopInfo& loops) {
  unsigned lanes = 0;
  std::string why;
  bool tagged = false;
  for (Loop* loop : loops.getLoopsInPreorder()) {
    const std::optional<std::string> tag = tag_of(*loop);
    if (!tag) continue;
    tagged = true;
    if (getBooleanLoopAttribute(loop, "llvm.loop.isvectorized")) lanes = std::max(lanes, widest_vector(*loop));
    if (!tag->empty() && why.empty()) why = *tag;
  }
  if (lanes > 1) return "across " + std::to_string(lanes) + " vector lanes";  // (widened_text)
  if (!why.empty()) return "one by one: " + why;
  if (tagged)
    return "one by one: the loop vectorizer left the item loop scalar (-Rpass-missed=loop-vectorize says why)";
  return "one by one: no item loop is left after optimization";
}

bool widened_text(StringRef text) { return text.starts_with("across "); }

// A slot's verdict so far: widened?
bool widened(Constant* value) {
  auto* string = dyn_cast<GlobalVariable>(value->stripPointerCasts());
  auto* data =
      string && string->hasInitializer() ? dyn_cast<ConstantDataSequential>(string->getInitializer()) : nullptr;
  return data && data->isCString() && widened_text(data->getAsCString());
}

}  // namespace

PreservedAnalyses ItemLoopReportPass::run(Function& f, FunctionAnalysisManager& analyses) {
  SmallVector<CallInst*, 2> reports;
  for (BasicBlock& block : f)
    for (Instruction& inst : block)
      if (auto* call = dyn_cast<CallInst>(&inst))
        if (const Function* callee = call->getCalledFunction(); callee && callee->getName() == report_name)
          reports.push_back(call);
  if (reports.empty()) return PreservedAnalyses::all();
  const std::string text = verdict(analyses.getResult<LoopAnalysis>(f));
  for (CallInst* call : reports) {
    // The slot: a `const char*` variable of the launch code's, null until now. Where
    // another function of the same kernel already widened its loops, that verdict stays.
    auto* slot = dyn_cast<GlobalVariable>(call->getArgOperand(0)->stripPointerCasts());
    if (slot && slot->hasInitializer() && slot->getValueType()->isPointerTy() &&
        !(widened(slot->getInitializer()) && !widened_text(text))) {
      IRBuilder<> builder(call);
      slot->setInitializer(builder.CreateGlobalString(text, "weft.item_loop.verdict", 0, f.getParent()));
    }
    call->eraseFromParent();
  }
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  kept.preserve<LoopAnalysis>();
  return kept;
}

}  // namespace weft::compiler
