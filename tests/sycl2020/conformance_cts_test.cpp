// SYCL 2020 conformance gaps found by the Khronos SYCL-CTS, second round (one case or
// group of cases per cause, docs/conformance.md): the work-group size
// parallel_for_work_group picks, default-constructed events, local accessors in
// single_task and parallel_for(range), the implicit accessor conversions, swizzles
// (get_size, one-element swizzles into vec<T, 1>, lo/hi/even/odd of three elements),
// vec<std::byte, N>, the buffer constructors with an allocator and their deduction
// guides, the kernel properties that stand for the kernel attributes, selectors that are
// plain functions, multi_ptr's assignments, comparisons and deduction guides, and the math
// builtins' overload forms.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <memory>
#include <type_traits>
#include <unordered_set>
#include <vector>
#include <sycl/sycl.hpp>

#include "../support/expect_error.hpp"
#include "../support/gpu.hpp"

namespace {

using weft_test::thrown_errc;

// ---- 1. parallel_for_work_group(numGroups, f): one item per group ------------------------
// The CTS (handler_invoke_api.h) writes acc[h.get_global_id()] for logical item 0 of every
// group into a buffer of numGroups elements: group g's item 0 must have global id g.
TEST(ConformanceCts, HierarchicalDefaultGroupSizeIsOneItem) {
  target_queue q;
  constexpr std::size_t G = 16;
  std::vector<int> out(G, -1);
  std::vector<std::size_t> sizes(4, 0);
  {
    sycl::buffer<int> b(out.data(), sycl::range<1>(G));
    sycl::buffer<std::size_t> s(sizes.data(), sycl::range<1>(4));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor acc(b, cgh, sycl::write_only);
      sycl::accessor sz(s, cgh, sycl::write_only);
      cgh.parallel_for_work_group(sycl::range<1>(G), [=](sycl::group<1> g) {
        if (g.get_group_linear_id() == 0) sz[0] = g.get_local_range(0);
        g.parallel_for_work_item(sycl::range<1>(1), [&](sycl::h_item<1> h) {
          if (h.get_global_id(0) < G) acc[h.get_global_id()] = int(h.get_global_id(0));  // (no overrun if it fails)
        });
      });
    });
    // 2-D and 3-D: every dimension is 1.
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor sz(s, cgh, sycl::write_only);
      cgh.parallel_for_work_group(sycl::range<3>(2, 3, 4), [=](sycl::group<3> g) {
        if (g.get_group_linear_id() == 0) {
          sz[1] = g.get_local_range().size();
          sz[2] = g.get_local_range(2);
        }
        // A logical range larger than the physical one still visits every logical item.
        g.parallel_for_work_item(sycl::range<3>(1, 1, 3), [&](sycl::h_item<3> h) {
          if (g.get_group_linear_id() == 0 && h.get_logical_local_id(2) == 2) sz[3] = h.get_global_range().size();
        });
      });
    });
  }
  EXPECT_EQ(sizes[0], 1u);
  EXPECT_EQ(sizes[1], 1u);
  EXPECT_EQ(sizes[2], 1u);
  EXPECT_EQ(sizes[3], 24u);  // the global range: 2 x 3 x 4 groups of one item
  for (std::size_t g = 0; g < G; ++g) EXPECT_EQ(out[g], int(g)) << g;
}

