// Unified shared memory: allocation functions, pointer queries, frees,
// usm_allocator, and the queue/handler memory operations.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <numeric>
#include <sycl/sycl.hpp>
#include <thread>
#include <vector>

#include "../support/expect_error.hpp"
#include "../support/gpu.hpp"

namespace {

using weft_test::catch_sycl;

bool aligned(const void* p, std::size_t a) { return reinterpret_cast<std::uintptr_t>(p) % a == 0; }

TEST(Usm, MallocKindsAndPointerQueries) {
  sycl::queue q;
  auto ctx = q.get_context();
  auto dev = q.get_device();
  int* d = sycl::malloc_device<int>(100, q);
  int* h = sycl::malloc_host<int>(100, q);
  int* s = sycl::malloc_shared<int>(100, q);
  void* d2 = sycl::malloc_device(64, dev, ctx);
  void* h2 = sycl::malloc_host(64, ctx);
  void* s2 = sycl::malloc_shared(64, dev, ctx);
  for (void* p : {static_cast<void*>(d), static_cast<void*>(h), static_cast<void*>(s), d2, h2, s2}) {
    ASSERT_NE(p, nullptr);
    EXPECT_TRUE(aligned(p, alignof(std::max_align_t)));
  }
  EXPECT_EQ(sycl::get_pointer_type(d, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(h, ctx), sycl::usm::alloc::host);
  EXPECT_EQ(sycl::get_pointer_type(s, ctx), sycl::usm::alloc::shared);
  EXPECT_EQ(sycl::get_pointer_type(d2, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(h2, ctx), sycl::usm::alloc::host);
  EXPECT_EQ(sycl::get_pointer_type(s2, ctx), sycl::usm::alloc::shared);
  // Interior pointers belong to their allocation.
  EXPECT_EQ(sycl::get_pointer_type(d + 99, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_device(s + 50, ctx), dev);
  EXPECT_EQ(sycl::get_pointer_device(d, ctx), dev);
  EXPECT_EQ(sycl::get_pointer_device(h, ctx), dev);  // host allocations: the context's first device
  int local = 0;
  std::vector<int> heap(4);
  EXPECT_EQ(sycl::get_pointer_type(&local, ctx), sycl::usm::alloc::unknown);
  EXPECT_EQ(sycl::get_pointer_type(heap.data(), ctx), sycl::usm::alloc::unknown);
  EXPECT_EQ(sycl::get_pointer_type(nullptr, ctx), sycl::usm::alloc::unknown);
  EXPECT_EQ(catch_sycl([&] { sycl::get_pointer_device(&local, ctx); }).code(), sycl::errc::invalid);

  // Kernels read and write every kind.
  q.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) {
     d[i] = int(i[0]);
     h[i] = 2 * int(i[0]);
   }).wait();
  q.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) { s[i] = d[i] + h[i]; }).wait();
  EXPECT_EQ(s[99], 297);

  for (void* p : {static_cast<void*>(d), static_cast<void*>(h), static_cast<void*>(s)}) sycl::free(p, q);
  for (void* p : {d2, h2, s2}) sycl::free(p, ctx);
  EXPECT_EQ(sycl::get_pointer_type(s, ctx), sycl::usm::alloc::unknown) << "freed memory is no longer USM";
}

