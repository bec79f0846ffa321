// Buffers: constructors, write-back on destruction, set_final_data,
// set_write_back, sub-buffers and reinterpret.
#include <gtest/gtest.h>

#include <array>
#include <list>
#include <memory>
#include <numeric>
#include <sycl/sycl.hpp>
#include <type_traits>
#include <vector>

#include "../support/expect_error.hpp"

namespace {

using weft_test::thrown_errc;

// Adds `delta` to every element of a 1-D buffer in a kernel.
template <class T, class A>
void add_in_kernel(sycl::queue& q, sycl::buffer<T, 1, A>& b, T delta) {
  q.submit([&](sycl::handler& h) {
    sycl::accessor acc{b, h, sycl::read_write};
    h.parallel_for(b.get_range(), [=](sycl::id<1> i) { acc[i] += delta; });
  });
}

// A ranged command leaves the rest of the buffer as it was, wherever the latest
// contents are (on a GPU: the device copy a kernel left current before it, or the
// host's after a host task).
enum class ranged_op { kernel_no_init, kernel_write_only, fill, copy };

void check_ranged(ranged_op op, bool host_task_first = false) {
  constexpr std::size_t n = 64, first = 16, len = 16;
  std::vector<unsigned> host(n), other(n, 7u);
  std::iota(host.begin(), host.end(), 0u);
  sycl::queue q;
  {
    sycl::buffer<unsigned> b(host.data(), sycl::range<1>(n));
    sycl::buffer<unsigned> src(other.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {  // the whole buffer changes where q runs, or on the host
      if (host_task_first) {
        sycl::accessor a{b, h, sycl::read_write};
        h.host_task([=] {
          for (std::size_t i = 0; i < n; ++i) a[i] += 1000u;
        });
      } else {
        sycl::accessor a{b, h, sycl::read_write};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1000u; });
      }
    });
    q.submit([&](sycl::handler& h) {
      const sycl::range<1> r(len);
      const sycl::id<1> off(first);
      if (op == ranged_op::kernel_no_init) {
        sycl::accessor a{b, h, r, off, sycl::write_only, sycl::no_init};
        h.parallel_for(r, [=](sycl::id<1> i) { a[i] = 5u; });
      } else if (op == ranged_op::kernel_write_only) {
        sycl::accessor a{b, h, r, off, sycl::write_only};
        h.parallel_for(r, [=](sycl::id<1> i) { a[i] = 5u; });
      } else if (op == ranged_op::fill) {
        sycl::accessor a{b, h, r, off, sycl::write_only};
        h.fill(a, 5u);
      } else {
        sycl::accessor s{src, h, r, off, sycl::read_only};
        sycl::accessor a{b, h, r, off, sycl::write_only};
        h.copy(s, a);
      }
    });
  }
  const unsigned inside = op == ranged_op::copy ? 7u : 5u;
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(host[i], i >= first && i < first + len ? inside : unsigned(i) + 1000u) << "element " << i;
}

TEST(Buffer, RangedNoInitKernelKeepsTheRest) { check_ranged(ranged_op::kernel_no_init); }
TEST(Buffer, RangedWriteOnlyKernelKeepsTheRest) { check_ranged(ranged_op::kernel_write_only); }
TEST(Buffer, RangedFillKeepsTheRest) { check_ranged(ranged_op::fill); }
TEST(Buffer, RangedCopyKeepsTheRest) { check_ranged(ranged_op::copy); }
TEST(Buffer, RangedCommandsAfterAHostTaskKeepTheRest) {
  for (ranged_op op : {ranged_op::kernel_no_init, ranged_op::kernel_write_only, ranged_op::fill, ranged_op::copy}) {
    SCOPED_TRACE(int(op));
    check_ranged(op, true);
  }
}

TEST(Buffer, HostPointerWritesBackOnDestruction) {
  sycl::queue q;
  std::vector<int> v(1000);
  std::iota(v.begin(), v.end(), 0);
  {
    sycl::buffer<int, 1> b(v.data(), sycl::range<1>(v.size()));
    EXPECT_EQ(b.size(), 1000u);
    EXPECT_EQ(b.byte_size(), 1000 * sizeof(int));
    EXPECT_EQ(b.get_range(), sycl::range<1>(1000));
    EXPECT_FALSE(b.is_sub_buffer());
    add_in_kernel(q, b, 5);
  }  // the destructor waits for the kernel and writes back
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[i], i + 5);
}

