// Atomics on the GPU: sycl::atomic_ref (every SYCL type, operation, memory order
// and scope, global and local memory), atomic_fence, the 1.2.1 sycl::atomic and
// atomic accessors; results against a host reference.
#include "../support/gpu.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace {
using sycl::memory_order;
using sycl::memory_scope;
constexpr auto global_space = sycl::access::address_space::global_space;
constexpr auto local_space = sycl::access::address_space::local_space;

template <class T>
struct AtomicRefTyped : ::testing::Test {};
using atomic_types =
    ::testing::Types<int, unsigned int, long, unsigned long, long long, unsigned long long, float, double>;
TYPED_TEST_SUITE(AtomicRefTyped, atomic_types);

// Each item's value: small and exactly representable, so float sums are exact.
template <class T>
constexpr T value_of(std::size_t i) {
  return T(i % 13 + 1);
}
}  // namespace

// add, sub, min, max, exchange and a compare-exchange loop on global memory,
// with the orders and scopes chosen per item (all of them occur).
TYPED_TEST(AtomicRefTyped, GlobalArithmetic) {
  using T = TypeParam;
  target_queue q;
  constexpr std::size_t n = 1 << 16;
  // 0: add, 1: sub (from a start), 2: min, 3: max, 4: exchange target, 5: CAS-loop add, 6: load/store
  T* d = sycl::malloc_shared<T>(8, q);
  T* seen = sycl::malloc_shared<T>(n, q);
  const T start = T(n * 20);
  d[0] = T(0);
  d[1] = start;
  d[2] = T(100);
  d[3] = T(0);
  d[4] = T(1000);
  d[5] = T(0);
  d[6] = T(0);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     const T v = value_of<T>(i);
     const memory_order orders[] = {memory_order::relaxed, memory_order::acq_rel, memory_order::seq_cst,
                                    memory_order::acquire, memory_order::release};
     const memory_order o = orders[i % 5];
     sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device, global_space> add(d[0]);
     sycl::atomic_ref<T, memory_order::acq_rel, memory_scope::system> sub(d[1]);
     sycl::atomic_ref<T, memory_order::seq_cst, memory_scope::device> mn(d[2]);
     sycl::atomic_ref<T, memory_order::relaxed, memory_scope::work_group> mx(d[3]);
     sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device> xc(d[4]);
     sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device> cs(d[5]);
     add.fetch_add(v, o);
     sub.fetch_sub(v, o, i % 2 ? memory_scope::device : memory_scope::system);
     mn.fetch_min(T(i % 1000 + 3), o);
     mx.fetch_max(T(i % 977), o, memory_scope::device);
     seen[i] = xc.exchange(T(i), o);
     T old = cs.load(memory_order::relaxed);
     while (!cs.compare_exchange_weak(old, T(old + v), o, memory_order::relaxed)) {
     }
     if (i == 5) {
       sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device> ls(d[6]);
       ls.store(T(42), memory_order::release);
       d[7] = ls.load(memory_order::acquire) + T(1);
     }
   }).wait();
  T sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += value_of<T>(i);
  EXPECT_EQ(d[0], sum);
  EXPECT_EQ(d[1], T(start - sum));
  EXPECT_EQ(d[2], T(3));
  EXPECT_EQ(d[3], T(976));
  EXPECT_EQ(d[5], sum);
  EXPECT_EQ(d[6], T(42));
  EXPECT_EQ(d[7], T(43));
  // exchange: the values seen plus the final one are the start value and every item's id, once each.
  std::vector<double> all(seen, seen + n);
  all.push_back(double(d[4]));
  std::sort(all.begin(), all.end());
  std::vector<double> want;
  for (std::size_t i = 0; i < n; ++i) want.push_back(double(T(i)));
  want.push_back(1000.0);
  std::sort(want.begin(), want.end());
  EXPECT_EQ(all, want);
  sycl::free(d, q);
  sycl::free(seen, q);
}

