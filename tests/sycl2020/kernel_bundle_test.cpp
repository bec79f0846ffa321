// Kernel bundles, kernel ids and kernel queries (section 4.11).
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

#include "../support/expect_error.hpp"
#include "../support/sub_group_size.hpp"

namespace {

class named_kernel;  // declared, never defined: kernel names need not be complete
struct other_kernel {};

TEST(KernelBundle, KernelIdsAreStableAndNamed) {
  auto a = sycl::get_kernel_id<named_kernel>();
  auto b = sycl::get_kernel_id<named_kernel>();
  auto c = sycl::get_kernel_id<other_kernel>();
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  EXPECT_NE(std::string(a.get_name()).find("named_kernel"), std::string::npos);
  auto ids = sycl::get_kernel_ids();
  EXPECT_NE(std::find(ids.begin(), ids.end(), a), ids.end());
}

TEST(KernelBundle, GetBundleAndKernel) {
  sycl::queue q;
  auto ctx = q.get_context();
  auto dev = q.get_device();
  auto kb = sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx);
  EXPECT_FALSE(kb.empty());
  EXPECT_TRUE(kb.has_kernel<named_kernel>());
  EXPECT_EQ(kb.get_context(), ctx);
  EXPECT_EQ(kb.get_devices().size(), 1u);
  EXPECT_EQ(std::distance(kb.begin(), kb.end()), 1);
  EXPECT_TRUE(kb.begin()->has_kernel(sycl::get_kernel_id<named_kernel>(), dev));
  sycl::kernel k = kb.get_kernel<named_kernel>();
  EXPECT_EQ(k.get_context(), ctx);
  EXPECT_NE(k.get_info<sycl::info::kernel::function_name>().find("named_kernel"), std::string::npos);

  auto only = sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx, {sycl::get_kernel_id<named_kernel>()});
  EXPECT_TRUE(only.has_kernel(sycl::get_kernel_id<named_kernel>()));
  EXPECT_FALSE(only.has_kernel(sycl::get_kernel_id<other_kernel>()));
  EXPECT_THROW(only.get_kernel(sycl::get_kernel_id<other_kernel>()), sycl::exception);
  EXPECT_EQ(only.get_kernel_ids().size(), 1u);
  auto joined =
      sycl::join(std::vector{only, sycl::get_kernel_bundle<other_kernel, sycl::bundle_state::executable>(ctx)});
  EXPECT_TRUE(joined.has_kernel<other_kernel>());
  auto obj = sycl::compile(sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx));
  auto exe = sycl::link(obj);
  EXPECT_TRUE(exe.has_kernel<named_kernel>());
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::executable>(ctx));
  EXPECT_TRUE(sycl::is_compatible<named_kernel>(dev));
  EXPECT_TRUE(sycl::is_compatible({sycl::get_kernel_id<other_kernel>()}, dev));
}

TEST(KernelBundle, DeviceSpecificQueriesAreHonest) {
  sycl::queue q;
  auto dev = q.get_device();
  auto k = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context()).get_kernel<named_kernel>();
  namespace kds = sycl::info::kernel_device_specific;
  auto sg = dev.get_info<sycl::info::device::sub_group_sizes>();
  EXPECT_EQ(k.get_info<kds::work_group_size>(dev), dev.get_info<sycl::info::device::max_work_group_size>());
  EXPECT_EQ(k.get_info<kds::preferred_work_group_size_multiple>(dev), weft_test::default_sub_group_size(q));
  EXPECT_EQ(k.get_info<kds::max_sub_group_size>(dev), weft_test::default_sub_group_size(q));
  EXPECT_EQ(k.get_info<kds::max_num_sub_groups>(dev) * sg.front(),
            (dev.get_info<sycl::info::device::max_work_group_size>() + sg.front() - 1) / sg.front() * sg.front());
  EXPECT_EQ(k.get_info<kds::compile_work_group_size>(dev), sycl::range<3>(0, 0, 0));
  EXPECT_EQ(k.get_info<kds::compile_sub_group_size>(dev), 0u);
  EXPECT_EQ(k.get_info<kds::private_mem_size>(dev), 0u);
  EXPECT_THROW(k.get_info<kds::global_work_size>(dev), sycl::exception);
}

