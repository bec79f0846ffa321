#pragma once
// SYCL 2020 section 4.17.3: group functions (broadcast, select, shifts, xor-permute)
// for work groups and sub-groups. Each is one collective of the kernel interface
// (weft/kernel/collectives.hpp), which every target implements.
#include <cstdint>
#include <sycl/group.hpp>
#include <sycl/group_traits.hpp>
#include <sycl/sub_group.hpp>
#include <type_traits>
#include <weft/kernel/collectives.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail {

// The kernel interface's description of g and of the calling item's place in it.
// (In full-width arithmetic on the item's id in its work group: a loop over the items,
// split at barriers, then computes its lane slots as consecutive addresses.)
WEFT_HOST_DEVICE inline weft::kernel::sub_group_scope scope_of(const sub_group& g) {
  const std::size_t size = g.get_max_local_range()[0], id = sub_group_access::work_group_local_linear_id(g);
  const std::size_t lane = id & (size - 1), first = id - lane, work_group_size = sub_group_access::work_group_size(g);
  const std::size_t left = work_group_size - first;
  return {first, lane, left < size ? left : size, work_group_size, size};
}
template <int Dims>
WEFT_HOST_DEVICE weft::kernel::work_group_scope scope_of(const group<Dims>& g) {
  return {g.get_local_linear_id(), g.get_local_linear_range()};
}

template <class Group>
WEFT_HOST_DEVICE std::size_t linear_local(const Group& g, const typename Group::id_type& local_id) {
  if constexpr (std::is_same_v<Group, sub_group>) {
    (void)g;
    return local_id[0];
  } else {
    return linearize(local_id, g.get_local_range());
  }
}

template <class Group, class T>
using enable_group_t = std::enable_if_t<is_group_v<std::decay_t<Group>> && std::is_trivially_copyable_v<T>, T>;

}  // namespace detail

template <typename Group, typename T>
WEFT_HOST_DEVICE detail::enable_group_t<Group, T> group_broadcast(Group g, T x,
                                                                  typename Group::linear_id_type local_linear_id) {
  return weft::kernel::broadcast(detail::scope_of(g), x, static_cast<std::size_t>(local_linear_id));
}

template <typename Group, typename T>
WEFT_HOST_DEVICE detail::enable_group_t<Group, T> group_broadcast(Group g, T x) {
  return group_broadcast(g, x, typename Group::linear_id_type{0});
}

template <typename Group, typename T>
WEFT_HOST_DEVICE detail::enable_group_t<Group, T> group_broadcast(Group g, T x, typename Group::id_type local_id) {
  return group_broadcast(g, x, static_cast<typename Group::linear_id_type>(detail::linear_local(g, local_id)));
}

template <typename Group, typename T>
WEFT_HOST_DEVICE detail::enable_group_t<Group, T> select_from_group(Group g, T x,
                                                                    typename Group::id_type remote_local_id) {
  return weft::kernel::select(detail::scope_of(g), x, detail::linear_local(g, remote_local_id));
}

template <typename Group, typename T>
WEFT_HOST_DEVICE detail::enable_group_t<Group, T> shift_group_left(Group g, T x,
                                                                   typename Group::linear_id_type delta = 1) {
  return weft::kernel::shift_left(detail::scope_of(g), x, static_cast<std::size_t>(delta));
}

template <typename Group, typename T>
WEFT_HOST_DEVICE detail::enable_group_t<Group, T> shift_group_right(Group g, T x,
                                                                    typename Group::linear_id_type delta = 1) {
  return weft::kernel::shift_right(detail::scope_of(g), x, static_cast<std::size_t>(delta));
}

template <typename Group, typename T>
WEFT_HOST_DEVICE detail::enable_group_t<Group, T> permute_group_by_xor(Group g, T x,
                                                                       typename Group::linear_id_type mask) {
  return weft::kernel::permute_xor(detail::scope_of(g), x, static_cast<std::size_t>(mask));
}

}  // namespace weft::sycl
