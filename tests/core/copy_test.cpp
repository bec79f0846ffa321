// handler::copy between host memory and ranged accessors, and between two
// accessors: 1, 2 and 3 dimensions, boxes with offsets that are rows, columns,
// planes or the whole buffer, both directions, copies large enough to be split
// across workers, and elements of 1, 4, 8 and 16 bytes. Every element of the
// destination is checked: inside the box against the source in row-major order,
// outside against what was there before. Two windows of one buffer too.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <sycl/sycl.hpp>
#include <vector>

namespace {

struct pair16 {
  std::uint64_t lo, hi;
  bool operator==(const pair16& o) const { return lo == o.lo && hi == o.hi; }
};

// A value per index that differs between neighbours (salt: which array it came from).
template <class T>
T make(std::size_t i, unsigned salt) {
  if constexpr (std::is_same_v<T, pair16>) return {i * 3 + salt, ~(i * 5 + salt)};
  else return static_cast<T>(i * 7 + salt * 1000 + 1);
}

template <int D>
std::size_t linear(const sycl::id<D>& i, const sycl::range<D>& r) {
  std::size_t l = 0;
  for (int d = 0; d < D; ++d) l = l * r[d] + i[d];
  return l;
}
template <int D>
sycl::id<D> unlinear(std::size_t l, const sycl::range<D>& r) {
  sycl::id<D> i;
  for (int d = D - 1; d >= 0; --d) {
    i[d] = l % r[d];
    l /= r[d];
  }
  return i;
}
template <int D>
bool inside(const sycl::id<D>& i, const sycl::range<D>& r, const sycl::id<D>& o) {
  for (int d = 0; d < D; ++d)
    if (i[d] < o[d] || i[d] >= o[d] + r[d]) return false;
  return true;
}

template <class T>
std::vector<T> pattern(std::size_t n, unsigned salt) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = make<T>(i, salt);
  return v;
}

// Host memory into the box (r at o) of a buffer of range mem.
template <class T, int D>
void host_to_buffer(sycl::range<D> mem, sycl::range<D> r, sycl::id<D> o) {
  SCOPED_TRACE(testing::Message() << "host to buffer, " << D << "D, " << sizeof(T) << "-byte elements");
  sycl::queue q;
  const std::vector<T> before = pattern<T>(mem.size(), 1), src = pattern<T>(r.size(), 2);
  sycl::buffer<T, D> b(before.data(), mem);  // (a const pointer: the buffer copies it)
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, r, o, sycl::write_only};
    h.copy(src.data(), a);
  });
  sycl::host_accessor got{b, sycl::read_only};
  std::size_t wrong = 0;
  for (std::size_t m = 0; m < mem.size(); ++m) {
    const sycl::id<D> i = unlinear(m, mem);
    const T want = inside(i, r, o) ? src[linear(sycl::id<D>(i - o), r)] : before[m];
    if (!(got[i] == want) && wrong++ < 3) ADD_FAILURE() << "element " << m << " of the buffer is wrong";
  }
  EXPECT_EQ(wrong, 0u);
}

// The box (r at o) of a buffer of range mem into host memory.
template <class T, int D>
void buffer_to_host(sycl::range<D> mem, sycl::range<D> r, sycl::id<D> o) {
  SCOPED_TRACE(testing::Message() << "buffer to host, " << D << "D, " << sizeof(T) << "-byte elements");
  sycl::queue q;
  const std::vector<T> contents = pattern<T>(mem.size(), 1);
  std::vector<T> dst = pattern<T>(r.size() + 1, 3);  // one more: it must stay as it was
  sycl::buffer<T, D> b(contents.data(), mem);
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{b, h, r, o, sycl::read_only};
     h.copy(a, dst.data());
   }).wait();
  std::size_t wrong = 0;
  for (std::size_t l = 0; l < r.size(); ++l)
    if (!(dst[l] == contents[linear(sycl::id<D>(unlinear(l, r) + o), mem)]) && wrong++ < 3)
      ADD_FAILURE() << "element " << l << " of the host memory is wrong";
  EXPECT_EQ(wrong, 0u);
  EXPECT_TRUE(dst[r.size()] == make<T>(r.size(), 3)) << "the copy wrote past its end";
}