TEST(Usm, AlignedAlloc) {
  sycl::queue q;
  auto ctx = q.get_context();
  auto dev = q.get_device();
  void* a = sycl::aligned_alloc_device(4096, 100, q);
  void* b = sycl::aligned_alloc_host(256, 100, q);
  void* c = sycl::aligned_alloc_shared(1024, 100, dev, ctx);
  double* e = sycl::aligned_alloc_shared<double>(512, 10, q);
  float* f = sycl::aligned_alloc_device<float>(128, 10, dev, ctx);
  int* g = sycl::aligned_alloc_host<int>(2048, 10, ctx);
  EXPECT_TRUE(aligned(a, 4096));
  EXPECT_TRUE(aligned(b, 256));
  EXPECT_TRUE(aligned(c, 1024));
  EXPECT_TRUE(aligned(e, 512));
  EXPECT_TRUE(aligned(f, 128));
  EXPECT_TRUE(aligned(g, 2048));
  EXPECT_EQ(sycl::get_pointer_type(a, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(g, ctx), sycl::usm::alloc::host);
  void* generic = sycl::aligned_alloc(64, 32, q, sycl::usm::alloc::shared);
  EXPECT_TRUE(aligned(generic, 64));
  EXPECT_EQ(sycl::get_pointer_type(generic, ctx), sycl::usm::alloc::shared);
  // An alignment that is not a power of two: no allocation.
  EXPECT_EQ(sycl::aligned_alloc_device(48, 100, q), nullptr);
  for (void* p : {a, b, c, static_cast<void*>(e), static_cast<void*>(f), static_cast<void*>(g), generic})
    sycl::free(p, q);
}

TEST(Usm, MallocWithAllocKind) {
  sycl::queue q;
  auto ctx = q.get_context();
  for (auto kind : {sycl::usm::alloc::host, sycl::usm::alloc::device, sycl::usm::alloc::shared}) {
    void* p = sycl::malloc(128, q, kind);
    int* t = sycl::malloc<int>(32, q.get_device(), ctx, kind);
    ASSERT_NE(p, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(sycl::get_pointer_type(p, ctx), kind);
    EXPECT_EQ(sycl::get_pointer_type(t, ctx), kind);
    sycl::free(p, q);
    sycl::free(t, ctx);
  }
  EXPECT_EQ(sycl::malloc(128, q, sycl::usm::alloc::unknown), nullptr);
}

TEST(Usm, ZeroSizeGivesNullptr) {
  sycl::queue q;
  EXPECT_EQ(sycl::malloc_device(0, q), nullptr);
  EXPECT_EQ(sycl::malloc_host(0, q), nullptr);
  EXPECT_EQ(sycl::malloc_shared(0, q), nullptr);
  EXPECT_EQ(sycl::malloc_shared<int>(0, q), nullptr);
  EXPECT_EQ(sycl::aligned_alloc_device(64, 0, q), nullptr);
  EXPECT_EQ(sycl::malloc(0, q, sycl::usm::alloc::shared), nullptr);
  // Freeing nullptr is a no-op.
  sycl::free(nullptr, q);
  sycl::free(nullptr, q.get_context());
}

TEST(Usm, HugeAllocationGivesNullptr) {
  sycl::queue q;
  EXPECT_EQ(sycl::malloc_shared<double>(std::size_t(1) << 62, q), nullptr);
  EXPECT_EQ(sycl::malloc_device(~std::size_t(0) - 8, q), nullptr);
}

TEST(Usm, FreeOfForeignPointerThrowsInvalid) {
  sycl::queue q;
  int local = 0;
  std::vector<int> heap(10);
  auto e = catch_sycl([&] { sycl::free(&local, q); });
  EXPECT_EQ(e.code(), sycl::errc::invalid);
  EXPECT_NE(std::string(e.what()).find("free"), std::string::npos) << e.what();
  EXPECT_EQ(catch_sycl([&] { sycl::free(heap.data(), q.get_context()); }).code(), sycl::errc::invalid);
  // Double free and interior pointers are caught too.
  int* p = sycl::malloc_shared<int>(4, q);
  EXPECT_EQ(catch_sycl([&] { sycl::free(p + 1, q); }).code(), sycl::errc::invalid);
  sycl::free(p, q);
  EXPECT_EQ(catch_sycl([&] { sycl::free(p, q); }).code(), sycl::errc::invalid);
}

// A program may free memory its queue's commands still use (SYCL-Bench's in-order
// USM latency benchmark waits on another queue before freeing): the memory stays
// until they complete, so nothing they write lands in freed memory, and an
// allocation made meanwhile is elsewhere. The pointer is no longer USM at once.
TEST(Usm, FreeThroughQueueKeepsMemoryUntilItsCommandsComplete) {
  sycl::queue q{sycl::property::queue::in_order()};
  constexpr int n = 1 << 14;
  int* p = sycl::malloc_shared<int>(n, q);
  std::atomic<bool> go{false};
  std::atomic<long> sum{-1};
  q.submit([&](sycl::handler& h) {
    h.host_task([p, &go, &sum] {
      while (!go.load()) std::this_thread::yield();
      for (int i = 0; i < n; ++i) p[i] = i;
      long s = 0;
      for (int i = 0; i < n; ++i) s += p[i];
      sum = s;
    });
  });
  sycl::free(p, q);
  EXPECT_EQ(sycl::get_pointer_type(p, q.get_context()), sycl::usm::alloc::unknown);
  EXPECT_EQ(catch_sycl([&] { sycl::free(p, q); }).code(), sycl::errc::invalid) << "a second free is still caught";
  int* other = sycl::malloc_shared<int>(n, q);
  EXPECT_NE(other, p) << "the memory was released while a command of the queue could still use it";
  go = true;
  q.wait();
  EXPECT_EQ(sum.load(), long(n) * (n - 1) / 2);
  sycl::free(other, q);
}

TEST(Usm, UsmAllocatorWithVector) {
  sycl::queue q;
  sycl::usm_allocator<int, sycl::usm::alloc::shared> alloc(q);
  std::vector<int, decltype(alloc)> v(alloc);
  for (int i = 0; i < 1000; ++i) v.push_back(i);  // reallocates several times
  EXPECT_EQ(sycl::get_pointer_type(v.data(), q.get_context()), sycl::usm::alloc::shared);
  int* p = v.data();
  q.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { p[i] *= 2; }).wait();
  EXPECT_EQ(v[999], 1998);
  sycl::usm_allocator<int, sycl::usm::alloc::host, 256> host_alloc(q.get_context(), q.get_device());
  std::vector<int, decltype(host_alloc)> hv(100, 7, host_alloc);
  EXPECT_TRUE(aligned(hv.data(), 256));
  EXPECT_EQ(sycl::get_pointer_type(hv.data(), q.get_context()), sycl::usm::alloc::host);
  // Rebinding and comparison.
  sycl::usm_allocator<double, sycl::usm::alloc::shared> rebound(alloc);
  EXPECT_TRUE(rebound == alloc);
  sycl::usm_allocator<int, sycl::usm::alloc::shared> copy = alloc;
  EXPECT_TRUE(copy == alloc);
  EXPECT_FALSE(copy != alloc);
}

TEST(Usm, QueueMemoryOperations) {
  sycl::queue q;
  constexpr std::size_t n = 1024;
  int* a = sycl::malloc_device<int>(n, q);
  int* b = sycl::malloc_shared<int>(n, q);
  std::vector<int> host(n);
  std::iota(host.begin(), host.end(), 0);

  auto e1 = q.memcpy(a, host.data(), n * sizeof(int));
  auto e2 = q.memset(b, 0, n * sizeof(int));
  auto e3 = q.copy(a, b, n / 2, std::vector<sycl::event>{e1, e2});
  e3.wait();
  EXPECT_EQ(b[511], 511);
  EXPECT_EQ(b[512], 0);
  q.fill(b, 42, n / 2, e3).wait();
  EXPECT_EQ(b[0], 42);
  EXPECT_EQ(b[511], 42);
  EXPECT_EQ(b[512], 0);
  q.memset(b, 0xFF, 4).wait();
  EXPECT_EQ(b[0], -1);
  q.prefetch(b, n * sizeof(int)).wait();
  q.mem_advise(b, n * sizeof(int), 0).wait();
  std::vector<int> back(n, -7);
  q.copy(b, back.data(), n).wait();
  EXPECT_EQ(back[0], -1);
  EXPECT_EQ(back[100], 42);
  // A 16-byte pattern.
  struct quad {
    std::uint32_t v[4];
  };
  quad* qs = sycl::malloc_shared<quad>(8, q);
  q.fill(qs, quad{{1, 2, 3, 4}}, 8).wait();
  EXPECT_EQ(qs[7].v[3], 4u);
  sycl::free(qs, q);
  sycl::free(a, q);
  sycl::free(b, q);
}

TEST(Usm, HandlerMemoryOperations) {
  sycl::queue q;
  float* a = sycl::malloc_shared<float>(64, q);
  float* b = sycl::malloc_host<float>(64, q);
  auto e = q.submit([&](sycl::handler& h) { h.fill(a, 1.5f, 64); });
  e = q.submit([&](sycl::handler& h) {
    h.depends_on(e);
    h.memcpy(b, a, 64 * sizeof(float));
  });
  e = q.submit([&](sycl::handler& h) {
    h.depends_on(e);
    h.memset(a, 0, 32 * sizeof(float));
  });
  e = q.submit([&](sycl::handler& h) {
    h.depends_on(e);
    h.copy(a, b + 32, 16);
  });
  e = q.submit([&](sycl::handler& h) {
    h.depends_on(e);
    h.prefetch(b, 64 * sizeof(float));
  });
  q.submit([&](sycl::handler& h) {
     h.depends_on(e);
     h.mem_advise(b, 64 * sizeof(float), 0);
   }).wait();
  EXPECT_EQ(b[0], 1.5f);
  EXPECT_EQ(b[31], 1.5f);
  EXPECT_EQ(b[32], 0.f);
  EXPECT_EQ(b[47], 0.f);
  EXPECT_EQ(b[48], 1.5f);
  sycl::free(a, q);
  sycl::free(b, q);
}

TEST(Usm, NullPointerOperationsThrowInvalid) {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(4, q);
  auto e = catch_sycl([&] { q.memcpy(nullptr, p, 16); });
  EXPECT_EQ(e.code(), sycl::errc::invalid);
  EXPECT_NE(std::string(e.what()).find("null"), std::string::npos) << e.what();
  EXPECT_EQ(catch_sycl([&] { q.memcpy(p, nullptr, 16); }).code(), sycl::errc::invalid);
  EXPECT_EQ(catch_sycl([&] { q.memset(nullptr, 0, 16); }).code(), sycl::errc::invalid);
  EXPECT_EQ(catch_sycl([&] { q.fill(static_cast<int*>(nullptr), 1, 4); }).code(), sycl::errc::invalid);
  EXPECT_EQ(catch_sycl([&] { q.copy(static_cast<const int*>(nullptr), p, 4); }).code(), sycl::errc::invalid);
  EXPECT_EQ(catch_sycl([&] { q.submit([&](sycl::handler& h) { h.memcpy(p, nullptr, 4); }); }).code(),
            sycl::errc::invalid);
  // Zero bytes from or to nullptr is fine.
  q.memcpy(nullptr, nullptr, 0).wait();
  q.wait_and_throw();
  sycl::free(p, q);
}

// Kernels on USM, on the queue's device (the GPU where there is one): device
// memory filled and read back by memory commands, shared memory read and host
// memory written by a kernel, and fill/memset/copy over a large device allocation.
TEST(Usm, KernelOnDeviceMemoryRoundTrip) {
  target_queue q;
  constexpr std::size_t n = 1 << 20;
  std::vector<float> host(n);
  for (std::size_t i = 0; i < n; ++i) host[i] = float(i % 1000);
  float* d = sycl::malloc_device<float>(n, q);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(sycl::get_pointer_type(d, q.get_context()), sycl::usm::alloc::device);
  q.memcpy(d, host.data(), n * sizeof(float)).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { d[i] = d[i] * 2.0f + 1.0f; }).wait();
  std::vector<float> out(n);
  q.memcpy(out.data(), d, n * sizeof(float)).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], float(i % 1000) * 2.0f + 1.0f) << i;
  sycl::free(d, q);
}

