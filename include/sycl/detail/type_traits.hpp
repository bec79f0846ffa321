#pragma once
// Type traits shared by several SYCL headers.
#include <cstddef>
#include <type_traits>

namespace weft::sycl::detail {

// Whether T is Tmpl<E, N> for some element type E and size N (marray, span, std::array).
template <template <class, std::size_t> class Tmpl, class T>
struct is_sized_instance : std::false_type {};
template <template <class, std::size_t> class Tmpl, class E, std::size_t N>
struct is_sized_instance<Tmpl, Tmpl<E, N>> : std::true_type {};

// The member types of a container of T that lie contiguously in memory, with
// pointers for iterators (marray, local accessors).
template <class T>
struct contiguous_member_types {
  using value_type = T;
  using reference = T&;
  using const_reference = const T&;
  using iterator = T*;
  using const_iterator = const T*;
};

// Floating-point classes from extensions that vec takes as elements, as it takes half
// (ext::oneapi::bfloat16 specializes this in its header). A specialization is
// std::true_type with from_float<rounding_mode>(float): the conversion vec::convert uses.
template <class T>
struct vec_float_extension : std::false_type {};

}  // namespace weft::sycl::detail
