#pragma once
// Scoped parallelism: the group types (the ScopedGroup concept).
//
//   s_group<P>        the work group         fence_scope == memory_scope::work_group
//   s_sub_group<P>    a sub-group, any depth fence_scope == memory_scope::sub_group
//   s_scalar_group<P> one logical item       fence_scope == memory_scope::work_item
//
// P = detail::scoped::props<Dims, Level, Tile> carries, at compile time, the
// nesting level (0 for the work group) and the number of items distribute_groups()
// aims to put in each sub-group at the next level.
//
// How distribute_groups() subdivides (the CPU device, sub-group size
// WEFT_SUB_GROUP_SIZE = S): a work group splits into sub-groups of S items, a
// sub-group of T items into sub-groups of T/4, until that would be fewer than 2,
// where it splits into scalar groups (S = 16: 16 -> 4 -> scalar). A sub-group is
// a box shaped along the contiguous (last) dimension first: it takes
// min(T, extent) items of the last dimension and, only where that covers the
// whole last dimension, extends into the dimension before, and so on. So every
// group at every depth is a contiguous run of its work group's row-major linear
// ids, which is what lets private memory be one contiguous array. Boxes at the
// upper end of a dimension may be partial (smaller) where the extent is not a
// multiple. On the CPU the physical group size is 1 at every level.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <sycl/access.hpp>
#include <sycl/device_event.hpp>
#include <sycl/id.hpp>
#include <sycl/range.hpp>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/s_item.hpp>
#include <weft/config.hpp>
#include <weft/kernel/scoped.hpp>
#include <weft/kernel/target.hpp>

// Kernel-side: group objects are host+device in CUDA translation units.
WEFT_HOST_DEVICE_BEGIN
namespace weft::sycl {

namespace detail::scoped {

template <int Dims, int Level, std::size_t Tile>
struct props {
  static constexpr int dimensions = Dims;
  static constexpr int level = Level;
  static constexpr std::size_t tile = Tile;  // items per sub-group at the next level
};

// What every scoped group object carries; all of it is plain values so a
// group is cheap to copy into nested lambdas.
template <int Dims>
struct group_state {
  kernel::scoped_context* ctx;
  id<Dims> group_id;        // position among the sibling groups (work group id at level 0)
  range<Dims> group_range;  // number of sibling groups (number of work groups at level 0)
  id<Dims> global_origin;   // global id of the group's first logical item
  range<Dims> local_range;  // logical size of the group
  std::size_t wg_offset;    // work-group linear id of the group's first item
  range<Dims> global_range;
};

template <int Dims>
constexpr range<Dims> ones() {
  range<Dims> r;
  for (int d = 0; d < Dims; ++d) r[d] = 1;
  return r;
}

// Shape of the sub-groups of a group of logical size parent holding about tile items.
template <int Dims>
constexpr range<Dims> sub_group_shape(const range<Dims>& parent, std::size_t tile) {
  range<Dims> s = ones<Dims>();
  std::size_t left = tile < 1 ? 1 : tile;
  for (int d = Dims - 1; d >= 0; --d) {
    s[d] = left < parent[d] ? left : parent[d];
    if (s[d] == 0) s[d] = 1;
    if (s[d] < parent[d]) break;  // a partial dimension: the box stops here to stay contiguous
    left /= s[d];
    if (left <= 1) break;
  }
  return s;
}

struct group_access;

template <class G>
struct is_scoped_group_impl : std::false_type {};

}  // namespace detail::scoped

// Members common to every scoped group (the ScopedGroup concept).
namespace detail::scoped {
template <class Props>
class group_base {
 public:
  static constexpr int dimensions = Props::dimensions;
  using id_type = id<dimensions>;
  using range_type = range<dimensions>;
  using linear_id_type = std::size_t;
  using properties = Props;

  /// Id of the group within its parent group (the work group id for a work group).
  id_type get_group_id() const noexcept { return m_s.group_id; }
  std::size_t get_group_id(int dimension) const noexcept { return m_s.group_id[dimension]; }
  linear_id_type get_group_linear_id() const noexcept { return detail::linearize(m_s.group_id, m_s.group_range); }
  /// Number of groups within the parent group (number of work groups for a work group).
  range_type get_group_range() const noexcept { return m_s.group_range; }
  std::size_t get_group_range(int dimension) const noexcept { return m_s.group_range[dimension]; }
  std::size_t get_group_linear_range() const noexcept { return m_s.group_range.size(); }
  std::size_t operator[](int dimension) const noexcept { return m_s.group_id[dimension]; }

