// sycl::ext::oneapi::experimental::device_global on the CPU: kernels read and write
// it as a global (get, conversion, =, [], ->, get_multi_ptr), the host reaches it
// through queue and handler memcpy / copy with offsets, bad extents are
// errc::invalid, and its properties are accepted.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <string>
#include <sycl/sycl.hpp>

namespace {

namespace syclex = sycl::ext::oneapi::experimental;

struct point {
  int x;
  float y;
};

syclex::device_global<int> counter;
syclex::device_global<double[2]> untouched;  // read only by the first case: zero-initialized
syclex::device_global<int[8]> table;
syclex::device_global<point> origin;
syclex::device_global<point*> cursor;
syclex::device_global<long> through_ptr;
syclex::device_global<int, decltype(syclex::properties{syclex::device_image_scope, syclex::host_access_read})>
    read_only;
syclex::device_global<std::uint16_t, decltype(syclex::properties{syclex::init_mode_reset, syclex::implement_in_csr_on,
                                                                 syclex::host_access_write})>
    write_only;

static_assert(SYCL_EXT_ONEAPI_DEVICE_GLOBAL == 1);
static_assert(std::is_same_v<decltype(table)::element_type, int>);
static_assert(std::is_copy_constructible_v<syclex::device_global<int>>);
static_assert(!std::is_copy_constructible_v<decltype(read_only)>);  // device_image_scope: no copy
static_assert(!std::is_copy_assignable_v<syclex::device_global<int>>);
static_assert(decltype(read_only)::has_property<syclex::device_image_scope_key>());
static_assert(!decltype(counter)::has_property<syclex::device_image_scope_key>());
static_assert(std::is_same_v<decltype(write_only.get_property<syclex::host_access_key>()),
                             syclex::host_access_key::value_t<syclex::host_access_enum::write>>);

// Zero-initialized; a kernel's assignment and its items' atomic increments land in the one
// object, which the host reads back with copy and memcpy.
TEST(DeviceGlobal, KernelsReadAndWriteTheGlobal) {
  sycl::queue q;
  double start[2] = {-1.0, -1.0};
  q.copy(untouched, start).wait();
  EXPECT_EQ(start[0], 0.0);
  EXPECT_EQ(start[1], 0.0);
  q.single_task([=] { counter = 40; }).wait();
  constexpr int n = 1000;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1>) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> a(counter.get());
     a += 1;
   }).wait();
  int* seen = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *seen = counter + 2; }).wait();  // operator int&
  EXPECT_EQ(*seen, n + 42);
  int back = 0;
  q.memcpy(&back, counter).wait();
  EXPECT_EQ(back, n + 40);
  const int reset = 7;
  q.memcpy(counter, &reset).wait();
  q.single_task([=] { *seen = counter.get(); }).wait();
  EXPECT_EQ(*seen, 7);
  sycl::free(seen, q);
}

// int[8]: element and byte copies with offsets in both directions, [] in a kernel.
TEST(DeviceGlobal, ArrayCopiesWithOffsets) {
  sycl::queue q;
  const int src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  q.copy(src, table).wait();  // all 8 elements
  int* out = sycl::malloc_shared<int>(8, q);
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) {
     out[i] = table[i[0]];
     table[i[0]] *= 10;
   }).wait();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], i + 1);
  int part[3] = {};
  q.copy(table, part, 3, 5).wait();  // elements 5, 6, 7
  EXPECT_EQ(part[0], 60);
  EXPECT_EQ(part[2], 80);
  const int two[2] = {-1, -2};
  q.memcpy(table, two, sizeof two, 4 * sizeof(int)).wait();  // bytes 16..23: elements 4 and 5
  q.copy(two, table, 1, 0).wait();                           // element 0
  int all[8] = {};
  q.memcpy(all, table).wait();
  const int want[8] = {-1, 20, 30, 40, -1, -2, 70, 80};
  for (int i = 0; i < 8; ++i) EXPECT_EQ(all[i], want[i]) << i;
  int mid = 0;
  q.memcpy(&mid, table, sizeof(int), 2 * sizeof(int)).wait();
  EXPECT_EQ(mid, 30);
  sycl::free(out, q);
}

// A struct through get(), a pointer through -> (a USM object copied in by the host).
TEST(DeviceGlobal, StructAndPointerMembers) {
  sycl::queue q;
  point* p = sycl::malloc_shared<point>(1, q);
  *p = {3, 0.5f};
  q.copy(&p, cursor).wait();
  const point o{10, 2.0f};
  q.copy(&o, origin).wait();
  q.single_task([=] {
     cursor->x += origin.get().x;
     cursor->y *= origin.get().y;
     origin = point{1, 1.0f};
   }).wait();
  EXPECT_EQ(p->x, 13);
  EXPECT_EQ(p->y, 1.0f);
  point back{};
  q.copy(origin, &back).wait();
  EXPECT_EQ(back.x, 1);
  EXPECT_EQ(back.y, 1.0f);
  sycl::free(p, q);
}

