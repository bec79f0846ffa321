#pragma once
// Internal runtime services shared by src/runtime/*.cpp (not installed).
#include <functional>

namespace weft::detail {
// Runs `task` on one of Weft's workers.
void enqueue(std::function<void()> task);
}  // namespace weft::detail
