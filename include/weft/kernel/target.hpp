#pragma once
// Kernel interface: which target a piece of kernel-side code is compiled for.
//
// Weft's front end is plain C++. In a translation unit compiled for a GPU
// (clang++ -x cuda or -x hip, see docs/gpu.md) every kernel-side member function
// (id/range are constexpr and so host+device already; item, nd_item, group,
// sub_group, accessor subscripts, group functions, barriers) must be callable
// from device code: WEFT_HOST_DEVICE marks them. Everywhere else it is empty.
//
// Per-target bodies test WEFT_DEVICE_PASS (true only in the GPU device pass:
// __CUDA_ARCH__ or __HIP_DEVICE_COMPILE__): the GPU body there, the CPU body
// otherwise.
#include <weft/config.hpp>

#if defined(__CUDA__) || defined(__HIP__)
#define WEFT_HOST_DEVICE __host__ __device__
#else
#define WEFT_HOST_DEVICE
#endif

// 1 in translation units compiled for a GPU target as well (CUDA or HIP),
// whose kernels must keep their own types (no type erasure through host code).
#if defined(__CUDA__) || defined(__HIP__)
#define WEFT_GPU_TRANSLATION_UNIT 1
#else
#define WEFT_GPU_TRANSLATION_UNIT 0
#endif

#if defined(__CUDA__) || defined(__HIP__)
#include <weft/target/gpu/vector_names.hpp>
#endif

#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define WEFT_DEVICE_PASS 1
#else
#define WEFT_DEVICE_PASS 0
#endif

// SYCL_EXTERNAL: functions a kernel calls. Host+device in GPU translation
// units (so a plain function may be called from a kernel), nothing elsewhere.
// Constexpr functions and lambdas need no marking (clang treats them as
// host+device). A kernel calling a SYCL_EXTERNAL function defined in another
// translation unit needs relocatable device code (-fgpu-rdc, docs/gpu.md).
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL WEFT_HOST_DEVICE
#endif

// The sub-group size the running code sees: the warp in GPU device code (32 on
// NVIDIA, a 64-wide wavefront on AMD), WEFT_SUB_GROUP_SIZE on the CPU.
#if defined(__HIP_DEVICE_COMPILE__)
#define WEFT_KERNEL_SUB_GROUP_SIZE 64
#elif WEFT_DEVICE_PASS
#define WEFT_KERNEL_SUB_GROUP_SIZE 32
#else
#define WEFT_KERNEL_SUB_GROUP_SIZE WEFT_SUB_GROUP_SIZE
#endif

// WEFT_HOST_DEVICE_BEGIN / _END: every function declared between them is
// host+device in GPU translation units (clang's force_cuda_host_device, which
// HIP mode honours too), for
// headers whose whole content is callable from kernels (math, vec, marray,
// half). Only Weft's own declarations go between them, never a standard
// header's: #include those before the BEGIN.
#if defined(__CUDA__) || defined(__HIP__)
#define WEFT_HOST_DEVICE_BEGIN _Pragma("clang force_cuda_host_device begin")
#define WEFT_HOST_DEVICE_END _Pragma("clang force_cuda_host_device end")
#else
#define WEFT_HOST_DEVICE_BEGIN
#define WEFT_HOST_DEVICE_END
#endif