// get_multi_ptr in a kernel: writes through it reach the global.
TEST(DeviceGlobal, MultiPtrWritesReachTheGlobal) {
  sycl::queue q;
  q.single_task([=] {
     auto mp = through_ptr.get_multi_ptr<sycl::access::decorated::no>();
     static_assert(
         std::is_same_v<decltype(mp),
                        sycl::multi_ptr<long, sycl::access::address_space::global_space, sycl::access::decorated::no>>);
     *mp = 1234567890123L;
   }).wait();
  long v = 0;
  q.copy(through_ptr, &v).wait();
  EXPECT_EQ(v, 1234567890123L);
}

// The handler's forms, and the queue's with events: each copy follows the one before.
TEST(DeviceGlobal, HandlerFormsAndDependencies) {
  sycl::queue q;
  const int a = 5, b = 9;
  sycl::event e1 = q.submit([&](sycl::handler& h) { h.memcpy(counter, &a); });
  sycl::event e2 = q.single_task(e1, [=] { counter = counter * 3; });
  int got = 0;
  q.copy(counter, &got, 1, 0, e2).wait();
  EXPECT_EQ(got, 15);
  sycl::event e3 = q.copy(&b, counter, 1, 0, std::vector<sycl::event>{});
  sycl::event e4 = q.memcpy(&got, counter, sizeof(int), 0, std::vector<sycl::event>{e3});
  e4.wait();
  EXPECT_EQ(got, 9);
  q.submit([&](sycl::handler& h) { h.copy(counter, &got); }).wait();
  EXPECT_EQ(got, 9);
  q.submit([&](sycl::handler& h) {
     h.depends_on(q.memcpy(counter, &a, sizeof(int), 0, sycl::event{}));
     h.memcpy(&got, counter, sizeof(int), 0);
   }).wait();
  EXPECT_EQ(got, 5);
  // host_access read: copies from it only; write: copies to it only.
  int r = -1;
  q.copy(read_only, &r).wait();
  EXPECT_EQ(r, 0);
  const std::uint16_t w = 77;
  q.copy(&w, write_only).wait();
  q.single_task([=] { read_only = int(write_only.get()); }).wait();
  q.memcpy(&r, read_only).wait();
  EXPECT_EQ(r, 77);
}

// Every queue of the process sees the one object: the CPU device has one per program.
TEST(DeviceGlobal, OneObjectForEveryQueueAndContext) {
  sycl::queue q1;
  sycl::queue q2{sycl::context(q1.get_device()), q1.get_device()};
  ASSERT_NE(q1.get_context(), q2.get_context());
  const int v = 321;
  q1.copy(&v, counter).wait();
  int got = 0;
  q2.copy(counter, &got).wait();
  EXPECT_EQ(got, 321);
}

template <class F>
std::string invalid_message(F&& f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no exception";
  return {};
}

// Extents past the object are errc::invalid, said in elements or bytes, and copy nothing.
TEST(DeviceGlobal, ExtentsPastTheObjectAreInvalid) {
  sycl::queue q;
  int buf[16] = {};
  const int zeros[8] = {};
  q.copy(zeros, table).wait();
  const int marker = 99;
  std::string m = invalid_message([&] { q.copy(buf, table, 4, 5); });
  EXPECT_NE(m.find("copy to a device_global: 4 elements from element 5 run past its 8 elements"), std::string::npos)
      << m;
  m = invalid_message([&] { q.copy(table, buf, 1, 9); });
  EXPECT_NE(m.find("copy from a device_global: 1 elements from element 9"), std::string::npos) << m;
  m = invalid_message([&] { q.memcpy(counter, &marker, sizeof(int), 1); });
  EXPECT_NE(m.find("memcpy to a device_global: 4 bytes from byte 1 run past its 4 bytes"), std::string::npos) << m;
  m = invalid_message([&] { q.memcpy(buf, table, 40); });
  EXPECT_NE(m.find("memcpy from a device_global: 40 bytes from byte 0 run past its 32 bytes"), std::string::npos) << m;
  invalid_message([&] { q.copy(buf, table, SIZE_MAX, 2); });  // no wrap-around
  invalid_message([&] { q.submit([&](sycl::handler& h) { h.memcpy(table, &marker, 4, 30); }); });
  int all[8] = {1};
  q.copy(table, all).wait();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(all[i], 0) << i;
  q.copy(&marker, table, 0, 8).wait();  // nothing, at the end: allowed
}

}  // namespace
