#pragma once
// SYCL 2020 section 4.15.3: atomic_ref, for integral, floating-point and pointer
// types on global and local memory (std::atomic_ref is C++20: this uses the
// GCC/Clang __atomic builtins directly).
//
// Local memory belongs to one work group, and all items of a group run on one
// thread, switching only at barriers; so an atomic_ref on local_space memory
// needs no atomic instruction and compiles to the plain operation. Every other
// address space gets real atomics (memory scopes all map to system scope).
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <sycl/access.hpp>

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
template <class T, memory_order DefaultOrder, memory_scope DefaultScope, address_space Space>
class atomic_ref_base {
  static_assert(atomic_ref_type<T>, "atomic_ref supports integral, float, double and pointer types");
  static_assert(DefaultOrder != memory_order::__consume_unsupported, "memory_order::consume is not supported");

 protected:
  static constexpr bool plain = Space == address_space::local_space;  // one thread per work group

 public:
  using value_type = T;
  static constexpr std::size_t required_alignment = sizeof(T);
  static constexpr bool is_always_lock_free = __atomic_always_lock_free(sizeof(T), 0);
  static constexpr memory_order default_read_order = read_order(DefaultOrder);
  static constexpr memory_order default_write_order = write_order(DefaultOrder);
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  explicit atomic_ref_base(T& ref) : m_ptr(&ref) {}
  atomic_ref_base(const atomic_ref_base&) noexcept = default;
  atomic_ref_base& operator=(const atomic_ref_base&) = delete;

  bool is_lock_free() const noexcept { return __atomic_is_lock_free(sizeof(T), m_ptr); }

  void store(T operand, memory_order order = default_write_order, memory_scope = default_scope) const noexcept {
    if constexpr (plain)
      *m_ptr = operand;
    else
      __atomic_store(m_ptr, &operand, gcc_order(order));
  }
  T load(memory_order order = default_read_order, memory_scope = default_scope) const noexcept {
    if constexpr (plain) {
      return *m_ptr;
    } else {
      T v;
      __atomic_load(m_ptr, &v, gcc_order(order));
      return v;
    }
  }
  operator T() const noexcept { return load(); }

  T exchange(T operand, memory_order order = default_read_modify_write_order,
             memory_scope = default_scope) const noexcept {
    if constexpr (plain) {
      T old = *m_ptr;
      *m_ptr = operand;
      return old;
    } else {
      T old;
      __atomic_exchange(m_ptr, &operand, &old, gcc_order(order));
      return old;
    }
  }

  bool compare_exchange_weak(T& expected, T desired, memory_order success, memory_order failure,
                             memory_scope = default_scope) const noexcept {
    return cas(expected, desired, true, success, failure);
  }
  bool compare_exchange_weak(T& expected, T desired, memory_order order = default_read_modify_write_order,
                             memory_scope = default_scope) const noexcept {
    return cas(expected, desired, true, order, failure_order(order));
  }
  bool compare_exchange_strong(T& expected, T desired, memory_order success, memory_order failure,
                               memory_scope = default_scope) const noexcept {
    return cas(expected, desired, false, success, failure);
  }
  bool compare_exchange_strong(T& expected, T desired, memory_order order = default_read_modify_write_order,
                               memory_scope = default_scope) const noexcept {
    return cas(expected, desired, false, order, failure_order(order));
  }

