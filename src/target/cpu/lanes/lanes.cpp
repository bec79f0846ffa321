// The lane operations' batch kernels as libweft exports them (declared in
// include/weft/target/cpu/lanes/simd.hpp and range_fold.hpp): each call goes to
// the best architecture this CPU runs (AVX-512, AVX2 or the default), chosen once
// when the library loads (tests choose lower ones with set_batch_level).
#include <weft/target/cpu/lanes/simd.hpp>
#include <weft/target/cpu/range_fold.hpp>

#define WEFT_LANE_ARCH baseline
#include "arch.hpp"
#undef WEFT_LANE_ARCH
#if WEFT_LANES_X86
#define WEFT_LANE_ARCH avx2
#include "arch.hpp"
#undef WEFT_LANE_ARCH
#define WEFT_LANE_ARCH avx512
#include "arch.hpp"
#undef WEFT_LANE_ARCH
#endif
#include "instances.hpp"

namespace weft::cpu::lanes {
using detail::batch_level;
namespace {
batch_level best_level() {
#if WEFT_LANES_X86
  const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  if (avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
    return batch_level::avx512;
  if (avx2) return batch_level::avx2;
#endif
  return batch_level::baseline;
}
const batch_level best = best_level();
batch_level level = best;  // what every call uses (set_batch_level changes it)
}  // namespace

namespace detail {
batch_level best_batch_level() { return best; }
batch_level set_batch_level(batch_level l) {
  const batch_level old = level;
  level = l > best ? best : l;
  return old;
}

template <class E, op_kind K>
E batch_reduce(const E* in, std::size_t n) {
#if WEFT_LANES_X86
  if (level == batch_level::avx512) return avx512::reduce<E, K>(in, n);
  if (level == batch_level::avx2) return avx2::reduce<E, K>(in, n);
#endif
  return baseline::reduce<E, K>(in, n);
}
template <class E, op_kind K>
void batch_inclusive_scan(const E* in, std::size_t n, E* out, const E* init) {
#if WEFT_LANES_X86
  if (level == batch_level::avx512) return avx512::inclusive_scan<E, K>(in, n, out, init);
  if (level == batch_level::avx2) return avx2::inclusive_scan<E, K>(in, n, out, init);
#endif
  baseline::inclusive_scan<E, K>(in, n, out, init);
}
template <class E>
bool batch_permute_xor(const E* in, std::size_t n, std::size_t mask, E* out) {
#if WEFT_LANES_X86
  if (level == batch_level::avx512) return avx512::permute_xor<E>(in, n, mask, out);
  if (level == batch_level::avx2) return avx2::permute_xor<E>(in, n, mask, out);
#endif
  return baseline::permute_xor<E>(in, n, mask, out);
}

#define WEFT_LANE_EXPORT(E, K)                                            \
  template WEFT_API E batch_reduce<E, op_kind::K>(const E*, std::size_t); \
  template WEFT_API void batch_inclusive_scan<E, op_kind::K>(const E*, std::size_t, E*, const E*);
#define WEFT_LANE_EXPORT_PERMUTE(E) template WEFT_API bool batch_permute_xor<E>(const E*, std::size_t, std::size_t, E*);
WEFT_LANE_INSTANCES(WEFT_LANE_EXPORT)
WEFT_LANE_PERMUTE_INSTANCES(WEFT_LANE_EXPORT_PERMUTE)
}  // namespace detail
}  // namespace weft::cpu::lanes

namespace weft::cpu::range_fold {
template <class T, ::weft::sycl::detail::op_kind K>
T batch_fold(const T* p, std::size_t n, T acc) {
#if WEFT_LANES_X86
  if (::weft::cpu::lanes::level != ::weft::cpu::lanes::batch_level::baseline)  // AVX-512 too: 32-byte batches
    return ::weft::cpu::lanes::avx2::fold<T, K>(p, n, acc);
#endif
  return ::weft::cpu::lanes::baseline::fold<T, K>(p, n, acc);
}
#define WEFT_FOLD_EXPORT(E, K) \
  template WEFT_API E batch_fold<E, ::weft::sycl::detail::op_kind::K>(const E*, std::size_t, E);
WEFT_LANE_INSTANCES(WEFT_FOLD_EXPORT)
WEFT_FOLD_EXTRA_INSTANCES(WEFT_FOLD_EXPORT)
}  // namespace weft::cpu::range_fold
