// A kernel that faults on the GPU (its own program: the CUDA context is lost
// afterwards): the error reaches the queue's async handler as
// sycl::exception(errc::runtime), the commands queued behind it on the GPU and
// on the host complete, and nothing hangs.
#include "../support/gpu.hpp"

TEST(CudaFault, KernelFaultReachesTheAsyncHandler) {
  WEFT_REQUIRE_GPU();
  gpu_queue g;
  sycl::queue in_order{sycl::gpu_selector_v,
                       [&](sycl::exception_list l) {
                         for (auto& e : l) g.errors.push_back(e);
                       },
                       sycl::property::queue::in_order{}};
  int* bad = reinterpret_cast<int*>(std::uintptr_t(0x10));
  int* p = sycl::malloc_device<int>(16, in_order);
  in_order.single_task([=] { p[0] = 1; });
  in_order.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { bad[i] = 1; });  // illegal address
  in_order.single_task([=] { p[1] = 2; });                                        // chained behind it
  bool host_ran = false;
  in_order.submit([&](sycl::handler& h) { h.host_task([&] { host_ran = true; }); });
  in_order.wait_and_throw();
  EXPECT_TRUE(host_ran);
  ASSERT_FALSE(g.errors.empty());
  bool named = false;
  for (auto& e : g.errors) {
    try {
      std::rethrow_exception(e);
    } catch (const sycl::exception& ex) {
      EXPECT_EQ(ex.code(), sycl::errc::runtime) << ex.what();
      named = named || std::string(ex.what()).find("failed on the GPU") != std::string::npos;
    }
  }
  EXPECT_TRUE(named);
}
