#pragma once
// AMD GPUs (clang's HIP mode): the atomics of weft/kernel/atomic.hpp as device
// functions (vendor/nvidia_atomic.hpp has the same names for NVIDIA). clang's
// scoped __hip_atomic builtins take both the memory order and the scope, so
// each operation is one builtin: the AMDGPU memory model adds the cache
// maintenance the order and scope need. Scope: work_item and sub_group -> the
// wavefront, work_group -> the work group, device -> the agent (the GPU),
// system -> the system. Generic pointers, so the same code serves global memory
// and a work group's local (LDS) memory. Integer add/sub/and/or/xor/min/max,
// exchange and compare-exchange of 4 and 8 bytes and float/double add are the
// hardware's atomics (or the compiler's compare-exchange loop where a GPU lacks
// one); float/double min/max and pointer arithmetic go through the same
// operations; other sizes (1 and 2 bytes) use clang's __atomic builtins (system
// scope).
#if !defined(__HIP__)
#error "weft/target/gpu/vendor/amd_atomic.hpp is for translation units compiled as HIP"
#endif
#include <cstdint>
#include <type_traits>

namespace weft::kernel {

enum class atomic_scope : int;
enum class atomic_op : int;

namespace gpu {

template <int S>
using hip_scope = std::integral_constant<int, S>;

// Calls f(hip_scope<...>{}) with the HIP scope of `scope` as a constant (the
// builtins need one).
template <class F>
__device__ inline decltype(auto) with_scope(atomic_scope scope, F&& f) {
  switch (static_cast<int>(scope)) {
    case 0:
    case 1: return f(hip_scope<__HIP_MEMORY_SCOPE_WAVEFRONT>());
    case 2: return f(hip_scope<__HIP_MEMORY_SCOPE_WORKGROUP>());
    case 3: return f(hip_scope<__HIP_MEMORY_SCOPE_AGENT>());
    default: return f(hip_scope<__HIP_MEMORY_SCOPE_SYSTEM>());
  }
}

// The 4- or 8-byte integer a value travels as.
template <class T>
using bits_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
template <class T>
inline constexpr bool hw_size = sizeof(T) == 4 || sizeof(T) == 8;

template <class To, class From>
__device__ inline To bit_cast(const From& f) {
  static_assert(sizeof(To) == sizeof(From));
  To t;
  __builtin_memcpy(&t, &f, sizeof t);
  return t;
}

__device__ inline void atomic_fence(int order, atomic_scope scope) {
  if (order == __ATOMIC_RELAXED) return;
  // The fence builtin takes the scope as a string: the AMDGPU sync scopes.
  switch (static_cast<int>(scope)) {
    case 0:
    case 1: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "wavefront"); break;
    case 2:
      if (order == __ATOMIC_SEQ_CST) __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
      else __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "workgroup");
      break;
    case 3:
      if (order == __ATOMIC_SEQ_CST) __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
      else __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "agent");
      break;
    default:
      if (order == __ATOMIC_SEQ_CST) __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "");
      else __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "");
  }
}

template <class T>
__device__ inline T atomic_load(T* p, int order, atomic_scope scope) {
  if constexpr (hw_size<T>) {
    auto* b = reinterpret_cast<bits_t<T>*>(p);
    return bit_cast<T>(with_scope(scope, [&](auto s) { return __hip_atomic_load(b, order, decltype(s)::value); }));
  } else {
    T v;
    __atomic_load(p, &v, order);
    return v;
  }
}

template <class T>
__device__ inline void atomic_store(T* p, T v, int order, atomic_scope scope) {
  if constexpr (hw_size<T>) {
    auto* b = reinterpret_cast<bits_t<T>*>(p);
    const bits_t<T> x = bit_cast<bits_t<T>>(v);
    with_scope(scope, [&](auto s) { __hip_atomic_store(b, x, order, decltype(s)::value); });
  } else {
    __atomic_store(p, &v, order);
  }
}

