// The batch kernels for AVX-512 (F, BW, DQ, VL; compiled with those flags on x86-64
// only): a sub-group of 16 4-byte lanes is one batch. The range fold keeps to 32-byte
// batches (arch.hpp), so it has no AVX-512 form.
#define WEFT_LANE_ARCH avx512
#define WEFT_LANE_XSIMD_ARCH xsimd::avx512bw
#define WEFT_LANE_NO_FOLD 1
#include "arch.hpp"
