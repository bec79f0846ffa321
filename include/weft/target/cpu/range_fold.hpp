#pragma once
// The CPU target's fold of a contiguous range (weft::kernel::fold_range, used by the
// scoped group algorithms over private memory, which is one array on the CPU):
// known operators on arithmetic types combine xsimd batches with four independent
// accumulators (libweft); anything else is a left-to-right loop.
#include <cstddef>
#include <cstdint>
#include <sycl/scoped/functional.hpp>
#include <type_traits>
#include <sycl/known_identity.hpp>
#include <weft/runtime/export.hpp>

namespace weft::cpu::range_fold {

namespace sd = ::weft::sycl::detail::scoped;

template <class T>
inline constexpr bool simd_type_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, std::int8_t> ||
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int16_t> || std::is_same_v<T, std::uint16_t> ||
    std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::int64_t> ||
    std::is_same_v<T, std::uint64_t>;

template <class Op, class T>
inline constexpr bool simd_reducible_v =
    simd_type_v<T> && (sd::kind_of<Op, T>() == sd::op_kind::plus || sd::kind_of<Op, T>() == sd::op_kind::multiplies ||
                       sd::kind_of<Op, T>() == sd::op_kind::minimum || sd::kind_of<Op, T>() == sd::op_kind::maximum ||
                       (std::is_integral_v<T> &&
                        (sd::kind_of<Op, T>() == sd::op_kind::bit_and || sd::kind_of<Op, T>() == sd::op_kind::bit_or ||
                         sd::kind_of<Op, T>() == sd::op_kind::bit_xor)));

// The batch fold (libweft, src/target/cpu/lanes/): op over p[0..n) starting from
// acc, in batches of at most 32 bytes with four independent accumulators.
template <class T, ::weft::sycl::detail::op_kind K>
WEFT_API T batch_fold(const T* p, std::size_t n, T acc);

constexpr ::weft::sycl::detail::op_kind lane_kind(sd::op_kind k) {
  using L = ::weft::sycl::detail::op_kind;
  switch (k) {
    case sd::op_kind::plus: return L::plus;
    case sd::op_kind::multiplies: return L::multiplies;
    case sd::op_kind::minimum: return L::minimum;
    case sd::op_kind::maximum: return L::maximum;
    case sd::op_kind::bit_and: return L::bit_and;
    case sd::op_kind::bit_or: return L::bit_or;
    case sd::op_kind::bit_xor: return L::bit_xor;
    default: return L::other;
  }
}

// op over p[0..n) starting from acc.
template <class T, class V, class Op>
inline V fold(const T* p, std::size_t n, V acc, Op& op) {
  if constexpr (simd_reducible_v<Op, T> && std::is_same_v<T, V>) {
    return batch_fold<T, lane_kind(sd::kind_of<Op, T>())>(p, n, acc);
  } else {
    for (std::size_t i = 0; i < n; ++i) acc = op(acc, p[i]);
    return acc;
  }
}

}  // namespace weft::cpu::range_fold

namespace weft::kernel {
// op over p[0..n) starting from acc (weft/kernel/collectives.hpp).
template <class T, class V, class Op>
V fold_range(const T* p, std::size_t n, V acc, Op& op) {
  return weft::cpu::range_fold::fold(p, n, acc, op);
}
}  // namespace weft::kernel
