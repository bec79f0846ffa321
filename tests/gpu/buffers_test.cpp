// Buffers on the GPU: each device gets its own copy of a buffer, and data moves
// between the host and that copy only where the task graph needs it (a command
// reading a copy that is not current), never through managed memory.
#include <numeric>

#include "../support/gpu.hpp"

namespace {

// Whether p is device memory, as the GPU runtime sees it.
bool in_device_memory(const void* p) {
#if defined(__HIP__)
  hipPointerAttribute_t a{};
  if (hipPointerGetAttributes(&a, p) != hipSuccess) {
    (void)hipGetLastError();
    return false;
  }
  return a.memoryType == hipMemoryTypeDevice;
#else
  cudaPointerAttributes a{};
  if (cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return a.type == cudaMemoryTypeDevice;
#endif
}

}  // namespace

// The kernel's accessor points into device memory; the user's array is the
// host copy, brought up to date by a host accessor and by the buffer's
// destruction, not by the kernel.
TEST(CudaBuffers, KernelsUseADeviceCopyAndTheHostSeesItOnlyWhenAsked) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  std::vector<int> v(1 << 16);
  std::iota(v.begin(), v.end(), 0);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(v.size()));
    auto** seen = sycl::malloc_shared<const int*>(1, g.q);  // the kernel reports where its accessor points
    g.q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) {
        a[i] = a[i] * 3 + 1;
        if (i[0] == 0) *seen = a.get_pointer();
      });
    });
    g.q.wait_and_throw();
    const int* device_pointer = *seen;
    EXPECT_TRUE(in_device_memory(device_pointer));
    EXPECT_NE(static_cast<const void*>(device_pointer), static_cast<const void*>(v.data()));
    EXPECT_EQ(v[5], 5) << "the kernel's result reached the host before any host access";
    {
      sycl::host_accessor h{b, sycl::read_only};
      for (std::size_t i = 0; i < v.size(); ++i) ASSERT_EQ(h[i], int(i) * 3 + 1);
    }
    g.q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] += 1; });
    });
    sycl::free(seen, g.q);
  }
  for (std::size_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], int(i) * 3 + 2);
  EXPECT_TRUE(g.errors.empty());
}

// A host write between two GPU kernels: the second kernel sees it (upload),
// the first kernel's results are not lost (download before the host write).
TEST(CudaBuffers, GpuCpuGpuRoundTrip) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  sycl::queue cpu{sycl::cpu_selector_v};
  const std::size_t n = 100000;
  sycl::buffer<float> b{sycl::range<1>(n)};
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = float(i[0]); });
  });
  cpu.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] *= 2.0f; });
  });
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 0.5f; });
  });
  {
    sycl::host_accessor h{b, sycl::read_write};
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], float(i) * 2.0f + 0.5f);
    h[7] = -1.0f;  // a host write the next kernel must see
  }
  sycl::buffer<float> out{sycl::range<1>(1)};
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::read_only};
    sycl::accessor o{out, h, sycl::write_only, sycl::no_init};
    h.single_task([=] { o[0] = a[7]; });
  });
  EXPECT_EQ(sycl::host_accessor(out)[0], -1.0f);
  g.q.wait_and_throw();
  EXPECT_TRUE(g.errors.empty());
}

// Readers on the GPU with no edge between them share one upload.
TEST(CudaBuffers, ConcurrentReadersAndSubBuffers) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  const std::size_t n = 1 << 12;
  std::vector<int> in(n), out1(n), out2(n);
  std::iota(in.begin(), in.end(), 1);
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(n));
    sycl::buffer<int> b1(out1.data(), sycl::range<1>(n)), b2(out2.data(), sycl::range<1>(n));
    for (auto* o : {&b1, &b2})
      g.q.submit([&](sycl::handler& h) {
        sycl::accessor a{bin, h, sycl::read_only};
        sycl::accessor r{*o, h, sycl::write_only, sycl::no_init};
        h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { r[i] = a[i] * 2; });
      });
    // The second half, as a sub-buffer, on the GPU; the host then reads the whole.
    sycl::buffer<int> half(bin, sycl::id<1>(n / 2), sycl::range<1>(n / 2));
    g.q.submit([&](sycl::handler& h) {
      sycl::accessor a{half, h};
      h.parallel_for(sycl::range<1>(n / 2), [=](sycl::id<1> i) { a[i] = -a[i]; });
    });
    sycl::host_accessor all{bin, sycl::read_only};
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(all[i], i < n / 2 ? int(i) + 1 : -(int(i) + 1));
  }
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(out1[i], 2 * (int(i) + 1));
    ASSERT_EQ(out2[i], 2 * (int(i) + 1));
  }
  EXPECT_TRUE(g.errors.empty());
}

