#pragma once
// SYCL 2020 section 4.14.4: sycl::span, C++20's std::span for C++17.
#include <array>
#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>
#include <sycl/detail/type_traits.hpp>

namespace weft::sycl {

inline constexpr std::size_t dynamic_extent = std::numeric_limits<std::size_t>::max();

template <typename ElementType, std::size_t Extent = dynamic_extent>
class span;

namespace detail {
template <class T>
using is_span = is_sized_instance<span, T>;
template <class T>
using is_std_array = is_sized_instance<std::array, T>;
template <class C, class E, class = void>
struct is_span_container : std::false_type {};
template <class C, class E>
struct is_span_container<C, E,
                         std::void_t<decltype(std::data(std::declval<C&>())), decltype(std::size(std::declval<C&>()))>>
    : std::bool_constant<
          !is_span<std::remove_cv_t<C>>::value && !is_std_array<std::remove_cv_t<C>>::value && !std::is_array_v<C> &&
          std::is_convertible_v<std::remove_pointer_t<decltype(std::data(std::declval<C&>()))> (*)[], E (*)[]>> {};
template <std::size_t Extent, std::size_t Offset, std::size_t Count>
constexpr std::size_t subspan_extent() {
  if constexpr (Count != dynamic_extent) return Count;
  else if constexpr (Extent != dynamic_extent) return Extent - Offset;
  else return dynamic_extent;
}
}  // namespace detail

template <typename ElementType, std::size_t Extent>
class span {
 public:
  using element_type = ElementType;
  using value_type = std::remove_cv_t<ElementType>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = element_type*;
  using const_pointer = const element_type*;
  using reference = element_type&;
  using const_reference = const element_type&;
  using iterator = pointer;
  using reverse_iterator = std::reverse_iterator<iterator>;
  static constexpr size_type extent = Extent;

  template <std::size_t E = Extent, std::enable_if_t<E == 0 || E == dynamic_extent, int> = 0>
  constexpr span() noexcept {}
  constexpr span(pointer first, size_type count) : m_data(first), m_size(count) {}
  constexpr span(pointer first, pointer last) : m_data(first), m_size(size_type(last - first)) {}
  template <std::size_t N, std::enable_if_t<Extent == dynamic_extent || N == Extent, int> = 0>
  constexpr span(element_type (&arr)[N]) noexcept : m_data(arr), m_size(N) {}
  template <
      class T, std::size_t N,
      std::enable_if_t<(Extent == dynamic_extent || N == Extent) && std::is_convertible_v<T (*)[], ElementType (*)[]>,
                       int> = 0>
  constexpr span(std::array<T, N>& arr) noexcept : m_data(arr.data()), m_size(N) {}
  template <class T, std::size_t N,
            std::enable_if_t<(Extent == dynamic_extent || N == Extent) &&
                                 std::is_convertible_v<const T (*)[], ElementType (*)[]>,
                             int> = 0>
  constexpr span(const std::array<T, N>& arr) noexcept : m_data(arr.data()), m_size(N) {}
  template <class C, std::enable_if_t<detail::is_span_container<C, ElementType>::value, int> = 0>
  constexpr span(C& c) : m_data(std::data(c)), m_size(std::size(c)) {}
  template <class C, std::enable_if_t<detail::is_span_container<const C, ElementType>::value, int> = 0>
  constexpr span(const C& c) : m_data(std::data(c)), m_size(std::size(c)) {}
  template <
      class U, std::size_t N,
      std::enable_if_t<(Extent == dynamic_extent || N == Extent) && std::is_convertible_v<U (*)[], ElementType (*)[]>,
                       int> = 0>
  constexpr span(const span<U, N>& s) noexcept : m_data(s.data()), m_size(s.size()) {}
  constexpr span(const span&) noexcept = default;
  constexpr span& operator=(const span&) noexcept = default;

  template <std::size_t Count>
  constexpr span<element_type, Count> first() const {
    return {m_data, Count};
  }
  template <std::size_t Count>
  constexpr span<element_type, Count> last() const {
    return {m_data + (m_size - Count), Count};
  }
  template <std::size_t Offset, std::size_t Count = dynamic_extent>
  constexpr span<element_type, detail::subspan_extent<Extent, Offset, Count>()> subspan() const {
    return {m_data + Offset, Count == dynamic_extent ? m_size - Offset : Count};
  }
  constexpr span<element_type, dynamic_extent> first(size_type count) const { return {m_data, count}; }
  constexpr span<element_type, dynamic_extent> last(size_type count) const {
    return {m_data + (m_size - count), count};
  }
  constexpr span<element_type, dynamic_extent> subspan(size_type offset, size_type count = dynamic_extent) const {
    return {m_data + offset, count == dynamic_extent ? m_size - offset : count};
  }

  constexpr size_type size() const noexcept { return m_size; }
  constexpr size_type size_bytes() const noexcept { return m_size * sizeof(element_type); }
  [[nodiscard]] constexpr bool empty() const noexcept { return m_size == 0; }
  constexpr reference operator[](size_type i) const { return m_data[i]; }
  constexpr reference front() const { return m_data[0]; }
  constexpr reference back() const { return m_data[m_size - 1]; }
  constexpr pointer data() const noexcept { return m_data; }
  constexpr iterator begin() const noexcept { return m_data; }
  constexpr iterator end() const noexcept { return m_data + m_size; }
  constexpr reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  constexpr reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }

 private:
  pointer m_data = nullptr;
  size_type m_size = Extent == dynamic_extent ? 0 : Extent;
};

template <class T, std::size_t N>
span(T (&)[N]) -> span<T, N>;
template <class T, std::size_t N>
span(std::array<T, N>&) -> span<T, N>;
template <class T, std::size_t N>
span(const std::array<T, N>&) -> span<const T, N>;
template <class C>
span(C&) -> span<std::remove_pointer_t<decltype(std::data(std::declval<C&>()))>>;
template <class C>
span(const C&) -> span<std::remove_pointer_t<decltype(std::data(std::declval<const C&>()))>>;
template <class T, class E>
span(T*, E) -> span<T>;

template <class T, std::size_t N>
span<const std::byte, N == dynamic_extent ? dynamic_extent : N * sizeof(T)> as_bytes(span<T, N> s) noexcept {
  return {reinterpret_cast<const std::byte*>(s.data()), s.size_bytes()};
}
template <class T, std::size_t N, std::enable_if_t<!std::is_const_v<T>, int> = 0>
span<std::byte, N == dynamic_extent ? dynamic_extent : N * sizeof(T)> as_writable_bytes(span<T, N> s) noexcept {
  return {reinterpret_cast<std::byte*>(s.data()), s.size_bytes()};
}

}  // namespace weft::sycl
