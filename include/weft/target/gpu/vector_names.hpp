#pragma once
// The vendor's global vector types under other names: cmake/WeftCuda.cmake and
// WeftHip.cmake define double2=__cuda_double2 (__hip_double2), ... on the command
// line, before the vendor's runtime headers are read (clang pre-includes CUDA's;
// HIP's are included here). Once those are in, the macros go, so `double2` in a
// program is SYCL's alias (sycl::double2 through `using namespace sycl;`) and not
// ambiguous with the vendor's. The vendor's types stay reachable as __cuda_double2
// (__hip_double2), ...; a vendor header first included after this point cannot use
// the plain names.
#if defined(WEFT_GPU_VECTOR_NAMES) && !defined(WEFT_GPU_VECTOR_NAMES_LIFTED)
#define WEFT_GPU_VECTOR_NAMES_LIFTED 1
#if defined(__HIP__)
#include <hip/hip_runtime.h>
#endif
#undef char1
#undef char2
#undef char3
#undef char4
#undef uchar1
#undef uchar2
#undef uchar3
#undef uchar4
#undef short1
#undef short2
#undef short3
#undef short4
#undef ushort1
#undef ushort2
#undef ushort3
#undef ushort4
#undef int1
#undef int2
#undef int3
#undef int4
#undef uint1
#undef uint2
#undef uint3
#undef uint4
#undef long1
#undef long2
#undef long3
#undef long4
#undef ulong1
#undef ulong2
#undef ulong3
#undef ulong4
#undef longlong1
#undef longlong2
#undef longlong3
#undef longlong4
#undef ulonglong1
#undef ulonglong2
#undef ulonglong3
#undef ulonglong4
#undef float1
#undef float2
#undef float3
#undef float4
#undef double1
#undef double2
#undef double3
#undef double4
#endif
