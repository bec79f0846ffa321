// SYCL 2020 conformance gaps found by the Khronos SYCL-CTS categories beyond the first 33
// (docs/conformance.md): local_accessor::get_pointer's type; the accessors' no_init
// property queries, swap, size_type, const_iterator and a device accessor's get_pointer; SYCL 1.2.1 atomic local accessors;
// info::kernel::num_args of an ordinary kernel; one-element swizzles' operators and
// vec<std::byte, N> with std::byte operands; the SYCL 1.2.1 accessors SYCL 2020 keeps as
// deprecated (0-dimensional host_buffer, local and atomic ones, atomic subscripts, distinct
// target values; the CTS's accessor_legacy).
// (SYCL_LANGUAGE_VERSION's type and SYCL_DEVICE_COPYABLE: misc_test.cpp.)
#include <gtest/gtest.h>

#include <cstddef>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>
#include <sycl/sycl.hpp>

#include "../support/expect_error.hpp"

namespace {

using weft_test::thrown_errc;

class local_get_pointer_kernel;
class accessor_properties_kernel;
class atomic_local_accessor_kernel;
class num_args_kernel;
class legacy_zero_dim_kernel;
class legacy_atomic_subscript_kernel;
class uncaptured_local_kernel;

// ---- local_accessor::get_pointer() is a local_ptr (section 4.7.6.11; the CTS's local_accessor_api) ----
TEST(ConformanceCtsWhole, LocalAccessorGetPointerIsALocalPtr) {
  static_assert(std::is_same_v<decltype(std::declval<sycl::local_accessor<const float, 2>>().get_pointer()),
                               sycl::local_ptr<const float>>);
  sycl::queue q;
  sycl::buffer<int> out{sycl::range<1>(4)};
  q.submit([&](sycl::handler& cgh) {
    sycl::local_accessor<int, 1> loc(sycl::range<1>(2), cgh);
    sycl::accessor o(out, cgh, sycl::write_only, sycl::no_init);
    cgh.parallel_for<local_get_pointer_kernel>(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> it) {
      auto p = loc.get_pointer();
      static_assert(std::is_same_v<decltype(p), sycl::local_ptr<int>>);
      if (it.get_local_id(0) == 0) p[1] = static_cast<int>(it.get_group(0)) + 10;
      sycl::group_barrier(it.get_group());
      const int* raw = p;  // a local_ptr converts to the raw pointer
      o[it.get_global_id()] = raw[1] + (loc.get_multi_ptr<sycl::access::decorated::no>().get_raw() == raw ? 0 : 100);
    });
  });
  sycl::host_accessor h(out);
  EXPECT_EQ(h[0], 10);
  EXPECT_EQ(h[1], 10);
  EXPECT_EQ(h[2], 11);
  EXPECT_EQ(h[3], 11);
}

