// handler: parallel_for(range[, offset]) with item/id/generic kernels,
// single_task, explicit copies and fills, update_host, depends_on, host_task,
// one command per group, kernel names; and the queue's shortcuts for them.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <numeric>
#include <sycl/sycl.hpp>
#include <vector>

#include "../support/expect_error.hpp"

namespace {

using mode = sycl::access::mode;

using weft_test::catch_sycl;

// Runs parallel_for over r (optionally with an offset) and returns how often
// each linear index of the enclosing range r + offset was visited.
template <int Dims, class MakeKernel>
std::vector<int> visits(sycl::range<Dims> r, sycl::id<Dims> offset, bool use_offset, MakeKernel make) {
  sycl::range<Dims> whole = r;
  if (use_offset)
    for (int d = 0; d < Dims; ++d) whole[d] += offset[d];
  std::vector<int> count(whole.size(), 0);
  {
    sycl::buffer<int, Dims> b(count.data(), whole);
    sycl::queue q;
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      if (use_offset) h.parallel_for(r, offset, make(a));
      else h.parallel_for(r, make(a));
    });
  }
  return count;
}

template <int Dims>
void check_visits(const std::vector<int>& count, sycl::range<Dims> r, sycl::id<Dims> offset) {
  sycl::range<Dims> whole = r;
  for (int d = 0; d < Dims; ++d) whole[d] += offset[d];
  for (std::size_t l = 0; l < whole.size(); ++l) {
    auto i = sycl::detail::delinearize(l, whole);
    bool inside = true;
    for (int d = 0; d < Dims; ++d) inside = inside && i[d] >= offset[d];
    ASSERT_EQ(count[l], inside ? 1 : 0) << "linear index " << l;
  }
}

template <int Dims>
void parallel_for_all_forms(sycl::range<Dims> r, sycl::id<Dims> offset) {
  auto by_item = [](auto a) { return [=](sycl::item<Dims> it) { a[it.get_id()] += 1; }; };
  auto by_id = [](auto a) { return [=](sycl::id<Dims> i) { a[i] += 1; }; };
  auto generic = [](auto a) { return [=](auto it) { a[it.get_id()] += 1; }; };
  check_visits(visits(r, offset, false, by_item), r, sycl::id<Dims>{});
  check_visits(visits(r, offset, false, by_id), r, sycl::id<Dims>{});
  check_visits(visits(r, offset, false, generic), r, sycl::id<Dims>{});
  check_visits(visits(r, offset, true, by_item), r, offset);
  check_visits(visits(r, offset, true, by_id), r, offset);
  check_visits(visits(r, offset, true, generic), r, offset);
}

TEST(ParallelFor, Range1D) { parallel_for_all_forms(sycl::range<1>(10007), sycl::id<1>(13)); }
TEST(ParallelFor, Range2D) { parallel_for_all_forms(sycl::range<2>(67, 129), sycl::id<2>(3, 5)); }
TEST(ParallelFor, Range3D) { parallel_for_all_forms(sycl::range<3>(9, 17, 33), sycl::id<3>(1, 2, 3)); }
TEST(ParallelFor, TinyAndEmptyRanges) {
  parallel_for_all_forms(sycl::range<1>(1), sycl::id<1>(0));
  parallel_for_all_forms(sycl::range<3>(1, 1, 1), sycl::id<3>(2, 0, 1));
  sycl::queue q;
  std::atomic<int> runs{0};
  auto* r = &runs;
  q.parallel_for(sycl::range<1>(0), [=](sycl::id<1>) { r->fetch_add(1); }).wait();
  q.parallel_for(sycl::range<2>(4, 0), [=](sycl::id<2>) { r->fetch_add(1); }).wait();
  EXPECT_EQ(runs.load(), 0);
}

