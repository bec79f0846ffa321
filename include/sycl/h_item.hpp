#pragma once
// SYCL 2020 section 4.9.1.6: h_item, the work item of a hierarchical kernel's
// group::parallel_for_work_item. It knows three positions: the global one and the
// physical local one, both as parallel_for_work_group laid them out (offset-less),
// and the logical local one in the range given to parallel_for_work_item (the
// physical local range when none was given). get_local*() are the logical ones.
#include <cstddef>
#include <sycl/id.hpp>
#include <sycl/item.hpp>
#include <sycl/range.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail {
struct h_item_access;
}

template <int Dims>
class h_item {
 public:
  static constexpr int dimensions = Dims;

  h_item() = delete;

  WEFT_HOST_DEVICE item<Dims, false> get_global() const {
    return detail::item_access::make(get_global_id(), get_global_range());
  }
  WEFT_HOST_DEVICE item<Dims, false> get_local() const { return get_logical_local(); }
  WEFT_HOST_DEVICE item<Dims, false> get_logical_local() const {
    return detail::item_access::make(m_logical_id, m_logical_range);
  }
  WEFT_HOST_DEVICE item<Dims, false> get_physical_local() const {
    return detail::item_access::make(m_physical_id, m_physical_range);
  }

  WEFT_HOST_DEVICE range<Dims> get_global_range() const { return range<Dims>(m_group_range * m_physical_range); }
  WEFT_HOST_DEVICE std::size_t get_global_range(int d) const { return m_group_range[d] * m_physical_range[d]; }
  WEFT_HOST_DEVICE id<Dims> get_global_id() const {
    id<Dims> g;
    for (int d = 0; d < Dims; ++d) g[d] = get_global_id(d);
    return g;
  }
  WEFT_HOST_DEVICE std::size_t get_global_id(int d) const {
    return m_group_id[d] * m_physical_range[d] + m_physical_id[d];
  }

  // The local range and id are the logical ones.
  WEFT_HOST_DEVICE range<Dims> get_local_range() const { return get_logical_local_range(); }
  WEFT_HOST_DEVICE std::size_t get_local_range(int d) const { return get_logical_local_range(d); }
  WEFT_HOST_DEVICE id<Dims> get_local_id() const { return get_logical_local_id(); }
  WEFT_HOST_DEVICE std::size_t get_local_id(int d) const { return get_logical_local_id(d); }

  WEFT_HOST_DEVICE range<Dims> get_logical_local_range() const { return m_logical_range; }
  WEFT_HOST_DEVICE std::size_t get_logical_local_range(int d) const { return m_logical_range[d]; }
  WEFT_HOST_DEVICE id<Dims> get_logical_local_id() const { return m_logical_id; }
  WEFT_HOST_DEVICE std::size_t get_logical_local_id(int d) const { return m_logical_id[d]; }

  WEFT_HOST_DEVICE range<Dims> get_physical_local_range() const { return m_physical_range; }
  WEFT_HOST_DEVICE std::size_t get_physical_local_range(int d) const { return m_physical_range[d]; }
  WEFT_HOST_DEVICE id<Dims> get_physical_local_id() const { return m_physical_id; }
  WEFT_HOST_DEVICE std::size_t get_physical_local_id(int d) const { return m_physical_id[d]; }

  friend WEFT_HOST_DEVICE bool operator==(const h_item& a, const h_item& b) {
    return a.m_group_id == b.m_group_id && a.m_group_range == b.m_group_range && a.m_physical_id == b.m_physical_id &&
           a.m_physical_range == b.m_physical_range && a.m_logical_id == b.m_logical_id &&
           a.m_logical_range == b.m_logical_range;
  }
  friend WEFT_HOST_DEVICE bool operator!=(const h_item& a, const h_item& b) { return !(a == b); }

 private:
  friend struct detail::h_item_access;
  WEFT_HOST_DEVICE h_item(const id<Dims>& group_id, const range<Dims>& group_range, const id<Dims>& physical_id,
                          const range<Dims>& physical_range, const id<Dims>& logical_id,
                          const range<Dims>& logical_range)
      : m_group_id(group_id),
        m_group_range(group_range),
        m_physical_id(physical_id),
        m_physical_range(physical_range),
        m_logical_id(logical_id),
        m_logical_range(logical_range) {}

  id<Dims> m_group_id;
  range<Dims> m_group_range;
  id<Dims> m_physical_id;
  range<Dims> m_physical_range;
  id<Dims> m_logical_id;
  range<Dims> m_logical_range;
};

namespace detail {
// The targets' way to build h_items (weft/target/*/hierarchical.hpp); users cannot.
struct h_item_access {
  template <int Dims>
  static WEFT_HOST_DEVICE h_item<Dims> make(const id<Dims>& group_id, const range<Dims>& group_range,
                                            const id<Dims>& physical_id, const range<Dims>& physical_range,
                                            const id<Dims>& logical_id, const range<Dims>& logical_range) {
    return {group_id, group_range, physical_id, physical_range, logical_id, logical_range};
  }
  // The loops update the ids in place rather than rebuilding the object.
  template <int Dims>
  static WEFT_HOST_DEVICE id<Dims>& physical_id(h_item<Dims>& h) {
    return h.m_physical_id;
  }
  template <int Dims>
  static WEFT_HOST_DEVICE id<Dims>& logical_id(h_item<Dims>& h) {
    return h.m_logical_id;
  }
};
}  // namespace detail

}  // namespace weft::sycl