// ---- 2. default-constructed events are distinct objects (common reference semantics) ----
TEST(ConformanceCts, DefaultConstructedEventsAreDistinct) {
  sycl::event a, b;
  const sycl::event a_copy = a;  // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_TRUE(a != b && b != a);
  EXPECT_FALSE(a == b);
  EXPECT_TRUE(a == a_copy);
  EXPECT_EQ(std::hash<sycl::event>()(a), std::hash<sycl::event>()(a_copy));
  EXPECT_NE(std::hash<sycl::event>()(a), std::hash<sycl::event>()(b));
  std::unordered_set<sycl::event> set{a, a_copy, b};
  EXPECT_EQ(set.size(), 2u);
  // Still complete events with nothing to wait for.
  EXPECT_EQ(a.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  a.wait();
  EXPECT_TRUE(a.get_wait_list().empty());
  // Submitted commands' events equal their copies only.
  sycl::queue q;
  sycl::event e = q.single_task([] {});
  sycl::event e_copy = e;
  EXPECT_TRUE(e == e_copy);
  EXPECT_TRUE(e != a);
  e.wait();
}

// ---- 3a. a local accessor in single_task / parallel_for(range): errc::kernel_argument ----
TEST(ConformanceCts, LocalAccessorOutsideWorkGroupKernelsThrowsKernelArgument) {
  sycl::queue q;
  sycl::buffer<bool, 1> dest{1};
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                 sycl::accessor d{dest, cgh, sycl::write_only};
                 sycl::local_accessor<int, 1> local(sycl::range<1>(2), cgh);
                 cgh.single_task([=] { d[0] = local.empty(); });
               }).wait_and_throw();
            }),
            sycl::errc::kernel_argument);
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                 sycl::accessor d{dest, cgh, sycl::write_only};
                 sycl::local_accessor<int, 2> local(sycl::range<2>(2, 2), cgh);
                 cgh.parallel_for(sycl::range<1>(1), [=](sycl::item<1>) { d[0] = local.empty(); });
               }).wait_and_throw();
            }),
            sycl::errc::kernel_argument);
  // nd_range kernels and hierarchical kernels take them.
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                 sycl::accessor d{dest, cgh, sycl::write_only};
                 sycl::local_accessor<int, 1> local(sycl::range<1>(2), cgh);
                 cgh.parallel_for(sycl::nd_range<1>(sycl::range<1>(2), sycl::range<1>(2)), [=](sycl::nd_item<1> it) {
                   local[it.get_local_id(0)] = 1;
                   if (it.get_global_linear_id() == 0) d[0] = !local.empty();
                 });
               }).wait_and_throw();
            }),
            sycl::errc::success);
  EXPECT_TRUE(sycl::host_accessor(dest)[0]);
  // A command group without local accessors is unaffected.
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                 sycl::accessor d{dest, cgh, sycl::write_only};
                 cgh.single_task([=] { d[0] = false; });
               }).wait_and_throw();
            }),
            sycl::errc::success);
}

// ---- 3b. implicit conversions between accessors (sections 4.7.6.9 - 4.7.6.11) ----------
template <class T, int D, sycl::target Tg>
constexpr bool device_conversions() {
  using rw = sycl::accessor<T, D, sycl::access_mode::read_write, Tg>;
  using r = sycl::accessor<T, D, sycl::access_mode::read, Tg>;
  using cr = sycl::accessor<const T, D, sycl::access_mode::read, Tg>;
  return std::is_convertible_v<rw, cr> && std::is_convertible_v<rw, r> && std::is_convertible_v<r, cr> &&
         std::is_convertible_v<cr, r> && !std::is_convertible_v<r, rw> && !std::is_convertible_v<cr, rw>;
}
template <class T, int D>
constexpr bool host_conversions() {
  using rw = sycl::host_accessor<T, D, sycl::access_mode::read_write>;
  using r = sycl::host_accessor<T, D, sycl::access_mode::read>;
  using cr = sycl::host_accessor<const T, D, sycl::access_mode::read>;
  return std::is_convertible_v<rw, cr> && std::is_convertible_v<rw, r> && std::is_convertible_v<r, cr> &&
         std::is_convertible_v<cr, r> && !std::is_convertible_v<r, rw> && !std::is_convertible_v<cr, rw>;
}
static_assert(device_conversions<int, 0, sycl::target::device>());
static_assert(device_conversions<int, 1, sycl::target::device>());
static_assert(device_conversions<float, 2, sycl::target::device>());
static_assert(device_conversions<char, 3, sycl::target::host_task>());
static_assert(host_conversions<int, 0>());
static_assert(host_conversions<double, 1>());
static_assert(host_conversions<int, 3>());
static_assert(std::is_convertible_v<sycl::local_accessor<int, 0>, sycl::local_accessor<const int, 0>>);
static_assert(std::is_convertible_v<sycl::local_accessor<int, 2>, sycl::local_accessor<const int, 2>>);
static_assert(!std::is_convertible_v<sycl::local_accessor<const int, 1>, sycl::local_accessor<int, 1>>);

