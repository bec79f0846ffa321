#pragma once
// The runtime's record of USM allocations (src/runtime/usm.cpp); sycl/usm.hpp
// builds the SYCL allocation functions on it.
#include <cstddef>
#include <sycl/usm_alloc.hpp>
#include <weft/runtime/export.hpp>

namespace weft::detail {

struct device_state;
struct queue_state;

// Returns nullptr for zero bytes or when memory is exhausted, as the spec asks.
WEFT_API void* usm_allocate(std::size_t bytes, std::size_t alignment, sycl::usm::alloc kind, const device_state* dev);
// Throws sycl::exception(errc::invalid) for pointers Weft did not allocate.
WEFT_API void usm_free(void* ptr);
// The same through a queue: where commands of q are still running (they may use
// the memory), the memory is released once they complete, by a command of q.
WEFT_API void usm_free(void* ptr, queue_state& q);
struct usm_info {
  sycl::usm::alloc kind = sycl::usm::alloc::unknown;
  const device_state* device = nullptr;
  const void* base = nullptr;
  std::size_t bytes = 0;
};
// What Weft knows about the allocation containing ptr (kind unknown if none).
WEFT_API usm_info usm_lookup(const void* ptr);

}  // namespace weft::detail
