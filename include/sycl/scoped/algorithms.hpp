#pragma once
// Scoped parallelism: group algorithms (beyond AdaptiveCpp, which lists them
// as not implemented).
//
// Semantics chosen by Weft. Every algorithm is collective: call it outside
// distribute_items() with the innermost group g (nesting rules 1-3).
//
// *_over_group on private memory: x is a wrapper memory_environment() handed
// out for require_private_mem<T>() on g or on a group enclosing g; the
// algorithm works on the values of g's logical items, ordered by their local
// linear id in g. Value-returning algorithms return the same value to the
// caller (there is one physical item); per-item results go to a result
// wrapper, which may be x itself (in place).
//   T group_broadcast(g, x)                       x of g's first item
//   T group_broadcast(g, x, local_linear_id)      x of that item
//   T group_broadcast(g, x, id local_id)
//   T reduce_over_group(g, x, op)                 op over all items
//   V reduce_over_group(g, x, V init, op)         op over init and all items
//   void exclusive_scan_over_group(g, x, result, op)          result(i) = op over items < i (identity first)
//   void exclusive_scan_over_group(g, x, result, V init, op)  ... starting from init
//   void inclusive_scan_over_group(g, x, result, op)          result(i) = op over items <= i
//   void inclusive_scan_over_group(g, x, result, op, V init)  ... starting from init
//   bool any_of_group / all_of_group / none_of_group(g, x)        over bool(x(i))
//   bool any_of_group / all_of_group / none_of_group(g, x, pred)  over pred(x(i))
//   void shift_group_left(g, x, result, delta = 1)   result(i) = x(i + delta)
//   void shift_group_right(g, x, result, delta = 1)  result(i) = x(i - delta)
//   void permute_group_by_xor(g, x, result, mask)    result(i) = x(i ^ mask)
//   void select_from_group(g, x, result, remote)     result(i) = x(remote(i)); remote holds
//                                                    local linear ids (integers) or local ids (id)
// Where the source item is outside g, result(i) keeps x(i) (as CUDA's shuffles
// do; SYCL leaves it unspecified). Scans without init, and reductions without
// init on an empty group, need an operation with a known identity (sycl::plus,
// multiplies, minimum, maximum, bit_and/or/xor, logical_and/or on arithmetic
// types). Floating-point reductions may combine in any order.
//
// joint_* on scoped groups: joint_reduce, joint_exclusive_scan,
// joint_inclusive_scan, joint_any_of, joint_all_of, joint_none_of with the
// SYCL 2020 signatures; the group executes the whole range once.
//
// On the CPU a wrapper is a contiguous array, so reductions and the predicate
// forms of any/all/none run as xsimd (or auto-vectorized) loops over it;
// scans, shifts and permutes are single loops. No fibers, no per-item calls.
#include <cstddef>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <sycl/id.hpp>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/functional.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/private_memory.hpp>
#include <xsimd/xsimd.hpp>

