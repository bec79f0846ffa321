#pragma once
// SYCL 2020 section 4.17.4: group algorithms (any/all/none, reduce, scans and
// their joint_* forms over pointers) for work groups and sub-groups. The group
// forms are one lane collective each; the joint forms run the lane operation
// directly over the caller's range on one item (a work group's items share one
// core on the CPU, so splitting the range would only add a combine step) and
// synchronise the group once.
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

template <class Group, class T, class Compute>
T uniform(const Group& g, Compute&& compute) {
  // One item computes a value every item returns.
  return collective<T>(g, char{0}, 0, [&](const char*, const std::uint32_t*, T* out, std::size_t n) {
    const T v = compute();
    for (std::size_t i = 0; i < n; ++i) out[i] = v;
  });
}

template <class T, class Op>
constexpr void check_known_identity() {
  static_assert(has_known_identity_v<Op, T>,
                "this group algorithm form has no init value, so it needs an operator with a known identity "
                "(sycl::plus, multiplies, minimum, maximum, bit_and/or/xor, logical_and/or); pass an init value");
}

}  // namespace detail

// any_of / all_of / none_of (section 4.17.4.2).
#define WEFT_GROUP_VOTE(name, lane_op)                                                                  \
  template <typename Group>                                                                             \
  detail::enable_group_bool_t<Group> name(Group g, bool pred) {                                         \
    return detail::collective<bool>(g, pred, 0, [](const bool* in, const std::uint32_t*, bool* out,     \
                                                   std::size_t n) {                                     \
      const bool r = weft::cpu::lanes::lane_op(in, n);                                                  \
      for (std::size_t i = 0; i < n; ++i) out[i] = r;                                                   \
    });                                                                                                 \
  }                                                                                                     \
  template <typename Group, typename T, typename Predicate>                                             \
  detail::enable_group_bool_t<Group> name(Group g, T x, Predicate pred) {                               \
    return name(g, static_cast<bool>(pred(x)));                                                         \
  }
WEFT_GROUP_VOTE(any_of_group, any)
WEFT_GROUP_VOTE(all_of_group, all)
WEFT_GROUP_VOTE(none_of_group, none)
#undef WEFT_GROUP_VOTE

template <typename Group, typename Ptr, typename Predicate>
detail::enable_group_bool_t<Group> joint_any_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return detail::uniform<Group, bool>(g, [&] {
    for (Ptr p = first; p != last; ++p)
      if (pred(*p)) return true;
    return false;
  });
}
template <typename Group, typename Ptr, typename Predicate>
detail::enable_group_bool_t<Group> joint_all_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return detail::uniform<Group, bool>(g, [&] {
    for (Ptr p = first; p != last; ++p)
      if (!pred(*p)) return false;
    return true;
  });
}
template <typename Group, typename Ptr, typename Predicate>
detail::enable_group_bool_t<Group> joint_none_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return !joint_any_of(g, first, last, pred);
}

// reduce (section 4.17.4.3).
template <typename Group, typename T, typename BinaryOperation>
detail::enable_group_arith_t<Group, T> reduce_over_group(Group g, T x, BinaryOperation binary_op) {
  return detail::collective<T>(g, x, 0, [&](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    const T r = weft::cpu::lanes::reduce(in, n, binary_op);
    for (std::size_t i = 0; i < n; ++i) out[i] = r;
  });
}

template <typename Group, typename V, typename T, typename BinaryOperation>
detail::enable_group_arith_t<Group, T> reduce_over_group(Group g, V x, T init, BinaryOperation binary_op) {
  return detail::collective<T>(g, static_cast<T>(x), 0,
                               [&](const T* in, const std::uint32_t*, T* out, std::size_t n) {
                                 const T r = static_cast<T>(binary_op(init, weft::cpu::lanes::reduce(in, n, binary_op)));
                                 for (std::size_t i = 0; i < n; ++i) out[i] = r;
                               });
}

template <typename Group, typename Ptr, typename BinaryOperation>
std::enable_if_t<is_group_v<std::decay_t<Group>>, detail::ptr_value_t<Ptr>> joint_reduce(Group g, Ptr first, Ptr last,
                                                                                      BinaryOperation binary_op) {
  using T = detail::ptr_value_t<Ptr>;
  return detail::uniform<Group, T>(g, [&] {
    const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
    if (n == 0) return T{};
    if constexpr (std::is_pointer_v<Ptr>) {
      return weft::cpu::lanes::reduce(static_cast<const T*>(first), n, binary_op);
    } else {
      T acc = *first;
      for (Ptr p = std::next(first); p != last; ++p) acc = static_cast<T>(binary_op(acc, *p));
      return acc;
    }
  });
}

template <typename Group, typename Ptr, typename T, typename BinaryOperation>
std::enable_if_t<is_group_v<std::decay_t<Group>>, T> joint_reduce(Group g, Ptr first, Ptr last, T init,
                                                                   BinaryOperation binary_op) {
  return detail::uniform<Group, T>(g, [&] {
    const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
    if (n == 0) return init;
    using V = detail::ptr_value_t<Ptr>;
    if constexpr (std::is_pointer_v<Ptr> && std::is_same_v<V, T>) {
      return static_cast<T>(binary_op(init, weft::cpu::lanes::reduce(static_cast<const T*>(first), n, binary_op)));
    } else {
      T acc = init;
      for (Ptr p = first; p != last; ++p) acc = static_cast<T>(binary_op(acc, static_cast<T>(*p)));
      return acc;
    }
  });
}

