// sycl::reduction in parallel_for(range): USM and buffer variables, known and
// user identities, initialize_to_identity, several reductions at once, 1/2/3-D
// ranges, items that each combine several consecutive elements (which the plugin
// spreads across the lanes of a block), and the errors bad input gets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <sycl/sycl.hpp>
#include <vector>

namespace {

struct user_max {  // not a SYCL function object: no known identity
  SYCL_EXTERNAL int operator()(int a, int b) const { return a > b ? a : b; }
};

TEST(RangeReduction, UsmSumKnownIdentity) {
  sycl::queue q;
  for (std::size_t n :
       {std::size_t{0}, std::size_t{1}, std::size_t{15}, std::size_t{17}, std::size_t{1000}, std::size_t{100003}}) {
    int* sum = sycl::malloc_shared<int>(1, q);
    *sum = 5;
    q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<int>()), [=](sycl::id<1> i, auto& s) {
       s += static_cast<int>(i[0] % 7);
     }).wait();
    int expect = 5;
    for (std::size_t i = 0; i < n; ++i) expect += static_cast<int>(i % 7);
    EXPECT_EQ(*sum, expect) << "n=" << n;
    sycl::free(sum, q);
  }
}

// The partial converts to the reducer's type, as with any operator (int into long).
TEST(RangeReduction, PartialConvertsToTheReducersType) {
  sycl::queue q;
  long* sum = sycl::malloc_shared<long>(1, q);
  *sum = 0;
  const int big = 1 << 30;
  q.parallel_for(sycl::range<1>(8), sycl::reduction(sum, sycl::plus<long>()), [=](sycl::id<1>, auto& s) {
     s += big;  // an int: the sum (2^33) only fits in the long
   }).wait();
  EXPECT_EQ(*sum, 8L * big);
  sycl::free(sum, q);
}

TEST(RangeReduction, InitializeToIdentity) {
  sycl::queue q;
  double* prod = sycl::malloc_shared<double>(1, q);
  *prod = 1000.0;
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for(sycl::range<1>(20),
                      sycl::reduction(prod, sycl::multiplies<>(),
                                      sycl::property_list{sycl::property::reduction::initialize_to_identity{}}),
                      [=](sycl::item<1> it, auto& p) { p *= (it.get_linear_id() % 2 ? 2.0 : 1.0); });
   }).wait();
  EXPECT_EQ(*prod, 1024.0);
  // An empty range writes the identity.
  q.parallel_for(sycl::range<1>(0),
                 sycl::reduction(prod, sycl::multiplies<>(),
                                 sycl::property_list{sycl::property::reduction::initialize_to_identity{}}),
                 [=](sycl::id<1>, auto& p) { p *= 3.0; })
      .wait();
  EXPECT_EQ(*prod, 1.0);
  sycl::free(prod, q);
}

TEST(RangeReduction, SeveralAtOnceMultiDim) {
  sycl::queue q;
  auto* s = sycl::malloc_shared<std::int64_t>(1, q);
  auto* mn = sycl::malloc_shared<float>(1, q);
  auto* mx = sycl::malloc_shared<unsigned>(1, q);
  auto* bits = sycl::malloc_shared<unsigned>(1, q);
  auto* cnt = sycl::malloc_shared<int>(1, q);
  *s = 0, *mn = 1e9f, *mx = 0, *bits = 0, *cnt = 0;
  const sycl::range<3> r(7, 9, 33);
  q.parallel_for(r, sycl::reduction(s, sycl::plus<>()), sycl::reduction(mn, sycl::minimum<>()),
                 sycl::reduction(mx, sycl::maximum<unsigned>()), sycl::reduction(bits, sycl::bit_or<>()),
                 sycl::reduction(cnt, sycl::plus<int>()),
                 [=](sycl::item<3> it, auto& sum, auto& lo, auto& hi, auto& b, auto& c) {
                   const auto i = it.get_linear_id();
                   sum += static_cast<std::int64_t>(i);
                   lo.combine(static_cast<float>(it[0] * 100 + it[1] * 10 + it[2]) - 50.0f);
                   hi.combine(static_cast<unsigned>(it[2] * 3));
                   b |= 1u << (it[1] % 32);
                   ++c;
                   c++;
                 })
      .wait();
  const std::int64_t n = static_cast<std::int64_t>(r.size());
  EXPECT_EQ(*s, n * (n - 1) / 2);
  EXPECT_EQ(*mn, -50.0f);
  EXPECT_EQ(*mx, 32u * 3);
  EXPECT_EQ(*bits, 0x1ffu);
  EXPECT_EQ(*cnt, 2 * n);
  sycl::free(s, q), sycl::free(mn, q), sycl::free(mx, q), sycl::free(bits, q), sycl::free(cnt, q);
}