namespace weft::sycl {

namespace detail::scoped {

template <class T>
inline constexpr bool simd_type_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, std::int8_t> ||
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int16_t> || std::is_same_v<T, std::uint16_t> ||
    std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> || std::is_same_v<T, std::int64_t> ||
    std::is_same_v<T, std::uint64_t>;

template <op_kind K, class B>
inline B simd_combine(const B& a, const B& b) {
  if constexpr (K == op_kind::plus)
    return a + b;
  else if constexpr (K == op_kind::multiplies)
    return a * b;
  else if constexpr (K == op_kind::minimum)
    return xsimd::select(b < a, b, a);  // not xsimd::min: GCC 12 warns inside its AVX-512 intrinsic
  else if constexpr (K == op_kind::maximum)
    return xsimd::select(a < b, b, a);
  else if constexpr (K == op_kind::bit_and)
    return a & b;
  else if constexpr (K == op_kind::bit_or)
    return a | b;
  else
    return a ^ b;
}

template <class Op, class T>
inline constexpr bool simd_reducible_v = simd_type_v<T> && (kind_of<Op, T>() == op_kind::plus ||
                                                            kind_of<Op, T>() == op_kind::multiplies ||
                                                            kind_of<Op, T>() == op_kind::minimum ||
                                                            kind_of<Op, T>() == op_kind::maximum ||
                                                            (std::is_integral_v<T> && (kind_of<Op, T>() == op_kind::bit_and ||
                                                                                        kind_of<Op, T>() == op_kind::bit_or ||
                                                                                        kind_of<Op, T>() == op_kind::bit_xor)));

// The batches the span algorithms use: at most 32 bytes. The values they read
// were usually just stored by a distribute_items() loop, 32 or 64 bytes at a
// time depending on the compiler's vector width (WEFT_SCOPED_VECTOR_WIDTH,
// scoped_launch.hpp). A 32-byte load is forwarded from the store buffer in
// both cases; a 64-byte load of data written by 32-byte stores cannot be
// forwarded and waits for both stores to reach the cache (about 8 ns per
// 128-int group).
#if XSIMD_WITH_AVX2
using span_arch = xsimd::avx2;
#else
using span_arch = xsimd::default_arch;
#endif

// op over the lanes of a, pairwise (log2(W) dependent steps).
template <op_kind K, class T, class B, class Op>
inline T fold_lanes(const B& a, Op& op) {
  if constexpr (K == op_kind::plus) {
    (void)op;
    return xsimd::hadd(a);
  } else {
    constexpr std::size_t W = B::size;
    alignas(64) T l[W];
    a.store_aligned(l);
    for (std::size_t w = W / 2; w > 0; w /= 2)
      for (std::size_t j = 0; j < w; ++j) l[j] = op(l[j], l[j + w]);
    return l[0];
  }
}

// op over p[0..n) starting from acc.
template <class T, class V, class Op>
inline V reduce_span(const T* p, std::size_t n, V acc, Op& op) {
  std::size_t i = 0;
  if constexpr (simd_reducible_v<Op, T> && std::is_same_v<T, V>) {
    using B = xsimd::batch<T, span_arch>;
    constexpr op_kind K = kind_of<Op, T>();
    constexpr std::size_t W = B::size;
    if (n >= 2 * W) {
      B a = B::load_unaligned(p);
      i = W;
      if (n >= 4 * W) {
        // Four independent accumulators: floating-point adds have a latency of
        // several cycles, so one accumulator would wait on every step.
        B b = B::load_unaligned(p + W), c = B::load_unaligned(p + 2 * W), d = B::load_unaligned(p + 3 * W);
        for (i = 4 * W; i + 4 * W <= n; i += 4 * W) {
          a = simd_combine<K>(a, B::load_unaligned(p + i));
          b = simd_combine<K>(b, B::load_unaligned(p + i + W));
          c = simd_combine<K>(c, B::load_unaligned(p + i + 2 * W));
          d = simd_combine<K>(d, B::load_unaligned(p + i + 3 * W));
        }
        a = simd_combine<K>(simd_combine<K>(a, b), simd_combine<K>(c, d));
      }
      for (; i + W <= n; i += W) a = simd_combine<K>(a, B::load_unaligned(p + i));
      acc = op(acc, fold_lanes<K, T>(a, op));
    }
  }
  for (; i < n; ++i) acc = op(acc, p[i]);
  return acc;
}

template <class T, class Op>
inline T reduce_span_no_init(const T* p, std::size_t n, Op& op) {
  if constexpr (has_known_identity_v<Op, T>) {
    return reduce_span(p, n, identity_of<Op, T>(), op);
  } else {
    // Without a known identity the group must not be empty (scoped groups never are).
    return reduce_span(p + 1, n - 1, T(p[0]), op);
  }
}

template <class T, class Pred>
inline bool any_span(const T* p, std::size_t n, Pred& pred) {
  bool r = false;
  for (std::size_t i = 0; i < n; ++i) r |= static_cast<bool>(pred(p[i]));  // no early exit: vectorizes
  return r;
}

template <class G>
inline void check_group_algorithm() {
  static_assert(is_scoped_group_v<G>, "group algorithm: Only available if Group is a scoped parallelism group type");
}

template <class G, class W>
inline void check_wrapper_dims() {
  static_assert(G::dimensions == W::dimensions,
                "group algorithm: the private memory wrapper must come from memory_environment() on this group "
                "or a group enclosing it (same dimensions)");
}

// Common prologue: the nesting check and the span of g's items in x.
template <class G, class T, class O>
inline T* span_of(const G& g, const private_memory_access<T, O>& x) WEFT_SCOPED_NOEXCEPT {
  check_group_algorithm<G>();
  check_wrapper_dims<G, private_memory_access<T, O>>();
  check_collective<G::properties::level>(group_access::state(g).ctx);
  return private_memory_internals::slots(x, g);
}

// A copy of the n values at p in the task's arena when source and result alias.
template <class G, class T>
inline const T* source_copy(const G& g, T* src, const T* dst, std::size_t n) {
  if (src != dst) return src;
  T* tmp = static_cast<T*>(group_access::state(g).ctx->arena->allocate(n * sizeof(T), 64));
  std::uninitialized_copy_n(src, n, tmp);
  return tmp;
}

}  // namespace detail::scoped

// ---- broadcast --------------------------------------------------------------

template <class Group, class T, class O>
T group_broadcast(const Group& g, const detail::scoped::private_memory_access<T, O>& x) WEFT_SCOPED_NOEXCEPT {
  return detail::scoped::span_of(g, x)[0];
}
template <class Group, class T, class O>
T group_broadcast(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                  typename Group::linear_id_type local_linear_id) WEFT_SCOPED_NOEXCEPT {
  return detail::scoped::span_of(g, x)[local_linear_id];
}
template <class Group, class T, class O>
T group_broadcast(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                  const typename Group::id_type& local_id) WEFT_SCOPED_NOEXCEPT {
  return detail::scoped::span_of(g, x)[detail::linearize(local_id, g.get_logical_local_range())];
}

// ---- reduce -----------------------------------------------------------------

template <class Group, class T, class O, class BinaryOperation>
T reduce_over_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                    BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  const T* p = detail::scoped::span_of(g, x);
  return detail::scoped::reduce_span_no_init(p, g.get_logical_local_linear_range(), binary_op);
}
template <class Group, class T, class O, class V, class BinaryOperation>
V reduce_over_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x, V init,
                    BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  const T* p = detail::scoped::span_of(g, x);
  return detail::scoped::reduce_span(p, g.get_logical_local_linear_range(), init, binary_op);
}

