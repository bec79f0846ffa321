// A queue made in main gets more work, nd_range kernels with barriers included,
// from an exit handler registered before Weft's first use, and waits for it there.
#include <sycl/sycl.hpp>
#include "exit_check.hpp"

namespace {
constexpr std::size_t n = 2048, group = 64;
sycl::queue* g_queue = nullptr;
int* g_data = nullptr;

void reverse_groups(sycl::queue& q, int* data) {
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> tile(sycl::range<1>(group), h);
    h.parallel_for(sycl::nd_range<1>(n, group), [=](sycl::nd_item<1> it) {
      std::size_t l = it.get_local_id(0);
      tile[l] = data[it.get_global_id(0)];
      sycl::group_barrier(it.get_group());
      data[it.get_global_id(0)] = tile[group - 1 - l];
    });
  });
}

void cleanup() {
  sycl::queue& q = *g_queue;
  q.wait();
  for (std::size_t i = 0; i < n; ++i) exit_check::require(g_data[i] == static_cast<int>(i), "the kernel run in main");
  reverse_groups(q, g_data);
  q.wait();
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t expected = i / group * group + (group - 1 - i % group);
    exit_check::require(g_data[i] == static_cast<int>(expected), "the nd_range kernel run at exit");
  }
  reverse_groups(q, g_data);
  q.single_task([data = g_data] { data[0] += 100; });
  q.wait_and_throw();
  exit_check::require(g_data[0] == 100 && g_data[n - 1] == static_cast<int>(n - 1), "the in-order kernels at exit");
  sycl::free(g_data, q);
  delete g_queue;
  exit_check::pass();
}
}  // namespace

int main(int argc, char** argv) {
  exit_check::start(argc, argv, cleanup);
  g_queue = new sycl::queue(sycl::property::queue::in_order{});
  g_data = sycl::malloc_shared<int>(n, *g_queue);
  int* data = g_data;
  g_queue->parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] = static_cast<int>(i[0]); });
  return 0;
}