TEST(RangeReduction, BufferAndUserOperator) {
  sycl::queue q;
  std::vector<int> data(5000);
  std::iota(data.begin(), data.end(), -2500);
  int result_max = -7, result_xor = 0, result_sum = 100;
  {
    sycl::buffer<int> in(data.data(), sycl::range<1>(data.size()));
    sycl::buffer<int> bmax(&result_max, sycl::range<1>(1));
    sycl::buffer<int> bxor(&result_xor, sycl::range<1>(1));
    sycl::buffer<int> bsum(&result_sum, sycl::range<1>(1));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor a{in, cgh, sycl::read_only};
      auto rmax = sycl::reduction(bmax, cgh, user_max());                             // no identity: partials only
      auto rxor = sycl::reduction(bxor, cgh, 0, [](int x, int y) { return x ^ y; });  // user identity
      auto rsum = sycl::reduction(bsum, cgh, sycl::plus<>(),
                                  sycl::property_list{sycl::property::reduction::initialize_to_identity{}});
      cgh.parallel_for(sycl::range<1>(data.size()), rmax, rxor, rsum, [=](sycl::id<1> i, auto& m, auto& x, auto& s) {
        m.combine(a[i]);
        x.combine(a[i] & 0xff);
        s += a[i];
      });
    });
  }
  int expect_xor = 0, expect_sum = 0;
  for (int v : data) expect_xor ^= (v & 0xff), expect_sum += v;
  EXPECT_EQ(result_max, 2499);
  EXPECT_EQ(result_xor, expect_xor);
  EXPECT_EQ(result_sum, expect_sum);
}

TEST(RangeReduction, ReducerIdentity) {
  sycl::queue q;
  int* v = sycl::malloc_shared<int>(2, q);
  v[0] = 0, v[1] = 0;
  int* out = v + 1;
  q.parallel_for(sycl::range<1>(3), sycl::reduction(v, sycl::minimum<int>()), [=](sycl::id<1> i, auto& m) {
     if (i[0] == 0) *out = m.identity();
     m.combine(1);
   }).wait();
  EXPECT_EQ(v[1], std::numeric_limits<int>::max());
  EXPECT_EQ(v[0], 0);
  sycl::free(v, q);
}

// SYCL-Bench's KernelReduction: item i combines elements cf*i .. cf*i + cf-1, for
// a sum, a maximum, an exclusive or (an element read twice or missed changes it)
// and a user identity; item counts around a block of 32 items and a chunk.
template <class T, int CF>
void coarsened_reductions() {
  sycl::queue q;
  for (std::size_t items : {std::size_t{31}, std::size_t{33}, std::size_t{1000}, std::size_t{4099}}) {
    const std::size_t n = items * CF;
    std::vector<T> data(n);
    for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<T>((i * i + 7 * i) % 1009);
    T* in = sycl::malloc_device<T>(n, q);
    q.copy(data.data(), in, n).wait();
    T* out = sycl::malloc_shared<T>(3, q);
    out[0] = T(0), out[1] = T(0), out[2] = T(0);
    q.parallel_for(sycl::range<1>(items), sycl::reduction(out, sycl::plus<T>()),
                   sycl::reduction(out + 1, sycl::maximum<T>()),
                   sycl::reduction(out + 2, T(0), [](T a, T b) { return a + b; }),
                   [=](sycl::id<1> i, auto& sum, auto& max, auto& user) {
                     for (int k = 0; k < CF; ++k) {
                       sum += in[i[0] * CF + k];
                       max.combine(in[i[0] * CF + k]);
                       user.combine(in[i[0] * CF + k]);
                     }
                   })
        .wait();
    T expect_sum = 0;
    for (T v : data) expect_sum += v;
    EXPECT_EQ(out[0], expect_sum) << "items=" << items << " cf=" << CF;
    EXPECT_EQ(out[1], *std::max_element(data.begin(), data.end())) << "items=" << items << " cf=" << CF;
    EXPECT_EQ(out[2], expect_sum) << "items=" << items << " cf=" << CF;
    if constexpr (std::is_integral_v<T>) {
      T* bits = sycl::malloc_shared<T>(1, q);
      *bits = 0;
      q.parallel_for(sycl::range<1>(items), sycl::reduction(bits, sycl::bit_xor<T>()), [=](sycl::id<1> i, auto& x) {
         for (int k = 0; k < CF; ++k) x ^= in[i[0] * CF + k];
       }).wait();
      T expect_bits = 0;
      for (T v : data) expect_bits ^= v;
      EXPECT_EQ(*bits, expect_bits) << "items=" << items << " cf=" << CF;
      sycl::free(bits, q);
    }
    sycl::free(in, q), sycl::free(out, q);
  }
}

