#pragma once
// Kernel interface, GPU target: the atomics of weft/kernel/atomic.hpp as device
// functions, one file per vendor (their memory models differ too much to share:
// PTX fences around relaxed atomics on NVIDIA, scoped builtins on AMD).
#include <weft/target/gpu/vendor.hpp>
#if defined(__HIP__)
#include <weft/target/gpu/vendor/amd_atomic.hpp>
#elif defined(__CUDA__)
#include <weft/target/gpu/vendor/nvidia_atomic.hpp>
#else
#error "weft/target/gpu/atomic.hpp is for translation units compiled as CUDA or HIP"
#endif
