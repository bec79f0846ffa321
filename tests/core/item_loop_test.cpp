// The CPU's item loops (include/weft/target/cpu/item_loop.hpp), which the compiler
// may vectorize across work items: every argument form reaches the kernel with
// the right ids, results are bit-identical to a scalar loop over the same items,
// and what items may do besides arithmetic keeps working inside such a loop
// (atomics, exceptions reaching the async handler, streams, reductions).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <string>
#include <sycl/sycl.hpp>
#include <tbb/task_arena.h>
#include <utility>
#include <vector>
#include <weft/target/cpu/parallel.hpp>
#include <weft/target/cpu/range_launch.hpp>

#include "../support/test_data.hpp"

namespace {

using weft_test::expect_same_bits;
const auto data = weft_test::random_floats;

// A kernel taking id<1>, size_t, item<1> and a generic argument: each item
// writes its own linear id, so a wrong or missing item shows.
TEST(ItemLoop, EveryArgumentFormVisitsEveryItemOnce) {
  sycl::queue q;
  const std::size_t n = 1000;
  std::vector<std::size_t> by_id(n, 0), by_size(n, 0), by_item(n, 0), by_auto(n, 0);
  std::size_t *pi = by_id.data(), *ps = by_size.data(), *pt = by_item.data(), *pa = by_auto.data();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { pi[i] += i[0] + 1; });
  q.parallel_for(sycl::range<1>(n), [=](std::size_t i) { ps[i] += i + 1; });
  q.parallel_for(sycl::range<1>(n),
                 [=](sycl::item<1> it) { pt[it.get_linear_id()] += it.get_id(0) + it.get_range(0); });
  q.parallel_for(sycl::range<1>(n), [=](auto it) { pa[it.get_linear_id()] += it.get_linear_id() + 1; });
  q.wait();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(by_id[i], i + 1) << i;
    ASSERT_EQ(by_size[i], i + 1) << i;
    ASSERT_EQ(by_item[i], i + n) << i;
    ASSERT_EQ(by_auto[i], i + 1) << i;
  }
}

// 2-D and 3-D ranges with and without an offset, as id and as item: the global
// id each item sees, and that each is seen exactly once.
template <int Dims, class Kernel>
void expect_each_once(sycl::range<Dims> r, sycl::id<Dims> offset, bool with_offset, Kernel make_kernel) {
  sycl::queue q;
  sycl::range<Dims> whole = r;
  for (int d = 0; d < Dims; ++d) whole[d] += offset[d];
  std::vector<int> count(whole.size(), 0);
  int* c = count.data();
  if (with_offset) q.parallel_for(r, offset, make_kernel(c, whole)).wait();
  else q.parallel_for(r, make_kernel(c, whole)).wait();
  for (std::size_t l = 0; l < whole.size(); ++l) {
    sycl::id<Dims> i = sycl::detail::delinearize(l, whole);
    bool inside = true;
    for (int d = 0; d < Dims; ++d) inside = inside && i[d] >= offset[d];
    ASSERT_EQ(count[l], inside ? 1 : 0) << "linear id " << l;
  }
}

TEST(ItemLoop, MultiDimensionalRangesWithAndWithoutOffset) {
  auto by_id2 = [](int* c, sycl::range<2> w) { return [=](sycl::id<2> i) { c[i[0] * w[1] + i[1]] += 1; }; };
  auto by_item2 = [](int* c, sycl::range<2> w) {
    return [=](sycl::item<2> it) { c[it.get_id(0) * w[1] + it.get_id(1)] += 1; };
  };
  auto by_id3 = [](int* c, sycl::range<3> w) {
    return [=](sycl::id<3> i) { c[(i[0] * w[1] + i[1]) * w[2] + i[2]] += 1; };
  };
  auto by_item3 = [](int* c, sycl::range<3> w) {
    return [=](sycl::item<3> it) { c[(it[0] * w[1] + it[1]) * w[2] + it[2]] += 1; };
  };
  expect_each_once<2>({37, 53}, {}, false, by_id2);
  expect_each_once<2>({37, 53}, {}, false, by_item2);
  expect_each_once<2>({37, 53}, {3, 5}, true, by_id2);
  expect_each_once<2>({37, 53}, {3, 5}, true, by_item2);
  expect_each_once<3>({7, 9, 31}, {}, false, by_id3);
  expect_each_once<3>({7, 9, 31}, {}, false, by_item3);
  expect_each_once<3>({7, 9, 31}, {2, 1, 4}, true, by_id3);
  expect_each_once<3>({7, 9, 31}, {2, 1, 4}, true, by_item3);
}