TEST(RangeReduction, CoarsenedItems) {
  coarsened_reductions<int, 4>();
  coarsened_reductions<int, 8>();
  coarsened_reductions<long long, 4>();
  coarsened_reductions<unsigned, 3>();
  coarsened_reductions<float, 4>();  // sums of integers below 2^24: exact in any order
  coarsened_reductions<double, 8>();
}

// An item's first element goes to one reduction and the rest to another: each must
// still combine its own elements (every fourth, and the others).
TEST(RangeReduction, CoarsenedItemsSplitBetweenReductions) {
  sycl::queue q;
  const std::size_t items = 1000, n = items * 4;
  int* in = sycl::malloc_shared<int>(n, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>((i * 37) % 101);
  int* out = sycl::malloc_shared<int>(2, q);
  out[0] = 0, out[1] = 0;
  q.parallel_for(sycl::range<1>(items), sycl::reduction(out, sycl::plus<int>()),
                 sycl::reduction(out + 1, sycl::plus<int>()),
                 [=](sycl::id<1> i, auto& first, auto& rest) {
                   first += in[i[0] * 4];
                   for (int k = 1; k < 4; ++k) rest += in[i[0] * 4 + k];
                 })
      .wait();
  int expect_first = 0, expect_rest = 0;
  for (std::size_t i = 0; i < n; ++i) (i % 4 == 0 ? expect_first : expect_rest) += in[i];
  EXPECT_EQ(out[0], expect_first);
  EXPECT_EQ(out[1], expect_rest);
  sycl::free(in, q), sycl::free(out, q);
}

// An item that also writes what it reads keeps its own elements; the result is the same.
TEST(RangeReduction, CoarsenedItemsThatWrite) {
  sycl::queue q;
  const std::size_t items = 1000, n = items * 4;
  int* in = sycl::malloc_shared<int>(n, q);
  int* copy = sycl::malloc_shared<int>(n, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>(i % 97);
  int* sum = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  q.parallel_for(sycl::range<1>(items), sycl::reduction(sum, sycl::plus<int>()), [=](sycl::id<1> i, auto& s) {
     for (int k = 0; k < 4; ++k) {
       s += in[i[0] * 4 + k];
       copy[i[0] * 4 + k] = in[i[0] * 4 + k] + 1;
     }
   }).wait();
  int expect = 0;
  for (std::size_t i = 0; i < n; ++i) expect += in[i];
  EXPECT_EQ(*sum, expect);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(copy[i], in[i] + 1) << i;
  sycl::free(in, q), sycl::free(copy, q), sycl::free(sum, q);
}

template <class F>
void expect_errc(F&& f, sycl::errc code, const char* needle) {
  try {
    f();
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::make_error_code(code)) << e.what();
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(RangeReduction, Errors) {
  sycl::queue q;
  expect_errc([] { (void)sycl::reduction(static_cast<int*>(nullptr), sycl::plus<>()); }, sycl::errc::invalid,
              "null pointer");
  int x = 0;
  expect_errc(
      [&] {
        (void)sycl::reduction(&x, user_max(), sycl::property_list{sycl::property::reduction::initialize_to_identity{}});
      },
      sycl::errc::invalid, "no known");
  sycl::buffer<int> empty{sycl::range<1>(0)};
  sycl::buffer<int> two{sycl::range<1>(2)};
  expect_errc([&] { q.submit([&](sycl::handler& cgh) { (void)sycl::reduction(empty, cgh, sycl::plus<>()); }); },
              sycl::errc::invalid, "holds 0 elements");
  expect_errc([&] { q.submit([&](sycl::handler& cgh) { (void)sycl::reduction(two, cgh, sycl::plus<>()); }); },
              sycl::errc::invalid, "holds 2 elements");
}

}  // namespace