// ---- accessors: has_property/get_property (section 4.5.4), swap, size_type, const_iterator -------
TEST(ConformanceCtsWhole, AccessorPropertiesSwapAndTypes) {
  using host_acc = sycl::host_accessor<int, 2>;
  static_assert(std::is_same_v<host_acc::size_type, std::size_t>);
  static_assert(std::is_same_v<host_acc::difference_type, std::ptrdiff_t>);
  static_assert(std::is_same_v<sycl::host_accessor<int, 0>::size_type, std::size_t>);
  static_assert(std::is_same_v<sycl::host_accessor<int, 1>::const_iterator, const int*>);
  static_assert(std::is_same_v<decltype(std::declval<host_acc>().cbegin()), host_acc::const_iterator>);
  static_assert(std::is_same_v<std::iterator_traits<host_acc::const_iterator>::reference, const int&>);
  static_assert(std::is_same_v<decltype(std::declval<host_acc>().crbegin()), host_acc::const_reverse_iterator>);

  sycl::buffer<int, 2> a{sycl::range<2>(2, 3)};
  sycl::buffer<int, 2> b{sycl::range<2>(4, 1)};
  {
    host_acc ha(a, sycl::write_only, sycl::no_init);
    host_acc hb(b);
    EXPECT_TRUE(ha.has_property<sycl::property::no_init>());
    EXPECT_FALSE(hb.has_property<sycl::property::no_init>());
    EXPECT_FALSE(ha.has_property<sycl::property::buffer::use_host_ptr>());
    sycl::property::no_init p = ha.get_property<sycl::property::no_init>();
    (void)p;
    EXPECT_EQ(thrown_errc([&] { hb.get_property<sycl::property::no_init>(); }), sycl::errc::invalid);
    for (int& x : ha) x = 1;
    for (int& x : hb) x = 2;
    ha.swap(hb);  // each now views the other's buffer
    EXPECT_EQ(ha.get_range(), sycl::range<2>(4, 1));
    EXPECT_EQ(hb.get_range(), sycl::range<2>(2, 3));
    EXPECT_EQ(*ha.cbegin(), 2);
    EXPECT_EQ(*hb.crbegin(), 1);
    EXPECT_EQ(std::distance(hb.cbegin(), hb.cend()), 6);
    EXPECT_TRUE(ha.has_property<sycl::property::no_init>() == false && hb.has_property<sycl::property::no_init>());
  }

  sycl::queue q;
  sycl::buffer<int> flags{sycl::range<1>(2)};
  sycl::buffer<int> out{sycl::range<1>(4)};
  q.submit([&](sycl::handler& cgh) {
    sycl::accessor o(out, cgh, sycl::write_only, sycl::no_init);
    sycl::accessor f(flags, cgh, sycl::read_write);
    EXPECT_TRUE(o.has_property<sycl::property::no_init>());
    EXPECT_FALSE(f.has_property<sycl::property::no_init>());
    EXPECT_EQ(thrown_errc([&] { f.get_property<sycl::property::no_init>(); }), sycl::errc::invalid);
    static_assert(std::is_same_v<decltype(o)::size_type, std::size_t>);
    static_assert(std::is_same_v<decltype(f.cbegin()), decltype(f)::const_iterator>);
    // A device accessor's get_pointer() is a global_ptr (the CTS's accessor_generic); it converts.
    static_assert(std::is_same_v<decltype(f.get_pointer()), sycl::global_ptr<int>>);
    EXPECT_EQ(static_cast<int*>(f.get_pointer()), f.get_multi_ptr<sycl::access::decorated::no>().get_raw());
    cgh.parallel_for<accessor_properties_kernel>(sycl::range<1>(4), [=](sycl::id<1> i) { o[i] = int(i[0]) * 3; });
  });
  sycl::host_accessor h(out);
  EXPECT_EQ(h[3], 9);
}

// ---- no_init with access_mode::read: errc::invalid; a 0-dimensional accessor of a zero-length
// buffer is empty (section 4.7.6.9; the CTS's host_accessor constructors) ----------------------
TEST(ConformanceCtsWhole, NoInitReadThrowsAndZeroDimensionalOfEmptyBuffer) {
  sycl::buffer<int> buf{sycl::range<1>(2)};
  EXPECT_EQ(thrown_errc([&] { sycl::host_accessor h(buf, sycl::read_only, sycl::no_init); }), sycl::errc::invalid);
  sycl::queue q;
  q.submit([&](sycl::handler& cgh) {
     EXPECT_EQ(thrown_errc([&] { sycl::accessor a(buf, cgh, sycl::read_only, sycl::no_init); }), sycl::errc::invalid);
   }).wait();
  {
    sycl::host_accessor<int, 1, sycl::access_mode::write> w(buf, sycl::no_init);  // write: allowed
    EXPECT_TRUE(w.has_property<sycl::property::no_init>());
  }

  sycl::buffer<int> empty{sycl::range<1>(0)};
  sycl::host_accessor<int, 0> e(empty);
  EXPECT_TRUE(e.empty());
  EXPECT_EQ(e.size(), 0u);
  EXPECT_EQ(e.byte_size(), 0u);
  EXPECT_TRUE(e.begin() == e.end());
  sycl::host_accessor<int, 0> one(buf);
  EXPECT_EQ(one.size(), 1u);
}

