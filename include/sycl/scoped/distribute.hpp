#pragma once
// Scoped parallelism: distribute_items(), distribute_groups(), single_item(),
// their *_and_wait forms and group_barrier() on scoped groups. Each checks what
// the type system can see, then runs the target's version
// (weft/kernel/scoped_ops.hpp).
#include <type_traits>
#include <sycl/access.hpp>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/s_item.hpp>
#include <weft/kernel/scoped_ops.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail::scoped {

template <class G, class F>
constexpr void check_items_callable() {
  static_assert(is_scoped_group_v<G>,
                "distribute_items(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(std::is_invocable_v<F&, s_item<G::dimensions>>,
                "distribute_items(): f must be a callable with signature void(sycl::s_item<Dimension>), "
                "Dimension being the group's dimensions");
}

template <class G, class F>
constexpr void check_groups_callable() {
  static_assert(is_scoped_group_v<G>,
                "distribute_groups(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(std::is_invocable_v<F&, child_group_t<G>>,
                "distribute_groups(): f must be a callable of signature "
                "void(__ImplementationDefinedScopedParallelismGroupType__); take the group as auto");
}

}  // namespace detail::scoped

/// For each logical item of g, calls f(s_item) exactly once.
template <class SpGroup, class NestedF>
WEFT_HOST_DEVICE void distribute_items(const SpGroup& g, NestedF f) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::check_items_callable<SpGroup, NestedF>();
  weft::kernel::scoped::distribute_items(g, f);
}

/// Subdivides g into the next level's groups and calls f(group) once for each.
template <class SpGroup, class NestedF>
WEFT_HOST_DEVICE void distribute_groups(const SpGroup& g, NestedF f) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::check_groups_callable<SpGroup, NestedF>();
  weft::kernel::scoped::distribute_groups(g, f);
}

/// Executes f() exactly once within the group g.
template <class SpGroup, class F>
WEFT_HOST_DEVICE void single_item(const SpGroup& g, F f) WEFT_SCOPED_NOEXCEPT {
  static_assert(detail::scoped::is_scoped_group_v<SpGroup>,
                "single_item(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(std::is_invocable_v<F&>, "single_item(): f must be a callable of signature void()");
  weft::kernel::scoped::single_item(g, f);
}

/// Waits for all items of g.
template <class SpGroup, std::enable_if_t<detail::scoped::is_scoped_group_v<SpGroup>, int> = 0>
WEFT_HOST_DEVICE void group_barrier(const SpGroup& g, memory_scope = SpGroup::fence_scope) WEFT_SCOPED_NOEXCEPT {
  weft::kernel::scoped::barrier(g);
}

template <class SpGroup, class NestedF>
WEFT_HOST_DEVICE void distribute_items_and_wait(const SpGroup& g, NestedF f) WEFT_SCOPED_NOEXCEPT {
  distribute_items(g, f);
  group_barrier(g);
}
template <class SpGroup, class NestedF>
WEFT_HOST_DEVICE void distribute_groups_and_wait(const SpGroup& g, NestedF f) WEFT_SCOPED_NOEXCEPT {
  distribute_groups(g, f);
  group_barrier(g);
}
template <class SpGroup, class F>
WEFT_HOST_DEVICE void single_item_and_wait(const SpGroup& g, F f) WEFT_SCOPED_NOEXCEPT {
  single_item(g, f);
  group_barrier(g);
}

}  // namespace weft::sycl