TEST(ConformanceCts, AccessorImplicitConversions) {
  sycl::queue q;
  std::vector<int> data{1, 2, 3, 4};
  std::vector<int> out(4, 0);
  {
    sycl::buffer<int> b(data.data(), sycl::range<1>(4));
    sycl::buffer<int> o(out.data(), sycl::range<1>(4));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor<int, 1, sycl::access_mode::read_write> rw(b, cgh);
      const sycl::accessor<const int, 1, sycl::access_mode::read> r = rw;  // read_write -> read of const
      const sycl::accessor<int, 1, sycl::access_mode::read> r2 = r;        // const T -> T, both read
      EXPECT_TRUE(r.get_range() == rw.get_range() && r.get_pointer() == rw.get_pointer());
      sycl::accessor w(o, cgh, sycl::write_only);
      sycl::local_accessor<int, 1> l(sycl::range<1>(4), cgh);
      cgh.parallel_for(sycl::nd_range<1>(sycl::range<1>(4), sycl::range<1>(4)), [=](sycl::nd_item<1> it) {
        const std::size_t i = it.get_local_id(0);
        l[i] = r[i] + r2[i];
        sycl::group_barrier(it.get_group());
        const sycl::local_accessor<const int, 1> cl = l;  // local_accessor<T> -> local_accessor<const T>
        w[i] = cl[3 - i];
      });
    });
    sycl::host_accessor<int, 1, sycl::access_mode::read_write> hrw(b);
    const sycl::host_accessor<const int, 1, sycl::access_mode::read> hr = hrw;
    EXPECT_EQ(hr[2], 3);
    EXPECT_EQ(hr.get_pointer(), hrw.get_pointer());
    sycl::host_accessor<int, 0, sycl::access_mode::read_write> h0(b);
    const sycl::host_accessor<const int, 0, sycl::access_mode::read> h0r = h0;
    EXPECT_EQ(static_cast<const int&>(h0r), 1);
  }
  EXPECT_EQ(out, (std::vector<int>{8, 6, 4, 2}));
}

// ---- 4. swizzles and vec ---------------------------------------------------------------
TEST(ConformanceCts, SwizzleSizesAndOneElementAssignment) {
  sycl::vec<int, 4> v(1, 2, 3, 4);
  auto sw3 = v.swizzle<2, 1, 0>();
  EXPECT_EQ(sw3.size(), 3u);
  EXPECT_EQ(sw3.byte_size(), 4 * sizeof(int));  // three elements take four
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
  EXPECT_EQ(sw3.get_size(), 4 * sizeof(int));
  EXPECT_EQ(sw3.get_count(), 3u);
  EXPECT_EQ((v.swizzle<0, 1>().get_size()), 2 * sizeof(int));
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
  // vec<T, 1> from and = a one-element swizzle (both a vec<T, 1> and a T by conversion).
  sycl::vec<int, 1> one;
  one = v.swizzle<0, 1>().hi();
  EXPECT_EQ(int(one), 2);
  sycl::vec<int, 1> one2{v.swizzle<3>()};
  EXPECT_EQ(int(one2), 4);
  one = v.swizzle<2>();
  EXPECT_EQ(int(one), 3);
  sycl::vec<bool, 2> b(true, false);
  sycl::vec<bool, 1> b1{b.swizzle<0, 1>().lo()};
  EXPECT_TRUE(bool(b1));
  b1 = b.swizzle<0, 1>().hi();
  EXPECT_FALSE(bool(b1));
  // Copy-initialisation and arguments still go through the swizzle's conversion.
  sycl::vec<int, 2> two = v.swizzle<3, 2>();
  EXPECT_EQ(two[0], 4);
  EXPECT_EQ(two[1], 3);
}

TEST(ConformanceCts, HalvesOfThreeElementSwizzles) {
  sycl::vec<int, 3> v(10, 20, 30);
  auto sw = v.swizzle<0, 1, 2>();
  sycl::vec<int, 2> lo = sw.lo();
  sycl::vec<int, 2> even = sw.even();
  EXPECT_EQ(lo[0], 10);
  EXPECT_EQ(lo[1], 20);
  EXPECT_EQ(even[0], 10);
  EXPECT_EQ(even[1], 30);
  // hi() and odd() end in the padding element (unspecified value); the defined ones:
  sycl::vec<int, 2> hi = sw.hi();
  sycl::vec<int, 2> odd = sw.odd();
  EXPECT_EQ(hi[0], 30);
  EXPECT_EQ(odd[0], 20);
  // Writes through a half reach the vec, the padding takes none.
  sw.hi() = sycl::vec<int, 2>(7, 8);
  EXPECT_EQ(v[0], 10);
  EXPECT_EQ(v[1], 20);
  EXPECT_EQ(v[2], 7);
  sw.lo() = sycl::vec<int, 2>(1, 2);
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[1], 2);
  // A 3-element swizzle of a wider vec, in another order.
  sycl::vec<float, 4> f(1.f, 2.f, 3.f, 4.f);
  sycl::vec<float, 2> flo = f.swizzle<3, 2, 1>().lo();
  EXPECT_EQ(flo[0], 4.f);
  EXPECT_EQ(flo[1], 3.f);
  sycl::vec<float, 1> fhi_lo = f.swizzle<3, 2, 1>().hi().lo();
  EXPECT_EQ(float(fhi_lo), 2.f);
}

