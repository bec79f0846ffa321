#pragma once
// The name a remark gives the kernel a loop belongs to: the kernel's type, read
// from the demangled name of Weft's item-loop function (the second template
// argument of weft::cpu::item_loop<Dims, Kernel, ...>), else the function's name.
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Function.h>

#include <string>

namespace weft::compiler {

inline std::string kernel_name(const llvm::Function& f) {
  const std::string name = llvm::demangle(f.getName().str());
  const std::string marker = "weft::cpu::item_loop<";
  const std::size_t start = name.find(marker);
  if (start == std::string::npos) return name;
  int depth = 0;
  std::size_t first = std::string::npos;
  for (std::size_t i = start + marker.size(); i < name.size(); ++i) {
    const char c = name[i];
    if (c == '<' || c == '(') ++depth;
    if (c == '>' || c == ')') {
      if (depth == 0) break;
      --depth;
    }
    if (c == ',' && depth == 0) {
      if (first != std::string::npos) return name.substr(first, i - first);
      first = i + 2;  // after ", "
    }
  }
  return name;
}

}  // namespace weft::compiler
