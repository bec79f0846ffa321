#pragma once
// Kernel interface, GPU target: a work group's local memory is the block's
// dynamic shared memory (the launch sizes it from the local accessors'
// request), so local_memory() in device code is its base.
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/local_memory.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstddef>
#include <weft/target/gpu/vendor.hpp>

namespace weft::kernel {

namespace gpu {
extern __shared__ __align__(64) unsigned char dynamic_local_memory[];
}  // namespace gpu

__device__ inline std::byte* local_memory() { return reinterpret_cast<std::byte*>(gpu::dynamic_local_memory); }
__device__ inline bool is_local_memory(const void* p) { return gpu::is_shared(p); }

// A group object is a static __shared__ variable of this instantiation (what
// DPC++ makes of each call site; here one per <T, Site>), made by item 0.
template <class T, class Site>
__device__ inline void* group_object(std::size_t local_linear_id, std::size_t, bool& made) {
  alignas(alignof(T)) __shared__ unsigned char storage[sizeof(T)];
  made = local_linear_id == 0;
  return storage;
}

// After item 0 constructed a group object: the group's other items wait for it
// (a barrier, as DPC++ has; the shared memory still holds the last launch's bytes).
__device__ inline void group_object_constructed() { __syncthreads(); }

}  // namespace weft::kernel
