#pragma once
// The element types and operators the batch kernels are compiled for: X(E, K) for
// reductions, scans and folds, P(E) for permutes, F(E, K) for the range fold's
// extra (1- and 2-byte) element types.
#define WEFT_LANE_OPS_ANY(X, E) \
  X(E, plus)                    \
  X(E, multiplies)              \
  X(E, minimum)                 \
  X(E, maximum)
#define WEFT_LANE_OPS_INTEGER(X, E) \
  WEFT_LANE_OPS_ANY(X, E)           \
  X(E, bit_and)                     \
  X(E, bit_or)                      \
  X(E, bit_xor)
#define WEFT_LANE_INSTANCES(X)            \
  WEFT_LANE_OPS_ANY(X, float)             \
  WEFT_LANE_OPS_ANY(X, double)            \
  WEFT_LANE_OPS_INTEGER(X, std::int32_t)  \
  WEFT_LANE_OPS_INTEGER(X, std::uint32_t) \
  WEFT_LANE_OPS_INTEGER(X, std::int64_t)  \
  WEFT_LANE_OPS_INTEGER(X, std::uint64_t)
#define WEFT_LANE_PERMUTE_INSTANCES(P) \
  P(float)                             \
  P(double)                            \
  P(std::int32_t)                      \
  P(std::uint32_t)                     \
  P(std::int64_t)                      \
  P(std::uint64_t)
#define WEFT_FOLD_EXTRA_INSTANCES(F)     \
  WEFT_LANE_OPS_INTEGER(F, std::int8_t)  \
  WEFT_LANE_OPS_INTEGER(F, std::uint8_t) \
  WEFT_LANE_OPS_INTEGER(F, std::int16_t) \
  WEFT_LANE_OPS_INTEGER(F, std::uint16_t)