// Placeholders, reductions into a buffer, memory commands and host tasks on a
// GPU queue: each sees the latest data wherever it runs.
TEST(CudaBuffers, PlaceholdersReductionsCopiesAndHostTasks) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  const std::size_t n = 5000;
  sycl::buffer<int> b{sycl::range<1>(n)};
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.fill(a, 3);  // a host-side memory command: the host copy becomes current
  });
  sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::device> ph{b};
  g.q.submit([&](sycl::handler& h) {
    h.require(ph);
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { ph[i] += int(i[0]); });
  });
  sycl::buffer<long> sum{sycl::range<1>(1)};
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::read_only};
    auto red = sycl::reduction(sum, h, sycl::plus<long>(), sycl::property::reduction::initialize_to_identity{});
    h.parallel_for(sycl::range<1>(n), red, [=](sycl::id<1> i, auto& s) { s += a[i]; });
  });
  long expected = 3L * long(n) + long(n) * long(n - 1) / 2;
  EXPECT_EQ(sycl::host_accessor(sum)[0], expected);
  std::vector<int> copied(n);
  g.q.submit([&](sycl::handler& h) {
       sycl::accessor a{b, h, sycl::read_only};
       h.copy(a, copied.data());
     })
      .wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(copied[i], 3 + int(i));
  int from_host_task = 0;
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::read_write_host_task};
    h.host_task([=, &from_host_task] {
      from_host_task = a[n - 1];
      a[0] = 1000;
    });
  });
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.single_task([=] { a[1] = a[0] + 1; });
  });
  sycl::host_accessor r{b, sycl::read_only};
  EXPECT_EQ(from_host_task, 3 + int(n) - 1);
  EXPECT_EQ(r[0], 1000);
  EXPECT_EQ(r[1], 1001);
  EXPECT_TRUE(g.errors.empty());
}

// Write-back on destruction follows set_final_data and set_write_back.
TEST(CudaBuffers, FinalDataAndWriteBack) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  std::vector<int> v(256, 1), final_data(256, 0), kept(256, 7);
  auto double_on_gpu = [&](sycl::buffer<int>& b) {
    g.q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(256), [=](sycl::id<1> i) { a[i] = a[i] * 2 + int(i[0]); });
    });
  };
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(256));
    b.set_final_data(final_data.data());
    double_on_gpu(b);
  }
  {
    sycl::buffer<int> b(kept.data(), sycl::range<1>(256));
    b.set_write_back(false);
    double_on_gpu(b);
  }
  for (int i = 0; i < 256; ++i) {
    ASSERT_EQ(final_data[i], 2 + i);
    ASSERT_EQ(kept[i], 7) << "set_write_back(false): the GPU's result must not reach the host";
  }
  EXPECT_TRUE(g.errors.empty());
}

// A scoped kernel with a reduction into a buffer, between two other GPU kernels.
TEST(CudaBuffers, ScopedReductionBetweenKernels) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  const std::size_t groups = 8, group_size = 64, n = groups * group_size;
  sycl::buffer<int> data{sycl::range<1>(n)};
  sycl::buffer<int> sum{sycl::range<1>(1)};
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{data, h, sycl::write_only, sycl::no_init};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = int(i[0]) + 1; });
  });
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{data, h};
    auto red = sycl::reduction(sum, h, sycl::plus<int>(), sycl::property::reduction::initialize_to_identity{});
    h.parallel(sycl::range<1>(groups), sycl::range<1>(group_size), red, [=](auto grp, auto& s) {
      sycl::distribute_items(grp, [&](sycl::s_item<1> idx) {
        s += a[idx.get_global_id(0)];
        a[idx.get_global_id(0)] *= 2;
      });
    });
  });
  g.q.submit([&](sycl::handler& h) {
    sycl::accessor a{data, h};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; });
  });
  EXPECT_EQ(sycl::host_accessor(sum)[0], int(n * (n + 1) / 2));
  sycl::host_accessor r{data, sycl::read_only};
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(r[i], 2 * (int(i) + 1) + 1);
  EXPECT_TRUE(g.errors.empty());
}

// A buffer destroyed inside a host task writes back there and then, before the
// host task goes on (its copy is not left in flight as the host task's work).
TEST(CudaBuffers, BufferDestroyedInsideAHostTask) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  sycl::queue cpu{sycl::cpu_selector_v};
  std::vector<int> v(1 << 20, 1);
  int seen_first = 0, seen_last = 0;
  cpu.submit([&](sycl::handler& h) {
       h.host_task([&] {
         {
           sycl::buffer<int> b(v.data(), sycl::range<1>(v.size()));
           g.q.submit([&](sycl::handler& k) {
             sycl::accessor a{b, k};
             k.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] = 2; });
           });
         }
         seen_first = v.front();
         seen_last = v.back();
       });
     })
      .wait();
  EXPECT_EQ(seen_first, 2);
  EXPECT_EQ(seen_last, 2);
  EXPECT_TRUE(g.errors.empty());
}
