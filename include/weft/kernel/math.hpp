#pragma once
// Kernel interface: the math functions whose body differs per target. The
// front end's math (sycl/math/) is host+device and calls the C library's
// functions, which CUDA's headers also give device code (CUDA's libdevice,
// within SYCL's ULP limits; sqrt correctly rounded through the build's
// __CUDA_PREC_SQRT). These few are different:
//
//   - rsqrt, exp10, sinpi, cospi: the CPU computes them in a wider type and
//     rounds once (sycl/math/float_math.hpp); CUDA has its own (rsqrt(f),
//     exp10(f), sinpi(f), cospi(f)).
//   - native:: (float): the CPU computes at full precision; CUDA uses the fast
//     hardware approximations (__expf, __logf, __sinf, __fdividef, ...).
//   - lgamma_r's sign: the C library's lgamma_r on the CPU; computed from x on CUDA.
//
// Each function here is host+device; the CUDA bodies are in weft/target/cuda/math.hpp.
#include <cmath>
#include <weft/kernel/target.hpp>

#if defined(__CUDA__)
#include <weft/target/cuda/math.hpp>
#endif

namespace weft::kernel::math {

// True where the target has its own rsqrt, exp10, sinpi, cospi (the CUDA device pass).
inline constexpr bool target_special_functions = WEFT_DEVICE_PASS;

namespace detail {
// Host bodies of the special functions (unused: the front end computes these
// itself on the CPU); they exist so that the calls below compile in the host pass.
template <class T>
T host_rsqrt(T x) { return T(1) / std::sqrt(x); }
template <class T>
T host_exp10(T x) { return std::pow(T(10), x); }
template <class T>
T host_sinpi(T x) { return std::sin(T(3.141592653589793238462643383279502884L) * x); }
template <class T>
T host_cospi(T x) { return std::cos(T(3.141592653589793238462643383279502884L) * x); }
}  // namespace detail

template <class T>
WEFT_HOST_DEVICE inline T rsqrt(T x) {
#if WEFT_DEVICE_PASS
  return cuda::rsqrt(x);
#else
  return detail::host_rsqrt(x);
#endif
}
template <class T>
WEFT_HOST_DEVICE inline T exp10(T x) {
#if WEFT_DEVICE_PASS
  return cuda::exp10(x);
#else
  return detail::host_exp10(x);
#endif
}
template <class T>
WEFT_HOST_DEVICE inline T sinpi(T x) {
#if WEFT_DEVICE_PASS
  return cuda::sinpi(x);
#else
  return detail::host_sinpi(x);
#endif
}
template <class T>
WEFT_HOST_DEVICE inline T cospi(T x) {
#if WEFT_DEVICE_PASS
  return cuda::cospi(x);
#else
  return detail::host_cospi(x);
#endif
}

// The sign of Gamma(x), as lgamma_r reports it.
WEFT_HOST_DEVICE inline int lgamma_sign(double x) {
#if WEFT_DEVICE_PASS
  return cuda::lgamma_sign(x);
#else
  int s = 1;
  ::lgamma_r(x, &s);
  return s;
#endif
}

// native:: functions (float). CPU: full precision.
#if WEFT_DEVICE_PASS
#define WEFT_NATIVE(name, host_expr) \
  WEFT_HOST_DEVICE inline float native_##name(float v) { return cuda::native_##name(v); }
#define WEFT_NATIVE2(name, host_expr) \
  WEFT_HOST_DEVICE inline float native_##name(float v, float w) { return cuda::native_##name(v, w); }
#else
#define WEFT_NATIVE(name, host_expr) \
  inline float native_##name(float v) { return host_expr; }
#define WEFT_NATIVE2(name, host_expr) \
  inline float native_##name(float v, float w) { return host_expr; }
#endif
WEFT_NATIVE(cos, std::cos(v))
WEFT_NATIVE(exp, std::exp(v))
WEFT_NATIVE(exp2, std::exp2(v))
WEFT_NATIVE(log, std::log(v))
WEFT_NATIVE(log2, std::log2(v))
WEFT_NATIVE(log10, std::log10(v))
WEFT_NATIVE(recip, 1.0f / v)
WEFT_NATIVE(sin, std::sin(v))
WEFT_NATIVE(sqrt, std::sqrt(v))
WEFT_NATIVE(tan, std::tan(v))
WEFT_NATIVE(exp10, std::pow(10.0f, v))
WEFT_NATIVE(rsqrt, float(1.0 / std::sqrt(double(v))))
WEFT_NATIVE2(divide, v / w)
WEFT_NATIVE2(powr, std::pow(v, w))
#undef WEFT_NATIVE
#undef WEFT_NATIVE2

}  // namespace weft::kernel::math
