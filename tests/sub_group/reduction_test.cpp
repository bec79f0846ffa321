// sycl::reduction on the GPU: parallel_for(range | nd_range, reductions..., kernel)
// with known identities (plus, multiplies, minimum, maximum, bit ops), user
// identities, operators without an identity, USM and buffer variables,
// initialize_to_identity; results against a host reference.
#include "../support/gpu.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace {
// A user operator with no known identity.
struct max_abs {
  SYCL_EXTERNAL int operator()(int a, int b) const { return (a < 0 ? -a : a) > (b < 0 ? -b : b) ? a : b; }
};
struct minmax {
  float lo, hi;
};
struct minmax_op {
  SYCL_EXTERNAL minmax operator()(const minmax& a, const minmax& b) const {
    return {a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
  }
};
int value(std::size_t i) { return int((i * 2654435761u) % 2001) - 1000; }
}  // namespace

TEST(Reduction, RangeSumManySizes) {
  target_queue q;
  for (std::size_t n :
       {std::size_t(0), std::size_t(1), std::size_t(1000), std::size_t(257 * 256 + 3), std::size_t(1) << 24}) {
    int* in = sycl::malloc_device<int>(std::max<std::size_t>(n, 1), q);
    long long* sum = sycl::malloc_shared<long long>(1, q);
    *sum = 5;  // combined with the old value (no initialize_to_identity)
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { in[i] = int((i[0] * 2654435761u) % 2001) - 1000; }).wait();
    q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<long long>()), [=](sycl::id<1> i, auto& s) {
       s += (long long)in[i];
     }).wait();
    long long want = 5;
    for (std::size_t i = 0; i < n; ++i) want += value(i);
    EXPECT_EQ(*sum, want) << "n = " << n;
    sycl::free(in, q);
    sycl::free(sum, q);
  }
}

TEST(Reduction, SeveralKnownIdentitiesOneKernel) {
  target_queue q;
  constexpr std::size_t n = 300000;
  double* d = sycl::malloc_shared<double>(1, q);
  int* mn = sycl::malloc_shared<int>(1, q);
  int* mx = sycl::malloc_shared<int>(1, q);
  unsigned* band = sycl::malloc_shared<unsigned>(1, q);
  unsigned* bor = sycl::malloc_shared<unsigned>(1, q);
  unsigned* bxor = sycl::malloc_shared<unsigned>(1, q);
  double* prod = sycl::malloc_shared<double>(1, q);
  *d = 100.0;
  *mn = 12345;  // overwritten (initialize_to_identity)
  *mx = -5000;  // combined: stays the max
  *band = 0xffffffffu;
  *bor = 0;
  *bxor = 0;
  *prod = 3.0;
  const sycl::property_list init{sycl::property::reduction::initialize_to_identity()};
  q.parallel_for(sycl::range<1>(n), sycl::reduction(d, sycl::plus<double>()),
                 sycl::reduction(mn, sycl::minimum<int>(), init), sycl::reduction(mx, sycl::maximum<int>()),
                 sycl::reduction(band, sycl::bit_and<unsigned>()), sycl::reduction(bor, sycl::bit_or<unsigned>()),
                 sycl::reduction(bxor, sycl::bit_xor<unsigned>()), sycl::reduction(prod, sycl::multiplies<double>()),
                 [=](sycl::item<1> it, auto& s, auto& lo, auto& hi, auto& a, auto& o, auto& x, auto& p) {
                   const std::size_t i = it.get_id(0);
                   const int v = int((i * 2654435761u) % 2001) - 1000;
                   s += double(v) * 0.5;
                   lo.combine(v);
                   hi.combine(v);
                   a &= unsigned(i) | 0xffff0000u;
                   o |= unsigned(i % 1024) << 3;
                   x ^= unsigned(i * 7);
                   p *= (i % 1000 == 0 ? 1.5 : 1.0);
                 })
      .wait();
  double ws = 100.0, wp = 3.0;
  int wmn = std::numeric_limits<int>::max(), wmx = -5000;
  unsigned wa = 0xffffffffu, wo = 0, wx = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const int v = value(i);
    ws += double(v) * 0.5;
    wmn = std::min(wmn, v);
    wmx = std::max(wmx, v);
    wa &= unsigned(i) | 0xffff0000u;
    wo |= unsigned(i % 1024) << 3;
    wx ^= unsigned(i * 7);
    if (i % 1000 == 0) wp *= 1.5;
  }
  EXPECT_EQ(*d, ws);
  EXPECT_EQ(*mn, wmn);
  EXPECT_EQ(*mx, wmx);
  EXPECT_EQ(*band, wa);
  EXPECT_EQ(*bor, wo);
  EXPECT_EQ(*bxor, wx);
  EXPECT_DOUBLE_EQ(*prod, wp);
  for (void* p : {(void*)d, (void*)mn, (void*)mx, (void*)band, (void*)bor, (void*)bxor, (void*)prod}) sycl::free(p, q);
}