// ---- SYCL 1.2.1 accessor<T, D, atomic, target::local>: atomics on the group's local memory -------
TEST(ConformanceCtsWhole, AtomicLocalAccessor) {
  sycl::queue q;
  sycl::buffer<int> out{sycl::range<1>(2)};
  q.submit([&](sycl::handler& cgh) {
    sycl::accessor<int, 1, sycl::access_mode::atomic, sycl::target::local> counter(sycl::range<1>(1), cgh);
    sycl::accessor o(out, cgh, sycl::write_only, sycl::no_init);
    cgh.parallel_for<atomic_local_accessor_kernel>(sycl::nd_range<1>(16, 8), [=](sycl::nd_item<1> it) {
      sycl::atomic<int, sycl::access::address_space::local_space> c = counter[0];
      if (it.get_local_id(0) == 0) c.store(0);
      sycl::group_barrier(it.get_group());
      c.fetch_add(int(it.get_local_id(0)) + 1);
      sycl::group_barrier(it.get_group());
      if (it.get_local_id(0) == 0) o[it.get_group(0)] = c.load();
    });
  });
  sycl::host_accessor h(out);
  EXPECT_EQ(h[0], 36);  // 1 + 2 + ... + 8 in each group
  EXPECT_EQ(h[1], 36);
}

// ---- info::kernel::num_args: interop and built-in kernels only, else errc::invalid (4.11.13) -------
TEST(ConformanceCtsWhole, KernelNumArgsOfAnOrdinaryKernelThrowsInvalid) {
  sycl::queue q;
  q.single_task<num_args_kernel>([] {}).wait();
  auto kb = sycl::get_kernel_bundle<num_args_kernel, sycl::bundle_state::executable>(q.get_context());
  sycl::kernel k = kb.get_kernel(sycl::get_kernel_id<num_args_kernel>());
  EXPECT_EQ(thrown_errc([&] { (void)k.get_info<sycl::info::kernel::num_args>(); }), sycl::errc::invalid);
  EXPECT_NE(k.get_info<sycl::info::kernel::function_name>().find("num_args_kernel"), std::string::npos);
}

// ---- swizzles: a one-element swizzle's operators are vec<T, 1>'s (with a swizzle, a scalar,
// unary); vec<std::byte, N> takes std::byte operands (section 4.14.2; the CTS's vector_operators) ----
TEST(ConformanceCtsWhole, OneElementSwizzleOperatorsAndByteVectors) {
  sycl::vec<sycl::half, 1> h1(sycl::half(1.5f)), h2(sycl::half(2.0f));
  sycl::vec<sycl::half, 1> hs = h1.swizzle<sycl::elem::s0>() + h2.swizzle<sycl::elem::s0>();
  EXPECT_EQ(float(hs[0]), 3.5f);
  sycl::vec<bool, 1> b1(true), b2(false);
  EXPECT_FALSE((b1.swizzle<sycl::elem::s0>() && b2.swizzle<sycl::elem::s0>())[0]);
  EXPECT_FALSE((!b1.swizzle<sycl::elem::s0>())[0]);
  sycl::vec<int, 1> i1(1);
  auto lt = i1.swizzle<sycl::elem::s0>() < 2;  // vec<int, 1>'s comparison: -1 where true
  static_assert(std::is_same_v<decltype(lt), sycl::vec<int, 1>>);
  EXPECT_EQ(lt[0], -1);
  EXPECT_EQ((2 > i1.swizzle<sycl::elem::s0>())[0], -1);
  EXPECT_EQ((i1.swizzle<sycl::elem::s0>() == i1.swizzle<sycl::elem::s0>())[0], -1);
  EXPECT_EQ((-i1.swizzle<sycl::elem::s0>())[0], -1);

  sycl::vec<std::byte, 2> v(std::byte{0x0f}, std::byte{0xf0});
  const sycl::vec<std::byte, 2> a = v & std::byte{0x3c};
  EXPECT_EQ(a[0], std::byte{0x0c});
  EXPECT_EQ(a[1], std::byte{0x30});
  const sycl::vec<std::byte, 2> o = std::byte{0x01} | v;
  EXPECT_EQ(o[0], std::byte{0x0f});
  EXPECT_EQ(o[1], std::byte{0xf1});
  v ^= std::byte{0xff};
  EXPECT_EQ(v[0], std::byte{0xf0});
  v.swizzle<sycl::elem::s1>() |= std::byte{0x01};
  EXPECT_EQ(v[1], std::byte{0x0f});
  sycl::vec<std::byte, 1> c1(std::byte{0x05});
  const sycl::vec<std::byte, 1> c2 = c1.swizzle<sycl::elem::s0>() & c1.swizzle<sycl::elem::s0>();
  EXPECT_EQ(c2[0], std::byte{0x05});
  EXPECT_EQ((~c1.swizzle<sycl::elem::s0>())[0], std::byte{0xfa});
}

