// Bad input for buffers and accessors: each case expects one errc and a
// message that names the offending values.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <thread>
#include <vector>
#include "../support/expect_error.hpp"

using namespace std::chrono_literals;
constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();

// Aborts the test process if `done` is not set within `limit`: a deadlock
// becomes a failure instead of a hang.
struct watchdog {
  std::atomic<bool> done{false};
  std::thread thread;
  explicit watchdog(std::chrono::milliseconds limit) {
    thread = std::thread([this, limit] {
      auto end = std::chrono::steady_clock::now() + limit;
      while (!done.load() && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(5ms);
      if (!done.load()) {
        std::fprintf(stderr, "watchdog: deadlock, the test did not finish in time\n");
        std::abort();
      }
    });
  }
  ~watchdog() {
    done = true;
    thread.join();
  }
};

// --- accessor ranges and offsets -------------------------------------------------------

TEST(AccessorErrors, RangePastBuffer1D) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(16));
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<1>(20)};
    h.single_task([=] { (void)a; });
  }),
                    sycl::errc::invalid, {"range {20}", "offset {0}", "buffer's range {16}"});
}

TEST(AccessorErrors, OffsetRunsPastBuffer1D) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(16));
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<1>(8), sycl::id<1>(9)};
    h.single_task([=] { (void)a; });
  }),
                    sycl::errc::invalid, {"range {8}", "offset {9}", "{16}"});
}

TEST(AccessorErrors, OffsetRunsPastBuffer2D) {
  sycl::queue q;
  sycl::buffer<float, 2> b(sycl::range<2>(4, 8));
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<2>(2, 4), sycl::id<2>(1, 5), sycl::read_only};
    h.single_task([=] { (void)a; });
  }),
                    sycl::errc::invalid, {"range {2, 4}", "offset {1, 5}", "{4, 8}"});
}

TEST(AccessorErrors, OffsetOverflowsSizeT) {
  // offset + range wraps around size_t: must still be rejected.
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(16));
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::range<1>(2), sycl::id<1>(size_max)};
    h.single_task([=] { (void)a; });
  }),
                    sycl::errc::invalid, {"range {2}", "offset {" + std::to_string(size_max) + "}", "{16}"});
}

TEST(AccessorErrors, HostAccessorRangePastBuffer) {
  sycl::buffer<int> b(sycl::range<1>(10));
  EXPECT_SYCL_ERROR((sycl::host_accessor{b, sycl::range<1>(4), sycl::id<1>(7)}), sycl::errc::invalid,
                    {"range {4}", "offset {7}", "{10}"});
}

TEST(AccessorErrors, PlaceholderRangePastBuffer) {
  sycl::buffer<int, 3> b(sycl::range<3>(2, 3, 4));
  using acc_t =
      sycl::accessor<int, 3, sycl::access_mode::read, sycl::target::device, sycl::access::placeholder::true_t>;
  EXPECT_SYCL_ERROR((acc_t{b, sycl::range<3>(2, 3, 5)}), sycl::errc::invalid, {"range {2, 3, 5}", "{2, 3, 4}"});
}

TEST(AccessorErrors, LegacyGetAccessPastBuffer) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(8));
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    auto a = b.get_access<sycl::access::mode::write>(h, sycl::range<1>(4), sycl::id<1>(6));
    h.single_task([=] { (void)a; });
  }),
                    sycl::errc::invalid, {"range {4}", "offset {6}", "{8}"});
}

// --- buffers ---------------------------------------------------------------------------

// An empty range has nothing to read or write back: a null host pointer is no error
// (oneDPL makes such buffers; DPC++ accepts them).
TEST(BufferErrors, NullHostPointerOfAnEmptyRangeIsABuffer) {
  int* p = nullptr;
  const int* c = nullptr;
  sycl::buffer<int> a(p, sycl::range<1>(0)), b(c, sycl::range<1>(0));
  EXPECT_EQ(a.size(), 0u);
  EXPECT_EQ(b.size(), 0u);
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
    sycl::accessor acc(a, h, sycl::write_only);
    h.single_task([=] { (void)acc; });
  });
  q.wait_and_throw();
}

TEST(BufferErrors, RangeBytesOverflow) {
  EXPECT_SYCL_ERROR((sycl::buffer<int, 2>(sycl::range<2>(size_max, 2))), sycl::errc::invalid,
                    {"{" + std::to_string(size_max) + ", 2}", "4-byte elements"});
}