// The same operations on a work group's local memory (shared memory), then
// copied out per group.
TYPED_TEST(AtomicRefTyped, LocalMemory) {
  using T = TypeParam;
  target_queue q;
  constexpr std::size_t groups = 64, wg = 256;
  T* out = sycl::malloc_shared<T>(groups * 4, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<T, 1> loc(4, h);
     h.parallel_for(sycl::nd_range<1>(groups * wg, wg), [=](sycl::nd_item<1> it) {
       const std::size_t l = it.get_local_id(0), grp = it.get_group(0);
       if (l == 0) {
         loc[0] = T(0);
         loc[1] = T(1000);
         loc[2] = T(0);
         loc[3] = T(5000);
       }
       sycl::group_barrier(it.get_group());
       sycl::atomic_ref<T, memory_order::relaxed, memory_scope::work_group, local_space> a(loc[0]);
       sycl::atomic_ref<T, memory_order::acq_rel, memory_scope::work_group, local_space> mn(loc[1]);
       sycl::atomic_ref<T, memory_order::relaxed, memory_scope::work_group> mx(loc[2]);  // generic space
       sycl::atomic_ref<T, memory_order::seq_cst, memory_scope::work_group, local_space> s(loc[3]);
       a += value_of<T>(l + grp);
       mn.fetch_min(T((l * 7 + grp) % 200 + 1));
       mx.fetch_max(T(l + grp));
       s -= T(1);
       sycl::group_barrier(it.get_group());
       if (l < 4) out[grp * 4 + l] = loc[l];
     });
   }).wait();
  for (std::size_t grp = 0; grp < groups; ++grp) {
    T sum = 0, mn = 1000;
    for (std::size_t l = 0; l < wg; ++l) {
      sum += value_of<T>(l + grp);
      mn = std::min<T>(mn, T((l * 7 + grp) % 200 + 1));
    }
    ASSERT_EQ(out[grp * 4 + 0], sum) << grp;
    ASSERT_EQ(out[grp * 4 + 1], mn) << grp;
    ASSERT_EQ(out[grp * 4 + 2], T(wg - 1 + grp)) << grp;
    ASSERT_EQ(out[grp * 4 + 3], T(5000 - wg)) << grp;
  }
  sycl::free(out, q);
}

// Unsigned min/max beyond the signed range, of work-group scope on local memory and of
// system scope on global memory: on NVIDIA GPUs these are the unsigned instructions (clang's
// scoped builtins are the signed ones; kernel-fuzz found it on an H200).
template <class T>
void unsigned_min_max_above_signed_range() {
  target_queue q;
  constexpr std::size_t groups = 4, wg = 64;
  constexpr T top = T(1) << (sizeof(T) * 8 - 1);
  T* out = sycl::malloc_shared<T>(groups * 4, q);
  for (std::size_t i = 0; i < groups * 4; ++i) out[i] = i % 2 ? T(0) : ~T(0);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<T, 1> loc(2, h);
     h.parallel_for(sycl::nd_range<1>(groups * wg, wg), [=](sycl::nd_item<1> it) {
       const std::size_t l = it.get_local_id(0), grp = it.get_group(0);
       if (l == 0) {
         loc[0] = ~T(0);
         loc[1] = T(0);
       }
       sycl::group_barrier(it.get_group());
       const T v = top + T(l * 3 + grp);  // above every signed value
       sycl::atomic_ref<T, memory_order::relaxed, memory_scope::work_group, local_space>(loc[0]).fetch_min(v);
       sycl::atomic_ref<T, memory_order::relaxed, memory_scope::work_group, local_space>(loc[1]).fetch_max(v);
       sycl::atomic_ref<T, memory_order::relaxed, memory_scope::system, global_space>(out[grp * 4 + 2]).fetch_min(v);
       sycl::atomic_ref<T, memory_order::relaxed, memory_scope::system, global_space>(out[grp * 4 + 3]).fetch_max(v);
       sycl::group_barrier(it.get_group());
       if (l < 2) out[grp * 4 + l] = loc[l];
     });
   }).wait();
  for (std::size_t grp = 0; grp < groups; ++grp) {
    ASSERT_EQ(out[grp * 4 + 0], top + T(grp)) << grp;
    ASSERT_EQ(out[grp * 4 + 1], top + T((wg - 1) * 3 + grp)) << grp;
    ASSERT_EQ(out[grp * 4 + 2], top + T(grp)) << grp;
    ASSERT_EQ(out[grp * 4 + 3], top + T((wg - 1) * 3 + grp)) << grp;
  }
  sycl::free(out, q);
}
TEST(Atomics, UnsignedMinMaxAboveSignedRange) {
  unsigned_min_max_above_signed_range<unsigned int>();
  unsigned_min_max_above_signed_range<unsigned long long>();
}

