#pragma once
// The `.../weft_fibers` rows beside `.../weft`: the same Weft kernel run on fibers
// (weft/settings.hpp, set_split_barriers(false)). Built by clang 22 with Weft's pass
// plugin, the two rows are the split path and the fiber path side by side; built by
// another compiler, both are fibers.
#include <weft/settings.hpp>
#include <weft/target/cpu/barrier_split.hpp>

namespace weft_bench {

template <class F>
void on_fibers(F&& run) {
  struct restore {
    bool split;
    ~restore() { weft::set_split_barriers(split); }
  } r{weft::split_barriers()};
  weft::set_split_barriers(false);
  run();
}

// What the `.../weft` rows of kernels with barriers run, for the summaries.
inline const char* barrier_path() {
#if WEFT_PLUGIN_SPLIT
  return "split at their barriers by the pass plugin (clang 22), where it accepts them";
#else
  return "on fibers (this compiler loads no pass plugin)";
#endif
}

}  // namespace weft_bench
