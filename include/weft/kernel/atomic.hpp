#pragma once
// Kernel interface: atomic operations and fences, per target. sycl::atomic_ref,
// sycl::atomic (1.2.1) and sycl::atomic_fence call these.
//
//   order: a __ATOMIC_* constant (the front end converts sycl::memory_order)
//   scope: weft::kernel::atomic_scope (same enumerators as sycl::memory_scope)
//   Local: the reference names local memory (address_space::local_space)
//
// Each function forwards to the target of the compilation pass: the CPU's
// (weft/target/cpu/atomic.hpp: __atomic builtins, plain operations on local
// memory) or the GPU target's (weft/target/gpu/atomic.hpp, per vendor): hardware atomics with the scope
// asked for (work_item/sub_group/work_group -> block, device -> GPU, system ->
// system) on global and shared memory alike, the order given by fences.
#include <cstring>
#include <type_traits>
#include <weft/kernel/target.hpp>

namespace weft::kernel {

enum class atomic_scope : int { work_item, sub_group, work_group, device, system };

enum class atomic_op : int { add, sub, bit_and, bit_or, bit_xor, min, max };

// The value an atomic fetch_<op> stores, from the value before it (every target).
template <atomic_op Op, class T, class U>
WEFT_HOST_DEVICE constexpr T atomic_apply(T v, U operand) {
  if constexpr (Op == atomic_op::add) return static_cast<T>(v + operand);
  else if constexpr (Op == atomic_op::sub) return static_cast<T>(v - operand);
  else if constexpr (Op == atomic_op::bit_and) return static_cast<T>(v & operand);
  else if constexpr (Op == atomic_op::bit_or) return static_cast<T>(v | operand);
  else if constexpr (Op == atomic_op::bit_xor) return static_cast<T>(v ^ operand);
  else if constexpr (Op == atomic_op::min) return operand < v ? T(operand) : v;
  else return v < operand ? T(operand) : v;
}

}  // namespace weft::kernel

#include <weft/target/cpu/atomic.hpp>
#if WEFT_GPU_TRANSLATION_UNIT
// The GPU target's bodies (device functions used in the device pass below).
#include <weft/target/gpu/atomic.hpp>
#endif

namespace weft::kernel {

template <bool Local, class T>
WEFT_HOST_DEVICE inline T atomic_load(T* p, int order, atomic_scope scope) {
#if WEFT_DEVICE_PASS
  return gpu::atomic_load(p, order, scope);
#else
  return cpu::atomic_load<Local>(p, order, scope);
#endif
}

template <bool Local, class T>
WEFT_HOST_DEVICE inline void atomic_store(T* p, T v, int order, atomic_scope scope) {
#if WEFT_DEVICE_PASS
  gpu::atomic_store(p, v, order, scope);
#else
  cpu::atomic_store<Local>(p, v, order, scope);
#endif
}

template <bool Local, class T>
WEFT_HOST_DEVICE inline T atomic_exchange(T* p, T v, int order, atomic_scope scope) {
#if WEFT_DEVICE_PASS
  return gpu::atomic_exchange(p, v, order, scope);
#else
  return cpu::atomic_exchange<Local>(p, v, order, scope);
#endif
}

// On failure `expected` receives the current value.
template <bool Local, class T>
WEFT_HOST_DEVICE inline bool atomic_compare_exchange(T* p, T& expected, T desired, bool weak, int success, int failure,
                                                     atomic_scope scope) {
#if WEFT_DEVICE_PASS
  (void)weak;
  return gpu::atomic_compare_exchange(p, expected, desired, success, failure, scope);
#else
  return cpu::atomic_compare_exchange<Local>(p, expected, desired, weak, success, failure, scope);
#endif
}

// fetch_<op>: returns the value before the operation. For pointers, `operand` is
// a byte-free element count (add, sub only).
template <atomic_op Op, bool Local, class T, class U>
WEFT_HOST_DEVICE inline T atomic_fetch(T* p, U operand, int order, atomic_scope scope) {
#if WEFT_DEVICE_PASS
  return gpu::atomic_fetch<Op>(p, operand, order, scope);
#else
  return cpu::atomic_fetch<Op, Local>(p, operand, order, scope);
#endif
}

template <bool Local, class T>
WEFT_HOST_DEVICE inline bool atomic_is_lock_free([[maybe_unused]] T* p) {
#if WEFT_DEVICE_PASS
  return sizeof(T) == 4 || sizeof(T) == 8;
#else
  return cpu::atomic_is_lock_free<Local>(p);
#endif
}

WEFT_HOST_DEVICE inline void atomic_fence(int order, [[maybe_unused]] atomic_scope scope) {
#if WEFT_DEVICE_PASS
  gpu::atomic_fence(order, scope);
#else
  cpu::atomic_fence(order, scope);
#endif
}

}  // namespace weft::kernel
