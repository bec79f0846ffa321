// SYCL 2020 kernel attributes (section 5.8.1) taking effect with clang 22 and Weft's
// plugins (src/compiler/kernel_attributes*.cpp): the handler checks them at
// submission as it checks the kernel properties. Without the front-end plugin (g++,
// other clangs) the attributes have no effect and these tests skip.
#include <gtest/gtest.h>

#include <algorithm>
#include <sycl/sycl.hpp>

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wattributes"  // g++ warns on [[sycl::...]] and [[intel::...]]
#endif

namespace {

#ifdef __WEFT_KERNEL_ATTRIBUTES__
#define REQUIRE_ATTRIBUTES() (void)0
#else
#define REQUIRE_ATTRIBUTES() GTEST_SKIP() << "kernel attributes need clang 22 with Weft's plugins"
#endif

template <typename Submit>
sycl::errc error_of(Submit submit) {
  try {
    submit();
  } catch (const sycl::exception& e) {
    return static_cast<sycl::errc>(e.code().value());
  }
  return sycl::errc::success;
}

struct WorkGroupFunctor {
  [[sycl::reqd_work_group_size(8)]] void operator()(sycl::nd_item<1>) const {}
};
template <std::size_t N>
struct SubGroupFunctor {
  [[sycl::reqd_sub_group_size(N)]] void operator()(sycl::nd_item<1>) const {}
};

TEST(KernelAttributes, ValuesReachTheHandler) {
  REQUIRE_ATTRIBUTES();
  auto k = [](sycl::nd_item<2>) [[sycl::reqd_work_group_size(4, 2)]] [[sycl::work_group_size_hint(2, 2)]] {};
  const auto a = weft::detail::kernel_attributes_of<decltype(k), sycl::nd_item<2>>();
  EXPECT_EQ(a.reqd_work_group_dims, 2u);
  EXPECT_EQ(a.reqd_work_group_size[0], 4u);
  EXPECT_EQ(a.reqd_work_group_size[1], 2u);
  EXPECT_EQ(a.work_group_size_hint_dims, 2u);
  const auto f = weft::detail::kernel_attributes_of<SubGroupFunctor<16>, sycl::nd_item<1>>();
  EXPECT_EQ(f.reqd_sub_group_size, 16u);
  auto plain = [](sycl::nd_item<1>) {};
  const auto none = weft::detail::kernel_attributes_of<decltype(plain), sycl::nd_item<1>>();
  EXPECT_EQ(none.reqd_work_group_dims + none.reqd_sub_group_size + none.aspect_count, 0u);
}

TEST(KernelAttributes, RequiredWorkGroupSizeMustMatchTheLocalRange) {
  REQUIRE_ATTRIBUTES();
  sycl::queue q;
  EXPECT_EQ(error_of([&] {
              q.parallel_for(sycl::nd_range<1>(16, 4), [](sycl::nd_item<1>) [[sycl::reqd_work_group_size(8)]] {});
            }),
            sycl::errc::nd_range);
  EXPECT_EQ(error_of([&] { q.parallel_for(sycl::nd_range<1>(16, 4), WorkGroupFunctor{}); }), sycl::errc::nd_range);
  EXPECT_EQ(error_of([&] {
              q.parallel_for(sycl::nd_range<1>(16, 8), [](sycl::nd_item<1>) [[sycl::reqd_work_group_size(8)]] {});
              q.wait();
            }),
            sycl::errc::success);
  EXPECT_EQ(error_of([&] {
              q.parallel_for(sycl::nd_range<1>(16, 8), WorkGroupFunctor{});
              q.wait();
            }),
            sycl::errc::success);
}

TEST(KernelAttributes, UnsupportedSizesThrowKernelNotSupported) {
  REQUIRE_ATTRIBUTES();
  sycl::queue q;
  EXPECT_EQ(error_of([&] {
              q.parallel_for(sycl::nd_range<1>(4099, 4099),
                             [](sycl::nd_item<1>) [[sycl::reqd_work_group_size(4099)]] {});
            }),
            sycl::errc::kernel_not_supported);
  EXPECT_EQ(error_of([&] {
              q.parallel_for(sycl::nd_range<1>(16, 8), [](sycl::nd_item<1>) [[sycl::reqd_sub_group_size(4099)]] {});
            }),
            sycl::errc::kernel_not_supported);
  EXPECT_EQ(error_of([&] { q.parallel_for(sycl::nd_range<1>(16, 8), SubGroupFunctor<4099>{}); }),
            sycl::errc::kernel_not_supported);
}

// Hierarchical kernels: the attributes on the work-group function are checked first,
// before the work-group size's own checks (a size the device lacks is the kernel's
// requirement, not a bad launch).
TEST(KernelAttributes, HierarchicalKernelsCheckThemToo) {
  REQUIRE_ATTRIBUTES();
  sycl::queue q;
  auto submit = [&](auto group_size, auto kernel) {
    return error_of([&] {
      q.submit([&](sycl::handler& h) { h.parallel_for_work_group(sycl::range<1>(2), group_size, kernel); });
      q.wait();
    });
  };
  EXPECT_EQ(submit(sycl::range<1>(4099), [](sycl::group<1>) [[sycl::reqd_work_group_size(4099)]] {}),
            sycl::errc::kernel_not_supported);
  EXPECT_EQ(submit(sycl::range<1>(8), [](sycl::group<1>) [[sycl::reqd_sub_group_size(4099)]] {}),
            sycl::errc::kernel_not_supported);
  EXPECT_EQ(submit(sycl::range<1>(4), [](sycl::group<1>) [[sycl::reqd_work_group_size(8)]] {}), sycl::errc::nd_range);
  int* ran = sycl::malloc_shared<int>(1, q);
  *ran = 0;
  EXPECT_EQ(submit(sycl::range<1>(8),
                   [ran](sycl::group<1>) [[sycl::reqd_work_group_size(8)]] {
                     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*ran)++;
                   }),
            sycl::errc::success);
  EXPECT_EQ(*ran, 2);
  sycl::free(ran, q);
}