TEST(Buffer, HostPointer2DAnd3D) {
  sycl::queue q;
  std::vector<float> v2(6 * 8, 1.f), v3(2 * 3 * 4, 0.f);
  {
    sycl::buffer<float, 2> b2(v2.data(), sycl::range<2>(6, 8));
    sycl::buffer b3(v3.data(), sycl::range<3>(2, 3, 4));
    static_assert(std::is_same_v<decltype(b3), sycl::buffer<float, 3>>);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b2, h};
      h.parallel_for(b2.get_range(), [=](sycl::item<2> it) { a[it] = float(it[0] * 10 + it[1]); });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b3, h, sycl::write_only};
      h.parallel_for(b3.get_range(), [=](sycl::id<3> i) { a[i] = float(i[0] * 100 + i[1] * 10 + i[2]); });
    });
  }
  EXPECT_EQ(v2[3 * 8 + 5], 35.f);
  EXPECT_EQ(v3[1 * 12 + 2 * 4 + 3], 123.f);
}

TEST(Buffer, ConstHostPointerIsNeverWritten) {
  sycl::queue q;
  const std::vector<int> src(64, 3);
  std::vector<int> out(64, 0);
  {
    sycl::buffer<int> b(static_cast<const int*>(src.data()), sycl::range<1>(64));
    add_in_kernel(q, b, 1);
    sycl::host_accessor h{b, sycl::read_only};
    EXPECT_EQ(h[0], 4);
    EXPECT_EQ(h[63], 4);
  }
  EXPECT_EQ(src[0], 3);
  EXPECT_EQ(src[63], 3);
  // A buffer of const T is read-only data on a const pointer.
  {
    sycl::buffer<const int> b(src.data(), sycl::range<1>(64));
    sycl::buffer<int> o(out.data(), sycl::range<1>(64));
    q.submit([&](sycl::handler& h) {
      sycl::accessor in{b, h};  // accessor of const int: read mode
      static_assert(std::is_same_v<decltype(in)::value_type, const int>);
      sycl::accessor res{o, h, sycl::write_only, sycl::no_init};
      h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { res[i] = in[i] * 2; });
    });
  }
  EXPECT_EQ(out[10], 6);
}

TEST(Buffer, ContainerConstructor) {
  sycl::queue q;
  std::vector<double> v(100, 1.0);
  {
    sycl::buffer b(v);
    static_assert(std::is_same_v<decltype(b), sycl::buffer<double, 1>>);
    EXPECT_EQ(b.size(), 100u);
    add_in_kernel(q, b, 1.5);
  }
  EXPECT_EQ(v[0], 2.5);
  EXPECT_EQ(v[99], 2.5);
  std::array<int, 16> arr{};
  {
    sycl::buffer<int> b(arr);
    add_in_kernel(q, b, 7);
  }
  EXPECT_EQ(arr[15], 7);
}

TEST(Buffer, RangeOnly) {
  sycl::queue q;
  sycl::buffer<int, 2> b(sycl::range<2>(16, 16));
  EXPECT_EQ(b.size(), 256u);
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.parallel_for(b.get_range(), [=](sycl::item<2> it) { a[it] = int(it.get_linear_id()); });
  });
  sycl::host_accessor r{b, sycl::read_only};
  for (std::size_t i = 0; i < 16; ++i)
    for (std::size_t j = 0; j < 16; ++j) ASSERT_EQ(r[i][j], int(i * 16 + j));
}

TEST(Buffer, IteratorsCopyAndDoNotWriteBack) {
  sycl::queue q;
  std::list<int> l{1, 2, 3, 4, 5};
  {
    sycl::buffer b(l.begin(), l.end());
    static_assert(std::is_same_v<decltype(b), sycl::buffer<int, 1>>);
    EXPECT_EQ(b.size(), 5u);
    add_in_kernel(q, b, 10);
    sycl::host_accessor h{b};
    EXPECT_EQ(h[0], 11);
    EXPECT_EQ(h[4], 15);
  }
  EXPECT_EQ(l.front(), 1);  // iterator buffers have nowhere to write back
  std::vector<int> v{9, 8, 7};
  {
    sycl::buffer<int> b(v.cbegin(), v.cend());
    add_in_kernel(q, b, 1);
  }
  EXPECT_EQ(v[0], 9);
}