template <class T, int D>
void both_ways(sycl::range<D> mem, sycl::range<D> r, sycl::id<D> o) {
  host_to_buffer<T, D>(mem, r, o);
  buffer_to_host<T, D>(mem, r, o);
}

// The box (rs at os) of one buffer into the box (rd at od) of another: element l of
// the source's box, in row-major order, to element l of the destination's.
template <class T, int DS, int DD>
void buffer_to_buffer(sycl::range<DS> ms, sycl::range<DS> rs, sycl::id<DS> os, sycl::range<DD> md, sycl::range<DD> rd,
                      sycl::id<DD> od) {
  SCOPED_TRACE(testing::Message() << "buffer to buffer, " << DS << "D to " << DD << "D, " << sizeof(T)
                                  << "-byte elements");
  sycl::queue q;
  const std::vector<T> from = pattern<T>(ms.size(), 1), before = pattern<T>(md.size(), 2);
  sycl::buffer<T, DS> bs(from.data(), ms);
  sycl::buffer<T, DD> bd(before.data(), md);
  q.submit([&](sycl::handler& h) {
    sycl::accessor src{bs, h, rs, os, sycl::read_only};
    sycl::accessor dst{bd, h, rd, od, sycl::write_only};
    h.copy(src, dst);
  });
  sycl::host_accessor got{bd, sycl::read_only};
  std::size_t wrong = 0;
  for (std::size_t m = 0; m < md.size(); ++m) {
    const sycl::id<DD> i = unlinear(m, md);
    T want = before[m];
    if (inside(i, rd, od)) {
      const std::size_t l = linear(sycl::id<DD>(i - od), rd);
      if (l < rs.size()) want = from[linear(sycl::id<DS>(unlinear(l, rs) + os), ms)];
    }
    if (!(got[i] == want) && wrong++ < 3) ADD_FAILURE() << "element " << m << " of the destination is wrong";
  }
  EXPECT_EQ(wrong, 0u);
}

template <class T>
class Copy : public testing::Test {};
using element_types = testing::Types<std::uint8_t, float, std::uint64_t, pair16>;
TYPED_TEST_SUITE(Copy, element_types);

TYPED_TEST(Copy, OneDimension) {
  using T = TypeParam;
  both_ways<T, 1>(sycl::range<1>(100), sycl::range<1>(100), sycl::id<1>(0));
  both_ways<T, 1>(sycl::range<1>(100), sycl::range<1>(37), sycl::id<1>(11));
  both_ways<T, 1>(sycl::range<1>(100), sycl::range<1>(1), sycl::id<1>(99));
}

TYPED_TEST(Copy, TwoDimensions) {
  using T = TypeParam;
  const sycl::range<2> mem(9, 13);
  both_ways<T, 2>(mem, sycl::range<2>(4, 5), sycl::id<2>(2, 3));   // rows of a window
  both_ways<T, 2>(mem, sycl::range<2>(6, 1), sycl::id<2>(1, 12));  // a column
  both_ways<T, 2>(mem, sycl::range<2>(3, 13), sycl::id<2>(5, 0));  // whole rows: contiguous
  both_ways<T, 2>(mem, sycl::range<2>(1, 7), sycl::id<2>(8, 6));   // part of one row
  both_ways<T, 2>(mem, mem, sycl::id<2>(0, 0));                    // everything
}

TYPED_TEST(Copy, ThreeDimensions) {
  using T = TypeParam;
  const sycl::range<3> mem(5, 6, 7);
  both_ways<T, 3>(mem, sycl::range<3>(3, 4, 5), sycl::id<3>(1, 2, 1));  // rows of a sub-cube
  both_ways<T, 3>(mem, sycl::range<3>(2, 3, 7), sycl::id<3>(2, 1, 0));  // whole rows, part of each plane
  both_ways<T, 3>(mem, sycl::range<3>(2, 6, 7), sycl::id<3>(3, 0, 0));  // whole planes: contiguous
  both_ways<T, 3>(mem, sycl::range<3>(4, 6, 2), sycl::id<3>(0, 0, 5));  // short rows of every plane
  both_ways<T, 3>(mem, sycl::range<3>(5, 1, 1), sycl::id<3>(0, 4, 6));  // one element per plane
  both_ways<T, 3>(mem, sycl::range<3>(1, 4, 1), sycl::id<3>(2, 1, 3));  // a column of one plane
  both_ways<T, 3>(mem, mem, sycl::id<3>(0, 0, 0));
}

