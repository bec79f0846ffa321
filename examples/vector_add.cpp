// The first Weft program to read: add two vectors with buffers and accessors,
// then scale the result in place with USM.
#include <cstdio>
#include <sycl/sycl.hpp>
#include <vector>

int main() {
  constexpr std::size_t n = 1 << 20;
  std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n, 0.0f);

  sycl::queue q;
  std::printf("Running on: %s (%u workers)\n", q.get_device().get_info<sycl::info::device::name>().c_str(),
              q.get_device().get_info<sycl::info::device::max_compute_units>());
  {
    sycl::buffer<float> A(a.data(), sycl::range<1>(n)), B(b.data(), sycl::range<1>(n)), C(c.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor x{A, cgh, sycl::read_only};
      sycl::accessor y{B, cgh, sycl::read_only};
      sycl::accessor z{C, cgh, sycl::write_only, sycl::no_init};
      cgh.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { z[i] = x[i] + y[i]; });
    });
  }  // buffers write back to c here

  float* data = sycl::malloc_shared<float>(n, q);
  q.memcpy(data, c.data(), n * sizeof(float)).wait();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] *= 2.0f; }).wait();

  bool ok = true;
  for (std::size_t i = 0; i < n; ++i) ok = ok && data[i] == 6.0f;
  sycl::free(data, q);
  std::printf("vector_add: %s\n", ok ? "correct" : "WRONG");
  return ok ? 0 : 1;
}