// ---- scans ------------------------------------------------------------------

template <class Group, class T, class O, class R, class O2, class V, class BinaryOperation>
void exclusive_scan_over_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                               detail::scoped::private_memory_access<R, O2>& result, V init,
                               BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  const T* in = detail::scoped::span_of(g, x);
  R* out = detail::scoped::private_memory_internals::slots(result, g);
  const std::size_t n = g.get_logical_local_linear_range();
  R acc = static_cast<R>(init);
  for (std::size_t i = 0; i < n; ++i) {
    const R v = static_cast<R>(in[i]);  // read first: in and out may be the same array
    out[i] = acc;
    acc = binary_op(acc, v);
  }
}
template <class Group, class T, class O, class R, class O2, class BinaryOperation>
void exclusive_scan_over_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                               detail::scoped::private_memory_access<R, O2>& result,
                               BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::has_known_identity_v<BinaryOperation, R>,
                "exclusive_scan_over_group() without init needs an operation with a known identity "
                "(sycl::plus, multiplies, minimum, maximum, bit_and/or/xor, logical_and/or on arithmetic types)");
  exclusive_scan_over_group(g, x, result, detail::scoped::identity_of<BinaryOperation, R>(), binary_op);
}

template <class Group, class T, class O, class R, class O2, class BinaryOperation, class V>
void inclusive_scan_over_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                               detail::scoped::private_memory_access<R, O2>& result, BinaryOperation binary_op,
                               V init) WEFT_SCOPED_NOEXCEPT {
  const T* in = detail::scoped::span_of(g, x);
  R* out = detail::scoped::private_memory_internals::slots(result, g);
  const std::size_t n = g.get_logical_local_linear_range();
  R acc = static_cast<R>(init);
  for (std::size_t i = 0; i < n; ++i) {
    acc = binary_op(acc, static_cast<R>(in[i]));
    out[i] = acc;
  }
}
template <class Group, class T, class O, class R, class O2, class BinaryOperation>
void inclusive_scan_over_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                               detail::scoped::private_memory_access<R, O2>& result,
                               BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  const T* in = detail::scoped::span_of(g, x);
  R* out = detail::scoped::private_memory_internals::slots(result, g);
  const std::size_t n = g.get_logical_local_linear_range();
  R acc = static_cast<R>(in[0]);
  out[0] = acc;
  for (std::size_t i = 1; i < n; ++i) {
    acc = binary_op(acc, static_cast<R>(in[i]));
    out[i] = acc;
  }
}

// ---- any / all / none -------------------------------------------------------

