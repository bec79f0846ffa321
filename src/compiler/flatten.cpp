// weft-flatten (flatten.hpp).
#include "flatten.hpp"

#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <string>

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

// InlineFunction turns each call it inlines through an invoke into an invoke of its
// own, and that invoke keeps none of the call's metadata (changeToInvokeAndSplitBasicBlock):
// a range kernel's call in its item loop, inlined into run_rows through the invoke
// that a kernel with a destructor (an accessor's shared state) makes of the item
// loop's call, lost its access group, and so did every access of the kernel body
// inlined through it next: the item loop's claim that its items are independent
// (llvm.loop.parallel_accesses) no longer covered them. A call site attribute survives
// the change: each such call of the callee carries its group's index there while the
// callee is inlined, and the invoke made of it gets the group back.
constexpr const char* group_mark = "weft-access-group";

bool inline_keeping_access_groups(CallBase& call, InlineFunctionInfo& info) {
  SmallVector<MDNode*, 8> groups;
  SmallVector<CallInst*, 8> marked;
  if (isa<InvokeInst>(call))
    for (Instruction& inst : instructions(*call.getCalledFunction()))
      if (auto* inner = dyn_cast<CallInst>(&inst); inner && !inner->doesNotThrow())
        if (MDNode* group = inner->getMetadata(LLVMContext::MD_access_group)) {
          inner->addFnAttr(Attribute::get(inner->getContext(), group_mark, std::to_string(groups.size())));
          groups.push_back(group);
          marked.push_back(inner);
        }
  MDNode* site_group = call.getMetadata(LLVMContext::MD_access_group);
  const bool inlined = InlineFunction(call, info).isSuccess();
  for (CallInst* inner : marked) inner->removeFnAttr(group_mark);
  if (!inlined || marked.empty()) return inlined;
  for (CallBase* site : info.InlinedCallSites) {
    const Attribute mark = site->getFnAttr(group_mark);
    unsigned k = 0;
    if (!mark.isValid() || mark.getValueAsString().getAsInteger(10, k) || k >= groups.size()) continue;
    site->removeFnAttr(group_mark);
    if (!site->getMetadata(LLVMContext::MD_access_group))  // (a call it left a call keeps its own)
      site->setMetadata(LLVMContext::MD_access_group, uniteAccessGroups(groups[k], site_group));
  }
  return true;
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
    if (!inline_keeping_access_groups(*call, info)) continue;
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
