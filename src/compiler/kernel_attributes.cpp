// weft-kernel-attributes: gives the handler the SYCL 2020 kernel attributes of each
// kernel type (include/sycl/detail/kernel_attributes.hpp). The front-end plugin
// (kernel_attributes_frontend.cpp) turns `[[sycl::reqd_sub_group_size(16)]]` and the
// others into `annotate("weft.sycl.reqd_sub_group_size", 16)` on the kernel's call
// operator (llvm.global.annotations). Each kernel type's slot,
// weft::detail::kernel_attributes_slot<K, Args...>::value, starts as "none" plus a
// pointer to a probe that calls the kernel; this pass, at the start of the pipeline
// (before inlining, at every optimization level), finds the call operator the probe
// calls on its kernel argument, and writes that operator's attributes into the
// slot's initializer, the probe pointer cleared (the probe then goes away). A slot
// whose probe it cannot read, or annotations it cannot read, keeps "none": the
// attributes then have no effect, as with g++.
// DPC++'s kernel attributes that Weft accepts without acting on them arrive as
// `annotate("weft.intel.<name>")`; the pass names each in a remark
// (-Rpass-missed=weft) on the call operator, with why it has no effect.
#include "kernel_attributes.hpp"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/StringSwitch.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

using namespace llvm;

