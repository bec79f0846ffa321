#pragma once
// SYCL 2020 section 4.14.1: sycl::half, IEEE 754 binary16. Stored as 16 bits;
// arithmetic goes through float (exact for +, -, *, / followed by one rounding
// to half, since float carries more than twice half's precision); conversions
// from float and double round correctly (to nearest even, or a given direction).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <type_traits>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl {

// Rounding modes of vec::convert (section 4.14.2.5), also used by half's conversions.
enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

namespace detail {

// constexpr (the CTS and users build halves in constant expressions): bits move through
// __builtin_bit_cast (std::bit_cast is C++20; g++ >= 11 and clang have the builtin).
constexpr float half_bits_to_float(std::uint16_t h) noexcept {
  std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16;
  std::uint32_t exp = (h >> 10) & 0x1f;
  std::uint32_t man = h & 0x3ffu;
  std::uint32_t bits = 0;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (man << 13);  // inf / NaN (payload kept)
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (man << 13);
  } else if (man == 0) {
    bits = sign;
  } else {  // subnormal half: normal float
    int e = -1;
    do {
      ++e;
      man <<= 1;
    } while ((man & 0x400u) == 0);
    bits = sign | (std::uint32_t(112 - e) << 23) | ((man & 0x3ffu) << 13);
  }
  return __builtin_bit_cast(float, bits);
}

// Rounds a double to binary16 in the given direction (automatic = to nearest even).
constexpr std::uint16_t double_to_half_bits(double d, rounding_mode mode = rounding_mode::rte) noexcept {
  const std::uint64_t bits = __builtin_bit_cast(std::uint64_t, d);
  const std::uint16_t sign = std::uint16_t((bits >> 48) & 0x8000u);
  const bool neg = sign != 0;
  const int exp = int((bits >> 52) & 0x7ff);
  std::uint64_t man = bits & 0xfffffffffffffull;
  if (exp == 0x7ff) {
    if (man == 0) return sign | 0x7c00u;
    return sign | 0x7e00u | std::uint16_t(man >> 42);  // quiet NaN, top payload bits
  }
  // Directed rounding: does the discarded part push the magnitude up?
  auto round_up = [&](std::uint64_t kept, std::uint64_t rest, std::uint64_t half_point) {
    switch (mode) {
      case rounding_mode::rtz: return false;
      case rounding_mode::rtp: return !neg && rest != 0;
      case rounding_mode::rtn: return neg && rest != 0;
      default: return rest > half_point || (rest == half_point && (kept & 1));
    }
  };
  const int e = exp - 1023;  // unbiased
  if (exp == 0 && man == 0) return sign;
  std::uint64_t full = (exp == 0 ? man : (man | (1ull << 52)));  // 53-bit significand
  int e_eff = exp == 0 ? -1022 : e;
  if (e_eff > 15) {  // overflow
    bool to_inf = mode == rounding_mode::rte || mode == rounding_mode::automatic ||
                  (mode == rounding_mode::rtp && !neg) || (mode == rounding_mode::rtn && neg);
    return sign | (to_inf ? 0x7c00u : 0x7bffu);
  }
  // Value = full * 2^(e_eff - 52). Half normal: 2^-14 .. ; subnormal step 2^-24.
  int shift = 0;  // bits of `full` to drop
  std::uint16_t biased = 0;
  if (e_eff >= -14) {
    shift = 42;  // keep 11 bits
    biased = std::uint16_t(e_eff + 15);
  } else {
    shift = 42 + (-14 - e_eff);  // subnormal: fewer kept bits
    biased = 0;
  }
  std::uint64_t kept = 0, rest = 0, half_point = 0;
  if (shift >= 64) {
    kept = 0;
    rest = full ? 1 : 0;  // strictly below half of the smallest subnormal
    half_point = 2;
  } else {
    kept = full >> shift;
    rest = full & ((1ull << shift) - 1);
    half_point = 1ull << (shift - 1);
  }
  // 11 bits with the implicit top one for normals; the subnormal mantissa otherwise
  std::uint32_t mant = std::uint32_t(kept);
  if (round_up(kept, rest, half_point)) ++mant;
  std::uint32_t result = 0;
  if (biased) {
    if (mant == 0x800u) {  // carried into the next binade
      mant = 0x400u;
      ++biased;
    }
    if (biased >= 31) {
      bool to_inf = mode != rounding_mode::rtz;
      return sign | (to_inf ? 0x7c00u : 0x7bffu);
    }
    result = (std::uint32_t(biased) << 10) | (mant & 0x3ffu);
  } else {
    result = mant;  // a carry to 0x400 is exactly the smallest normal
  }
  return std::uint16_t(sign | result);
}

