#pragma once
// SYCL 2020 section 4.9.1.4: item, the index of a basic parallel_for work item.
#include <sycl/id.hpp>
#include <sycl/range.hpp>

namespace weft::sycl {

template <int Dims = 1, bool WithOffset = true>
class item;

namespace detail {
struct item_access;
}

template <int Dims>
class item<Dims, false> {
 public:
  static constexpr int dimensions = Dims;
  item() = delete;

  constexpr id<Dims> get_id() const { return m_id; }
  constexpr std::size_t get_id(int d) const { return m_id[d]; }
  constexpr std::size_t operator[](int d) const { return m_id[d]; }
  constexpr range<Dims> get_range() const { return m_range; }
  constexpr std::size_t get_range(int d) const { return m_range[d]; }
  constexpr std::size_t get_linear_id() const { return detail::linearize(m_id, m_range); }

  constexpr operator item<Dims, true>() const;
  constexpr operator detail::size_t_if_1d<Dims>() const {
    if constexpr (Dims == 1) return m_id[0];
    else return {};
  }

  friend constexpr bool operator==(const item& a, const item& b) { return a.m_id == b.m_id && a.m_range == b.m_range; }
  friend constexpr bool operator!=(const item& a, const item& b) { return !(a == b); }

 private:
  friend struct detail::item_access;
  constexpr item(const id<Dims>& i, const range<Dims>& r) : m_id(i), m_range(r) {}
  id<Dims> m_id;
  range<Dims> m_range;
};

template <int Dims>
class item<Dims, true> {
 public:
  static constexpr int dimensions = Dims;
  item() = delete;

  constexpr id<Dims> get_id() const { return m_id; }
  constexpr std::size_t get_id(int d) const { return m_id[d]; }
  constexpr std::size_t operator[](int d) const { return m_id[d]; }
  constexpr range<Dims> get_range() const { return m_range; }
  constexpr std::size_t get_range(int d) const { return m_range[d]; }
  [[deprecated("item offsets are deprecated in SYCL 2020")]] constexpr id<Dims> get_offset() const { return m_offset; }
  // Linear id of the item including its offset (section 4.9.1.4).
  constexpr std::size_t get_linear_id() const { return detail::linearize(m_id - m_offset, m_range); }

  constexpr operator detail::size_t_if_1d<Dims>() const {
    if constexpr (Dims == 1) return m_id[0];
    else return {};
  }

  friend constexpr bool operator==(const item& a, const item& b) {
    return a.m_id == b.m_id && a.m_range == b.m_range && a.m_offset == b.m_offset;
  }
  friend constexpr bool operator!=(const item& a, const item& b) { return !(a == b); }

 private:
  friend struct detail::item_access;
  constexpr item(const id<Dims>& i, const range<Dims>& r, const id<Dims>& o) : m_id(i), m_range(r), m_offset(o) {}
  id<Dims> m_id;
  range<Dims> m_range;
  id<Dims> m_offset;
};

namespace detail {
// The runtime's way to build items; users cannot construct them.
struct item_access {
  template <int Dims>
  static constexpr item<Dims, false> make(const id<Dims>& i, const range<Dims>& r) {
    return {i, r};
  }
  template <int Dims>
  static constexpr item<Dims, true> make(const id<Dims>& i, const range<Dims>& r, const id<Dims>& offset) {
    return {i, r, offset};
  }
};
}  // namespace detail

template <int Dims>
constexpr item<Dims, false>::operator item<Dims, true>() const {
  return detail::item_access::make(m_id, m_range, id<Dims>{});
}

}  // namespace weft::sycl
