// kernel-fuzz's harness (tools/kernel-fuzz): inputs from a seed, outputs as hashes (u32) or hex
// floats. kfgen.py copies it into every program it writes (reproducers stand alone); the
// corpus (tests/kernel-fuzz/corpus/) includes it.
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

using u32 = std::uint32_t;

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
// A CUDA build's programs (kfgen's cuda option) run on the GPU (gpu_selector_v throws without
// one), every other build on the CPU.
static sycl::queue kf_queue() {
#ifdef __CUDA__
  return sycl::queue{sycl::gpu_selector_v};
#else
  return sycl::queue{sycl::cpu_selector_v};
#endif
}
SYCL_EXTERNAL inline u32 kf_mix(u32 a, u32 b) { return (a ^ (b >> 3)) * 0x9e3779b1u + (b << 7); }
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
