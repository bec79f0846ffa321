#pragma once
// Kernel interface: which work item a sycl::stream write in GPU code belongs to.
// On a GPU, a kernel that writes to a stream runs through an adapter that records
// the running item's linear id here before calling the kernel; each write reads
// it (sycl/stream.hpp). The CPU target finds the item from the writer's stack
// instead (sycl/detail/kernel_extras.hpp) and has no body for it.
#include <cstdint>
#include <weft/kernel/target.hpp>

#if WEFT_GPU_TRANSLATION_UNIT
// The GPU target's body: a slot per thread of the block in shared memory.
#include <weft/target/gpu/stream_item.hpp>
#endif
