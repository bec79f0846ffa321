#pragma once
// Runs the nd_range kernels launched in its scope on fibers, also where clang 22's pass
// plugin split them at their barriers (weft/settings.hpp, set_split_barriers): for
// tests of the fibers themselves (their stacks, their errors).
#include <weft/settings.hpp>

namespace weft_test {

class fibers_scope {
 public:
  fibers_scope() { weft::set_split_barriers(false); }
  ~fibers_scope() { weft::set_split_barriers(m_before); }
  fibers_scope(const fibers_scope&) = delete;
  fibers_scope& operator=(const fibers_scope&) = delete;

 private:
  bool m_before = weft::split_barriers();
};

}  // namespace weft_test
