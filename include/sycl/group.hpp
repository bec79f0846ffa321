#pragma once
// SYCL 2020 section 4.9.1.7: group, the work group of an nd_range work item.
#include <cstdint>
#include <sycl/access.hpp>
#include <sycl/device_event.hpp>
#include <sycl/h_item.hpp>
#include <sycl/id.hpp>
#include <sycl/range.hpp>
#include <type_traits>
#include <weft/kernel/hierarchical.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail {
struct group_access;
}

template <int Dims = 1>
class group {
 public:
  using id_type = id<Dims>;
  using range_type = range<Dims>;
  using linear_id_type = std::size_t;
  static constexpr int dimensions = Dims;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  group() = delete;

  WEFT_HOST_DEVICE id<Dims> get_group_id() const { return m_group_id; }
  WEFT_HOST_DEVICE std::size_t get_group_id(int d) const { return m_group_id[d]; }
  [[deprecated("use get_group_id()")]] id<Dims> get_id() const { return m_group_id; }
  [[deprecated("use get_group_id(int)")]] std::size_t get_id(int d) const { return m_group_id[d]; }
  std::size_t operator[](int d) const { return m_group_id[d]; }
  // The calling work item's position in this group.
  WEFT_HOST_DEVICE id<Dims> get_local_id() const { return m_local_id; }
  WEFT_HOST_DEVICE std::size_t get_local_id(int d) const { return m_local_id[d]; }
  WEFT_HOST_DEVICE range<Dims> get_local_range() const { return m_local_range; }
  WEFT_HOST_DEVICE std::size_t get_local_range(int d) const { return m_local_range[d]; }
  WEFT_HOST_DEVICE range<Dims> get_group_range() const { return m_group_range; }
  WEFT_HOST_DEVICE std::size_t get_group_range(int d) const { return m_group_range[d]; }
  WEFT_HOST_DEVICE range<Dims> get_max_local_range() const { return m_local_range; }
  [[deprecated("use get_group_range() * get_local_range()")]] WEFT_HOST_DEVICE range<Dims> get_global_range() const {
    return m_group_range * m_local_range;
  }
  // SYCL 1.2.1 (SYCL 2020's group has neither form).
  [[deprecated("use get_group_range(d) * get_local_range(d)")]] WEFT_HOST_DEVICE std::size_t get_global_range(
      int d) const {
    return m_group_range[d] * m_local_range[d];
  }
  WEFT_HOST_DEVICE std::size_t get_group_linear_id() const { return detail::linearize(m_group_id, m_group_range); }
  [[deprecated("use get_group_linear_id()")]] std::size_t get_linear_id() const { return get_group_linear_id(); }
  WEFT_HOST_DEVICE std::size_t get_local_linear_id() const { return detail::linearize(m_local_id, m_local_range); }
  WEFT_HOST_DEVICE std::size_t get_group_linear_range() const { return m_group_range.size(); }
  WEFT_HOST_DEVICE std::size_t get_local_linear_range() const { return m_local_range.size(); }
  WEFT_HOST_DEVICE bool leader() const { return get_local_linear_id() == 0; }

  // Group copies between global and local memory (section 4.9.1.7); every item
  // of the group makes the same call, then waits on the event. Each pointer is
  // a raw pointer or a multi_ptr; the strided forms stride the global side.
  template <typename Dest, typename Src, typename = detail::copy_pointer_raw_t<Dest>,
            typename = detail::copy_pointer_raw_t<Src>>
  WEFT_HOST_DEVICE device_event async_work_group_copy(Dest dest, Src src, std::size_t num_elements) const {
    return detail::group_copy_any(get_local_linear_id(), get_local_linear_range(), dest, src, num_elements, 1, false);
  }
  template <typename Dest, typename Src, typename = detail::copy_pointer_raw_t<Dest>,
            typename = detail::copy_pointer_raw_t<Src>>
  WEFT_HOST_DEVICE device_event async_work_group_copy(Dest dest, Src src, std::size_t num_elements,
                                                      std::size_t stride) const {
    return detail::group_copy_any(get_local_linear_id(), get_local_linear_range(), dest, src, num_elements, stride,
                                  true);
  }
  template <typename... Events>
  WEFT_HOST_DEVICE void wait_for(Events... events) const {
    detail::wait_for_events(events...);
  }

  // Hierarchical parallelism (section 4.9.4.2.3), called in a parallel_for_work_group
  // body: func(h_item<Dims>) for each work item of the group, or for each point of
  // the logical range `logical_range`, which may be smaller or larger than the
  // group's (physical) local range. Every call ends with an implicit work-group
  // barrier. Weft runs the logical items of a group as a loop on one thread.
  template <typename WorkItemFunctionT>
  WEFT_HOST_DEVICE void parallel_for_work_item(const WorkItemFunctionT& func) const {
    static_assert(std::is_invocable_v<const WorkItemFunctionT&, h_item<Dims>>,
                  "parallel_for_work_item: the function must take a sycl::h_item<Dims>");
    weft::kernel::hierarchical::work_items(m_group_id, m_group_range, m_local_range, m_local_range, func);
  }
  template <typename WorkItemFunctionT>
  WEFT_HOST_DEVICE void parallel_for_work_item(range<Dims> logical_range, const WorkItemFunctionT& func) const {
    static_assert(std::is_invocable_v<const WorkItemFunctionT&, h_item<Dims>>,
                  "parallel_for_work_item: the function must take a sycl::h_item<Dims>");
    weft::kernel::hierarchical::work_items(m_group_id, m_group_range, m_local_range, logical_range, func);
  }

  friend WEFT_HOST_DEVICE bool operator==(const group& a, const group& b) {
    return a.m_group_id == b.m_group_id && a.m_local_range == b.m_local_range && a.m_group_range == b.m_group_range;
  }
  friend WEFT_HOST_DEVICE bool operator!=(const group& a, const group& b) { return !(a == b); }

 private:
  friend struct detail::group_access;
  WEFT_HOST_DEVICE group(const id<Dims>& group_id, const id<Dims>& local_id, const range<Dims>& local_range,
                         const range<Dims>& group_range)
      : m_group_id(group_id), m_local_id(local_id), m_local_range(local_range), m_group_range(group_range) {}

  id<Dims> m_group_id;
  id<Dims> m_local_id;
  range<Dims> m_local_range;
  range<Dims> m_group_range;
};

namespace detail {
struct group_access {
  template <int Dims>
  static WEFT_HOST_DEVICE group<Dims> make(const id<Dims>& group_id, const id<Dims>& local_id,
                                           const range<Dims>& local_range, const range<Dims>& group_range) {
    return {group_id, local_id, local_range, group_range};
  }
};
}  // namespace detail

}  // namespace weft::sycl
