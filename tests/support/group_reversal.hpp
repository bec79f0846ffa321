#pragma once
// A small nd_range kernel with a barrier and local memory, run after an error to
// check that a queue (and the nd_range engine behind it) still works.
#include <cstddef>
#include <vector>
#include <sycl/sycl.hpp>

namespace weft_test {

// Runs n items in groups of `local`, each group reversing its global ids through local
// memory: returns out, out[i] == i / local * local + local - 1 - i % local.
inline std::vector<int> reverse_in_groups(sycl::queue& q, std::size_t n, std::size_t local) {
  std::vector<int> out(n, 0);
  {
    sycl::buffer<int> b(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o{b, h, sycl::write_only};
      sycl::local_accessor<int, 1> lm(sycl::range<1>(local), h);
      h.parallel_for(sycl::nd_range<1>(n, local), [=](sycl::nd_item<1> it) {
        lm[it.get_local_id(0)] = static_cast<int>(it.get_global_id(0));
        it.barrier();
        o[it.get_global_id(0)] = lm[local - 1 - it.get_local_id(0)];
      });
    });
  }
  return out;
}

}  // namespace weft_test