// Integer bit operations, increment/decrement operators, limits.
TYPED_TEST(AtomicRefTyped, IntegerBitOps) {
  using T = TypeParam;
  if constexpr (std::is_integral_v<T>) {
    target_queue q;
    constexpr std::size_t n = 1 << 14;
    constexpr int bits = int(sizeof(T) * 8);
    T* d = sycl::malloc_shared<T>(6, q);
    d[0] = T(0);                           // or
    d[1] = T(~T(0));                       // and
    d[2] = T(0);                           // xor
    d[3] = T(0);                           // ++ and --
    d[4] = std::numeric_limits<T>::max();  // min stays below max
    d[5] = std::numeric_limits<T>::min();
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
       const std::size_t i = id[0];
       sycl::atomic_ref<T, memory_order::relaxed, memory_scope::device> o(d[0]), a(d[1]), x(d[2]), c(d[3]), mn(d[4]),
           mx(d[5]);
       if (i < std::size_t(bits)) {
         o |= T(T(1) << (i % bits));
         if (i % 2) a &= T(~(T(1) << (i % bits)));
       }
       x ^= T(i);
       if (i % 3 == 0) ++c;
       else if (i % 3 == 1) c++;
       else c--;
       mn.fetch_min(std::is_signed_v<T> ? T(-T(i)) : T(i + 1));
       mx.fetch_max(T(i));
     }).wait();
    T xr = 0, cnt = 0;
    for (std::size_t i = 0; i < n; ++i) {
      xr ^= T(i);
      cnt = T(cnt + (i % 3 == 2 ? T(-1) : T(1)));
    }
    T and_want = T(~T(0));
    for (int b = 1; b < bits; b += 2) and_want &= T(~(T(1) << b));
    EXPECT_EQ(d[0], T(~T(0)));
    EXPECT_EQ(d[1], and_want);
    EXPECT_EQ(d[2], xr);
    EXPECT_EQ(d[3], cnt);
    EXPECT_EQ(d[4], std::is_signed_v<T> ? T(-T(n - 1)) : T(1));
    EXPECT_EQ(d[5], T(n - 1));
    sycl::free(d, q);
  }
}

// Release/acquire across work groups: each group publishes its partial sum, then
// counts itself in with an acq_rel fetch_add; the last group to arrive reads
// every partial (acquire) and writes the total. Also through atomic_fence.
TEST(Atomics, LastGroupSumsPartials) {
  target_queue q;
  constexpr std::size_t groups = 512, wg = 128, n = groups * wg;
  for (int variant = 0; variant < 2; ++variant) {
    long long* partial = sycl::malloc_device<long long>(groups, q);
    unsigned* counter = sycl::malloc_shared<unsigned>(1, q);
    long long* total = sycl::malloc_shared<long long>(1, q);
    *counter = 0;
    *total = -1;
    q.parallel_for(sycl::nd_range<1>(n, wg), [=](sycl::nd_item<1> it) {
       const long long x = (long long)(it.get_global_id(0) * 3 + 1);
       const long long s = sycl::reduce_over_group(it.get_group(), x, sycl::plus<long long>());
       if (it.get_local_id(0) == 0) {
         sycl::atomic_ref<unsigned, memory_order::relaxed, memory_scope::device> c(*counter);
         unsigned arrived;
         if (variant == 0) {
           sycl::atomic_ref<long long, memory_order::relaxed, memory_scope::device>(partial[it.get_group(0)])
               .store(s, memory_order::relaxed);
           arrived = c.fetch_add(1u, memory_order::acq_rel);
         } else {
           partial[it.get_group(0)] = s;
           sycl::atomic_fence(memory_order::release, memory_scope::device);
           arrived = c.fetch_add(1u, memory_order::relaxed);
           sycl::atomic_fence(memory_order::acquire, memory_scope::device);
         }
         if (arrived == groups - 1) {
           long long t = 0;
           for (std::size_t k = 0; k < groups; ++k)
             t += sycl::atomic_ref<long long, memory_order::relaxed, memory_scope::device>(partial[k]).load();
           *total = t;
         }
       }
     }).wait();
    long long want = 0;
    for (std::size_t i = 0; i < n; ++i) want += (long long)(i * 3 + 1);
    EXPECT_EQ(*total, want) << "variant " << variant;
    EXPECT_EQ(*counter, unsigned(groups));
    sycl::free(partial, q);
    sycl::free(counter, q);
    sycl::free(total, q);
  }
}