TEST(ItemLoop, ItemWithOffsetReportsOffsetAndLinearId) {
  sycl::queue q;
  const sycl::range<2> r(5, 7);
  const sycl::id<2> offset(2, 3);
  std::vector<std::size_t> linear(r.size(), 0);
  std::size_t* p = linear.data();
  q.parallel_for(r, offset, [=](sycl::item<2> it) {
     p[it.get_linear_id()] = (it.get_id(0) - 2) * 100 + (it.get_id(1) - 3) + 1;
   }).wait();
  for (std::size_t i = 0; i < r[0]; ++i)
    for (std::size_t j = 0; j < r[1]; ++j) EXPECT_EQ(linear[i * r[1] + j], i * 100 + j + 1);
}

// A naive matrix multiply (an item that loops) and an n-body step (rsqrt, fmin,
// fmax) give the same bits as the same body in a scalar loop over the items.
// (This file is compiled with -ffp-contract=off: with contraction the compiler
// may fuse a multiply-add in one loop shape and not in the other.)
TEST(ItemLoop, LoopingItemsBitIdenticalToScalarLoop) {
  sycl::queue q;
  const std::size_t n = 96;
  auto a = data(n * n, 1), b = data(n * n, 2);
  std::vector<float> c(n * n, -1.0f), c_item(n * n, -1.0f), ref(n * n);
  const float *pa = a.data(), *pb = b.data();
  float *pc = c.data(), *pci = c_item.data();
  auto body = [=](std::size_t i, std::size_t j) {
    float s = 0.0f;
    for (std::size_t k = 0; k < n; ++k) s += pa[i * n + k] * pb[k * n + j];
    return s;
  };
  q.parallel_for(sycl::range<2>(n, n), [=](sycl::id<2> i) { pc[i[0] * n + i[1]] = body(i[0], i[1]); });
  q.parallel_for(sycl::range<2>(n, n), [=](sycl::item<2> it) { pci[it.get_linear_id()] = body(it[0], it[1]); });
  q.wait();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) ref[i * n + j] = body(i, j);
  expect_same_bits(c, ref, "id kernel");
  expect_same_bits(c_item, ref, "item kernel");

  const std::size_t bodies = 777;
  auto x = data(bodies, 3), y = data(bodies, 4);
  std::vector<float> acc(bodies), acc_ref(bodies);
  const float *px = x.data(), *py = y.data();
  auto force = [=](std::size_t i) {
    float s = 0.0f;
    for (std::size_t j = 0; j < bodies; ++j) {
      float dx = px[j] - px[i], dy = py[j] - py[i];
      float inv = sycl::rsqrt(dx * dx + dy * dy + 0.01f);
      s += sycl::fmin(sycl::fmax(dx * inv * inv * inv, -50.0f), 50.0f);
    }
    return s;
  };
  float* pacc = acc.data();
  q.parallel_for(sycl::range<1>(bodies), [=](sycl::id<1> i) { pacc[i] = force(i); }).wait();
  for (std::size_t i = 0; i < bodies; ++i) acc_ref[i] = force(i);
  expect_same_bits(acc, acc_ref, "n-body kernel");
}