template <class T>
__device__ inline T atomic_exchange(T* p, T v, int order, atomic_scope scope) {
  if constexpr (hw_size<T>) {
    auto* b = reinterpret_cast<bits_t<T>*>(p);
    const bits_t<T> x = bit_cast<bits_t<T>>(v);
    return bit_cast<T>(
        with_scope(scope, [&](auto s) { return __hip_atomic_exchange(b, x, order, decltype(s)::value); }));
  } else {
    T old;
    __atomic_exchange(p, &v, &old, order);
    return old;
  }
}

// Strong compare-exchange (a weak one may not fail spuriously either). Bitwise
// comparison, as C++'s compare_exchange for floating point.
template <class T>
__device__ inline bool atomic_compare_exchange(T* p, T& expected, T desired, int success, int failure,
                                               atomic_scope scope) {
  if constexpr (hw_size<T>) {
    using B = bits_t<T>;
    auto* b = reinterpret_cast<B*>(p);
    B want = bit_cast<B>(expected);
    const B x = bit_cast<B>(desired);
    const bool ok = with_scope(scope, [&](auto s) {
      return __hip_atomic_compare_exchange_strong(b, &want, x, success, failure, decltype(s)::value);
    });
    if (!ok) expected = bit_cast<T>(want);
    return ok;
  } else {
    return __atomic_compare_exchange(p, &expected, &desired, false, success, failure);
  }
}

// Read-modify-write through a compare-exchange loop (float/double min/max, odd sizes).
template <atomic_op Op, class T, class U>
__device__ inline T cas_loop(T* p, U operand, int order, atomic_scope scope) {
  T old = atomic_load(p, __ATOMIC_RELAXED, scope);
  while (!atomic_compare_exchange(p, old, atomic_apply<Op>(old, operand), order, __ATOMIC_RELAXED, scope)) {
  }
  return old;
}

template <atomic_op Op, class T, class U>
__device__ inline T atomic_fetch(T* p, U operand, int order, atomic_scope scope) {
  if constexpr (std::is_integral_v<T> && hw_size<T>) {
    const T v = static_cast<T>(operand);
    return with_scope(scope, [&](auto s) -> T {
      constexpr int sc = decltype(s)::value;
      if constexpr (Op == atomic_op::add) return __hip_atomic_fetch_add(p, v, order, sc);
      else if constexpr (Op == atomic_op::sub) return __hip_atomic_fetch_add(p, static_cast<T>(T(0) - v), order, sc);
      else if constexpr (Op == atomic_op::bit_and) return __hip_atomic_fetch_and(p, v, order, sc);
      else if constexpr (Op == atomic_op::bit_or) return __hip_atomic_fetch_or(p, v, order, sc);
      else if constexpr (Op == atomic_op::bit_xor) return __hip_atomic_fetch_xor(p, v, order, sc);
      else if constexpr (Op == atomic_op::min) return __hip_atomic_fetch_min(p, v, order, sc);
      else return __hip_atomic_fetch_max(p, v, order, sc);
    });
  } else if constexpr (std::is_floating_point_v<T> && hw_size<T> && (Op == atomic_op::add || Op == atomic_op::sub)) {
    const T v = Op == atomic_op::add ? T(operand) : -T(operand);
    return with_scope(scope, [&](auto s) { return __hip_atomic_fetch_add(p, v, order, decltype(s)::value); });
  } else if constexpr (std::is_pointer_v<T> && sizeof(T) == 8) {
    // Pointer arithmetic in elements: an integer add of the byte distance.
    using E = std::remove_pointer_t<T>;
    const std::int64_t bytes = static_cast<std::int64_t>(operand) * static_cast<std::int64_t>(sizeof(E));
    const std::int64_t d = Op == atomic_op::add ? bytes : -bytes;
    auto* ip = reinterpret_cast<std::int64_t*>(p);
    return reinterpret_cast<T>(
        with_scope(scope, [&](auto s) { return __hip_atomic_fetch_add(ip, d, order, decltype(s)::value); }));
  } else {
    return cas_loop<Op>(p, operand, order, scope);
  }
}

}  // namespace gpu
}  // namespace weft::kernel