// ---- SYCL 1.2.1 accessors kept by SYCL 2020 as deprecated (4.7.6.9's deprecated specializations;
// the CTS's accessor_legacy) -------------------------------------------------------------------------
// The image targets SYCL 2020 removed keep names of their own: values no other target has.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
constexpr sycl::target legacy_targets[] = {
    sycl::target::device,      sycl::target::host_task, sycl::target::constant_buffer, sycl::target::local,
    sycl::target::host_buffer, sycl::target::image,     sycl::target::host_image,      sycl::target::image_array};
#pragma GCC diagnostic pop
constexpr bool targets_distinct() {
  for (std::size_t i = 0; i < std::size(legacy_targets); ++i)
    for (std::size_t j = i + 1; j < std::size(legacy_targets); ++j)
      if (legacy_targets[i] == legacy_targets[j]) return false;
  return true;
}
static_assert(targets_distinct());

// Every deprecated accessor's reference is value_type& (atomic ones too: their subscripts give
// sycl::atomic, their member types stay those of the table).
template <class Acc, class T>
constexpr bool legacy_member_types() {
  return std::is_same_v<typename Acc::value_type, T> && std::is_same_v<typename Acc::reference, T&> &&
         std::is_same_v<typename Acc::const_reference, const std::remove_const_t<T>&>;
}
using sycl::access_mode;
using sycl::target;
static_assert(legacy_member_types<sycl::accessor<int, 0, access_mode::read, target::host_buffer>, const int>());
static_assert(legacy_member_types<sycl::accessor<int, 0, access_mode::atomic, target::device>, int>());
static_assert(legacy_member_types<sycl::accessor<int, 2, access_mode::atomic, target::device>, int>());
static_assert(legacy_member_types<sycl::accessor<int, 0, access_mode::atomic, target::local>, int>());
static_assert(legacy_member_types<sycl::accessor<int, 3, access_mode::atomic, target::local>, int>());
static_assert(legacy_member_types<sycl::accessor<int, 0, access_mode::read_write, target::local>, int>());
static_assert(legacy_member_types<sycl::accessor<int, 1, access_mode::read, target::local>, const int>());
static_assert(
    legacy_member_types<sycl::accessor<double, 0, access_mode::read, target::constant_buffer>, const double>());
// A 0-dimensional accessor takes a one-dimensional buffer of its own element type only.
static_assert(std::is_constructible_v<sycl::accessor<const int, 0, access_mode::read>, sycl::buffer<int>&>);
static_assert(
    !std::is_constructible_v<sycl::accessor<int, 0, access_mode::read_write, target::host_task>, sycl::buffer<float>&>);
static_assert(
    !std::is_constructible_v<sycl::accessor<int, 0, access_mode::atomic>, sycl::buffer<float>&, sycl::handler&>);

TEST(ConformanceCtsWhole, LegacyZeroDimensionalAccessors) {
  sycl::buffer<int> cell{sycl::range<1>(3)};
  {
    sycl::accessor<int, 0, access_mode::write, target::host_buffer> w(cell);
    EXPECT_FALSE(w.is_placeholder());
    EXPECT_EQ(w.size(), 1u);
    w = 5;
    sycl::accessor<int, 1, access_mode::read_write, target::host_buffer> all(cell);
    EXPECT_FALSE(all.is_placeholder());
    all[1] = 0;
    all[2] = 0;
  }
  sycl::buffer<int> out{sycl::range<1>(4)};
  sycl::queue q;
  q.submit([&](sycl::handler& cgh) {
    sycl::accessor<int, 0, access_mode::read_write, target::local> shared(cgh);
    sycl::accessor<int, 0, access_mode::atomic, target::local> count(cgh);
    sycl::accessor<int, 0, access_mode::atomic> total(cell, cgh);  // the buffer's first element
    sycl::accessor<int, 1, access_mode::write> o(out, cgh);
    cgh.parallel_for<legacy_zero_dim_kernel>(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> it) {
      sycl::atomic<int, sycl::access::address_space::local_space> c = count;
      if (it.get_local_id(0) == 0) {
        shared = int(it.get_group(0)) + 7;
        c.store(0);
      }
      sycl::group_barrier(it.get_group());
      c.fetch_add(1);
      sycl::atomic<int> t = total;
      t.fetch_add(1);
      sycl::group_barrier(it.get_group());
      if (it.get_local_id(0) == 0) {
        o[it.get_group(0) * 2] = static_cast<int&>(shared);
        o[it.get_group(0) * 2 + 1] = c.load();
      }
    });
  });
  sycl::host_accessor h(out);
  EXPECT_EQ(h[0], 7);
  EXPECT_EQ(h[1], 4);
  EXPECT_EQ(h[2], 8);
  EXPECT_EQ(h[3], 4);
  sycl::accessor<int, 0, access_mode::read, target::host_buffer> r(cell);
  EXPECT_EQ(static_cast<const int&>(r), 5 + 8);
}

