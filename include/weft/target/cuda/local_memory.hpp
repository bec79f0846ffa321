#pragma once
// Kernel interface, CUDA target: a work group's local memory is the block's
// dynamic shared memory (the launch sizes it from the local accessors'
// request), so local_memory() in device code is its base.
#if !defined(__CUDA__)
#error "weft/target/cuda/local_memory.hpp is for translation units compiled as CUDA"
#endif
#include <cstddef>

namespace weft::kernel {

namespace cuda {
extern __shared__ __align__(64) unsigned char dynamic_local_memory[];
}  // namespace cuda

__device__ inline std::byte* local_memory() { return reinterpret_cast<std::byte*>(cuda::dynamic_local_memory); }
__device__ inline bool is_local_memory(const void* p) { return __isShared(p); }

}  // namespace weft::kernel
