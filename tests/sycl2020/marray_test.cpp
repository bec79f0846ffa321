// sycl::marray (section 4.14.3).
#include <gtest/gtest.h>
#include <numeric>
#include <type_traits>
#include <utility>
#include <sycl/sycl.hpp>

namespace {

// Without SYCL_SIMPLE_SWIZZLES (this file does not define it) vec has no simple
// swizzles, as SYCL 2020 4.14.2.1 says; vec_test.cpp defines it and uses them.
template <class V, class = void>
struct has_simple_swizzles : std::false_type {};
template <class V>
struct has_simple_swizzles<V, std::void_t<decltype(std::declval<V&>().xy())>> : std::true_type {};
static_assert(!has_simple_swizzles<sycl::float4>::value);
static_assert(sizeof(std::declval<sycl::float4&>().swizzle<1, 0>()) > 0);  // swizzle<...>() is always there

TEST(Marray, ConstructionAndAccess) {
  sycl::marray<int, 5> a(1, 2, 3, 4, 5);
  sycl::marray<int, 5> b(7);
  sycl::marray<int, 5> c(sycl::marray<int, 2>(1, 2), 3, sycl::marray<int, 2>(4, 5));
  sycl::marray<int, 5> z;
  EXPECT_EQ(a[4], 5);
  EXPECT_EQ(b[2], 7);
  EXPECT_EQ(z[0], 0);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(a[i], c[i]);
  EXPECT_EQ(std::accumulate(a.begin(), a.end(), 0), 15);
  static_assert(sycl::marray<double, 7>::size() == 7);
  static_assert(sizeof(sycl::marray<float, 3>) == 12);  // no padding, unlike vec
  sycl::marray m(1.0f, 2.0f, 3.0f);
  static_assert(std::is_same_v<decltype(m), sycl::mfloat3>);
}

TEST(Marray, Operators) {
  sycl::marray<int, 3> a(1, 2, 3), b(3, 2, 1);
  auto s = a + b;
  auto p = a * 3;
  auto r = 6 / a;
  auto lt = a < b;
  static_assert(std::is_same_v<decltype(lt), sycl::marray<bool, 3>>);
  EXPECT_EQ(s[1], 4);
  EXPECT_EQ(p[2], 9);
  EXPECT_EQ(r[1], 3);
  EXPECT_TRUE(lt[0]);
  EXPECT_FALSE(lt[1]);
  EXPECT_TRUE((a == b)[1]);
  auto n = !sycl::marray<int, 2>(0, 1);
  EXPECT_TRUE(n[0]);
  a += b;
  a <<= 1;
  EXPECT_EQ(a[0], 8);
  auto neg = -a;
  EXPECT_EQ(neg[0], -8);
}

TEST(Marray, MathAndKernels) {
  sycl::mfloat4 v(1.0f, 4.0f, 9.0f, 16.0f);
  auto r = sycl::sqrt(v);
  EXPECT_EQ(r[3], 4.0f);
  EXPECT_TRUE(sycl::all(sycl::isless(v, sycl::mfloat4(20.0f))));
  sycl::queue q;
  std::vector<sycl::marray<int, 4>> data(8);
  {
    sycl::buffer<sycl::marray<int, 4>> buf(data.data(), sycl::range<1>(8));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor acc(buf, cgh);
      cgh.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { acc[i] = sycl::marray<int, 4>(int(i[0])) * 2 + 1; });
    });
  }
  EXPECT_EQ(data[5][3], 11);
}

}  // namespace
