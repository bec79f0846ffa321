// Backend interop on the GPU target (SYCL 2020 4.5.1, weft/target/gpu/interop.hpp):
// get_native and make_* for backend::cuda (backend::hip in the HIP build) with the
// runtime's own streams and events. Commands are shown to run on a stream by
// holding the stream with a kernel that spins until the host lets it go.
#include "../support/gpu.hpp"

#include <chrono>
#include <thread>
#include <type_traits>

#if defined(__HIP__)
#define GPU_CALL(name) hip##name
#else
#define GPU_CALL(name) cuda##name
#endif

namespace {

namespace native = weft::gpu::native;

static_assert(native::backend == gpu_backend);
static_assert(std::is_same_v<sycl::backend_return_t<gpu_backend, sycl::device>, native::device>);
static_assert(std::is_same_v<sycl::backend_input_t<gpu_backend, sycl::context>, native::context>);
static_assert(std::is_same_v<sycl::backend_return_t<gpu_backend, sycl::context>, std::vector<native::context>>);
static_assert(std::is_same_v<sycl::backend_return_t<gpu_backend, sycl::queue>, native::stream>);
static_assert(std::is_same_v<sycl::backend_input_t<gpu_backend, sycl::event>, native::event>);
static_assert(std::is_same_v<sycl::backend_return_t<gpu_backend, sycl::accessor<float, 1>>, float*>);
static_assert(std::is_same_v<sycl::backend_return_t<gpu_backend, sycl::local_accessor<int, 2>>, int*>);
#if defined(__HIP__)
static_assert(SYCL_BACKEND_HIP);
#else
static_assert(SYCL_BACKEND_CUDA);
#endif

// Runs on the GPU until *release is nonzero (host memory the GPU reads).
__global__ void spin_until(volatile int* release) {
  while (*release == 0) {
  }
}

// A stream held by spin_until until release() (or the end of the scope).
struct held_stream {
  native::stream stream;
  sycl::queue queue;
  int* flag;
  held_stream(native::stream s, const sycl::queue& q) : stream(s), queue(q), flag(sycl::malloc_host<int>(1, q)) {
    *flag = 0;
    spin_until<<<1, 1, 0, stream>>>(flag);
    EXPECT_EQ(GPU_CALL(GetLastError)(), GPU_CALL(Success));
  }
  void release() { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }
  ~held_stream() {
    release();
    (void)GPU_CALL(StreamSynchronize)(stream);
    sycl::free(flag, queue);
  }
};

int read(const int* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

// A kernel writing 1 to host memory: whether it ran shows in *out.
sycl::event write_one(sycl::queue& q, int* out) {
  return q.single_task([=] { *out = 1; });
}

void wait_a_while() { std::this_thread::sleep_for(std::chrono::milliseconds(50)); }

}  // namespace

TEST(GpuInterop, ObjectsOfTheCpuAreABackendMismatch) {
  sycl::queue cpu{sycl::cpu_selector_v};
  try {
    (void)sycl::get_native<gpu_backend>(cpu.get_device());
    FAIL() << "get_native<gpu backend> of the CPU device returned";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::backend_mismatch);
  }
  try {
    (void)sycl::get_native<gpu_backend>(cpu);
    FAIL() << "get_native<gpu backend> of a CPU queue returned";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::backend_mismatch);
  }
  EXPECT_EQ(sycl::event().get_backend(), sycl::backend::host);
}

