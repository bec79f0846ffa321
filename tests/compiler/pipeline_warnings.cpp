// No warning from clang points into Weft's headers. An item that accumulates into its
// own buffer element over a loop stepping by 2 (polybench's column means over every
// other row; the native path widens only loops inside the item that count by 1): weft-item-loop-select
// gives the item loop to the outer-loop vectorizer, which cannot widen it after all;
// its trial on a copy of the function finds that out, so the loop loses its vectorize
// mark with a remark saying why, and clang's -Wpass-failed warning (which would point
// into item_loop.hpp) is not printed.
// RUN: %clangxx -c -o %t.o %s -Rpass-missed=weft 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <sycl/sycl.hpp>

void column_means(sycl::queue& q, sycl::buffer<float, 2>& data, sycl::buffer<float, 1>& mean, std::size_t n) {
  q.submit([&](sycl::handler& h) {
    sycl::accessor d(data, h, sycl::read_only);
    sycl::accessor m(mean, h, sycl::read_write);
    h.parallel_for(sycl::range<1>(n - 1), [=, N = n - 1](sycl::id<1> gid) {
      const sycl::id<1> off(1);
      const std::size_t j = gid[0] + off[0];
      for (std::size_t i = 0; i < N; i += 2) m[gid + off] += d[{i, j}];
      m[gid + off] /= float(n);
    });
  });
}
// CHECK: remark: kernel column_means{{.*}}: work items run one by one, not across vector lanes: the outer-loop vectorizer cannot widen it (loop control flow is not understood by vectorizer)
