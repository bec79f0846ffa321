#pragma once
// Kernel interface: atomic operations and fences, per target. sycl::atomic_ref,
// sycl::atomic (1.2.1) and sycl::atomic_fence call these.
//
//   order: a __ATOMIC_* constant (the front end converts sycl::memory_order)
//   scope: weft::kernel::atomic_scope (same enumerators as sycl::memory_scope)
//   Local: the reference names local memory (address_space::local_space)
//
// CPU target: all items of a work group run on one thread and switch only at
// barriers, so an operation on local memory needs no atomic instruction and
// is the plain operation; every other operation is a GCC/Clang __atomic builtin
// at system scope (floating point and min/max through a compare-exchange loop).
// CUDA target (weft/target/cuda/atomic.hpp): hardware atomics with the scope
// asked for (work_item/sub_group/work_group -> block, device -> GPU, system ->
// system) on global and shared memory alike, the order given by fences.
#include <cstring>
#include <type_traits>
#include <weft/kernel/target.hpp>

namespace weft::kernel {

enum class atomic_scope : int { work_item, sub_group, work_group, device, system };

enum class atomic_op : int { add, sub, bit_and, bit_or, bit_xor, min, max };

namespace cpu_atomic {

template <class T>
inline constexpr bool native_rmw = std::is_integral_v<T>;

template <atomic_op Op, class T, class U>
constexpr T apply(T v, U operand) {
  if constexpr (Op == atomic_op::add) return static_cast<T>(v + operand);
  else if constexpr (Op == atomic_op::sub) return static_cast<T>(v - operand);
  else if constexpr (Op == atomic_op::bit_and) return static_cast<T>(v & operand);
  else if constexpr (Op == atomic_op::bit_or) return static_cast<T>(v | operand);
  else if constexpr (Op == atomic_op::bit_xor) return static_cast<T>(v ^ operand);
  else if constexpr (Op == atomic_op::min) return operand < v ? T(operand) : v;
  else return v < operand ? T(operand) : v;
}

// A compare-exchange's failure order may not release (nor be stronger than success).
constexpr int failure_order(int o) {
  return o == __ATOMIC_ACQ_REL ? __ATOMIC_ACQUIRE : o == __ATOMIC_RELEASE ? __ATOMIC_RELAXED : o;
}

}  // namespace cpu_atomic

}  // namespace weft::kernel

#if defined(__CUDA__)
// The CUDA target's bodies (device functions used in the device pass below).
#include <weft/target/cuda/atomic.hpp>
#endif

namespace weft::kernel {

template <bool Local, class T>
WEFT_HOST_DEVICE inline T atomic_load(T* p, int order, atomic_scope scope) {
#if WEFT_DEVICE_PASS
  return cuda::atomic_load(p, order, scope);
#else
  (void)scope;
  if constexpr (Local) {
    return *p;
  } else {
    T v;
    __atomic_load(p, &v, order);
    return v;
  }
#endif
}

template <bool Local, class T>
WEFT_HOST_DEVICE inline void atomic_store(T* p, T v, int order, atomic_scope scope) {
#if WEFT_DEVICE_PASS
  cuda::atomic_store(p, v, order, scope);
#else
  (void)scope;
  if constexpr (Local) *p = v;
  else __atomic_store(p, &v, order);
#endif
}

template <bool Local, class T>
WEFT_HOST_DEVICE inline T atomic_exchange(T* p, T v, int order, atomic_scope scope) {
#if WEFT_DEVICE_PASS
  return cuda::atomic_exchange(p, v, order, scope);
#else
  (void)scope;
  T old;
  if constexpr (Local) {
    old = *p;
    *p = v;
  } else {
    __atomic_exchange(p, &v, &old, order);
  }
  return old;
#endif
}

// On failure `expected` receives the current value.
template <bool Local, class T>
WEFT_HOST_DEVICE inline bool atomic_compare_exchange(T* p, T& expected, T desired, bool weak, int success, int failure,
                                                     atomic_scope scope) {
#if WEFT_DEVICE_PASS
  (void)weak;
  return cuda::atomic_compare_exchange(p, expected, desired, success, failure, scope);
#else
  (void)scope;
  if constexpr (Local) {
    if (*p == expected) {
      *p = desired;
      return true;
    }
    expected = *p;
    return false;
  } else {
    return __atomic_compare_exchange(p, &expected, &desired, weak, success, cpu_atomic::failure_order(failure));
  }
#endif
}

// fetch_<op>: returns the value before the operation. For pointers, `operand` is
// a byte-free element count (add, sub only).
template <atomic_op Op, bool Local, class T, class U>
WEFT_HOST_DEVICE inline T atomic_fetch(T* p, U operand, int order, atomic_scope scope) {
#if WEFT_DEVICE_PASS
  return cuda::atomic_fetch<Op>(p, operand, order, scope);
#else
  (void)scope;
  if constexpr (Local) {
    T old = *p;
    *p = cpu_atomic::apply<Op>(old, operand);
    return old;
  } else if constexpr (cpu_atomic::native_rmw<T> && Op == atomic_op::add) {
    return __atomic_fetch_add(p, operand, order);
  } else if constexpr (cpu_atomic::native_rmw<T> && Op == atomic_op::sub) {
    return __atomic_fetch_sub(p, operand, order);
  } else if constexpr (cpu_atomic::native_rmw<T> && Op == atomic_op::bit_and) {
    return __atomic_fetch_and(p, operand, order);
  } else if constexpr (cpu_atomic::native_rmw<T> && Op == atomic_op::bit_or) {
    return __atomic_fetch_or(p, operand, order);
  } else if constexpr (cpu_atomic::native_rmw<T> && Op == atomic_op::bit_xor) {
    return __atomic_fetch_xor(p, operand, order);
  } else {
    T old;
    __atomic_load(p, &old, __ATOMIC_RELAXED);
    T desired = cpu_atomic::apply<Op>(old, operand);
    while (!__atomic_compare_exchange(p, &old, &desired, true, order, __ATOMIC_RELAXED))
      desired = cpu_atomic::apply<Op>(old, operand);
    return old;
  }
#endif
}

template <bool Local, class T>
WEFT_HOST_DEVICE inline bool atomic_is_lock_free([[maybe_unused]] T* p) {
#if WEFT_DEVICE_PASS
  return sizeof(T) == 4 || sizeof(T) == 8;
#else
  return __atomic_is_lock_free(sizeof(T), p);
#endif
}

WEFT_HOST_DEVICE inline void atomic_fence(int order, [[maybe_unused]] atomic_scope scope) {
#if WEFT_DEVICE_PASS
  cuda::atomic_fence(order, scope);
#else
  if (order != __ATOMIC_RELAXED) __atomic_thread_fence(order);
#endif
}

}  // namespace weft::kernel