TEST(ConformanceCts, ByteVectorsFromBytes) {
  sycl::vec<std::byte, 2> v2(std::byte{0}, std::byte{1});
  EXPECT_EQ(v2[0], std::byte{0});
  EXPECT_EQ(v2[1], std::byte{1});
  sycl::vec<std::byte, 4> v4(std::byte{1}, std::byte{2}, v2);
  EXPECT_EQ(v4[2], std::byte{0});
  EXPECT_EQ(v4[3], std::byte{1});
  sycl::vec<std::byte, 2> r{v2.swizzle<1, 0>()};
  EXPECT_EQ(r[0], std::byte{1});
  EXPECT_EQ(r[1], std::byte{0});
}

// event::get_wait_list: the direct dependencies, explicit or from an in-order queue.
TEST(ConformanceCts, EventWaitListHoldsDirectDependencies) {
  sycl::queue q;
  sycl::event e1 = q.single_task([] {});
  sycl::event e2 = q.single_task([] {});
  sycl::event e3 = q.submit([&](sycl::handler& h) {
    h.depends_on({e1, e2});
    h.single_task([] {});
  });
  std::vector<sycl::event> list = e3.get_wait_list();
  EXPECT_EQ(list.size(), 2u);
  EXPECT_NE(std::find(list.begin(), list.end(), e1), list.end());
  EXPECT_NE(std::find(list.begin(), list.end(), e2), list.end());
  EXPECT_TRUE(e1.get_wait_list().empty());
  EXPECT_TRUE(sycl::event().get_wait_list().empty());
  sycl::queue in_order{sycl::property::queue::in_order{}};
  sycl::event a = in_order.single_task([] {});
  sycl::event b = in_order.single_task([] {});
  list = b.get_wait_list();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0], a);
  e3.wait();
  b.wait();
}

// The OpenCL backend's scalar names (sycl::opencl::cl_*), the sizes and signedness the
// OpenCL C types have.
TEST(ConformanceCts, OpenclScalarTypeNames) {
  static_assert(std::is_same_v<sycl::opencl::cl_half, sycl::half>);
  static_assert(std::is_same_v<sycl::opencl::cl_float, float> && std::is_same_v<sycl::opencl::cl_double, double>);
  static_assert(sizeof(sycl::opencl::cl_char) == 1 && std::is_signed_v<sycl::opencl::cl_char>);
  static_assert(sizeof(sycl::opencl::cl_uchar) == 1 && std::is_unsigned_v<sycl::opencl::cl_uchar>);
  static_assert(sizeof(sycl::opencl::cl_short) == 2 && std::is_signed_v<sycl::opencl::cl_short>);
  static_assert(sizeof(sycl::opencl::cl_ushort) == 2 && std::is_unsigned_v<sycl::opencl::cl_ushort>);
  static_assert(sizeof(sycl::opencl::cl_int) == 4 && std::is_signed_v<sycl::opencl::cl_int>);
  static_assert(sizeof(sycl::opencl::cl_uint) == 4 && std::is_unsigned_v<sycl::opencl::cl_uint>);
  static_assert(sizeof(sycl::opencl::cl_long) == 8 && std::is_signed_v<sycl::opencl::cl_long>);
  static_assert(sizeof(sycl::opencl::cl_ulong) == 8 && std::is_unsigned_v<sycl::opencl::cl_ulong>);
  sycl::opencl::cl_bool b = true;
  EXPECT_TRUE(b);
}