// The library's parallel loop with a step: every piece begins a whole number of steps
// from the start and ends at one (or at the end), and the pieces cover the range once.
TEST(ItemLoop, LoopPiecesBeginAtWholeSteps) {
  const std::size_t begin = 3, n = 64 * 500 + 37, step = 64;
  std::mutex m;
  std::vector<std::pair<std::size_t, std::size_t>> pieces;
  sycl::queue q;  // (Weft's workers exist)
  weft::cpu::parallel_for(
      begin, begin + n, 256,
      [&](std::size_t b, std::size_t e) {
        std::lock_guard<std::mutex> g(m);
        pieces.emplace_back(b, e);
      },
      step);
  std::sort(pieces.begin(), pieces.end());
  ASSERT_FALSE(pieces.empty());
  std::size_t next = begin;
  for (const auto& [b, e] : pieces) {
    EXPECT_EQ(b, next) << "a gap or an overlap before item " << b;
    EXPECT_EQ((b - begin) % step, 0u) << b;
    EXPECT_TRUE(e == begin + n || (e - begin) % step == 0) << e;
    EXPECT_LT(b, e);
    next = e;
  }
  EXPECT_EQ(next, begin + n);
}

// A large 1-D range runs in pieces of whole vectors of items (range_launch.hpp): a
// widened item loop leaves no items over but in the range's last piece. Seen from the
// items, a neighbour run by another worker is a whole number of vectors away.
TEST(ItemLoop, LargeRangeChangesWorkerOnlyBetweenWholeVectors) {
  sycl::queue q;
  if (weft::detail::static_partition()) GTEST_SKIP() << "the static partition's blocks are placement's (docs/hpc.md)";
  const std::size_t n = weft::cpu::vector_grain_items * 2000 + 37;
  std::vector<int> worker(n, -2);
  int* w = worker.data();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     volatile float spin = 0.0f;  // enough work per item that the workers share the range
     for (int k = 0; k < 200; ++k) spin = spin + 1.0f;
     w[i] = tbb::this_task_arena::current_thread_index();
   }).wait();
  for (std::size_t i = 1; i < n; ++i)
    if (worker[i] != worker[i - 1])
      ASSERT_EQ(i % weft::cpu::vector_grain_items, 0u)
          << "items " << i - 1 << " and " << i << " ran on workers " << worker[i - 1] << " and " << worker[i];
}

TEST(ItemLoop, AtomicsAcrossItems) {
  sycl::queue q;
  unsigned* hist = sycl::malloc_shared<unsigned>(16, q);
  std::fill(hist, hist + 16, 0u);
  q.parallel_for(sycl::range<2>(64, 129), [=](sycl::id<2> i) {
     sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> h(hist[(i[0] + i[1]) % 16]);
     h.fetch_add(1u);
   }).wait();
  unsigned total = 0;
  for (int b = 0; b < 16; ++b) total += hist[b];
  EXPECT_EQ(total, 64u * 129u);
  std::vector<unsigned> expect(16, 0);
  for (std::size_t i = 0; i < 64; ++i)
    for (std::size_t j = 0; j < 129; ++j) ++expect[(i + j) % 16];
  for (int b = 0; b < 16; ++b) EXPECT_EQ(hist[b], expect[b]) << b;
  sycl::free(hist, q);
}

TEST(ItemLoop, ExceptionFromAnItemReachesTheAsyncHandler) {
  std::vector<std::string> seen;
  sycl::queue q([&](sycl::exception_list l) {
    for (auto& e : l) try {
        std::rethrow_exception(e);
      } catch (const std::exception& x) {
        seen.push_back(x.what());
      }
  });
  std::vector<float> out(4096, 0.0f);
  float* p = out.data();
  q.parallel_for(sycl::range<1>(out.size()), [=](sycl::id<1> i) {
    if (i[0] == 3000) throw std::runtime_error("item 3000 failed");
    p[i] = float(i[0]) * 0.5f;
  });
  q.wait_and_throw();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0], "item 3000 failed");
}

