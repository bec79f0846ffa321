// USM allocated in main, read and freed by an exit handler registered before
// Weft's first use (as a distributed runtime's shutdown hook does).
#include <sycl/sycl.hpp>
#include "exit_check.hpp"

namespace {
constexpr std::size_t n = 1024;
sycl::queue* g_queue = nullptr;
int* g_host = nullptr;
int* g_shared = nullptr;
int* g_device = nullptr;

void cleanup() {
  sycl::queue& q = *g_queue;
  q.wait();  // the fill submitted in main
  exit_check::require(sycl::get_pointer_type(g_shared, q.get_context()) == sycl::usm::alloc::shared,
                      "get_pointer_type of shared USM");
  exit_check::require(sycl::get_pointer_type(g_device, q.get_context()) == sycl::usm::alloc::device,
                      "get_pointer_type of device USM");
  q.memcpy(g_host, g_device, n * sizeof(int)).wait();
  for (std::size_t i = 0; i < n; ++i) {
    exit_check::require(g_host[i] == static_cast<int>(i), "the device data copied to host USM");
    exit_check::require(g_shared[i] == static_cast<int>(2 * i), "the shared data");
  }
  sycl::free(g_host, q);
  sycl::free(g_shared, q.get_context());
  sycl::free(g_device, q);
  exit_check::require(sycl::get_pointer_type(g_shared, q.get_context()) == sycl::usm::alloc::unknown,
                      "get_pointer_type after free");
  delete g_queue;
  exit_check::pass();
}
}  // namespace

int main(int argc, char** argv) {
  exit_check::start(argc, argv, cleanup);
  g_queue = new sycl::queue;
  g_host = sycl::malloc_host<int>(n, *g_queue);
  g_shared = sycl::malloc_shared<int>(n, *g_queue);
  g_device = sycl::malloc_device<int>(n, *g_queue);
  int* device = g_device;
  int* shared = g_shared;
  g_queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    device[i] = static_cast<int>(i[0]);
    shared[i] = static_cast<int>(2 * i[0]);
  });
  return 0;  // the fill may still be running
}