TEST(KernelAttributes, DeviceHasAMissingAspectThrows) {
  REQUIRE_ATTRIBUTES();
  sycl::queue q;
  ASSERT_FALSE(q.get_device().has(sycl::aspect::gpu));
  EXPECT_EQ(error_of([&] { q.single_task([]() [[sycl::device_has(sycl::aspect::gpu)]] {}); }),
            sycl::errc::kernel_not_supported);
  EXPECT_EQ(error_of([&] {
              q.parallel_for(sycl::range<1>(4), [](sycl::item<1>) [[sycl::device_has(sycl::aspect::cpu)]] {});
              q.wait();
            }),
            sycl::errc::success);
}

template <std::size_t N>
struct ReportSubGroupSize {
  sycl::accessor<std::size_t, 1, sycl::access_mode::write> out;
  [[sycl::reqd_sub_group_size(N)]] void operator()(sycl::nd_item<1> it) const {
    if (it.get_global_linear_id() == 0) out[0] = it.get_sub_group().get_max_local_range()[0];
  }
};

template <std::size_t N>
std::size_t launched_sub_group_size(sycl::queue& q) {
  std::size_t seen = 0;
  {
    sycl::buffer<std::size_t> out(&seen, 1);
    q.submit([&](sycl::handler& h) {
      h.parallel_for(sycl::nd_range<1>(64, 64), ReportSubGroupSize<N>{sycl::accessor(out, h, sycl::write_only)});
    });
  }
  return seen;
}

// The launch runs the kernel with the sub-group size it requires: each size the
// device offers among 4..64 once (the CPU's default is 16, so the others show it).
TEST(KernelAttributes, RequiredSubGroupSizeIsTheLaunchsSubGroupSize) {
  REQUIRE_ATTRIBUTES();
  sycl::queue q;
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  auto supported = [&](std::size_t n) { return std::find(sizes.begin(), sizes.end(), n) != sizes.end(); };
  if (supported(4)) {
    EXPECT_EQ(launched_sub_group_size<4>(q), 4u);
  }
  if (supported(8)) {
    EXPECT_EQ(launched_sub_group_size<8>(q), 8u);
  }
  if (supported(16)) {
    EXPECT_EQ(launched_sub_group_size<16>(q), 16u);
  }
  if (supported(32)) {
    EXPECT_EQ(launched_sub_group_size<32>(q), 32u);
  }
  if (supported(64)) {
    EXPECT_EQ(launched_sub_group_size<64>(q), 64u);
  }
}

