#pragma once
// Kernel interface: the math functions whose body differs per target. The
// front end's math (sycl/math/) is host+device and calls the C library's
// functions, which the GPU's headers also give device code (CUDA's libdevice,
// HIP's OCML; within SYCL's ULP limits; sqrt correctly rounded: CUDA through the
// build's __CUDA_PREC_SQRT, HIP by default). These few are different:
//
//   - rsqrt, exp10, sinpi, cospi: the CPU computes them in a wider type and
//     rounds once (sycl/math/float_math.hpp); the GPU has its own (rsqrt(f),
//     exp10(f), sinpi(f), cospi(f)).
//   - native:: (float): the CPU computes at full precision; the GPU uses the fast
//     hardware approximations (__expf, __logf, __sinf, __fdividef, ...).
//   - lgamma (the CPU's goes through the reentrant lgamma_r: std::lgamma writes the
//     global signgam) and lgamma_r's sign (computed from x on the GPU).
//
// Each function here is host+device and forwards to the target of the compilation
// pass: weft/target/cpu/math.hpp or weft/target/gpu/math.hpp.
#include <weft/kernel/target.hpp>
#include <weft/target/cpu/math.hpp>
#if WEFT_GPU_TRANSLATION_UNIT
#include <weft/target/gpu/math.hpp>
#endif

namespace weft::kernel::math {

// True where the target has its own rsqrt, exp10, sinpi, cospi (the GPU device pass).
inline constexpr bool target_special_functions = WEFT_DEVICE_PASS;

// The bodies of the target this compilation pass is for.
#if WEFT_DEVICE_PASS
namespace target = gpu;
#else
namespace target = cpu;
#endif

#define WEFT_SPECIAL(name)              \
  template <class T>                    \
  WEFT_HOST_DEVICE inline T name(T x) { \
    return target::name(x);             \
  }
WEFT_SPECIAL(rsqrt)
WEFT_SPECIAL(exp10)
WEFT_SPECIAL(sinpi)
WEFT_SPECIAL(cospi)
WEFT_SPECIAL(lgamma)
#undef WEFT_SPECIAL

// The sign of Gamma(x), as lgamma_r reports it.
WEFT_HOST_DEVICE inline int lgamma_sign(double x) { return target::lgamma_sign(x); }

// native:: functions (float).
#define WEFT_NATIVE(name) \
  WEFT_HOST_DEVICE inline float native_##name(float v) { return target::native_##name(v); }
#define WEFT_NATIVE2(name) \
  WEFT_HOST_DEVICE inline float native_##name(float v, float w) { return target::native_##name(v, w); }
WEFT_NATIVE(cos)
WEFT_NATIVE(exp)
WEFT_NATIVE(exp2)
WEFT_NATIVE(log)
WEFT_NATIVE(log2)
WEFT_NATIVE(log10)
WEFT_NATIVE(recip)
WEFT_NATIVE(sin)
WEFT_NATIVE(sqrt)
WEFT_NATIVE(tan)
WEFT_NATIVE(exp10)
WEFT_NATIVE(rsqrt)
WEFT_NATIVE2(divide)
WEFT_NATIVE2(powr)
#undef WEFT_NATIVE
#undef WEFT_NATIVE2

}  // namespace weft::kernel::math
