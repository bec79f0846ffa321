// Bad nd_range and scoped-parallelism shapes. Needs the nd_range engine (branch
// ndrange): registered in CMakeLists.txt once that engine is on main.
#include <gtest/gtest.h>

#include <limits>
#include "../support/expect_error.hpp"

constexpr std::size_t size_max = std::numeric_limits<std::size_t>::max();
static const std::string size_max_text = std::to_string(size_max);

// --- nd_range shapes ------------------------------------------------------------------------

TEST(NdRangeErrors, ZeroLocalRange) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 8), sycl::range<2>(4, 0)), [=](sycl::nd_item<2>) {});
  }), sycl::errc::nd_range, {"{4, 0}", "zero"});
}

TEST(NdRangeErrors, GlobalNotMultipleOfLocal) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<1>(sycl::range<1>(100), sycl::range<1>(16)), [=](sycl::nd_item<1>) {});
  }), sycl::errc::nd_range, {"{100}", "{16}", "multiple"});
}

TEST(NdRangeErrors, WorkGroupTooLarge) {
  sycl::queue q;
  auto max_wg = q.get_device().get_info<sycl::info::device::max_work_group_size>();
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<2>(sycl::range<2>(64, 64), sycl::range<2>(64, 64)), [=](sycl::nd_item<2>) {});
  }), sycl::errc::nd_range, {"4096", "{64, 64}", std::to_string(max_wg)});
}

TEST(NdRangeErrors, GlobalRangeOverflows) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<2>(sycl::range<2>(size_max, 4), sycl::range<2>(1, 4)), [=](sycl::nd_item<2>) {});
  }), sycl::errc::invalid, {"global range", "{" + size_max_text + ", 4}"});
}

TEST(ScopedErrors, ZeroGroupSize) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel(sycl::range<1>(4), sycl::range<1>(0), [=](auto) {});
  }), sycl::errc::nd_range, {"{0}"});
}

TEST(ScopedErrors, GroupsTimesSizeOverflows) {
  sycl::queue q;
  EXPECT_SYCL_ERROR(q.submit([&](sycl::handler& h) {
    h.parallel(sycl::range<1>(size_max / 2), sycl::range<1>(4), [=](auto) {});
  }), sycl::errc::invalid, {"{" + std::to_string(size_max / 2) + "}", "{4}"});
}