TEST(ParallelFor, GenericLambdaGetsAnItem) {
  sycl::queue q;
  std::vector<std::size_t> out(6 * 5, 0);
  auto* p = out.data();
  q.parallel_for(sycl::range<2>(6, 5), [=](auto it) {
     static_assert(std::is_same_v<decltype(it.get_range()), sycl::range<2>>);
     p[it.get_linear_id()] = it.get_range(0) * 100 + it[0] * 10 + it[1];
   }).wait();
  EXPECT_EQ(out[7], 612u);
}

TEST(ParallelFor, QueueShortcutsAndKernelNames) {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(12, q);
  q.parallel_for<class named_fill>(sycl::range<1>(12), [=](sycl::id<1> i) { p[i] = int(i[0]); });
  q.wait();
  q.parallel_for<class named_2d>(sycl::range<2>(3, 4), [=](sycl::item<2> it) { p[it.get_linear_id()] += 1; }).wait();
  q.parallel_for(sycl::range<3>(2, 2, 3), [=](sycl::id<3> i) { p[i[0] * 6 + i[1] * 3 + i[2]] *= 2; }).wait();
  q.parallel_for(12, [=](sycl::id<1> i) { p[i] += 1; }).wait();  // a plain integer range
  q.single_task<class named_task>([=] { p[0] = -1; }).wait();
  q.submit([&](sycl::handler& h) { h.single_task<class named_task_2>([=] { p[1] = -2; }); }).wait();
  q.submit([&](sycl::handler& h) {
     h.parallel_for<class named_3>(sycl::range<1>(2), sycl::id<1>(10), [=](sycl::item<1> it) { p[it] = 100; });
   }).wait();
  EXPECT_EQ(p[0], -1);
  EXPECT_EQ(p[1], -2);
  EXPECT_EQ(p[9], 21);
  EXPECT_EQ(p[10], 100);
  EXPECT_EQ(p[11], 100);
  sycl::free(p, q);
}

TEST(SingleTask, RunsOnce) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(1));
  for (int i = 0; i < 5; ++i)
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.single_task([=] { a[0] = (i == 0 ? 0 : a[0]) + 1; });
    });
  sycl::host_accessor r{b};
  EXPECT_EQ(r[0], 5);
}

TEST(Copy, AccessorToPointerAndBack) {
  sycl::queue q;
  std::vector<int> src(100);
  std::iota(src.begin(), src.end(), 0);
  std::vector<int> dst(100, 0);
  sycl::buffer<int> b(sycl::range<1>(100));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.copy(src.data(), a);
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::read_write};
    h.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) { a[i] *= 2; });
  });
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{b, h, sycl::read_only};
     h.copy(a, dst.data());
   }).wait();
  EXPECT_EQ(dst[99], 198);
  // shared_ptr forms.
  std::shared_ptr<int> sp(new int[100], std::default_delete<int[]>());
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{b, h, sycl::read_only};
     h.copy(a, sp);
   }).wait();
  EXPECT_EQ(sp.get()[50], 100);
  std::fill(sp.get(), sp.get() + 100, 3);
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.copy(sp, a);
  });
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[77], 3);
}

TEST(Copy, RangedAndMultiDimensional) {
  sycl::queue q;
  std::vector<int> grid(6 * 6);
  std::iota(grid.begin(), grid.end(), 0);
  sycl::buffer<int, 2> b(grid.data(), sycl::range<2>(6, 6));
  std::vector<int> window(2 * 3, -1);
  // A 2x3 window at (2, 1): not contiguous in the buffer.
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{b, h, sycl::range<2>(2, 3), sycl::id<2>(2, 1), sycl::read_only};
     h.copy(a, window.data());
   }).wait();
  EXPECT_EQ(window, (std::vector<int>{13, 14, 15, 19, 20, 21}));
  std::vector<int> ones(6, 1);
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<2>(3, 2), sycl::id<2>(0, 4), sycl::write_only};
    h.copy(ones.data(), a);
  });
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[0][3], 3);
  EXPECT_EQ(r[0][4], 1);
  EXPECT_EQ(r[2][5], 1);
  EXPECT_EQ(r[3][4], 22);
}