template <class Group, class T, class O, class Predicate>
bool any_of_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                  Predicate pred) WEFT_SCOPED_NOEXCEPT {
  return detail::scoped::any_span(detail::scoped::span_of(g, x), g.get_logical_local_linear_range(), pred);
}
template <class Group, class T, class O, class Predicate>
bool all_of_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                  Predicate pred) WEFT_SCOPED_NOEXCEPT {
  auto not_pred = [&](const T& v) { return !static_cast<bool>(pred(v)); };
  return !detail::scoped::any_span(detail::scoped::span_of(g, x), g.get_logical_local_linear_range(), not_pred);
}
template <class Group, class T, class O, class Predicate>
bool none_of_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                   Predicate pred) WEFT_SCOPED_NOEXCEPT {
  return !any_of_group(g, x, pred);
}
template <class Group, class T, class O>
bool any_of_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x) WEFT_SCOPED_NOEXCEPT {
  return any_of_group(g, x, [](const T& v) { return static_cast<bool>(v); });
}
template <class Group, class T, class O>
bool all_of_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x) WEFT_SCOPED_NOEXCEPT {
  return all_of_group(g, x, [](const T& v) { return static_cast<bool>(v); });
}
template <class Group, class T, class O>
bool none_of_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x) WEFT_SCOPED_NOEXCEPT {
  return !any_of_group(g, x);
}

// ---- shifts and permutes ----------------------------------------------------

template <class Group, class T, class O, class O2>
void shift_group_left(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                      detail::scoped::private_memory_access<T, O2>& result,
                      typename Group::linear_id_type delta = 1) WEFT_SCOPED_NOEXCEPT {
  const T* in = detail::scoped::span_of(g, x);
  T* out = detail::scoped::private_memory_internals::slots(result, g);
  const std::size_t n = g.get_logical_local_linear_range();
  const std::size_t moved = delta < n ? n - delta : 0;
  for (std::size_t i = 0; i < moved; ++i) out[i] = in[i + delta];  // ascending: safe in place
  if (out != in)
    for (std::size_t i = moved; i < n; ++i) out[i] = in[i];
}
template <class Group, class T, class O, class O2>
void shift_group_right(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                       detail::scoped::private_memory_access<T, O2>& result,
                       typename Group::linear_id_type delta = 1) WEFT_SCOPED_NOEXCEPT {
  const T* in = detail::scoped::span_of(g, x);
  T* out = detail::scoped::private_memory_internals::slots(result, g);
  const std::size_t n = g.get_logical_local_linear_range();
  const std::size_t kept = delta < n ? delta : n;
  for (std::size_t i = n; i-- > kept;) out[i] = in[i - delta];  // descending: safe in place
  if (out != in)
    for (std::size_t i = 0; i < kept; ++i) out[i] = in[i];
}
template <class Group, class T, class O, class O2>
void permute_group_by_xor(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                          detail::scoped::private_memory_access<T, O2>& result,
                          typename Group::linear_id_type mask) WEFT_SCOPED_NOEXCEPT {
  T* src = detail::scoped::span_of(g, x);
  T* out = detail::scoped::private_memory_internals::slots(result, g);
  const std::size_t n = g.get_logical_local_linear_range();
  kernel::scoped_arena_scope scope(*detail::scoped::group_access::state(g).ctx->arena);
  const T* in = detail::scoped::source_copy(g, src, out, n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = i ^ mask;
    out[i] = j < n ? in[j] : in[i];
  }
}
template <class Group, class T, class O, class O2, class U, class O3>
void select_from_group(const Group& g, const detail::scoped::private_memory_access<T, O>& x,
                       detail::scoped::private_memory_access<T, O2>& result,
                       const detail::scoped::private_memory_access<U, O3>& remote) WEFT_SCOPED_NOEXCEPT {
  T* src = detail::scoped::span_of(g, x);
  T* out = detail::scoped::private_memory_internals::slots(result, g);
  const U* from = detail::scoped::private_memory_internals::slots(remote, g);
  const std::size_t n = g.get_logical_local_linear_range();
  kernel::scoped_arena_scope scope(*detail::scoped::group_access::state(g).ctx->arena);
  const T* in = detail::scoped::source_copy(g, src, out, n);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t j;
    if constexpr (std::is_same_v<U, typename Group::id_type>)
      j = detail::linearize(from[i], g.get_logical_local_range());
    else
      j = static_cast<std::size_t>(from[i]);
    out[i] = j < n ? in[j] : in[i];
  }
}

// ---- joint_* on scoped groups ------------------------------------------------

