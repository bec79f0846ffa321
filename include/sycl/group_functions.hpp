#pragma once
// SYCL 2020 section 4.17.3: group functions (broadcast, select, shifts, xor-permute)
// for work groups and sub-groups. Each is one lane collective
// (weft/kernel/collectives.hpp): lanes write, one lane runs the xsimd lane
// operation, lanes read.
#include <cstdint>
#include <sycl/group.hpp>
#include <sycl/group_traits.hpp>
#include <sycl/sub_group.hpp>
#include <type_traits>
#include <weft/target/cpu/lanes.hpp>
#include <weft/kernel/collectives.hpp>

namespace weft::sycl {

namespace detail {

// Runs compute(in, aux, out, n) over the lane buffer of g (see weft::kernel).
template <class R, class T, class Compute>
R collective(const sub_group& g, const T& x, std::uint32_t aux, Compute&& compute) {
  const weft::kernel::lane_position p{std::size_t{g.get_group_linear_id()} * sub_group::max_size,
                                      g.get_local_linear_id(), g.get_local_linear_range(),
                                      sub_group_access::work_group_size(g)};
  return weft::kernel::sub_group_collective<R>(p, x, aux, compute);
}
template <class R, int Dims, class T, class Compute>
R collective(const group<Dims>& g, const T& x, std::uint32_t aux, Compute&& compute) {
  return weft::kernel::work_group_collective<R>(g.get_local_linear_id(), g.get_local_linear_range(), x, aux, compute);
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
detail::enable_group_t<Group, T> group_broadcast(Group g, T x, typename Group::linear_id_type local_linear_id) {
  const std::size_t src = static_cast<std::size_t>(local_linear_id);
  return detail::collective<T>(g, x, 0, [src](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    weft::cpu::lanes::broadcast(in, n, src, out);
  });
}

template <typename Group, typename T>
detail::enable_group_t<Group, T> group_broadcast(Group g, T x) {
  return group_broadcast(g, x, typename Group::linear_id_type{0});
}

template <typename Group, typename T>
detail::enable_group_t<Group, T> group_broadcast(Group g, T x, typename Group::id_type local_id) {
  return group_broadcast(g, x, static_cast<typename Group::linear_id_type>(detail::linear_local(g, local_id)));
}

template <typename Group, typename T>
detail::enable_group_t<Group, T> select_from_group(Group g, T x, typename Group::id_type remote_local_id) {
  const auto src = static_cast<std::uint32_t>(detail::linear_local(g, remote_local_id));
  return detail::collective<T>(g, x, src, [](const T* in, const std::uint32_t* idx, T* out, std::size_t n) {
    weft::cpu::lanes::select(in, idx, n, out);
  });
}

template <typename Group, typename T>
detail::enable_group_t<Group, T> shift_group_left(Group g, T x, typename Group::linear_id_type delta = 1) {
  const std::size_t d = static_cast<std::size_t>(delta);
  return detail::collective<T>(g, x, 0, [d](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    weft::cpu::lanes::shift_left(in, n, d, out);
  });
}

template <typename Group, typename T>
detail::enable_group_t<Group, T> shift_group_right(Group g, T x, typename Group::linear_id_type delta = 1) {
  const std::size_t d = static_cast<std::size_t>(delta);
  return detail::collective<T>(g, x, 0, [d](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    weft::cpu::lanes::shift_right(in, n, d, out);
  });
}

template <typename Group, typename T>
detail::enable_group_t<Group, T> permute_group_by_xor(Group g, T x, typename Group::linear_id_type mask) {
  const std::size_t m = static_cast<std::size_t>(mask);
  return detail::collective<T>(g, x, 0, [m](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    weft::cpu::lanes::permute_xor(in, n, m, out);
  });
}

}  // namespace weft::sycl
