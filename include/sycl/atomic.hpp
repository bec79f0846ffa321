#pragma once
// SYCL 1.2.1 atomics (deprecated in SYCL 2020, still used by real programs):
// sycl::atomic<T, AddressSpace>, the atomic_* free functions and accessors in
// access_mode::atomic, whose subscript gives a sycl::atomic. Built on the
// kernel interface's atomics (weft/kernel/atomic.hpp), like atomic_ref.
#include <cstdint>
#include <type_traits>
#include <sycl/access.hpp>
#include <sycl/accessor.hpp>
#include <sycl/atomic_ref.hpp>
#include <sycl/local_accessor.hpp>
#include <sycl/multi_ptr.hpp>
#include <weft/kernel/atomic.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail {
// SYCL 1.2.1 loads treat a release order as acquire and stores treat an acquire
// order as release, where atomic_ref relaxes them.
constexpr int legacy_load_order(memory_order o) {
  return o == memory_order::release || o == memory_order::acq_rel ? __ATOMIC_ACQUIRE : gcc_order(o);
}
constexpr int legacy_store_order(memory_order o) {
  return o == memory_order::acquire || o == memory_order::acq_rel ? __ATOMIC_RELEASE : gcc_order(o);
}
}  // namespace detail

template <typename T, access::address_space AddressSpace = access::address_space::global_space>
class atomic {  // deprecated in SYCL 2020 (use atomic_ref); not marked, so 1.2.1 code builds quietly
  static_assert(std::is_trivially_copyable_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                "sycl::atomic supports 32- and 64-bit types");
  // Real atomics in every address space, at device scope.
  static constexpr auto scope = weft::kernel::atomic_scope::device;
  using op = weft::kernel::atomic_op;

 public:
  template <typename PT, access::address_space PS, access::decorated D,
            std::enable_if_t<std::is_convertible_v<PT*, T*>, int> = 0>
  WEFT_HOST_DEVICE atomic(multi_ptr<PT, PS, D> ptr) : m_ptr(ptr.get()) {}
  WEFT_HOST_DEVICE explicit atomic(T* ptr) : m_ptr(ptr) {}  // Weft: from a plain pointer

  WEFT_HOST_DEVICE void store(T operand, memory_order order = memory_order::relaxed) const {
    weft::kernel::atomic_store<false>(m_ptr, operand, detail::legacy_store_order(order), scope);
  }
  WEFT_HOST_DEVICE T load(memory_order order = memory_order::relaxed) const {
    return weft::kernel::atomic_load<false>(m_ptr, detail::legacy_load_order(order), scope);
  }
  WEFT_HOST_DEVICE T exchange(T operand, memory_order order = memory_order::relaxed) const {
    return weft::kernel::atomic_exchange<false>(m_ptr, operand, detail::gcc_order(order), scope);
  }
  WEFT_HOST_DEVICE bool compare_exchange_strong(T& expected, T desired, memory_order success = memory_order::relaxed,
                                                memory_order fail = memory_order::relaxed) const {
    return weft::kernel::atomic_compare_exchange<false>(m_ptr, expected, desired, false, detail::gcc_order(success),
                                                        detail::legacy_load_order(fail), scope);
  }
#define WEFT_LEGACY_FETCH(name, o)                                                                    \
  WEFT_HOST_DEVICE T name(T operand, memory_order order = memory_order::relaxed) const {              \
    return weft::kernel::atomic_fetch<op::o, false>(m_ptr, operand, detail::gcc_order(order), scope); \
  }
  WEFT_LEGACY_FETCH(fetch_add, add)
  WEFT_LEGACY_FETCH(fetch_sub, sub)
  WEFT_LEGACY_FETCH(fetch_and, bit_and)
  WEFT_LEGACY_FETCH(fetch_or, bit_or)
  WEFT_LEGACY_FETCH(fetch_xor, bit_xor)
  WEFT_LEGACY_FETCH(fetch_min, min)
  WEFT_LEGACY_FETCH(fetch_max, max)
#undef WEFT_LEGACY_FETCH

 private:
  T* m_ptr;
};

#define WEFT_ATOMIC_FREE(name, ...)                                                                              \
  template <typename T, access::address_space S>                                                                 \
  WEFT_HOST_DEVICE T atomic_##name(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) { \
    return object.name(operand, order);                                                                          \
  }