// User operators: with a given identity, and with none (partials carry 'engaged').
TEST(Reduction, UserIdentityAndNoIdentity) {
  target_queue q;
  constexpr std::size_t n = 1 << 18;
  int* ma = sycl::malloc_shared<int>(1, q);
  minmax* mm = sycl::malloc_shared<minmax>(1, q);
  int* lam = sycl::malloc_shared<int>(1, q);
  *ma = 7;
  *mm = {1e30f, -1e30f};
  *lam = 0;
  const minmax mm_identity{std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()};
  q.parallel_for(sycl::range<2>(512, n / 512), sycl::reduction(ma, max_abs()),
                 sycl::reduction(mm, mm_identity, minmax_op()),
                 sycl::reduction(lam, 0, [](int a, int b) { return a + 2 * b; }),
                 [=](sycl::item<2> it, auto& a, auto& m, auto& l) {
                   const std::size_t i = it.get_linear_id();
                   const int v = int((i * 2654435761u) % 2001) - 1000;
                   a.combine(v);
                   m.combine(minmax{float(v) / 4, float(v) / 4});
                   if (i % 4096 == 0) l.combine(1);
                 })
      .wait();
  int wa = 7;
  float lo = 1e30f, hi = -1e30f;
  for (std::size_t i = 0; i < n; ++i) {
    wa = max_abs()(wa, value(i));
    lo = std::min(lo, float(value(i)) / 4);
    hi = std::max(hi, float(value(i)) / 4);
  }
  EXPECT_EQ(std::abs(*ma), std::abs(wa));
  EXPECT_EQ(mm->lo, lo);
  EXPECT_EQ(mm->hi, hi);
  // a + 2b is neither associative nor commutative; only 'how many 1s' is checked:
  // every combination of k ones with identity 0 is > 0 and even for k > 1.
  EXPECT_GT(*lam, 0);
  sycl::free(ma, q);
  sycl::free(mm, q);
  sycl::free(lam, q);
}

// Buffer reduction variables, nd_range kernels with local memory and barriers.
TEST(Reduction, NdRangeWithLocalMemoryAndBuffers) {
  target_queue q;
  constexpr std::size_t groups = 1000, wg = 192, n = groups * wg;
  std::vector<float> data(n);
  for (std::size_t i = 0; i < n; ++i) data[i] = float(value(i)) / 8;
  float total = 0, biggest = -1;
  int count = 3;
  {
    sycl::buffer<float> bd(data.data(), sycl::range<1>(n));
    sycl::buffer<float> bt(&total, sycl::range<1>(1)), bb(&biggest, sycl::range<1>(1));
    sycl::buffer<int> bc(&count, sycl::range<1>(1));
    q.submit([&](sycl::handler& h) {
      sycl::accessor in{bd, h, sycl::read_only};
      sycl::local_accessor<float, 1> tile(wg, h);
      h.parallel_for(sycl::nd_range<1>(n, wg),
                     sycl::reduction(bt, h, sycl::plus<float>(),
                                     sycl::property_list{sycl::property::reduction::initialize_to_identity()}),
                     sycl::reduction(bb, h, sycl::maximum<float>()), sycl::reduction(bc, h, sycl::plus<int>()),
                     [=](sycl::nd_item<1> it, auto& sum, auto& mx, auto& cnt) {
                       const std::size_t l = it.get_local_id(0);
                       tile[l] = in[it.get_global_id(0)];
                       sycl::group_barrier(it.get_group());
                       // each item reads its neighbour's value through local memory
                       const float v = tile[(l + 1) % wg];
                       sum += v;
                       mx.combine(v);
                       if (l == 0) ++cnt;
                     });
    });
  }
  double want = 0;
  float wmax = -1;
  for (std::size_t i = 0; i < n; ++i) {
    want += data[i];
    wmax = std::max(wmax, data[i]);
  }
  EXPECT_NEAR(total, want, 1e-3 * double(n));  // float sums in a different order
  EXPECT_EQ(biggest, wmax);
  EXPECT_EQ(count, 3 + int(groups));
}

TEST(Reduction, NdRange2dExact) {
  target_queue q;
  long long* s = sycl::malloc_device<long long>(1, q);
  unsigned* m = sycl::malloc_device<unsigned>(1, q);
  q.memset(s, 0, sizeof(long long)).wait();
  q.memset(m, 0, sizeof(unsigned)).wait();
  const sycl::nd_range<2> ndr(sycl::range<2>(96, 200), sycl::range<2>(8, 25));
  q.parallel_for(ndr, sycl::reduction(s, sycl::plus<long long>()), sycl::reduction(m, sycl::maximum<unsigned>()),
                 [=](sycl::nd_item<2> it, auto& sum, auto& mx) {
                   sum += (long long)(it.get_global_id(0) * 1000 + it.get_global_id(1));
                   mx.combine(unsigned(it.get_group_linear_id()));
                 })
      .wait();
  long long hs = 0;
  unsigned hm = 0;
  q.memcpy(&hs, s, sizeof hs).wait();
  q.memcpy(&hm, m, sizeof hm).wait();
  long long want = 0;
  for (long long i = 0; i < 96; ++i)
    for (long long j = 0; j < 200; ++j) want += i * 1000 + j;
  EXPECT_EQ(hs, want);
  EXPECT_EQ(hm, unsigned(96 / 8 * 200 / 25 - 1));
  sycl::free(s, q);
  sycl::free(m, q);
}
