#pragma once
// The CPU target's atomics and fences (the kernel interface of weft/kernel/atomic.hpp).
// All items of a work group run on one thread and switch only at barriers, so an
// operation on local memory needs no atomic instruction and is the plain
// operation; every other operation is a GCC/Clang __atomic builtin at system scope
// (floating point and min/max through a compare-exchange loop).
// Included by weft/kernel/atomic.hpp, after atomic_scope and atomic_op.
#include <type_traits>

// Where clang's pass plugin may run a group's items across vector lanes
// (WEFT_SIMD_ITEMS), a plain operation on local memory must still run item after
// item: an empty asm statement with a memory clobber, which no vectorizer widens,
// keeps the loop around it scalar and costs nothing else.
#if defined(WEFT_SIMD_ITEMS) && WEFT_SIMD_ITEMS >= 2 && defined(__clang__)
#define WEFT_LOCAL_ATOMIC_IN_ORDER() asm volatile("" ::: "memory")
#else
#define WEFT_LOCAL_ATOMIC_IN_ORDER()
#endif

namespace weft::kernel::cpu {

template <class T>
inline constexpr bool native_rmw = std::is_integral_v<T>;

// A compare-exchange's failure order may not release (nor be stronger than success).
constexpr int failure_order(int o) {
  return o == __ATOMIC_ACQ_REL ? __ATOMIC_ACQUIRE : o == __ATOMIC_RELEASE ? __ATOMIC_RELAXED : o;
}

template <bool Local, class T>
inline T atomic_load(T* p, int order, atomic_scope scope) {
  (void)scope;
  if constexpr (Local) {
    WEFT_LOCAL_ATOMIC_IN_ORDER();
    return *p;
  } else {
    T v;
    __atomic_load(p, &v, order);
    return v;
  }
}

template <bool Local, class T>
inline void atomic_store(T* p, T v, int order, atomic_scope scope) {
  (void)scope;
  if constexpr (Local) {
    WEFT_LOCAL_ATOMIC_IN_ORDER();
    *p = v;
  } else {
    __atomic_store(p, &v, order);
  }
}

template <bool Local, class T>
inline T atomic_exchange(T* p, T v, int order, atomic_scope scope) {
  (void)scope;
  T old;
  if constexpr (Local) {
    WEFT_LOCAL_ATOMIC_IN_ORDER();
    old = *p;
    *p = v;
  } else {
    __atomic_exchange(p, &v, &old, order);
  }
  return old;
}

template <bool Local, class T>
inline bool atomic_compare_exchange(T* p, T& expected, T desired, bool weak, int success, int failure,
                                    atomic_scope scope) {
  (void)scope;
  if constexpr (Local) {
    WEFT_LOCAL_ATOMIC_IN_ORDER();
    if (*p == expected) {
      *p = desired;
      return true;
    }
    expected = *p;
    return false;
  } else {
    return __atomic_compare_exchange(p, &expected, &desired, weak, success, failure_order(failure));
  }
}

template <atomic_op Op, bool Local, class T, class U>
inline T atomic_fetch(T* p, U operand, int order, atomic_scope scope) {
  (void)scope;
  if constexpr (Local) {
    WEFT_LOCAL_ATOMIC_IN_ORDER();
    T old = *p;
    *p = atomic_apply<Op>(old, operand);
    return old;
  } else if constexpr (native_rmw<T> && Op == atomic_op::add) {
    return __atomic_fetch_add(p, operand, order);
  } else if constexpr (native_rmw<T> && Op == atomic_op::sub) {
    return __atomic_fetch_sub(p, operand, order);
  } else if constexpr (native_rmw<T> && Op == atomic_op::bit_and) {
    return __atomic_fetch_and(p, operand, order);
  } else if constexpr (native_rmw<T> && Op == atomic_op::bit_or) {
    return __atomic_fetch_or(p, operand, order);
  } else if constexpr (native_rmw<T> && Op == atomic_op::bit_xor) {
    return __atomic_fetch_xor(p, operand, order);
  } else {
    T old;
    __atomic_load(p, &old, __ATOMIC_RELAXED);
    T desired = atomic_apply<Op>(old, operand);
    while (!__atomic_compare_exchange(p, &old, &desired, true, order, __ATOMIC_RELAXED))
      desired = atomic_apply<Op>(old, operand);
    return old;
  }
}

template <bool Local, class T>
inline bool atomic_is_lock_free([[maybe_unused]] T* p) {
  return __atomic_is_lock_free(sizeof(T), p);
}

inline void atomic_fence(int order, [[maybe_unused]] atomic_scope scope) {
  if (order != __ATOMIC_RELAXED) __atomic_thread_fence(order);
}

}  // namespace weft::kernel::cpu
