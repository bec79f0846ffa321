// platform, device, context; device information descriptors; selectors.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <sycl/sycl.hpp>
#include <type_traits>
#include <vector>

#include "../support/expect_error.hpp"

namespace {

using weft_test::catch_sycl;

TEST(Platform, EnumeratesTheCpuDevice) {
  auto platforms = sycl::platform::get_platforms();
  ASSERT_FALSE(platforms.empty());
  auto devices = platforms[0].get_devices();
  ASSERT_FALSE(devices.empty());
  EXPECT_TRUE(devices[0].is_cpu());
  EXPECT_EQ(platforms[0].get_devices(sycl::info::device_type::cpu).size(), devices.size());
  EXPECT_TRUE(platforms[0].get_devices(sycl::info::device_type::gpu).empty());
  EXPECT_TRUE(platforms[0].get_devices(sycl::info::device_type::accelerator).empty());
  EXPECT_FALSE(platforms[0].get_info<sycl::info::platform::name>().empty());
  EXPECT_FALSE(platforms[0].get_info<sycl::info::platform::vendor>().empty());
  EXPECT_FALSE(platforms[0].get_info<sycl::info::platform::version>().empty());
  EXPECT_EQ(platforms[0].get_info<sycl::info::platform::profile>(), "FULL_PROFILE");
  EXPECT_TRUE(platforms[0].has(sycl::aspect::cpu));
  EXPECT_FALSE(platforms[0].has(sycl::aspect::gpu));
  EXPECT_EQ(sycl::platform(), platforms[0]);
  EXPECT_EQ(sycl::platform(sycl::cpu_selector_v), platforms[0]);
  EXPECT_EQ(devices[0].get_platform(), platforms[0]);
}

TEST(Device, DefaultIsTheCpu) {
  sycl::device d;
  EXPECT_TRUE(d.is_cpu());
  EXPECT_FALSE(d.is_gpu());
  EXPECT_FALSE(d.is_accelerator());
  // Weft's CPU device is not the removed SYCL 1.2.1 host device.
  EXPECT_FALSE(d.is_host());
  EXPECT_EQ(d, sycl::device(sycl::default_selector_v));
  EXPECT_EQ(d, sycl::device(sycl::cpu_selector_v));
  auto all = sycl::device::get_devices();
  ASSERT_FALSE(all.empty());
  EXPECT_NE(std::find(all.begin(), all.end(), d), all.end());
  EXPECT_EQ(sycl::device::get_devices(sycl::info::device_type::cpu).size(), 1u);
  EXPECT_TRUE(sycl::device::get_devices(sycl::info::device_type::gpu).empty());
  EXPECT_EQ(sycl::device::get_devices(sycl::info::device_type::automatic).size(), 1u);
}

TEST(Device, InfoDescriptors) {
  sycl::device d;
  using namespace sycl::info;
  static_assert(std::is_same_v<decltype(d.get_info<device::name>()), std::string>);
  static_assert(std::is_same_v<decltype(d.get_info<device::max_compute_units>()), std::uint32_t>);
  static_assert(std::is_same_v<decltype(d.get_info<device::max_work_group_size>()), std::size_t>);
  static_assert(std::is_same_v<decltype(d.get_info<device::max_work_item_sizes<3>>()), sycl::range<3>>);
  static_assert(std::is_same_v<decltype(d.get_info<device::sub_group_sizes>()), std::vector<std::size_t>>);
  static_assert(std::is_same_v<decltype(d.get_info<device::local_mem_size>()), std::uint64_t>);
  static_assert(std::is_same_v<decltype(d.get_info<device::global_mem_size>()), std::uint64_t>);
  static_assert(std::is_same_v<decltype(d.get_info<device::aspects>()), std::vector<sycl::aspect>>);

  EXPECT_FALSE(d.get_info<device::name>().empty());
  EXPECT_FALSE(d.get_info<device::vendor>().empty());
  EXPECT_FALSE(d.get_info<device::driver_version>().empty());
  EXPECT_FALSE(d.get_info<device::version>().empty());
  EXPECT_EQ(d.get_info<device::device_type>(), device_type::cpu);
  EXPECT_GE(d.get_info<device::max_compute_units>(), 1u);
  EXPECT_EQ(d.get_info<device::max_compute_units>(), weft::worker_count());
  auto wg = d.get_info<device::max_work_group_size>();
  EXPECT_GE(wg, 1u);
  EXPECT_EQ(d.get_info<device::max_work_item_dimensions>(), 3u);
  auto sizes3 = d.get_info<device::max_work_item_sizes<3>>();
  auto sizes2 = d.get_info<device::max_work_item_sizes<2>>();
  auto sizes1 = d.get_info<device::max_work_item_sizes<1>>();
  for (int i = 0; i < 3; ++i) {
    EXPECT_GE(sizes3[i], 1u);
    EXPECT_LE(sizes3[i], wg);
  }
  EXPECT_GE(sizes2[1], 1u);
  EXPECT_GE(sizes1[0], 1u);
  auto sg = d.get_info<device::sub_group_sizes>();
  ASSERT_FALSE(sg.empty());
  EXPECT_NE(std::find(sg.begin(), sg.end(), std::size_t(WEFT_SUB_GROUP_SIZE)), sg.end());
  EXPECT_NE(std::find(sg.begin(), sg.end(), std::size_t{32}), sg.end()) << "code ported from CUDA asks for 32";
  EXPECT_GE(std::size_t(WEFT_SUB_GROUP_SIZE), 16u)
      << "the seeds' sub-group matmul needs a sub-group size of at least 16";
  EXPECT_EQ(d.get_info<device::local_mem_type>(), local_mem_type::local);
  EXPECT_GT(d.get_info<device::local_mem_size>(), 0u);
  EXPECT_GT(d.get_info<device::global_mem_size>(), d.get_info<device::local_mem_size>());
  EXPECT_GT(d.get_info<device::max_mem_alloc_size>(), 0u);
  auto aspects = d.get_info<device::aspects>();
  for (auto a :
       {sycl::aspect::cpu, sycl::aspect::fp64, sycl::aspect::usm_device_allocations, sycl::aspect::usm_host_allocations,
        sycl::aspect::usm_shared_allocations, sycl::aspect::queue_profiling}) {
    EXPECT_NE(std::find(aspects.begin(), aspects.end(), a), aspects.end()) << "aspect " << static_cast<int>(a);
    EXPECT_TRUE(d.has(a));
  }
  EXPECT_EQ(std::find(aspects.begin(), aspects.end(), sycl::aspect::gpu), aspects.end());
  EXPECT_FALSE(d.has(sycl::aspect::gpu));
  EXPECT_FALSE(d.has(sycl::aspect::accelerator));
  EXPECT_EQ(d.get_info<device::platform>(), d.get_platform());
  EXPECT_TRUE(d.get_info<device::is_available>());
  EXPECT_TRUE(d.get_info<device::queue_profiling>());
  EXPECT_TRUE(d.get_info<device::is_endian_little>());
  EXPECT_EQ(d.get_info<device::address_bits>(), 64u);
}

TEST(Selector, Sycl2020Selectors) {
  EXPECT_TRUE(sycl::device(sycl::default_selector_v).is_cpu());
  EXPECT_TRUE(sycl::device(sycl::cpu_selector_v).is_cpu());
  EXPECT_TRUE(sycl::queue(sycl::cpu_selector_v).get_device().is_cpu());
  // A user-written callable selector.
  auto mine = [](const sycl::device& d) { return d.is_cpu() ? 7 : -1; };
  EXPECT_TRUE(sycl::device(mine).is_cpu());
  EXPECT_TRUE(sycl::queue(mine).get_device().is_cpu());
}

TEST(Selector, NoMatchThrowsRuntimeWithUsefulMessage) {
  for (auto make : std::vector<void (*)()>{
           [] { sycl::device d(sycl::gpu_selector_v); },
           [] { sycl::device d(sycl::accelerator_selector_v); },
           [] { sycl::queue q(sycl::gpu_selector_v); },
           [] { sycl::platform p(sycl::accelerator_selector_v); },
           [] { sycl::device d([](const sycl::device&) { return -1; }); },
       }) {
    auto e = catch_sycl(make);
    EXPECT_EQ(e.code(), sycl::errc::runtime);
    std::string what = e.what();
    EXPECT_NE(what.find("no device"), std::string::npos) << what;
    // The message names what exists so the user can pick another selector.
    EXPECT_NE(what.find(sycl::device().get_info<sycl::info::device::name>()), std::string::npos) << what;
  }
}

TEST(Selector, AspectSelector) {
  EXPECT_TRUE(sycl::device(sycl::aspect_selector(std::vector<sycl::aspect>{sycl::aspect::cpu})).is_cpu());
  EXPECT_TRUE(sycl::device(sycl::aspect_selector(sycl::aspect::cpu, sycl::aspect::fp64)).is_cpu());
  EXPECT_TRUE(sycl::device(sycl::aspect_selector<sycl::aspect::usm_shared_allocations>()).is_cpu());
  EXPECT_TRUE(sycl::device(sycl::aspect_selector({sycl::aspect::fp64}, {sycl::aspect::gpu})).is_cpu());
  EXPECT_EQ(catch_sycl([] { sycl::device d(sycl::aspect_selector(sycl::aspect::gpu)); }).code(), sycl::errc::runtime);
  EXPECT_EQ(catch_sycl([] { sycl::device d(sycl::aspect_selector({sycl::aspect::fp64}, {sycl::aspect::cpu})); }).code(),
            sycl::errc::runtime);
  EXPECT_EQ(catch_sycl([] { sycl::queue q(sycl::aspect_selector<sycl::aspect::accelerator>()); }).code(),
            sycl::errc::runtime);
}

TEST(Selector, Sycl121SelectorClasses) {
  sycl::default_selector def;
  sycl::cpu_selector cpu;
  sycl::host_selector host;
  sycl::gpu_selector gpu;
  sycl::accelerator_selector acc;
  EXPECT_TRUE(def.select_device().is_cpu());
  EXPECT_TRUE(cpu.select_device().is_cpu());
  EXPECT_TRUE(host.select_device().is_cpu());
  EXPECT_GT(cpu(sycl::device()), 0);
  EXPECT_LT(gpu(sycl::device()), 0);
  EXPECT_EQ(catch_sycl([&] { gpu.select_device(); }).code(), sycl::errc::runtime);
  EXPECT_EQ(catch_sycl([&] { acc.select_device(); }).code(), sycl::errc::runtime);
  // Through the base class, as 1.2.1 code passes them around.
  const sycl::device_selector& base = cpu;
  EXPECT_TRUE(base.select_device().is_cpu());
  EXPECT_TRUE(sycl::queue(def).get_device().is_cpu());
  EXPECT_TRUE(sycl::queue(cpu).get_device().is_cpu());
  EXPECT_TRUE(sycl::device(host).is_cpu());
  EXPECT_EQ(catch_sycl([&] { sycl::queue q(gpu); }).code(), sycl::errc::runtime);

  // A user-derived 1.2.1 selector.
  struct picky : sycl::device_selector {
    int operator()(const sycl::device& d) const override {
      return d.get_info<sycl::info::device::device_type>() == sycl::info::device_type::cpu ? 1 : -1;
    }
  };
  EXPECT_TRUE(picky{}.select_device().is_cpu());
  EXPECT_TRUE(sycl::queue(picky{}).get_device().is_cpu());
}

TEST(Context, Construction) {
  sycl::device d;
  sycl::context a;
  sycl::context b(d);
  sycl::context c(d.get_platform());
  sycl::context e(std::vector<sycl::device>{d});
  for (auto* ctx : {&a, &b, &c, &e}) {
    ASSERT_EQ(ctx->get_devices().size(), 1u);
    EXPECT_EQ(ctx->get_devices()[0], d);
    EXPECT_EQ(ctx->get_platform(), d.get_platform());
    EXPECT_EQ(ctx->get_info<sycl::info::context::devices>().size(), 1u);
    EXPECT_EQ(ctx->get_info<sycl::info::context::platform>(), d.get_platform());
  }
  EXPECT_NE(a, b);  // distinct contexts
  sycl::context copy = a;
  EXPECT_EQ(copy, a);
  EXPECT_FALSE(a.get_info<sycl::info::context::atomic_memory_order_capabilities>().empty());
  auto e2 = catch_sycl([] { sycl::context bad(std::vector<sycl::device>{}); });
  EXPECT_EQ(e2.code(), sycl::errc::invalid);
}

TEST(Context, QueueUsesGivenContextAndRejectsForeignDevice) {
  sycl::context ctx;
  sycl::queue q(ctx, sycl::device());
  EXPECT_EQ(q.get_context(), ctx);
  EXPECT_EQ(q.get_device(), sycl::device());
  EXPECT_EQ(q.get_info<sycl::info::queue::context>(), ctx);
  EXPECT_EQ(q.get_info<sycl::info::queue::device>(), sycl::device());
  sycl::queue q2(ctx, sycl::cpu_selector_v);
  EXPECT_EQ(q2.get_context(), ctx);
  EXPECT_TRUE(q2.get_device().is_cpu());
}

TEST(Backend, HostEverywhere) {
  sycl::queue q;
  EXPECT_EQ(q.get_backend(), sycl::device().get_backend());
  EXPECT_EQ(q.get_context().get_backend(), sycl::device().get_backend());
  EXPECT_EQ(sycl::platform().get_backend(), sycl::device().get_backend());
}

}  // namespace