TEST(Usm, KernelReadsSharedWritesHost) {
  target_queue q;
  constexpr std::size_t n = 10000;
  int* s = sycl::malloc_shared<int>(n, q);
  int* h = sycl::malloc_host<int>(n, q);
  ASSERT_NE(s, nullptr);
  ASSERT_NE(h, nullptr);
  for (std::size_t i = 0; i < n; ++i) s[i] = int(i);
  q.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it) {
     h[it.get_linear_id()] = s[it.get_linear_id()] * 3;
   }).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], int(i) * 3);
  EXPECT_EQ(sycl::get_pointer_type(s, q.get_context()), sycl::usm::alloc::shared);
  EXPECT_EQ(sycl::get_pointer_type(h, q.get_context()), sycl::usm::alloc::host);
  sycl::free(s, q);
  sycl::free(h, q);
}

TEST(Usm, FillMemsetCopyOnDeviceMemory) {
  target_queue q;
  constexpr std::size_t n = 100003;
  double* d = sycl::malloc_device<double>(n, q);
  ASSERT_NE(d, nullptr);
  std::vector<double> out(n);
  for (int pass = 0; pass < 2; ++pass) {
    const double want = pass == 0 ? 2.5 : 0.0;
    if (pass == 0) q.fill(d, want, n).wait();
    else q.memset(d, 0, n * sizeof(double)).wait();
    q.copy(d, out.data(), n).wait();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], want) << "pass " << pass << " element " << i;
  }
  sycl::free(d, q);
}

}  // namespace
