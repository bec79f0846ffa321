// sycl::ext::oneapi::plus, multiplies, bit_and, bit_or, bit_xor, maximum and
// minimum: the SYCL 2020 function objects under DPC++'s names, with their known
// identities, in group algorithms and reductions.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <sycl/sycl.hpp>
#include <type_traits>
#include <vector>

namespace {

namespace ext = sycl::ext::oneapi;

static_assert(std::is_same_v<ext::plus<int>, sycl::plus<int>>);
static_assert(std::is_same_v<ext::maximum<>, sycl::maximum<void>>);
static_assert(sycl::has_known_identity_v<ext::multiplies<float>, float>);
static_assert(sycl::known_identity_v<ext::bit_and<std::uint32_t>, std::uint32_t> == 0xffffffffu);
static_assert(sycl::known_identity_v<ext::bit_or<int>, int> == 0);
static_assert(sycl::known_identity_v<ext::bit_xor<int>, int> == 0);
static_assert(sycl::known_identity_v<ext::minimum<int>, int> == std::numeric_limits<int>::max());
static_assert(sycl::known_identity_v<ext::maximum<int>, int> == std::numeric_limits<int>::lowest());

// Each work group reduces its items' values with every alias; the host computes the same.
TEST(ExtFunctional, GroupReductionsWithTheAliases) {
  constexpr std::size_t local = 48, groups = 5, n = local * groups;
  std::vector<int> in(n), out(groups * 7, 0);
  for (std::size_t i = 0; i < n; ++i) in[i] = int((i * 37) % 101) - 50;
  sycl::queue q;
  {
    sycl::buffer<int> bi(in.data(), sycl::range<1>(n)), bo(out.data(), sycl::range<1>(out.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor x(bi, h, sycl::read_only);
      sycl::accessor o(bo, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<1>(n, local), [=](sycl::nd_item<1> it) {
        auto g = it.get_group();
        const int v = x[it.get_global_id(0)];
        const int r[7] = {sycl::reduce_over_group(g, v, ext::plus<int>()),
                          sycl::reduce_over_group(g, v % 3 == 0 ? 2 : 1, ext::multiplies<>()),
                          sycl::reduce_over_group(g, v | 0x100, ext::bit_and<int>()),
                          sycl::reduce_over_group(g, v & 0xff, ext::bit_or<int>()),
                          sycl::reduce_over_group(g, v, ext::bit_xor<int>()),
                          sycl::reduce_over_group(g, v, ext::maximum<int>()),
                          sycl::reduce_over_group(g, v, ext::minimum<>())};
        if (g.leader())
          for (int k = 0; k < 7; ++k) o[g.get_group_linear_id() * 7 + k] = r[k];
      });
    });
  }
  for (std::size_t gr = 0; gr < groups; ++gr) {
    int e[7] = {0, 1, ~0, 0, 0, std::numeric_limits<int>::lowest(), std::numeric_limits<int>::max()};
    for (std::size_t i = gr * local; i < (gr + 1) * local; ++i) {
      const int v = in[i];
      e[0] += v;
      e[1] *= v % 3 == 0 ? 2 : 1;
      e[2] &= v | 0x100;
      e[3] |= v & 0xff;
      e[4] ^= v;
      e[5] = std::max(e[5], v);
      e[6] = std::min(e[6], v);
    }
    for (int k = 0; k < 7; ++k) EXPECT_EQ(out[gr * 7 + k], e[k]) << "group " << gr << " operation " << k;
  }
}

// A reduction object takes the aliases and their identities.
TEST(ExtFunctional, ReductionsWithTheAliases) {
  constexpr std::size_t n = 1000;
  sycl::queue q;
  int* sum = sycl::malloc_shared<int>(3, q);
  sum[0] = 7;
  sum[1] = 0;
  sum[2] = 0;
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::range<1>(n), sycl::reduction(sum, ext::plus<int>()),
                    sycl::reduction(sum + 1, ext::maximum<int>()), sycl::reduction(sum + 2, ext::bit_xor<int>()),
                    [=](sycl::id<1> i, auto& s, auto& mx, auto& x) {
                      s += int(i[0]);
                      mx.combine(int((i[0] * 13) % 997));
                      x ^= int(i[0]);
                    });
   }).wait();
  int expect_max = 0, expect_xor = 0;
  for (std::size_t i = 0; i < n; ++i) {
    expect_max = std::max(expect_max, int((i * 13) % 997));
    expect_xor ^= int(i);
  }
  EXPECT_EQ(sum[0], 7 + int(n * (n - 1) / 2));
  EXPECT_EQ(sum[1], expect_max);
  EXPECT_EQ(sum[2], expect_xor);
  sycl::free(sum, q);
}

}  // namespace