TEST(Copy, AccessorToAccessor) {
  sycl::queue q;
  std::vector<float> a(16), b(16, 0.f), c(4 * 4, 0.f);
  std::iota(a.begin(), a.end(), 1.f);
  {
    sycl::buffer<float> ba(a.data(), sycl::range<1>(16));
    sycl::buffer<float> bb(b.data(), sycl::range<1>(16));
    sycl::buffer<float, 2> bc(c.data(), sycl::range<2>(4, 4));
    q.submit([&](sycl::handler& h) {
      sycl::accessor src{ba, h, sycl::read_only};
      sycl::accessor dst{bb, h, sycl::write_only, sycl::no_init};
      h.copy(src, dst);
    });
    q.submit([&](sycl::handler& h) {
      // 1-D range of 4 at offset 8 into the 2x2 window at (1, 1) of a 4x4 buffer.
      sycl::accessor src{bb, h, sycl::range<1>(4), sycl::id<1>(8), sycl::read_only};
      sycl::accessor dst{bc, h, sycl::range<2>(2, 2), sycl::id<2>(1, 1), sycl::write_only};
      h.copy(src, dst);
    });
    auto e = catch_sycl([&] {
      q.submit([&](sycl::handler& h) {
        sycl::accessor src{ba, h, sycl::read_only};
        sycl::accessor dst{bc, h, sycl::range<2>(2, 2), sycl::write_only};
        h.copy(src, dst);  // 16 elements into 4
      });
    });
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
  EXPECT_EQ(b[15], 16.f);
  EXPECT_EQ(c[1 * 4 + 1], 9.f);
  EXPECT_EQ(c[1 * 4 + 2], 10.f);
  EXPECT_EQ(c[2 * 4 + 1], 11.f);
  EXPECT_EQ(c[2 * 4 + 2], 12.f);
  EXPECT_EQ(c[0], 0.f);
}

TEST(Copy, IntoReadOnlyAccessorThrowsInvalid) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(8)), other(sycl::range<1>(8));
  std::vector<int> host(8, 1);
  auto e = catch_sycl([&] {
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::read_only};
      h.copy(host.data(), a);
    });
  });
  EXPECT_EQ(e.code(), sycl::errc::invalid);
  EXPECT_NE(std::string(e.what()).find("read-only"), std::string::npos) << e.what();
  EXPECT_EQ(catch_sycl([&] {
              q.submit([&](sycl::handler& h) {
                sycl::accessor src{other, h, sycl::read_only};
                sycl::accessor dst{b, h, sycl::read_only};
                h.copy(src, dst);
              });
            }).code(),
            sycl::errc::invalid);
  EXPECT_EQ(catch_sycl([&] {
              q.submit([&](sycl::handler& h) {
                sycl::accessor a{b, h, sycl::read_only};
                h.fill(a, 5);
              });
            }).code(),
            sycl::errc::invalid);
  // Reading from a write-only accessor is just as wrong.
  EXPECT_EQ(catch_sycl([&] {
              q.submit([&](sycl::handler& h) {
                sycl::accessor a{b, h, sycl::write_only};
                h.copy(a, host.data());
              });
            }).code(),
            sycl::errc::invalid);
  EXPECT_EQ(catch_sycl([&] {
              q.submit([&](sycl::handler& h) {
                sycl::accessor a{b, h, sycl::write_only};
                h.copy(a, static_cast<int*>(nullptr));
              });
            }).code(),
            sycl::errc::invalid);
  // Nothing ran; the buffer is still usable.
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.fill(a, 4);
  });
  sycl::host_accessor r{b};
  EXPECT_EQ(r[7], 4);
}

TEST(Fill, WholeAndRanged) {
  sycl::queue q;
  sycl::buffer<double, 2> b(sycl::range<2>(4, 5));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.fill(a, 1.0);
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<2>(2, 2), sycl::id<2>(1, 3), sycl::write_only};
    h.fill(a, 7.0);
  });
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[0][0], 1.0);
  EXPECT_EQ(r[1][3], 7.0);
  EXPECT_EQ(r[2][4], 7.0);
  EXPECT_EQ(r[1][2], 1.0);
  EXPECT_EQ(r[3][4], 1.0);
  EXPECT_EQ(std::accumulate(r.begin(), r.end(), 0.0), 16 * 1.0 + 4 * 7.0);
}