// Copies of more than a MiB, which the library splits into blocks across workers
// (src/target/cpu/copy.cpp), with blocks ending inside rows.
TYPED_TEST(Copy, LargeStrided) {
  using T = TypeParam;
  const std::size_t width = (std::size_t(1) << 20) / sizeof(T) / 256 + 3;  // rows of odd length
  both_ways<T, 2>(sycl::range<2>(300, width + 5), sycl::range<2>(290, width), sycl::id<2>(7, 2));
  both_ways<T, 3>(sycl::range<3>(6, 60, width + 2), sycl::range<3>(5, 56, width), sycl::id<3>(1, 1, 1));
  both_ways<T, 1>(sycl::range<1>(4 * width * 100), sycl::range<1>(3 * width * 100 + 1), sycl::id<1>(5));
}

TYPED_TEST(Copy, AccessorToAccessor) {
  using T = TypeParam;
  // The same shape, windows of different buffers.
  buffer_to_buffer<T, 2, 2>(sycl::range<2>(8, 10), sycl::range<2>(3, 4), sycl::id<2>(1, 2), sycl::range<2>(6, 6),
                            sycl::range<2>(3, 4), sycl::id<2>(2, 1));
  // Rows of one shape into rows of another: runs end at different elements on each side.
  buffer_to_buffer<T, 2, 3>(sycl::range<2>(9, 11), sycl::range<2>(4, 6), sycl::id<2>(3, 5), sycl::range<3>(4, 5, 6),
                            sycl::range<3>(2, 3, 4), sycl::id<3>(1, 2, 1));
  // Fewer elements than the destination's box: the rest of it stays.
  buffer_to_buffer<T, 1, 2>(sycl::range<1>(40), sycl::range<1>(10), sycl::id<1>(30), sycl::range<2>(5, 5),
                            sycl::range<2>(4, 4), sycl::id<2>(1, 0));
  // Large: split across workers.
  const std::size_t width = (std::size_t(1) << 20) / sizeof(T) / 128 + 1;
  buffer_to_buffer<T, 2, 3>(sycl::range<2>(260, width + 3), sycl::range<2>(256, width), sycl::id<2>(2, 3),
                            sycl::range<3>(4, 66, width), sycl::range<3>(4, 64, width), sycl::id<3>(0, 1, 0));
}

// Two windows of one buffer whose rows interleave in storage (the left half into the
// right half): the library copies such a pair on one thread, in order.
TYPED_TEST(Copy, WithinOneBuffer) {
  using T = TypeParam;
  for (std::size_t width : {std::size_t(8), (std::size_t(1) << 20) / sizeof(T) / 256 + 1}) {
    const sycl::range<2> mem(256, 2 * width), half(256, width);
    sycl::queue q;
    const std::vector<T> before = pattern<T>(mem.size(), 1);
    sycl::buffer<T, 2> b(before.data(), mem);
    q.submit([&](sycl::handler& h) {
      sycl::accessor src{b, h, half, sycl::id<2>(0, 0), sycl::read_only};
      sycl::accessor dst{b, h, half, sycl::id<2>(0, width), sycl::write_only};
      h.copy(src, dst);
    });
    sycl::host_accessor got{b, sycl::read_only};
    std::size_t wrong = 0;
    for (std::size_t m = 0; m < mem.size(); ++m) {
      const std::size_t row = m / mem[1], column = m % mem[1];
      const T want = column < width ? before[m] : before[row * mem[1] + column - width];
      if (!(got[sycl::id<2>(row, column)] == want) && wrong++ < 3) ADD_FAILURE() << "element " << m << " is wrong";
    }
    EXPECT_EQ(wrong, 0u) << "width " << width;
  }
}

}  // namespace