namespace detail::scoped {
template <class G, class Ptr>
inline void joint_prologue(const G& g) WEFT_SCOPED_NOEXCEPT {
  check_group_algorithm<G>();
  check_collective<G::properties::level>(group_access::state(g).ctx);
}
}  // namespace detail::scoped

template <class Group, class Ptr, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
auto joint_reduce(const Group& g, Ptr first, Ptr last, BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::joint_prologue<Group, Ptr>(g);
  using T = typename std::iterator_traits<Ptr>::value_type;
  if constexpr (std::is_pointer_v<Ptr>) {
    const std::size_t n = static_cast<std::size_t>(last - first);
    if constexpr (detail::scoped::has_known_identity_v<BinaryOperation, T>)
      return detail::scoped::reduce_span(first, n, detail::scoped::identity_of<BinaryOperation, T>(), binary_op);
    else
      return detail::scoped::reduce_span(first + 1, n - 1, T(*first), binary_op);
  } else {
    T acc = *first;
    for (++first; first != last; ++first) acc = binary_op(acc, *first);
    return acc;
  }
}
template <class Group, class Ptr, class T, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
T joint_reduce(const Group& g, Ptr first, Ptr last, T init, BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::joint_prologue<Group, Ptr>(g);
  if constexpr (std::is_pointer_v<Ptr>) {
    return detail::scoped::reduce_span(first, static_cast<std::size_t>(last - first), init, binary_op);
  } else {
    for (; first != last; ++first) init = binary_op(init, *first);
    return init;
  }
}

template <class Group, class InPtr, class OutPtr, class T, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
OutPtr joint_exclusive_scan(const Group& g, InPtr first, InPtr last, OutPtr result, T init,
                            BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::joint_prologue<Group, InPtr>(g);
  for (; first != last; ++first, ++result) {
    const T v = *first;
    *result = init;
    init = binary_op(init, v);
  }
  return result;
}
template <class Group, class InPtr, class OutPtr, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
OutPtr joint_exclusive_scan(const Group& g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  using T = typename std::iterator_traits<OutPtr>::value_type;
  using TT = std::conditional_t<std::is_void_v<T>, typename std::iterator_traits<InPtr>::value_type, T>;
  static_assert(detail::scoped::has_known_identity_v<BinaryOperation, TT>,
                "joint_exclusive_scan() without init needs an operation with a known identity");
  return joint_exclusive_scan(g, first, last, result, detail::scoped::identity_of<BinaryOperation, TT>(), binary_op);
}
template <class Group, class InPtr, class OutPtr, class BinaryOperation, class T,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
OutPtr joint_inclusive_scan(const Group& g, InPtr first, InPtr last, OutPtr result, BinaryOperation binary_op,
                            T init) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::joint_prologue<Group, InPtr>(g);
  for (; first != last; ++first, ++result) {
    init = binary_op(init, *first);
    *result = init;
  }
  return result;
}
template <class Group, class InPtr, class OutPtr, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
OutPtr joint_inclusive_scan(const Group& g, InPtr first, InPtr last, OutPtr result,
                            BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::joint_prologue<Group, InPtr>(g);
  if (first == last) return result;
  using T = typename std::iterator_traits<InPtr>::value_type;
  T acc = *first;
  *result = acc;
  for (++first, ++result; first != last; ++first, ++result) {
    acc = binary_op(acc, *first);
    *result = acc;
  }
  return result;
}

template <class Group, class Ptr, class Predicate, std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
bool joint_any_of(const Group& g, Ptr first, Ptr last, Predicate pred) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::joint_prologue<Group, Ptr>(g);
  if constexpr (std::is_pointer_v<Ptr>) {
    return detail::scoped::any_span(first, static_cast<std::size_t>(last - first), pred);
  } else {
    for (; first != last; ++first)
      if (pred(*first)) return true;
    return false;
  }
}
template <class Group, class Ptr, class Predicate, std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
bool joint_all_of(const Group& g, Ptr first, Ptr last, Predicate pred) WEFT_SCOPED_NOEXCEPT {
  using T = typename std::iterator_traits<Ptr>::value_type;
  return !joint_any_of(g, first, last, [&](const T& v) { return !static_cast<bool>(pred(v)); });
}
template <class Group, class Ptr, class Predicate, std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
bool joint_none_of(const Group& g, Ptr first, Ptr last, Predicate pred) WEFT_SCOPED_NOEXCEPT {
  return !joint_any_of(g, first, last, pred);
}

}  // namespace weft::sycl
