// Accessors: access modes (SYCL 2020 and 1.2.1), deduction tags, ranged
// accessors, placeholders, host accessors, the 1.2.1 get_access spellings and
// multi-dimensional subscripts.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <numeric>
#include <sycl/sycl.hpp>
#include <type_traits>
#include <vector>

#include "../support/expect_error.hpp"

namespace {

using mode = sycl::access::mode;

using weft_test::catch_sycl;

TEST(Accessor, EveryAccessMode) {
  sycl::queue q;
  std::vector<int> v(64);
  std::iota(v.begin(), v.end(), 0);
  std::vector<int> out(64, 0);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(64));
    sycl::buffer<int> o(out.data(), sycl::range<1>(64));
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, mode::read> in(b, h);
      sycl::accessor<int, 1, mode::write> res(o, h);
      static_assert(std::is_same_v<decltype(in[0]), const int&>, "read accessors give const references");
      static_assert(std::is_same_v<decltype(res[0]), int&>);
      h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { res[i] = in[i] + 1; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, mode::read_write> a(o, h);
      h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] *= 2; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, mode::discard_write> a(b, h);
      h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] = 7; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, mode::discard_read_write> a(b, h);
      h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] = a[i] + 1; });
    });
  }
  // out[0], out[63], v[0], v[63]
  EXPECT_EQ((std::vector<int>{out[0], out[63], v[0], v[63]}), (std::vector<int>{2, 128, 8, 8}));
}

TEST(Accessor, DeductionTags) {
  sycl::queue q;
  sycl::buffer<int> a(sycl::range<1>(32)), b(sycl::range<1>(32)), c(sycl::range<1>(32));
  q.submit([&](sycl::handler& h) {
    sycl::accessor wa{a, h, sycl::write_only, sycl::no_init};
    static_assert(std::is_same_v<decltype(wa), sycl::accessor<int, 1, mode::write>>);
    h.parallel_for(sycl::range<1>(32), [=](sycl::id<1> i) { wa[i] = int(i[0]); });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor ra{a, h, sycl::read_only};
    sycl::accessor rwb{b, h, sycl::read_write};
    sycl::accessor dflt{c, h};
    static_assert(std::is_same_v<decltype(ra), sycl::accessor<int, 1, mode::read>>);
    static_assert(std::is_same_v<decltype(rwb), sycl::accessor<int, 1, mode::read_write>>);
    static_assert(std::is_same_v<decltype(dflt), sycl::accessor<int, 1, mode::read_write>>);
    static_assert(std::is_same_v<decltype(ra)::value_type, const int>);
    EXPECT_FALSE(ra.is_placeholder());
    h.parallel_for(sycl::range<1>(32), [=](sycl::id<1> i) {
      rwb[i] = ra[i] * 3;
      dflt[i] = ra[i] + 100;
    });
  });
  sycl::host_accessor hb{b, sycl::read_only};
  sycl::host_accessor hc{c, sycl::read_only};
  static_assert(std::is_same_v<decltype(hb), sycl::host_accessor<int, 1, mode::read>>);
  EXPECT_EQ(hb[31], 93);
  EXPECT_EQ(hc[31], 131);
}

TEST(Accessor, ConstDataTypeFromNonConstBuffer) {
  sycl::queue q;
  std::vector<int> v(8, 5), out(8, 0);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(8));
    sycl::buffer<int> o(out.data(), sycl::range<1>(8));
    q.submit([&](sycl::handler& h) {
      sycl::accessor<const int, 1, mode::read> in(b, h);
      sycl::accessor<int, 1, mode::write> res(o, h);
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { res[i] = in[i] * 2; });
    });
  }
  EXPECT_EQ(out[7], 10);
}

TEST(Accessor, RangedAccessor1D) {
  sycl::queue q;
  std::vector<int> v(20, 0);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(20));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::range<1>(5), sycl::id<1>(10), sycl::write_only};
      EXPECT_EQ(a.get_range(), sycl::range<1>(5));
      EXPECT_EQ(a.get_offset(), sycl::id<1>(10));
      EXPECT_EQ(a.size(), 5u);
      EXPECT_EQ(a.byte_size(), 5 * sizeof(int));
      // SYCL 2020: index 0 is the first element of the accessor's range.
      h.parallel_for(sycl::range<1>(5), [=](sycl::id<1> i) { a[i] = 1 + int(i[0]); });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::range<1>(2), sycl::read_write};  // offset 0
      h.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i) { a[i[0]] = -1; });
    });
  }
  EXPECT_EQ(v[0], -1);
  EXPECT_EQ(v[1], -1);
  EXPECT_EQ(v[2], 0);
  EXPECT_EQ(v[9], 0);
  EXPECT_EQ(v[10], 1);
  EXPECT_EQ(v[14], 5);
  EXPECT_EQ(v[15], 0);
}

