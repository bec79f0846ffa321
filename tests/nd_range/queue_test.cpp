// nd_range kernels through queues and handlers: the seed's local-memory
// reduction at large sizes, local accessors (2020 and 1.2.1), tiled matmul,
// atomics under contention, group copies, and errors (synchronous at submission,
// asynchronous through the async handler, with the queue still usable after).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <sycl/sycl.hpp>
#include <vector>
#include <weft/sanitizer.hpp>
#include "../support/group_reversal.hpp"
#include "../support/mentions.hpp"

namespace {

// The seed's largest input (2^24) in release builds; 2^21 under the
// sanitizers, where every item's barrier is a fiber switch announced to them
// (about 80 s for the 2^24 cases under TSan), still several levels of groups.
#if defined(WEFT_ASAN) || defined(WEFT_TSAN)
constexpr std::size_t large_input = std::size_t{1} << 21;
#else
constexpr std::size_t large_input = std::size_t{1} << 24;
#endif

// The seed's kernel (shared/seeds/local-memory-reduction-computecpp.txt),
// verbatim, over `data` with the given work-group size; returns the sum.
int32_t seed_reduction(std::vector<int32_t> data, std::size_t wgroup_size, sycl::queue& queue) {
  sycl::buffer<int32_t, 1> buf(data.data(), sycl::range<1>(data.size()));
  auto part_size = wgroup_size * 2;
  auto len = data.size();
  while (len != 1) {
    auto n_wgroups = (len + part_size - 1) / part_size;
    queue.submit([&](sycl::handler& cgh) {
      sycl::accessor<int32_t, 1, sycl::access::mode::read_write, sycl::access::target::local> local_mem(
          sycl::range<1>(wgroup_size), cgh);
      auto global_mem = buf.get_access<sycl::access::mode::read_write>(cgh);
      cgh.parallel_for<class reduction_kernel>(
          sycl::nd_range<1>(n_wgroups * wgroup_size, wgroup_size), [=](sycl::nd_item<1> item) {
            size_t local_id = item.get_local_linear_id();
            size_t global_id = item.get_global_linear_id();
            local_mem[local_id] = 0;
            if ((2 * global_id) < len) {
              local_mem[local_id] = global_mem[2 * global_id] + global_mem[2 * global_id + 1];
            }
            item.barrier(sycl::access::fence_space::local_space);
            for (size_t stride = 1; stride < wgroup_size; stride *= 2) {
              auto idx = 2 * stride * local_id;
              if (idx < wgroup_size) {
                local_mem[idx] = local_mem[idx] + local_mem[idx + stride];
              }
              item.barrier(sycl::access::fence_space::local_space);
            }
            if (local_id == 0) {
              global_mem[item.get_group_linear_id()] = local_mem[0];
            }
          });
    });
    len = n_wgroups;
  }
  auto acc = buf.get_access<sycl::access::mode::read>();
  return acc[0];
}

std::vector<int32_t> random_ints(std::size_t n, unsigned seed) {
  std::vector<int32_t> v(n);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int32_t> dist(0, 10);
  for (auto& x : v) x = dist(rng);
  return v;
}

struct SeedReduction : ::testing::TestWithParam<std::pair<std::size_t, std::size_t>> {};

TEST_P(SeedReduction, SumsRandomInput) {
  auto [n, wg] = GetParam();
  sycl::queue q;
  auto data = random_ints(n, static_cast<unsigned>(n + wg));
  const int64_t expected = std::accumulate(data.begin(), data.end(), int64_t{0});
  EXPECT_EQ(seed_reduction(data, wg, q), expected);
}

INSTANTIATE_TEST_SUITE_P(Sizes, SeedReduction,
                         ::testing::Values(std::make_pair(std::size_t{16}, std::size_t{1024}),
                                           std::make_pair(std::size_t{1} << 20, std::size_t{1024}),
                                           std::make_pair(std::size_t{1} << 20, std::size_t{256}),
                                           std::make_pair(large_input, std::size_t{1024}),
                                           std::make_pair(large_input, std::size_t{256})));

TEST(LocalAccessor, QueriesAndSubscripts3D) {
  sycl::queue q;
  std::vector<int> out(2 * 4 * 8, 0);
  std::vector<std::size_t> info(4, 0);
  {
    sycl::buffer<int, 3> ob(out.data(), sycl::range<3>(2, 4, 8));
    sycl::buffer<std::size_t, 1> ib(info.data(), sycl::range<1>(4));
    q.submit([&](sycl::handler& cgh) {
      sycl::local_accessor<int, 3> tile(sycl::range<3>(2, 4, 8), cgh);
      sycl::local_accessor<double, 1> other(sycl::range<1>(3), cgh);
      sycl::accessor o{ob, cgh, sycl::write_only};
      sycl::accessor inf{ib, cgh, sycl::write_only};
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(2, 4, 8), sycl::range<3>(2, 4, 8)), [=](sycl::nd_item<3> it) {
        const std::size_t i = it.get_local_id(0), j = it.get_local_id(1), k = it.get_local_id(2);
        tile[i][j][k] = static_cast<int>(100 * i + 10 * j + k);
        it.barrier();
        o[it.get_global_id()] = tile[sycl::id<3>(1 - i, 3 - j, 7 - k)];
        if (it.get_local_linear_id() == 0) {
          inf[0] = tile.size();
          inf[1] = tile.get_range()[2];
          inf[2] = reinterpret_cast<std::uintptr_t>(other.get_multi_ptr<sycl::access::decorated::no>().get_raw()) % 64;
          inf[3] = tile.byte_size();
        }
      });
    });
  }
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t j = 0; j < 4; ++j)
      for (std::size_t k = 0; k < 8; ++k)
        ASSERT_EQ(out[(i * 4 + j) * 8 + k], static_cast<int>(100 * (1 - i) + 10 * (3 - j) + (7 - k)));
  EXPECT_EQ(info[0], 64u);
  EXPECT_EQ(info[1], 8u);
  EXPECT_EQ(info[2], 0u);  // every local allocation starts on a cache line
  EXPECT_EQ(info[3], 64u * sizeof(int));
}

