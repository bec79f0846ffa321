// Kernels on the GPU: range, nd_range and single_task forms, buffers and the
// task graph across devices, user functions called from kernels.
#include "../support/gpu.hpp"

// User functions a kernel calls: SYCL_EXTERNAL (host+device in CUDA builds) or constexpr.
SYCL_EXTERNAL int user_square(int x) { return x * x; }
constexpr int user_cube(int x) { return x * x * x; }
struct user_functor {
  int k;
  SYCL_EXTERNAL int operator()(int x) const { return k * x; }
};

// First in this program, before any device query: the buffer must still get
// storage the GPU reaches (the seed local_memory_reduction does this).
TEST(CudaKernels, BufferBeforeAnyDeviceQuery) {
  WEFT_REQUIRE_GPU();
  std::vector<int> v(4096, 2);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(v.size()));
    sycl::queue q{sycl::gpu_selector_v};
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] *= 21; });
    });
    q.wait_and_throw();
  }
  for (int x : v) ASSERT_EQ(x, 42);
}

TEST(CudaKernels, Range2dAnd3dWithItems) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  auto& q = g.q;
  const sycl::range<2> r2(37, 53);
  const sycl::range<3> r3(5, 7, 9);
  std::vector<std::size_t> a(r2.size()), b(r3.size());
  {
    sycl::buffer<std::size_t, 2> ba(a.data(), r2);
    sycl::buffer<std::size_t, 3> bb(b.data(), r3);
    q.submit([&](sycl::handler& h) {
      sycl::accessor acc{ba, h, sycl::write_only};
      h.parallel_for(
          r2, [=](sycl::item<2> it) { acc[it] = it.get_id(0) * 1000 + it.get_id(1) + it.get_linear_id() * 1000000; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor acc{bb, h, sycl::write_only};
      h.parallel_for(r3, [=](sycl::item<3> it) { acc[it.get_id()] = it[0] * 10000 + it[1] * 100 + it[2]; });
    });
  }
  for (std::size_t i = 0; i < r2[0]; ++i)
    for (std::size_t j = 0; j < r2[1]; ++j) ASSERT_EQ(a[i * r2[1] + j], i * 1000 + j + (i * r2[1] + j) * 1000000);
  for (std::size_t i = 0; i < r3[0]; ++i)
    for (std::size_t j = 0; j < r3[1]; ++j)
      for (std::size_t k = 0; k < r3[2]; ++k) ASSERT_EQ(b[(i * r3[1] + j) * r3[2] + k], i * 10000 + j * 100 + k);
  EXPECT_TRUE(g.errors.empty());
}

TEST(CudaKernels, OffsetAndSingleTask) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  auto& q = g.q;
  int* d = sycl::malloc_shared<int>(100, q);
  for (int i = 0; i < 100; ++i) d[i] = -1;
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::range<1>(50), sycl::id<1>(25),
                    [=](sycl::item<1> it) { d[it.get_id(0)] = int(it.get_id(0)); });
   }).wait();
  q.single_task([=] { d[0] = user_square(7) + user_cube(2) + user_functor{3}(5); }).wait();
  EXPECT_EQ(d[0], 49 + 8 + 15);
  for (int i = 1; i < 100; ++i) ASSERT_EQ(d[i], i >= 25 && i < 75 ? i : -1) << i;
  sycl::free(d, q);
}

TEST(CudaKernels, TaskGraphAcrossGpuAndCpu) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  sycl::queue cpu{sycl::cpu_selector_v};
  constexpr std::size_t n = 1 << 16;
  std::vector<int> v(n, 1);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(n));
    for (int round = 0; round < 3; ++round) {
      g.q.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = a[i] * 2 + 1; });
      });
      cpu.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += int(i[0] % 3); });
      });
    }
    sycl::host_accessor h{b, sycl::read_only};
    int expect0 = 1;
    for (int round = 0; round < 3; ++round) expect0 = expect0 * 2 + 1;
    EXPECT_EQ(h[0], expect0);
  }
  for (std::size_t i = 0; i < n; ++i) {
    int e = 1;
    for (int round = 0; round < 3; ++round) e = (e * 2 + 1) + int(i % 3);
    ASSERT_EQ(v[i], e) << i;
  }
}