  /// Local id of a logical item with respect to this group.
  id_type get_logical_local_id(const s_item<dimensions>& idx) const noexcept {
    return id_type(idx.get_global_id() - m_s.global_origin);
  }
  linear_id_type get_logical_local_linear_id(const s_item<dimensions>& idx) const noexcept {
    return detail::linearize(get_logical_local_id(idx), m_s.local_range);
  }
  std::size_t get_logical_local_id(const s_item<dimensions>& idx, int dimension) const noexcept {
    return idx.get_global_id(dimension) - m_s.global_origin[dimension];
  }
  id_type get_local_id(const s_item<dimensions>& idx) const noexcept { return get_logical_local_id(idx); }
  linear_id_type get_local_linear_id(const s_item<dimensions>& idx) const noexcept {
    return get_logical_local_linear_id(idx);
  }
  std::size_t get_local_id(const s_item<dimensions>& idx, int dimension) const noexcept {
    return get_logical_local_id(idx, dimension);
  }

  [[deprecated("Use get_physical_local_id()")]] id_type get_local_id() const noexcept {
    return get_physical_local_id();
  }
  [[deprecated("Use get_physical_local_id()")]] id_type get_local_id(int) const noexcept {
    return get_physical_local_id();
  }
  [[deprecated("Use get_physical_local_linear_id()")]] linear_id_type get_local_linear_id() const noexcept {
    return get_physical_local_linear_id();
  }

  /// The calling physical work item: on the CPU one per group, so always 0; on
  /// the CUDA target the thread in the block (work group) or the lane (sub-groups),
  /// counted along the last dimension.
  id_type get_physical_local_id() const noexcept {
    id_type r{};
    r[dimensions - 1] = kernel::scoped_physical_item(Props::level).id;
    return r;
  }
  std::size_t get_physical_local_id(int dimension) const noexcept {
    return dimension == dimensions - 1 ? kernel::scoped_physical_item(Props::level).id : 0;
  }
  std::size_t get_physical_local_linear_id() const noexcept { return kernel::scoped_physical_item(Props::level).id; }

  [[deprecated("Use get_logical_local_range()")]] range_type get_local_range() const noexcept {
    return m_s.local_range;
  }
  [[deprecated("Use get_logical_local_range()")]] std::size_t get_local_range(int dimension) const noexcept {
    return m_s.local_range[dimension];
  }
  [[deprecated("Use get_logical_local_linear_range()")]] std::size_t get_local_linear_range() const noexcept {
    return m_s.local_range.size();
  }

  range_type get_logical_local_range() const noexcept { return m_s.local_range; }
  std::size_t get_logical_local_range(int dimension) const noexcept { return m_s.local_range[dimension]; }
  std::size_t get_logical_local_linear_range() const noexcept { return m_s.local_range.size(); }

  /// Physical group size: 1 on the CPU; on the CUDA target the block's threads
  /// (work group) or the warp (sub-groups), along the last dimension.
  range_type get_physical_local_range() const noexcept {
    range_type r = ones<dimensions>();
    r[dimensions - 1] = kernel::scoped_physical_item(Props::level).count;
    return r;
  }
  std::size_t get_physical_local_range(int dimension) const noexcept {
    return dimension == dimensions - 1 ? kernel::scoped_physical_item(Props::level).count : 1;
  }
  std::size_t get_physical_local_linear_range() const noexcept {
    return kernel::scoped_physical_item(Props::level).count;
  }

  /// The first physical item is the leader (on the CPU the only one).
  bool leader() const noexcept { return kernel::scoped_physical_item(Props::level).id == 0; }

  friend bool operator==(const group_base& a, const group_base& b) noexcept {
    return a.m_s.ctx == b.m_s.ctx && a.m_s.global_origin == b.m_s.global_origin &&
           a.m_s.local_range == b.m_s.local_range;
  }
  friend bool operator!=(const group_base& a, const group_base& b) noexcept { return !(a == b); }

 protected:
  friend struct group_access;
  explicit group_base(const group_state<dimensions>& s) noexcept : m_s(s) {}
  group_state<dimensions> m_s;
};
}  // namespace detail::scoped

/// The work group a scoped kernel receives.
template <class Props>
class s_group : public detail::scoped::group_base<Props> {
  static_assert(Props::level == 0);

