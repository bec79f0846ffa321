// sycl::ext::oneapi::group_ballot and sub_group_mask: the ballot of each
// sub-group against a host model, and the mask's members on known bits.
#include <gtest/gtest.h>

#include <cstdint>
#include <sycl/sycl.hpp>

#include "../support/sub_group_size.hpp"
#include <vector>

namespace {

namespace ext = sycl::ext::oneapi;

// Items vote (lane * 7 + sub-group) % 3 == 0; every lane reads back the mask's
// bits, count, lowest and highest set bit (work groups with a partial sub-group too).
TEST(GroupBallot, EachLaneGetsItsSubGroupsMask) {
  sycl::queue q;
  const std::size_t sg = weft_test::default_sub_group_size(q);
  const std::size_t local = sg * 3 + sg / 2, groups = 4, n = local * groups;
  struct seen {
    std::uint64_t bits;
    std::uint32_t count, size, low, high;
    bool mine, any, all;
  };
  std::vector<seen> out(n);
  {
    sycl::buffer<seen> b(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<1>(n, local), [=](sycl::nd_item<1> it) {
        auto s = it.get_sub_group();
        const std::size_t lane = s.get_local_linear_id();
        ext::sub_group_mask m = ext::group_ballot(s, (lane * 7 + s.get_group_linear_id()) % 3 == 0);
        std::uint64_t bits = 0;
        m.extract_bits(bits);
        o[it.get_global_id(0)] =
            seen{bits,    m.count(), m.size(), std::uint32_t(m.find_low()[0]), std::uint32_t(m.find_high()[0]),
                 m[lane], m.any(),   m.all()};
      });
    });
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t l = i % local, sg_id = l / sg, lane = l % sg;
    const std::size_t lanes = std::min(sg, local - sg_id * sg);
    std::uint64_t e = 0;
    for (std::size_t k = 0; k < lanes; ++k)
      if ((k * 7 + sg_id) % 3 == 0) e |= std::uint64_t(1) << k;
    ASSERT_EQ(out[i].bits, e) << "item " << i;
    EXPECT_EQ(out[i].count, std::uint32_t(__builtin_popcountll(e)));
    EXPECT_EQ(out[i].size, sg);
    EXPECT_EQ(out[i].low, e ? std::uint32_t(__builtin_ctzll(e)) : sg);
    EXPECT_EQ(out[i].high, e ? std::uint32_t(63 - __builtin_clzll(e)) : sg);
    EXPECT_EQ(out[i].mine, (e >> lane) & 1);
    EXPECT_EQ(out[i].any, e != 0);
    EXPECT_FALSE(out[i].all);
  }
}

// The members on a mask of the program's sub-group size (16 on the CPU).
TEST(SubGroupMask, MembersOnKnownBits) {
  ext::sub_group_mask m(0b1011'0000'0000'0110ull);
  const std::uint32_t size = m.size();
  ASSERT_GE(size, 16u);
  EXPECT_EQ(m.count(), 5u);
  EXPECT_EQ(m.find_low()[0], 1u);
  EXPECT_EQ(m.find_high()[0], 15u);
  EXPECT_TRUE(m.test(2));
  EXPECT_FALSE(m[0]);
  m.set(0);
  EXPECT_TRUE(m[0]);
  m[0] = false;
  EXPECT_FALSE(m[0]);
  m[3].flip();
  EXPECT_TRUE(m.test(3));
  m.reset_low();
  EXPECT_FALSE(m.test(1));
  m.reset_high();
  EXPECT_FALSE(m.test(15));
  std::uint16_t word = 0;
  m.extract_bits(word);
  EXPECT_EQ(word, 0b0011'0000'0000'1100u);
  m.insert_bits(std::uint8_t(0xff), 4);
  m.extract_bits(word);
  EXPECT_EQ(word, 0b0011'1111'1111'1100u);
  std::uint8_t high = 0;
  m.extract_bits(high, 8);
  EXPECT_EQ(high, 0b0011'1111u);
  sycl::marray<std::uint8_t, 2> bytes{0x12, 0x34};
  m.insert_bits(bytes);
  m.extract_bits(word);
  EXPECT_EQ(word, 0x3412u);
  sycl::marray<std::uint8_t, 2> back;
  m.extract_bits(back);
  EXPECT_EQ(back[0], 0x12u);
  EXPECT_EQ(back[1], 0x34u);

  // Bits at or above size() never become set.
  ext::sub_group_mask f = ~ext::sub_group_mask(0ull);
  EXPECT_TRUE(f.all());
  EXPECT_EQ(f.count(), size);
  EXPECT_EQ((f << 1).count(), size - 1);
  EXPECT_EQ((f >> 3).count(), size - 3);
  EXPECT_FALSE((f << 1).all());
  f.reset();
  EXPECT_TRUE(f.none());
  f.set();
  EXPECT_EQ(f.count(), size);
  ext::sub_group_mask a(0b1100ull), b(0b1010ull);
  EXPECT_EQ(a & b, ext::sub_group_mask(0b1000ull));
  EXPECT_EQ(a | b, ext::sub_group_mask(0b1110ull));
  EXPECT_EQ(a ^ b, ext::sub_group_mask(0b0110ull));
  EXPECT_NE(a, b);
}

}  // namespace
