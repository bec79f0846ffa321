#pragma once
// SYCL 2020 section 4.16 (sycl::bit_cast): reinterprets the bytes of an object,
// as C++20's std::bit_cast (constexpr where the compiler's builtin is).
#include <type_traits>

namespace weft::sycl {

template <typename To, typename From>
constexpr To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From), "sycl::bit_cast: the two types must have the same size");
  static_assert(std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>,
                "sycl::bit_cast: both types must be trivially copyable");
  return __builtin_bit_cast(To, from);
}

}  // namespace weft::sycl
