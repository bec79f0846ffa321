#pragma once
// SYCL 2020 section 4.17.4: group algorithms (any/all/none, reduce, scans and
// their joint_* forms over pointers) for work groups and sub-groups, written once
// over the kernel interface's collectives (weft/kernel/collectives.hpp).
#include <iterator>
#include <sycl/functional.hpp>
#include <sycl/group_functions.hpp>
#include <sycl/known_identity.hpp>
#include <type_traits>

namespace weft::sycl {

namespace detail {

template <class Group>
using enable_group_bool_t = std::enable_if_t<is_group_v<std::decay_t<Group>>, bool>;

template <class Group, class T>
using enable_group_arith_t = std::enable_if_t<is_group_v<std::decay_t<Group>> && std::is_trivially_copyable_v<T>, T>;

template <class Ptr>
using ptr_value_t = std::remove_cv_t<typename std::iterator_traits<Ptr>::value_type>;

template <class T, class Op>
constexpr void check_known_identity() {
  static_assert(has_known_identity_v<Op, T>,
                "this group algorithm form has no init value, so it needs an operator with a known identity "
                "(sycl::plus, multiplies, minimum, maximum, bit_and/or/xor, logical_and/or); pass an init value");
}

}  // namespace detail

// any_of / all_of / none_of (section 4.17.4.2).
template <typename Group>
WEFT_HOST_DEVICE detail::enable_group_bool_t<Group> any_of_group(Group g, bool pred) {
  return weft::kernel::any(detail::scope_of(g), pred);
}
template <typename Group>
WEFT_HOST_DEVICE detail::enable_group_bool_t<Group> all_of_group(Group g, bool pred) {
  return weft::kernel::all(detail::scope_of(g), pred);
}
template <typename Group>
WEFT_HOST_DEVICE detail::enable_group_bool_t<Group> none_of_group(Group g, bool pred) {
  return weft::kernel::none(detail::scope_of(g), pred);
}
template <typename Group, typename T, typename Predicate>
WEFT_HOST_DEVICE detail::enable_group_bool_t<Group> any_of_group(Group g, T x, Predicate pred) {
  return any_of_group(g, static_cast<bool>(pred(x)));
}
template <typename Group, typename T, typename Predicate>
WEFT_HOST_DEVICE detail::enable_group_bool_t<Group> all_of_group(Group g, T x, Predicate pred) {
  return all_of_group(g, static_cast<bool>(pred(x)));
}
template <typename Group, typename T, typename Predicate>
WEFT_HOST_DEVICE detail::enable_group_bool_t<Group> none_of_group(Group g, T x, Predicate pred) {
  return none_of_group(g, static_cast<bool>(pred(x)));
}

template <typename Group, typename Ptr, typename Predicate>
WEFT_HOST_DEVICE detail::enable_group_bool_t<Group> joint_any_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return weft::kernel::uniform<bool>(detail::scope_of(g), [&] {
    for (Ptr p = first; p != last; ++p)
      if (pred(*p)) return true;
    return false;
  });
}
template <typename Group, typename Ptr, typename Predicate>
WEFT_HOST_DEVICE detail::enable_group_bool_t<Group> joint_all_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return weft::kernel::uniform<bool>(detail::scope_of(g), [&] {
    for (Ptr p = first; p != last; ++p)
      if (!pred(*p)) return false;
    return true;
  });
}
template <typename Group, typename Ptr, typename Predicate>
WEFT_HOST_DEVICE detail::enable_group_bool_t<Group> joint_none_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return !joint_any_of(g, first, last, pred);
}

// reduce (section 4.17.4.3).
template <typename Group, typename T, typename BinaryOperation>
WEFT_HOST_DEVICE detail::enable_group_arith_t<Group, T> reduce_over_group(Group g, T x, BinaryOperation binary_op) {
  return weft::kernel::reduce(detail::scope_of(g), x, binary_op);
}

template <typename Group, typename V, typename T, typename BinaryOperation>
WEFT_HOST_DEVICE detail::enable_group_arith_t<Group, T> reduce_over_group(Group g, V x, T init,
                                                                          BinaryOperation binary_op) {
  return static_cast<T>(binary_op(init, weft::kernel::reduce(detail::scope_of(g), static_cast<T>(x), binary_op)));
}

template <typename Group, typename Ptr, typename BinaryOperation>
WEFT_HOST_DEVICE std::enable_if_t<is_group_v<std::decay_t<Group>>, detail::ptr_value_t<Ptr>> joint_reduce(
    Group g, Ptr first, Ptr last, BinaryOperation binary_op) {
  using T = detail::ptr_value_t<Ptr>;
  return weft::kernel::uniform<T>(detail::scope_of(g), [&] {
    const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
    if (n == 0) return T{};
    if constexpr (std::is_pointer_v<Ptr>) {
      return weft::kernel::reduce_range(static_cast<const T*>(first), n, binary_op);
    } else {
      T acc = *first;
      for (Ptr p = std::next(first); p != last; ++p) acc = static_cast<T>(binary_op(acc, *p));
      return acc;
    }
  });
}