// Scans (section 4.17.4.4). Lane 0 of an exclusive scan without init gets the identity.
template <typename Group, typename V, typename T, typename BinaryOperation>
detail::enable_group_arith_t<Group, T> exclusive_scan_over_group(Group g, V x, T init, BinaryOperation binary_op) {
  return detail::collective<T>(g, static_cast<T>(x), 0,
                               [&](const T* in, const std::uint32_t*, T* out, std::size_t n) {
                                 weft::cpu::lanes::exclusive_scan(in, n, out, binary_op, init);
                               });
}

template <typename Group, typename T, typename BinaryOperation>
detail::enable_group_arith_t<Group, T> exclusive_scan_over_group(Group g, T x, BinaryOperation binary_op) {
  detail::check_known_identity<T, BinaryOperation>();
  return exclusive_scan_over_group(g, x, known_identity_v<BinaryOperation, T>, binary_op);
}

template <typename Group, typename V, typename BinaryOperation, typename T>
detail::enable_group_arith_t<Group, T> inclusive_scan_over_group(Group g, V x, BinaryOperation binary_op, T init) {
  return detail::collective<T>(g, static_cast<T>(x), 0,
                               [&](const T* in, const std::uint32_t*, T* out, std::size_t n) {
                                 weft::cpu::lanes::inclusive_scan(in, n, out, binary_op, init);
                               });
}

template <typename Group, typename T, typename BinaryOperation>
detail::enable_group_arith_t<Group, T> inclusive_scan_over_group(Group g, T x, BinaryOperation binary_op) {
  return detail::collective<T>(g, x, 0, [&](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    weft::cpu::lanes::inclusive_scan(in, n, out, binary_op);
  });
}

namespace detail {
// result[i] = init op first[0] op ... (inclusive) or ... op first[i - 1] (exclusive).
template <bool Inclusive, class InPtr, class OutPtr, class T, class Op>
void joint_scan(InPtr first, InPtr last, OutPtr result, const T* init, Op op) {
  const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
  if (n == 0) return;
  using V = ptr_value_t<InPtr>;
  using R = ptr_value_t<OutPtr>;
  if constexpr (std::is_pointer_v<InPtr> && std::is_pointer_v<OutPtr> && std::is_same_v<V, T> &&
                std::is_same_v<R, T>) {
    const T* in = first;
    T* out = result;
    const bool overlap = out < in + n && in < out + n;
    if (!overlap) {
      if constexpr (Inclusive) {
        if (init) weft::cpu::lanes::inclusive_scan(in, n, out, op, *init);
        else weft::cpu::lanes::inclusive_scan(in, n, out, op);
      } else {
        weft::cpu::lanes::exclusive_scan(in, n, out, op, *init);
      }
      return;
    }
  }
  // In place, or other pointer types: sequential, reading each element before writing it.
  if constexpr (Inclusive) {
    T acc = init ? static_cast<T>(op(*init, static_cast<T>(*first))) : static_cast<T>(*first);
    *result = acc;
    InPtr p = first;
    OutPtr q = result;
    for (++p, ++q; p != last; ++p, ++q) *q = acc = static_cast<T>(op(acc, static_cast<T>(*p)));
  } else {
    T acc = *init;
    OutPtr q = result;
    for (InPtr p = first; p != last; ++p, ++q) {
      const T v = static_cast<T>(*p);
      *q = acc;
      acc = static_cast<T>(op(acc, v));
    }
  }
}
}  // namespace detail

template <typename Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
std::enable_if_t<is_group_v<std::decay_t<Group>>, OutPtr> joint_exclusive_scan(Group g, InPtr first, InPtr last,
                                                                                OutPtr result, T init,
                                                                                BinaryOperation binary_op) {
  detail::uniform<Group, bool>(g, [&] {
    detail::joint_scan<false>(first, last, result, &init, binary_op);
    return true;
  });
  return result + std::distance(first, last);
}

template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
std::enable_if_t<is_group_v<std::decay_t<Group>>, OutPtr> joint_exclusive_scan(Group g, InPtr first, InPtr last,
                                                                                OutPtr result,
                                                                                BinaryOperation binary_op) {
  using T = detail::ptr_value_t<OutPtr>;
  detail::check_known_identity<T, BinaryOperation>();
  return joint_exclusive_scan(g, first, last, result, known_identity_v<BinaryOperation, T>, binary_op);
}

template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation, typename T>
std::enable_if_t<is_group_v<std::decay_t<Group>>, OutPtr> joint_inclusive_scan(Group g, InPtr first, InPtr last,
                                                                                OutPtr result,
                                                                                BinaryOperation binary_op, T init) {
  detail::uniform<Group, bool>(g, [&] {
    detail::joint_scan<true>(first, last, result, &init, binary_op);
    return true;
  });
  return result + std::distance(first, last);
}

template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
std::enable_if_t<is_group_v<std::decay_t<Group>>, OutPtr> joint_inclusive_scan(Group g, InPtr first, InPtr last,
                                                                                OutPtr result,
                                                                                BinaryOperation binary_op) {
  using T = detail::ptr_value_t<OutPtr>;
  detail::uniform<Group, bool>(g, [&] {
    detail::joint_scan<true>(first, last, result, static_cast<const T*>(nullptr), binary_op);
    return true;
  });
  return result + std::distance(first, last);
}

}  // namespace weft::sycl