TEST(Accessor, RangedAccessor2DAnd3D) {
  sycl::queue q;
  std::vector<int> v2(6 * 7, 0), v3(4 * 5 * 6, 0);
  {
    sycl::buffer<int, 2> b2(v2.data(), sycl::range<2>(6, 7));
    sycl::buffer<int, 3> b3(v3.data(), sycl::range<3>(4, 5, 6));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b2, h, sycl::range<2>(2, 3), sycl::id<2>(1, 2), sycl::read_write};
      h.parallel_for(sycl::range<2>(2, 3), [=](sycl::id<2> i) { a[i] = 10 * int(i[0]) + int(i[1]) + 1; });
    });
    q.submit([&](sycl::handler& h) {
      auto a = b3.get_access<mode::write>(h, sycl::range<3>(2, 2, 2), sycl::id<3>(1, 2, 3));
      h.parallel_for(sycl::range<3>(2, 2, 2),
                     [=](sycl::item<3> it) { a[it[0]][it[1]][it[2]] = 1 + int(it.get_linear_id()); });
    });
    // A ranged host accessor sees the same window.
    sycl::host_accessor h2{b2, sycl::range<2>(2, 3), sycl::id<2>(1, 2), sycl::read_only};
    EXPECT_EQ(h2[0][0], 1);
    EXPECT_EQ(h2[1][2], 13);
    EXPECT_EQ(h2[sycl::id<2>(1, 1)], 12);
  }
  for (std::size_t i = 0; i < 6; ++i)
    for (std::size_t j = 0; j < 7; ++j) {
      bool inside = i >= 1 && i < 3 && j >= 2 && j < 5;
      EXPECT_EQ(v2[i * 7 + j], inside ? int(10 * (i - 1) + (j - 2) + 1) : 0) << i << "," << j;
    }
  int expected = 1;
  for (std::size_t i = 1; i < 3; ++i)
    for (std::size_t j = 2; j < 4; ++j)
      for (std::size_t k = 3; k < 5; ++k) EXPECT_EQ(v3[(i * 5 + j) * 6 + k], expected++);
  EXPECT_EQ(std::accumulate(v3.begin(), v3.end(), 0), 36);
}

TEST(Accessor, GetPointerIsStartOfBuffer) {
  // Checked inside the kernel, against the accessor's own memory (the device's
  // copy of the buffer on a GPU), and reported through a buffer.
  sycl::buffer<int> b(sycl::range<1>(16));
  {
    sycl::host_accessor h{b, sycl::write_only, sycl::no_init};
    for (int i = 0; i < 16; ++i) h[i] = 100 + i;
  }
  sycl::buffer<long> seen(sycl::range<1>(4));
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{b, h, sycl::range<1>(4), sycl::id<1>(8), sycl::read_write};
     sycl::accessor s{seen, h, sycl::write_only, sycl::no_init};
     h.single_task([=] {
       const int* base = a.get_pointer();
       s[0] = long(&a[0] - base);
       s[1] = long(&*a.begin() - base);
       s[2] = base[8];  // the element a[0] reads
       s[3] = a[0];
     });
   }).wait();
  sycl::host_accessor r{seen};
  EXPECT_EQ(r[0], 8) << "get_pointer() is the start of the buffer (SYCL 2020), not of the accessor's range";
  EXPECT_EQ(r[1], 8) << "iterators cover the accessor's range";
  EXPECT_EQ(r[2], 108);
  EXPECT_EQ(r[3], 108);
}

