// function_backup (function_backup.hpp).
#include "function_backup.hpp"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <cstdlib>

using namespace llvm;

namespace weft::compiler {

function_backup::function_backup(Function& f) : m_f(f) {
  ValueToValueMapTy map;
  m_copy = CloneFunction(&f, map);
}

function_backup::~function_backup() {
  if (m_copy) m_copy->eraseFromParent();
}

bool function_backup::broken() const {
  if (!std::getenv("WEFT_PLUGIN_DEBUG")) return verifyFunction(m_f);
  if (!verifyFunction(m_f, &errs())) return false;
  m_f.print(errs());
  return true;
}

void function_backup::restore() {
  for (BasicBlock& block : m_f) block.dropAllReferences();
  while (!m_f.empty()) m_f.begin()->eraseFromParent();
  m_f.splice(m_f.end(), m_copy);
  for (unsigned a = 0; a < m_f.arg_size(); ++a) m_copy->getArg(a)->replaceAllUsesWith(m_f.getArg(a));
  m_f.setSubprogram(m_copy->getSubprogram());  // (the copy's, which its debug locations name)
  m_copy->eraseFromParent();
  m_copy = nullptr;
}

}  // namespace weft::compiler
