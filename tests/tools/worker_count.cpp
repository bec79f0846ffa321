// Prints "workers <n> compute_units <m>" after running a kernel: n is the worker
// count Weft's runtime started with (tests/tools/weft_ls_test.cmake compares it
// with weft-ls --verbose).
#include <cstdio>
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  int* x = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { x[i] = 1; }).wait();
  sycl::free(x, q);
  const weft::runtime_settings s = weft::runtime_info();
  std::printf("workers %zu compute_units %u started %d\n", s.workers,
              q.get_device().get_info<sycl::info::device::max_compute_units>(), s.started ? 1 : 0);
  return s.started ? 0 : 1;
}
