#pragma once
// NVIDIA GPUs (clang's CUDA mode): the atomics of weft/kernel/atomic.hpp as
// device functions (vendor/amd_atomic.hpp has the same names for AMD). Generic
// pointers, so the same code serves global memory and a work group's local
// (shared) memory.
//
// Scope: work_item, sub_group and work_group -> the block (.cta), device ->
// the GPU (.gpu), system -> .sys. The read-modify-write is a relaxed hardware
// atomic of that scope (the nvvm atom builtins, which CUDA's atomicAdd_block /
// atomicAdd / atomicAdd_system use); the memory order comes from fences around
// it, as in the PTX memory model's C++ mapping: release -> fence.acq_rel
// before, acquire -> fence.acq_rel after, seq_cst -> fence.sc before and
// fence.acq_rel after. Integer add/sub/and/or/xor/min/max/exchange/CAS of 4 and
// 8 bytes and float/double add are one instruction; float/double min/max, sub
// of floating point and pointers go through the same instructions (add of a
// negated value, compare-exchange loops). Other sizes (1 and 2 bytes) use
// clang's __atomic builtins (system scope).
#if !defined(__CUDA__)
#error "weft/target/gpu/vendor/nvidia_atomic.hpp is for translation units compiled as CUDA"
#endif
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace weft::kernel {

enum class atomic_scope : int;
enum class atomic_op : int;

namespace gpu {

enum class nv_scope { cta, gpu, sys };

__device__ inline nv_scope to_nv_scope(atomic_scope s) {
  const int v = static_cast<int>(s);
  return v <= 2 ? nv_scope::cta : v == 3 ? nv_scope::gpu : nv_scope::sys;
}

// fence.<sem>.<scope> on sm_70 and later; older GPUs have only the
// __threadfence family, which is as strong as either.
#if __CUDA_ARCH__ >= 700
#define WEFT_NV_FENCE(sem, s)                                                   \
  if (s == nv_scope::cta) asm volatile("fence." sem ".cta;" ::: "memory");      \
  else if (s == nv_scope::gpu) asm volatile("fence." sem ".gpu;" ::: "memory"); \
  else asm volatile("fence." sem ".sys;" ::: "memory")
#else
#define WEFT_NV_FENCE(sem, s)                    \
  if (s == nv_scope::cta) __threadfence_block(); \
  else if (s == nv_scope::gpu) __threadfence();  \
  else __threadfence_system()
#endif
__device__ inline void fence_acq_rel(nv_scope s) { WEFT_NV_FENCE("acq_rel", s); }
__device__ inline void fence_sc(nv_scope s) { WEFT_NV_FENCE("sc", s); }
#undef WEFT_NV_FENCE
// Before a store or read-modify-write: its release part.
__device__ inline void fence_before(int order, nv_scope s) {
  if (order == __ATOMIC_SEQ_CST) fence_sc(s);
  else if (order == __ATOMIC_RELEASE || order == __ATOMIC_ACQ_REL) fence_acq_rel(s);
}
// After a load or read-modify-write: its acquire part.
__device__ inline void fence_after(int order, nv_scope s) {
  if (order == __ATOMIC_ACQUIRE || order == __ATOMIC_ACQ_REL || order == __ATOMIC_SEQ_CST || order == __ATOMIC_CONSUME)
    fence_acq_rel(s);
}

__device__ inline void atomic_fence(int order, atomic_scope scope) {
  const nv_scope s = to_nv_scope(scope);
  if (order == __ATOMIC_SEQ_CST) fence_sc(s);
  else if (order != __ATOMIC_RELAXED) fence_acq_rel(s);
}

// The 4- or 8-byte integer a value travels as.
template <class T>
using bits_t = std::conditional_t<sizeof(T) == 4, int, long long>;
template <class T>
inline constexpr bool hw_size = sizeof(T) == 4 || sizeof(T) == 8;

template <class To, class From>
__device__ inline To bit_cast(const From& f) {
  static_assert(sizeof(To) == sizeof(From));
  To t;
  __builtin_memcpy(&t, &f, sizeof t);
  return t;
}

#define WEFT_NV_ATOM(op, suf, p, ...)                                      \
  (s == nv_scope::cta   ? __nvvm_atom_cta_##op##_gen_##suf(p, __VA_ARGS__) \
   : s == nv_scope::sys ? __nvvm_atom_sys_##op##_gen_##suf(p, __VA_ARGS__) \
                        : __nvvm_atom_##op##_gen_##suf(p, __VA_ARGS__))

// Relaxed compare-exchange on the raw bits; returns the old bits.
// (PTX: the nvvm cas builtins become sequentially consistent system-scope
// exchanges, so sm_70 and later spell the relaxed one out.)
#if __CUDA_ARCH__ >= 700
#define WEFT_NV_CAS(bits, reg, sc)                                    \
  asm volatile("atom.relaxed." sc ".cas.b" #bits " %0, [%1], %2, %3;" \
               : "=" reg(old)                                         \
               : "l"(p), reg(expected), reg(desired)                  \
               : "memory")
#endif
template <class B>
__device__ inline B raw_cas(B* p, B expected, B desired, nv_scope s) {
#if __CUDA_ARCH__ >= 700
  B old;
  if constexpr (sizeof(B) == 4) {
    if (s == nv_scope::cta) WEFT_NV_CAS(32, "r", "cta");
    else if (s == nv_scope::gpu) WEFT_NV_CAS(32, "r", "gpu");
    else WEFT_NV_CAS(32, "r", "sys");
  } else {
    if (s == nv_scope::cta) WEFT_NV_CAS(64, "l", "cta");
    else if (s == nv_scope::gpu) WEFT_NV_CAS(64, "l", "gpu");
    else WEFT_NV_CAS(64, "l", "sys");
  }
  return old;
#else
  if constexpr (sizeof(B) == 4) return WEFT_NV_ATOM(cas, i, reinterpret_cast<int*>(p), expected, desired);
  else return WEFT_NV_ATOM(cas, ll, reinterpret_cast<long long*>(p), expected, desired);
#endif
}
#undef WEFT_NV_CAS

template <class T>
__device__ inline T raw_load(T* p) {
  if constexpr (hw_size<T>) {
    // A volatile access is ld.relaxed.sys in the PTX memory model.
    const bits_t<T> b = *reinterpret_cast<volatile bits_t<T>*>(p);
    return bit_cast<T>(b);
  } else {
    T v;
    __atomic_load(p, &v, __ATOMIC_RELAXED);
    return v;
  }
}

template <class T>
__device__ inline T atomic_load(T* p, int order, atomic_scope scope) {
  const nv_scope s = to_nv_scope(scope);
  if (order == __ATOMIC_SEQ_CST) fence_sc(s);
  T v = raw_load(p);
  fence_after(order, s);
  return v;
}

template <class T>
__device__ inline void atomic_store(T* p, T v, int order, atomic_scope scope) {
  fence_before(order, to_nv_scope(scope));
  if constexpr (hw_size<T>) *reinterpret_cast<volatile bits_t<T>*>(p) = bit_cast<bits_t<T>>(v);
  else __atomic_store(p, &v, __ATOMIC_RELAXED);
}

template <class T>
__device__ inline T atomic_exchange(T* p, T v, int order, atomic_scope scope) {
  const nv_scope s = to_nv_scope(scope);
  fence_before(order, s);
  T old;
  if constexpr (sizeof(T) == 4) {
    old = bit_cast<T>(WEFT_NV_ATOM(xchg, i, reinterpret_cast<int*>(p), bit_cast<int>(v)));
  } else if constexpr (sizeof(T) == 8) {
    old = bit_cast<T>(WEFT_NV_ATOM(xchg, ll, reinterpret_cast<long long*>(p), bit_cast<long long>(v)));
  } else {
    __atomic_exchange(p, &v, &old, __ATOMIC_RELAXED);
  }
  fence_after(order, s);
  return old;
}

// Strong compare-exchange (a weak one may not fail spuriously either). Bitwise
// comparison, as C++'s compare_exchange for floating point.
template <class T>
__device__ inline bool atomic_compare_exchange(T* p, T& expected, T desired, int success, int failure,
                                               atomic_scope scope) {
  const nv_scope s = to_nv_scope(scope);
  fence_before(success, s);
  bool ok;
  if constexpr (hw_size<T>) {
    using B = bits_t<T>;
    const B want = bit_cast<B>(expected);
    const B old = raw_cas(reinterpret_cast<B*>(p), want, bit_cast<B>(desired), s);
    ok = old == want;
    if (!ok) expected = bit_cast<T>(old);
  } else {
    ok = __atomic_compare_exchange(p, &expected, &desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  }
  fence_after(ok ? success : failure, s);
  return ok;
}

// Relaxed read-modify-write through a compare-exchange loop.
template <atomic_op Op, class T, class U>
__device__ inline T cas_loop(T* p, U operand, nv_scope s) {
  if constexpr (hw_size<T>) {
    using B = bits_t<T>;
    B* bp = reinterpret_cast<B*>(p);
    B old = bit_cast<B>(raw_load(p));
    while (true) {
      const B desired = bit_cast<B>(atomic_apply<Op>(bit_cast<T>(old), operand));
      const B seen = raw_cas(bp, old, desired, s);
      if (seen == old) return bit_cast<T>(old);
      old = seen;
    }
  } else {
    T old = raw_load(p);
    T desired = atomic_apply<Op>(old, operand);
    while (!__atomic_compare_exchange(p, &old, &desired, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
      desired = atomic_apply<Op>(old, operand);
    return old;
  }
}

// Unsigned min/max of block (cta) or system scope, relaxed: PTX's atom.<scope>.min.u32 and
// friends, spelled out (sm_70 and later; before, a compare-exchange loop).
template <atomic_op Op, class T, class UI>
__device__ inline T unsigned_min_max(T* p, UI v, nv_scope s) {
#if __CUDA_ARCH__ >= 700
  UI old;
#define WEFT_NV_UMINMAX(op, bits, reg, sc) \
  asm volatile("atom.relaxed." sc "." op ".u" #bits " %0, [%1], %2;" : "=" reg(old) : "l"(p), reg(v) : "memory")
#define WEFT_NV_UMINMAX_SCOPED(op, bits, reg)                    \
  if (s == nv_scope::cta) WEFT_NV_UMINMAX(op, bits, reg, "cta"); \
  else WEFT_NV_UMINMAX(op, bits, reg, "sys")
  constexpr const bool min = Op == atomic_op::min;
  if constexpr (sizeof(UI) == 4) {
    if constexpr (min) WEFT_NV_UMINMAX_SCOPED("min", 32, "r");
    else WEFT_NV_UMINMAX_SCOPED("max", 32, "r");
  } else {
    if constexpr (min) WEFT_NV_UMINMAX_SCOPED("min", 64, "l");
    else WEFT_NV_UMINMAX_SCOPED("max", 64, "l");
  }
#undef WEFT_NV_UMINMAX_SCOPED
#undef WEFT_NV_UMINMAX
  return static_cast<T>(old);
#else
  return cas_loop<Op>(p, v, s);
#endif
}

// One integer atomic in the 4-byte (suf4) or the 8-byte (suf8) width, as `four` picks.
#define WEFT_NV_ATOM_SIZED(op, suf4, suf8, p, v)                           \
  if constexpr (four) return static_cast<T>(WEFT_NV_ATOM(op, suf4, p, v)); \
  else return static_cast<T>(WEFT_NV_ATOM(op, suf8, p, v))

// Relaxed read-modify-write, one instruction where the hardware has it.
template <atomic_op Op, class T, class U>
__device__ inline T raw_fetch(T* p, U operand, nv_scope s) {
  if constexpr (std::is_integral_v<T> && hw_size<T>) {
    constexpr bool four = sizeof(T) == 4;
    using I = std::conditional_t<four, int, long long>;
    using UI = std::conditional_t<four, unsigned, unsigned long long>;
    I* ip = reinterpret_cast<I*>(p);
    const I v = static_cast<I>(static_cast<T>(operand));
    if constexpr (Op == atomic_op::add || Op == atomic_op::sub) {
      const I d = Op == atomic_op::add ? v : static_cast<I>(UI(0) - UI(v));
      WEFT_NV_ATOM_SIZED(add, i, ll, ip, d);
    } else if constexpr (Op == atomic_op::bit_and) {
      WEFT_NV_ATOM_SIZED(and, i, ll, ip, v);
    } else if constexpr (Op == atomic_op::bit_or) {
      WEFT_NV_ATOM_SIZED(or, i, ll, ip, v);
    } else if constexpr (Op == atomic_op::bit_xor) {
      WEFT_NV_ATOM_SIZED(xor, i, ll, ip, v);
    } else if constexpr (std::is_signed_v<T>) {
      if constexpr (Op == atomic_op::min) {
        WEFT_NV_ATOM_SIZED(min, i, ll, ip, v);
      } else {
        WEFT_NV_ATOM_SIZED(max, i, ll, ip, v);
      }
    } else if (s != nv_scope::gpu) {
      // clang's block- and system-scope builtins for unsigned min/max
      // (__nvvm_atom_cta_min_gen_ui, ...) are the signed instructions (clang 22).
      return unsigned_min_max<Op>(p, static_cast<UI>(static_cast<T>(operand)), s);
    } else {
      UI* up = reinterpret_cast<UI*>(p);
      const UI uv = static_cast<UI>(static_cast<T>(operand));
      if constexpr (Op == atomic_op::min) {
        WEFT_NV_ATOM_SIZED(min, ui, ull, up, uv);
      } else {
        WEFT_NV_ATOM_SIZED(max, ui, ull, up, uv);
      }
    }
  } else if constexpr (std::is_same_v<T, float> && (Op == atomic_op::add || Op == atomic_op::sub)) {
    const float v = Op == atomic_op::add ? float(operand) : -float(operand);
    return WEFT_NV_ATOM(add, f, p, v);
  } else if constexpr (std::is_same_v<T, double> && (Op == atomic_op::add || Op == atomic_op::sub)) {
    const double v = Op == atomic_op::add ? double(operand) : -double(operand);
    return WEFT_NV_ATOM(add, d, p, v);
  } else if constexpr (std::is_pointer_v<T> && sizeof(T) == 8) {
    // Pointer arithmetic in elements: an integer add of the byte distance.
    using E = std::remove_pointer_t<T>;
    const long long bytes = static_cast<long long>(operand) * static_cast<long long>(sizeof(E));
    const long long d = Op == atomic_op::add ? bytes : -bytes;
    return reinterpret_cast<T>(WEFT_NV_ATOM(add, ll, reinterpret_cast<long long*>(p), d));
  } else {
    return cas_loop<Op>(p, operand, s);
  }
}

#undef WEFT_NV_ATOM_SIZED
#undef WEFT_NV_ATOM

template <atomic_op Op, class T, class U>
__device__ inline T atomic_fetch(T* p, U operand, int order, atomic_scope scope) {
  const nv_scope s = to_nv_scope(scope);
  fence_before(order, s);
  T old = raw_fetch<Op>(p, operand, s);
  fence_after(order, s);
  return old;
}

}  // namespace gpu
}  // namespace weft::kernel
