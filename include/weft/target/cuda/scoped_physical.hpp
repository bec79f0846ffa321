#pragma once
// Kernel interface, CUDA target: the physical items of scoped-parallelism
// groups (weft/target/cuda/scoped.hpp has the mapping). A work group is one
// 1-D block of P threads; every group below it is worked on by one warp.
#if !defined(__CUDA__)
#error "weft/target/cuda/scoped_physical.hpp is for translation units compiled as CUDA"
#endif
#include <weft/kernel/scoped.hpp>

namespace weft::kernel {

__device__ inline scoped_physical scoped_physical_item(int level) noexcept {
  if (level == 0) return {threadIdx.x, blockDim.x};
  return {threadIdx.x & 31u, 32};
}

}  // namespace weft::kernel