namespace weft::compiler {

namespace {

constexpr const char* pass_name = "weft-kernel-attributes";

struct Annotation {
  StringRef name;  // after "weft.sycl."
  SmallVector<uint64_t, 4> args;
  bool readable = true;
};

// llvm.global.annotations: { ptr function, ptr name, ptr file, i32 line, ptr args }.
// The `weft.sycl.` ones by function; the `weft.intel.` ones (names only) go to `ignored`.
DenseMap<const Function*, SmallVector<Annotation, 2>> read_annotations(
    Module& module, SmallVectorImpl<std::pair<Function*, StringRef>>* ignored = nullptr) {
  DenseMap<const Function*, SmallVector<Annotation, 2>> found;
  GlobalVariable* list = module.getGlobalVariable("llvm.global.annotations");
  if (!list || !list->hasInitializer()) return found;
  auto* entries = dyn_cast<ConstantArray>(list->getInitializer());
  if (!entries) return found;
  for (Value* value : entries->operands()) {
    auto* entry = dyn_cast<ConstantStruct>(value);
    if (!entry || entry->getNumOperands() < 5) continue;
    auto* function = dyn_cast<Function>(entry->getOperand(0)->stripPointerCasts());
    auto* name_var = dyn_cast<GlobalVariable>(entry->getOperand(1)->stripPointerCasts());
    if (!function || !name_var || !name_var->hasInitializer()) continue;
    auto* name_data = dyn_cast<ConstantDataSequential>(name_var->getInitializer());
    if (!name_data || !name_data->isCString()) continue;
    StringRef name = name_data->getAsCString();
    if (name.consume_front("weft.intel.")) {
      if (ignored) ignored->push_back({function, name});
      continue;
    }
    if (!name.consume_front("weft.sycl.")) continue;
    Annotation annotation{name, {}, true};
    if (auto* args_var = dyn_cast<GlobalVariable>(entry->getOperand(4)->stripPointerCasts())) {
      auto* args = args_var->hasInitializer() ? dyn_cast<ConstantStruct>(args_var->getInitializer()) : nullptr;
      if (!args) annotation.readable = false;
      for (unsigned i = 0; args && i < args->getNumOperands(); ++i) {
        if (auto* v = dyn_cast<ConstantInt>(args->getOperand(i)))
          // (A negative int becomes a size no device has, as SIZE_MAX is: unsupported.)
          annotation.args.push_back(static_cast<std::uint64_t>(v->getSExtValue()));
        else annotation.readable = false;
      }
    }
    found[function].push_back(annotation);
  }
  return found;
}

// The value the probe's first argument (the kernel) reaches a call as: itself, or
// reloaded from the stack slot clang spilled it to.
bool is_probe_kernel(Value* value, Argument* kernel) {
  if (value == kernel) return true;
  auto* load = dyn_cast<LoadInst>(value);
  auto* slot = load ? dyn_cast<AllocaInst>(load->getPointerOperand()) : nullptr;
  if (!slot) return false;
  for (User* user : slot->users())
    if (auto* store = dyn_cast<StoreInst>(user); store && store->getPointerOperand() == slot)
      if (store->getValueOperand() != kernel) return false;
  return true;
}

// The function the probe calls with its kernel as the object, if exactly one.
Function* called_kernel(Function& probe) {
  if (probe.isDeclaration() || probe.arg_empty()) return nullptr;
  Argument* kernel = probe.getArg(0);
  Function* found = nullptr;
  for (BasicBlock& block : probe)
    for (Instruction& inst : block)
      if (auto* call = dyn_cast<CallBase>(&inst); call && call->arg_size() > 0 && call->getCalledFunction() &&
                                                  is_probe_kernel(call->getArgOperand(0), kernel)) {
        if (found && found != call->getCalledFunction()) return nullptr;
        found = call->getCalledFunction();
      }
  return found;
}

// The slot's `values` (kernel_attributes) from the kernel's annotations; false where
// one cannot be read.
bool fill(StructType* type, ArrayRef<Annotation> annotations, SmallVectorImpl<Constant*>& fields) {
  uint64_t wg[3] = {0, 0, 0}, hint[3] = {0, 0, 0};
  uint64_t wg_dims = 0, hint_dims = 0, sub_group = 0;
  SmallVector<uint64_t, 15> aspects;
  for (const Annotation& a : annotations) {
    if (!a.readable) return false;
    if (a.name == "reqd_work_group_size" || a.name == "work_group_size_hint") {
      if (a.args.empty() || a.args.size() > 3) return false;
      uint64_t* to = a.name == "reqd_work_group_size" ? wg : hint;
      for (size_t i = 0; i < a.args.size(); ++i) to[i] = a.args[i];
      (a.name == "reqd_work_group_size" ? wg_dims : hint_dims) = a.args.size();
    } else if (a.name == "reqd_sub_group_size") {
      if (a.args.size() != 1) return false;
      sub_group = a.args[0];
    } else if (a.name == "device_has") {
      for (uint64_t v : a.args)
        if (aspects.size() < 15) aspects.push_back(v);
    }
  }
  // kernel_attributes: [3 x i64], [3 x i64], i32 x 4, [15 x i32].
  if (type->getNumElements() != 7) return false;
  auto* wide = dyn_cast<ArrayType>(type->getElementType(0));
  auto* list = dyn_cast<ArrayType>(type->getElementType(6));
  if (!wide || !list || wide->getNumElements() != 3 || list->getNumElements() != 15) return false;
  auto array = [](ArrayType* t, ArrayRef<uint64_t> values) {
    SmallVector<Constant*, 15> elements;
    for (uint64_t i = 0; i < t->getNumElements(); ++i)
      elements.push_back(ConstantInt::get(t->getElementType(), i < values.size() ? values[i] : 0));
    return ConstantArray::get(t, elements);
  };
  fields.push_back(array(wide, wg));
  fields.push_back(array(cast<ArrayType>(type->getElementType(1)), hint));
  for (auto [i, v] : {std::pair<unsigned, uint64_t>{2, wg_dims}, {3, hint_dims}, {4, sub_group}, {5, aspects.size()}})
    fields.push_back(ConstantInt::get(type->getElementType(i), v));
  fields.push_back(array(list, aspects));
  return true;
}

// Why a DPC++ kernel attribute Weft accepts has no effect.
StringRef why_ignored(StringRef name) {
  return StringSwitch<StringRef>(name)
      .Case("kernel_args_restrict", "Weft does not mark the kernel's pointers restrict")
      .Case("max_work_group_size", "Weft checks reqd_work_group_size, not a maximum")
      .Case("named_sub_group_size",
            "the sub-group size is the device's default unless reqd_sub_group_size or the sub_group_size property "
            "sets one")
      .Default("it tunes FPGA hardware, which Weft does not target");
}

// One remark per [[intel::...]] attribute Weft accepted without acting on it.
void report_ignored(ArrayRef<std::pair<Function*, StringRef>> ignored) {
  for (const auto& entry : ignored) {
    Function* function = entry.first;
    const StringRef name = entry.second;
    if (function->isDeclaration()) continue;
    OptimizationRemarkEmitter remarks(function);
    remarks.emit([&] {
      return OptimizationRemarkMissed(pass_name, "KernelAttributeIgnored", function)
             << "[[intel::" << name << "]] has no effect in Weft: " << why_ignored(name);
    });
  }
}

}  // namespace

PreservedAnalyses KernelAttributesPass::run(Module& module, ModuleAnalysisManager&) {
  DenseMap<const Function*, SmallVector<Annotation, 2>> annotations;
  {
    SmallVector<std::pair<Function*, StringRef>, 4> ignored;
    annotations = read_annotations(module, &ignored);
    report_ignored(ignored);
  }
  bool changed = false;
  for (GlobalVariable& slot : module.globals()) {
    // weft::detail::kernel_attributes_slot<K, Args...>::value
    if (!slot.getName().starts_with("_ZN4weft6detail22kernel_attributes_slotI") || !slot.hasInitializer()) continue;
    auto* init = dyn_cast<ConstantStruct>(slot.getInitializer());
    auto* type = dyn_cast<StructType>(slot.getValueType());
    if (!init || !type || type->getNumElements() != 2) continue;
    auto* values_type = dyn_cast<StructType>(type->getElementType(0));
    auto* probe = dyn_cast<Function>(init->getOperand(1)->stripPointerCasts());
    if (!values_type || !probe) continue;
    Function* kernel = called_kernel(*probe);
    SmallVector<Constant*, 7> fields;
    auto found = kernel ? annotations.find(kernel) : annotations.end();
    if (found == annotations.end() || !fill(values_type, found->second, fields)) fields.clear();  // "none"
    Constant* values = fields.empty() ? Constant::getNullValue(values_type) : ConstantStruct::get(values_type, fields);
    slot.setConstant(true);  // never written: loads of it fold
    slot.setInitializer(ConstantStruct::get(type, {values, Constant::getNullValue(type->getElementType(1))}));
    changed = true;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

}  // namespace weft::compiler
