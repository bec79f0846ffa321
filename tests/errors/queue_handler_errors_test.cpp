// Bad input for queues, handlers, kernels' index spaces and device selection.
#include <gtest/gtest.h>

#include <atomic>
#include <limits>
#include "../support/expect_error.hpp"

constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();
static const std::string size_max_text = std::to_string(size_max);

// --- selectors ---------------------------------------------------------------------------

TEST(SelectorErrors, GpuSelectorHasNoMatch) {
  EXPECT_SYCL_ERROR(sycl::queue{sycl::gpu_selector_v}, sycl::errc::runtime, {"no device matches", "Weft offers"});
}

TEST(SelectorErrors, AcceleratorSelectorHasNoMatch) {
  EXPECT_SYCL_ERROR(sycl::device{sycl::accelerator_selector_v}, sycl::errc::runtime, {"no device matches"});
}

TEST(SelectorErrors, AspectSelectorHasNoMatch) {
  EXPECT_SYCL_ERROR(sycl::queue{sycl::aspect_selector(sycl::aspect::gpu)}, sycl::errc::runtime, {"no device matches"});
}

TEST(SelectorErrors, CustomSelectorRejectsEverything) {
  auto never = [](const sycl::device&) { return -1; };
  auto cpu_name = sycl::device{sycl::cpu_selector_v}.get_info<sycl::info::device::name>();
  EXPECT_SYCL_ERROR(sycl::queue{never}, sycl::errc::runtime, {"no device matches", cpu_name});
}

TEST(SelectorErrors, LegacySelectorClassHasNoMatch) {
  EXPECT_SYCL_ERROR(sycl::gpu_selector{}.select_device(), sycl::errc::runtime, {"the device_selector"});
}

TEST(SelectorErrors, PlatformFromSelectorHasNoMatch) {
  EXPECT_SYCL_ERROR(sycl::platform{sycl::gpu_selector_v}, sycl::errc::runtime, {"no device matches"});
}

// --- range kernels ------------------------------------------------------------------------

TEST(RangeErrors, ZeroSizeRangeRunsNothing) {
  sycl::queue q;
  std::atomic<int> runs{0};
  auto* counter = &runs;
  q.parallel_for(sycl::range<1>(0), [=](sycl::id<1>) { ++*counter; }).wait();
  q.parallel_for(sycl::range<2>(5, 0), [=](sycl::id<2>) { ++*counter; }).wait();
  q.parallel_for(sycl::range<3>(0, size_max, 2), [=](sycl::id<3>) { ++*counter; }).wait();  // 0 items: no overflow
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::range<1>(0), sycl::id<1>(7), [=](sycl::item<1>) { ++*counter; });
   }).wait();
  EXPECT_EQ(runs.load(), 0);
}

TEST(RangeErrors, OverflowingRange2D) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.parallel_for(sycl::range<2>(size_max, 2), [=](sycl::id<2>) {}), sycl::errc::invalid,
                    {"{" + size_max_text + ", 2}", "size_t"});
}

TEST(RangeErrors, OverflowingRange3D) {
  sycl::queue q;
  std::size_t big = std::size_t(1) << 22;
  EXPECT_SYCL_ERROR(q.parallel_for(sycl::range<3>(big, big, big), [=](sycl::id<3>) {}), sycl::errc::invalid,
                    {"{4194304, 4194304, 4194304}"});
}

TEST(RangeErrors, OverflowingRangeInHandler) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(
      q.submit([&](sycl::handler& h) { h.parallel_for(sycl::range<2>(2, size_max), [=](sycl::item<2>) {}); }),
      sycl::errc::invalid, {"{2, " + size_max_text + "}"});
}

TEST(RangeErrors, OffsetOverflows) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::range<1>(10), sycl::id<1>(size_max - 3), [=](sycl::item<1>) {});
  }),
                    sycl::errc::invalid, {"offset {" + std::to_string(size_max - 3) + "}", "range {10}"});
}

TEST(RangeErrors, QueueWorksAfterRejectedKernel) {
  sycl::queue q;
  EXPECT_THROW(q.parallel_for(sycl::range<2>(size_max, size_max), [=](sycl::id<2>) {}), sycl::exception);
  int* p = sycl::malloc_shared<int>(8, q);
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { p[i] = 2; }).wait();
  EXPECT_EQ(p[7], 2);
  sycl::free(p, q);
}

// --- runtime settings and queries -------------------------------------------------------

TEST(RuntimeErrors, ZeroWorkers) {
  EXPECT_SYCL_ERROR(weft::set_worker_count(0), sycl::errc::invalid, {"set_worker_count(0)", "from 1"});
}

TEST(RuntimeErrors, WorkersAfterStart) {
  sycl::queue q;
  q.single_task([] {}).wait();
  EXPECT_SYCL_ERROR(weft::set_worker_count(3), sycl::errc::invalid, {"already started", "WEFT_NUM_THREADS"});
}

TEST(RuntimeErrors, ProfilingWithoutProperty) {
  sycl::queue q;
  auto e = q.single_task([] {});
  EXPECT_SYCL_ERROR(e.get_profiling_info<sycl::info::event_profiling::command_end>(), sycl::errc::invalid,
                    {"enable_profiling"});
}

TEST(RuntimeErrors, ExceptionWithoutContext) {
  sycl::exception e(sycl::make_error_code(sycl::errc::runtime), "x");
  EXPECT_SYCL_ERROR(e.get_context(), sycl::errc::invalid, {"no context"});
}
