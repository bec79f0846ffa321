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
// Each is written once here and runs the target's version (weft/kernel/scoped_ops.hpp):
// on the CPU a wrapper is a contiguous array and the algorithms are loops over it;
// on the GPU the group's threads fold their items, then combine through shuffles.
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/functional.hpp>
#include <sycl/scoped/groups.hpp>
#include <weft/kernel/scoped_ops.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail::scoped {

template <class G, class W>
constexpr bool check_algorithm() {
  static_assert(is_scoped_group_v<G>, "group algorithm: Only available if Group is a scoped parallelism group type");
  static_assert(G::dimensions == W::dimensions,
                "group algorithm: the private memory wrapper must come from memory_environment() on this group "
                "or a group enclosing it (same dimensions)");
  return true;
}

template <class G>
using enable_scoped_t = std::enable_if_t<is_scoped_group_v<G>, int>;

}  // namespace detail::scoped

// ---- broadcast --------------------------------------------------------------

template <class Group, class W, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE typename W::value_type group_broadcast(
    const Group& g, const W& x, typename Group::linear_id_type local_linear_id) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::check_algorithm<Group, W>());
  return weft::kernel::scoped::broadcast(g, x, static_cast<std::size_t>(local_linear_id));
}
template <class Group, class W, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE typename W::value_type group_broadcast(const Group& g, const W& x) WEFT_SCOPED_NOEXCEPT {
  return group_broadcast(g, x, typename Group::linear_id_type{0});
}
template <class Group, class W, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE typename W::value_type group_broadcast(const Group& g, const W& x,
                                                        const typename Group::id_type& local_id) WEFT_SCOPED_NOEXCEPT {
  return group_broadcast(g, x, detail::linearize(local_id, g.get_logical_local_range()));
}

// ---- reduce -----------------------------------------------------------------

template <class Group, class W, class BinaryOperation, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE typename W::value_type reduce_over_group(const Group& g, const W& x,
                                                          BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::check_algorithm<Group, W>());
  using T = typename W::value_type;
  return weft::kernel::scoped::reduce(g, x, binary_op, static_cast<const T*>(nullptr));
}
template <class Group, class W, class V, class BinaryOperation, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE V reduce_over_group(const Group& g, const W& x, V init,
                                     BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::check_algorithm<Group, W>());
  return weft::kernel::scoped::reduce(g, x, binary_op, &init);
}

// ---- scans ------------------------------------------------------------------

namespace detail::scoped {
// The scans: result(i) = init (when has_init) op x(0) op ... op x(i) (inclusive) or ... x(i - 1).
template <bool Inclusive, class G, class W, class WR, class Op>
WEFT_HOST_DEVICE void scan(const G& g, const W& x, WR& result, Op& op, typename WR::value_type init,
                           bool has_init) WEFT_SCOPED_NOEXCEPT {
  static_assert(check_algorithm<G, W>());
  weft::kernel::scoped::scan<Inclusive>(g, x, result, op, init, has_init);
}
}  // namespace detail::scoped

template <class Group, class W, class WR, class V, class BinaryOperation, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE void exclusive_scan_over_group(const Group& g, const W& x, WR& result, V init,
                                                BinaryOperation op) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::scan<false>(g, x, result, op, static_cast<typename WR::value_type>(init), true);
}
template <class Group, class W, class WR, class BinaryOperation, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE void exclusive_scan_over_group(const Group& g, const W& x, WR& result,
                                                BinaryOperation op) WEFT_SCOPED_NOEXCEPT {
  using R = typename WR::value_type;
  static_assert(detail::scoped::has_known_identity_v<BinaryOperation, R>,
                "exclusive_scan_over_group() without init needs an operation with a known identity "
                "(sycl::plus, multiplies, minimum, maximum, bit_and/or/xor, logical_and/or on arithmetic types)");
  detail::scoped::scan<false>(g, x, result, op, detail::scoped::identity_of<BinaryOperation, R>(), true);
}
template <class Group, class W, class WR, class BinaryOperation, class V, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE void inclusive_scan_over_group(const Group& g, const W& x, WR& result, BinaryOperation op,
                                                V init) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::scan<true>(g, x, result, op, static_cast<typename WR::value_type>(init), true);
}
template <class Group, class W, class WR, class BinaryOperation, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE void inclusive_scan_over_group(const Group& g, const W& x, WR& result,
                                                BinaryOperation op) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::scan<true>(g, x, result, op, typename WR::value_type{}, false);
}

// ---- any / all / none -------------------------------------------------------

template <class Group, class W, class Predicate, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE bool any_of_group(const Group& g, const W& x, Predicate pred) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::check_algorithm<Group, W>());
  return weft::kernel::scoped::any(g, x, pred);
}
template <class Group, class W, class Predicate, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE bool all_of_group(const Group& g, const W& x, Predicate pred) WEFT_SCOPED_NOEXCEPT {
  using T = typename W::value_type;
  return !any_of_group(g, x, [&](const T& v) { return !static_cast<bool>(pred(v)); });
}
template <class Group, class W, class Predicate, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE bool none_of_group(const Group& g, const W& x, Predicate pred) WEFT_SCOPED_NOEXCEPT {
  return !any_of_group(g, x, pred);
}
template <class Group, class W, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE bool any_of_group(const Group& g, const W& x) WEFT_SCOPED_NOEXCEPT {
  using T = typename W::value_type;
  return any_of_group(g, x, [](const T& v) { return static_cast<bool>(v); });
}
template <class Group, class W, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE bool all_of_group(const Group& g, const W& x) WEFT_SCOPED_NOEXCEPT {
  using T = typename W::value_type;
  return all_of_group(g, x, [](const T& v) { return static_cast<bool>(v); });
}
template <class Group, class W, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE bool none_of_group(const Group& g, const W& x) WEFT_SCOPED_NOEXCEPT {
  return !any_of_group(g, x);
}

