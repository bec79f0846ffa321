#pragma once
// SYCL 2020 section 4.7.7: multi_ptr, a pointer tagged with an address space
// (global, local, private, generic; constant is deprecated), in the decorated,
// undecorated and legacy (1.2.1) forms, and address_space_cast. On the CPU every
// address space is host memory, so a multi_ptr is a plain pointer with a tag and
// every cast between spaces is valid.
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <sycl/access.hpp>
#include <weft/kernel/target.hpp>

// Every member and function here is kernel-callable (host+device in CUDA translation units).
WEFT_HOST_DEVICE_BEGIN

namespace weft::sycl {

template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr {
 public:
  using value_type = ElementType;
  using element_type = ElementType;
  using difference_type = std::ptrdiff_t;
  using pointer = std::add_pointer_t<ElementType>;
  using reference = std::add_lvalue_reference_t<ElementType>;
  using iterator_category = std::random_access_iterator_tag;
  using const_pointer = std::add_pointer_t<std::add_const_t<ElementType>>;  // legacy
  // SYCL 1.2.1 names (the legacy interface).
  using pointer_t = pointer;
  using const_pointer_t = const_pointer;
  using reference_t = reference;
  using const_reference_t = std::add_lvalue_reference_t<std::add_const_t<ElementType>>;
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;
  static constexpr access::address_space address_space = Space;

  constexpr multi_ptr() noexcept = default;
  constexpr multi_ptr(const multi_ptr&) = default;
  constexpr multi_ptr& operator=(const multi_ptr&) = default;
  constexpr multi_ptr(std::nullptr_t) noexcept {}
  // Legacy multi_ptr converts from a raw pointer implicitly (SYCL 1.2.1); SYCL 2020 forms
  // explicitly (use address_space_cast).
  template <access::decorated D = DecorateAddress, std::enable_if_t<D == access::decorated::legacy, int> = 0>
  constexpr multi_ptr(ElementType* p) noexcept : m_ptr(p) {}
  template <access::decorated D = DecorateAddress, std::enable_if_t<D != access::decorated::legacy, int> = 0>
  explicit constexpr multi_ptr(ElementType* p) noexcept : m_ptr(p) {}
  // From an accessor (global) or a local accessor: anything with get_pointer() into ElementType.
  template <class Acc, class = std::enable_if_t<
                           !std::is_pointer_v<Acc> && !std::is_same_v<Acc, multi_ptr> &&
                           std::is_convertible_v<decltype(std::declval<const Acc&>().get_pointer()), ElementType*>>>
  multi_ptr(const Acc& acc) : m_ptr(acc.get_pointer()) {}
  // Between decorations, to const, to void (multi_ptr<void>), and from a specific space to generic.
  template <class U, access::address_space S, access::decorated D,
            std::enable_if_t<std::is_convertible_v<U*, ElementType*> &&
                                 (S == Space || Space == access::address_space::generic_space) &&
                                 !(std::is_same_v<U, ElementType> && S == Space && D == DecorateAddress),
                             int> = 0>
  constexpr multi_ptr(const multi_ptr<U, S, D>& o) noexcept : m_ptr(o.get_raw()) {}

  // From another space (to generic) or decoration: an exact match, so the
  // conversion through a raw pointer (operator=(ElementType*)) never competes.
  template <class U, access::address_space S, access::decorated D,
            std::enable_if_t<std::is_convertible_v<U*, ElementType*> &&
                                 (S == Space || Space == access::address_space::generic_space) &&
                                 !(std::is_same_v<U, ElementType> && S == Space && D == DecorateAddress),
                             int> = 0>
  constexpr multi_ptr& operator=(const multi_ptr<U, S, D>& o) noexcept {
    m_ptr = o.get_raw();
    return *this;
  }
  multi_ptr& operator=(std::nullptr_t) noexcept {
    m_ptr = nullptr;
    return *this;
  }
  multi_ptr& operator=(ElementType* p) noexcept {
    m_ptr = p;
    return *this;
  }

  // A void multi_ptr to a typed one of the same space, explicitly (static_cast).
  template <
      class U, access::decorated D, class E = ElementType,
      std::enable_if_t<std::is_void_v<E> && !std::is_void_v<U> && (std::is_const_v<U> || !std::is_const_v<E>), int> = 0>
  explicit operator multi_ptr<U, Space, D>() const noexcept {
    return multi_ptr<U, Space, D>(static_cast<U*>(m_ptr));
  }

  template <class T = ElementType, std::enable_if_t<!std::is_void_v<T>, int> = 0>
  T& operator*() const noexcept {
    return *m_ptr;
  }
  pointer operator->() const noexcept { return m_ptr; }
  template <class I, class T = ElementType, std::enable_if_t<!std::is_void_v<T> && std::is_integral_v<I>, int> = 0>
  T& operator[](I i) const noexcept {
    return m_ptr[i];
  }

  pointer get() const noexcept { return m_ptr; }
  pointer get_raw() const noexcept { return m_ptr; }
  pointer get_decorated() const noexcept { return m_ptr; }
  operator ElementType*() const noexcept { return m_ptr; }  // implicit, as in SYCL 1.2.1
  void prefetch(std::size_t) const noexcept {}

  multi_ptr& operator++() noexcept {
    ++m_ptr;
    return *this;
  }
  multi_ptr operator++(int) noexcept {
    multi_ptr old = *this;
    ++m_ptr;
    return old;
  }
  multi_ptr& operator--() noexcept {
    --m_ptr;
    return *this;
  }
  multi_ptr operator--(int) noexcept {
    multi_ptr old = *this;
    --m_ptr;
    return old;
  }
  multi_ptr& operator+=(difference_type d) noexcept {
    m_ptr += d;
    return *this;
  }
  multi_ptr& operator-=(difference_type d) noexcept {
    m_ptr -= d;
    return *this;
  }
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  friend multi_ptr operator+(const multi_ptr& p, I d) noexcept {
    return multi_ptr(p.m_ptr + d, 0);
  }
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  friend multi_ptr operator+(I d, const multi_ptr& p) noexcept {
    return multi_ptr(p.m_ptr + d, 0);
  }
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  friend multi_ptr operator-(const multi_ptr& p, I d) noexcept {
    return multi_ptr(p.m_ptr - d, 0);
  }
  friend difference_type operator-(const multi_ptr& a, const multi_ptr& b) noexcept { return a.m_ptr - b.m_ptr; }

  // Against nullptr: exact matches, so neither the pointer conversion nor the
  // nullptr constructor makes them ambiguous. (Two multi_ptrs compare through
  // the templates after the class.)
#define WEFT_MPTR_CMP(op)                                                                             \
  friend bool operator op(const multi_ptr& a, std::nullptr_t) noexcept { return a.m_ptr op nullptr; } \
  friend bool operator op(std::nullptr_t, const multi_ptr& b) noexcept { return nullptr op b.m_ptr; }
  WEFT_MPTR_CMP(==)
  WEFT_MPTR_CMP(!=)
#undef WEFT_MPTR_CMP
  // The null pointer orders first.
  friend bool operator<(const multi_ptr&, std::nullptr_t) noexcept { return false; }
  friend bool operator<(std::nullptr_t, const multi_ptr& b) noexcept { return b.m_ptr != nullptr; }
  friend bool operator>(const multi_ptr& a, std::nullptr_t) noexcept { return a.m_ptr != nullptr; }
  friend bool operator>(std::nullptr_t, const multi_ptr&) noexcept { return false; }
  friend bool operator<=(const multi_ptr& a, std::nullptr_t) noexcept { return a.m_ptr == nullptr; }
  friend bool operator<=(std::nullptr_t, const multi_ptr&) noexcept { return true; }
  friend bool operator>=(const multi_ptr&, std::nullptr_t) noexcept { return true; }
  friend bool operator>=(std::nullptr_t, const multi_ptr& b) noexcept { return b.m_ptr == nullptr; }

 private:
  constexpr multi_ptr(ElementType* p, int) noexcept : m_ptr(p) {}
  ElementType* m_ptr = nullptr;
};

// Comparisons of two multi_ptrs of one type. Templates, so that nothing converts
// into them: a multi_ptr against a raw pointer (multi_ptr<void> == void*) takes the
// built-in comparison through the implicit conversion to a pointer, unambiguously.
#define WEFT_MPTR_CMP(op)                                                               \
  template <typename E, access::address_space S, access::decorated D>                   \
  bool operator op(const multi_ptr<E, S, D>& a, const multi_ptr<E, S, D>& b) noexcept { \
    return a.get_raw() op b.get_raw();                                                  \
  }
WEFT_MPTR_CMP(==)
WEFT_MPTR_CMP(!=)
WEFT_MPTR_CMP(<)
WEFT_MPTR_CMP(>)
WEFT_MPTR_CMP(<=)
WEFT_MPTR_CMP(>=)
#undef WEFT_MPTR_CMP

// Address-space aliases (section 4.7.7.2): space_ptr, raw_space_ptr and
// decorated_space_ptr for each address space but the deprecated constant one.
#define WEFT_MPTR_ALIASES(space)                                                                       \
  template <typename T, access::decorated D = access::decorated::legacy>                               \
  using space##_ptr = multi_ptr<T, access::address_space::space##_space, D>;                           \
  template <typename T>                                                                                \
  using raw_##space##_ptr = multi_ptr<T, access::address_space::space##_space, access::decorated::no>; \
  template <typename T>                                                                                \
  using decorated_##space##_ptr = multi_ptr<T, access::address_space::space##_space, access::decorated::yes>;
WEFT_MPTR_ALIASES(global)
WEFT_MPTR_ALIASES(local)
WEFT_MPTR_ALIASES(private)
WEFT_MPTR_ALIASES(generic)
#undef WEFT_MPTR_ALIASES
template <typename T>
using constant_ptr [[deprecated("the constant address space is deprecated in SYCL 2020")]] =
    multi_ptr<T, access::address_space::constant_space, access::decorated::legacy>;

// address_space_cast (section 4.7.7.3): on the CPU every pointer is in every space.
template <access::address_space Space, access::decorated DecorateAddress, typename ElementType>
multi_ptr<ElementType, Space, DecorateAddress> address_space_cast(ElementType* p) {
  return multi_ptr<ElementType, Space, DecorateAddress>(p);
}

// SYCL 1.2.1: make_ptr.
template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
multi_ptr<ElementType, Space, DecorateAddress> make_ptr(ElementType* p) {
  return multi_ptr<ElementType, Space, DecorateAddress>(p);
}

// Deduction from accessors: multi_ptr(acc) is a global_ptr.
template <class Acc, class T = std::remove_reference_t<decltype(*std::declval<const Acc&>().get_pointer())>>
multi_ptr(const Acc&) -> multi_ptr<T, access::address_space::global_space, access::decorated::no>;

}  // namespace weft::sycl

WEFT_HOST_DEVICE_END
