#pragma once
// Kernel interface, GPU target: read_only_load (weft/kernel/load.hpp) through
// the vendor's read-only load of a word of T's size, where there is one.
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/load.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <weft/target/gpu/vendor.hpp>

namespace weft::kernel {

template <class T>
__device__ inline T read_only_load(const T* p) {
  return gpu::load_read_only(p);
}

}  // namespace weft::kernel