// ---- shifts and permutes ----------------------------------------------------

template <class Group, class W, class WR, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE void shift_group_left(const Group& g, const W& x, WR& result,
                                       typename Group::linear_id_type delta = 1) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::check_algorithm<Group, W>());
  const std::size_t d = static_cast<std::size_t>(delta);
  weft::kernel::scoped::exchange(g, x, result, [d](std::size_t i) { return i + d; });
}
template <class Group, class W, class WR, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE void shift_group_right(const Group& g, const W& x, WR& result,
                                        typename Group::linear_id_type delta = 1) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::check_algorithm<Group, W>());
  const std::size_t d = static_cast<std::size_t>(delta);
  weft::kernel::scoped::exchange(g, x, result, [d](std::size_t i) { return i >= d ? i - d : ~std::size_t(0); });
}
template <class Group, class W, class WR, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE void permute_group_by_xor(const Group& g, const W& x, WR& result,
                                           typename Group::linear_id_type mask) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::check_algorithm<Group, W>());
  const std::size_t m = static_cast<std::size_t>(mask);
  weft::kernel::scoped::exchange(g, x, result, [m](std::size_t i) { return i ^ m; });
}
template <class Group, class W, class WR, class WS, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE void select_from_group(const Group& g, const W& x, WR& result, const WS& remote) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::check_algorithm<Group, W>());
  weft::kernel::scoped::select(g, x, result, remote);
}

// ---- joint_* on scoped groups ------------------------------------------------

template <class Group, class Ptr, class BinaryOperation, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE auto joint_reduce(const Group& g, Ptr first, Ptr last,
                                   BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  return weft::kernel::scoped::joint_reduce(g, first, last, binary_op);
}
template <class Group, class Ptr, class T, class BinaryOperation, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE T joint_reduce(const Group& g, Ptr first, Ptr last, T init,
                                BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  return weft::kernel::scoped::joint_reduce(g, first, last, init, binary_op);
}

template <class Group, class InPtr, class OutPtr, class T, class BinaryOperation,
          detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE OutPtr joint_exclusive_scan(const Group& g, InPtr first, InPtr last, OutPtr result, T init,
                                             BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  weft::kernel::scoped::joint_scan<false>(g, first, last, result, &init, binary_op);
  return std::next(result, std::distance(first, last));
}
template <class Group, class InPtr, class OutPtr, class BinaryOperation, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE OutPtr joint_exclusive_scan(const Group& g, InPtr first, InPtr last, OutPtr result,
                                             BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  using T = typename std::iterator_traits<OutPtr>::value_type;
  using TT = std::conditional_t<std::is_void_v<T>, typename std::iterator_traits<InPtr>::value_type, T>;
  static_assert(detail::scoped::has_known_identity_v<BinaryOperation, TT>,
                "joint_exclusive_scan() without init needs an operation with a known identity");
  return joint_exclusive_scan(g, first, last, result, detail::scoped::identity_of<BinaryOperation, TT>(), binary_op);
}
template <class Group, class InPtr, class OutPtr, class BinaryOperation, class T,
          detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE OutPtr joint_inclusive_scan(const Group& g, InPtr first, InPtr last, OutPtr result,
                                             BinaryOperation binary_op, T init) WEFT_SCOPED_NOEXCEPT {
  weft::kernel::scoped::joint_scan<true>(g, first, last, result, &init, binary_op);
  return std::next(result, std::distance(first, last));
}
template <class Group, class InPtr, class OutPtr, class BinaryOperation, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE OutPtr joint_inclusive_scan(const Group& g, InPtr first, InPtr last, OutPtr result,
                                             BinaryOperation binary_op) WEFT_SCOPED_NOEXCEPT {
  using T = typename std::iterator_traits<InPtr>::value_type;
  weft::kernel::scoped::joint_scan<true>(g, first, last, result, static_cast<const T*>(nullptr), binary_op);
  return std::next(result, std::distance(first, last));
}

template <class Group, class Ptr, class Predicate, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE bool joint_any_of(const Group& g, Ptr first, Ptr last, Predicate pred) WEFT_SCOPED_NOEXCEPT {
  return weft::kernel::scoped::joint_any(g, first, last, pred);
}
template <class Group, class Ptr, class Predicate, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE bool joint_all_of(const Group& g, Ptr first, Ptr last, Predicate pred) WEFT_SCOPED_NOEXCEPT {
  using T = typename std::iterator_traits<Ptr>::value_type;
  return !joint_any_of(g, first, last, [&](const T& v) { return !static_cast<bool>(pred(v)); });
}
template <class Group, class Ptr, class Predicate, detail::scoped::enable_scoped_t<Group> = 0>
WEFT_HOST_DEVICE bool joint_none_of(const Group& g, Ptr first, Ptr last, Predicate pred) WEFT_SCOPED_NOEXCEPT {
  return !joint_any_of(g, first, last, pred);
}

}  // namespace weft::sycl