TEST(ItemLoop, StreamAndReductionInItemKernels) {
  sycl::queue q;
  testing::internal::CaptureStdout();
  q.submit([&](sycl::handler& h) {
     sycl::stream os(4096, 128, h);
     h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { os << "item " << i[0] << sycl::endl; });
   }).wait();
  std::string out = testing::internal::GetCapturedStdout();
  EXPECT_EQ(out, "item 0\nitem 1\nitem 2\nitem 3\n");

  float* sum = sycl::malloc_shared<float>(1, q);
  *sum = 0.0f;
  q.parallel_for(sycl::range<2>(64, 33), sycl::reduction(sum, sycl::plus<float>()), [=](sycl::id<2> i, auto& r) {
     r += float(i[0] + i[1]);
   }).wait();
  EXPECT_EQ(*sum, float(33 * (63 * 64 / 2) + 64 * (32 * 33 / 2)));
  sycl::free(sum, q);
}

// fmin/fmax keep the C library's rule: a NaN argument loses to a number.
TEST(ItemLoop, FminFmaxNanRuleInVectorizedLoops) {
  sycl::queue q;
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  const std::vector<float> xs = {nan, 1.0f, nan, -inf, 2.0f, -0.0f, 3.0f, inf};
  const std::vector<float> ys = {1.0f, nan, nan, 5.0f, -inf, 0.0f, 3.0f, -1.0f};
  const std::size_t n = 4096;
  std::vector<float> mn(n), mx(n);
  const float *px = xs.data(), *py = ys.data();
  float *pmn = mn.data(), *pmx = mx.data();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     pmn[i] = sycl::fmin(px[i % 8], py[i % 8]);
     pmx[i] = sycl::fmax(px[i % 8], py[i % 8]);
   }).wait();
  for (std::size_t i = 0; i < n; ++i) {
    float x = xs[i % 8], y = ys[i % 8];
    float want_min = std::fmin(x, y), want_max = std::fmax(x, y);
    if (std::isnan(want_min)) EXPECT_TRUE(std::isnan(mn[i])) << i;
    else if (want_min != 0.0f) EXPECT_EQ(mn[i], want_min) << i;
    else EXPECT_EQ(mn[i], 0.0f) << i;  // fmin(-0, +0): either zero (C11 F.10.9.2)
    if (std::isnan(want_max)) EXPECT_TRUE(std::isnan(mx[i])) << i;
    else if (want_max != 0.0f) EXPECT_EQ(mx[i], want_max) << i;
    else EXPECT_EQ(mx[i], 0.0f) << i;
  }
  sycl::float4 v = sycl::fmin(sycl::float4(nan, 1.0f, 2.0f, nan), sycl::float4(0.5f, nan, 1.0f, nan));
  EXPECT_EQ(v.x(), 0.5f);
  EXPECT_EQ(v.y(), 1.0f);
  EXPECT_EQ(v.z(), 1.0f);
  EXPECT_TRUE(std::isnan(v.w()));
}

// rsqrt in float stays within the specification's 2 ULP (against double).
TEST(ItemLoop, FloatRsqrtWithinTwoUlp) {
  auto xs = data(20000, 9);
  for (auto& x : xs) x = std::fabs(x) * 1e3f + 1e-30f;
  xs.push_back(std::numeric_limits<float>::denorm_min());
  xs.push_back(std::numeric_limits<float>::max());
  for (float x : xs) {
    float got = sycl::rsqrt(x);
    double want = 1.0 / std::sqrt(double(x));
    double ulp = std::nextafter(float(want), std::numeric_limits<float>::infinity()) - float(want);
    EXPECT_LE(std::fabs(double(got) - want), 2.0 * ulp) << x;
  }
  EXPECT_TRUE(std::isinf(sycl::rsqrt(0.0f)));
  EXPECT_TRUE(std::isnan(sycl::rsqrt(-1.0f)));
}

}  // namespace
