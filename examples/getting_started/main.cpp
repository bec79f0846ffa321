// Getting started with Weft: y = a * x + y over a million floats, on every core.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <vector>

int main() {
  const std::size_t n = 1 << 20;
  const float a = 2.0f;
  std::vector<float> x(n, 1.0f), y(n, 2.0f);

  sycl::queue q;  // the default device: the CPU (a GPU, if there is one, in a CUDA build)
  {
    sycl::buffer<float> bx(x.data(), sycl::range<1>(n));
    sycl::buffer<float> by(y.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor X(bx, h, sycl::read_only);
      sycl::accessor Y(by, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { Y[i] = a * X[i] + Y[i]; });
    });
  }  // leaving the scope waits for the kernel; y holds the result

  std::size_t wrong = 0;
  for (float v : y) wrong += (v != 4.0f);
  std::printf("saxpy of %zu floats on %s: %s\n", n, q.get_device().get_info<sycl::info::device::name>().c_str(),
              wrong ? "WRONG" : "correct");
  return wrong ? 1 : 0;
}