// The GPU converts between half and float with one instruction each (PTX
// cvt.f32.f16 and cvt.rn.f16.f32, AMDGPU v_cvt_*): the device pass uses them
// through _Float16 outside constant expressions, with the same results.
constexpr float half_to_float(std::uint16_t h) noexcept {
#if WEFT_DEVICE_PASS
  if (!__builtin_is_constant_evaluated()) return float(__builtin_bit_cast(_Float16, h));
#endif
  return half_bits_to_float(h);
}
constexpr std::uint16_t float_to_half_bits(float f) noexcept {
#if WEFT_DEVICE_PASS
  if (!__builtin_is_constant_evaluated()) return __builtin_bit_cast(std::uint16_t, static_cast<_Float16>(f));
#endif
  return double_to_half_bits(f);
}
// An integer below 2^24 in magnitude is exact in float and any larger one overflows half,
// so the GPU's one conversion instruction rounds as double_to_half_bits does (and a
// bool mask, as in ReLU kernels, costs a select instead of a software rounding).
template <class I>
constexpr std::uint16_t integer_to_half_bits(I i) noexcept {
#if WEFT_DEVICE_PASS
  if (!__builtin_is_constant_evaluated()) return __builtin_bit_cast(std::uint16_t, static_cast<_Float16>(i));
#endif
  return double_to_half_bits(static_cast<double>(i));
}

}  // namespace detail

class half {
 public:
  constexpr half() noexcept = default;
  constexpr half(float f) noexcept : m_bits(detail::float_to_half_bits(f)) {}
  constexpr half(double d) noexcept : m_bits(detail::double_to_half_bits(d)) {}
  // A long double would otherwise convert through float or double, ambiguously. (A template,
  // so that GPU code, which has no long double, never instantiates it.)
  template <class L, std::enable_if_t<std::is_same_v<L, long double>, int> = 0>
  constexpr half(L d) noexcept : m_bits(detail::double_to_half_bits(double(d))) {}
  template <class I, std::enable_if_t<std::is_integral_v<I>, int> = 0>
  constexpr half(I i) noexcept : m_bits(detail::integer_to_half_bits(i)) {}

  constexpr operator float() const noexcept { return detail::half_to_float(m_bits); }

  static constexpr half from_bits(std::uint16_t b) noexcept {
    half h;
    h.m_bits = b;
    return h;
  }
  constexpr std::uint16_t bits() const noexcept { return m_bits; }

