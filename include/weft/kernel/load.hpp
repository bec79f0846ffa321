#pragma once
// Kernel interface: a load through the read-only data cache
// (sycl::ext::oneapi::experimental::cuda::ldg). Each target defines
//   template <class T> T read_only_load(const T* p)
// CPU: a plain load (a CPU has no separate read-only cache); GPU: the vendor's
// read-only load (weft/target/gpu/load.hpp).
#include <weft/kernel/target.hpp>

namespace weft::kernel {

template <class T>
inline T read_only_load(const T* p) {
  return *p;
}

}  // namespace weft::kernel

#if WEFT_GPU_TRANSLATION_UNIT
#include <weft/target/gpu/load.hpp>
#endif
