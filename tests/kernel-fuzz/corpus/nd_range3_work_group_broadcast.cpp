// Regression (kernel-fuzz seed 11, reduced; the kernel's result written back): clang 22 + the
// plugin crashed in weft-barrier-split (LoopInfo of a stale analysis) on an nd_range<3> kernel
// with a work-group broadcast (fixed by 110199b).
// kernel-fuzz program, seed 11 (tools/kernel-fuzz/kfgen.py): results fully specified.
// kernel-fuzz: sub-group-size 4
// kernel-fuzz: constructs accessor barrier_uniform_loop branch_divergent emi group_local_memory helper_call in_place index_data index_indirect index_int index_offset index_reversed index_size_t index_strided int_arith loop_break loop_const loop_runtime loop_triangular nd_range3 range2 range_id_arg sg_select usm wg_broadcast write_permuted
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

static volatile u32 kf_rt[8] = {4u, 2u, 0u, 0u, 1524781594u, 1u, 6u, 0u};

int main() {
  sycl::queue q;
  const u32 r4 = kf_rt[4];
  u32* in_u = kf_alloc<u32>(q, 1024, 819403957u);
  u32* perm = kf_alloc<u32>(q, 1024, 0u);
  u32* o0 = kf_alloc<u32>(q, 128, 734103151u);
  {
    sycl::buffer<u32, 1> b_in_u(in_u, sycl::range<1>(1024));
    sycl::buffer<u32, 1> b_o0(o0, sycl::range<1>(128));
    sycl::buffer<u32, 1> b_perm(perm, sycl::range<1>(1024));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor in_u(b_in_u, cgh, sycl::read_only);
      sycl::accessor perm(b_perm, cgh, sycl::read_only);
      sycl::accessor o0(b_o0, cgh, sycl::read_write);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(2, 8, 8), sycl::range<3>(2, 4, 4)), [=](sycl::nd_item<3> it) {
        auto g = it.get_group();
        const u32 lin = u32(it.get_global_linear_id());
        const u32 lid = u32(it.get_local_linear_id());
        const u32 g1 = u32(it.get_global_id(1));
        const u32 g2 = u32(it.get_global_id(2));
        u32 v = o0[lin];
        u32 w = (g1 + g2);
        w = (7u * ((r4 + in_u[std::size_t((std::size_t(g1) * 4u + 20u) % 1024u)]) >>
                   ((in_u[std::size_t(1024u - 1u - g2 % 1024u)] & g2) & 31u)));
        v += sycl::group_broadcast(g, w, std::size_t(18u));
        w += perm[std::size_t(perm[lid % 1024u] % 1024u)];
        o0[lin] = v ^ w;
      });
    });
  }
  q.wait();
  kf_dump_u32("o0", o0, 128);
  return 0;
}