// Runs named_kernel from `kb` (use_kernel_bundle); returns the value it wrote.
int run_from_bundle(sycl::queue& q, const sycl::kernel_bundle<sycl::bundle_state::executable>& kb, int value) {
  int* r = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler& cgh) {
     cgh.use_kernel_bundle(kb);
     cgh.single_task<named_kernel>([=] { *r = value; });
   }).wait();
  const int got = *r;
  sycl::free(r, q);
  return got;
}

TEST(KernelBundle, UseKernelBundleThenRun) {
  sycl::queue q;
  EXPECT_EQ(run_from_bundle(q, sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context()), 3), 3);
}

using weft_test::thrown_errc;

// Every kernel is in the program already, so every device offers compile(), link() and
// build() (aspect::online_compiler / online_linker), for a subset of the bundle's devices.
TEST(KernelBundle, CompileLinkAndBuildForDevices) {
  sycl::queue q;
  const auto dev = q.get_device();
  EXPECT_TRUE(dev.has(sycl::aspect::online_compiler));
  EXPECT_TRUE(dev.has(sycl::aspect::online_linker));
  const auto ctx = q.get_context();
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::input>(ctx));
  auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx, {dev});
  auto object = sycl::compile(input, {dev});
  EXPECT_EQ(object.get_devices(), std::vector<sycl::device>{dev});
  std::vector<sycl::kernel_bundle<sycl::bundle_state::object>> objects{object, object};
  auto linked = sycl::link(objects, {dev});
  EXPECT_EQ(linked.get_devices(), std::vector<sycl::device>{dev});
  EXPECT_TRUE(linked.has_kernel<named_kernel>());
  EXPECT_EQ(run_from_bundle(q, sycl::build(input, {dev}), 5), 5);
  EXPECT_EQ(sycl::compile(input, {dev, dev}).get_devices(), std::vector<sycl::device>{dev});  // each device once
  EXPECT_EQ(sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx, {dev, dev}).get_devices().size(), 1u);
  const std::vector<sycl::device> none;
  EXPECT_EQ(thrown_errc([&] { sycl::link(objects, none); }), sycl::errc::invalid);
  EXPECT_EQ(thrown_errc([&] { sycl::build(input, none); }), sycl::errc::invalid);
  EXPECT_EQ(thrown_errc([&] { sycl::compile(input, none); }), sycl::errc::invalid);
  EXPECT_EQ(thrown_errc([&] { sycl::link(std::vector<sycl::kernel_bundle<sycl::bundle_state::object>>{}, {dev}); }),
            sycl::errc::invalid);
}

constexpr sycl::specialization_id<int> bundle_spec(1);
constexpr sycl::specialization_id<int> unread_spec(2);  // no kernel of this program reads it
class spec_reader;

// A bundle has the specialization constants the program's kernels read; an empty one none.
TEST(KernelBundle, BundlesHaveTheSpecializationConstantsKernelsRead) {
  sycl::queue q;
  int* r = sycl::malloc_shared<int>(1, q);
  q.submit([&](sycl::handler& cgh) {
     cgh.set_specialization_constant<bundle_spec>(7);
     cgh.single_task<spec_reader>([=](sycl::kernel_handler kh) { *r = kh.get_specialization_constant<bundle_spec>(); });
   }).wait();
  EXPECT_EQ(*r, 7);
  sycl::free(r, q);
  auto all = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context());
  all.set_specialization_constant<unread_spec>(3);  // a value set is not a kernel's use
  EXPECT_TRUE(all.has_specialization_constant<bundle_spec>());
  EXPECT_FALSE(all.has_specialization_constant<unread_spec>());
  EXPECT_EQ(all.get_specialization_constant<unread_spec>(), 3);
  EXPECT_FALSE(sycl::build(all).has_specialization_constant<unread_spec>());
  auto none = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      q.get_context(), [](const sycl::device_image<sycl::bundle_state::executable>&) { return false; });
  EXPECT_TRUE(none.empty());
  EXPECT_FALSE(none.has_specialization_constant<bundle_spec>());
}

