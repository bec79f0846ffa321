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
inline constexpr bool atomic_ref_type =
    (std::is_integral_v<T> && !std::is_same_v<T, bool>) || std::is_same_v<T, float> || std::is_same_v<T, double> ||
    std::is_pointer_v<T>;

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
  using op = weft::kernel::atomic_op;

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

  WEFT_HOST_DEVICE bool compare_exchange_weak(T& expected, T desired, memory_order success, memory_order failure,
                                              memory_scope scope = default_scope) const noexcept {
    return cas(expected, desired, true, success, failure, scope);
  }
  WEFT_HOST_DEVICE bool compare_exchange_weak(T& expected, T desired,
                                              memory_order order = default_read_modify_write_order,
                                              memory_scope scope = default_scope) const noexcept {
    return cas(expected, desired, true, order, failure_order(order), scope);
  }
  WEFT_HOST_DEVICE bool compare_exchange_strong(T& expected, T desired, memory_order success, memory_order failure,
                                                memory_scope scope = default_scope) const noexcept {
    return cas(expected, desired, false, success, failure, scope);
  }
  WEFT_HOST_DEVICE bool compare_exchange_strong(T& expected, T desired,
                                                memory_order order = default_read_modify_write_order,
                                                memory_scope scope = default_scope) const noexcept {
    return cas(expected, desired, false, order, failure_order(order), scope);
  }

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

}  // namespace detail

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space Space = access::address_space::generic_space, typename = void>
class atomic_ref : public detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space> {
  using base = detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space>;

 public:
  using base::base;
  WEFT_HOST_DEVICE T operator=(T desired) const noexcept {
    this->store(desired);
    return desired;
  }
};

// Integral types: arithmetic and bitwise operations.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope, access::address_space Space>
class atomic_ref<T, DefaultOrder, DefaultScope, Space, std::enable_if_t<std::is_integral_v<T>>>
    : public detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space> {
  using base = detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space>;
  using op = typename base::op;
  static constexpr memory_order rmw = DefaultOrder;

 public:
  using difference_type = T;
  using base::base;
  WEFT_HOST_DEVICE T operator=(T desired) const noexcept {
    this->store(desired);
    return desired;
  }

#define WEFT_ATOMIC_FETCH(name, o)                                                                        \
  WEFT_HOST_DEVICE T name(T operand, memory_order order = rmw, memory_scope scope = DefaultScope) const noexcept { \
    return this->template fetch<op::o>(operand, order, scope);                                            \
  }
  WEFT_ATOMIC_FETCH(fetch_add, add)
  WEFT_ATOMIC_FETCH(fetch_sub, sub)
  WEFT_ATOMIC_FETCH(fetch_and, bit_and)
  WEFT_ATOMIC_FETCH(fetch_or, bit_or)
  WEFT_ATOMIC_FETCH(fetch_xor, bit_xor)
  WEFT_ATOMIC_FETCH(fetch_min, min)
  WEFT_ATOMIC_FETCH(fetch_max, max)

  WEFT_HOST_DEVICE T operator++(int) const noexcept { return fetch_add(1); }
  WEFT_HOST_DEVICE T operator--(int) const noexcept { return fetch_sub(1); }
  WEFT_HOST_DEVICE T operator++() const noexcept { return static_cast<T>(fetch_add(1) + 1); }
  WEFT_HOST_DEVICE T operator--() const noexcept { return static_cast<T>(fetch_sub(1) - 1); }
  WEFT_HOST_DEVICE T operator+=(T v) const noexcept { return static_cast<T>(fetch_add(v) + v); }
  WEFT_HOST_DEVICE T operator-=(T v) const noexcept { return static_cast<T>(fetch_sub(v) - v); }
  WEFT_HOST_DEVICE T operator&=(T v) const noexcept { return static_cast<T>(fetch_and(v) & v); }
  WEFT_HOST_DEVICE T operator|=(T v) const noexcept { return static_cast<T>(fetch_or(v) | v); }
  WEFT_HOST_DEVICE T operator^=(T v) const noexcept { return static_cast<T>(fetch_xor(v) ^ v); }
};

// Floating point: add, sub, min, max (hardware add on the GPU, compare-exchange otherwise).
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope, access::address_space Space>
class atomic_ref<T, DefaultOrder, DefaultScope, Space, std::enable_if_t<std::is_floating_point_v<T>>>
    : public detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space> {
  using base = detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space>;
  using op = typename base::op;
  static constexpr memory_order rmw = DefaultOrder;

 public:
  using difference_type = T;
  using base::base;
  WEFT_HOST_DEVICE T operator=(T desired) const noexcept {
    this->store(desired);
    return desired;
  }

  WEFT_ATOMIC_FETCH(fetch_add, add)
  WEFT_ATOMIC_FETCH(fetch_sub, sub)
  WEFT_ATOMIC_FETCH(fetch_min, min)
  WEFT_ATOMIC_FETCH(fetch_max, max)
  WEFT_HOST_DEVICE T operator+=(T v) const noexcept { return fetch_add(v) + v; }
  WEFT_HOST_DEVICE T operator-=(T v) const noexcept { return fetch_sub(v) - v; }
};
#undef WEFT_ATOMIC_FETCH

// Pointers: arithmetic in elements.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope, access::address_space Space>
class atomic_ref<T*, DefaultOrder, DefaultScope, Space, void>
    : public detail::atomic_ref_base<T*, DefaultOrder, DefaultScope, Space> {
  using base = detail::atomic_ref_base<T*, DefaultOrder, DefaultScope, Space>;
  using op = typename base::op;
  static constexpr memory_order rmw = DefaultOrder;

 public:
  using difference_type = std::ptrdiff_t;
  using base::base;
  WEFT_HOST_DEVICE T* operator=(T* desired) const noexcept {
    this->store(desired);
    return desired;
  }

  WEFT_HOST_DEVICE T* fetch_add(difference_type d, memory_order order = rmw,
                                memory_scope scope = DefaultScope) const noexcept {
    return this->template fetch<op::add>(d, order, scope);
  }
  WEFT_HOST_DEVICE T* fetch_sub(difference_type d, memory_order order = rmw,
                                memory_scope scope = DefaultScope) const noexcept {
    return this->template fetch<op::sub>(d, order, scope);
  }
  WEFT_HOST_DEVICE T* operator++(int) const noexcept { return fetch_add(1); }
  WEFT_HOST_DEVICE T* operator--(int) const noexcept { return fetch_sub(1); }
  WEFT_HOST_DEVICE T* operator++() const noexcept { return fetch_add(1) + 1; }
  WEFT_HOST_DEVICE T* operator--() const noexcept { return fetch_sub(1) - 1; }
  WEFT_HOST_DEVICE T* operator+=(difference_type d) const noexcept { return fetch_add(d) + d; }
  WEFT_HOST_DEVICE T* operator-=(difference_type d) const noexcept { return fetch_sub(d) - d; }
};

}  // namespace weft::sycl
