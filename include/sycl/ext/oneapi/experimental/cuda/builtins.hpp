#pragma once
// DPC++ extension sycl_ext_oneapi_cuda_tex_cache_read: ldg(ptr) reads *ptr
// through the GPU's read-only data cache (CUDA's __ldg). The data must not be
// written while the kernel runs. On the CPU it is a plain load.
#include <type_traits>
#include <weft/kernel/load.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl::ext::oneapi::experimental::cuda {

template <typename T>
WEFT_HOST_DEVICE std::enable_if_t<std::is_trivially_copyable_v<T>, T> ldg(const T* ptr) {
  return weft::kernel::read_only_load(ptr);
}

}  // namespace weft::sycl::ext::oneapi::experimental::cuda
