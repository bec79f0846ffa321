// sycl_ext_oneapi_queue_priority: each priority property makes a queue that runs
// kernels (the priority is a hint Weft ignores); two of them are errc::invalid.
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>

#include "../support/expect_error.hpp"

namespace {

namespace priority = sycl::ext::oneapi::property::queue;

template <class Priority>
void runs_a_kernel() {
  sycl::queue q{sycl::property_list{sycl::property::queue::in_order(), Priority()}};
  EXPECT_TRUE(q.has_property<Priority>());
  EXPECT_TRUE(q.is_in_order());
  int* p = sycl::malloc_shared<int>(1, q);
  *p = 0;
  q.single_task([=] { *p = 7; }).wait();
  EXPECT_EQ(*p, 7);
  sycl::free(p, q);
}

TEST(QueuePriority, EachPriorityMakesAWorkingQueue) {
  static_assert(sycl::is_property_v<priority::priority_high>);
  static_assert(sycl::is_property_of_v<priority::priority_low, sycl::queue>);
  runs_a_kernel<priority::priority_normal>();
  runs_a_kernel<priority::priority_low>();
  runs_a_kernel<priority::priority_high>();
  EXPECT_FALSE(sycl::queue().has_property<priority::priority_high>());
}

TEST(QueuePriority, TwoPrioritiesAreInvalid) {
  EXPECT_SYCL_ERROR((sycl::queue{sycl::property_list{priority::priority_low(), priority::priority_high()}}),
                    sycl::errc::invalid, {"more than one of the priority properties"});
}

}  // namespace