// C = A * B with 16x16 tiles staged in local memory.
TEST(LocalAccessor, TiledMatmul2D) {
  constexpr std::size_t n = 128, t = 16;
  std::vector<float> a(n * n), b(n * n), c(n * n, 0.0f);
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (auto& x : a) x = dist(rng);
  for (auto& x : b) x = dist(rng);
  sycl::queue q;
  {
    sycl::buffer<float, 2> A(a.data(), sycl::range<2>(n, n)), B(b.data(), sycl::range<2>(n, n)),
        C(c.data(), sycl::range<2>(n, n));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor ra{A, cgh, sycl::read_only};
      sycl::accessor rb{B, cgh, sycl::read_only};
      sycl::accessor wc{C, cgh, sycl::write_only, sycl::no_init};
      sycl::local_accessor<float, 2> ta(sycl::range<2>(t, t), cgh), tb(sycl::range<2>(t, t), cgh);
      cgh.parallel_for(sycl::nd_range<2>(sycl::range<2>(n, n), sycl::range<2>(t, t)), [=](sycl::nd_item<2> it) {
        const std::size_t i = it.get_local_id(0), j = it.get_local_id(1);
        const std::size_t row = it.get_global_id(0), col = it.get_global_id(1);
        float sum = 0.0f;
        for (std::size_t k0 = 0; k0 < n; k0 += t) {
          ta[i][j] = ra[row][k0 + j];
          tb[i][j] = rb[k0 + i][col];
          sycl::group_barrier(it.get_group());
          for (std::size_t k = 0; k < t; ++k) sum += ta[i][k] * tb[k][j];
          sycl::group_barrier(it.get_group());
        }
        wc[row][col] = sum;
      });
    });
  }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      double ref = 0;
      for (std::size_t k = 0; k < n; ++k) ref += double(a[i * n + k]) * b[k * n + j];
      ASSERT_NEAR(c[i * n + j], ref, 1e-3) << i << "," << j;
    }
}

