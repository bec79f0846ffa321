#pragma once
// Kernel interface, GPU target: the device bodies of hierarchical parallelism
// (weft/kernel/hierarchical.hpp). The launch (hierarchical_launch.hpp) runs each
// work group on one GPU thread, so that the work-group function's variables are
// the group's shared memory, as the specification wants, with no compiler pass to
// move them to shared memory: parallel_for_work_item is the same serial loop as on
// the CPU, its implicit barrier nothing, and private_memory comes from the device
// heap (malloc). Correct, but a work group uses one thread: on a GPU prefer
// nd_range kernels or scoped parallelism for speed (docs/gpu.md).
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/hierarchical.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstddef>
#include <cstdint>
#include <weft/kernel/hierarchical.hpp>
#include <weft/target/gpu/vendor.hpp>

namespace weft::kernel::hierarchical {

template <int Dims, class F>
__device__ inline void work_items(const sycl::id<Dims>& group_id, const sycl::range<Dims>& group_range,
                                  const sycl::range<Dims>& physical, const sycl::range<Dims>& logical, const F& f) {
  serial_work_items(group_id, group_range, physical, logical, f);
}

// The device heap (CUDA: cudaLimitMallocHeapSize, 8 MiB by default); a failed
// allocation stops the kernel (an error the queue reports) rather than
// handing out a null pointer.
__device__ inline private_block private_allocate(std::size_t bytes, std::size_t align) {
  private_block b;
  if (align < 16) align = 16;  // what malloc guarantees
  void* raw = malloc(bytes + align - 16 + 1);
  if (!raw) gpu::trap();
  const std::uintptr_t p = (reinterpret_cast<std::uintptr_t>(raw) + align - 1) & ~(std::uintptr_t(align) - 1);
  b.data = reinterpret_cast<void*>(p);
  b.token[0] = reinterpret_cast<std::uintptr_t>(raw);
  return b;
}

__device__ inline void private_release(const private_block& b) noexcept { free(reinterpret_cast<void*>(b.token[0])); }

}  // namespace weft::kernel::hierarchical
