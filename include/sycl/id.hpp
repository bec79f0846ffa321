#pragma once
// SYCL 2020 section 4.9.1.3: id.
#include <sycl/detail/array.hpp>
#include <sycl/range.hpp>
#include <type_traits>

namespace weft::sycl {

template <int Dims, bool WithOffset>
class item;

namespace detail {
struct not_convertible {};
template <int Dims>
using size_t_if_1d = std::conditional_t<Dims == 1, std::size_t, not_convertible>;
}  // namespace detail

template <int Dims = 1>
class id : public detail::array<id<Dims>, Dims> {
 public:
  using detail::array<id<Dims>, Dims>::array;
  constexpr id() = default;
  constexpr id(const range<Dims>& r) {
    for (int d = 0; d < Dims; ++d) this->m_data[d] = r[d];
  }
  template <bool WithOffset>
  constexpr id(const item<Dims, WithOffset>& it) : id(it.get_id()) {}

  // Only 1-dimensional ids convert to size_t (so ptr[id] works); a plain,
  // non-template conversion so integral conversions may follow it.
  constexpr operator detail::size_t_if_1d<Dims>() const {
    if constexpr (Dims == 1) return this->m_data[0];
    else return {};
  }
};

id(std::size_t)->id<1>;
id(std::size_t, std::size_t)->id<2>;
id(std::size_t, std::size_t, std::size_t)->id<3>;

namespace detail {
// Row-major linearization: the last dimension is contiguous.
template <int Dims>
constexpr std::size_t linearize(const id<Dims>& i, const range<Dims>& r) {
  std::size_t l = i[0];
  for (int d = 1; d < Dims; ++d) l = l * r[d] + i[d];
  return l;
}
template <int Dims>
constexpr id<Dims> delinearize(std::size_t l, const range<Dims>& r) {
  id<Dims> i;
  for (int d = Dims - 1; d > 0; --d) {
    i[d] = l % r[d];
    l /= r[d];
  }
  i[0] = l;
  return i;
}
}  // namespace detail

}  // namespace weft::sycl
