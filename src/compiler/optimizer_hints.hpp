#pragma once
// Intrinsics that only tell the optimizer something (an assumption, a lifetime, a
// noalias scope, a profile probe): dropping one changes no result.
#include <llvm/IR/IntrinsicInst.h>

namespace weft::compiler {

inline bool optimizer_hint(llvm::Intrinsic::ID id) {
  return id == llvm::Intrinsic::assume || id == llvm::Intrinsic::lifetime_start ||
         id == llvm::Intrinsic::lifetime_end || id == llvm::Intrinsic::experimental_noalias_scope_decl ||
         id == llvm::Intrinsic::pseudoprobe;
}

inline bool optimizer_hint(const llvm::Instruction& inst) {
  const auto* intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&inst);
  return intrinsic && optimizer_hint(intrinsic->getIntrinsicID());
}

}  // namespace weft::compiler