TEST(GpuInterop, DeviceIsItsOrdinalBothWays) {
  WEFT_REQUIRE_GPU();
  sycl::device d{sycl::gpu_selector_v};
  const native::device n = sycl::get_native<gpu_backend>(d);
  int count = 0;
  ASSERT_EQ(GPU_CALL(GetDeviceCount)(&count), GPU_CALL(Success));
  EXPECT_TRUE(n >= 0 && n < count);
  EXPECT_EQ(sycl::make_device<gpu_backend>(n), d);
  const auto all = sycl::get_native<gpu_backend>(d.get_platform());
  EXPECT_EQ(all.size(), std::size_t(count));
  try {
    (void)sycl::make_device<gpu_backend>(native::device(count));
    FAIL() << "make_device of an ordinal past the last device returned";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
}

TEST(GpuInterop, ContextGivesThePrimaryContextAndOneMadeFromAContextGivesThatOne) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v};
  const auto natives = sycl::get_native<gpu_backend>(q.get_context());
  ASSERT_EQ(natives.size(), q.get_context().get_devices().size());
  ASSERT_NE(natives[0], nullptr);
  EXPECT_EQ(sycl::get_native<gpu_backend>(q.get_context()), natives);  // the same each time

  bool handled = false;
  sycl::context made = sycl::make_context<gpu_backend>(natives[0], [&](sycl::exception_list) { handled = true; });
  EXPECT_EQ(made.get_backend(), gpu_backend);
  EXPECT_EQ(made.get_devices(), std::vector<sycl::device>{q.get_device()});
  EXPECT_EQ(sycl::get_native<gpu_backend>(made), natives);
  EXPECT_FALSE(handled);
  // Its queues run kernels.
  sycl::queue on_made{made, made.get_devices()[0]};
  int* out = sycl::malloc_host<int>(1, on_made);
  *out = 0;
  write_one(on_made, out).wait();
  EXPECT_EQ(*out, 1);
  sycl::free(out, on_made);
}

TEST(GpuInterop, QueueMadeFromAStreamRunsOnItAndLeavesItAlive) {
  WEFT_REQUIRE_GPU();
  sycl::queue gpu{sycl::gpu_selector_v};
  native::stream s = nullptr;
  ASSERT_EQ(GPU_CALL(StreamCreate)(&s), GPU_CALL(Success));
  int* out = sycl::malloc_host<int>(1, gpu);
  *out = 0;
  {
    sycl::queue q = sycl::make_queue<gpu_backend>(s, gpu.get_context());
    EXPECT_EQ(sycl::get_native<gpu_backend>(q), s);
    EXPECT_EQ(sycl::get_native<gpu_backend>(sycl::queue(q)), s);  // copies share it
    held_stream held(s, q);
    sycl::event e = write_one(q, out);
    wait_a_while();
    EXPECT_EQ(read(out), 0) << "the kernel ran before the work queued on its stream before it";
    EXPECT_NE(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
    held.release();
    q.wait();
    EXPECT_EQ(read(out), 1);
  }
  // The queue is gone; the stream is still the program's.
  EXPECT_EQ(GPU_CALL(StreamSynchronize)(s), GPU_CALL(Success));
  EXPECT_EQ(GPU_CALL(StreamDestroy)(s), GPU_CALL(Success));
  sycl::free(out, gpu);
}

TEST(GpuInterop, GetNativeOfAQueueGivesTheStreamItsCommandsRunOn) {
  WEFT_REQUIRE_GPU();
  // Out of order, and in order (whose kernels go from the handler straight to the stream).
  for (const sycl::property_list& props :
       {sycl::property_list{}, sycl::property_list{sycl::property::queue::in_order()}}) {
    sycl::queue q{sycl::gpu_selector_v, props};
    const native::stream s = sycl::get_native<gpu_backend>(q);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(sycl::get_native<gpu_backend>(q), s);
    int* out = sycl::malloc_host<int>(1, q);
    *out = 0;
    {
      held_stream held(s, q);
      for (int i = 0; i < 8; ++i) write_one(q, out);  // more than the pool's streams
      wait_a_while();
      EXPECT_EQ(read(out), 0) << "a command of the queue ran on another stream (in order: " << q.is_in_order() << ")";
      held.release();
      q.wait();
    }
    EXPECT_EQ(read(out), 1);
    sycl::free(out, q);
  }
}

TEST(GpuInterop, EventGivesTheMarkerBehindItsCommand) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v};
  const native::stream s = sycl::get_native<gpu_backend>(q);
  int* out = sycl::malloc_host<int>(1, q);
  *out = 0;
  {
    held_stream held(s, q);
    sycl::event e = write_one(q, out);
    EXPECT_EQ(e.get_backend(), gpu_backend);
    const native::event n = sycl::get_native<gpu_backend>(e);
    ASSERT_NE(n, nullptr);
    wait_a_while();
    EXPECT_EQ(GPU_CALL(EventQuery)(n), GPU_CALL(ErrorNotReady));
    held.release();
    ASSERT_EQ(GPU_CALL(EventSynchronize)(n), GPU_CALL(Success));
    EXPECT_EQ(read(out), 1);
    e.wait();
  }
  // A command that ran on the host (a host task on the GPU queue): a complete event.
  sycl::event h = q.submit([&](sycl::handler& cgh) { cgh.host_task([] {}); });
  h.wait();
  EXPECT_EQ(GPU_CALL(EventQuery)(sycl::get_native<gpu_backend>(h)), GPU_CALL(Success));
  sycl::free(out, q);
}

