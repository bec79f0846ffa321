// id, range and nd_range have the constructors SYCL 2020 declares (4.9.1.1 to
// 4.9.1.3), and no more: which conversions are viable is checked at compile time.
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>
#include <type_traits>

namespace {

// A class that converts to size_t (a distributed runtime's node id, say): the
// conversion to size_t is user-defined, so id(size_t) and range(size_t) take it
// only when asked to (an implicit conversion would need two user-defined ones).
struct node_id {
  std::size_t value;
  constexpr operator std::size_t() const { return value; }
};

template <class T, class... Args>
constexpr bool constructible = std::is_constructible_v<T, Args...>;
template <class From, class To>
constexpr bool convertible = std::is_convertible_v<From, To>;
using std::size_t;

// id(size_t), id(size_t, size_t), id(size_t, size_t, size_t): not explicit, one per dimension count.
static_assert(convertible<size_t, sycl::id<1>> && convertible<int, sycl::id<1>> &&
              convertible<unsigned char, sycl::id<1>>);
static_assert(constructible<sycl::id<2>, size_t, int> && constructible<sycl::id<3>, int, long, unsigned>);
static_assert(!constructible<sycl::id<1>, size_t, size_t> && !constructible<sycl::id<2>, size_t> &&
              !constructible<sycl::id<2>, size_t, size_t, size_t> && !constructible<sycl::id<3>, size_t, size_t>);
static_assert(constructible<sycl::id<1>> && constructible<sycl::id<2>> && constructible<sycl::id<3>>);
// The same for range.
static_assert(convertible<size_t, sycl::range<1>> && convertible<int, sycl::range<1>>);
static_assert(constructible<sycl::range<2>, size_t, int> && constructible<sycl::range<3>, int, long, unsigned>);
static_assert(!constructible<sycl::range<1>, size_t, size_t> && !constructible<sycl::range<2>, size_t> &&
              !constructible<sycl::range<2>, size_t, size_t, size_t> && !constructible<sycl::range<3>, size_t, size_t>);
static_assert(constructible<sycl::range<1>> && constructible<sycl::range<3>>);

// A class that converts to size_t: explicitly yes, implicitly no.
static_assert(constructible<sycl::id<1>, node_id> && constructible<sycl::range<1>, node_id>);
static_assert(constructible<sycl::id<2>, node_id, node_id> && constructible<sycl::range<3>, node_id, node_id, node_id>);
static_assert(!convertible<node_id, sycl::id<1>> && !convertible<node_id, sycl::range<1>>);
}  // namespace
// So an overload on size_t wins over one on id<1> (one user-defined conversion
// each would be ambiguous). Declared only: asked about in decltype.
namespace overloads {
std::true_type takes(std::size_t);
std::false_type takes(sycl::id<1>);
std::true_type takes_range(std::size_t);
std::false_type takes_range(sycl::range<1>);
}  // namespace overloads
namespace {
static_assert(decltype(overloads::takes(node_id{1}))::value);
static_assert(decltype(overloads::takes_range(node_id{1}))::value);

// Not from pointers or null.
static_assert(!constructible<sycl::id<1>, int*> && !constructible<sycl::range<1>, const char*>);
static_assert(!constructible<sycl::id<1>, std::nullptr_t> && !constructible<sycl::range<1>, std::nullptr_t>);

// id(const range<D>&) and id(const item<D>&) (an item without offset converts to one with).
static_assert(convertible<sycl::range<2>, sycl::id<2>> && !constructible<sycl::id<1>, sycl::range<2>>);
static_assert(convertible<sycl::item<1>, sycl::id<1>> && convertible<sycl::item<3>, sycl::id<3>>);
static_assert(convertible<sycl::item<2, false>, sycl::id<2>> && !constructible<sycl::id<1>, sycl::item<2>>);
// range has no constructor from an id: a 1-dimensional id converts to size_t, so only explicitly.
static_assert(!constructible<sycl::range<2>, sycl::id<2>> && !convertible<sycl::id<1>, sycl::range<1>>);
static_assert(constructible<sycl::range<1>, sycl::id<1>>);
// Across dimension counts, nothing.
static_assert(!constructible<sycl::id<2>, sycl::id<3>> && !constructible<sycl::range<3>, sycl::range<2>>);

// nd_range(range<D> global, range<D> local, id<D> offset = id<D>()).
static_assert(constructible<sycl::nd_range<2>, sycl::range<2>, sycl::range<2>> &&
              constructible<sycl::nd_range<2>, sycl::range<2>, sycl::range<2>, sycl::id<2>>);
static_assert(!constructible<sycl::nd_range<2>, sycl::range<2>> && !constructible<sycl::nd_range<2>> &&
              !constructible<sycl::nd_range<1>, sycl::range<2>, sycl::range<2>>);
static_assert(constructible<sycl::nd_range<1>, size_t, size_t> && constructible<sycl::nd_range<1>, int, int, int>);
static_assert(!constructible<sycl::nd_range<1>, node_id, node_id>);  // two user-defined conversions each
static_assert(!convertible<sycl::nd_range<1>, sycl::range<1>> && !convertible<sycl::range<1>, sycl::nd_range<1>>);

// Class template argument deduction from sizes.
static_assert(std::is_same_v<decltype(sycl::id{1, 2}), sycl::id<2>> &&
              std::is_same_v<decltype(sycl::range{size_t(1), size_t(2), size_t(3)}), sycl::range<3>>);

// Device copyable, as the specification requires.
static_assert(std::is_trivially_copyable_v<sycl::id<3>> && std::is_trivially_copyable_v<sycl::range<2>> &&
              std::is_trivially_copyable_v<sycl::nd_range<3>>);

TEST(IndexConstructors, ValuesFromEachConstructor) {
  constexpr sycl::id<1> from_node(node_id{7});
  static_assert(from_node[0] == 7);
  sycl::range<3> r(node_id{2}, 3, 4u);
  EXPECT_EQ(r[0], 2u);
  EXPECT_EQ(r[1], 3u);
  EXPECT_EQ(r[2], 4u);
  EXPECT_EQ(r.size(), 24u);
  sycl::id<3> from_range = r;
  EXPECT_EQ(from_range, sycl::id<3>(2, 3, 4));
  sycl::id<2> zero;
  EXPECT_EQ(zero, sycl::id<2>(0, 0));
  sycl::range<1> from_id(sycl::id<1>(5));
  EXPECT_EQ(from_id[0], 5u);
  sycl::nd_range<2> nd({8, 6}, {4, 3}, {1, 2});
  EXPECT_EQ(nd.get_global_range(), sycl::range<2>(8, 6));
  EXPECT_EQ(nd.get_local_range(), sycl::range<2>(4, 3));
  EXPECT_EQ(nd.get_group_range(), sycl::range<2>(2, 2));
}

}  // namespace
