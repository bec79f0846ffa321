#pragma once
// Kernel interface, CUDA target: the synchronisation points of
// weft/kernel/sync.hpp as device functions. clang overloads on __host__ /
// __device__, so host+device front-end code calling work_group_barrier() gets
// the CPU engine's function in the host pass and these in the device pass.
//
// A work group is one thread block, a sub-group one warp (32 threads; the
// block's linear thread order is the group's local linear order, so the last
// warp of a block whose size is not a multiple of 32 is a partial sub-group).
#if !defined(__CUDA__)
#error "weft/target/cuda/sync.hpp is for translation units compiled as CUDA"
#endif
#include <cstdint>

namespace weft::kernel {

namespace cuda {
// Linear thread id in the block (x fastest, as SYCL's last dimension).
__device__ inline std::uint32_t block_linear_id() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ inline std::uint32_t block_size() { return blockDim.x * blockDim.y * blockDim.z; }
// Lanes of the calling thread's warp that belong to the block.
__device__ inline std::uint32_t warp_mask() {
  const std::uint32_t first = block_linear_id() & ~31u;
  const std::uint32_t n = block_size() - first;
  return n >= 32 ? 0xffffffffu : ((1u << n) - 1u);
}
}  // namespace cuda

__device__ inline void work_group_barrier() { __syncthreads(); }
__device__ inline void sub_group_barrier() { __syncwarp(cuda::warp_mask()); }

}  // namespace weft::kernel
