#pragma once
// weft-kernel-attributes: SYCL 2020 kernel attributes, annotated by the front-end
// plugin, into the handler's per-kernel slots (kernel_attributes.cpp).
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct KernelAttributesPass : llvm::PassInfoMixin<KernelAttributesPass> {
  llvm::PreservedAnalyses run(llvm::Module& module, llvm::ModuleAnalysisManager&);
  static bool isRequired() { return true; }  // also at -O0: the handler reads the slots
};

}  // namespace weft::compiler