TEST(Buffer, SharedPtrHostData) {
  sycl::queue q;
  auto data = std::shared_ptr<int>(new int[32], std::default_delete<int[]>());
  std::fill(data.get(), data.get() + 32, 1);
  {
    sycl::buffer<int> b(data, sycl::range<1>(32));
    add_in_kernel(q, b, 2);
  }
  EXPECT_EQ(data.get()[31], 3);
  std::shared_ptr<int[]> arr(new int[8]);
  std::fill(arr.get(), arr.get() + 8, 4);
  {
    sycl::buffer<int> b(arr, sycl::range<1>(8));
    add_in_kernel(q, b, 1);
  }
  EXPECT_EQ(arr[7], 5);
}

TEST(Buffer, SetFinalDataPointer) {
  sycl::queue q;
  std::vector<int> out(10, 0);
  {
    sycl::buffer<int> b(sycl::range<1>(10));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
      h.parallel_for(b.get_range(), [=](sycl::id<1> i) { a[i] = int(i[0]) * 3; });
    });
    b.set_final_data(out.data());
  }
  EXPECT_EQ(out[9], 27);
}

TEST(Buffer, SetFinalDataElsewhereLeavesSourceBuffer) {
  sycl::queue q;
  const std::vector<int> in(10, 1);
  std::vector<int> out(10, 0);
  {
    sycl::buffer<int> b(static_cast<const int*>(in.data()), sycl::range<1>(10));
    add_in_kernel(q, b, 1);
    b.set_final_data(out.data());
  }
  EXPECT_EQ(out[0], 2);
  EXPECT_EQ(in[0], 1);
}

TEST(Buffer, SetFinalDataNullptrAndDefault) {
  sycl::queue q;
  std::vector<int> out(4, -1);
  {
    sycl::buffer<int> b(sycl::range<1>(4));
    b.set_final_data(out.data());
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
      h.parallel_for(b.get_range(), [=](sycl::id<1> i) { a[i] = 1; });
    });
    b.set_final_data(nullptr);  // cancels the destination
  }
  EXPECT_EQ(out[0], -1);
  {
    sycl::buffer<int> b(sycl::range<1>(4));
    b.set_final_data(out.data());
    b.set_final_data();  // the default argument is nullptr
  }
  EXPECT_EQ(out[0], -1);
}

TEST(Buffer, SetFinalDataSharedWeakAndIterator) {
  sycl::queue q;
  auto shared = std::shared_ptr<int[]>(new int[6]);
  std::fill(shared.get(), shared.get() + 6, 0);
  auto weak_target = std::shared_ptr<int[]>(new int[6]);
  std::fill(weak_target.get(), weak_target.get() + 6, 0);
  std::weak_ptr<int[]> weak = weak_target;
  std::vector<int> vec(6, 0);
  std::list<int> lst(6, 0);
  auto fill_with = [&](sycl::buffer<int>& b, int v) {
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
      h.parallel_for(b.get_range(), [=](sycl::id<1> i) { a[i] = v + int(i[0]); });
    });
  };
  {
    sycl::buffer<int> b(sycl::range<1>(6));
    fill_with(b, 10);
    b.set_final_data(shared);
  }
  EXPECT_EQ(shared[5], 15);
  {
    sycl::buffer<int> b(sycl::range<1>(6));
    fill_with(b, 20);
    b.set_final_data(weak);
  }
  EXPECT_EQ(weak_target[5], 25);
  {
    // An expired weak_ptr: nothing is written, nothing crashes.
    std::weak_ptr<int[]> expired;
    {
      auto tmp = std::shared_ptr<int[]>(new int[6]);
      expired = tmp;
    }
    sycl::buffer<int> b(sycl::range<1>(6));
    fill_with(b, 30);
    b.set_final_data(expired);
  }
  {
    sycl::buffer<int> b(sycl::range<1>(6));
    fill_with(b, 40);
    b.set_final_data(vec.begin());
  }
  EXPECT_EQ(vec[0], 40);
  EXPECT_EQ(vec[5], 45);
  {
    sycl::buffer<int> b(sycl::range<1>(6));
    fill_with(b, 50);
    b.set_final_data(lst.begin());
  }
  EXPECT_EQ(lst.back(), 55);
}

TEST(Buffer, SetWriteBackFalseCancelsFinalData) {
  sycl::queue q;
  std::vector<int> out(8, 0);
  {
    sycl::buffer<int> b(sycl::range<1>(8));
    b.set_final_data(out.data());
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
      h.parallel_for(b.get_range(), [=](sycl::id<1> i) { a[i] = 1; });
    });
    b.set_write_back(false);
  }
  EXPECT_EQ(out[0], 0);
  {
    sycl::buffer<int> b(sycl::range<1>(8));
    b.set_final_data(out.data());
    b.set_write_back(false);
    sycl::host_accessor h{b, sycl::write_only, sycl::no_init};
    std::fill(h.begin(), h.end(), 2);
    b.set_write_back(true);  // and back on
  }
  EXPECT_EQ(out[7], 2);
}

