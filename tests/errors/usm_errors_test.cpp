// Bad input for unified shared memory.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <limits>
#include "../support/expect_error.hpp"

namespace {
std::string pointer_text(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}
}  // namespace

TEST(UsmErrors, MemcpyNullDestination) {
  sycl::queue q;
  int* src = sycl::malloc_shared<int>(4, q);
  EXPECT_SYCL_ERROR(q.memcpy(nullptr, src, 16), sycl::errc::invalid, {"destination", "null", "16 bytes"});
  sycl::free(src, q);
}

TEST(UsmErrors, MemcpyNullSource) {
  sycl::queue q;
  int* dst = sycl::malloc_device<int>(4, q);
  EXPECT_SYCL_ERROR(q.memcpy(dst, nullptr, 12), sycl::errc::invalid, {"source", "null", "12 bytes"});
  sycl::free(dst, q);
}

TEST(UsmErrors, MemcpyZeroBytesWithNullIsValid) {
  sycl::queue q;
  q.memcpy(nullptr, nullptr, 0).wait();  // nothing to copy: valid
}

TEST(UsmErrors, TypedCopyNull) {
  sycl::queue q;
  double* dst = sycl::malloc_host<double>(8, q);
  const double* null = nullptr;
  EXPECT_SYCL_ERROR(q.copy(null, dst, 8), sycl::errc::invalid, {"source", "64 bytes"});
  sycl::free(dst, q);
}

TEST(UsmErrors, MemsetNull) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.memset(nullptr, 0, 100), sycl::errc::invalid, {"memset", "null", "100 bytes"});
}

TEST(UsmErrors, FillNull) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.fill<float>(nullptr, 1.f, 7), sycl::errc::invalid, {"fill", "null", "7 elements"});
}

TEST(UsmErrors, FreeStackPointer) {
  sycl::queue q;
  int local = 0;
  EXPECT_SYCL_ERROR(sycl::free(&local, q), sycl::errc::invalid, {pointer_text(&local), "sycl::malloc_*"});
}

TEST(UsmErrors, FreeMallocPointer) {
  sycl::queue q;
  void* p = std::malloc(32);
  EXPECT_SYCL_ERROR(sycl::free(p, q), sycl::errc::invalid, {pointer_text(p), "not returned by a sycl::malloc_*"});
  std::free(p);
}

TEST(UsmErrors, DoubleFree) {
  sycl::queue q;
  void* p = sycl::malloc_shared(64, q);
  sycl::free(p, q);
  EXPECT_SYCL_ERROR(sycl::free(p, q), sycl::errc::invalid, {pointer_text(p), "already freed"});
}

TEST(UsmErrors, FreeInteriorPointer) {
  sycl::queue q;
  char* p = sycl::malloc_device<char>(64, q);
  EXPECT_SYCL_ERROR(sycl::free(p + 8, q), sycl::errc::invalid, {pointer_text(p + 8)});
  sycl::free(p, q);  // the allocation itself is still intact
}

TEST(UsmErrors, FreeWithContext) {
  sycl::queue q;
  int x = 0;
  EXPECT_SYCL_ERROR(sycl::free(&x, q.get_context()), sycl::errc::invalid, {pointer_text(&x)});
}

TEST(UsmErrors, PointerDeviceOfForeignPointer) {
  sycl::queue q;
  int x = 0;
  EXPECT_SYCL_ERROR(sycl::get_pointer_device(&x, q.get_context()), sycl::errc::invalid,
                    {"get_pointer_device", "not allocated by Weft"});
  EXPECT_EQ(sycl::get_pointer_type(&x, q.get_context()), sycl::usm::alloc::unknown);
}

// Allocation failures return nullptr, as the specification asks (no exception).
TEST(UsmErrors, AllocationFailuresReturnNull) {
  sycl::queue q;
  EXPECT_EQ(sycl::malloc_device(0, q), nullptr);
  EXPECT_EQ(sycl::malloc_shared<double>(std::numeric_limits<std::size_t>::max() / 4, q), nullptr);  // overflows bytes
  EXPECT_EQ(sycl::malloc_host(std::size_t(1) << 60, q), nullptr);                                   // too large
  EXPECT_EQ(sycl::aligned_alloc_device(48, 100, q), nullptr);  // not a power of two
  EXPECT_EQ(sycl::malloc(64, q, sycl::usm::alloc::unknown), nullptr);
  sycl::free(nullptr, q);  // freeing nullptr does nothing
}

TEST(UsmErrors, QueueKeepsWorkingAfterBadInput) {
  sycl::queue q;
  EXPECT_THROW(q.memcpy(nullptr, nullptr, 4), sycl::exception);
  int* p = sycl::malloc_shared<int>(4, q);
  q.fill(p, 3, 4).wait();
  EXPECT_EQ(p[3], 3);
  sycl::free(p, q);
}

TEST(UsmErrors, MemcpyPastEndOfAllocation) {
  sycl::queue q;
  char* a = sycl::malloc_shared<char>(100, q);
  char* b = sycl::malloc_shared<char>(50, q);
  EXPECT_SYCL_ERROR(q.memcpy(b, a, 80), sycl::errc::invalid, {"destination", "80 bytes", "offset 0", "50 bytes"});
  EXPECT_SYCL_ERROR(q.memcpy(a, b + 10, 60), sycl::errc::invalid, {"source", "60 bytes", "offset 10", "50 bytes"});
  sycl::free(a, q);
  sycl::free(b, q);
}

TEST(UsmErrors, MemsetPastEndOfAllocation) {
  sycl::queue q;
  auto* p = sycl::malloc_device<int>(10, q);
  EXPECT_SYCL_ERROR(q.memset(p + 5, 0, 40), sycl::errc::invalid, {"memset", "40 bytes", "offset 20", "40 bytes"});
  sycl::free(p, q);
}

TEST(UsmErrors, FillPastEndOfAllocation) {
  sycl::queue q;
  auto* p = sycl::malloc_host<double>(4, q);
  EXPECT_SYCL_ERROR(q.fill(p, 1.0, 5), sycl::errc::invalid, {"fill", "40 bytes", "32 bytes"});
  sycl::free(p, q);
}

TEST(UsmErrors, TypedCopyCountOverflows) {
  sycl::queue q;
  auto* a = sycl::malloc_shared<double>(4, q);
  auto* b = sycl::malloc_shared<double>(4, q);
  std::size_t huge = std::numeric_limits<std::size_t>::max() / 4;
  EXPECT_SYCL_ERROR(q.copy(a, b, huge), sycl::errc::invalid, {std::to_string(huge) + " elements", "8 bytes"});
  sycl::free(a, q);
  sycl::free(b, q);
}