// ---- atomics -------------------------------------------------------------------

TEST(AtomicRef, GlobalContention) {
  constexpr std::size_t n = 1 << 18, l = 128;
  sycl::queue q;
  auto* counters = sycl::malloc_shared<long long>(4, q);
  auto* fsum = sycl::malloc_shared<double>(1, q);
  auto* cas_count = sycl::malloc_shared<unsigned>(1, q);
  counters[0] = 0;
  counters[1] = 0;
  counters[2] = std::numeric_limits<long long>::max();
  counters[3] = std::numeric_limits<long long>::min();
  *fsum = 0.0;
  *cas_count = 0;
  q.parallel_for(sycl::nd_range<1>(n, l), [=](sycl::nd_item<1> it) {
     using dev_ref = sycl::atomic_ref<long long, sycl::memory_order::relaxed, sycl::memory_scope::device,
                                      sycl::access::address_space::global_space>;
     const long long i = static_cast<long long>(it.get_global_id(0));
     dev_ref(counters[0]).fetch_add(1);
     dev_ref(counters[1]) += i;
     dev_ref(counters[2]).fetch_min(i);
     dev_ref(counters[3]).fetch_max(i);
     sycl::atomic_ref<double, sycl::memory_order::relaxed, sycl::memory_scope::device> f(*fsum);
     f.fetch_add(0.5);
     sycl::atomic_ref<unsigned, sycl::memory_order::acq_rel, sycl::memory_scope::device> c(*cas_count);
     unsigned old = c.load();
     while (!c.compare_exchange_weak(old, old + 1)) {
     }
   }).wait();
  EXPECT_EQ(counters[0], static_cast<long long>(n));
  EXPECT_EQ(counters[1], static_cast<long long>(n) * (static_cast<long long>(n) - 1) / 2);
  EXPECT_EQ(counters[2], 0);
  EXPECT_EQ(counters[3], static_cast<long long>(n) - 1);
  EXPECT_EQ(*fsum, 0.5 * n);
  EXPECT_EQ(*cas_count, n);
  sycl::free(counters, q);
  sycl::free(fsum, q);
  sycl::free(cas_count, q);
}

// Histogram in local memory with local atomics, merged with global atomics.
TEST(AtomicRef, LocalHistogramContention) {
  constexpr std::size_t n = 1 << 20, l = 256, bins = 16;
  std::vector<unsigned> data(n), hist(bins, 0);
  std::mt19937 rng(11);
  for (auto& x : data) x = rng() % bins;
  sycl::queue q;
  {
    sycl::buffer<unsigned> db(data.data(), sycl::range<1>(n)), hb(hist.data(), sycl::range<1>(bins));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor d{db, cgh, sycl::read_only};
      sycl::accessor h{hb, cgh, sycl::read_write};
      sycl::local_accessor<unsigned, 1> local_hist(sycl::range<1>(bins), cgh);
      cgh.parallel_for(sycl::nd_range<1>(n, l), [=](sycl::nd_item<1> it) {
        const std::size_t lid = it.get_local_id(0);
        if (lid < bins) local_hist[lid] = 0;
        it.barrier(sycl::access::fence_space::local_space);
        sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                         sycl::access::address_space::local_space>(local_hist[d[it.get_global_id(0)]])++;
        it.barrier(sycl::access::fence_space::local_space);
        if (lid < bins)
          sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device,
                           sycl::access::address_space::global_space>(h[lid])
              .fetch_add(local_hist[lid]);
      });
    });
  }
  std::vector<unsigned> expected(bins, 0);
  for (unsigned x : data) ++expected[x];
  EXPECT_EQ(hist, expected);
}

// ---- group copies ------------------------------------------------------------------