WEFT_ATOMIC_FREE(exchange)
WEFT_ATOMIC_FREE(fetch_add)
WEFT_ATOMIC_FREE(fetch_sub)
WEFT_ATOMIC_FREE(fetch_and)
WEFT_ATOMIC_FREE(fetch_or)
WEFT_ATOMIC_FREE(fetch_xor)
WEFT_ATOMIC_FREE(fetch_min)
WEFT_ATOMIC_FREE(fetch_max)
#undef WEFT_ATOMIC_FREE
template <typename T, access::address_space S>
WEFT_HOST_DEVICE void atomic_store(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  object.store(operand, order);
}
template <typename T, access::address_space S>
WEFT_HOST_DEVICE T atomic_load(atomic<T, S> object, memory_order order = memory_order::relaxed) {
  return object.load(order);
}
template <typename T, access::address_space S>
WEFT_HOST_DEVICE bool atomic_compare_exchange_strong(atomic<T, S> object, T& expected, T desired,
                                                     memory_order success = memory_order::relaxed,
                                                     memory_order fail = memory_order::relaxed) {
  return object.compare_exchange_strong(expected, desired, success, fail);
}

namespace detail {
// Accessors in access_mode::atomic (SYCL 1.2.1, deprecated in SYCL 2020): the read_write
// accessor underneath (Base), each element reached as a sycl::atomic of the accessor's
// address space, by acc[id], acc[i] and acc[i][j]...
template <class Self, class Base, access::address_space Space>
class atomic_accessor : public Base {
  static constexpr int Dims = Base::dimensions;
  using atomic_type = atomic<typename Base::value_type, Space>;

 public:
  static constexpr access_mode mode = access_mode::atomic;
  using Base::Base;

  WEFT_HOST_DEVICE atomic_type operator[](const id<Dims>& i) const { return atomic_type(&Base::operator[](i)); }
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  WEFT_HOST_DEVICE atomic_type operator[](std::size_t i) const {
    return atomic_type(&Base::operator[](id<1>(i)));
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  WEFT_HOST_DEVICE subscript_proxy<Self, Dims, 1> operator[](std::size_t i) const {
    id<Dims> idx;
    idx[0] = i;
    return {static_cast<const Self&>(*this), idx};
  }
  access_mode get_mode() const noexcept { return access_mode::atomic; }
};
}  // namespace detail

// In global memory: accessor<T, Dims, atomic>(buffer, cgh).
template <typename T, int Dims, target Tgt, access::placeholder P>
class accessor<T, Dims, access_mode::atomic, Tgt, P>
    : public detail::atomic_accessor<accessor<T, Dims, access_mode::atomic, Tgt, P>,
                                     accessor<T, Dims, access_mode::read_write, Tgt, P>,
                                     access::address_space::global_space> {
 public:
  using detail::atomic_accessor<accessor, accessor<T, Dims, access_mode::read_write, Tgt, P>,
                                access::address_space::global_space>::atomic_accessor;
};

// In local memory: accessor<T, Dims, atomic, target::local>(range, cgh).
template <typename T, int Dims, access::placeholder P>
class accessor<T, Dims, access_mode::atomic, target::local, P>
    : public detail::atomic_accessor<accessor<T, Dims, access_mode::atomic, target::local, P>,
                                     accessor<T, Dims, access_mode::read_write, target::local, P>,
                                     access::address_space::local_space> {
 public:
  using detail::atomic_accessor<accessor, accessor<T, Dims, access_mode::read_write, target::local, P>,
                                access::address_space::local_space>::atomic_accessor;
};

// 0-dimensional atomic accessors (one element, converted to a sycl::atomic), more
// specialized than the two above and the 0-dimensional ones of accessor.hpp and
// local_accessor.hpp.
template <typename T, target Tgt, access::placeholder P>
class accessor<T, 0, access_mode::atomic, Tgt, P>
    : public detail::zero_dim_accessor<accessor<T, 0, access_mode::atomic, Tgt, P>,
                                       accessor<T, 1, access_mode::atomic, Tgt, P>, access_mode::atomic, Tgt> {
  using base =
      detail::zero_dim_accessor<accessor, accessor<T, 1, access_mode::atomic, Tgt, P>, access_mode::atomic, Tgt>;

 public:
  using base::base;
  accessor() = default;
};
template <typename T, access::placeholder P>
class accessor<T, 0, access_mode::atomic, target::local, P>
    : public detail::zero_dim_accessor<accessor<T, 0, access_mode::atomic, target::local, P>,
                                       accessor<T, 1, access_mode::atomic, target::local, P>, access_mode::atomic,
                                       target::local> {
  using base = detail::zero_dim_accessor<accessor, accessor<T, 1, access_mode::atomic, target::local, P>,
                                         access_mode::atomic, target::local>;

 public:
  using base::base;
  accessor() = default;
};

}  // namespace weft::sycl