// ---- 5. buffer constructors with an allocator, and their deduction guides ---------------
TEST(ConformanceCts, BufferAllocatorConstructorsAndGuides) {
  using alloc = sycl::buffer_allocator<int>;
  sycl::queue q;
  const sycl::property_list props{sycl::property::buffer::use_host_ptr()};
  int data[4] = {1, 2, 3, 4};
  {
    sycl::buffer<int, 1> a(data, data + 4, alloc{}, props);
    sycl::buffer<int, 1> b(data, data + 4, alloc{});
    EXPECT_EQ(a.size(), 4u);
    EXPECT_EQ(sycl::host_accessor(b)[3], 4);
    EXPECT_TRUE(a.has_property<sycl::property::buffer::use_host_ptr>());
  }
  std::vector<int> c(3, 5);
  {
    sycl::buffer<int, 1, std::allocator<int>> a(c, std::allocator<int>{}, props);
    sycl::buffer<int, 1, std::allocator<int>> b(c, std::allocator<int>{});
    EXPECT_EQ(a.size(), 3u);
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor acc(b, cgh);
      cgh.parallel_for(sycl::range<1>(3), [=](sycl::item<1> i) { acc[i] += int(i[0]); });
    });
  }
  EXPECT_EQ(c, (std::vector<int>{5, 6, 7}));  // the container's memory, written back
  std::shared_ptr<int[]> sp(new int[4]{4, 3, 2, 1});
  {
    sycl::buffer<int, 1> a(sp, sycl::range<1>(4), alloc{}, props);
    sycl::buffer<int, 1> b(sp, sycl::range<1>(4), alloc{});
    EXPECT_EQ(sycl::host_accessor(a)[0], 4);
    EXPECT_EQ(b.get_range(), sycl::range<1>(4));
  }
  // Deduction guides with an allocator (section 4.7.2.1).
  std::vector<int> v{1, 2};
  sycl::buffer g1(v.begin(), v.end(), std::allocator<int>{});
  sycl::buffer g2(v.begin(), v.end(), alloc{}, props);
  sycl::buffer g3(v, std::allocator<int>{});
  sycl::buffer g4(v, alloc{}, props);
  sycl::buffer g5(data, sycl::range<1>(4), std::allocator<int>{});
  sycl::buffer g6(static_cast<const int*>(data), sycl::range<2>(2, 2), alloc{}, props);
  sycl::buffer g7(v, props);
  sycl::buffer g8(v.begin(), v.end(), props);
  static_assert(std::is_same_v<decltype(g1), sycl::buffer<int, 1, std::allocator<int>>>);
  static_assert(std::is_same_v<decltype(g2), sycl::buffer<int, 1, alloc>>);
  static_assert(std::is_same_v<decltype(g3), sycl::buffer<int, 1, std::allocator<int>>>);
  static_assert(std::is_same_v<decltype(g4), sycl::buffer<int, 1, alloc>>);
  static_assert(std::is_same_v<decltype(g5), sycl::buffer<int, 1, std::allocator<int>>>);
  static_assert(std::is_same_v<decltype(g6), sycl::buffer<int, 2, alloc>>);
  static_assert(std::is_same_v<decltype(g7), sycl::buffer<int, 1>>);
  static_assert(std::is_same_v<decltype(g8), sycl::buffer<int, 1>>);
  EXPECT_EQ(g6.get_range(), sycl::range<2>(2, 2));
}

// ---- 6. kernel properties: Weft's form of reqd_work_group_size and friends --------------
TEST(ConformanceCts, KernelPropertiesRequirementsAtSubmission) {
  namespace ex = sycl::ext::oneapi::experimental;
  sycl::queue q;
  const std::size_t max_wg = q.get_device().get_info<sycl::info::device::max_work_group_size>();
  // A required size the device cannot run: kernel_not_supported, before the nd_range is looked at
  // (here its global range of 2^32 x 2^32 would not even fit in size_t).
  constexpr std::size_t huge = std::size_t(1) << 32;
  EXPECT_EQ(thrown_errc([&] {
              q.parallel_for(sycl::nd_range<1>(sycl::range<1>(huge), sycl::range<1>(huge)),
                             ex::properties{ex::work_group_size<huge>}, [=](sycl::nd_item<1>) {});
            }),
            sycl::errc::kernel_not_supported);
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                cgh.parallel_for(sycl::nd_range<2>(sycl::range<2>(huge, huge), sycl::range<2>(huge, 1)),
                                 ex::properties{ex::work_group_size<huge, 1>}, [=](sycl::nd_item<2>) {});
              });
            }),
            sycl::errc::kernel_not_supported);
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                cgh.parallel_for(sycl::nd_range<1>(sycl::range<1>(max_wg + 1), sycl::range<1>(max_wg + 1)),
                                 ex::properties{ex::work_group_size<1>}, [=](sycl::nd_item<1>) {});
              });
            }),
            sycl::errc::nd_range);  // a local range other than the required one
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                cgh.parallel_for(sycl::nd_range<1>(sycl::range<1>(8), sycl::range<1>(4)),
                                 ex::properties{ex::work_group_size<2>}, [=](sycl::nd_item<1>) {});
              });
            }),
            sycl::errc::nd_range);
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                cgh.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 4), sycl::range<2>(4, 2)),
                                 ex::properties{ex::work_group_size<4, 2>}, [=](sycl::nd_item<2>) {});
              });
              q.wait_and_throw();
            }),
            sycl::errc::success);
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                cgh.single_task(ex::properties{ex::sub_group_size<3>}, [=] {});  // no device has 3
              });
            }),
            sycl::errc::kernel_not_supported);
  const auto sg = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  ASSERT_FALSE(sg.empty());
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                cgh.parallel_for(sycl::range<1>(4), ex::properties{ex::work_group_size<4>}, [=](sycl::item<1>) {});
              });
              q.wait_and_throw();
            }),
            sycl::errc::success);
}

