#pragma once
// The CPU target's bodies of the kernel interface's math (weft/kernel/math.hpp).
// rsqrt, exp10, sinpi and cospi are unused on the CPU (the front end computes them,
// sycl/math/float_math.hpp); they exist so that the interface compiles in every pass. native:: functions run at full precision.
#include <cmath>
#include <type_traits>

namespace weft::kernel::math::cpu {

template <class T>
T rsqrt(T x) {
  return T(1) / std::sqrt(x);
}
template <class T>
T exp10(T x) {
  return std::pow(T(10), x);
}
template <class T>
T sinpi(T x) {
  return std::sin(T(3.141592653589793238462643383279502884L) * x);
}
template <class T>
T cospi(T x) {
  return std::cos(T(3.141592653589793238462643383279502884L) * x);
}

// lgamma through the reentrant lgamma_r: std::lgamma writes the global signgam,
// a data race between work items.
template <class T>
T lgamma(T x) {
  int sign;
  if constexpr (std::is_same_v<T, double>) return ::lgamma_r(x, &sign);
  else return static_cast<T>(::lgammaf_r(static_cast<float>(x), &sign));
}

inline int lgamma_sign(double x) {
  int s = 1;
  ::lgamma_r(x, &s);
  return s;
}

inline float native_cos(float v) { return std::cos(v); }
inline float native_exp(float v) { return std::exp(v); }
inline float native_exp2(float v) { return std::exp2(v); }
inline float native_log(float v) { return std::log(v); }
inline float native_log2(float v) { return std::log2(v); }
inline float native_log10(float v) { return std::log10(v); }
inline float native_recip(float v) { return 1.0f / v; }
inline float native_sin(float v) { return std::sin(v); }
inline float native_sqrt(float v) { return std::sqrt(v); }
inline float native_tan(float v) { return std::tan(v); }
inline float native_exp10(float v) { return std::pow(10.0f, v); }
inline float native_rsqrt(float v) { return 1.0f / std::sqrt(v); }
inline float native_divide(float v, float w) { return v / w; }
inline float native_powr(float v, float w) { return std::pow(v, w); }

}  // namespace weft::kernel::math::cpu
