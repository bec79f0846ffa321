#pragma once
// Runs nd_range kernels through the launch interface directly, the way the
// handler does, so the engine can be tested without a queue.
#include <cstddef>
#include <sycl/local_accessor.hpp>
#include <sycl/nd_item.hpp>
#include <weft/target/cpu/nd_range_kernel.hpp>

namespace sycl = weft::sycl;

namespace weft::test {

// Hands out local memory offsets like the handler's allocate_local.
class local_memory_plan {
 public:
  template <class T, int Dims>
  sycl::local_accessor<T, Dims> allocate(sycl::range<Dims> r) {
    m_bytes = (m_bytes + 63) / 64 * 64;
    auto a = sycl::detail::local_accessor_access::make<T, Dims>(m_bytes, r);
    m_bytes += r.size() * sizeof(T);
    return a;
  }
  weft::launch::group_request request() const { return {m_bytes}; }

 private:
  std::size_t m_bytes = 0;
};

template <int Dims, class Kernel>
void launch(const sycl::nd_range<Dims>& r, const Kernel& k, const local_memory_plan& plan = {}) {
  weft::launch::nd_range_kernel(r, plan.request(), k);
}

}  // namespace weft::test
