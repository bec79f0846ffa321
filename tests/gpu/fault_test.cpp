// A kernel that faults on the GPU (its own program: the device's context is lost
// afterwards). The fault reaches the queue's async handler as that kernel's
// error (its name, the device, the GPU runtime's message); the commands queued behind it
// complete and nothing hangs; from then on every command and allocation for the
// GPU fails with an error saying that its context was lost and why, never as an
// allocation failure; the CPU device keeps working.
#include <cstdlib>
#include <string>

#include "../support/gpu.hpp"

namespace {

class faulting_kernel;

// The messages of the asynchronous errors collected so far (each a sycl::exception).
std::vector<std::string> messages(const std::vector<std::exception_ptr>& errors) {
  std::vector<std::string> out;
  for (auto& e : errors) {
    try {
      std::rethrow_exception(e);
    } catch (const sycl::exception& ex) {
      EXPECT_EQ(ex.code(), sycl::errc::runtime) << ex.what();
      out.push_back(ex.what());
    } catch (...) {
      ADD_FAILURE() << "an asynchronous error that is not a sycl::exception";
    }
  }
  return out;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST(GpuFault, KernelFaultIsNamedThenTheDeviceRefusesWorkAndTheCpuGoesOn) {
  // Completion tracking (docs/gpu.md): only the kernel that faulted is reported,
  // not every command in flight. Read when the GPU's first command is launched.
  setenv("WEFT_GPU_FAULT_TRACKING", "1", 1);
  WEFT_REQUIRE_GPU();
  std::vector<std::exception_ptr> errors;
  sycl::queue gpu{sycl::gpu_selector_v,
                  [&](sycl::exception_list l) {
                    for (auto& e : l) errors.push_back(e);
                  },
                  sycl::property::queue::in_order{}};
  const std::string gpu_name = gpu.get_device().get_info<sycl::info::device::name>();
  int* bad = reinterpret_cast<int*>(std::uintptr_t(0x10));
  int* p = sycl::malloc_device<int>(16, gpu);
  ASSERT_NE(p, nullptr);
  gpu.single_task([=] { p[0] = 1; });
  gpu.parallel_for<faulting_kernel>(sycl::range<1>(16), [=](sycl::id<1> i) { bad[i] = 1; });  // illegal address
  gpu.single_task([=] { p[1] = 2; });  // queued behind it on the GPU
  bool host_ran = false;
  gpu.submit([&](sycl::handler& h) { h.host_task([&] { host_ran = true; }); });
  gpu.wait_and_throw();
  EXPECT_TRUE(host_ran);

  // 1. The fault, reported as the kernel's error: name, device, the runtime's message.
  // (The command queued behind it never ran and fails too; the one before it
  // completed, and reports nothing.)
  const auto first = messages(errors);
  ASSERT_FALSE(first.empty());
  bool named = false;
  for (auto& m : first)
    named = named || (contains(m, "faulting_kernel") && contains(m, gpu_name) &&
                      contains(m, std::string(gpu_runtime) + " error 700"));
  EXPECT_TRUE(named) << "first error: " << first[0];
  EXPECT_LE(first.size(), 2u);
  for (auto& m : first) EXPECT_FALSE(contains(m, "allocate")) << m;

  // 2. Later commands on the GPU fail, saying the context was lost and why.
  errors.clear();
  gpu.single_task([=] { p[2] = 3; });
  gpu.memset(p, 0, 16 * sizeof(int));
  gpu.wait_and_throw();
  const auto later = messages(errors);
  ASSERT_EQ(later.size(), 2u);
  for (auto& m : later) {
    EXPECT_TRUE(contains(m, "context was lost")) << m;
    EXPECT_TRUE(contains(m, "faulting_kernel")) << "the reason names the faulting kernel: " << m;
    EXPECT_FALSE(contains(m, "out of device memory")) << m;
  }

  // 3. Allocations for the GPU: an exception saying so, not an out-of-memory nullptr.
  try {
    (void)sycl::malloc_device<int>(16, gpu);
    ADD_FAILURE() << "malloc_device on a lost device returned";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::runtime);
    EXPECT_TRUE(contains(e.what(), "context was lost")) << e.what();
  }
  errors.clear();
  std::vector<std::string> buffer_errors;
  {
    sycl::buffer<int> b{sycl::range<1>(64)};
    try {  // the buffer's GPU copy is made when the accessor is: submit itself may throw
      gpu.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
        h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] = 1; });
      });
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::runtime);
      buffer_errors.push_back(e.what());
    }
    gpu.wait_and_throw();
  }
  for (auto& m : messages(errors)) buffer_errors.push_back(m);
  ASSERT_FALSE(buffer_errors.empty());
  EXPECT_TRUE(contains(buffer_errors[0], "context was lost")) << buffer_errors[0];
  EXPECT_FALSE(contains(buffer_errors[0], "could not allocate")) << buffer_errors[0];
  sycl::free(p, gpu);  // no error: the memory went with the context

  // 4. The CPU device still works: a kernel, a buffer, USM.
  sycl::queue cpu{sycl::cpu_selector_v};
  std::vector<int> v(1000, 0);
  {
    sycl::buffer<int> b{v.data(), sycl::range<1>(v.size())};
    cpu.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] = int(i[0]) + 1; });
    });
  }
  for (std::size_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], int(i) + 1);
  int* s = sycl::malloc_shared<int>(4, cpu);
  ASSERT_NE(s, nullptr);
  cpu.single_task([=] { s[0] = 42; }).wait_and_throw();
  EXPECT_EQ(s[0], 42);
  sycl::free(s, cpu);
}