TEST(GpuInterop, EventMadeFromANativeEventCompletesWhenTheGpuReachesIt) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v};
  native::stream s = nullptr;
  native::event n = nullptr;
  ASSERT_EQ(GPU_CALL(StreamCreate)(&s), GPU_CALL(Success));
  ASSERT_EQ(GPU_CALL(EventCreate)(&n), GPU_CALL(Success));
  int* out = sycl::malloc_host<int>(1, q);
  *out = 0;
  {
    held_stream held(s, q);
    ASSERT_EQ(GPU_CALL(EventRecord)(n, s), GPU_CALL(Success));
    sycl::event e = sycl::make_event<gpu_backend>(n, q.get_context());
    EXPECT_EQ(e.get_backend(), gpu_backend);
    EXPECT_EQ(sycl::get_native<gpu_backend>(e), n);
    // A kernel after it waits on the GPU; a host task after it waits on the host.
    sycl::event k = q.submit([&](sycl::handler& cgh) {
      cgh.depends_on(e);
      cgh.single_task([=] { *out = 1; });
    });
    bool host_ran = false;
    sycl::event h = q.submit([&](sycl::handler& cgh) {
      cgh.depends_on(e);
      cgh.host_task([&] { host_ran = true; });
    });
    wait_a_while();
    EXPECT_NE(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
    EXPECT_EQ(read(out), 0);
    EXPECT_FALSE(__atomic_load_n(&host_ran, __ATOMIC_ACQUIRE));
    held.release();
    e.wait();
    EXPECT_EQ(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
    k.wait();
    h.wait();
    EXPECT_EQ(read(out), 1);
    EXPECT_TRUE(host_ran);
  }
  // The event is still the program's.
  EXPECT_EQ(GPU_CALL(EventDestroy)(n), GPU_CALL(Success));
  EXPECT_EQ(GPU_CALL(StreamDestroy)(s), GPU_CALL(Success));
  sycl::free(out, q);
}

TEST(GpuInterop, AccessorsInAKernelGiveTheirMemory) {
  WEFT_REQUIRE_GPU();
  sycl::queue q{sycl::gpu_selector_v};
  std::vector<int> data(4, 5);
  bool typed = false;
  {
    sycl::buffer<int> b(data.data(), sycl::range<1>(data.size()));
    sycl::buffer<bool> t(&typed, sycl::range<1>(1));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor a{b, cgh};
      sycl::accessor ta{t, cgh, sycl::write_only};
      sycl::local_accessor<int, 1> local(sycl::range<1>(4), cgh);
      cgh.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
        int* p = sycl::get_native<gpu_backend>(a);
        int* l = sycl::get_native<gpu_backend>(local);
        const std::size_t i = it.get_local_id(0);
        l[i] = p[i] + int(i);
        sycl::group_barrier(it.get_group());
        p[i] = l[3 - i];
        if (i == 0) ta[0] = std::is_same_v<decltype(sycl::get_native<gpu_backend>(a)), int*>;
      });
    });
  }
  EXPECT_TRUE(typed);
  EXPECT_EQ(data, (std::vector<int>{8, 7, 6, 5}));
}
