#pragma once
// SYCL 2020 section 4.9.1.4: item, the index of a basic parallel_for work item.
#include <sycl/id.hpp>
#include <sycl/range.hpp>

namespace weft::sycl {

template <int Dims = 1, bool WithOffset = true>
class item;

namespace detail {
struct item_access;

// What both kinds of item answer from their id and range.
template <int Dims>
class item_base {
 public:
  static constexpr int dimensions = Dims;

  constexpr id<Dims> get_id() const { return m_id; }
  constexpr std::size_t get_id(int d) const { return m_id[d]; }
  constexpr std::size_t operator[](int d) const { return m_id[d]; }
  constexpr range<Dims> get_range() const { return m_range; }
  constexpr std::size_t get_range(int d) const { return m_range[d]; }

  constexpr operator size_t_if_1d<Dims>() const {
    if constexpr (Dims == 1) return m_id[0];
    else return {};
  }

 protected:
  constexpr item_base(const id<Dims>& i, const range<Dims>& r) : m_id(i), m_range(r) {}
  constexpr bool same_position(const item_base& o) const { return m_id == o.m_id && m_range == o.m_range; }
  id<Dims> m_id;
  range<Dims> m_range;
};
}  // namespace detail

template <int Dims>
class item<Dims, false> : public detail::item_base<Dims> {
  using base = detail::item_base<Dims>;

 public:
  item() = delete;

  constexpr std::size_t get_linear_id() const { return detail::linearize(this->m_id, this->m_range); }
  constexpr operator item<Dims, true>() const;

  friend constexpr bool operator==(const item& a, const item& b) { return a.same_position(b); }
  friend constexpr bool operator!=(const item& a, const item& b) { return !(a == b); }

 private:
  friend struct detail::item_access;
  constexpr item(const id<Dims>& i, const range<Dims>& r) : base(i, r) {}
};

template <int Dims>
class item<Dims, true> : public detail::item_base<Dims> {
  using base = detail::item_base<Dims>;

 public:
  item() = delete;

  [[deprecated("item offsets are deprecated in SYCL 2020")]] constexpr id<Dims> get_offset() const { return m_offset; }
  // Linear id of the item including its offset (section 4.9.1.4).
  constexpr std::size_t get_linear_id() const { return detail::linearize(this->m_id - m_offset, this->m_range); }

  friend constexpr bool operator==(const item& a, const item& b) {
    return a.same_position(b) && a.m_offset == b.m_offset;
  }
  friend constexpr bool operator!=(const item& a, const item& b) { return !(a == b); }

 private:
  friend struct detail::item_access;
  constexpr item(const id<Dims>& i, const range<Dims>& r, const id<Dims>& o) : base(i, r), m_offset(o) {}
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
  return detail::item_access::make(this->m_id, this->m_range, id<Dims>{});
}

}  // namespace weft::sycl