 protected:
  bool cas(T& expected, T desired, bool weak, memory_order success, memory_order failure) const noexcept {
    if constexpr (plain) {
      if (*m_ptr == expected) {
        *m_ptr = desired;
        return true;
      }
      expected = *m_ptr;
      return false;
    } else {
      return __atomic_compare_exchange(m_ptr, &expected, &desired, weak, gcc_order(success),
                                       gcc_order(failure_order(failure)));
    }
  }
  // Read-modify-write through a compare-exchange loop (floating point, min, max).
  template <class F>
  T update(F f, memory_order order) const noexcept {
    if constexpr (plain) {
      T old = *m_ptr;
      *m_ptr = f(old);
      return old;
    } else {
      T old = load(memory_order::relaxed);
      while (!cas(old, f(old), true, order, memory_order::relaxed)) {
      }
      return old;
    }
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
  T operator=(T desired) const noexcept {
    this->store(desired);
    return desired;
  }
};

// Integral types: arithmetic and bitwise operations.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope, access::address_space Space>
class atomic_ref<T, DefaultOrder, DefaultScope, Space, std::enable_if_t<std::is_integral_v<T>>>
    : public detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space> {
  using base = detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space>;
  using base::plain;
  static constexpr memory_order rmw = DefaultOrder;

 public:
  using difference_type = T;
  using base::base;
  T operator=(T desired) const noexcept {
    this->store(desired);
    return desired;
  }

#define WEFT_ATOMIC_FETCH(name, builtin, op)                                                          \
  T name(T operand, memory_order order = rmw, memory_scope = DefaultScope) const noexcept {           \
    if constexpr (plain) {                                                                           \
      T old = *this->m_ptr;                                                                          \
      *this->m_ptr = static_cast<T>(old op operand);                                                 \
      return old;                                                                                    \
    } else {                                                                                         \
      return builtin(this->m_ptr, operand, detail::gcc_order(order));                               \
    }                                                                                                \
  }
  WEFT_ATOMIC_FETCH(fetch_add, __atomic_fetch_add, +)
  WEFT_ATOMIC_FETCH(fetch_sub, __atomic_fetch_sub, -)
  WEFT_ATOMIC_FETCH(fetch_and, __atomic_fetch_and, &)
  WEFT_ATOMIC_FETCH(fetch_or, __atomic_fetch_or, |)
  WEFT_ATOMIC_FETCH(fetch_xor, __atomic_fetch_xor, ^)
#undef WEFT_ATOMIC_FETCH

  T fetch_min(T operand, memory_order order = rmw, memory_scope = DefaultScope) const noexcept {
    return this->update([operand](T v) { return operand < v ? operand : v; }, order);
  }
  T fetch_max(T operand, memory_order order = rmw, memory_scope = DefaultScope) const noexcept {
    return this->update([operand](T v) { return operand > v ? operand : v; }, order);
  }

  T operator++(int) const noexcept { return fetch_add(1); }
  T operator--(int) const noexcept { return fetch_sub(1); }
  T operator++() const noexcept { return static_cast<T>(fetch_add(1) + 1); }
  T operator--() const noexcept { return static_cast<T>(fetch_sub(1) - 1); }
  T operator+=(T v) const noexcept { return static_cast<T>(fetch_add(v) + v); }
  T operator-=(T v) const noexcept { return static_cast<T>(fetch_sub(v) - v); }
  T operator&=(T v) const noexcept { return static_cast<T>(fetch_and(v) & v); }
  T operator|=(T v) const noexcept { return static_cast<T>(fetch_or(v) | v); }
  T operator^=(T v) const noexcept { return static_cast<T>(fetch_xor(v) ^ v); }
};

// Floating point: add, sub, min, max through compare-exchange.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope, access::address_space Space>
class atomic_ref<T, DefaultOrder, DefaultScope, Space, std::enable_if_t<std::is_floating_point_v<T>>>
    : public detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space> {
  using base = detail::atomic_ref_base<T, DefaultOrder, DefaultScope, Space>;
  static constexpr memory_order rmw = DefaultOrder;

 public:
  using difference_type = T;
  using base::base;
  T operator=(T desired) const noexcept {
    this->store(desired);
    return desired;
  }

  T fetch_add(T operand, memory_order order = rmw, memory_scope = DefaultScope) const noexcept {
    return this->update([operand](T v) { return v + operand; }, order);
  }
  T fetch_sub(T operand, memory_order order = rmw, memory_scope = DefaultScope) const noexcept {
    return this->update([operand](T v) { return v - operand; }, order);
  }
  T fetch_min(T operand, memory_order order = rmw, memory_scope = DefaultScope) const noexcept {
    return this->update([operand](T v) { return operand < v ? operand : v; }, order);
  }
  T fetch_max(T operand, memory_order order = rmw, memory_scope = DefaultScope) const noexcept {
    return this->update([operand](T v) { return operand > v ? operand : v; }, order);
  }
  T operator+=(T v) const noexcept { return fetch_add(v) + v; }
  T operator-=(T v) const noexcept { return fetch_sub(v) - v; }
};

// Pointers: arithmetic in elements.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope, access::address_space Space>
class atomic_ref<T*, DefaultOrder, DefaultScope, Space, void>
    : public detail::atomic_ref_base<T*, DefaultOrder, DefaultScope, Space> {
  using base = detail::atomic_ref_base<T*, DefaultOrder, DefaultScope, Space>;
  static constexpr memory_order rmw = DefaultOrder;

 public:
  using difference_type = std::ptrdiff_t;
  using base::base;
  T* operator=(T* desired) const noexcept {
    this->store(desired);
    return desired;
  }

  T* fetch_add(difference_type d, memory_order order = rmw, memory_scope = DefaultScope) const noexcept {
    return this->update([d](T* p) { return p + d; }, order);
  }
  T* fetch_sub(difference_type d, memory_order order = rmw, memory_scope = DefaultScope) const noexcept {
    return this->update([d](T* p) { return p - d; }, order);
  }
  T* operator++(int) const noexcept { return fetch_add(1); }
  T* operator--(int) const noexcept { return fetch_sub(1); }
  T* operator++() const noexcept { return fetch_add(1) + 1; }
  T* operator--() const noexcept { return fetch_sub(1) - 1; }
  T* operator+=(difference_type d) const noexcept { return fetch_add(d) + d; }
  T* operator-=(difference_type d) const noexcept { return fetch_sub(d) - d; }
};

}  // namespace weft::sycl
