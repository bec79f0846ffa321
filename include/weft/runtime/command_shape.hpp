#pragma once
// What a kernel command launches: its form and its ranges. The trace and the
// per-kernel profile show it (docs/trace.md); nothing else reads it.
#include <cstddef>

namespace weft::detail {

struct command_shape {
  const char* form = nullptr;  // "range", "nd_range", "scoped", ...; null: not a kernel
  int dims = 0;
  std::size_t global[3] = {1, 1, 1};  // work items (scoped, hierarchical: groups times group size)
  std::size_t local[3] = {0, 0, 0};   // work-group size; 0 where the form has none

  std::size_t items() const { return global[0] * global[1] * global[2]; }
};

}  // namespace weft::detail
