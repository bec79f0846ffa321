// sycl::ext::oneapi::experimental::cuda::ldg: a load of *ptr (through the
// read-only cache on CUDA) for scalars of each size and a vec.
#include <gtest/gtest.h>

#include <cstdint>
#include <sycl/sycl.hpp>

namespace {

using sycl::ext::oneapi::experimental::cuda::ldg;

TEST(ExtLdg, LoadsTheValueOfEachType) {
  constexpr std::size_t n = 256;
  sycl::queue q;
  auto* c = sycl::malloc_shared<std::int8_t>(n, q);
  auto* s = sycl::malloc_shared<std::uint16_t>(n, q);
  auto* f = sycl::malloc_shared<float>(n, q);
  auto* d = sycl::malloc_shared<double>(n, q);
  auto* v = sycl::malloc_shared<sycl::float4>(n, q);
  auto* out = sycl::malloc_shared<double>(n, q);
  for (std::size_t i = 0; i < n; ++i) {
    c[i] = std::int8_t(int(i) - 128);
    s[i] = std::uint16_t(i * 251);
    f[i] = float(i) * 0.5f;
    d[i] = double(i) * 1e10;
    v[i] = sycl::float4(float(i), 1.0f, 2.0f, -float(i));
  }
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::float4 w = ldg(v + i[0]);
     out[i] = double(ldg(c + i[0])) + double(ldg(s + i[0])) + double(ldg(f + i[0])) + ldg(d + i[0]) +
              double(w.x() * 4 + w.y() + w.z() + w.w());
   }).wait();
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], double(int(i) - 128) + double(std::uint16_t(i * 251)) + double(i) * 0.5 + double(i) * 1e10 +
                          double(3 * i + 3))
        << "item " << i;
  for (void* p : {(void*)c, (void*)s, (void*)f, (void*)d, (void*)v, (void*)out}) sycl::free(p, q);
}

}  // namespace