TEST(UpdateHost, WaitsForWriters) {
  sycl::queue q;
  std::vector<int> v(32, 0);
  sycl::buffer<int> b(v.data(), sycl::range<1>(32));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.parallel_for(sycl::range<1>(32), [=](sycl::id<1> i) { a[i] = 5; });
  });
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{b, h, sycl::read_only};
     h.update_host(a);
   }).wait();
  EXPECT_EQ(v[31], 5);  // the CPU device works in the host memory itself
}

TEST(QueueShortcuts, AccessorCopyFillUpdateHost) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(10));
  sycl::accessor p{b};  // placeholder
  q.fill(p, 9);
  std::vector<int> out(10, 0);
  q.copy(p, out.data()).wait();
  EXPECT_EQ(out[9], 9);
  std::vector<int> in(10, 2);
  q.copy(static_cast<const int*>(in.data()), p);
  q.update_host(p).wait();
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[0], 2);
}

TEST(DependsOn, OrdersUsmCommands) {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(1, q);
  *p = 0;
  sycl::event last;
  for (int i = 0; i < 20; ++i) {
    last = q.submit([&](sycl::handler& h) {
      h.depends_on(last);
      h.single_task([=] { *p = *p * 2 + 1; });
    });
  }
  last.wait();
  EXPECT_EQ(*p, (1 << 20) - 1);
  // depends_on(vector) and shortcut dependencies.
  std::vector<sycl::event> evs;
  int* parts = sycl::malloc_shared<int>(4, q);
  for (int i = 0; i < 4; ++i) evs.push_back(q.single_task([=] { parts[i] = i + 1; }));
  q.submit([&](sycl::handler& h) {
     h.depends_on(evs);
     h.single_task([=] { *p = parts[0] + parts[1] + parts[2] + parts[3]; });
   }).wait();
  EXPECT_EQ(*p, 10);
  auto e1 = q.single_task([=] { parts[0] = 100; });
  q.single_task(e1, [=] { *p = parts[0] + 1; }).wait();
  EXPECT_EQ(*p, 101);
  auto e2 = q.parallel_for(sycl::range<1>(4), std::vector<sycl::event>{e1}, [=](sycl::id<1> i) { parts[i] += 1; });
  e2.wait();
  EXPECT_EQ(parts[0], 101);
  sycl::free(p, q);
  sycl::free(parts, q);
}

TEST(HostTask, RunsWithAccessorsAndInterop) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(4));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only_host_task};
    h.host_task([=](sycl::interop_handle ih) {
      (void)ih.get_backend();
      for (int i = 0; i < 4; ++i) a[i] = 10 + i;
    });
  });
  int seen = 0;
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{b, h, sycl::read_only_host_task};
     h.host_task([=, &seen] { seen = a[3]; });
   }).wait();
  EXPECT_EQ(seen, 13);
}

TEST(Handler, TwoCommandsInOneGroupThrowInvalid) {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(4, q);
  auto e = catch_sycl([&] {
    q.submit([&](sycl::handler& h) {
      h.single_task([=] { p[0] = 1; });
      h.single_task([=] { p[1] = 1; });
    });
  });
  EXPECT_EQ(e.code(), sycl::errc::invalid);
  EXPECT_NE(std::string(e.what()).find("one command"), std::string::npos) << e.what();
  EXPECT_EQ(catch_sycl([&] {
              q.submit([&](sycl::handler& h) {
                h.memset(p, 0, 16);
                h.host_task([] {});
              });
            }).code(),
            sycl::errc::invalid);
  q.wait();
  sycl::free(p, q);
}

TEST(Handler, EmptyCommandGroupIsAnEvent) {
  sycl::queue q;
  auto e = q.submit([&](sycl::handler&) {});
  e.wait();
  EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
}

}  // namespace
