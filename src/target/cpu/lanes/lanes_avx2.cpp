// The batch kernels for AVX2 + FMA (compiled with -mavx2 -mfma on x86-64 only).
#define WEFT_LANE_ARCH avx2
#define WEFT_LANE_XSIMD_ARCH xsimd::avx2
#include "arch.hpp"
