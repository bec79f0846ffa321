#pragma once
// Kernel interface, GPU target: the physical items of scoped-parallelism
// groups (weft/target/gpu/scoped.hpp has the mapping). A work group is one
// 1-D block of P threads; every group below it is worked on by one warp.
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/scoped_physical.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <weft/kernel/scoped.hpp>
#include <weft/target/gpu/vendor.hpp>

namespace weft::kernel {

__device__ inline scoped_physical scoped_physical_item(int level) noexcept {
  if (level == 0) return {threadIdx.x, blockDim.x};
  return {threadIdx.x % gpu::warp_size, gpu::warp_size};
}

}  // namespace weft::kernel
