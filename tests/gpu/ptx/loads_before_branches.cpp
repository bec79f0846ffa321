// PTX check of the CUDA target's code generation (tests/gpu/CMakeLists.txt): a loop
// body that loads four values, then compares them with short-circuit conditions
// (HeCBench accuracy's second kernel), issues the four loads before its first
// branch, so that they are in flight together. LLVM's MachineSink would move the
// third and fourth past the branches before them (they run anyway, only later,
// each waiting on the one before): WEFT_CUDA_FLAGS tells it to leave loads in place.
#include <sycl/sycl.hpp>

struct count_above {
  const float* x;
  int* counts;
  int n;
  int label;
  float pivot;

  // CHECK-LABEL: .entry {{.*}}count_above
  // CHECK: [[LOOP:\$L__BB[0-9_]+]]:{{.*}}Inner Loop Header
  // CHECK-NOT: bra
  // CHECK: ld.global
  // CHECK-NOT: bra
  // CHECK: ld.global
  // CHECK-NOT: bra
  // CHECK: ld.global
  // CHECK-NOT: bra
  // CHECK: ld.global
  // CHECK: bra
  SYCL_EXTERNAL void operator()(sycl::nd_item<1> it) const {
    const int step = int(it.get_local_range(0));
    int c = 0;
    for (int i = int(it.get_local_id(0)); i + 3 * step < n; i += 4 * step) {
      const float a = x[i], b = x[i + step], d = x[i + 2 * step], e = x[i + 3 * step];
      c += a > pivot || (a == pivot && i <= label);
      c += b > pivot || (b == pivot && i + step <= label);
      c += d > pivot || (d == pivot && i + 2 * step <= label);
      c += e > pivot || (e == pivot && i + 3 * step <= label);
    }
    counts[it.get_global_id(0)] = c;
  }
};

void count(sycl::queue& q, const float* x, int* counts, int n, int label, float pivot) {
  q.parallel_for(sycl::nd_range<1>(256, 256), count_above{x, counts, n, label, pivot});
}
