#pragma once
// Kernel interface, GPU target: the per-target math of weft/kernel/math.hpp
// as device functions (the device math library and fast intrinsics, which CUDA
// and HIP name alike).
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/math.hpp is for translation units compiled as CUDA or HIP"
#endif

#include <type_traits>
#include <weft/target/gpu/vendor.hpp>

namespace weft::kernel::math::gpu {

template <class T>
__device__ T lgamma(T x) {
  if constexpr (std::is_same_v<T, double>) return ::lgamma(x);
  else return static_cast<T>(::lgammaf(static_cast<float>(x)));
}
__device__ inline float rsqrt(float x) { return ::rsqrtf(x); }
__device__ inline double rsqrt(double x) { return ::rsqrt(x); }
__device__ inline float exp10(float x) { return ::exp10f(x); }
__device__ inline double exp10(double x) { return ::exp10(x); }
__device__ inline float sinpi(float x) { return ::sinpif(x); }
__device__ inline double sinpi(double x) { return ::sinpi(x); }
__device__ inline float cospi(float x) { return ::cospif(x); }
__device__ inline double cospi(double x) { return ::cospi(x); }

// Gamma(x) is positive for x > 0 and on (-2k-2, -2k-1), negative on (-2k-1, -2k);
// at the poles (0 and negative integers) lgamma_r reports the sign of the zero
// or +1, as glibc does.
__device__ inline int lgamma_sign(double x) {
  if (!(x < 0)) return x == 0 && ::signbit(x) ? -1 : 1;
  const double f = ::floor(x);
  if (f == x) return 1;
  return ::fmod(-f, 2.0) == 1.0 ? -1 : 1;
}

// native:: (SYCL leaves their precision to the implementation): the hardware approximations.
__device__ inline float native_cos(float v) { return ::__cosf(v); }
__device__ inline float native_exp(float v) { return ::__expf(v); }
__device__ inline float native_exp2(float v) { return ::exp2f(v); }
__device__ inline float native_log(float v) { return ::__logf(v); }
__device__ inline float native_log2(float v) { return ::__log2f(v); }
__device__ inline float native_log10(float v) { return ::__log10f(v); }
__device__ inline float native_recip(float v) { return ::__frcp_rn(v); }
__device__ inline float native_sin(float v) { return ::__sinf(v); }
__device__ inline float native_sqrt(float v) { return ::__fsqrt_rn(v); }
__device__ inline float native_tan(float v) { return ::__tanf(v); }
__device__ inline float native_exp10(float v) { return ::__exp10f(v); }
__device__ inline float native_rsqrt(float v) { return ::rsqrtf(v); }
__device__ inline float native_powr(float v, float w) { return ::__powf(v, w); }
__device__ inline float native_divide(float v, float w) { return ::__fdividef(v, w); }

}  // namespace weft::kernel::math::gpu
