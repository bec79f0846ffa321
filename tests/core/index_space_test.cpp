// id, range, item (with and without offset) and nd_range objects: construction,
// queries and arithmetic in 1, 2 and 3 dimensions. (nd_item, group and sub_group
// are queried inside nd_range kernels: tests/ndrange.)
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>
#include <type_traits>
#include <vector>

namespace {

TEST(Range, ConstructAndQuery) {
  sycl::range<1> r1(7);
  sycl::range<2> r2(3, 4);
  sycl::range<3> r3(2, 3, 4);
  EXPECT_EQ(r1.size(), 7u);
  EXPECT_EQ(r2.size(), 12u);
  EXPECT_EQ(r3.size(), 24u);
  EXPECT_EQ(r3.get(0), 2u);
  EXPECT_EQ(r3[1], 3u);
  EXPECT_EQ(r3[2], 4u);
  EXPECT_EQ(sycl::range<3>::dimensions, 3);
  r3[2] = 10;
  EXPECT_EQ(r3.size(), 60u);
}

TEST(Range, DeductionGuides) {
  sycl::range a{5};
  sycl::range b{5, 6};
  sycl::range c{5, 6, 7};
  static_assert(std::is_same_v<decltype(a), sycl::range<1>>);
  static_assert(std::is_same_v<decltype(b), sycl::range<2>>);
  static_assert(std::is_same_v<decltype(c), sycl::range<3>>);
  EXPECT_EQ(c.size(), 210u);
}

TEST(Range, ArithmeticAndComparison) {
  sycl::range<2> a(6, 8), b(2, 4);
  EXPECT_EQ(a + b, sycl::range<2>(8, 12));
  EXPECT_EQ(a - b, sycl::range<2>(4, 4));
  EXPECT_EQ(a * b, sycl::range<2>(12, 32));
  EXPECT_EQ(a / b, sycl::range<2>(3, 2));
  EXPECT_EQ(a % sycl::range<2>(4, 5), sycl::range<2>(2, 3));
  EXPECT_EQ(a * 2, sycl::range<2>(12, 16));
  EXPECT_EQ(2 * a, sycl::range<2>(12, 16));
  EXPECT_EQ(a << 1, sycl::range<2>(12, 16));
  EXPECT_EQ(a > b, sycl::range<2>(1, 1));
  EXPECT_EQ(sycl::range<2>(1, 9) < sycl::range<2>(2, 3), sycl::range<2>(1, 0));
  EXPECT_TRUE(a != b);
  EXPECT_FALSE(a == b);
  sycl::range<2> c = a;
  c += b;
  EXPECT_EQ(c, sycl::range<2>(8, 12));
  c -= 1;
  EXPECT_EQ(c, sycl::range<2>(7, 11));
  c *= sycl::range<2>(2, 1);
  EXPECT_EQ(c, sycl::range<2>(14, 11));
  ++c;
  EXPECT_EQ(c, sycl::range<2>(15, 12));
  auto old = c--;
  EXPECT_EQ(old, sycl::range<2>(15, 12));
  EXPECT_EQ(c, sycl::range<2>(14, 11));
}

TEST(Id, ConstructAndQuery) {
  sycl::id<1> zero1;
  sycl::id<3> zero3;
  EXPECT_EQ(zero1[0], 0u);
  EXPECT_EQ(zero3, sycl::id<3>(0, 0, 0));
  sycl::id<3> i(1, 2, 3);
  EXPECT_EQ(i.get(0), 1u);
  EXPECT_EQ(i[1], 2u);
  EXPECT_EQ(i[2], 3u);
  i[2] = 9;
  EXPECT_EQ(i, sycl::id<3>(1, 2, 9));
  sycl::id<2> from_range(sycl::range<2>(4, 5));
  EXPECT_EQ(from_range, sycl::id<2>(4, 5));
  sycl::id a{3};
  sycl::id b{3, 4};
  sycl::id c{3, 4, 5};
  static_assert(std::is_same_v<decltype(a), sycl::id<1>>);
  static_assert(std::is_same_v<decltype(b), sycl::id<2>>);
  static_assert(std::is_same_v<decltype(c), sycl::id<3>>);
  // A 1-dimensional id converts to size_t.
  std::size_t s = a;
  EXPECT_EQ(s, 3u);
  static_assert(!std::is_convertible_v<sycl::id<2>, std::size_t>);
}

TEST(Id, Arithmetic) {
  sycl::id<2> a(5, 7), b(1, 2);
  EXPECT_EQ(a + b, sycl::id<2>(6, 9));
  EXPECT_EQ(a - b, sycl::id<2>(4, 5));
  EXPECT_EQ(a * 3, sycl::id<2>(15, 21));
  EXPECT_EQ(a / b, sycl::id<2>(5, 3));
  EXPECT_EQ(a & sycl::id<2>(4, 3), sycl::id<2>(4, 3));
  EXPECT_EQ(a | b, sycl::id<2>(5, 7));
  EXPECT_EQ(a ^ b, sycl::id<2>(4, 5));
  EXPECT_EQ(a >= b, sycl::id<2>(1, 1));
  EXPECT_EQ(a && sycl::id<2>(0, 1), sycl::id<2>(0, 1));
  sycl::id<2> c = a;
  c %= sycl::id<2>(3, 4);
  EXPECT_EQ(c, sycl::id<2>(2, 3));
  // 1-dimensional ids mix with integers (id<1> also converts to size_t).
  sycl::id<1> i(4);
  EXPECT_EQ(i + 1, sycl::id<1>(5));
  EXPECT_EQ(2 * i, sycl::id<1>(8));
  std::size_t j = i + 1;
  EXPECT_EQ(j, 5u);
}

// Records each item's queries into per-linear-id slots.
template <int Dims>
struct recorded {
  std::vector<sycl::id<Dims>> ids;
  std::vector<std::size_t> linear;
  std::vector<sycl::range<Dims>> ranges;
};

template <int Dims>
recorded<Dims> run_items(sycl::queue& q, sycl::range<Dims> r) {
  recorded<Dims> out;
  out.ids.resize(r.size());
  out.linear.resize(r.size(), ~std::size_t(0));
  out.ranges.resize(r.size());
  auto* ids = out.ids.data();
  auto* lin = out.linear.data();
  auto* rs = out.ranges.data();
  q.parallel_for(r, [=](sycl::item<Dims> it) {
     std::size_t l = it.get_linear_id();
     ids[l] = it.get_id();
     lin[l] = l;
     rs[l] = it.get_range();
   }).wait();
  return out;
}

TEST(Item, WithoutOffsetQueries1D2D3D) {
  sycl::queue q;
  {
    auto rec = run_items(q, sycl::range<1>(37));
    for (std::size_t l = 0; l < 37; ++l) {
      EXPECT_EQ(rec.ids[l], sycl::id<1>(l));
      EXPECT_EQ(rec.ranges[l], sycl::range<1>(37));
    }
  }
  {
    sycl::range<2> r(5, 7);
    auto rec = run_items(q, r);
    for (std::size_t l = 0; l < r.size(); ++l) {
      EXPECT_EQ(rec.linear[l], l);
      EXPECT_EQ(rec.ids[l], sycl::id<2>(l / 7, l % 7)) << "linear id " << l;
      EXPECT_EQ(rec.ranges[l], r);
    }
  }
  {
    sycl::range<3> r(3, 4, 5);
    auto rec = run_items(q, r);
    for (std::size_t l = 0; l < r.size(); ++l) {
      EXPECT_EQ(rec.linear[l], l);
      EXPECT_EQ(rec.ids[l], sycl::id<3>(l / 20, (l / 5) % 4, l % 5)) << "linear id " << l;
    }
  }
}

TEST(Item, PerDimensionQueriesAndConversions) {
  sycl::queue q;
  std::vector<int> ok(3 * 4 * 5, 0);
  int* out = ok.data();
  q.parallel_for(sycl::range<3>(3, 4, 5), [=](sycl::item<3, false> it) {
     bool good = it.get_id(0) == it[0] && it.get_id(1) == it[1] && it.get_id(2) == it[2] && it.get_range(0) == 3 &&
                 it.get_range(1) == 4 && it.get_range(2) == 5 && sycl::id<3>(it) == it.get_id();
     sycl::item<3> with_offset = it;  // item<3, false> converts to item<3, true> with a zero offset
     good = good && with_offset.get_id() == it.get_id() && with_offset.get_linear_id() == it.get_linear_id();
     out[it.get_linear_id()] = good ? 1 : 2;
   }).wait();
  for (std::size_t l = 0; l < ok.size(); ++l) EXPECT_EQ(ok[l], 1) << "item " << l;
}

TEST(Item, OneDimensionalItemConvertsToSizeT) {
  sycl::queue q;
  std::vector<std::size_t> v(10, 0);
  auto* p = v.data();
  q.parallel_for(sycl::range<1>(10), [=](sycl::item<1> it) {
     std::size_t i = it;
     p[i] = i * 2;
   }).wait();
  for (std::size_t i = 0; i < 10; ++i) EXPECT_EQ(v[i], 2 * i);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST(Item, WithOffsetQueries) {
  sycl::queue q;
  sycl::range<2> r(4, 6);
  sycl::id<2> off(10, 20);
  std::vector<int> seen(r.size(), 0);
  std::vector<int> bad(r.size(), 0);
  int* s = seen.data();
  int* b = bad.data();
  q.submit([&](sycl::handler& h) {
     h.parallel_for(r, off, [=](sycl::item<2> it) {
       // The id includes the offset; the linear id does not.
       std::size_t l = it.get_linear_id();
       sycl::id<2> rel = it.get_id() - it.get_offset();
       if (it.get_offset() != off || it.get_range() != r || l != rel[0] * 6 + rel[1] || it[0] < 10 || it[1] < 20)
         b[l] = 1;
       s[l] += 1;
     });
   }).wait();
  for (std::size_t l = 0; l < r.size(); ++l) {
    EXPECT_EQ(seen[l], 1) << "linear id " << l;
    EXPECT_EQ(bad[l], 0) << "linear id " << l;
  }
}
#pragma GCC diagnostic pop

TEST(Item, Equality) {
  sycl::queue q;
  std::vector<int> eq(8, 0);
  int* p = eq.data();
  q.parallel_for(sycl::range<1>(8), [=](sycl::item<1> it) {
     sycl::item<1> copy = it;
     p[it.get_linear_id()] = (copy == it) && !(copy != it);
   }).wait();
  for (int v : eq) EXPECT_EQ(v, 1);
  static_assert(!std::is_default_constructible_v<sycl::item<1>>, "users cannot make items");
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST(NdRange, Queries) {
  sycl::nd_range<1> a(sycl::range<1>(64), sycl::range<1>(16));
  EXPECT_EQ(a.get_global_range(), sycl::range<1>(64));
  EXPECT_EQ(a.get_local_range(), sycl::range<1>(16));
  EXPECT_EQ(a.get_group_range(), sycl::range<1>(4));
  EXPECT_EQ(a.get_offset(), sycl::id<1>(0));
  sycl::nd_range<2> b(sycl::range<2>(8, 12), sycl::range<2>(2, 4));
  EXPECT_EQ(b.get_group_range(), sycl::range<2>(4, 3));
  sycl::nd_range<3> c(sycl::range<3>(8, 12, 6), sycl::range<3>(2, 4, 3), sycl::id<3>(1, 2, 3));
  EXPECT_EQ(c.get_group_range(), sycl::range<3>(4, 3, 2));
  EXPECT_EQ(c.get_offset(), sycl::id<3>(1, 2, 3));
  EXPECT_EQ(sycl::nd_range<3>::dimensions, 3);
  EXPECT_TRUE(c == c);
  EXPECT_TRUE(c != sycl::nd_range<3>(sycl::range<3>(8, 12, 6), sycl::range<3>(2, 4, 3)));
}
#pragma GCC diagnostic pop

}  // namespace
