// weft-flatten (flatten.hpp).
#include "flatten.hpp"

#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-flatten";
// Instructions a flattened function may grow to; beyond, the remaining calls stay.
constexpr unsigned size_budget = 50000;

bool flattened(const Function& f) {
  for (const Instruction& inst : instructions(f))
    if (const auto* call = dyn_cast<CallBase>(&inst); call && call->hasFnAttr(Attribute::AlwaysInline)) return true;
  return false;
}

bool inlinable(const CallBase& call, const Function& root) {
  const Function* callee = call.getCalledFunction();
  return callee && !callee->isDeclaration() && callee != &root && !callee->hasFnAttribute(Attribute::NoInline) &&
         !call.isNoInline() && isInlineViable(const_cast<Function&>(*callee)).isSuccess();
}

// Inlines the call tree below root's calls; true when it changed root.
bool flatten(Function& root, FunctionAnalysisManager& analyses) {
  SmallVector<CallBase*, 32> work;
  for (Instruction& inst : instructions(root))
    if (auto* call = dyn_cast<CallBase>(&inst)) work.push_back(call);
  unsigned size = root.getInstructionCount();
  bool changed = false, over_budget = false;
  while (!work.empty()) {
    CallBase* call = work.pop_back_val();
    if (!inlinable(*call, root)) continue;
    const unsigned callee_size = call->getCalledFunction()->getInstructionCount();
    if (size + callee_size > size_budget) {
      over_budget = true;
      continue;
    }
    InlineFunctionInfo info;
    if (!InlineFunction(*call, info).isSuccess()) continue;
    size += callee_size;
    changed = true;
    for (CallBase* inlined : info.InlinedCallSites) work.push_back(inlined);
  }
  if (over_budget) {
    OptimizationRemarkEmitter remarks(&root);
    remarks.emit([&] {
      return OptimizationRemarkMissed(pass_name, "FlattenBudget", &root.getEntryBlock().front())
             << "flattened function " << ore::NV("Function", &root) << " reached " << ore::NV("Size", size_budget)
             << " instructions: the calls left are not inlined";
    });
  }
  if (changed) analyses.invalidate(root, PreservedAnalyses::none());
  return changed;
}

}  // namespace

PreservedAnalyses FlattenPass::run(Module& m, ModuleAnalysisManager& analyses) {
  FunctionAnalysisManager& functions = analyses.getResult<FunctionAnalysisManagerModuleProxy>(m).getManager();
  bool changed = false;
  for (Function& f : m)
    if (!f.isDeclaration() && flattened(f)) changed |= flatten(f, functions);
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

}  // namespace weft::compiler
