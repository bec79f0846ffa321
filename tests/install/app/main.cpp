// A small SYCL 2020 program: buffers, accessors, a USM kernel and a host task.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <numeric>
#include <vector>

int main() {
  constexpr std::size_t n = 1 << 16;
  std::vector<float> a(n), b(n), c(n, 0.f);
  std::iota(a.begin(), a.end(), 0.f);
  std::iota(b.begin(), b.end(), 1.f);
  sycl::queue q;
  {
    sycl::buffer ba(a), bb(b), bc(c);
    q.submit([&](sycl::handler& h) {
      sycl::accessor x{ba, h, sycl::read_only};
      sycl::accessor y{bb, h, sycl::read_only};
      sycl::accessor z{bc, h, sycl::write_only, sycl::no_init};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { z[i] = 2.f * x[i] + y[i]; });
    });
  }
  int* ids = sycl::malloc_shared<int>(256, q);
  int* sum = sycl::malloc_shared<int>(1, q);
  auto filled = q.parallel_for(sycl::range<2>(16, 16), [=](sycl::item<2> it) {
    ids[it.get_linear_id()] = static_cast<int>(it[0] * 16 + it[1]);
  });
  q.submit([&](sycl::handler& h) {
     h.depends_on(filled);
     h.host_task([=] { *sum = std::accumulate(ids, ids + 256, 0); });
   }).wait();
  int bad = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (c[i] != 3.f * static_cast<float>(i) + 1.f) ++bad;
  if (*sum != 255 * 256 / 2) ++bad;
  sycl::free(sum, q);
  sycl::free(ids, q);
  std::printf("%s: %d wrong results on %s\n", bad ? "FAILED" : "OK", bad,
              q.get_device().get_info<sycl::info::device::name>().c_str());
  return bad ? 1 : 0;
}
