#pragma once
// Kernel interface, GPU target: the synchronisation points of
// weft/kernel/sync.hpp as device functions. clang overloads on __host__ /
// __device__, so host+device front-end code calling work_group_barrier() gets
// the CPU engine's function in the host pass and these in the device pass.
//
// A work group is one thread block, a sub-group one warp (warp_size threads:
// 32 on NVIDIA, a 64-wide wavefront on AMD; the block's linear thread order is
// the group's local linear order, so the last warp of a block whose size is
// not a multiple of warp_size is a partial sub-group).
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/sync.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstdint>
#include <weft/target/gpu/vendor.hpp>

namespace weft::kernel {

namespace gpu {
// Linear thread id in the block (x fastest, as SYCL's last dimension).
__device__ inline std::uint32_t block_linear_id() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ inline std::uint32_t block_size() { return blockDim.x * blockDim.y * blockDim.z; }
// Lanes of the calling thread's warp that belong to the block.
__device__ inline lane_mask warp_mask() {
  const std::uint32_t first = block_linear_id() / warp_size * warp_size;
  return first_lanes(block_size() - first);
}
}  // namespace gpu

__device__ inline void work_group_barrier() { __syncthreads(); }
__device__ inline void sub_group_barrier() { gpu::warp_sync(gpu::warp_mask()); }

}  // namespace weft::kernel
