#pragma once
// SYCL 2020 section 4.17.3 (group_barrier) and the memory fences a barrier implies.
#include <atomic>
#include <sycl/access.hpp>
#include <weft/kernel/sync.hpp>

namespace weft::sycl {

template <int Dims>
class group;
class sub_group;

namespace detail {
inline void fence(memory_order order, memory_scope) {
  switch (order) {
    case memory_order::relaxed: break;
    case memory_order::acquire: std::atomic_thread_fence(std::memory_order_acquire); break;
    case memory_order::release: std::atomic_thread_fence(std::memory_order_release); break;
    case memory_order::acq_rel: std::atomic_thread_fence(std::memory_order_acq_rel); break;
    default: std::atomic_thread_fence(std::memory_order_seq_cst); break;
  }
}
}  // namespace detail

inline void atomic_fence(memory_order order, memory_scope scope) { detail::fence(order, scope); }

template <int Dims>
void group_barrier(const group<Dims>&, memory_scope = memory_scope::work_group) {
  weft::kernel::work_group_barrier();
}
inline void group_barrier(const sub_group&, memory_scope = memory_scope::sub_group) {
  weft::kernel::sub_group_barrier();
}

}  // namespace weft::sycl
