#pragma once
// The name a remark gives the kernel a loop belongs to: the kernel's type, read
// from the demangled name of the function Weft runs a range kernel's items in
// (weft::cpu::run_rows<Dims, WithOffset, Kernel>, or item_loop<Dims, Kernel, ...>
// where that is a function of its own) or an nd_range kernel's groups
// (nd_worker_body<Dims, Kernel>, or nd_task<Dims, Kernel> for a split group) or a scoped or
// hierarchical kernel's groups (scoped_launch<Dims, Kernel>, hierarchical_launch<Dims, Kernel>),
// else the function's name.
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Function.h>

#include <string>
#include <utility>

namespace weft::compiler {

// The template argument at `index` (from 0) of the first `marker<...>` in `name`.
inline std::string template_argument(const std::string& name, const std::string& marker, int index) {
  const std::size_t start = name.find(marker);
  if (start == std::string::npos) return {};
  int depth = 0, argument = 0;
  std::size_t first = start + marker.size();
  for (std::size_t i = first; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '<' || c == '(') ++depth;
    const bool closes = (c == '>' || c == ')') && depth-- == 0;
    if (closes || (c == ',' && depth == 0)) {
      if (argument == index) return name.substr(first, i - first);
      if (closes) return {};
      ++argument;
      first = i + 2;  // after ", "
    }
  }
  return {};
}

inline std::string kernel_name(const llvm::Function& f) {
  const std::string name = llvm::demangle(f.getName().str());
  for (auto [marker, index] : {std::pair<const char*, int>{"weft::cpu::run_rows<", 2},
                               {"weft::cpu::item_loop<", 1},
                               {"weft::cpu::detail::nd_worker_body<", 1},
                               {"weft::cpu::detail::nd_task<", 1},
                               {"weft::cpu::scoped_launch<", 1},
                               {"weft::cpu::hierarchical_launch<", 1}})
    if (std::string kernel = template_argument(name, marker, index); !kernel.empty()) return kernel;
  return name;
}

}  // namespace weft::compiler
