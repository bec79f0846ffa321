#pragma once
// Checks an nd_range launch against the CPU device's limits; the handler calls
// this at submission so bad input throws synchronously (errc::nd_range for the
// ranges, errc::memory_allocation for local memory), with the sizes involved.
#include <cstddef>
#include <sycl/nd_range.hpp>
#include <weft/runtime/export.hpp>

namespace weft::cpu {

WEFT_API void validate_nd_range(int dims, const std::size_t* global, const std::size_t* local,
                                std::size_t local_memory_bytes);

template <int Dims>
void validate_nd_range(const sycl::nd_range<Dims>& r, std::size_t local_memory_bytes = 0) {
  std::size_t global[Dims], local[Dims];
  for (int d = 0; d < Dims; ++d) {
    global[d] = r.get_global_range()[d];
    local[d] = r.get_local_range()[d];
  }
  validate_nd_range(Dims, global, local, local_memory_bytes);
}

}  // namespace weft::cpu