TEST(CudaKernels, NdRangeIdsAndBarrier) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  auto& q = g.q;
  const sycl::range<2> global(64, 96), local(4, 32);
  std::size_t* ids = sycl::malloc_shared<std::size_t>(global.size() * 4, q);
  int* flags = sycl::malloc_shared<int>(global.size(), q);
  q.parallel_for(sycl::nd_range<2>(global, local), [=](sycl::nd_item<2> it) {
     const std::size_t gl = it.get_global_linear_id();
     ids[gl * 4 + 0] = it.get_global_id(0) * 1000 + it.get_global_id(1);
     ids[gl * 4 + 1] = it.get_local_id(0) * 1000 + it.get_local_id(1);
     ids[gl * 4 + 2] = it.get_group(0) * 1000 + it.get_group(1);
     ids[gl * 4 + 3] = it.get_local_linear_id();
     flags[gl] = 1;
     it.barrier(sycl::access::fence_space::global_space);
     // After the barrier every item of the group sees its neighbours' flags.
     const std::size_t mirror =
         (it.get_group(0) * 4 + (3 - it.get_local_id(0))) * 96 + it.get_group(1) * 32 + (31 - it.get_local_id(1));
     if (flags[mirror] != 1) flags[gl] = 2;
   }).wait();
  for (std::size_t i = 0; i < global[0]; ++i)
    for (std::size_t j = 0; j < global[1]; ++j) {
      const std::size_t gl = i * global[1] + j;
      ASSERT_EQ(ids[gl * 4 + 0], i * 1000 + j);
      ASSERT_EQ(ids[gl * 4 + 1], (i % 4) * 1000 + j % 32);
      ASSERT_EQ(ids[gl * 4 + 2], (i / 4) * 1000 + j / 32);
      ASSERT_EQ(ids[gl * 4 + 3], (i % 4) * 32 + j % 32);
      ASSERT_EQ(flags[gl], 1);
    }
  sycl::free(ids, q);
  sycl::free(flags, q);
  EXPECT_TRUE(g.errors.empty());
}

// More local memory than a GPU block can have: errc::memory_allocation naming
// what asked for it; an nd_range kernel is refused at submission (its checks
// know the device), a scoped kernel when it is launched (asynchronously).
TEST(CudaKernels, TooMuchLocalMemoryIsReported) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  constexpr std::size_t too_many = 1 << 20;  // 4 MiB of ints per work group
  int* d = sycl::malloc_device<int>(64, g.q);
  try {
    g.q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int, 1> tile(sycl::range<1>(too_many), h);
      h.parallel_for(sycl::nd_range<1>(64, 64), [=](sycl::nd_item<1> it) { d[it.get_global_id(0)] = tile[0]; });
    });
    ADD_FAILURE() << "an nd_range kernel asking for 4 MiB of local memory was accepted";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::memory_allocation) << e.what();
    EXPECT_NE(std::string(e.what()).find("local accessors"), std::string::npos) << e.what();
  }
  g.q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> tile(sycl::range<1>(too_many), h);
    h.parallel(sycl::range<1>(1), sycl::range<1>(64), [=](auto grp) {
      sycl::distribute_items(grp, [&](sycl::s_item<1> idx) { d[idx.get_global_id(0)] = tile[0]; });
    });
  });
  {
    const sycl::exception e = the_async_error(g);
    EXPECT_EQ(e.code(), sycl::errc::memory_allocation) << e.what();
    EXPECT_NE(std::string(e.what()).find("parallel(): local accessors"), std::string::npos) << e.what();
  }
  sycl::free(d, g.q);
}

// A device_global is a host object, which a GPU kernel cannot reach (docs/extensions.md):
// copies to and from it on a GPU queue are errc::feature_not_supported; a CPU queue's work.
sycl::ext::oneapi::experimental::device_global<int> gpu_unreachable;
TEST(CudaKernels, DeviceGlobalCopiesOnAGpuQueueAreNotSupported) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v};
  const int v = 5;
  int got = 0;
  for (int dir = 0; dir < 2; ++dir) {
    try {
      if (dir == 0) q.copy(&v, gpu_unreachable);
      else q.memcpy(&got, gpu_unreachable);
      ADD_FAILURE() << "a device_global copy on the GPU was accepted";
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::feature_not_supported) << e.what();
      EXPECT_NE(std::string(e.what()).find("device_global"), std::string::npos) << e.what();
    }
  }
  sycl::queue cpu{sycl::cpu_selector_v};
  cpu.copy(&v, gpu_unreachable).wait();
  cpu.copy(gpu_unreachable, &got).wait();
  EXPECT_EQ(got, 5);
}
