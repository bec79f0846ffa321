// nd_range and scoped-parallelism bad inputs: shapes and local memory
// (synchronous, at submission), and what goes wrong inside an nd_range kernel
// (asynchronous, to the queue's async_handler, the queue working afterwards):
// barriers the items of a group disagree about, exceptions thrown on fibers
// (after a barrier), fiber stacks that cannot be mapped or that overflow.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <weft/config.hpp>
#include <weft/sanitizer.hpp>
#include <weft/settings.hpp>
#include "../support/expect_error.hpp"
#include "../support/fibers.hpp"
#include "../support/group_reversal.hpp"

using weft_test::async_errors;

constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();
static const std::string size_max_text = std::to_string(size_max);

// --- nd_range shapes ------------------------------------------------------------------------

TEST(NdRangeErrors, ZeroLocalRange) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 8), sycl::range<2>(4, 0)), [=](sycl::nd_item<2>) {});
  }),
                    sycl::errc::nd_range, {"{4, 0}", "zero"});
}

TEST(NdRangeErrors, GlobalNotMultipleOfLocal) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<1>(sycl::range<1>(100), sycl::range<1>(16)), [=](sycl::nd_item<1>) {});
  }),
                    sycl::errc::nd_range, {"{100}", "{16}", "multiple"});
}

TEST(NdRangeErrors, WorkGroupTooLarge) {
  sycl::queue q;
  auto max_wg = q.get_device().get_info<sycl::info::device::max_work_group_size>();
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<2>(sycl::range<2>(64, 64), sycl::range<2>(64, 64)), [=](sycl::nd_item<2>) {});
  }),
                    sycl::errc::nd_range, {"4096", "{64, 64}", std::to_string(max_wg)});
}

TEST(NdRangeErrors, GlobalRangeOverflows) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<2>(sycl::range<2>(size_max, 4), sycl::range<2>(1, 4)), [=](sycl::nd_item<2>) {});
  }),
                    sycl::errc::invalid, {"global range", "{" + size_max_text + ", 4}"});
}

TEST(ScopedErrors, ZeroGroupSize) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) { h.parallel(sycl::range<1>(4), sycl::range<1>(0), [=](auto) {}); }),
                    sycl::errc::nd_range, {"{0}"});
}

TEST(ScopedErrors, GroupsTimesSizeOverflows) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(
      q.submit([&](sycl::handler& h) { h.parallel(sycl::range<1>(size_max / 2), sycl::range<1>(4), [=](auto) {}); }),
      sycl::errc::invalid, {"{" + std::to_string(size_max / 2) + "}", "{4}"});
}

TEST(NdRangeErrors, GlobalNotMultipleOfLocal3D) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<3>(sycl::range<3>(4, 6, 10), sycl::range<3>(2, 3, 4)), [=](sycl::nd_item<3>) {});
  }),
                    sycl::errc::nd_range, {"{4, 6, 10}", "{2, 3, 4}", "dimension 2", "multiple"});
}

TEST(NdRangeErrors, ZeroLocalRange1D) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.parallel_for(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(0)), [=](sycl::nd_item<1>) {}),
                    sycl::errc::nd_range, {"{0}", "zero dimension"});
}

TEST(NdRangeErrors, WorkGroupTooLarge3D) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<3>(sycl::range<3>(16, 16, 16), sycl::range<3>(16, 16, 8)), [=](sycl::nd_item<3>) {});
  }),
                    sycl::errc::nd_range, {"2048", "{16, 16, 8}", "max_work_group_size"});
}

// ---- local memory --------------------------------------------------------------------------

TEST(NdRangeErrors, LocalMemoryBeyondLocalMemSize) {
  sycl::queue q;
  const auto limit = q.get_device().get_info<sycl::info::device::local_mem_size>();
  const std::size_t ints = limit / sizeof(int) + 1;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> lm(sycl::range<1>(ints), h);
    h.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) { lm[it.get_local_id(0)] = 1; });
  }),
                    sycl::errc::memory_allocation,
                    {std::to_string(ints * sizeof(int)), std::to_string(limit), "local_mem_size"});
  q.wait_and_throw();  // nothing was submitted
}

TEST(NdRangeErrors, SeveralLocalAccessorsTogetherBeyondLocalMemSize) {
  sycl::queue q;
  const auto limit = q.get_device().get_info<sycl::info::device::local_mem_size>();
  // Each fits; the three together do not.
  const std::size_t each = limit / 3 + 4096;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::local_accessor<char, 1> a(sycl::range<1>(each), h), b(sycl::range<1>(each), h);
    sycl::local_accessor<char, 2> c(sycl::range<2>(each / 64, 64), h);
    h.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) {
      const std::size_t i = it.get_local_id(0);
      a[i] = b[i] = c[0][i % 64] = 1;
    });
  }),
                    sycl::errc::memory_allocation, {std::to_string(limit), "local_mem_size"});
}

