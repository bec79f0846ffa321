#pragma once
// A copy of a function kept while a pass rewrites it: where LLVM's verifier rejects
// the result, the copy's body comes back and the pass leaves the function as it was
// (with a remark), so that a bug in a pass cannot crash a later one.
#include <llvm/IR/Function.h>

namespace weft::compiler {

class function_backup {
 public:
  explicit function_backup(llvm::Function& f);
  ~function_backup();  // discards the copy, if it was not restored
  function_backup(const function_backup&) = delete;
  function_backup& operator=(const function_backup&) = delete;

  // Whether LLVM's verifier rejects the function as it is now (the problems to
  // clang's error stream under WEFT_PLUGIN_DEBUG=1).
  bool broken() const;
  // Puts the copy's body back into the function.
  void restore();

 private:
  llvm::Function& m_f;
  llvm::Function* m_copy;
};

}  // namespace weft::compiler
