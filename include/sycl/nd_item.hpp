#pragma once
// SYCL 2020 section 4.9.1.5: nd_item, the index of an nd_range work item.
#include <cstdint>
#include <sycl/access.hpp>
#include <sycl/group.hpp>
#include <sycl/group_barrier.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/sub_group.hpp>
#include <weft/kernel/nd_ids.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail {
struct nd_item_access;
}

template <int Dims = 1>
class nd_item {
 public:
  static constexpr int dimensions = Dims;
  nd_item() = delete;

  WEFT_HOST_DEVICE id<Dims> get_global_id() const {
    id<Dims> r;
    for (int d = 0; d < Dims; ++d) r[d] = get_global_id(d);
    return r;
  }
  WEFT_HOST_DEVICE std::size_t get_global_id(int d) const {
    return m_ids.group_id(d) * m_ids.local_range(d) + m_ids.local_id(d) + m_offset[d];
  }
  WEFT_HOST_DEVICE std::size_t get_global_linear_id() const {
    return detail::linearize(id<Dims>(get_global_id() - m_offset), get_global_range());
  }
  WEFT_HOST_DEVICE id<Dims> get_local_id() const { return m_ids.local_id(); }
  WEFT_HOST_DEVICE std::size_t get_local_id(int d) const { return m_ids.local_id(d); }
  WEFT_HOST_DEVICE std::size_t get_local_linear_id() const { return m_ids.local_linear_id(); }
  WEFT_HOST_DEVICE group<Dims> get_group() const {
    return detail::group_access::make(m_ids.group_id(), m_ids.local_id(), m_ids.local_range(), m_ids.group_range());
  }
  WEFT_HOST_DEVICE std::size_t get_group(int d) const { return m_ids.group_id(d); }
  WEFT_HOST_DEVICE std::size_t get_group_linear_id() const { return m_ids.group_linear_id(); }
  WEFT_HOST_DEVICE sub_group get_sub_group() const {
    return detail::sub_group_access::make(get_local_linear_id(), m_ids.local_range().size(), m_ids.sub_group_size());
  }
  WEFT_HOST_DEVICE range<Dims> get_group_range() const { return m_ids.group_range(); }
  WEFT_HOST_DEVICE std::size_t get_group_range(int d) const { return m_ids.group_range(d); }
  WEFT_HOST_DEVICE range<Dims> get_global_range() const { return m_ids.group_range() * m_ids.local_range(); }
  WEFT_HOST_DEVICE std::size_t get_global_range(int d) const { return m_ids.group_range(d) * m_ids.local_range(d); }
  WEFT_HOST_DEVICE range<Dims> get_local_range() const { return m_ids.local_range(); }
  WEFT_HOST_DEVICE std::size_t get_local_range(int d) const { return m_ids.local_range(d); }
  [[deprecated("nd_item offsets are deprecated in SYCL 2020")]] WEFT_HOST_DEVICE id<Dims> get_offset() const {
    return m_offset;
  }
  WEFT_HOST_DEVICE nd_range<Dims> get_nd_range() const {
    return nd_range<Dims>(get_global_range(), get_local_range(), m_offset);
  }

  // SYCL 1.2.1 work-group barrier; SYCL 2020 code uses group_barrier().
  WEFT_HOST_DEVICE void barrier(access::fence_space = access::fence_space::global_and_local) const {
    group_barrier(get_group());
  }
  [[deprecated("use atomic_fence()")]] WEFT_HOST_DEVICE void mem_fence(
      access::fence_space = access::fence_space::global_and_local) const {
    detail::fence(memory_order::acq_rel, memory_scope::work_group);
  }

  // Group copies between global and local memory: every item makes the same
  // call; the strided forms stride the global side (section 4.9.1.5).
  template <typename Dest, typename Src, typename = detail::copy_pointer_raw_t<Dest>,
            typename = detail::copy_pointer_raw_t<Src>>
  WEFT_HOST_DEVICE device_event async_work_group_copy(Dest dest, Src src, std::size_t num_elements) const {
    return get_group().async_work_group_copy(dest, src, num_elements);
  }
  template <typename Dest, typename Src, typename = detail::copy_pointer_raw_t<Dest>,
            typename = detail::copy_pointer_raw_t<Src>>
  WEFT_HOST_DEVICE device_event async_work_group_copy(Dest dest, Src src, std::size_t num_elements,
                                                      std::size_t stride) const {
    return get_group().async_work_group_copy(dest, src, num_elements, stride);
  }
  template <typename... Events>
  WEFT_HOST_DEVICE void wait_for(Events... events) const {
    detail::wait_for_events(events...);
  }

  friend WEFT_HOST_DEVICE bool operator==(const nd_item& a, const nd_item& b) {
    return a.get_group() == b.get_group() && a.get_local_id() == b.get_local_id() && a.m_offset == b.m_offset;
  }
  friend WEFT_HOST_DEVICE bool operator!=(const nd_item& a, const nd_item& b) { return !(a == b); }

 private:
  friend struct detail::nd_item_access;
  WEFT_HOST_DEVICE nd_item(const weft::kernel::nd_ids<Dims>& ids, const id<Dims>& offset)
      : m_ids(ids), m_offset(offset) {}
  // The ids as the target keeps them: the GPU's device code reads most from the
  // block's registers, so the object is small where it is passed by reference.
  weft::kernel::nd_ids<Dims> m_ids;
  id<Dims> m_offset;
};

namespace detail {
struct nd_item_access {
  // sub_group_size: the launch's; a GPU's is its warp or wavefront.
  template <int Dims>
  static WEFT_HOST_DEVICE nd_item<Dims> make(const group<Dims>& g, const id<Dims>& offset,
                                             std::uint32_t sub_group_size = WEFT_KERNEL_SUB_GROUP_SIZE) {
    return {weft::kernel::nd_ids<Dims>(g.get_group_id(), g.get_local_id(), g.get_local_range(), g.get_group_range(),
                                       sub_group_size),
            offset};
  }
};
}  // namespace detail

}  // namespace weft::sycl
