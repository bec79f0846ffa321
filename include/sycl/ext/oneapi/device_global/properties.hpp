#pragma once
// DPC++ extension sycl_ext_oneapi_device_global: the compile-time properties of a
// device_global (device_image_scope, host_access, init_mode, implement_in_csr),
// spelled as properties objects take them (sycl/properties.hpp). They describe
// FPGA interfaces and device images; on the CPU, where a device_global is one host
// object, only host_access has an effect: it removes the copies it forbids.
#include <cstdint>
#include <type_traits>
#include <sycl/properties.hpp>

namespace weft::sycl::ext::oneapi::experimental {

struct device_image_scope_key {
  using value_t = property_value<device_image_scope_key>;
};

enum class host_access_enum : std::uint16_t { read, write, read_write, none };
struct host_access_key {
  template <host_access_enum Access>
  using value_t = property_value<host_access_key, Access>;
};

enum class init_mode_enum : std::uint16_t { reprogram, reset };
struct init_mode_key {
  template <init_mode_enum Trigger>
  using value_t = property_value<init_mode_key, Trigger>;
};

struct implement_in_csr_key {
  template <bool Enable>
  using value_t = property_value<implement_in_csr_key, Enable>;
};

inline constexpr device_image_scope_key::value_t device_image_scope;

template <host_access_enum Access>
inline constexpr host_access_key::value_t<Access> host_access;
inline constexpr host_access_key::value_t<host_access_enum::read> host_access_read;
inline constexpr host_access_key::value_t<host_access_enum::write> host_access_write;
inline constexpr host_access_key::value_t<host_access_enum::read_write> host_access_read_write;
inline constexpr host_access_key::value_t<host_access_enum::none> host_access_none;

template <init_mode_enum Trigger>
inline constexpr init_mode_key::value_t<Trigger> init_mode;
inline constexpr init_mode_key::value_t<init_mode_enum::reprogram> init_mode_reprogram;
inline constexpr init_mode_key::value_t<init_mode_enum::reset> init_mode_reset;

template <bool Enable>
inline constexpr implement_in_csr_key::value_t<Enable> implement_in_csr;
inline constexpr implement_in_csr_key::value_t<true> implement_in_csr_on;
inline constexpr implement_in_csr_key::value_t<false> implement_in_csr_off;

}  // namespace weft::sycl::ext::oneapi::experimental

namespace weft::sycl::detail {
// Whether the host may copy to (Write) or from (!Write) a device_global with these
// properties: host_access read forbids writes, write forbids reads, none both.
template <class Props, bool Write>
constexpr bool device_global_host_may() {
  using namespace ext::oneapi::experimental;
  using found = find_property<host_access_key, Props>;
  if constexpr (!found::present) {
    return true;
  } else {
    constexpr host_access_enum forbidden = Write ? host_access_enum::read : host_access_enum::write;
    return !std::is_same_v<typename found::type, host_access_key::value_t<forbidden>> &&
           !std::is_same_v<typename found::type, host_access_key::value_t<host_access_enum::none>>;
  }
}
}  // namespace weft::sycl::detail
