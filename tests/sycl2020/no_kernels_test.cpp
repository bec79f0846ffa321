// A program that defines no kernel (this executable names none and submits none): it has
// no kernel ids and no kernel bundle in any state (SYCL 2020 4.11.6: has_kernel_bundle needs
// at least one kernel of the application), while a bundle of no ids is still asked for
// trivially.
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

namespace {

TEST(NoKernels, TheProgramHasNoKernelIdsAndNoBundle) {
  sycl::queue q;
  const auto ctx = q.get_context();
  EXPECT_TRUE(sycl::get_kernel_ids().empty());
  EXPECT_FALSE(sycl::has_kernel_bundle<sycl::bundle_state::executable>(ctx));
  EXPECT_FALSE(sycl::has_kernel_bundle<sycl::bundle_state::input>(ctx, {q.get_device()}));
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::object>(ctx, std::vector<sycl::kernel_id>{}));
}

}  // namespace