TEST(Buffer, CopiesShareStorageAndWriteBackOnce) {
  sycl::queue q;
  std::vector<int> v(16, 0);
  {
    sycl::buffer<int> a(v.data(), sycl::range<1>(16));
    {
      sycl::buffer<int> b = a;
      EXPECT_TRUE(a == b);
      add_in_kernel(q, b, 1);
    }
    // `b` is gone but `a` still holds the storage: no write-back wait happened early.
    add_in_kernel(q, a, 1);
  }
  EXPECT_EQ(v[3], 2);
}

TEST(SubBuffer, WindowOfParent1D) {
  sycl::queue q;
  std::vector<int> v(100, 0);
  {
    sycl::buffer<int> parent(v.data(), sycl::range<1>(100));
    sycl::buffer<int> sub(parent, sycl::id<1>(10), sycl::range<1>(20));
    EXPECT_TRUE(sub.is_sub_buffer());
    EXPECT_EQ(sub.get_range(), sycl::range<1>(20));
    add_in_kernel(q, sub, 1);
    add_in_kernel(q, parent, 10);  // ordered after the sub-buffer's kernel
  }
  // v[9] and v[30] outside the sub-buffer, v[10] and v[29] its ends.
  EXPECT_EQ((std::vector<int>{v[9], v[10], v[29], v[30]}), (std::vector<int>{10, 11, 11, 10}));
}

TEST(SubBuffer, RowsOfParent2DAndNested) {
  sycl::queue q;
  std::vector<int> v(8 * 4, 0);
  {
    sycl::buffer<int, 2> parent(v.data(), sycl::range<2>(8, 4));
    sycl::buffer<int, 2> rows(parent, sycl::id<2>(2, 0), sycl::range<2>(4, 4));
    sycl::buffer<int, 2> inner(rows, sycl::id<2>(1, 0), sycl::range<2>(2, 4));  // parent rows 3..4
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{inner, h};
      h.parallel_for(inner.get_range(), [=](sycl::id<2> i) { a[i] = 1 + int(i[0]); });
    });
    sycl::host_accessor r{rows, sycl::read_only};
    EXPECT_EQ(r[0][0], 0);
    EXPECT_EQ(r[1][3], 1);
    EXPECT_EQ(r[2][0], 2);
  }
  EXPECT_EQ(v[2 * 4], 0);
  EXPECT_EQ(v[3 * 4], 1);
  EXPECT_EQ(v[4 * 4 + 3], 2);
  EXPECT_EQ(v[5 * 4], 0);
}

TEST(SubBuffer, ContiguousPartOfARow) {
  // {1, 2} at {1, 1} of a {3, 4} buffer is contiguous in memory: allowed.
  sycl::buffer<int, 2> parent(sycl::range<2>(3, 4));
  {
    sycl::host_accessor h{parent, sycl::write_only, sycl::no_init};
    for (std::size_t i = 0; i < 3; ++i)
      for (std::size_t j = 0; j < 4; ++j) h[i][j] = int(i * 4 + j);
  }
  sycl::buffer<int, 2> sub(parent, sycl::id<2>(1, 1), sycl::range<2>(1, 2));
  sycl::host_accessor s{sub, sycl::read_only};
  EXPECT_EQ(s[0][0], 5);
  EXPECT_EQ(s[0][1], 6);
}

