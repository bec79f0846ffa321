#pragma once
// DPC++ extension sycl_ext_oneapi_device_global: device_global<T, PropertyListT>, a
// variable at namespace scope (or a public static member) that kernels use as a
// global: get(), the conversion to T&, assignment, [] and -> reach its T. The host
// reads and writes it only through copies: queue and handler memcpy and copy with
// a device_global on one side (sycl/queue.hpp, sycl/handler.hpp).
//
// DPC++ gives each device and context its own T. On the CPU every device runs its
// kernels in this process, so the T is the object's own member: one T that all
// devices, sub-devices and contexts share, zero-initialized (or initialized from the
// C++20 constructor's arguments) before main. A kernel compiled for a GPU cannot
// reach a host variable: clang rejects such a kernel ("reference to __host__
// variable"), and copies to or from a device_global on a GPU queue throw
// errc::feature_not_supported.
#include <cstddef>
#include <type_traits>
#include <utility>
#include <sycl/access.hpp>
#include <sycl/multi_ptr.hpp>
#include <sycl/properties.hpp>
#include <sycl/ext/oneapi/device_global/properties.hpp>
#include <weft/kernel/target.hpp>

#define SYCL_EXT_ONEAPI_DEVICE_GLOBAL 1

namespace weft::sycl {
namespace ext::oneapi::experimental {
template <typename T, typename PropertyListT = empty_properties_t>
class device_global;
}  // namespace ext::oneapi::experimental

namespace detail {
template <class T>
struct is_device_global : std::false_type {};
template <class T, class P>
struct is_device_global<ext::oneapi::experimental::device_global<T, P>> : std::true_type {};
template <class T>
inline constexpr bool is_device_global_v = is_device_global<std::remove_cv_t<T>>::value;

// The handler's way to a device_global's storage (the user's get() is for kernels).
struct device_global_access {
  template <class DG>
  static auto* storage(DG& dg) {
    return &dg.m_value;
  }
};

// A device_global with device_image_scope has no copy constructor (the extension's rule).
template <bool Copyable>
struct device_global_copy_gate {};
template <>
struct device_global_copy_gate<false> {
  device_global_copy_gate() = default;
  device_global_copy_gate(const device_global_copy_gate&) = delete;
};

template <class T, class = void>
struct has_arrow : std::false_type {};
template <class T>
struct has_arrow<T, std::void_t<decltype(std::declval<T&>().operator->())>> : std::true_type {};

// Assignment that arrays take too (device_global<int[4]> = {...}).
template <class T>
WEFT_HOST_DEVICE constexpr void assign_whole(T& to, const T& from) {
  if constexpr (std::is_array_v<T>) {
    for (std::size_t i = 0; i < std::extent_v<T>; ++i) assign_whole(to[i], from[i]);
  } else {
    to = from;
  }
}
}  // namespace detail

namespace ext::oneapi::experimental {

template <typename T, typename PropertyListT>
class device_global
    : private sycl::detail::device_global_copy_gate<!PropertyListT::template has_property<device_image_scope_key>()> {
  static_assert(is_property_list_v<PropertyListT>,
                "device_global's second argument is a properties type: decltype(properties{device_image_scope})");
  static_assert(std::is_trivially_destructible_v<T>, "device_global<T>: T must be trivially destructible");
  static constexpr bool copyable = !PropertyListT::template has_property<device_image_scope_key>();

 public:
  using element_type = std::remove_extent_t<T>;

#if __cpp_consteval
  // C++20: T made from args by list initialization (none: value-initialized).
  template <
      typename... Args,
      std::enable_if_t<sizeof...(Args) != 1 || !(sycl::detail::is_device_global_v<std::decay_t<Args>> || ...), int> = 0>
  consteval explicit device_global(Args&&... args) : m_value{std::forward<Args>(args)...} {}
#else
  static_assert(std::is_trivially_default_constructible_v<T>,
                "device_global<T>: before C++20, T must be trivially default constructible");
  constexpr device_global() = default;
#endif

  // From another device_global's initial value (not with device_image_scope).
  constexpr device_global(const device_global&) = default;
  template <typename OtherT, typename OtherProps, bool C = copyable,
            std::enable_if_t<C && std::is_convertible_v<const OtherT&, T>, int> = 0>
  constexpr device_global(const device_global<OtherT, OtherProps>& other) : m_value(other.m_value) {}
  device_global(const device_global&&) = delete;
  device_global& operator=(const device_global&) = delete;
  device_global& operator=(const device_global&&) = delete;

  template <access::decorated IsDecorated>
  WEFT_HOST_DEVICE multi_ptr<T, access::address_space::global_space, IsDecorated> get_multi_ptr() noexcept {
    return multi_ptr<T, access::address_space::global_space, IsDecorated>(&m_value);
  }
  template <access::decorated IsDecorated>
  WEFT_HOST_DEVICE multi_ptr<const T, access::address_space::global_space, IsDecorated> get_multi_ptr() const noexcept {
    return multi_ptr<const T, access::address_space::global_space, IsDecorated>(&m_value);
  }

  WEFT_HOST_DEVICE operator T&() noexcept { return m_value; }
  WEFT_HOST_DEVICE operator const T&() const noexcept { return m_value; }
  WEFT_HOST_DEVICE T& get() noexcept { return m_value; }
  WEFT_HOST_DEVICE const T& get() const noexcept { return m_value; }

  WEFT_HOST_DEVICE device_global& operator=(const T& value) noexcept {
    sycl::detail::assign_whole(m_value, value);
    return *this;
  }

  template <class RelayT = T>
  WEFT_HOST_DEVICE std::remove_reference_t<decltype(std::declval<RelayT&>()[std::ptrdiff_t{}])>& operator[](
      std::ptrdiff_t idx) noexcept {
    return m_value[idx];
  }
  template <class RelayT = T>
  WEFT_HOST_DEVICE const std::remove_reference_t<decltype(std::declval<const RelayT&>()[std::ptrdiff_t{}])>& operator[](
      std::ptrdiff_t idx) const noexcept {
    return m_value[idx];
  }

  // Returns the T itself: -> then applies to it (a pointer, or a class with its own ->).
  template <class RelayT = T,
            std::enable_if_t<std::is_pointer_v<RelayT> || sycl::detail::has_arrow<RelayT>::value, int> = 0>
  WEFT_HOST_DEVICE RelayT& operator->() noexcept {
    return m_value;
  }
  template <class RelayT = T,
            std::enable_if_t<std::is_pointer_v<RelayT> || sycl::detail::has_arrow<const RelayT>::value, int> = 0>
  WEFT_HOST_DEVICE const RelayT& operator->() const noexcept {
    return m_value;
  }

  template <typename PropertyT>
  static constexpr bool has_property() {
    return PropertyListT::template has_property<PropertyT>();
  }
  template <typename PropertyT>
  static constexpr auto get_property() {
    static_assert(has_property<PropertyT>(), "device_global::get_property: the device_global has no such property");
    return typename sycl::detail::find_property<PropertyT, PropertyListT>::type{};
  }

 private:
  template <typename, typename>
  friend class device_global;
  friend struct sycl::detail::device_global_access;

  T m_value{};
};

}  // namespace ext::oneapi::experimental
}  // namespace weft::sycl
