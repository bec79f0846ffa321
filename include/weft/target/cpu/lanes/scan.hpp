#pragma once
// Lane operations: inclusive and exclusive scans. Known operators on 4/8-byte
// arithmetic types scan each batch in registers (Hillis-Steele: log2(width) slides)
// and carry the last lane into the next batch (libweft); anything else is a
// sequential loop.
#include <weft/target/cpu/lanes/simd.hpp>

namespace weft::cpu::lanes {

namespace detail {
// out[i] = in[0] op ... op in[i], optionally preceded by *init.
template <class T, class Op>
inline void inclusive_scan_impl(const T* in, std::size_t n, T* out, Op op, const T* init) {
  if (n == 0) return;
  constexpr op_kind K = sycl::detail::op_kind_v<Op, T>;
  if constexpr (is_simd_op<T, K>) {
    using E = simd_element_t<T>;
    const E init_element = init ? static_cast<E>(*init) : E{};
    batch_inclusive_scan<E, K>(as_elements(in), n, as_elements(out), init ? &init_element : nullptr);
  } else {
    T acc = init ? static_cast<T>(op(*init, in[0])) : in[0];
    out[0] = acc;
    for (std::size_t i = 1; i < n; ++i) out[i] = acc = static_cast<T>(op(acc, in[i]));
  }
}
}  // namespace detail

template <class T, class Op>
inline void inclusive_scan(const T* in, std::size_t n, T* out, Op op) {
  detail::inclusive_scan_impl(in, n, out, op, static_cast<const T*>(nullptr));
}

template <class T, class Op>
inline void inclusive_scan(const T* in, std::size_t n, T* out, Op op, T init) {
  detail::inclusive_scan_impl(in, n, out, op, &init);
}

// out[0] = init, out[i] = init op in[0] op ... op in[i - 1].
template <class T, class Op>
inline void exclusive_scan(const T* in, std::size_t n, T* out, Op op, T init) {
  if (n == 0) return;
  constexpr op_kind K = sycl::detail::op_kind_v<Op, T>;
  if constexpr (detail::is_simd_op<T, K>) {
    // Inclusive scan of the first n - 1 lanes, written one lane up.
    out[0] = init;
    detail::inclusive_scan_impl(in, n - 1, out + 1, op, &init);
  } else {
    T acc = init;
    for (std::size_t i = 0; i < n; ++i) {
      out[i] = acc;
      acc = static_cast<T>(op(acc, in[i]));
    }
  }
}

}  // namespace weft::cpu::lanes