// DPC++'s spellings: [[intel::reqd_sub_group_size(N)]] is SYCL 2020's attribute
// (and sets the launch's sub-group size); its other kernel attributes compile
// without a warning and change nothing (the pass names them in a remark).
TEST(KernelAttributes, IntelSpellingsOfDpcpp) {
  REQUIRE_ATTRIBUTES();
  auto k = [](sycl::nd_item<1>) [[intel::reqd_sub_group_size(8)]] [[intel::reqd_work_group_size(32)]] {};
  const auto a = weft::detail::kernel_attributes_of<decltype(k), sycl::nd_item<1>>();
  EXPECT_EQ(a.reqd_sub_group_size, 8u);
  EXPECT_EQ(a.reqd_work_group_dims, 1u);
  EXPECT_EQ(a.reqd_work_group_size[0], 32u);
  sycl::queue q;
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  if (std::find(sizes.begin(), sizes.end(), 8) != sizes.end()) {
    std::size_t* seen = sycl::malloc_shared<std::size_t>(1, q);
    q.parallel_for(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) [[intel::reqd_sub_group_size(8)]] {
       if (it.get_global_linear_id() == 0) *seen = it.get_sub_group().get_max_local_range()[0];
     }).wait();
    EXPECT_EQ(*seen, 8u);
    sycl::free(seen, q);
  }
  int* out = sycl::malloc_shared<int>(64, q);
  q.parallel_for(
       sycl::nd_range<1>(64, 16),
       [=](sycl::nd_item<1> it)
           [[intel::kernel_args_restrict]] [[intel::num_simd_work_items(4),
                                             intel::max_work_group_size(1, 1, 64)]] [[intel::named_sub_group_size(
               primary)]] { out[it.get_global_linear_id()] = 2; })
      .wait();
  EXPECT_EQ(std::count(out, out + 64, 2), 64);
  sycl::free(out, q);
  const auto none = weft::detail::kernel_attributes_of<decltype(k), sycl::nd_item<1>>();
  EXPECT_EQ(none.aspect_count, 0u);
}

class needs_sub_group_12;
class needs_sub_group_32;
class needs_a_gpu;
class needs_nothing;

// Named kernels' attributes are known before they run: is_compatible and the kernel's
// info queries answer from them (the submissions below are never run, only compiled).
TEST(KernelAttributes, IsCompatibleAndKernelInfoSeeThem) {
  REQUIRE_ATTRIBUTES();
  sycl::queue q;
  const sycl::device d = q.get_device();
  if (d.get_info<sycl::info::device::sub_group_sizes>().size() == 0) GTEST_SKIP();
  if (false) {  // instantiates the submissions, which register the names and attributes
    q.parallel_for<needs_sub_group_12>(sycl::nd_range<1>(16, 16),
                                       [](sycl::nd_item<1>) [[sycl::reqd_sub_group_size(12)]] {});
    q.parallel_for<needs_sub_group_32>(sycl::nd_range<1>(32, 32),
                                       [](sycl::nd_item<1>) [[sycl::reqd_sub_group_size(32)]] {});
    q.single_task<needs_a_gpu>([]() [[sycl::device_has(sycl::aspect::gpu)]] {});
    q.single_task<needs_nothing>([] {});
  }
  EXPECT_FALSE(sycl::is_compatible<needs_sub_group_12>(d));
  EXPECT_TRUE(sycl::is_compatible<needs_sub_group_32>(d));
  EXPECT_FALSE(sycl::is_compatible<needs_a_gpu>(d));
  EXPECT_TRUE(sycl::is_compatible<needs_nothing>(d));
  const auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  namespace kds = sycl::info::kernel_device_specific;
  const sycl::kernel k32 = bundle.get_kernel<needs_sub_group_32>();
  EXPECT_EQ(k32.get_info<kds::compile_sub_group_size>(d), 32u);
  EXPECT_EQ(k32.get_info<kds::max_sub_group_size>(d), 32u);
  EXPECT_EQ(bundle.get_kernel<needs_nothing>().get_info<kds::compile_sub_group_size>(d), 0u);
  // A bundle of the program's kernels holds those compatible with its devices only, and
  // one asked for an incompatible kernel is an error (SYCL 2020 4.11.7).
  EXPECT_FALSE(bundle.has_kernel<needs_a_gpu>());
  EXPECT_FALSE(bundle.has_kernel<needs_sub_group_12>(d));
  EXPECT_TRUE(bundle.has_kernel<needs_nothing>(d));
  const auto ids = bundle.get_kernel_ids();
  EXPECT_EQ(std::count(ids.begin(), ids.end(), sycl::get_kernel_id<needs_a_gpu>()), 0);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), sycl::get_kernel_id<needs_nothing>()), 1);
  EXPECT_EQ(error_of([&] { sycl::get_kernel_bundle<needs_a_gpu, sycl::bundle_state::executable>(q.get_context()); }),
            sycl::errc::invalid);
}

}  // namespace
