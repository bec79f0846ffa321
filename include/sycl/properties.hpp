#pragma once
// Kernel properties objects (sycl_ext_oneapi_kernel_properties and the
// compile-time properties extension): handler::parallel_for and single_task
// accept a properties object before the kernel. They are Weft's spelling of the
// kernel attributes [[sycl::reqd_work_group_size]], [[sycl::reqd_sub_group_size]]
// and [[sycl::device_has]] (SYCL 2020 5.8.1), which a library cannot see (with
// clang 22 and Weft's front-end plugin the attributes themselves take effect too:
// sycl/detail/kernel_attributes.hpp, handler::check_kernel_attributes): the handler
// checks them at submission (handler::check_kernel_properties): a work_group_size, a
// sub_group_size or aspects the device cannot provide is errc::kernel_not_supported,
// an nd_range whose local range differs from work_group_size is errc::nd_range.
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

namespace weft::sycl {
namespace ext::oneapi::experimental {

template <class Key, auto... Values>
struct property_value {
  using key_t = Key;
};

struct work_group_size_key {};
struct work_group_size_hint_key {};
struct sub_group_size_key {};
struct device_has_key {};

template <std::size_t... Dims>
inline constexpr property_value<work_group_size_key, Dims...> work_group_size{};
template <std::size_t... Dims>
inline constexpr property_value<work_group_size_hint_key, Dims...> work_group_size_hint{};
template <std::uint32_t Size>
inline constexpr property_value<sub_group_size_key, Size> sub_group_size{};
template <auto... Aspects>
inline constexpr property_value<device_has_key, Aspects...> device_has{};

template <class... Props>
class properties {
 public:
  constexpr properties(Props... p) : m_props(p...) {}
  template <class Key>
  static constexpr bool has_property() {
    return (std::is_same_v<Key, typename Props::key_t> || ...);
  }

 private:
  std::tuple<Props...> m_props;
};
template <class... Props>
properties(Props...) -> properties<Props...>;

using empty_properties_t = properties<>;

// A kernel functor may carry its properties: `auto get(properties_tag) const` returning
// a properties object (sycl_ext_oneapi_kernel_properties), taken as if passed before it.
struct properties_tag {};
inline constexpr empty_properties_t empty_properties{};

template <class T>
struct is_property_list : std::false_type {};
template <class... P>
struct is_property_list<properties<P...>> : std::true_type {};
template <class T>
inline constexpr bool is_property_list_v = is_property_list<T>::value;

}  // namespace ext::oneapi::experimental

namespace detail {
template <class K, class = void>
struct functor_properties {
  static constexpr bool present = false;
};
template <class K>
struct functor_properties<
    K, std::void_t<decltype(std::declval<const K&>().get(ext::oneapi::experimental::properties_tag{}))>> {
  static constexpr bool present = true;
  using type = std::decay_t<decltype(std::declval<const K&>().get(ext::oneapi::experimental::properties_tag{}))>;
};

template <class T>
inline constexpr bool is_kernel_properties_v = ext::oneapi::experimental::is_property_list_v<std::decay_t<T>>;

// The property of key Key in a properties object: present, and its values through each(f).
template <class P>
struct found_property {
  static constexpr bool present = true;
  using type = P;
};
template <class Key, class... P>
struct first_property {
  static constexpr bool present = false;
  using type = ext::oneapi::experimental::property_value<Key>;
};
template <class Key, class P0, class... P>
struct first_property<Key, P0, P...>
    : std::conditional_t<std::is_same_v<typename P0::key_t, Key>, found_property<P0>, first_property<Key, P...>> {};
template <class Key, class Props>
struct find_property : first_property<Key> {};
template <class Key, class... P>
struct find_property<Key, ext::oneapi::experimental::properties<P...>> : first_property<Key, P...> {};

template <class PV>
struct property_args;
template <class Key, auto... V>
struct property_args<ext::oneapi::experimental::property_value<Key, V...>> {
  static constexpr std::size_t count = sizeof...(V);
  template <class F>
  static void each(F&& f) {
    (f(V), ...);
  }
};
}  // namespace detail

}  // namespace weft::sycl