TEST(AsyncWorkGroupCopy, ContiguousAndStrided) {
  constexpr std::size_t l = 64, groups = 16, n = l * groups;
  std::vector<float> in(2 * n), out(n, 0.0f), strided_out(2 * n, -1.0f);
  std::iota(in.begin(), in.end(), 0.0f);
  sycl::queue q;
  {
    sycl::buffer<float> ib(in.data(), sycl::range<1>(2 * n)), ob(out.data(), sycl::range<1>(n)),
        sb(strided_out.data(), sycl::range<1>(2 * n));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor src{ib, cgh, sycl::read_only};
      sycl::accessor dst{ob, cgh, sycl::write_only};
      sycl::accessor sdst{sb, cgh, sycl::read_write};
      sycl::local_accessor<float, 1> tile(sycl::range<1>(l), cgh), every_other(sycl::range<1>(l), cgh);
      cgh.parallel_for(sycl::nd_range<1>(n, l), [=](sycl::nd_item<1> it) {
        const std::size_t g = it.get_group(0), lid = it.get_local_id(0);
        // global -> local, contiguous, and every other element (source stride 2)
        auto e1 = it.async_work_group_copy(tile.get_pointer(), src.get_pointer() + g * l, l);
        auto e2 = it.async_work_group_copy(every_other.get_pointer(), src.get_pointer() + 2 * g * l, l, 2);
        it.wait_for(e1, e2);
        dst[it.get_global_id(0)] = tile[l - 1 - lid] + every_other[lid];
        it.barrier();
        // local -> global with destination stride 2, through the group's form
        auto e3 = it.get_group().async_work_group_copy(sdst.get_pointer() + 2 * g * l, tile.get_pointer(), l, 2);
        e3.wait();
      });
    });
  }
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t lid = 0; lid < l; ++lid) {
      const float tile_val = static_cast<float>(g * l + (l - 1 - lid));
      const float other_val = static_cast<float>(2 * g * l + 2 * lid);
      ASSERT_EQ(out[g * l + lid], tile_val + other_val) << g << " " << lid;
      ASSERT_EQ(strided_out[2 * g * l + 2 * lid], static_cast<float>(g * l + lid));
      ASSERT_EQ(strided_out[2 * g * l + 2 * lid + 1], -1.0f);
    }
}

// The same copies through multi_ptrs: SYCL 2020 get_multi_ptr and global_ptr,
// and the SYCL 1.2.1 local accessor's local_ptr beside a raw accessor pointer.
TEST(AsyncWorkGroupCopy, MultiPtrForms) {
  constexpr std::size_t l = 32, groups = 8, n = l * groups;
  std::vector<int> in(2 * n), out(n, 0), back(2 * n, -1);
  std::iota(in.begin(), in.end(), 0);
  sycl::queue q;
  {
    sycl::buffer<int> ib(in.data(), sycl::range<1>(2 * n)), ob(out.data(), sycl::range<1>(n)),
        bb(back.data(), sycl::range<1>(2 * n));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor src{ib, cgh, sycl::read_only};
      sycl::accessor dst{ob, cgh, sycl::write_only};
      sycl::accessor bdst{bb, cgh, sycl::read_write};
      sycl::local_accessor<int, 1> a(sycl::range<1>(l), cgh);
      sycl::accessor<int, 1, sycl::access::mode::read_write, sycl::access::target::local> b(sycl::range<1>(l), cgh);
      cgh.parallel_for(sycl::nd_range<1>(n, l), [=](sycl::nd_item<1> it) {
        const std::size_t g = it.get_group(0), lid = it.get_local_id(0);
        auto e1 = it.async_work_group_copy(a.get_multi_ptr<sycl::access::decorated::no>(),
                                           sycl::global_ptr<const int>(src.get_pointer() + g * l), l);
        auto e2 = it.async_work_group_copy(b.get_pointer(), src.get_pointer() + 2 * g * l + 1, l, 2);
        it.wait_for(e1, e2);
        dst[it.get_global_id(0)] = a[lid] * 1000 + b[lid];
        sycl::atomic_fence(sycl::memory_order::acq_rel, sycl::memory_scope::work_group);
        it.barrier(sycl::access::fence_space::local_space);
        auto e3 =
            it.async_work_group_copy(sycl::global_ptr<int>(bdst.get_pointer() + 2 * g * l), b.get_pointer(), l, 2);
        e3.wait();
      });
    });
  }
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t lid = 0; lid < l; ++lid) {
      const int av = static_cast<int>(g * l + lid), bv = static_cast<int>(2 * g * l + 1 + 2 * lid);
      ASSERT_EQ(out[g * l + lid], av * 1000 + bv) << g << " " << lid;
      ASSERT_EQ(back[2 * g * l + 2 * lid], bv);
      ASSERT_EQ(back[2 * g * l + 2 * lid + 1], -1);
    }
}

