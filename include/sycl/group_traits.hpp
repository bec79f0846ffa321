#pragma once
// SYCL 2020 section 4.17.1: is_group, true for work groups and sub-groups.
#include <type_traits>

namespace weft::sycl {

template <int Dims>
class group;
class sub_group;

template <class T>
struct is_group : std::false_type {};
template <int Dims>
struct is_group<group<Dims>> : std::true_type {};
template <>
struct is_group<sub_group> : std::true_type {};
template <class T>
inline constexpr bool is_group_v = is_group<T>::value;

}  // namespace weft::sycl