// has_kernel_bundle: devices are checked (errc::invalid), an empty id list asks for nothing,
// a named kernel has a bundle in every state on a device with the online compiler and linker.
TEST(KernelBundle, HasKernelBundleChecksDevicesAndKernels) {
  sycl::queue q;
  const auto ctx = q.get_context();
  const auto dev = q.get_device();
  weft_test::expect_sycl_error(
      [&] { sycl::has_kernel_bundle<sycl::bundle_state::executable>(ctx, std::vector<sycl::device>{}); },
      sycl::errc::invalid, {"has_kernel_bundle", "device list is empty"});
  EXPECT_EQ(thrown_errc([&] { sycl::has_kernel_bundle<named_kernel, sycl::bundle_state::input>(ctx, {}); }),
            sycl::errc::invalid);
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::object>(ctx, {dev}, std::vector<sycl::kernel_id>{}));
  EXPECT_TRUE((sycl::has_kernel_bundle<named_kernel, sycl::bundle_state::input>(ctx)));
  EXPECT_EQ((sycl::has_kernel_bundle<named_kernel, sycl::bundle_state::object>(ctx, {dev})),
            dev.has(sycl::aspect::online_compiler) && dev.has(sycl::aspect::online_linker));
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::executable>(ctx, {sycl::get_kernel_id<other_kernel>()}));
}

// A device image is what it holds (kernels, devices, specialization-constant values): joining
// a bundle with itself or an empty one keeps its image; joining none gives an empty bundle
// (the CTS's sycl_join cases).
TEST(KernelBundle, JoinKeepsTheDeviceImages) {
  sycl::queue q;
  auto kb = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context());
  auto empty = sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context(), std::vector<sycl::kernel_id>{});
  for (const auto& joined :
       {sycl::join(std::vector{kb}), sycl::join(std::vector{kb, kb}), sycl::join(std::vector{kb, empty})}) {
    ASSERT_EQ(std::distance(joined.begin(), joined.end()), 1);
    EXPECT_TRUE(*joined.begin() == *kb.begin());
    EXPECT_EQ(std::hash<sycl::device_image<sycl::bundle_state::input>>()(*joined.begin()),
              std::hash<sycl::device_image<sycl::bundle_state::input>>()(*kb.begin()));
  }
  auto only =
      sycl::get_kernel_bundle<sycl::bundle_state::input>(q.get_context(), {sycl::get_kernel_id<other_kernel>()});
  EXPECT_FALSE(*only.begin() == *kb.begin());
  EXPECT_TRUE(sycl::join(std::vector<sycl::kernel_bundle<sycl::bundle_state::object>>{}).empty());  // union of none
}

// use_kernel_bundle with a bundle that lacks the kernel: errc::kernel_not_supported at the
// kernel's invocation, and nothing runs.
TEST(KernelBundle, UseKernelBundleWithoutTheKernelThrows) {
  sycl::queue q;
  auto other_only = sycl::get_kernel_bundle<other_kernel, sycl::bundle_state::executable>(q.get_context());
  int ran = 0;
  {
    sycl::buffer<int> flag(&ran, sycl::range<1>(1));
    weft_test::expect_sycl_error(
        [&] {
          q.submit([&](sycl::handler& cgh) {
            sycl::accessor out(flag, cgh, sycl::write_only);
            cgh.use_kernel_bundle(other_only);
            cgh.single_task<named_kernel>([=] { out[0] = 1; });
          });
        },
        sycl::errc::kernel_not_supported, {"named_kernel", "use_kernel_bundle"});
  }
  EXPECT_EQ(ran, 0);
}

}  // namespace
