#pragma once
// DPC++ extension sycl_ext_oneapi_bfloat16: bfloat16, the upper 16 bits of a
// float (8 exponent bits, 7 stored mantissa bits). Conversions from float round
// to nearest even, and every NaN becomes 0xffc1, as DPC++ does without hardware
// conversion; arithmetic is done in float and rounded back. The math of
// sycl_ext_oneapi_bfloat16_math_functions is in bfloat16_math.hpp. vec takes it
// as an element type, as it takes half (vec_float_extension below).
#include <cstdint>
#include <cstring>
#include <istream>
#include <limits>
#include <ostream>
#include <type_traits>
#include <sycl/half.hpp>
#include <sycl/detail/type_traits.hpp>
#include <weft/kernel/target.hpp>

#define SYCL_EXT_ONEAPI_BFLOAT16 1

WEFT_HOST_DEVICE_BEGIN
namespace weft::sycl::ext::oneapi {

class bfloat16;
namespace detail {
using Bfloat16StorageT = std::uint16_t;
constexpr bfloat16 bits_to_bfloat16(Bfloat16StorageT bits);
}  // namespace detail

class bfloat16 {
 public:
  bfloat16() = default;
  constexpr bfloat16(const bfloat16&) = default;
  constexpr bfloat16(bfloat16&&) = default;
  constexpr bfloat16& operator=(const bfloat16&) = default;
  ~bfloat16() = default;

  bfloat16(const float& a) : m_bits(from_float(a)) {}
  bfloat16& operator=(const float& a) {
    m_bits = from_float(a);
    return *this;
  }
  bfloat16(const sycl::half& a) : m_bits(from_float(float(a))) {}
  bfloat16& operator=(const sycl::half& a) {
    m_bits = from_float(float(a));
    return *this;
  }
  operator float() const { return to_float(m_bits); }
  operator sycl::half() const { return sycl::half(to_float(m_bits)); }
  explicit operator bool() const { return to_float(m_bits) != 0.0f; }

  friend bfloat16 operator-(const bfloat16& a) { return detail::bits_to_bfloat16(a.m_bits ^ 0x8000u); }
  friend bfloat16& operator++(bfloat16& a) { return a = float(a) + 1.0f; }
  friend bfloat16& operator--(bfloat16& a) { return a = float(a) - 1.0f; }
  friend bfloat16 operator++(bfloat16& a, int) {
    bfloat16 old = a;
    ++a;
    return old;
  }
  friend bfloat16 operator--(bfloat16& a, int) {
    bfloat16 old = a;
    --a;
    return old;
  }
  friend bfloat16& operator+=(bfloat16& a, const bfloat16& b) { return a = float(a) + float(b); }
  friend bfloat16& operator-=(bfloat16& a, const bfloat16& b) { return a = float(a) - float(b); }
  friend bfloat16& operator*=(bfloat16& a, const bfloat16& b) { return a = float(a) * float(b); }
  friend bfloat16& operator/=(bfloat16& a, const bfloat16& b) { return a = float(a) / float(b); }

  // Binary operators: in float, the arithmetic ones rounded back to bfloat16; the
  // other operand may be anything that converts to float.
#define WEFT_BF16_BINARY(type, op)                                                                            \
  friend type operator op(const bfloat16& a, const bfloat16& b) { return type(float(a) op float(b)); }        \
  template <typename T>                                                                                       \
  friend std::enable_if_t<std::is_convertible_v<T, float> && !std::is_same_v<T, bfloat16>, type> operator op( \
      const bfloat16& a, const T& b) {                                                                        \
    return type(float(a) op static_cast<float>(b));                                                           \
  }                                                                                                           \
  template <typename T>                                                                                       \
  friend std::enable_if_t<std::is_convertible_v<T, float> && !std::is_same_v<T, bfloat16>, type> operator op( \
      const T& a, const bfloat16& b) {                                                                        \
    return type(static_cast<float>(a) op float(b));                                                           \
  }
  WEFT_BF16_BINARY(bfloat16, +)
  WEFT_BF16_BINARY(bfloat16, -)
  WEFT_BF16_BINARY(bfloat16, *)
  WEFT_BF16_BINARY(bfloat16, /)
  WEFT_BF16_BINARY(bool, ==)
  WEFT_BF16_BINARY(bool, !=)
  WEFT_BF16_BINARY(bool, <)
  WEFT_BF16_BINARY(bool, >)
  WEFT_BF16_BINARY(bool, <=)
  WEFT_BF16_BINARY(bool, >=)
#undef WEFT_BF16_BINARY

  friend std::ostream& operator<<(std::ostream& o, const bfloat16& b) { return o << float(b); }
  friend std::istream& operator>>(std::istream& i, bfloat16& b) {
    float f = 0.0f;
    i >> f;
    b = f;
    return i;
  }

 private:
  friend constexpr bfloat16 detail::bits_to_bfloat16(detail::Bfloat16StorageT bits);

  // Round to nearest even: add 0x7fff plus the lowest kept bit, then truncate.
  static std::uint16_t from_float(float a) {
    if (a != a) return 0xffc1;
    std::uint32_t u;
    __builtin_memcpy(&u, &a, sizeof u);
    return std::uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
  }
  static float to_float(std::uint16_t b) {
    std::uint32_t u = std::uint32_t(b) << 16;
    float f;
    __builtin_memcpy(&f, &u, sizeof f);
    return f;
  }

  std::uint16_t m_bits;
};

namespace detail {
constexpr bfloat16 bits_to_bfloat16(Bfloat16StorageT bits) {
  bfloat16 b{};
  b.m_bits = bits;
  return b;
}
}  // namespace detail

}  // namespace weft::sycl::ext::oneapi

namespace weft::sycl::detail {
// vec<bfloat16, N>: an element type computed in float, as half is (sycl/vec.hpp).
template <>
struct vec_float_extension<ext::oneapi::bfloat16> : std::true_type {
  // From float in a rounding direction: truncate the low 16 bits, then step the
  // magnitude up by one where the direction says so and bits were lost.
  template <rounding_mode R>
  static ext::oneapi::bfloat16 from_float(float f) {
    if constexpr (R == rounding_mode::automatic || R == rounding_mode::rte) {
      return ext::oneapi::bfloat16(f);
    } else {
      if (f != f) return ext::oneapi::detail::bits_to_bfloat16(0xffc1);
      std::uint32_t u;
      __builtin_memcpy(&u, &f, sizeof u);
      std::uint16_t b = std::uint16_t(u >> 16);
      const bool lost = (u & 0xffffu) != 0, negative = (u >> 31) != 0;
      if (lost && ((R == rounding_mode::rtp && !negative) || (R == rounding_mode::rtn && negative))) ++b;
      return ext::oneapi::detail::bits_to_bfloat16(b);
    }
  }
};
}  // namespace weft::sycl::detail
WEFT_HOST_DEVICE_END