TEST(BufferErrors, TooLargeToAllocate) {
  // Representable but larger than any machine: the allocation fails cleanly.
  EXPECT_SYCL_ERROR((sycl::buffer<char>(sycl::range<1>(std::size_t(1) << 60))), sycl::errc::memory_allocation,
                    {std::to_string(std::size_t(1) << 60) + " bytes"});
}

TEST(BufferErrors, SubBufferPastParent) {
  sycl::buffer<int> b(sycl::range<1>(32));
  EXPECT_SYCL_ERROR((sycl::buffer<int>(b, sycl::id<1>(30), sycl::range<1>(4))), sycl::errc::invalid,
                    {"offset {30}", "range {4}", "{32}"});
}

TEST(BufferErrors, SubBufferOffsetOverflow) {
  sycl::buffer<int> b(sycl::range<1>(32));
  EXPECT_SYCL_ERROR((sycl::buffer<int>(b, sycl::id<1>(size_max), sycl::range<1>(2))), sycl::errc::invalid,
                    {"offset {" + std::to_string(size_max) + "}", "{32}"});
}

TEST(BufferErrors, SubBufferNotContiguous) {
  sycl::buffer<int, 2> b(sycl::range<2>(8, 8));
  EXPECT_SYCL_ERROR((sycl::buffer<int, 2>(b, sycl::id<2>(0, 2), sycl::range<2>(4, 4))), sycl::errc::invalid,
                    {"{4, 4}", "{0, 2}", "not contiguous"});
}

TEST(BufferErrors, ReinterpretWrongSize) {
  sycl::buffer<int> b(sycl::range<1>(10));
  EXPECT_SYCL_ERROR(b.reinterpret<double>(sycl::range<1>(6)), sycl::errc::invalid, {"48 bytes", "40"});
}

// --- explicit copies and fills ------------------------------------------------------

TEST(CopyErrors, ReadOnlyAccessorAsDestination) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(8));
  std::vector<int> src(8, 1);
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::read_only};
    h.copy(src.data(), a);
  }),
                    sycl::errc::invalid, {"copy destination", "read-only", "access_mode::read"});
}

TEST(CopyErrors, ReadOnlyAccessorAsAccessorCopyDestination) {
  sycl::queue q;
  sycl::buffer<int> a(sycl::range<1>(8)), b(sycl::range<1>(8));
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor src{a, h, sycl::read_only};
    sycl::accessor dst{b, h, sycl::read_only};
    h.copy(src, dst);
  }),
                    sycl::errc::invalid, {"copy destination", "access_mode::read"});
}

TEST(CopyErrors, WriteOnlyAccessorAsSource) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(8));
  std::vector<int> dst(8);
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.copy(a, dst.data());
  }),
                    sycl::errc::invalid, {"copy source", "access_mode::write"});
}

TEST(CopyErrors, DestinationAccessorTooSmall) {
  sycl::queue q;
  sycl::buffer<int> a(sycl::range<1>(16)), b(sycl::range<1>(8));
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor src{a, h, sycl::read_only};
    sycl::accessor dst{b, h, sycl::write_only};
    h.copy(src, dst);
  }),
                    sycl::errc::invalid, {"16 elements", "only 8"});
}

TEST(CopyErrors, NullDestinationPointer) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(8));
  int* null = nullptr;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::read_only};
    h.copy(a, null);
  }),
                    sycl::errc::invalid, {"copy destination", "null"});
}

TEST(CopyErrors, NullSourcePointer) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(8));
  const int* null = nullptr;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only};
    h.copy(null, a);
  }),
                    sycl::errc::invalid, {"copy source", "null"});
}

TEST(CopyErrors, FillReadOnlyAccessor) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(8));
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::read_only};
    h.fill(a, 3);
  }),
                    sycl::errc::invalid, {"fill destination", "access_mode::read"});
}

TEST(HandlerErrors, TwoCommandsInOneGroup) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.single_task([] {});
    h.single_task([] {});
  }),
                    sycl::errc::invalid, {"only one command"});
  q.single_task([] {}).wait();  // the queue still works
}

// --- placeholders ----------------------------------------------------------------------

TEST(PlaceholderErrors, UsedWithoutRequire) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(16));
  sycl::accessor acc{b};  // a placeholder (deduced)
  ASSERT_TRUE(acc.is_placeholder());
  EXPECT_SYCL_ERROR(
      q.submit([&](sycl::handler& h) { h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { acc[i] = 1; }); }),
      sycl::errc::kernel_argument, {"placeholder", "range {16}", "64 bytes", "require"});
}

