#pragma once
// Kernel interface, CUDA target: the work item a sycl::stream write belongs to
// (weft/kernel/stream_item.hpp), one slot per thread of the block in static
// shared memory (only kernels that write to a stream reference it).
#if !defined(__CUDA__)
#error "weft/target/cuda/stream_item.hpp is for translation units compiled as CUDA"
#endif
#include <cstdint>
#include <weft/target/cuda/sync.hpp>

namespace weft::kernel {

__device__ inline std::uint64_t& stream_item() {
  __shared__ std::uint64_t slot[1024];  // a block has at most 1024 threads
  return slot[cuda::block_linear_id()];
}

}  // namespace weft::kernel