// ---- Selectors that are functions, not function objects -----------------------------------
// The CTS helper library (util/device_manager.cpp) passes a function by reference:
// device(const Selector&) deduces a function type, which has no object address.
int cpu_only_selector(const sycl::device& d) { return d.is_cpu() ? 1 : -1; }
int no_device_selector(const sycl::device&) { return -1; }

TEST(ConformanceCts, FunctionSelectors) {
  EXPECT_TRUE(sycl::device(cpu_only_selector).is_cpu());
  EXPECT_TRUE(sycl::device(&cpu_only_selector).is_cpu());
  EXPECT_TRUE(sycl::queue(cpu_only_selector).get_device().is_cpu());
  EXPECT_TRUE(sycl::platform(cpu_only_selector) == sycl::device(cpu_only_selector).get_platform());
  EXPECT_EQ(thrown_errc([] { sycl::device d(no_device_selector); }), sycl::errc::runtime);
}

// ---- multi_ptr: assignment to generic, comparison with raw pointers, guides ---------------
// The CTS's multi_ptr category: `generic = local` was ambiguous (the converting
// constructor against operator=(T*) through the pointer conversion), so was
// `multi_ptr<void, ..., legacy> == void*`; multi_ptr(local_accessor) must deduce
// local_space; a constant-buffer accessor's get_pointer() is SYCL 1.2.1's constant_ptr.
TEST(ConformanceCts, MultiPtrAssignmentsComparisonsAndGuides) {
  using sycl::access::address_space;
  using sycl::access::decorated;
  int x = 1, y = 2;
  const auto local = sycl::address_space_cast<address_space::local_space, decorated::no>(&x);
  sycl::multi_ptr<int, address_space::generic_space, decorated::no> generic;
  generic = local;
  EXPECT_EQ(generic.get_raw(), &x);
  const auto global = sycl::address_space_cast<address_space::global_space, decorated::no>(&y);
  generic = global;
  EXPECT_EQ(generic.get_raw(), &y);

  void* raw = &x;
  sycl::multi_ptr<void, address_space::global_space, decorated::legacy> legacy_void(raw), other;
  other = legacy_void;
  EXPECT_TRUE(other == raw);
  EXPECT_TRUE(other == legacy_void);
  EXPECT_FALSE(other != legacy_void);
  EXPECT_TRUE(other != nullptr);
  static_assert(std::is_same_v<decltype(other.get()), decltype(other)::pointer_t>);  // SYCL 1.2.1 names
  static_assert(std::is_same_v<decltype(other)::const_pointer_t, const void*>);
  const auto typed = static_cast<sycl::multi_ptr<int, address_space::global_space, decorated::legacy>>(other);
  EXPECT_EQ(typed.get(), &x);
  sycl::multi_ptr<int, address_space::global_space, decorated::legacy> legacy_int(&x);
  EXPECT_TRUE(legacy_int == &x);
  EXPECT_TRUE(legacy_int < legacy_int + 1);

  sycl::queue q;
  int data[2] = {5, 6};
  bool ok = false;
  {
    sycl::buffer<int, 1> b(data, sycl::range<1>(2));
    sycl::buffer<bool, 1> result(&ok, sycl::range<1>(1));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::device> read(b, cgh);
      sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::device> read_write(b, cgh);
      sycl::local_accessor<int, 1> local_acc(sycl::range<1>(1), cgh);
      static_assert(std::is_same_v<decltype(sycl::multi_ptr(read)),
                                   sycl::multi_ptr<const int, address_space::global_space, decorated::no>>);
      static_assert(std::is_same_v<decltype(sycl::multi_ptr(read_write)),
                                   sycl::multi_ptr<int, address_space::global_space, decorated::no>>);
      static_assert(std::is_same_v<decltype(sycl::multi_ptr(local_acc)),
                                   sycl::multi_ptr<int, address_space::local_space, decorated::no>>);
      sycl::accessor<bool, 1, sycl::access_mode::write, sycl::target::device> out(result, cgh);
      cgh.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1>) {
        local_acc[0] = 7;
        auto lp = sycl::multi_ptr(local_acc);
        out[0] = *lp == 7 && read.get_pointer()[1] == 6;
      });
    });
  }
  EXPECT_TRUE(ok);
}

