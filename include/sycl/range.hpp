#pragma once
// SYCL 2020 section 4.9.1.1: range.
#include <sycl/detail/array.hpp>

namespace weft::sycl {

template <int Dims = 1>
class range : public detail::array<range<Dims>, Dims> {
 public:
  using detail::array<range<Dims>, Dims>::array;
  constexpr range() = default;

  constexpr std::size_t size() const {
    std::size_t s = 1;
    for (int d = 0; d < Dims; ++d) s *= this->m_data[d];
    return s;
  }
};

range(std::size_t)->range<1>;
range(std::size_t, std::size_t)->range<2>;
range(std::size_t, std::size_t, std::size_t)->range<3>;

}  // namespace weft::sycl