TEST(NdRangeErrors, Sycl121LocalAccessorBeyondLocalMemSize) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    sycl::accessor<double, 2, sycl::access::mode::read_write, sycl::access::target::local> lm(sycl::range<2>(256, 256),
                                                                                              h);
    h.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) { lm[0][it.get_local_id(0)] = 1; });
  }),
                    sycl::errc::memory_allocation, {std::to_string(256 * 256 * sizeof(double))});
}

// ---- inside the kernel: barriers the items disagree about ------------------------------------

// Runs `submit` on a queue whose async_handler collects errors, then checks that
// the queue still runs an nd_range kernel with barriers and local memory.
template <class F>
std::vector<std::exception_ptr> async_errors_of(F&& submit) {
  async_errors errs;
  sycl::queue q(errs.handler());
  submit(q);
  q.wait_and_throw();
  std::vector<std::exception_ptr> out = errs.errors;
  // The queue keeps working: a group reversal through local memory.
  const std::vector<int> v = weft_test::reverse_in_groups(q, 512, 64);
  q.wait_and_throw();
  EXPECT_EQ(errs.size(), out.size()) << "the follow-up kernel failed";
  for (std::size_t i = 0; i < v.size(); ++i) {
    EXPECT_EQ(v[i], static_cast<int>(i / 64 * 64 + 63 - i % 64)) << "the queue no longer works, item " << i;
    if (v[i] != static_cast<int>(i / 64 * 64 + 63 - i % 64)) break;
  }
  return out;
}

void expect_kernel_error(std::exception_ptr e, const std::vector<std::string>& mentions) {
  weft_test::expect_sycl_error([&] { std::rethrow_exception(e); }, sycl::errc::kernel, mentions);
}

