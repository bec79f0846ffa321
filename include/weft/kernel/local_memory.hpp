#pragma once
// Kernel interface: where the running work group's local memory and collective
// scratch area live. Each target defines
//   std::byte* local_memory()            base of the running group's local memory
//   bool is_local_memory(const void* p)  p points into it
//   template <class T, class Site>
//   void* group_object(local_linear_id, group_size, bool& made)
//                                        storage for a T shared by the running work group
//                                        (sycl::ext::oneapi::group_local_memory); made: the
//                                        caller constructs it. Null outside an nd_range kernel.
//                                        CPU: the calling item's k-th call gets the group's
//                                        k-th object. GPU: one __shared__ object per <T, Site>.
//   void group_object_constructed()      every item of the group calls it after the object was
//                                        constructed: the others then see it (GPU: a barrier)
// (CPU: weft/target/cpu/local_memory.hpp; GPU: the block's dynamic shared memory,
// weft/target/gpu/local_memory.hpp).
#include <weft/kernel/target.hpp>
#include <cstddef>
#include <weft/runtime/export.hpp>

namespace weft::kernel {

// Scratch area of the running work group: 64-byte aligned, at least
// 256 * work-group-size bytes, the same pointer for every item of the group
// (sub-group and group collectives keep their lane buffers here). Valid only
// inside an nd_range kernel on the CPU; contents do not survive the group.
WEFT_API void* group_scratch();

}  // namespace weft::kernel

#include <weft/target/cpu/local_memory.hpp>
#if WEFT_GPU_TRANSLATION_UNIT
#include <weft/target/gpu/local_memory.hpp>
#endif