// A histogram: many collisions on few addresses, in local memory then global.
TEST(Atomics, Histogram) {
  target_queue q;
  constexpr std::size_t n = 1 << 20, bins = 64, wg = 256;
  std::vector<unsigned> data(n), hist(bins, 0), want(bins, 0);
  for (std::size_t i = 0; i < n; ++i) {
    data[i] = unsigned((i * 2654435761u) >> 7) % bins;
    ++want[data[i]];
  }
  {
    sycl::buffer<unsigned> bd(data.data(), sycl::range<1>(n)), bh(hist.data(), sycl::range<1>(bins));
    q.submit([&](sycl::handler& h) {
      sycl::accessor in{bd, h, sycl::read_only};
      sycl::accessor out{bh, h};
      sycl::local_accessor<unsigned, 1> loc(bins, h);
      h.parallel_for(sycl::nd_range<1>(n / 4, wg), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        if (l < bins) loc[l] = 0;
        sycl::group_barrier(it.get_group());
        for (int k = 0; k < 4; ++k) {
          const unsigned b = in[it.get_global_id(0) * 4 + k];
          sycl::atomic_ref<unsigned, memory_order::relaxed, memory_scope::work_group, local_space>(loc[b])++;
        }
        sycl::group_barrier(it.get_group());
        if (l < bins) sycl::atomic_ref<unsigned, memory_order::relaxed, memory_scope::device>(out[l]) += loc[l];
      });
    });
  }
  EXPECT_EQ(hist, want);
}

// Pointer atomics: items claim slots of an array by bumping a shared pointer.
TEST(Atomics, PointerFetchAdd) {
  target_queue q;
  constexpr std::size_t n = 10000;
  int* slots = sycl::malloc_shared<int>(2 * n, q);
  int** cursor = sycl::malloc_shared<int*>(1, q);
  *cursor = slots;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::atomic_ref<int*, memory_order::relaxed, memory_scope::device> c(*cursor);
     int* mine = c.fetch_add(2);
     mine[0] = int(i[0]);
     mine[1] = -int(i[0]);
   }).wait();
  EXPECT_EQ(*cursor, slots + 2 * n);
  std::vector<int> got;
  for (std::size_t k = 0; k < n; ++k) {
    ASSERT_EQ(slots[2 * k + 1], -slots[2 * k]);
    got.push_back(slots[2 * k]);
  }
  std::sort(got.begin(), got.end());
  for (std::size_t k = 0; k < n; ++k) ASSERT_EQ(got[k], int(k));
  sycl::free(slots, q);
  sycl::free(cursor, q);
}

// SYCL 1.2.1: sycl::atomic through atomic accessors and the atomic_* free functions.
TEST(Atomics, Legacy121Atomics) {
  target_queue q;
  constexpr std::size_t n = 1 << 15;
  std::vector<int> v(4, 0);
  v[2] = 1 << 30;
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(4));
    q.submit([&](sycl::handler& h) {
      auto a = b.get_access<sycl::access::mode::atomic>(h);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        a[0].fetch_add(1);
        sycl::atomic_fetch_max(a[1], int(i[0]));
        sycl::atomic_fetch_min(a[2], int(i[0]) + 7);
        sycl::atomic_fetch_or(a[3], 1 << (i[0] % 31));
      });
    });
  }
  EXPECT_EQ(v[0], int(n));
  EXPECT_EQ(v[1], int(n - 1));
  EXPECT_EQ(v[2], 7);
  EXPECT_EQ(v[3], 0x7fffffff);
}
