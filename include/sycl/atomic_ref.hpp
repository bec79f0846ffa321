#pragma once
// SYCL 2020 section 4.15.3: atomic_ref, for integral, floating-point and pointer
// types on global and local memory (std::atomic_ref is C++20: this uses the
// GCC/Clang __atomic builtins directly).
//
// The operations are the kernel interface's (weft/kernel/atomic.hpp), per target:
// on the CPU, local_space memory belongs to one work group whose items run on one
// thread, switching only at barriers, so an atomic_ref on it is the plain
// operation and every other address space gets real atomics at system scope; on
// the CUDA target every address space gets hardware atomics of the scope asked
// for, ordered by fences.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <sycl/access.hpp>
#include <weft/kernel/atomic.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail {

constexpr int gcc_order(memory_order o) {
  switch (o) {
    case memory_order::relaxed: return __ATOMIC_RELAXED;
    case memory_order::acquire: return __ATOMIC_ACQUIRE;
    case memory_order::release: return __ATOMIC_RELEASE;
    case memory_order::acq_rel: return __ATOMIC_ACQ_REL;
    default: return __ATOMIC_SEQ_CST;
  }
}
// A compare-exchange's failure order may not release.
constexpr memory_order failure_order(memory_order o) {
  return o == memory_order::acq_rel ? memory_order::acquire : o == memory_order::release ? memory_order::relaxed : o;
}
constexpr memory_order read_order(memory_order o) {
  return o == memory_order::acq_rel ? memory_order::acquire : o == memory_order::release ? memory_order::relaxed : o;
}
constexpr memory_order write_order(memory_order o) {
  return o == memory_order::acq_rel ? memory_order::release : o == memory_order::acquire ? memory_order::relaxed : o;
}

template <class T>
inline constexpr bool atomic_ref_type = (std::is_integral_v<T> && !std::is_same_v<T, bool>) ||
                                        std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_pointer_v<T>;

// Loads, stores, exchanges and compare-exchanges shared by every atomic_ref.
constexpr weft::kernel::atomic_scope kernel_scope(memory_scope s) {
  return static_cast<weft::kernel::atomic_scope>(static_cast<int>(s));
}

template <class T, memory_order DefaultOrder, memory_scope DefaultScope, address_space Space>
class atomic_ref_base {
  static_assert(atomic_ref_type<T>, "atomic_ref supports integral, float, double and pointer types");
  static_assert(DefaultOrder != memory_order::__consume_unsupported, "memory_order::consume is not supported");

 protected:
  static constexpr bool local = Space == address_space::local_space;

 public:
  using value_type = T;
  static constexpr std::size_t required_alignment = sizeof(T);
  static constexpr bool is_always_lock_free = __atomic_always_lock_free(sizeof(T), 0);
  static constexpr memory_order default_read_order = read_order(DefaultOrder);
  static constexpr memory_order default_write_order = write_order(DefaultOrder);
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  WEFT_HOST_DEVICE explicit atomic_ref_base(T& ref) : m_ptr(&ref) {}
  atomic_ref_base(const atomic_ref_base&) noexcept = default;
  atomic_ref_base& operator=(const atomic_ref_base&) = delete;

  WEFT_HOST_DEVICE bool is_lock_free() const noexcept { return weft::kernel::atomic_is_lock_free<local>(m_ptr); }

  WEFT_HOST_DEVICE void store(T operand, memory_order order = default_write_order,
                              memory_scope scope = default_scope) const noexcept {
    weft::kernel::atomic_store<local>(m_ptr, operand, gcc_order(order), kernel_scope(scope));
  }
  WEFT_HOST_DEVICE T load(memory_order order = default_read_order, memory_scope scope = default_scope) const noexcept {
    return weft::kernel::atomic_load<local>(m_ptr, gcc_order(order), kernel_scope(scope));
  }
  WEFT_HOST_DEVICE operator T() const noexcept { return load(); }

  WEFT_HOST_DEVICE T exchange(T operand, memory_order order = default_read_modify_write_order,
                              memory_scope scope = default_scope) const noexcept {
    return weft::kernel::atomic_exchange<local>(m_ptr, operand, gcc_order(order), kernel_scope(scope));
  }

  // Each compare-exchange takes both orders, or one from which the failure order is derived.
#define WEFT_ATOMIC_CAS(name, weak)                                                                        \
  WEFT_HOST_DEVICE bool name(T& expected, T desired, memory_order success, memory_order failure,           \
                             memory_scope scope = default_scope) const noexcept {                          \
    return cas(expected, desired, weak, success, failure, scope);                                          \
  }                                                                                                        \
  WEFT_HOST_DEVICE bool name(T& expected, T desired, memory_order order = default_read_modify_write_order, \
                             memory_scope scope = default_scope) const noexcept {                          \
    return cas(expected, desired, weak, order, failure_order(order), scope);                               \
  }
  WEFT_ATOMIC_CAS(compare_exchange_weak, true)
  WEFT_ATOMIC_CAS(compare_exchange_strong, false)
#undef WEFT_ATOMIC_CAS

 protected:
  WEFT_HOST_DEVICE bool cas(T& expected, T desired, bool weak, memory_order success, memory_order failure,
                            memory_scope scope) const noexcept {
    return weft::kernel::atomic_compare_exchange<local>(m_ptr, expected, desired, weak, gcc_order(success),
                                                        gcc_order(failure_order(failure)), kernel_scope(scope));
  }
  template <weft::kernel::atomic_op Op, class U>
  WEFT_HOST_DEVICE T fetch(U operand, memory_order order, memory_scope scope) const noexcept {
    return weft::kernel::atomic_fetch<Op, local>(m_ptr, operand, gcc_order(order), kernel_scope(scope));
  }

