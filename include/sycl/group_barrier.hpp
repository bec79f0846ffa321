#pragma once
// SYCL 2020 section 4.17.3 (group_barrier) and the memory fences a barrier implies.
#include <atomic>
#include <sycl/access.hpp>
#include <weft/kernel/sync.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

template <int Dims>
class group;
class sub_group;

namespace detail {
WEFT_HOST_DEVICE inline void fence(memory_order order, [[maybe_unused]] memory_scope scope) {
#if WEFT_DEVICE_PASS
  if (order == memory_order::relaxed) return;
  if (scope == memory_scope::system) __threadfence_system();
  else if (scope == memory_scope::device) __threadfence();
  else __threadfence_block();
#else
  switch (order) {
    case memory_order::relaxed: break;
    case memory_order::acquire: std::atomic_thread_fence(std::memory_order_acquire); break;
    case memory_order::release: std::atomic_thread_fence(std::memory_order_release); break;
    case memory_order::acq_rel: std::atomic_thread_fence(std::memory_order_acq_rel); break;
    default: std::atomic_thread_fence(std::memory_order_seq_cst); break;
  }
#endif
}
}  // namespace detail

WEFT_HOST_DEVICE inline void atomic_fence(memory_order order, memory_scope scope) { detail::fence(order, scope); }

template <int Dims>
void group_barrier(const group<Dims>&, memory_scope = memory_scope::work_group) {
  weft::kernel::work_group_barrier();
}
inline void group_barrier(const sub_group&, memory_scope = memory_scope::sub_group) {
  weft::kernel::sub_group_barrier();
}

}  // namespace weft::sycl
