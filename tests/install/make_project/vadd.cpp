// The SYCL source of the Makefile project.
#include "vadd.hpp"

#include <sycl/sycl.hpp>

std::vector<int> vadd(const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<int> c(a.size());
  sycl::queue q;
  {
    sycl::buffer<int> ba(a.data(), sycl::range<1>(a.size())), bb(b.data(), sycl::range<1>(b.size()));
    sycl::buffer<int> bc(c.data(), sycl::range<1>(c.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor A(ba, h, sycl::read_only), B(bb, h, sycl::read_only);
      sycl::accessor C(bc, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(c.size()), [=](sycl::id<1> i) { C[i] = A[i] + B[i]; });
    });
  }
  return c;
}