TEST(SubBuffer, BadOnesThrowInvalid) {
  sycl::buffer<int, 1> b1(sycl::range<1>(10));
  EXPECT_EQ(thrown_errc([&] { sycl::buffer<int> s(b1, sycl::id<1>(5), sycl::range<1>(6)); }), sycl::errc::invalid);
  EXPECT_EQ(thrown_errc([&] { sycl::buffer<int> s(b1, sycl::id<1>(11), sycl::range<1>(0)); }), sycl::errc::invalid);
  sycl::buffer<int, 2> b2(sycl::range<2>(4, 4));
  // Two rows, half the columns: not contiguous.
  EXPECT_EQ(thrown_errc([&] { sycl::buffer<int, 2> s(b2, sycl::id<2>(0, 0), sycl::range<2>(2, 2)); }),
            sycl::errc::invalid);
  EXPECT_EQ(thrown_errc([&] { sycl::buffer<int, 2> s(b2, sycl::id<2>(3, 0), sycl::range<2>(2, 4)); }),
            sycl::errc::invalid);
  EXPECT_EQ(thrown_errc([&] { sycl::buffer<int, 2> s(b2, sycl::id<2>(0, 3), sycl::range<2>(1, 2)); }),
            sycl::errc::invalid);
  try {
    sycl::buffer<int, 2> s(b2, sycl::id<2>(0, 0), sycl::range<2>(2, 2));
  } catch (const sycl::exception& e) {
    EXPECT_NE(std::string(e.what()).find("contiguous"), std::string::npos) << e.what();
  }
}

TEST(Buffer, Reinterpret) {
  sycl::queue q;
  std::vector<std::uint32_t> v(8, 0);
  {
    sycl::buffer<std::uint32_t> b(v.data(), sycl::range<1>(8));
    auto bytes = b.reinterpret<std::uint8_t>(sycl::range<1>(32));
    EXPECT_EQ(bytes.size(), 32u);
    auto bytes_1d = b.reinterpret<std::uint8_t>();
    EXPECT_EQ(bytes_1d.size(), 32u);
    auto as2d = b.reinterpret<std::uint32_t, 2>(sycl::range<2>(2, 4));
    EXPECT_EQ(as2d.get_range(), sycl::range<2>(2, 4));
    auto same_shape = as2d.reinterpret<float>();  // same dimensions, same element size
    static_assert(std::is_same_v<decltype(same_shape), sycl::buffer<float, 2>>);
    EXPECT_EQ(same_shape.get_range(), sycl::range<2>(2, 4));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{bytes, h, sycl::write_only};
      h.parallel_for(bytes.get_range(), [=](sycl::id<1> i) { a[i] = (i[0] % 4 == 0) ? 1 : 0; });
    });
    sycl::host_accessor h{as2d, sycl::read_only};
    EXPECT_EQ(h[1][3], 1u);  // little-endian: byte 0 of each word is 1
    EXPECT_EQ(thrown_errc([&] { (void)b.reinterpret<std::uint8_t>(sycl::range<1>(31)); }), sycl::errc::invalid);
    EXPECT_EQ(thrown_errc([&] { (void)b.reinterpret<double>(sycl::range<1>(5)); }), sycl::errc::invalid);
  }
  EXPECT_EQ(v[7], 1u);
}

TEST(Buffer, Properties) {
  std::vector<int> v(4);
  sycl::buffer<int> b(v.data(), sycl::range<1>(4), {sycl::property::buffer::use_host_ptr()});
  EXPECT_TRUE(b.has_property<sycl::property::buffer::use_host_ptr>());
  EXPECT_FALSE(b.has_property<sycl::property::buffer::context_bound>());
  EXPECT_EQ(thrown_errc([&] { (void)b.get_property<sycl::property::buffer::context_bound>(); }), sycl::errc::invalid);
  std::mutex m;
  sycl::buffer<int> b2(sycl::range<1>(4), {sycl::property::buffer::use_mutex(m)});
  EXPECT_EQ(b2.get_property<sycl::property::buffer::use_mutex>().get_mutex_ptr(), &m);
}

// A null host pointer with a range of elements is a buffer without host data (as
// DPC++ makes it; &v[0] of an empty vector): usable by kernels, nothing written back.
TEST(Buffer, NullHostPointerIsABufferWithoutHostData) {
  sycl::queue q;
  int* none = nullptr;
  const int* const_none = nullptr;
  std::vector<int> out(4, 0);
  {
    sycl::buffer<int> b(none, sycl::range<1>(4)), c(const_none, sycl::range<1>(4));
    sycl::buffer<int> o(out.data(), sycl::range<1>(4));
    EXPECT_EQ(b.size(), 4u);
    q.submit([&](sycl::handler& h) {
      sycl::accessor B(b, h, sycl::write_only, sycl::no_init), C(c, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) {
        B[i] = int(i[0]) + 1;
        C[i] = 10;
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor B(b, h, sycl::read_only), C(c, h, sycl::read_only);
      sycl::accessor O(o, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { O[i] = B[i] + C[i]; });
    });
  }  // b and c have nowhere to write back to
  EXPECT_EQ(out, (std::vector<int>{11, 12, 13, 14}));
}

}  // namespace