// ---- Math builtins: the spec's overload forms (the CTS's math_builtin_api) ----------------
// The scalar forms are non-template overloads for float, double and half, so an argument
// that converts to one of them is accepted (the CTS passes such a class to every function);
// the pointer forms take the pointer type as their first template argument (scalar) or
// second (vec, marray); abs_diff returns its argument type; any / all of a vec give int;
// smoothstep on half rounds each step of the spec's formula, as the CTS's reference does.
template <class T>
struct converts_to {
  operator T() const { return T(2); }
};
TEST(ConformanceCts, MathScalarOverloadsTakeConvertibleArguments) {
  static_assert(std::is_same_v<decltype(sycl::sqrt(converts_to<float>{})), float>);
  static_assert(std::is_same_v<decltype(sycl::exp(converts_to<double>{})), double>);
  static_assert(std::is_same_v<decltype(sycl::exp(converts_to<sycl::half>{})), sycl::half>);
  EXPECT_EQ(sycl::sqrt(converts_to<float>{}), std::sqrt(2.0f));
  EXPECT_EQ(sycl::ilogb(converts_to<double>{}), 1);
  EXPECT_EQ(sycl::ldexp(converts_to<float>{}, converts_to<int>{}), 8.0f);
  EXPECT_EQ(sycl::pown(converts_to<double>{}, 3), 8.0);
  EXPECT_EQ(sycl::rootn(converts_to<sycl::half>{}, 1), sycl::half(2.0f));
  EXPECT_TRUE(sycl::isequal(converts_to<float>{}, 2.0f));
  EXPECT_TRUE(sycl::isless(converts_to<sycl::half>{}, converts_to<sycl::half>{}) == false);
  EXPECT_FALSE(sycl::isnan(converts_to<double>{}));
  static_assert(std::is_same_v<decltype(sycl::nan(converts_to<std::uint32_t>{})), float>);
  static_assert(std::is_same_v<decltype(sycl::nan(converts_to<std::uint16_t>{})), sycl::half>);
  EXPECT_TRUE(sycl::isnan(sycl::nan(converts_to<std::uint64_t>{})));
  EXPECT_FLOAT_EQ(sycl::native::sqrt(converts_to<float>{}), std::sqrt(2.0f));
  EXPECT_FLOAT_EQ(sycl::half_precision::divide(converts_to<float>{}, 4.0f), 0.5f);
  // A long double converts to half (through double; float and double were ambiguous).
  const long double quarter = 0.25L;
  EXPECT_EQ(sycl::half(quarter), sycl::half(0.25f));
}

TEST(ConformanceCts, MathPointerFormsTakeThePointerTypeAsTemplateArgument) {
  using sycl::access::address_space;
  using sycl::access::decorated;
  float whole = 0;
  float* p = &whole;
  EXPECT_EQ(sycl::modf<float*>(2.5f, p), 0.5f);
  EXPECT_EQ(whole, 2.0f);
  int quo = 0;
  EXPECT_EQ(sycl::remquo<int*>(7.0f, 2.0f, &quo), -1.0f);
  EXPECT_EQ(quo & 7, 4);
  double c = 0;
  EXPECT_EQ(sycl::sincos<double*>(0.0, &c), 0.0);
  EXPECT_EQ(c, 1.0);

  sycl::float2 parts;
  sycl::multi_ptr<sycl::float2, address_space::private_space, decorated::no> mp(&parts);
  const sycl::float2 f = sycl::fract<sycl::float2, decltype(mp)>(sycl::float2(1.25f, -1.25f), mp);
  EXPECT_EQ(f[0], 0.25f);
  EXPECT_EQ(f[1], 0.75f);
  EXPECT_EQ(parts[1], -2.0f);
  sycl::marray<int, 2> exps;
  const auto m = sycl::frexp<sycl::mfloat2, sycl::marray<int, 2>*>(sycl::mfloat2(8.0f, 0.5f), &exps);
  EXPECT_EQ(m[0], 0.5f);
  EXPECT_EQ(exps[0], 4);
  EXPECT_EQ(exps[1], 0);
  sycl::int2 quos;
  const auto r = sycl::remquo<sycl::float2, sycl::float2, sycl::int2*>(sycl::float2(7.0f), sycl::float2(2.0f), &quos);
  EXPECT_EQ(r[1], -1.0f);
  EXPECT_EQ(quos[1] & 7, 4);
}

