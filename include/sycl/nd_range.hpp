#pragma once
// SYCL 2020 section 4.9.1.2: nd_range.
#include <sycl/id.hpp>
#include <sycl/range.hpp>

namespace weft::sycl {

namespace detail {
struct nd_range_access;
}

template <int Dims = 1>
class nd_range {
 public:
  static constexpr int dimensions = Dims;
  constexpr nd_range(range<Dims> global_size, range<Dims> local_size, id<Dims> offset = id<Dims>())
      : m_global(global_size), m_local(local_size), m_offset(offset) {}

  constexpr range<Dims> get_global_range() const { return m_global; }
  constexpr range<Dims> get_local_range() const { return m_local; }
  // Number of work groups in each dimension; only meaningful for a valid nd_range.
  constexpr range<Dims> get_group_range() const {
    range<Dims> r;
    for (int d = 0; d < Dims; ++d) r[d] = m_local[d] ? m_global[d] / m_local[d] : 0;
    return r;
  }
  [[deprecated("nd_range offsets are deprecated in SYCL 2020")]] constexpr id<Dims> get_offset() const {
    return m_offset;
  }

  friend constexpr bool operator==(const nd_range& a, const nd_range& b) {
    return a.m_global == b.m_global && a.m_local == b.m_local && a.m_offset == b.m_offset;
  }
  friend constexpr bool operator!=(const nd_range& a, const nd_range& b) { return !(a == b); }

 private:
  friend struct detail::nd_range_access;
  range<Dims> m_global;
  range<Dims> m_local;
  id<Dims> m_offset;
};

namespace detail {
struct nd_range_access {
  template <int Dims>
  static constexpr id<Dims> offset(const nd_range<Dims>& r) {
    return r.m_offset;
  }
};
}  // namespace detail

}  // namespace weft::sycl
