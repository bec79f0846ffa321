#pragma once
// SYCL 2020 section 3.13.1: is_device_copyable, the types a kernel may capture
// or take as a kernel argument. Trivially copyable types are; so are the std and
// SYCL containers of them the spec lists. Users may specialize it for their own
// types (it is a class template in sycl::).
#include <array>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <sycl/marray.hpp>
#include <sycl/span.hpp>
#include <sycl/vec.hpp>

// SYCL 2020 section 3.13.1: defined to 1 where users may specialize is_device_copyable
// for their own types (the SYCL-CTS tests it before testing such a type in a kernel).
#define SYCL_DEVICE_COPYABLE 1

namespace weft::sycl {

template <typename T>
struct is_device_copyable : std::is_trivially_copyable<T> {};
template <typename T>
inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

template <typename T>
struct is_device_copyable<const T> : is_device_copyable<T> {};
template <typename T, std::size_t N>
struct is_device_copyable<std::array<T, N>> : is_device_copyable<T> {};
template <typename T>
struct is_device_copyable<std::optional<T>> : is_device_copyable<T> {};
template <typename T, typename U>
struct is_device_copyable<std::pair<T, U>> : std::bool_constant<is_device_copyable_v<T> && is_device_copyable_v<U>> {};
template <typename... T>
struct is_device_copyable<std::tuple<T...>> : std::bool_constant<(is_device_copyable_v<T> && ...)> {};
template <typename... T>
struct is_device_copyable<std::variant<T...>> : std::bool_constant<(is_device_copyable_v<T> && ...)> {};
template <typename T, std::size_t N>
struct is_device_copyable<marray<T, N>> : is_device_copyable<T> {};
template <typename T, int N>
struct is_device_copyable<vec<T, N>> : is_device_copyable<T> {};
template <typename T, std::size_t E>
struct is_device_copyable<span<T, E>> : std::true_type {};
template <>
struct is_device_copyable<half> : std::true_type {};

}  // namespace weft::sycl