// acc[i][j] of a 2-dimensional atomic accessor is a sycl::atomic, as acc[id] is.
TEST(ConformanceCtsWhole, LegacyAtomicAccessorSubscripts) {
  sycl::buffer<int, 2> grid{sycl::range<2>(2, 3)};
  {
    sycl::host_accessor h(grid, sycl::write_only, sycl::no_init);
    for (int& x : h) x = 0;
  }
  sycl::buffer<int> out{sycl::range<1>(1)};
  sycl::queue q;
  q.submit([&](sycl::handler& cgh) {
    sycl::accessor<int, 2, access_mode::atomic> g(grid, cgh);
    sycl::accessor<int, 2, access_mode::atomic, target::local> l(sycl::range<2>(2, 2), cgh);
    sycl::accessor<int, 1, access_mode::write> o(out, cgh);
    cgh.parallel_for<legacy_atomic_subscript_kernel>(sycl::nd_range<1>(6, 6), [=](sycl::nd_item<1> it) {
      const std::size_t i = it.get_local_id(0);
      static_assert(std::is_same_v<decltype(g[0][0]), sycl::atomic<int>>);
      static_assert(std::is_same_v<decltype(l[0][0]), sycl::atomic<int, sycl::access::address_space::local_space>>);
      if (i == 0) l[1][1].store(0);
      sycl::group_barrier(it.get_group());
      g[i / 3][i % 3].fetch_add(int(i) + 1);
      l[1][1].fetch_add(1);
      sycl::group_barrier(it.get_group());
      if (i == 0) o[0] = l[sycl::id<2>(1, 1)].load();
    });
  });
  sycl::host_accessor h(grid);
  for (int k = 0; k < 6; ++k) EXPECT_EQ(h[k / 3][k % 3], k + 1);
  EXPECT_EQ(sycl::host_accessor(out)[0], 6);
}

// A local accessor the kernel does not capture does not stop single_task or parallel_for(range)
// (4.7.6.11 forbids using one there; the CTS's accessor_legacy makes local accessors beside a
// single_task); one the kernel captures still throws errc::kernel_argument.
TEST(ConformanceCtsWhole, OnlyCapturedLocalAccessorsStopSingleTask) {
  sycl::queue q;
  sycl::buffer<int> out{sycl::range<1>(1)};
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                 sycl::local_accessor<int, 1> unused(sycl::range<1>(4), cgh);
                 sycl::accessor<int, 0, access_mode::read_write, target::local> legacy(cgh);
                 auto copy = unused;  // copies outside the kernel do not count
                 (void)copy;
                 sycl::accessor o(out, cgh, sycl::write_only, sycl::no_init);
                 cgh.single_task<uncaptured_local_kernel>([=] { o[0] = 42; });
               }).wait_and_throw();
            }),
            sycl::errc::success);
  EXPECT_EQ(sycl::host_accessor(out)[0], 42);
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                 sycl::accessor<int, 1, access_mode::read_write, target::local> legacy(sycl::range<1>(2), cgh);
                 sycl::accessor o(out, cgh, sycl::write_only, sycl::no_init);
                 cgh.single_task([=] { o[0] = int(legacy.size()); });
               }).wait_and_throw();
            }),
            sycl::errc::kernel_argument);
  EXPECT_EQ(thrown_errc([&] {
              q.submit([&](sycl::handler& cgh) {
                 sycl::accessor<int, 0, access_mode::atomic, target::local> legacy(cgh);
                 sycl::accessor o(out, cgh, sycl::write_only, sycl::no_init);
                 cgh.parallel_for(sycl::range<1>(2), sycl::id<1>(1),
                                  [=](sycl::item<1, true>) { o[0] = int(legacy.size()); });
               }).wait_and_throw();
            }),
            sycl::errc::kernel_argument);
}

}  // namespace
