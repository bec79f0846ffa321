// SYCL 1.2.1 source compatibility: <CL/sycl.hpp>, cl::sycl, and the 1.2.1
// spellings that 1.2.1-era programs use.
#include <CL/sycl.hpp>
#include <gtest/gtest.h>

#include <numeric>
#include <type_traits>
#include <vector>

// The idiom of 1.2.1-era programs (and of the seeds), at global scope.
namespace sycl = cl::sycl;

namespace {

static_assert(std::is_same_v<cl::sycl::queue, sycl::queue>);
static_assert(std::is_same_v<cl::sycl::buffer<int, 1>, ::sycl::buffer<int, 1>>);
static_assert(cl::sycl::access::target::global_buffer == cl::sycl::access::target::device);
static_assert(std::is_same_v<cl::sycl::access::mode, cl::sycl::access_mode>);

class vector_add;  // a 1.2.1 kernel name declared up front

TEST(Compat, VectorAddThe121Way) {
  constexpr size_t n = 1000;
  std::vector<float> a(n), b(n), c(n, 0.f);
  std::iota(a.begin(), a.end(), 0.f);
  std::iota(b.begin(), b.end(), 1.f);
  {
    cl::sycl::default_selector selector;
    cl::sycl::queue q(selector, [](cl::sycl::exception_list el) {
      for (auto ex : el) std::rethrow_exception(ex);
    });
    cl::sycl::buffer<float, 1> ba(a.data(), cl::sycl::range<1>(n));
    cl::sycl::buffer<float, 1> bb(b.data(), cl::sycl::range<1>(n));
    cl::sycl::buffer<float, 1> bc(c.data(), cl::sycl::range<1>(n));
    q.submit([&](cl::sycl::handler& cgh) {
      auto ra = ba.get_access<cl::sycl::access::mode::read>(cgh);
      auto rb = bb.get_access<cl::sycl::access::mode::read>(cgh);
      auto wc = bc.get_access<cl::sycl::access::mode::discard_write>(cgh);
      cgh.parallel_for<vector_add>(cl::sycl::range<1>(n), [=](cl::sycl::id<1> i) { wc[i] = ra[i] + rb[i]; });
    });
    q.wait_and_throw();
  }
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(c[i], 2.f * i + 1.f);
}

TEST(Compat, HostAccessorAndExplicitTypes) {
  sycl::queue q(sycl::cpu_selector{});
  sycl::buffer<int, 2> buf(sycl::range<2>(4, 4));
  q.submit([&](sycl::handler& cgh) {
    sycl::accessor<int, 2, sycl::access::mode::write, sycl::access::target::global_buffer> acc(buf, cgh);
    cgh.parallel_for<class fill2d>(sycl::range<2>(4, 4), [=](sycl::item<2> it) { acc[it] = int(it.get_linear_id()); });
  });
  {
    auto h = buf.get_access<sycl::access::mode::read>();
    static_assert(std::is_same_v<decltype(h),
                                 sycl::accessor<int, 2, sycl::access::mode::read, sycl::access::target::host_buffer>>);
    EXPECT_EQ(h[3][3], 15);
    EXPECT_EQ(h[sycl::id<2>(1, 2)], 6);
  }
  {
    sycl::accessor<int, 2, sycl::access::mode::read_write, sycl::access::target::host_buffer> h(buf);
    h[0][0] = 100;
  }
  auto h = buf.get_access<sycl::access::mode::read>();
  EXPECT_EQ(h[0][0], 100);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST(Compat, DeprecatedButWorking) {
  sycl::device d = sycl::default_selector{}.select_device();
  EXPECT_FALSE(d.is_host());
  // The same device as SYCL 2020's default selector: the GPU where there is one, else the CPU.
  EXPECT_TRUE(d == sycl::device{sycl::default_selector_v});
  auto has_local_mem =
      d.is_host() || (d.get_info<sycl::info::device::local_mem_type>() != sycl::info::local_mem_type::none);
  EXPECT_TRUE(has_local_mem);
  // The seeds' form: a device and an async handler lambda.
  sycl::queue q(d, [](sycl::exception_list el) {
    for (auto ex : el) std::rethrow_exception(ex);
  });
  EXPECT_FALSE(q.is_host());
  EXPECT_FALSE(q.get_device().get_platform().is_host());
  EXPECT_TRUE(sycl::host_selector{}.select_device().is_cpu());
  sycl::buffer<double, 1> b(sycl::range<1>(8));
  EXPECT_EQ(b.get_count(), 8u);
  EXPECT_EQ(b.get_size(), 8 * sizeof(double));
  q.submit([&](sycl::handler& cgh) {
    auto acc = b.get_access<sycl::access::mode::discard_read_write>(cgh);
    EXPECT_EQ(acc.get_count(), 8u);
    EXPECT_EQ(acc.get_size(), 8 * sizeof(double));
    cgh.parallel_for<class offset_kernel>(sycl::range<1>(4), sycl::id<1>(4),
                                          [=](sycl::item<1> it) { acc[it.get_id()] = double(it.get_offset()[0]); });
  });
  auto h = b.get_access<sycl::access::mode::read>();
  EXPECT_EQ(h[4], 4.0);
  EXPECT_EQ(h[7], 4.0);
}
#pragma GCC diagnostic pop

TEST(Compat, OneTwoOneEnumsAndTypes) {
  // Names 1.2.1 programs spell out.
  [[maybe_unused]] cl::sycl::access::fence_space fs = cl::sycl::access::fence_space::local_space;
  [[maybe_unused]] cl::sycl::access::placeholder ph = cl::sycl::access::placeholder::true_t;
  [[maybe_unused]] cl::sycl::access::address_space as = cl::sycl::access::address_space::global_space;
  EXPECT_EQ(sycl::device{sycl::default_selector_v}.get_info<cl::sycl::info::device::device_type>(),
            sycl::device().get_info<cl::sycl::info::device::device_type>());
  EXPECT_EQ(cl::sycl::info::device_type::cpu,
            sycl::device{sycl::cpu_selector_v}.get_info<cl::sycl::info::device::device_type>());
  cl::sycl::nd_range<2> ndr(cl::sycl::range<2>(8, 8), cl::sycl::range<2>(4, 4));
  EXPECT_EQ(ndr.get_group_range(), cl::sycl::range<2>(2, 2));
  cl::sycl::platform p = cl::sycl::platform::get_platforms().at(0);
  EXPECT_FALSE(p.get_info<cl::sycl::info::platform::name>().empty());
  // The 1.2.1 gpu_selector finds the GPU where the runtime lists one, else throws errc::runtime.
  const bool gpu_listed = !cl::sycl::device::get_devices(cl::sycl::info::device_type::gpu).empty();
  try {
    cl::sycl::device d = cl::sycl::gpu_selector{}.select_device();
    EXPECT_TRUE(gpu_listed) << "a GPU was selected where the runtime lists none";
    EXPECT_TRUE(d.is_gpu());
  } catch (const cl::sycl::exception& e) {
    EXPECT_FALSE(gpu_listed) << "gpu_selector threw although the runtime lists a GPU: " << e.what();
    EXPECT_EQ(e.code(), cl::sycl::errc::runtime);
  }
}

TEST(Compat, Placeholder121Style) {
  std::vector<int> v(16, 1);
  {
    sycl::buffer<int, 1> b(v.data(), sycl::range<1>(16));
    sycl::accessor<int, 1, sycl::access::mode::read_write, sycl::access::target::global_buffer,
                   sycl::access::placeholder::true_t>
        acc(b);
    sycl::queue q;
    q.submit([&](sycl::handler& cgh) {
      cgh.require(acc);
      cgh.parallel_for<class ph_kernel>(sycl::range<1>(16), [=](sycl::id<1> i) { acc[i] += 1; });
    });
  }
  EXPECT_EQ(v[15], 2);
}

}  // namespace
