// The batch kernels for the compiler's default architecture (on x86-64: SSE2).
#define WEFT_LANE_ARCH baseline
#define WEFT_LANE_XSIMD_ARCH xsimd::default_arch
#include "arch.hpp"
