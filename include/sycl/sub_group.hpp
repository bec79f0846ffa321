#pragma once
// SYCL 2020 section 4.9.1.8: sub_group. On the CPU a sub-group is the kernel's
// sub-group size (4 to 64; weft::sub_group_size() unless the kernel requires one)
// consecutive work items in the work group's linear order (the contiguous dimension
// varies fastest); the last one may be partial. On a GPU it is the warp or wavefront.
#include <cstdint>
#include <sycl/access.hpp>
#include <sycl/id.hpp>
#include <sycl/range.hpp>
#include <weft/config.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail {
struct sub_group_access;
}

class sub_group {
 public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = std::uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  sub_group() = delete;

  WEFT_HOST_DEVICE id_type get_group_id() const { return id_type(m_work_group_local_linear_id >> m_log2_size); }
  WEFT_HOST_DEVICE id_type get_local_id() const { return id_type(m_work_group_local_linear_id & (size() - 1)); }
  WEFT_HOST_DEVICE range_type get_local_range() const {
    std::size_t first = m_work_group_local_linear_id & ~(size() - 1);
    std::size_t left = m_work_group_size - first;
    return range_type(left < size() ? left : size());
  }
  WEFT_HOST_DEVICE range_type get_max_local_range() const { return range_type(size()); }
  WEFT_HOST_DEVICE range_type get_group_range() const {
    return range_type((m_work_group_size + size() - 1) >> m_log2_size);
  }
  WEFT_HOST_DEVICE linear_id_type get_group_linear_id() const { return static_cast<linear_id_type>(get_group_id()[0]); }
  WEFT_HOST_DEVICE linear_id_type get_local_linear_id() const { return static_cast<linear_id_type>(get_local_id()[0]); }
  WEFT_HOST_DEVICE linear_id_type get_group_linear_range() const {
    return static_cast<linear_id_type>(get_group_range()[0]);
  }
  WEFT_HOST_DEVICE linear_id_type get_local_linear_range() const {
    return static_cast<linear_id_type>(get_local_range()[0]);
  }
  WEFT_HOST_DEVICE bool leader() const { return get_local_linear_id() == 0; }

  // Common by-value semantics (section 4.5.3): equal when they name the same sub-group.
  WEFT_HOST_DEVICE friend bool operator==(const sub_group& a, const sub_group& b) {
    return a.m_log2_size == b.m_log2_size && a.get_group_id() == b.get_group_id() &&
           a.m_work_group_size == b.m_work_group_size;
  }
  WEFT_HOST_DEVICE friend bool operator!=(const sub_group& a, const sub_group& b) { return !(a == b); }

 private:
  friend struct detail::sub_group_access;
  WEFT_HOST_DEVICE sub_group(std::size_t work_group_local_linear_id, std::size_t work_group_size,
                             std::uint32_t log2_size)
      : m_work_group_local_linear_id(work_group_local_linear_id),
        m_work_group_size(work_group_size),
        m_log2_size(log2_size) {}
  WEFT_HOST_DEVICE std::size_t size() const { return std::size_t{1} << m_log2_size; }
  std::size_t m_work_group_local_linear_id;
  std::size_t m_work_group_size;
  std::uint32_t m_log2_size;  // the kernel's sub-group size is a power of two: ids by shifts and masks
};

namespace detail {
struct sub_group_access {
  // size: the launch's sub-group size, a power of two.
  static WEFT_HOST_DEVICE sub_group make(std::size_t work_group_local_linear_id, std::size_t work_group_size,
                                         std::uint32_t size) {
    return {work_group_local_linear_id, work_group_size, static_cast<std::uint32_t>(__builtin_ctz(size))};
  }
  // Group collectives size their lane buffers by the whole work group.
  static WEFT_HOST_DEVICE std::size_t work_group_size(const sub_group& sg) { return sg.m_work_group_size; }
  static WEFT_HOST_DEVICE std::size_t work_group_local_linear_id(const sub_group& sg) {
    return sg.m_work_group_local_linear_id;
  }
};
}  // namespace detail

}  // namespace weft::sycl