TEST(NdRangeErrors, DivergentBarrierSomeItemsSkipIt) {
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(1024, 128), [=](sycl::nd_item<1> it) {
      if (it.get_group(0) == 5 && it.get_local_id(0) >= 100) return;  // items 100-127 of group 5 skip it
      it.barrier();
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  expect_kernel_error(errs[0], {"work group (5)", "disagree about a barrier", "work item 100 finished",
                                "waiting at a work-group barrier: 0-99", "or by none"});
}

// A barrier under a condition every item reads from the same local-memory word,
// which the last item changes (a race: the items before it read the old value): reported on
// fibers, and where clang's pass plugin split the kernel (it cannot prove such a
// condition differs) by the split form's check after each region.
TEST(NdRangeErrors, DivergentBarrierOnAWordTheItemsRaceFor) {
  auto errs = async_errors_of([](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int, 1> flag(sycl::range<1>(1), h);
      h.parallel_for(sycl::nd_range<1>(256, 64), [=](sycl::nd_item<1> it) {
        if (it.get_local_id(0) == 0) flag[0] = 0;
        it.barrier();
        if (it.get_group(0) == 2 && it.get_local_id(0) == 63) flag[0] = 1;  // the last item of group 2
        if (flag[0] == 1) it.barrier();
      });
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  expect_kernel_error(errs[0], {"work group (2)", "disagree about a barrier", "or by none"});
}

TEST(NdRangeErrors, DivergentBarrierReachedOnlyByALateItem2D) {
  // Item 9 of group (1, 2) is the only one to reach a barrier: items 0-8 finished without it.
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<2>(sycl::range<2>(16, 16), sycl::range<2>(4, 4)), [=](sycl::nd_item<2> it) {
      if (it.get_group(0) == 1 && it.get_group(1) == 2 && it.get_local_linear_id() == 9) it.barrier();
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  expect_kernel_error(errs[0], {"work group (1, 2)", "work item 9 reached a work-group barrier", "0-8 finished"});
}

TEST(NdRangeErrors, DivergentBarrierCountsInALoop3D) {
  // The items of group (0, 1, 1) loop a different number of times: item 7 waits once more.
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<3>(sycl::range<3>(2, 4, 4), sycl::range<3>(2, 2, 2)), [=](sycl::nd_item<3> it) {
      const bool odd = it.get_group(1) == 1 && it.get_group(2) == 1 && it.get_group(0) == 0;
      const int rounds = 2 + (odd && it.get_local_linear_id() == 7 ? 1 : 0);
      for (int r = 0; r < rounds; ++r) it.barrier();
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  expect_kernel_error(errs[0], {"work group (0, 1, 1)", "work item 7 reached a work-group barrier", "finished: 0-6"});
}

TEST(NdRangeErrors, SubGroupBarrierAgainstWorkGroupBarrier) {
  constexpr std::size_t sg = WEFT_SUB_GROUP_SIZE;
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(4 * sg, 2 * sg), [=](sycl::nd_item<1> it) {
      if (it.get_local_id(0) == 2) sycl::group_barrier(it.get_sub_group());
      else sycl::group_barrier(it.get_group());
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  expect_kernel_error(errs[0], {"work item 2 reached a sub-group barrier", "waiting at a work-group barrier: 0-1"});
}

TEST(NdRangeErrors, DivergentGroupCollective) {
  // A group algorithm is a barrier too: half the group calls reduce_over_group.
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(256, 64), [=](sycl::nd_item<1> it) {
      if (it.get_group(0) == 2 && it.get_local_id(0) >= 32) return;
      (void)sycl::reduce_over_group(it.get_group(), 1, sycl::plus<int>());
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  expect_kernel_error(errs[0], {"work group (2)", "work item 32 finished"});
}

TEST(NdRangeErrors, DivergentBarrierInSeveralKernelsEachReported) {
  auto errs = async_errors_of([](sycl::queue& q) {
    for (int k = 0; k < 3; ++k)
      q.parallel_for(sycl::nd_range<1>(256, 32), [=](sycl::nd_item<1> it) {
        if (it.get_group(0) == static_cast<std::size_t>(k) && it.get_local_id(0) == 31) return;
        it.barrier();
      });
  });
  ASSERT_EQ(errs.size(), 3u);
  for (auto& e : errs) expect_kernel_error(e, {"work item 31 finished", "0-30"});
}

// ---- inside the kernel: exceptions on fibers -----------------------------------------------

TEST(NdRangeErrors, StdExceptionAfterABarrier) {
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(512, 64), [=](sycl::nd_item<1> it) {
      it.barrier();
      if (it.get_global_id(0) == 300) throw std::runtime_error("item 300 failed after the barrier");
      it.barrier();
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  try {
    std::rethrow_exception(errs[0]);
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "item 300 failed after the barrier");
  } catch (...) {
    ADD_FAILURE() << "expected the kernel's std::runtime_error";
  }
}

TEST(NdRangeErrors, SyclExceptionOnFiberBetweenBarriers2D) {
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<2>(sycl::range<2>(32, 32), sycl::range<2>(8, 8)), [=](sycl::nd_item<2> it) {
      it.barrier();
      it.barrier();
      if (it.get_global_id(0) == 20 && it.get_global_id(1) == 13)
        throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), "item (20, 13): value 7 out of range");
      it.barrier();
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_SYCL_ERROR(std::rethrow_exception(errs[0]), sycl::errc::kernel, {"item (20, 13)", "value 7"});
}

TEST(NdRangeErrors, EveryItemThrowsAfterABarrier) {
  // All items of all groups throw on fibers: one error, every group unwound.
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(1024, 128), [=](sycl::nd_item<1> it) {
      sycl::group_barrier(it.get_group());
      throw std::logic_error("item " + std::to_string(it.get_global_id(0)));
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  try {
    std::rethrow_exception(errs[0]);
  } catch (const std::logic_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("item ", 0), 0u) << e.what();
  }
}

TEST(NdRangeErrors, ExceptionOnTheLastItemAfterASubGroupBarrier) {
  constexpr std::size_t sg = WEFT_SUB_GROUP_SIZE;
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(8 * sg, 4 * sg), [=](sycl::nd_item<1> it) {
      sycl::group_barrier(it.get_sub_group());
      if (it.get_local_id(0) == 4 * sg - 1) throw std::out_of_range("last lane");
      sycl::group_barrier(it.get_sub_group());
    });
  });
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_THROW(std::rethrow_exception(errs[0]), std::out_of_range);
}

// ---- fiber stacks --------------------------------------------------------------------------

TEST(NdRangeErrors, FiberStackThatCannotBeMappedIsReported) {
  weft_test::fibers_scope fibers;
  const std::size_t before = weft::fiber_stack_size();
  weft::set_fiber_stack_size(std::size_t(200) << 40);  // more than the address space
  auto errs = async_errors_of([](sycl::queue& q) {
    q.parallel_for(sycl::nd_range<1>(128, 64), [=](sycl::nd_item<1> it) {
      it.barrier();
      it.barrier();
    });
    q.wait();
    weft::set_fiber_stack_size(64 * 1024);  // for the follow-up kernel
  });
  weft::set_fiber_stack_size(before);
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_SYCL_ERROR(std::rethrow_exception(errs[0]), sycl::errc::memory_allocation,
                    {"fiber stack", std::to_string(std::size_t(200) << 40), "WEFT_FIBER_STACK_SIZE"});
}

[[gnu::noinline]] int deep_recursion(int n) {
  volatile char pad[512];
  for (int i = 0; i < 512; i += 64) pad[(i + n) % 512] = 1;
  if (n == 0) return 0;
  const int r = deep_recursion(n - 1);
  return r + pad[n % 512];
}

// A fiber stack overflow cannot be turned into an exception (the item's frames
// are gone): the guard page stops the process with a message naming the setting.
TEST(NdRangeErrorsDeathTest, FiberStackOverflowNamesTheSetting) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const char* expected = "overflowed its fiber stack of 65536 bytes(.|\n)*WEFT_FIBER_STACK_SIZE=1M";
  EXPECT_DEATH(
      {
        weft::set_fiber_stack_size(64 * 1024);
        sycl::queue q;
        q.parallel_for(sycl::nd_range<1>(128, 64), [=](sycl::nd_item<1> it) {
           it.barrier();
           if (deep_recursion(1000) == 12345) it.barrier();
         }).wait();
      },
      expected);
}
