#pragma once
// Kernel interface, GPU target: the work item a sycl::stream write belongs to
// (weft/kernel/stream_item.hpp), one slot per thread of the block in static
// shared memory (only kernels that write to a stream reference it).
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/stream_item.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstdint>
#include <weft/target/gpu/sync.hpp>

namespace weft::kernel {

__device__ inline std::uint64_t& stream_item() {
  __shared__ std::uint64_t slot[1024];  // a block has at most 1024 threads
  return slot[gpu::block_linear_id()];
}

}  // namespace weft::kernel