TEST(ConformanceCts, MathResultTypesTheCtsChecks) {
  static_assert(std::is_same_v<decltype(sycl::abs_diff(std::int8_t(-3), std::int8_t(4))), std::int8_t>);
  static_assert(std::is_same_v<decltype(sycl::abs_diff(sycl::short2(), sycl::short2())), sycl::short2>);
  EXPECT_EQ(sycl::abs_diff(std::int8_t(-3), std::int8_t(4)), 7);
  EXPECT_EQ(sycl::abs_diff(sycl::marray<long long, 2>(-5, 5), sycl::marray<long long, 2>(5, -5))[1], 10);

  static_assert(std::is_same_v<decltype(sycl::any(sycl::int4())), int>);
  static_assert(std::is_same_v<decltype(sycl::all(sycl::long2().swizzle<1, 0>())), int>);
  static_assert(std::is_same_v<decltype(sycl::any(sycl::marray<int, 2>())), bool>);
  static_assert(std::is_same_v<decltype(sycl::all(short(0))), bool>);
  EXPECT_EQ(sycl::any(sycl::int4(0, 0, -1, 0)), 1);
  EXPECT_EQ(sycl::all(sycl::int4(-1, -1, -1, 0)), 0);
  EXPECT_EQ(sycl::all(sycl::char2(-1, -128)), 1);

  // The CTS's case 1300141, element 1: rounded at every step 0x2db0; from float once 0x2daf.
  const sycl::mhalf2 e0(0.3991507449f), e1(0.7130365772f), x(0.4567896435f);
  EXPECT_EQ(sycl::smoothstep(e0, e1, x)[1].bits(), 0x2db0);
  EXPECT_EQ(sycl::smoothstep(sycl::half(0.3991507449f), sycl::half(0.7130365772f), sycl::half(0.4567896435f)).bits(),
            0x2db0);
}

// remquo gives the low 7 bits of the quotient (the C library's gives 3 on glibc) with the sign
// of x/y; nextafter on half steps one half, not one float.
TEST(ConformanceCts, MathRemquoSevenQuotientBitsAndHalfNextafter) {
  int q = 0;
  EXPECT_FLOAT_EQ(sycl::remquo(0.8896599037f, 0.1092145208f, &q), 0.8896599037f - 8 * 0.1092145208f);
  EXPECT_EQ(q, 8);  // the CTS's case 4046257
  EXPECT_EQ(sycl::remquo(1000.0f, 1.0f, &q), 0.0f);
  EXPECT_EQ(q, 1000 & 127);
  EXPECT_EQ(sycl::remquo(-1000.5, 1.0, &q), -0.5);  // ties to the even quotient, 1000
  EXPECT_EQ(q, -(1000 & 127));
  EXPECT_EQ(sycl::remquo(sycl::half(40.0f), sycl::half(-3.0f), &q), sycl::half(1.0f));
  EXPECT_EQ(q, -13);
  sycl::int2 qs;
  const auto r = sycl::remquo(sycl::float2(130.0f, 5.0f), sycl::float2(1.0f, 0.0f), &qs);
  EXPECT_EQ(qs[0], 2);
  EXPECT_TRUE(std::isnan(r[1]));
  EXPECT_EQ(qs[1], 0);

  const sycl::half x = sycl::half::from_bits(0x3a05);
  EXPECT_EQ(sycl::nextafter(x, sycl::half(1.0f)).bits(), 0x3a06);  // the CTS's case 4346175
  EXPECT_EQ(sycl::nextafter(x, sycl::half(0.0f)).bits(), 0x3a04);
  EXPECT_EQ(sycl::nextafter(-x, sycl::half(-1.0f)).bits(), 0xba06);
  EXPECT_EQ(sycl::nextafter(sycl::half(0.0f), sycl::half(-1.0f)).bits(), 0x8001);
  EXPECT_EQ(sycl::nextafter(x, x).bits(), 0x3a05);
  EXPECT_EQ(sycl::nextafter(sycl::mhalf2(x), sycl::mhalf2(sycl::half(1.0f)))[1].bits(), 0x3a06);
  EXPECT_EQ(sycl::nextafter(1.0f, 2.0f), std::nextafter(1.0f, 2.0f));
}

}  // namespace
