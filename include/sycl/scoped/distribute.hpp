#pragma once
// Scoped parallelism: distribute_items(), distribute_groups(), single_item(),
// their *_and_wait forms and group_barrier() on scoped groups.
//
// On the CPU the physical group size is 1: distribute_items() is a plain loop
// over the group's logical items (nested loops in 2 and 3 D, innermost over the
// contiguous dimension), distribute_groups() a loop over the sub-groups,
// single_item() a call, and a barrier has nothing to wait for.
#include <atomic>
#include <cstddef>
#include <type_traits>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/s_item.hpp>

namespace weft::sycl {

namespace detail::scoped {

template <class G, class F>
constexpr void check_items_callable() {
  static_assert(is_scoped_group_v<G>, "distribute_items(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(std::is_invocable_v<F&, s_item<G::dimensions>>,
                "distribute_items(): f must be a callable with signature void(sycl::s_item<Dimension>), "
                "Dimension being the group's dimensions");
}

// Calls f(s_item) for every logical item of the group with state s.
template <int Dims, class F>
inline void for_each_item(const group_state<Dims>& s, F& f) {
  const range<Dims> gr = s.global_range;
  const range<Dims> lr = s.local_range;
  if constexpr (Dims == 1) {
    const std::size_t n = lr[0], o = s.global_origin[0], w = s.wg_offset;
    for (std::size_t i = 0; i < n; ++i) f(s_item_access::make<1>(id<1>(o + i), gr, id<1>(i), lr, w + i));
  } else if constexpr (Dims == 2) {
    const std::size_t n0 = lr[0], n1 = lr[1];
    const std::size_t o0 = s.global_origin[0], o1 = s.global_origin[1];
    for (std::size_t i = 0; i < n0; ++i) {
      const std::size_t w = s.wg_offset + i * n1;
      for (std::size_t j = 0; j < n1; ++j)
        f(s_item_access::make<2>(id<2>(o0 + i, o1 + j), gr, id<2>(i, j), lr, w + j));
    }
  } else {
    const std::size_t n0 = lr[0], n1 = lr[1], n2 = lr[2];
    const std::size_t o0 = s.global_origin[0], o1 = s.global_origin[1], o2 = s.global_origin[2];
    for (std::size_t i = 0; i < n0; ++i)
      for (std::size_t j = 0; j < n1; ++j) {
        const std::size_t w = s.wg_offset + (i * n1 + j) * n2;
        for (std::size_t k = 0; k < n2; ++k)
          f(s_item_access::make<3>(id<3>(o0 + i, o1 + j, o2 + k), gr, id<3>(i, j, k), lr, w + k));
      }
  }
}

// Calls f(child) for each sub-group one level below the group g.
template <class G, class F>
inline void for_each_child(const G& g, F& f) {
  using child_t = child_group_t<G>;
  constexpr int Dims = G::dimensions;
  const group_state<Dims>& s = group_access::state(g);
  const range<Dims> shape = sub_group_shape(s.local_range, child_group<G>::tile);
  range<Dims> count;
  for (int d = 0; d < Dims; ++d) count[d] = (s.local_range[d] + shape[d] - 1) / shape[d];
  const std::size_t n = count.size();
  group_state<Dims> c = s;
  c.group_range = count;
  for (std::size_t l = 0; l < n; ++l) {
    const id<Dims> j = detail::delinearize(l, count);
    id<Dims> origin;
    for (int d = 0; d < Dims; ++d) {
      origin[d] = j[d] * shape[d];
      const std::size_t left = s.local_range[d] - origin[d];
      c.local_range[d] = left < shape[d] ? left : shape[d];
    }
    c.group_id = j;
    c.global_origin = s.global_origin + origin;
    // Groups are contiguous runs of work-group linear ids (see groups.hpp).
    c.wg_offset = s.wg_offset + detail::linearize(origin, s.local_range);
    f(group_access::make<child_t>(c));
  }
}

}  // namespace detail::scoped

/// For each logical item of g, calls f(s_item) exactly once.
template <class SpGroup, class NestedF>
void distribute_items(const SpGroup& g, NestedF f) WEFT_SCOPED_NOEXCEPT {
  using namespace detail::scoped;
  check_items_callable<SpGroup, NestedF>();
  const group_state<SpGroup::dimensions>& s = group_access::state(g);
  check_collective<SpGroup::properties::level>(s.ctx);
  region_guard guard(s.ctx, SpGroup::properties::level, kernel::scoped_region::items);
  for_each_item(s, f);
}

/// Subdivides g into the next level's groups and calls f(group) once for each.
template <class SpGroup, class NestedF>
void distribute_groups(const SpGroup& g, NestedF f) WEFT_SCOPED_NOEXCEPT {
  using namespace detail::scoped;
  static_assert(is_scoped_group_v<SpGroup>, "distribute_groups(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(std::is_invocable_v<NestedF&, child_group_t<SpGroup>>,
                "distribute_groups(): f must be a callable of signature "
                "void(__ImplementationDefinedScopedParallelismGroupType__); take the group as auto");
  const group_state<SpGroup::dimensions>& s = group_access::state(g);
  check_collective<SpGroup::properties::level>(s.ctx);
  region_guard guard(s.ctx, SpGroup::properties::level + 1, kernel::scoped_region::group);
  for_each_child(g, f);
}

/// Executes f() exactly once within the group g.
template <class SpGroup, class F>
void single_item(const SpGroup& g, F f) WEFT_SCOPED_NOEXCEPT {
  using namespace detail::scoped;
  static_assert(is_scoped_group_v<SpGroup>, "single_item(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(std::is_invocable_v<F&>, "single_item(): f must be a callable of signature void()");
  const group_state<SpGroup::dimensions>& s = group_access::state(g);
  check_collective<SpGroup::properties::level>(s.ctx);
  region_guard guard(s.ctx, SpGroup::properties::level, kernel::scoped_region::single);
  f();
}

/// Waits for all items of g; nothing to wait for with one physical item, so this
/// is a compiler barrier plus the fence the scope asks for.
template <class SpGroup, std::enable_if_t<detail::scoped::is_scoped_group_v<SpGroup>, int> = 0>
void group_barrier(const SpGroup& g, memory_scope = SpGroup::fence_scope) WEFT_SCOPED_NOEXCEPT {
  using namespace detail::scoped;
  check_collective<SpGroup::properties::level>(group_access::state(g).ctx);
  std::atomic_signal_fence(std::memory_order_seq_cst);
}

template <class SpGroup, class NestedF>
void distribute_items_and_wait(const SpGroup& g, NestedF f) WEFT_SCOPED_NOEXCEPT {
  distribute_items(g, f);
  group_barrier(g);
}
template <class SpGroup, class NestedF>
void distribute_groups_and_wait(const SpGroup& g, NestedF f) WEFT_SCOPED_NOEXCEPT {
  distribute_groups(g, f);
  group_barrier(g);
}
template <class SpGroup, class F>
void single_item_and_wait(const SpGroup& g, F f) WEFT_SCOPED_NOEXCEPT {
  single_item(g, f);
  group_barrier(g);
}

}  // namespace weft::sycl
