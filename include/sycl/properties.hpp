#pragma once
// Kernel properties objects (sycl_ext_oneapi_kernel_properties and the
// compile-time properties extension): handler::parallel_for and single_task
// accept a properties object before the kernel. The CPU device has nothing to
// do with work_group_size, sub_group_size and the like, so they are accepted
// and ignored.
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

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
inline constexpr empty_properties_t empty_properties{};

template <class T>
struct is_property_list : std::false_type {};
template <class... P>
struct is_property_list<properties<P...>> : std::true_type {};
template <class T>
inline constexpr bool is_property_list_v = is_property_list<T>::value;

}  // namespace ext::oneapi::experimental

namespace detail {
template <class T>
inline constexpr bool is_kernel_properties_v = ext::oneapi::experimental::is_property_list_v<std::decay_t<T>>;
}  // namespace detail

}  // namespace weft::sycl