template <typename Group, typename Ptr, typename T, typename BinaryOperation>
WEFT_HOST_DEVICE std::enable_if_t<is_group_v<std::decay_t<Group>>, T> joint_reduce(Group g, Ptr first, Ptr last, T init,
                                                                                   BinaryOperation binary_op) {
  return weft::kernel::uniform<T>(detail::scope_of(g), [&] {
    const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
    if (n == 0) return init;
    using V = detail::ptr_value_t<Ptr>;
    if constexpr (std::is_pointer_v<Ptr> && std::is_same_v<V, T>) {
      return static_cast<T>(binary_op(init, weft::kernel::reduce_range(static_cast<const T*>(first), n, binary_op)));
    } else {
      T acc = init;
      for (Ptr p = first; p != last; ++p) acc = static_cast<T>(binary_op(acc, static_cast<T>(*p)));
      return acc;
    }
  });
}

// Scans (section 4.17.4.4). Lane 0 of an exclusive scan without init gets the identity.
template <typename Group, typename V, typename T, typename BinaryOperation>
WEFT_HOST_DEVICE detail::enable_group_arith_t<Group, T> exclusive_scan_over_group(Group g, V x, T init,
                                                                                  BinaryOperation binary_op) {
  return weft::kernel::exclusive_scan(detail::scope_of(g), static_cast<T>(x), binary_op, init);
}

template <typename Group, typename T, typename BinaryOperation>
WEFT_HOST_DEVICE detail::enable_group_arith_t<Group, T> exclusive_scan_over_group(Group g, T x,
                                                                                  BinaryOperation binary_op) {
  detail::check_known_identity<T, BinaryOperation>();
  return exclusive_scan_over_group(g, x, known_identity_v<BinaryOperation, T>, binary_op);
}

template <typename Group, typename V, typename BinaryOperation, typename T>
WEFT_HOST_DEVICE detail::enable_group_arith_t<Group, T> inclusive_scan_over_group(Group g, V x,
                                                                                  BinaryOperation binary_op, T init) {
  return weft::kernel::inclusive_scan(detail::scope_of(g), static_cast<T>(x), binary_op, &init);
}

template <typename Group, typename T, typename BinaryOperation>
WEFT_HOST_DEVICE detail::enable_group_arith_t<Group, T> inclusive_scan_over_group(Group g, T x,
                                                                                  BinaryOperation binary_op) {
  return weft::kernel::inclusive_scan(detail::scope_of(g), x, binary_op, static_cast<const T*>(nullptr));
}

namespace detail {
// The joint scans: the target scans [first, last) into result; init may be null (inclusive only).
template <bool Inclusive, class Group, class InPtr, class OutPtr, class T, class Op>
WEFT_HOST_DEVICE OutPtr joint_scan(const Group& g, InPtr first, InPtr last, OutPtr result, const T* init, Op op) {
  weft::kernel::joint_scan<Inclusive>(scope_of(g), first, last, result, init, op);
  return result + std::distance(first, last);
}
template <class Group, class OutPtr>
using enable_joint_t = std::enable_if_t<is_group_v<std::decay_t<Group>>, OutPtr>;
}  // namespace detail

template <typename Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
WEFT_HOST_DEVICE detail::enable_joint_t<Group, OutPtr> joint_exclusive_scan(Group g, InPtr first, InPtr last,
                                                                            OutPtr result, T init, BinaryOperation op) {
  return detail::joint_scan<false>(g, first, last, result, &init, op);
}

template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
WEFT_HOST_DEVICE detail::enable_joint_t<Group, OutPtr> joint_exclusive_scan(Group g, InPtr first, InPtr last,
                                                                            OutPtr result, BinaryOperation op) {
  using T = detail::ptr_value_t<OutPtr>;
  detail::check_known_identity<T, BinaryOperation>();
  const T init = known_identity_v<BinaryOperation, T>;
  return detail::joint_scan<false>(g, first, last, result, &init, op);
}

template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation, typename T>
WEFT_HOST_DEVICE detail::enable_joint_t<Group, OutPtr> joint_inclusive_scan(Group g, InPtr first, InPtr last,
                                                                            OutPtr result, BinaryOperation op, T init) {
  return detail::joint_scan<true>(g, first, last, result, &init, op);
}

template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
WEFT_HOST_DEVICE detail::enable_joint_t<Group, OutPtr> joint_inclusive_scan(Group g, InPtr first, InPtr last,
                                                                            OutPtr result, BinaryOperation op) {
  using T = detail::ptr_value_t<OutPtr>;
  return detail::joint_scan<true>(g, first, last, result, static_cast<const T*>(nullptr), op);
}

}  // namespace weft::sycl