TEST(Accessor, IteratorsCoverOnlyTheRange) {
  sycl::buffer<int, 2> b(sycl::range<2>(4, 5));
  {
    sycl::host_accessor h{b, sycl::write_only, sycl::no_init};
    for (std::size_t i = 0; i < 4; ++i)
      for (std::size_t j = 0; j < 5; ++j) h[i][j] = int(i * 5 + j);
  }
  {
    sycl::host_accessor r{b, sycl::range<2>(2, 3), sycl::id<2>(1, 1), sycl::read_only};
    EXPECT_EQ(r.end() - r.begin(), 6);
    EXPECT_EQ(std::vector<int>(r.begin(), r.end()), (std::vector<int>{6, 7, 8, 11, 12, 13}));
    EXPECT_EQ(*(r.begin() + 4), 12);
    EXPECT_EQ(r.begin()[5], 13);
  }
  {
    sycl::host_accessor w{b, sycl::range<2>(2, 2), sycl::id<2>(2, 3)};
    std::fill(w.begin(), w.end(), -1);
  }
  sycl::queue q;
  std::vector<int> rows(2 * 5);
  q.submit([&](sycl::handler& h) {
     // Whole rows: contiguous, also through the iterators in a host task.
     sycl::accessor a{b, h, sycl::range<2>(2, 5), sycl::id<2>(2, 0), sycl::read_only_host_task};
     h.host_task([=, &rows] { std::copy(a.begin(), a.end(), rows.begin()); });
   }).wait();
  EXPECT_EQ(rows, (std::vector<int>{10, 11, 12, -1, -1, 15, 16, 17, -1, -1}));
  sycl::host_accessor all{b, sycl::read_only};
  EXPECT_EQ(std::accumulate(all.begin(), all.end(), 0), 190 - (13 + 14 + 18 + 19) - 4);
  sycl::buffer<int> one(sycl::range<1>(10));
  sycl::host_accessor part{one, sycl::range<1>(3), sycl::id<1>(4)};
  static_assert(std::is_same_v<decltype(part.begin()), int*>, "1-D accessors iterate with pointers");
  EXPECT_EQ(part.end() - part.begin(), 3);
  EXPECT_EQ(part.begin(), &part[0]);
}

TEST(Accessor, RangeOutsideBufferThrowsInvalid) {
  sycl::queue q;
  sycl::buffer<int, 2> b(sycl::range<2>(4, 4));
  auto e = catch_sycl([&] {
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::range<2>(2, 2), sycl::id<2>(3, 0), sycl::read_write};
      h.single_task([=] { a[0][0] = 1; });
    });
  });
  EXPECT_EQ(e.code(), sycl::errc::invalid);
  EXPECT_NE(std::string(e.what()).find("buffer"), std::string::npos) << e.what();
  EXPECT_EQ(catch_sycl([&] {
              q.submit([&](sycl::handler& h) {
                sycl::accessor a{b, h, sycl::range<2>(5, 1), sycl::read_only};
                h.single_task([=] { (void)a[0][0]; });
              });
            }).code(),
            sycl::errc::invalid);
  EXPECT_EQ(catch_sycl([&] { sycl::host_accessor h{b, sycl::range<2>(1, 5)}; }).code(), sycl::errc::invalid);
  EXPECT_EQ(catch_sycl([&] {
              sycl::accessor p{b, sycl::range<2>(4, 4), sycl::id<2>(0, 1)};
            }).code(),
            sycl::errc::invalid);
  // The queue still works after the rejected submissions.
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.single_task([=] { a[3][3] = 9; });
  });
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[3][3], 9);
}

TEST(Accessor, PlaceholderWithRequire) {
  sycl::queue q;
  std::vector<int> v(10, 1);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(10));
    sycl::accessor<int, 1, mode::read_write, sycl::target::device, sycl::access::placeholder::true_t> p(b);
    EXPECT_TRUE(p.is_placeholder());
    sycl::accessor tagged{b, sycl::read_only};  // a 2020 placeholder by deduction
    EXPECT_TRUE(tagged.is_placeholder());
    for (int round = 0; round < 3; ++round) {
      q.submit([&](sycl::handler& h) {
        h.require(p);
        h.parallel_for(sycl::range<1>(10), [=](sycl::id<1> i) { p[i] *= 2; });
      });
    }
    sycl::accessor ranged{b, sycl::range<1>(2), sycl::id<1>(8)};
    q.submit([&](sycl::handler& h) {
      h.require(ranged);
      h.single_task([=] { ranged[1] = -5; });
    });
  }
  EXPECT_EQ(v[0], 8);
  EXPECT_EQ(v[8], 8);
  EXPECT_EQ(v[9], -5);
}

TEST(Accessor, PlaceholderRequireOrdersCommands) {
  // require() must give the same RAW ordering as a command-group accessor.
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(1));
  sycl::accessor p{b};
  for (int i = 0; i < 50; ++i) {
    q.submit([&](sycl::handler& h) {
      h.require(p);
      h.single_task([=] { p[0] = (i == 0 ? 0 : p[0]) + 1; });
    });
  }
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[0], 50);
}

