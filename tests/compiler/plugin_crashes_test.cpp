// Kernels on which clang 22 crashed inside Weft's pass plugin (each reduced from a
// public DPC++ program), checked against the same computation on the host. A
// translation unit of their own: whether the passes met the crashing shapes depended
// on what else the file held (cached analyses, inlining). With any other compiler
// they run the library's code.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sycl/sycl.hpp>
#include <vector>

#include "../support/test_data.hpp"

namespace {

const auto data = weft_test::random_floats;
volatile std::size_t groups[2] = {2, 3};  // sizes unknown to the compiler

// A 3-D nd_range kernel with sub-group collectives (a shift and a broadcast), as code
// migrated from CUDA writes it: split at the collectives' barriers (clang crashed on
// every such kernel while the split read a dominator tree older than its own folding).
// (The launch is a function of its own: with the test's assertions beside it, the
// old plugin met it with no tree cached.)
std::vector<float> shift_and_broadcast_3d(const std::vector<float>& in, std::size_t g0, std::size_t g1,
                                          std::size_t local, std::vector<unsigned>& sizes) {
  const std::size_t n = in.size();
  sycl::queue q;
  float* d = sycl::malloc_shared<float>(n, q);
  float* out = sycl::malloc_shared<float>(n, q);
  unsigned* size = sycl::malloc_shared<unsigned>(n, q);
  std::copy(in.begin(), in.end(), d);
  q.parallel_for(sycl::nd_range<3>({g0, g1, local}, {1, 1, local}), [=](sycl::nd_item<3> it) {
     const std::size_t g = it.get_global_linear_id();
     const sycl::sub_group sg = it.get_sub_group();
     const float v = d[g];
     const float right = sycl::shift_group_left(sg, v, 1);
     const float first = sycl::group_broadcast(sg, v, 0);
     const bool has_right = sg.get_local_linear_id() + 1 < sg.get_local_linear_range();
     out[g] = v + (has_right ? right : 0.0f) + first;
     size[g] = static_cast<unsigned>(sg.get_local_linear_range());
   }).wait();
  std::vector<float> result(out, out + n);
  sizes.assign(size, size + n);
  sycl::free(d, q);
  sycl::free(out, q);
  sycl::free(size, q);
  return result;
}

TEST(PluginCrashes, NdRange3SubGroupShiftAndBroadcast) {
  const std::size_t g0 = groups[0], g1 = groups[1], local = 64, n = g0 * g1 * local;
  const std::vector<float> in = data(n, 7);
  std::vector<unsigned> sizes;
  const std::vector<float> got = shift_and_broadcast_3d(in, g0, g1, local, sizes);
  std::vector<float> want(n);
  for (std::size_t g = 0; g < n; ++g) {
    const std::size_t size = sizes[g], lane = (g % local) % size;
    ASSERT_TRUE(size > 0 && local % size == 0) << "sub-group size " << size;
    const float right = lane + 1 < size ? in[g + 1] : 0.0f;
    want[g] = in[g] + right + in[g - lane];
  }
  weft_test::expect_same_bits(got, want, "shifted and broadcast values");
}

// An nd_range<1> item calling a function with __restrict pointers that scans every
// point for the best dot product: the outer-loop vectorizer widens it (clang crashed
// in loop-unroll on the <16 x metadata> the inlined noalias scopes became).
constexpr int scan_points = 256, scan_dims = 128;
SYCL_EXTERNAL void best_match(sycl::nd_item<1>& item, const float* __restrict a, const float* __restrict b,
                              float* __restrict best, int* __restrict at) {
  const int p1 = static_cast<int>(item.get_global_id(0));
  int index = -1;
  float max_score = 0.0f;
  for (int p2 = 0; p2 < scan_points; p2++) {
    float score = 0.0f;
    for (int d = 0; d < scan_dims; d++) score += a[p1 * scan_dims + d] * b[p2 * scan_dims + d];
    if (score > max_score) {
      max_score = score;
      index = p2;
    }
  }
  best[p1] = max_score;
  at[p1] = index;
}

TEST(PluginCrashes, RestrictFunctionScanningAllPoints) {
  const std::vector<float> a = data(scan_points * scan_dims, 8), b = data(scan_points * scan_dims, 9);
  sycl::queue q;
  float* da = sycl::malloc_device<float>(a.size(), q);
  float* db = sycl::malloc_device<float>(b.size(), q);
  float* dbest = sycl::malloc_device<float>(scan_points, q);
  int* dat = sycl::malloc_device<int>(scan_points, q);
  q.memcpy(da, a.data(), a.size() * sizeof(float)).wait();
  q.memcpy(db, b.data(), b.size() * sizeof(float)).wait();
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(scan_points), sycl::range<1>(128)), [=](sycl::nd_item<1> item) {
     best_match(item, da, db, dbest, dat);
   }).wait();
  std::vector<float> best(scan_points), want_best(scan_points), magnitude(scan_points);
  std::vector<int> at(scan_points), want_at(scan_points);
  q.memcpy(best.data(), dbest, scan_points * sizeof(float)).wait();
  q.memcpy(at.data(), dat, scan_points * sizeof(int)).wait();
  for (int p1 = 0; p1 < scan_points; ++p1) {
    want_at[p1] = -1;
    want_best[p1] = 0.0f;
    for (int p2 = 0; p2 < scan_points; ++p2) {
      float score = 0.0f;
      for (int d = 0; d < scan_dims; ++d) score += a[p1 * scan_dims + d] * b[p2 * scan_dims + d];
      if (score > want_best[p1]) {
        want_best[p1] = score;
        want_at[p1] = p2;
      }
    }
  }
  for (int p1 = 0; p1 < scan_points; ++p1)
    for (int d = 0; want_at[p1] >= 0 && d < scan_dims; ++d)
      magnitude[p1] += std::fabs(a[p1 * scan_dims + d] * b[want_at[p1] * scan_dims + d]);
  // (On a GPU, whose compiler contracts the dot products, the best score is within their
  // rounding bound, and a near tie may pick the other point.)
  const bool on_cpu = q.get_device().is_cpu();
  weft_test::expect_kernel_result(on_cpu, best, want_best, magnitude, scan_dims, "best scores");
  if (on_cpu) EXPECT_EQ(at, want_at);
  for (void* p : {static_cast<void*>(da), static_cast<void*>(db), static_cast<void*>(dbest), static_cast<void*>(dat)})
    sycl::free(p, q);
}

}  // namespace
