#pragma once
// Scoped parallelism: s_item, the logical work item distribute_items() hands to
// its callable. All fields are affine in the loop counter, so after inlining a
// distribute_items() loop is a plain loop the compiler vectorizes.
#include <cstddef>
#include <sycl/id.hpp>
#include <sycl/range.hpp>
#include <weft/kernel/target.hpp>

// Kernel-side: every member is host+device in CUDA translation units.
WEFT_HOST_DEVICE_BEGIN
namespace weft::sycl {

namespace detail::scoped {
struct s_item_access;
}

template <int Dim>
class s_item {
 public:
  static constexpr int dimensions = Dim;
  s_item() = delete;

  /// The global range of logical work items (number of groups * group size).
  range<Dim> get_global_range() const { return m_global_range; }
  std::size_t get_global_range(int dimension) const { return m_global_range[dimension]; }
  std::size_t get_global_linear_range() const { return m_global_range.size(); }

  /// The global id of this logical work item.
  id<Dim> get_global_id() const { return m_global_id; }
  std::size_t get_global_id(int dimension) const { return m_global_id[dimension]; }
  std::size_t get_global_linear_id() const { return detail::linearize(m_global_id, m_global_range); }

  /// Local range of the group nested innermost around the distribute_items() call.
  range<Dim> get_innermost_local_range() const noexcept { return m_inner_range; }
  std::size_t get_innermost_local_range(int dimension) const noexcept { return m_inner_range[dimension]; }
  std::size_t get_innermost_local_linear_range() const noexcept { return m_inner_range.size(); }

  /// Local id with respect to the group nested innermost around distribute_items().
  id<Dim> get_innermost_local_id() const noexcept { return m_inner_id; }
  std::size_t get_innermost_local_id(int dimensions) const noexcept { return m_inner_id[dimensions]; }
  std::size_t get_innermost_local_linear_id() const noexcept { return detail::linearize(m_inner_id, m_inner_range); }

  /// Local id with respect to any enclosing scoped group g.
  template <class Group>
  id<Dim> get_local_id(const Group& g) const noexcept {
    return g.get_logical_local_id(*this);
  }
  template <class Group>
  std::size_t get_local_id(const Group& g, int dimension) const noexcept {
    return g.get_logical_local_id(*this, dimension);
  }
  template <class Group>
  std::size_t get_local_linear_id(const Group& g) const noexcept {
    return g.get_logical_local_linear_id(*this);
  }

  /// Equivalent to grp.get_logical_local_range().
  template <class Group>
  range<Dim> get_local_range(const Group& grp) const noexcept {
    return grp.get_logical_local_range();
  }
  template <class Group>
  std::size_t get_local_range(const Group& grp, int dimension) const noexcept {
    return grp.get_logical_local_range(dimension);
  }
  template <class Group>
  std::size_t get_local_linear_range(const Group& grp) const noexcept {
    return grp.get_logical_local_linear_range();
  }

 private:
  friend struct detail::scoped::s_item_access;
  s_item(const id<Dim>& global_id, const range<Dim>& global_range, const id<Dim>& inner_id,
         const range<Dim>& inner_range, std::size_t wg_linear)
      : m_global_id(global_id),
        m_global_range(global_range),
        m_inner_id(inner_id),
        m_inner_range(inner_range),
        m_wg_linear(wg_linear) {}

  id<Dim> m_global_id;
  range<Dim> m_global_range;
  id<Dim> m_inner_id;
  range<Dim> m_inner_range;
  // The private-memory slot: on the CPU the linear id within the work group; on
  // the CUDA target the slot in the owning thread's storage (weft/target/gpu/scoped.hpp).
  std::size_t m_wg_linear;
};

namespace detail::scoped {
struct s_item_access {
  template <int Dim>
  static s_item<Dim> make(const id<Dim>& global_id, const range<Dim>& global_range, const id<Dim>& inner_id,
                          const range<Dim>& inner_range, std::size_t wg_linear) {
    return {global_id, global_range, inner_id, inner_range, wg_linear};
  }
  template <int Dim>
  static std::size_t wg_linear(const s_item<Dim>& it) {
    return it.m_wg_linear;
  }
};
}  // namespace detail::scoped

}  // namespace weft::sycl
WEFT_HOST_DEVICE_END