TEST(HostAccessor, ReadsAndWrites) {
  sycl::queue q;
  sycl::buffer<int, 2> b(sycl::range<2>(3, 3));
  {
    sycl::host_accessor w{b, sycl::write_only, sycl::no_init};
    for (std::size_t i = 0; i < 3; ++i)
      for (std::size_t j = 0; j < 3; ++j) w[i][j] = int(i * 3 + j);
    EXPECT_EQ(w.get_range(), sycl::range<2>(3, 3));
    EXPECT_EQ(w.size(), 9u);
  }
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(sycl::range<2>(3, 3), [=](sycl::id<2> i) { a[i] += 100; });
  });
  {
    sycl::host_accessor r{b, sycl::read_only};
    EXPECT_EQ(r[2][1], 107);
    EXPECT_EQ(std::accumulate(r.begin(), r.end(), 0), 936);
  }
  auto h = b.get_host_access(sycl::read_only);
  EXPECT_EQ(h[0][0], 100);
}

TEST(HostAccessor, TwoAtOnceInOneThreadDoNotDeadlock) {
  sycl::buffer<int> b(sycl::range<1>(4));
  sycl::buffer<int> other(sycl::range<1>(4));
  auto run = std::async(std::launch::async, [&] {
    sycl::host_accessor w{b, sycl::write_only, sycl::no_init};
    w[0] = 1;
    sycl::host_accessor r{b, sycl::read_only};  // same buffer, same thread
    sycl::host_accessor w2{b};
    w2[1] = r[0] + 1;
    sycl::host_accessor o{other};
    o[0] = 3;
    return w2[1];
  });
  ASSERT_EQ(run.wait_for(std::chrono::seconds(20)), std::future_status::ready)
      << "a second host_accessor on a buffer waited for the first one in the same thread";
  EXPECT_EQ(run.get(), 2);
  // Later device work still waits for them and sees their writes.
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.single_task([=] { a[2] = a[0] + a[1]; });
  });
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[2], 3);
}

TEST(Accessor, Sycl121GetAccess) {
  sycl::queue q;
  std::vector<float> v(16, 1.f);
  {
    sycl::buffer<float, 1> b(v.data(), sycl::range<1>(16));
    q.submit([&](sycl::handler& cgh) {
      auto a = b.get_access<sycl::access::mode::read_write>(cgh);
      static_assert(
          std::is_same_v<decltype(a), sycl::accessor<float, 1, mode::read_write, sycl::access::target::global_buffer>>);
      cgh.parallel_for<class get_access_kernel>(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] *= 3.f; });
    });
    q.submit([&](sycl::handler& cgh) {
      auto a = b.get_access<sycl::access::mode::discard_write>(cgh, sycl::range<1>(4), sycl::id<1>(12));
      cgh.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { a[i] = 0.f; });
    });
    {
      auto h = b.get_access<sycl::access::mode::read>();  // host accessor, blocks until ready
      EXPECT_EQ(h[0], 3.f);
      EXPECT_EQ(h[12], 0.f);
    }
    auto hw = b.get_access<sycl::access::mode::write>(sycl::range<1>(2), sycl::id<1>(1));
    hw[0] = 42.f;
  }
  EXPECT_EQ(v[1], 42.f);
  EXPECT_EQ(v[2], 3.f);
  EXPECT_EQ(v[15], 0.f);
}

TEST(Accessor, MultiDimensionalSubscripts) {
  sycl::queue q;
  sycl::buffer<int, 3> b(sycl::range<3>(2, 3, 4));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.parallel_for(sycl::range<3>(2, 3, 4),
                   [=](sycl::id<3> i) { a[i[0]][i[1]][i[2]] = int(i[0] * 100 + i[1] * 10 + i[2]); });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(sycl::range<3>(2, 3, 4), [=](sycl::item<3> it) { a[it] += 1000; });
  });
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[1][2][3], 1123);
  EXPECT_EQ((r[sycl::id<3>(0, 1, 2)]), 1012);
  auto row = r[1];
  EXPECT_EQ(row[1][0], 1110);
}

TEST(Accessor, OneDimensionalSubscriptForms) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(8));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.parallel_for(sycl::range<1>(8), [=](sycl::item<1> it) { a[it] = int(it.get_linear_id()); });  // by item
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) {
      a[i] += 1;          // by id
      a[i[0]] += 1;       // by size_t
      a[int(i[0])] += 1;  // by int
    });
  });
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[sycl::id<1>(7)], 10);
  EXPECT_EQ(r[0], 3);
}

TEST(Accessor, HostTaskTarget) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(4));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only_host_task};
    h.host_task([=] {
      for (int i = 0; i < 4; ++i) a[i] = i * i;
    });
  });
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(r[3], 9);
}

}  // namespace