  T* m_ptr;
};

// The read-modify-write operations each kind of type adds (section 4.15.3), in
// layers: fetch_add/fetch_sub in steps of D, ++/-- (integers and pointers, not
// floating point), then min/max and bitwise ops.
#define WEFT_ATOMIC_FETCH(name, o, D)                                                                      \
  WEFT_HOST_DEVICE T name(D operand, memory_order order = DefaultOrder, memory_scope scope = DefaultScope) \
      const noexcept {                                                                                     \
    return this->template fetch<weft::kernel::atomic_op::o>(operand, order, scope);                        \
  }

template <class T, class D, memory_order DefaultOrder, memory_scope DefaultScope, address_space Space>
class atomic_ref_add : public atomic_ref_base<T, DefaultOrder, DefaultScope, Space> {
 public:
  using difference_type = D;
  using atomic_ref_base<T, DefaultOrder, DefaultScope, Space>::atomic_ref_base;
  WEFT_ATOMIC_FETCH(fetch_add, add, D)
  WEFT_ATOMIC_FETCH(fetch_sub, sub, D)
  WEFT_HOST_DEVICE T operator+=(D d) const noexcept { return static_cast<T>(fetch_add(d) + d); }
  WEFT_HOST_DEVICE T operator-=(D d) const noexcept { return static_cast<T>(fetch_sub(d) - d); }
};

template <class T, class D, memory_order DefaultOrder, memory_scope DefaultScope, address_space Space>
class atomic_ref_step : public atomic_ref_add<T, D, DefaultOrder, DefaultScope, Space> {
 public:
  using atomic_ref_add<T, D, DefaultOrder, DefaultScope, Space>::atomic_ref_add;
  WEFT_HOST_DEVICE T operator++(int) const noexcept { return this->fetch_add(1); }
  WEFT_HOST_DEVICE T operator--(int) const noexcept { return this->fetch_sub(1); }
  WEFT_HOST_DEVICE T operator++() const noexcept { return static_cast<T>(this->fetch_add(1) + 1); }
  WEFT_HOST_DEVICE T operator--() const noexcept { return static_cast<T>(this->fetch_sub(1) - 1); }
};

// fetch_min/fetch_max on top of Base, for integral and floating-point types.
template <class Base, class T, memory_order DefaultOrder, memory_scope DefaultScope>
class atomic_ref_minmax : public Base {
 public:
  using Base::Base;
  WEFT_ATOMIC_FETCH(fetch_min, min, T)
  WEFT_ATOMIC_FETCH(fetch_max, max, T)
};

// Integral types: arithmetic, min/max and bitwise operations.
template <class T, memory_order DefaultOrder, memory_scope DefaultScope, address_space Space>
class atomic_ref_integral : public atomic_ref_minmax<atomic_ref_step<T, T, DefaultOrder, DefaultScope, Space>, T,
                                                     DefaultOrder, DefaultScope> {
 public:
  using atomic_ref_integral::atomic_ref_minmax::atomic_ref_minmax;
  WEFT_ATOMIC_FETCH(fetch_and, bit_and, T)
  WEFT_ATOMIC_FETCH(fetch_or, bit_or, T)
  WEFT_ATOMIC_FETCH(fetch_xor, bit_xor, T)
  WEFT_HOST_DEVICE T operator&=(T v) const noexcept { return static_cast<T>(fetch_and(v) & v); }
  WEFT_HOST_DEVICE T operator|=(T v) const noexcept { return static_cast<T>(fetch_or(v) | v); }
  WEFT_HOST_DEVICE T operator^=(T v) const noexcept { return static_cast<T>(fetch_xor(v) ^ v); }
};
#undef WEFT_ATOMIC_FETCH

// Floating point adds, subtracts, and takes min and max (hardware add on the GPU,
// compare-exchange otherwise); pointers step in elements; other types (bool
// excluded) only load, store and exchange.
template <class T, memory_order DefaultOrder, memory_scope DefaultScope, address_space Space>
using atomic_ref_ops = std::conditional_t<
    std::is_integral_v<T>, atomic_ref_integral<T, DefaultOrder, DefaultScope, Space>,
    std::conditional_t<
        std::is_floating_point_v<T>,
        atomic_ref_minmax<atomic_ref_add<T, T, DefaultOrder, DefaultScope, Space>, T, DefaultOrder, DefaultScope>,
        std::conditional_t<std::is_pointer_v<T>, atomic_ref_step<T, std::ptrdiff_t, DefaultOrder, DefaultScope, Space>,
                           atomic_ref_base<T, DefaultOrder, DefaultScope, Space>>>>;

}  // namespace detail

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space Space = access::address_space::generic_space, typename = void>
class atomic_ref : public detail::atomic_ref_ops<T, DefaultOrder, DefaultScope, Space> {
  using base = detail::atomic_ref_ops<T, DefaultOrder, DefaultScope, Space>;

 public:
  using base::base;
  WEFT_HOST_DEVICE T operator=(T desired) const noexcept {
    this->store(desired);
    return desired;
  }
};

}  // namespace weft::sycl
