#pragma once
// SYCL 2020 section 4.17.3 (group_barrier) and the memory fences a barrier implies.
#include <sycl/access.hpp>
#include <weft/kernel/atomic.hpp>
#include <weft/kernel/sync.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

template <int Dims>
class group;
class sub_group;

namespace detail {
// The kernel interface's fence (weft/kernel/atomic.hpp): a thread fence on the CPU,
// fence.acq_rel / fence.sc of the scope on the CUDA target.
WEFT_HOST_DEVICE inline void fence(memory_order order, memory_scope scope) {
  const int o = order == memory_order::relaxed   ? __ATOMIC_RELAXED
                : order == memory_order::acquire ? __ATOMIC_ACQUIRE
                : order == memory_order::release ? __ATOMIC_RELEASE
                : order == memory_order::acq_rel ? __ATOMIC_ACQ_REL
                                                 : __ATOMIC_SEQ_CST;
  weft::kernel::atomic_fence(o, static_cast<weft::kernel::atomic_scope>(static_cast<int>(scope)));
}
}  // namespace detail

WEFT_HOST_DEVICE inline void atomic_fence(memory_order order, memory_scope scope) { detail::fence(order, scope); }

// The kernel interface's barriers: the CPU engine's, or the target's device ones.
template <int Dims>
WEFT_HOST_DEVICE void group_barrier(const group<Dims>&, memory_scope = memory_scope::work_group) {
  weft::kernel::work_group_barrier();
}
WEFT_HOST_DEVICE inline void group_barrier(const sub_group&, memory_scope = memory_scope::sub_group) {
  weft::kernel::sub_group_barrier();
}

}  // namespace weft::sycl