 public:
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  // The group's physical items share the copy (element i by item i, i + P, ...).
  // On the CPU the physical group is one item: its plain copy, complete on
  // return, so wait_for has nothing to wait for; on the GPU wait_for is the
  // group's barrier.
  template <typename Dest, typename Src, typename = detail::copy_pointer_raw_t<Dest>,
            typename = detail::copy_pointer_raw_t<Src>>
  device_event async_work_group_copy(Dest dest, Src src, std::size_t num_elements) const noexcept {
    return detail::group_copy_any(this->get_physical_local_linear_id(), this->get_physical_local_linear_range(), dest,
                                  src, num_elements, 1, false);
  }
  template <typename Dest, typename Src, typename = detail::copy_pointer_raw_t<Dest>,
            typename = detail::copy_pointer_raw_t<Src>>
  device_event async_work_group_copy(Dest dest, Src src, std::size_t num_elements, std::size_t stride) const noexcept {
    return detail::group_copy_any(this->get_physical_local_linear_id(), this->get_physical_local_linear_range(), dest,
                                  src, num_elements, stride, true);
  }

  template <typename... eventTN>
  void wait_for(eventTN...) const noexcept {
#if WEFT_DEVICE_PASS
    if constexpr (sizeof...(eventTN) > 0) group_barrier(*this);
#endif
  }

 private:
  friend struct detail::scoped::group_access;
  using detail::scoped::group_base<Props>::group_base;
};

namespace detail::scoped {
// The groups distribute_groups() produces: they differ only in their fence scope.
template <class Props, memory_scope FenceScope>
class nested_group : public group_base<Props> {
 public:
  static constexpr memory_scope fence_scope = FenceScope;

 private:
  friend struct group_access;
  using group_base<Props>::group_base;
};
}  // namespace detail::scoped

/// A sub-group produced by distribute_groups(), at any depth.
template <class Props>
using s_sub_group = detail::scoped::nested_group<Props, memory_scope::sub_group>;

/// A group of one logical item.
template <class Props>
using s_scalar_group = detail::scoped::nested_group<Props, memory_scope::work_item>;

namespace detail::scoped {
template <class P>
struct is_scoped_group_impl<s_group<P>> : std::true_type {};
template <class P>
struct is_scoped_group_impl<s_sub_group<P>> : std::true_type {};
template <class P>
struct is_scoped_group_impl<s_scalar_group<P>> : std::true_type {};

template <class G>
inline constexpr bool is_scoped_group_v = is_scoped_group_impl<std::remove_cv_t<std::remove_reference_t<G>>>::value;

inline constexpr const char* not_scoped_text =
    "Only available if SpGroup is a scoped parallelism group type: pass the group object a scoped "
    "kernel (handler::parallel) receives, or one distribute_groups() hands to its callable";

// The group type distribute_groups() hands out one level below G.
template <class G>
struct child_group;
template <class P>
struct child_group<s_group<P>> {
  static constexpr std::size_t tile = P::tile;
  using type = std::conditional_t<(tile >= 2), s_sub_group<props<P::dimensions, 1, tile / 4>>,
                                  s_scalar_group<props<P::dimensions, 1, 1>>>;
};
template <class P>
struct child_group<s_sub_group<P>> {
  static constexpr std::size_t tile = P::tile;
  using type = std::conditional_t<(tile >= 2), s_sub_group<props<P::dimensions, P::level + 1, tile / 4>>,
                                  s_scalar_group<props<P::dimensions, P::level + 1, 1>>>;
};
template <class P>
struct child_group<s_scalar_group<P>> {
  static constexpr std::size_t tile = 1;
  using type = s_scalar_group<props<P::dimensions, P::level + 1, 1>>;
};
template <class G>
using child_group_t = typename child_group<G>::type;

// Builds and reads group objects; users cannot construct them.
struct group_access {
  template <class G>
  static G make(const group_state<G::dimensions>& s) noexcept {
    return G(s);
  }
  template <class G>
  static const group_state<G::dimensions>& state(const G& g) noexcept {
    return g.m_s;
  }
  template <class G>
  static group_state<G::dimensions>& mutable_state(G& g) noexcept {
    return g.m_s;
  }
};

// The top-level work group type of a Dims-dimensional scoped kernel.
template <int Dims>
using work_group_t = s_group<props<Dims, 0, std::size_t(WEFT_SUB_GROUP_SIZE)>>;

}  // namespace detail::scoped

}  // namespace weft::sycl
WEFT_HOST_DEVICE_END
