#pragma once
// Queues for the tests built for every target (tests/CMakeLists.txt,
// weft_test_targets), and a clean skip for the cases that only mean something
// on a GPU. Compiles in every build: the CPU build simply lists no GPU.
#include <gtest/gtest.h>

#include <exception>
#include <sycl/sycl.hpp>
#include <vector>

// What the tests of GPU-only behaviour (tests/gpu/) expect of the GPU vendor
// their translation unit is compiled for: the warp (sub-group) size, the
// backend, and the runtime's name in platform names and error messages.
#if defined(__HIP__)
inline constexpr std::size_t gpu_warp = 64;  // the wavefront of gfx9xx
inline constexpr sycl::backend gpu_backend = sycl::backend::hip;
inline constexpr const char* gpu_runtime = "HIP";
#else
inline constexpr std::size_t gpu_warp = 32;
inline constexpr sycl::backend gpu_backend = sycl::backend::cuda;
inline constexpr const char* gpu_runtime = "CUDA";
#endif

// Whether the runtime lists a GPU (a GPU target on a machine with one).
inline bool have_gpu() { return !sycl::device::get_devices(sycl::info::device_type::gpu).empty(); }

#define WEFT_REQUIRE_GPU() \
  if (!have_gpu()) GTEST_SKIP() << "no GPU on this machine"

// A queue on the default device (the GPU where there is one, else the CPU): the
// kernels of a test written once run on the target it was built for. It collects
// asynchronous errors, and at the end of its scope expects none.
struct target_queue : sycl::queue {
  std::vector<std::exception_ptr> errors;
  target_queue()
      : sycl::queue(sycl::default_selector_v, [this](sycl::exception_list l) {
          for (auto& e : l) errors.push_back(e);
        }) {}
  target_queue(const target_queue&) = delete;
  target_queue& operator=(const target_queue&) = delete;
  ~target_queue() {
    wait_and_throw();
    EXPECT_TRUE(errors.empty()) << errors.size() << " asynchronous errors on "
                                << get_device().get_info<sycl::info::device::name>();
  }
};

// The same on the GPU: only after WEFT_REQUIRE_GPU().
struct gpu_queue {
  std::vector<std::exception_ptr> errors;
  sycl::queue q{sycl::gpu_selector_v, [this](sycl::exception_list l) {
                  for (auto& e : l) errors.push_back(e);
                }};
};

// Waits for the queue's work; the one asynchronous error it then holds (a test
// failure, and errc::success, where it holds none or more).
inline sycl::exception the_async_error(gpu_queue& g) {
  g.q.wait_and_throw();
  if (g.errors.size() == 1) {
    try {
      std::rethrow_exception(g.errors[0]);
    } catch (const sycl::exception& e) {
      return e;
    } catch (...) {
    }
  }
  ADD_FAILURE() << g.errors.size() << " asynchronous errors, expected one sycl::exception";
  return sycl::exception(sycl::make_error_code(sycl::errc::success), "none");
}