TEST(PlaceholderErrors, UsedInHostTaskWithoutRequire) {
  sycl::queue q;
  sycl::buffer<int, 2> b(sycl::range<2>(4, 4));
  sycl::accessor<int, 2, sycl::access_mode::read, sycl::target::device, sycl::access::placeholder::true_t> acc(b);
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) { h.host_task([=] { (void)acc[0][0]; }); }),
                    sycl::errc::kernel_argument, {"placeholder", "range {4, 4}", "access_mode::read"});
}

TEST(PlaceholderErrors, RequiredPlaceholderWorks) {
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(16));
  sycl::accessor acc{b};
  q.submit([&](sycl::handler& h) {
    h.require(acc);
    h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { acc[i] = int(i[0]); });
  });
  sycl::host_accessor r{b};
  EXPECT_EQ(r[15], 15);
}

TEST(PlaceholderErrors, RequireUnboundAccessor) {
  sycl::queue q;
  sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::device, sycl::access::placeholder::true_t> acc;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) { h.require(acc); }), sycl::errc::invalid,
                    {"not bound to a buffer"});
}

// --- host accessors and kernels ------------------------------------------------------

TEST(HostAccessorErrors, KernelWaitsForHeldHostAccessor) {
  // The kernel is submitted while a host_accessor holds the buffer: submission
  // returns at once, the kernel runs only after the host_accessor is destroyed.
  watchdog guard(20s);
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(4));
  sycl::event e;
  {
    sycl::host_accessor h{b};
    h[0] = 41;
    e = q.submit([&](sycl::handler& cgh) {
      sycl::accessor a{b, cgh};
      cgh.single_task([=] { a[0] += 1; });
    });
    std::this_thread::sleep_for(50ms);
    EXPECT_NE(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
    EXPECT_EQ(h[0], 41);
  }
  e.wait();
  EXPECT_EQ((sycl::host_accessor{b, sycl::read_only}[0]), 42);
}

TEST(HostAccessorErrors, HostAccessorFromAnotherThreadWaits) {
  watchdog guard(20s);
  sycl::buffer<int> b(sycl::range<1>(4));
  std::atomic<bool> second_acquired{false};
  std::thread other;
  {
    sycl::host_accessor h{b};
    h[1] = 7;
    other = std::thread([&] {
      sycl::host_accessor h2{b};  // waits for the first to go away
      second_acquired = true;
      h2[1] += 1;
    });
    std::this_thread::sleep_for(50ms);
    EXPECT_FALSE(second_acquired.load());
  }
  other.join();
  EXPECT_EQ((sycl::host_accessor{b, sycl::read_only}[1]), 8);
}

TEST(HostAccessorErrors, SecondHostAccessorInSameThreadDoesNotWaitForTheFirst) {
  // A thread cannot race with itself, and waiting for its own accessor would
  // never end: the second host_accessor is granted at once; later commands
  // wait for both.
  watchdog guard(20s);
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(4));
  {
    sycl::host_accessor h{b, sycl::read_only};
    sycl::host_accessor w{b, sycl::write_only};
    w[0] = 3;
    EXPECT_EQ(h[0], 3);
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor a{b, cgh};
      cgh.single_task([=] { a[0] += 1; });
    });
  }
  q.wait();
  EXPECT_EQ((sycl::host_accessor{b, sycl::read_only}[0]), 4);
}

TEST(HostAccessorErrors, QueueWaitBlockedByOwnHostAccessorIsReported) {
  watchdog guard(20s);
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(4));
  {
    sycl::host_accessor h{b};
    h[2] = 5;
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor a{b, cgh};
      cgh.single_task([=] { a[2] *= 2; });
    });
    EXPECT_SYCL_ERROR(q.wait(), sycl::errc::invalid, {"wait forever", "1 host_accessor"});
  }
  q.wait();  // the host_accessor is gone: now it completes
  EXPECT_EQ((sycl::host_accessor{b, sycl::read_only}[2]), 10);
}

TEST(HostAccessorErrors, ReadersDoNotBlockEachOther) {
  watchdog guard(20s);
  sycl::queue q;
  sycl::buffer<int> b(sycl::range<1>(4));
  sycl::host_accessor h1{b, sycl::read_only};
  sycl::host_accessor h2{b, sycl::read_only};  // two readers: fine
  q.submit([&](sycl::handler& cgh) {
     sycl::accessor a{b, cgh, sycl::read_only};
     cgh.single_task([=] { (void)a[0]; });
   }).wait();  // a reading kernel does not wait for readers
  EXPECT_EQ(h1[0], h2[0]);
}