  constexpr half& operator+=(half o) noexcept { return *this = half(float(*this) + float(o)); }
  constexpr half& operator-=(half o) noexcept { return *this = half(float(*this) - float(o)); }
  constexpr half& operator*=(half o) noexcept { return *this = half(float(*this) * float(o)); }
  constexpr half& operator/=(half o) noexcept { return *this = half(float(*this) / float(o)); }
  constexpr half& operator++() noexcept { return *this += half(1.0f); }
  constexpr half& operator--() noexcept { return *this -= half(1.0f); }
  constexpr half operator++(int) noexcept {
    half old = *this;
    ++*this;
    return old;
  }
  constexpr half operator--(int) noexcept {
    half old = *this;
    --*this;
    return old;
  }
  friend constexpr half operator-(half a) noexcept { return from_bits(std::uint16_t(a.m_bits ^ 0x8000u)); }
  friend constexpr half operator+(half a) noexcept { return a; }

#define WEFT_HALF_ARITH(op)                                                                         \
  friend constexpr half operator op(half a, half b) noexcept { return half(float(a) op float(b)); } \
  /* half op float -> float, half op double -> double, half op integer -> half */                   \
  template <class U, std::enable_if_t<std::is_floating_point_v<U>, int> = 0>                        \
  friend constexpr U operator op(half a, U b) noexcept {                                            \
    return U(float(a)) op b;                                                                        \
  }                                                                                                 \
  template <class U, std::enable_if_t<std::is_floating_point_v<U>, int> = 0>                        \
  friend constexpr U operator op(U a, half b) noexcept {                                            \
    return a op U(float(b));                                                                        \
  }                                                                                                 \
  template <class U, std::enable_if_t<std::is_integral_v<U>, int> = 0>                              \
  friend constexpr half operator op(half a, U b) noexcept {                                         \
    return a op half(b);                                                                            \
  }                                                                                                 \
  template <class U, std::enable_if_t<std::is_integral_v<U>, int> = 0>                              \
  friend constexpr half operator op(U a, half b) noexcept {                                         \
    return half(a) op b;                                                                            \
  }
  WEFT_HALF_ARITH(+)
  WEFT_HALF_ARITH(-)
  WEFT_HALF_ARITH(*)
  WEFT_HALF_ARITH(/)
#undef WEFT_HALF_ARITH

#define WEFT_HALF_CMP(op)                                                                     \
  friend constexpr bool operator op(half a, half b) noexcept { return float(a) op float(b); } \
  template <class U, std::enable_if_t<std::is_arithmetic_v<U>, int> = 0>                      \
  friend constexpr bool operator op(half a, U b) noexcept {                                   \
    return float(a) op b;                                                                     \
  }                                                                                           \
  template <class U, std::enable_if_t<std::is_arithmetic_v<U>, int> = 0>                      \
  friend constexpr bool operator op(U a, half b) noexcept {                                   \
    return a op float(b);                                                                     \
  }
  WEFT_HALF_CMP(==)
  WEFT_HALF_CMP(!=)
  WEFT_HALF_CMP(<)
  WEFT_HALF_CMP(>)
  WEFT_HALF_CMP(<=)
  WEFT_HALF_CMP(>=)
#undef WEFT_HALF_CMP

 private:
  std::uint16_t m_bits = 0;
};

namespace detail {
template <class T>
struct is_half : std::false_type {};
template <>
struct is_half<half> : std::true_type {};
}  // namespace detail

}  // namespace weft::sycl

namespace std {
template <>
class numeric_limits<weft::sycl::half> {
  using half = weft::sycl::half;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr float_denorm_style has_denorm = denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr float_round_style round_style = round_to_nearest;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;
  static constexpr half min() noexcept { return half::from_bits(0x0400); }
  static constexpr half lowest() noexcept { return half::from_bits(0xfbff); }
  static constexpr half max() noexcept { return half::from_bits(0x7bff); }
  static constexpr half epsilon() noexcept { return half::from_bits(0x1400); }
  static constexpr half round_error() noexcept { return half::from_bits(0x3800); }
  static constexpr half infinity() noexcept { return half::from_bits(0x7c00); }
  static constexpr half quiet_NaN() noexcept { return half::from_bits(0x7e00); }
  static constexpr half signaling_NaN() noexcept { return half::from_bits(0x7d00); }
  static constexpr half denorm_min() noexcept { return half::from_bits(0x0001); }
};

template <>
struct hash<weft::sycl::half> {
  size_t operator()(weft::sycl::half h) const noexcept { return hash<uint16_t>()(h.bits()); }
};
}  // namespace std
WEFT_HOST_DEVICE_END