// ---- errors --------------------------------------------------------------------------

TEST(NdRangeQueueErrors, BadRangesThrowAtSubmission) {
  sycl::queue q;
  auto submit = [&](auto r, std::size_t local_bytes) {
    q.submit([&](sycl::handler& cgh) {
      sycl::local_accessor<char, 1> lm(sycl::range<1>(local_bytes), cgh);
      cgh.parallel_for(r, [=](auto it) { lm[0] = static_cast<char>(it.get_local_linear_id()); });
    });
  };
  auto code_of = [&](auto f) -> std::pair<std::error_code, std::string> {
    try {
      f();
    } catch (const sycl::exception& e) {
      return {e.code(), e.what()};
    }
    return {};
  };
  auto [c1, m1] = code_of([&] { submit(sycl::nd_range<1>(1000, 64), 1); });
  EXPECT_EQ(c1, sycl::errc::nd_range);
  weft_test::expect_mentions(m1, {"1000", "64"});
  auto [c2, m2] = code_of([&] { submit(sycl::nd_range<2>(sycl::range<2>(64, 64), sycl::range<2>(64, 32)), 1); });
  EXPECT_EQ(c2, sycl::errc::nd_range);
  weft_test::expect_mentions(m2, {"2048", "1024"});
  auto [c3, m3] = code_of([&] { submit(sycl::nd_range<1>(64, 64), 300 * 1024); });
  EXPECT_EQ(c3, sycl::errc::memory_allocation);
  weft_test::expect_mentions(m3, {std::to_string(300 * 1024), std::to_string(256 * 1024)});
  q.wait_and_throw();  // nothing was submitted, nothing is pending
}

TEST(NdRangeQueueErrors, DivergentBarrierGoesToAsyncHandlerAndQueueKeepsWorking) {
  std::vector<std::string> errors;
  sycl::queue q([&](sycl::exception_list list) {
    for (auto& e : list) {
      try {
        std::rethrow_exception(e);
      } catch (const sycl::exception& ex) {
        EXPECT_EQ(ex.code(), sycl::errc::kernel);
        errors.push_back(ex.what());
      } catch (...) {
        errors.push_back("unexpected exception type");
      }
    }
  });
  q.parallel_for(sycl::nd_range<1>(1024, 128), [=](sycl::nd_item<1> it) {
    if (it.get_group(0) == 3 && it.get_local_id(0) >= 100) return;  // items 100.. skip the barrier
    it.barrier();
  });
  q.wait_and_throw();
  ASSERT_EQ(errors.size(), 1u);
  weft_test::expect_mentions(errors[0], {"work group (3)", "work item 100 finished", "0-99"});

  // The queue and the engine still work.
  const std::vector<int> out = weft_test::reverse_in_groups(q, 1024, 128);
  q.wait_and_throw();
  EXPECT_EQ(errors.size(), 1u);
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], static_cast<int>(i / 128 * 128 + 127 - i % 128));
}

TEST(NdRangeQueueErrors, KernelExceptionInFiberModeGoesToAsyncHandler) {
  int caught = 0;
  sycl::queue q([&](sycl::exception_list list) {
    for (auto& e : list) {
      try {
        std::rethrow_exception(e);
      } catch (const std::runtime_error& ex) {
        caught += std::string(ex.what()) == "kernel failed";
      }
    }
  });
  q.parallel_for(sycl::nd_range<1>(512, 64), [=](sycl::nd_item<1> it) {
    it.barrier();
    if (it.get_global_id(0) == 300) throw std::runtime_error("kernel failed");
    it.barrier();
  });
  q.wait_and_throw();
  EXPECT_EQ(caught, 1);
}

}  // namespace
