// One architecture's batch kernels, as plain functions lanes.cpp can call: each
// lanes_<arch>.cpp defines WEFT_LANE_ARCH (its namespace) and WEFT_LANE_XSIMD_ARCH
// and includes this file; lanes.cpp includes it with only WEFT_LANE_ARCH, for the
// declarations (so: no include guard).
#include <cstddef>
#include <cstdint>
#include <sycl/known_identity.hpp>

namespace weft::cpu::lanes::WEFT_LANE_ARCH {
using sycl::detail::op_kind;
template <class E, op_kind K>
E reduce(const E* in, std::size_t n);
template <class E, op_kind K>
void inclusive_scan(const E* in, std::size_t n, E* out, const E* init);
template <class E>
bool permute_xor(const E* in, std::size_t n, std::size_t mask, E* out);
template <class E, op_kind K>
E fold(const E* p, std::size_t n, E acc);
}  // namespace weft::cpu::lanes::WEFT_LANE_ARCH

#ifdef WEFT_LANE_XSIMD_ARCH
#include "batch_kernels.hpp"
#include "instances.hpp"

namespace weft::cpu::lanes::WEFT_LANE_ARCH {
template <class E, op_kind K>
E reduce(const E* in, std::size_t n) {
  return kernels::reduce<WEFT_LANE_XSIMD_ARCH, E, K>(in, n);
}
template <class E, op_kind K>
void inclusive_scan(const E* in, std::size_t n, E* out, const E* init) {
  kernels::inclusive_scan<WEFT_LANE_XSIMD_ARCH, E, K>(in, n, out, init);
}
template <class E>
bool permute_xor(const E* in, std::size_t n, std::size_t mask, E* out) {
  return kernels::permute_xor<WEFT_LANE_XSIMD_ARCH, E>(in, n, mask, out);
}
#define WEFT_LANE_INSTANTIATE(E, K)                        \
  template E reduce<E, op_kind::K>(const E*, std::size_t); \
  template void inclusive_scan<E, op_kind::K>(const E*, std::size_t, E*, const E*);
#define WEFT_LANE_INSTANTIATE_PERMUTE(E) template bool permute_xor<E>(const E*, std::size_t, std::size_t, E*);
WEFT_LANE_INSTANCES(WEFT_LANE_INSTANTIATE)
WEFT_LANE_PERMUTE_INSTANCES(WEFT_LANE_INSTANTIATE_PERMUTE)
#undef WEFT_LANE_INSTANTIATE
#undef WEFT_LANE_INSTANTIATE_PERMUTE

#if !WEFT_LANE_NO_FOLD
// The range fold uses batches of at most 32 bytes: the values it reads were
// usually just stored 32 bytes at a time by a distribute_items() loop, and a
// 64-byte load of them cannot be forwarded from the store buffer.
template <class E, op_kind K>
E fold(const E* p, std::size_t n, E acc) {
  return kernels::fold<WEFT_LANE_XSIMD_ARCH, E, K>(p, n, acc);
}
#define WEFT_LANE_INSTANTIATE_FOLD(E, K) template E fold<E, op_kind::K>(const E*, std::size_t, E);
WEFT_LANE_INSTANCES(WEFT_LANE_INSTANTIATE_FOLD)
WEFT_FOLD_EXTRA_INSTANCES(WEFT_LANE_INSTANTIATE_FOLD)
#undef WEFT_LANE_INSTANTIATE_FOLD
#endif
}  // namespace weft::cpu::lanes::WEFT_LANE_ARCH
#endif
