// The compile-time benchmark's SYCL hello world (bench/compile_time/compile_time.py):
// a queue, shared USM, one parallel_for(range<1>) with an id lambda, iostream output.
#include <sycl/sycl.hpp>
#include <iostream>

int main() {
  sycl::queue q;
  const std::size_t n = 1024;
  float* x = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { x[i] = 2.0f * static_cast<float>(i[0]); }).wait();
  std::cout << "x[10] = " << x[10] << "\n";
  sycl::free(x, q);
}
