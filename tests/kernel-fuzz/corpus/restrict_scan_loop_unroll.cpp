// Regression (kernel-fuzz seed 1000, reduced): clang 22 + the plugin crashed in loop-unroll
// (VectorType::get) on an nd_range<1> item scanning 2048 x 128 points through __restrict
// pointers (fixed by 445920f, weft-item-loop-select).
// kernel-fuzz program, seed 1000 (tools/kernel-fuzz/kfgen.py): results fully specified.
// kernel-fuzz: sub-group-size 8
// kernel-fuzz: float-ulp fo0 23.5
// kernel-fuzz: float-ulp rbest1 0.0
// kernel-fuzz: constructs accessor branch_divergent emi float_arith float_math helper_call in_place index_data index_indirect index_int index_offset index_reversed index_size_t int_arith int_builtin loop_break loop_const loop_nested loop_runtime loop_triangular nd_range1 range1 range_id_arg range_item_arg restrict_call usm write_permuted
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

using u32 = std::uint32_t;

// ---- harness: inputs from a seed, outputs as hashes (u32) or hex floats ----
template <class T>
static T* kf_alloc(sycl::queue& q, int n, u32 seed) {
  T* p = sycl::malloc_shared<T>(std::size_t(n), q);
  u32 x = seed * 2654435761u + 1u;
  for (int i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    if constexpr (std::is_same_v<T, float>) p[i] = 1.0f + float(x & 0xffffu) / 65536.0f;
    else p[i] = T(x);
  }
  return p;
}
template <class T>
static T* kf_alloc_small(sycl::queue& q, int n, u32 seed) {  // integers 0..15: exact sums and products
  T* p = kf_alloc<T>(q, n, seed);
  u32 x = seed | 1u;
  for (int i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = T(x & 15u);
  }
  return p;
}
static void kf_permutation(u32* p, int n, u32 seed) {
  for (int i = 0; i < n; ++i) p[i] = u32(i);
  u32 x = seed | 1u;
  for (int i = n - 1; i > 0; --i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    const int j = int(x % u32(i + 1));
    const u32 t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
}
static inline u32 kf_mix(u32 a, u32 b) { return (a ^ (b >> 3)) * 0x9e3779b1u + (b << 7); }
static void kf_dump_u32(const char* name, const u32* p, int n) {
  u32 h = 2166136261u;
  for (int i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
  std::printf("%s u32 %08x\n", name, h);
  if (std::getenv("KF_FULL"))
    for (int i = 0; i < n; ++i) std::printf("  %s[%d] = %u\n", name, i, p[i]);
}
static void kf_dump_f32(const char* name, const float* p, int n) {
  std::printf("%s f32", name);
  for (int i = 0; i < n; ++i) std::printf(" %a", double(p[i]));
  std::printf("\n");
}

static volatile u32 kf_rt[8] = {5u, 9u, 1u, 0u, 1918316444u, 2u, 2u, 0u};

static void kf_scan1(sycl::nd_item<1>& item, const float* __restrict a, const float* __restrict b,
                     float* __restrict best, int* __restrict at) {
  int p1 = int(item.get_global_id(0)), index = -1;
  float max_score = 0;
  for (int p2 = 0; p2 < 2048; p2++) {
    float score = 0;
    for (int d = 0; d < 128; d++) score += a[p1 * 128 + d] * b[p2 * 128 + d];
    if (score > max_score) {
      index = p2;
    }
  }
  at[p1] = index;
}

int main() {
  sycl::queue q;
  float* ra1 = kf_alloc_small<float>(q, 32768, 3567798483u);
  float* rb1 = kf_alloc_small<float>(q, 262144, 1460675751u);
  float* rbest1 = kf_alloc<float>(q, 256, 0u);
  int* rat1 = kf_alloc<int>(q, 256, 0u);
  {
    q.submit([&](sycl::handler& cgh) {
       cgh.parallel_for(sycl::nd_range<1>(sycl::range<1>(256), sycl::range<1>(64)),
                        [=](sycl::nd_item<1> item) { kf_scan1(item, ra1, rb1, rbest1, rat1); });
     }).wait();
  }
  q.wait();
  kf_dump_u32("rat1", reinterpret_cast<const u32*>(rat1), 256);
  return 0;
}
