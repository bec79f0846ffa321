// Device selection with the CUDA target built in: the GPU and the CPU in one program.
#include "../support/gpu.hpp"

TEST(CudaDevice, CpuSelectorStillFindsTheCpu) {
  sycl::queue q{sycl::cpu_selector_v};
  EXPECT_TRUE(q.get_device().is_cpu());
  std::vector<int> v(1000, 1);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(v.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] += int(i[0]); });
    });
  }
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[i], 1 + i);
}

TEST(CudaDevice, GpuSelectorFindsTheGpuOrThrows) {
  if (!have_gpu()) {
    try {
      sycl::device d{sycl::gpu_selector_v};
      FAIL() << "gpu_selector_v found " << d.get_info<sycl::info::device::name>() << " without a GPU";
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::runtime);
    }
    EXPECT_TRUE(sycl::device{sycl::default_selector_v}.is_cpu());
    return;
  }
  sycl::device d{sycl::gpu_selector_v};
  EXPECT_TRUE(d.is_gpu());
  EXPECT_EQ(d.get_backend(), gpu_backend);
  EXPECT_EQ(d.get_info<sycl::info::device::sub_group_sizes>(), std::vector<std::size_t>{gpu_warp});
  EXPECT_EQ(d.get_info<sycl::info::device::max_work_group_size>(), 1024u);
  EXPECT_GE(d.get_info<sycl::info::device::local_mem_size>(), 48u * 1024);
  EXPECT_TRUE(d.has(sycl::aspect::usm_device_allocations));
  EXPECT_TRUE(d.get_platform().get_info<sycl::info::platform::name>().find(gpu_runtime) != std::string::npos);
  // The default device is the GPU; the CPU is still listed.
  EXPECT_TRUE(sycl::device{sycl::default_selector_v}.is_gpu());
  bool cpu = false, gpu = false;
  for (auto& dev : sycl::device::get_devices()) {
    cpu = cpu || dev.is_cpu();
    gpu = gpu || dev.is_gpu();
  }
  EXPECT_TRUE(cpu && gpu);
  EXPECT_EQ(sycl::platform::get_platforms().size(), 2u);
  std::printf("GPU: %s, %u compute units, %llu MiB, local memory %llu bytes\n",
              d.get_info<sycl::info::device::name>().c_str(), d.get_info<sycl::info::device::max_compute_units>(),
              (unsigned long long)(d.get_info<sycl::info::device::global_mem_size>() >> 20),
              (unsigned long long)d.get_info<sycl::info::device::local_mem_size>());
}
