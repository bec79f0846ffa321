// Static placement of work groups (docs/hpc.md, "Placement"): with the static
// partition on, nd_range and scoped kernels run work group g in block k
// (k*G/C <= g < (k+1)*G/C) on the worker in arena slot k, like the rows of a
// parallel_for(range); so for a given size and worker count every form touches
// the same items from the same worker, launch after launch. And the nd_range
// first-phase order (group_executor.hpp, chunk_counter) still holds: the first
// placed launch of a kernel runs group 0 alone as a probe, then the rest placed
// (no work-group barrier seen) or with the ordered dispatch (barrier seen).
// Each body runs in a fresh forked child (child.hpp): the partition mode is
// decided once per process.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <numeric>
#include <string>
#include <sycl/sycl.hpp>
#include <tbb/task_arena.h>
#include <thread>
#include <vector>
#include "child.hpp"

using namespace hpc_test;

namespace {

void static_mode(const char* threads) { weft_env({{"WEFT_NUM_THREADS", threads}, {"WEFT_PARTITION", "static"}}); }

int slot() { return tbb::this_task_arena::current_thread_index(); }

// Some work per item, so that a block lasts long enough (milliseconds) for every
// worker to arrive and take its own block even on a loaded machine: with empty
// groups the first worker would finish its block and take the next before the
// second woke up.
inline unsigned busy(std::size_t seed) {
  unsigned x = static_cast<unsigned>(seed) | 1u;
  for (int i = 0; i < 4000; ++i) x = x * 1664525u + 1013904223u;
  return x;
}

// "" when the per-unit slots form `blocks` contiguous blocks of the static
// partition (unit u in block k iff k*n/blocks <= u < (k+1)*n/blocks), each run by
// one thread; otherwise what is wrong. A block whose worker came late may run
// on another worker's thread: only one thread per block is required.
std::string check_blocks(const std::vector<int>& s, std::size_t blocks) {
  const std::size_t n = s.size();
  for (std::size_t k = 0; k < blocks; ++k)
    for (std::size_t u = k * n / blocks + 1; u < (k + 1) * n / blocks; ++u)
      if (s[u] != s[u - 1]) return "block " + std::to_string(k) + " split at unit " + std::to_string(u) + "; ";
  return "";
}

// Whether block k ran on slot k for every k (every worker took part).
bool canonical(const std::vector<int>& s, std::size_t blocks) {
  for (std::size_t k = 0; k < blocks; ++k)
    if (s[k * s.size() / blocks] != static_cast<int>(k)) return false;
  return true;
}

// Runs `launch` (which fills a per-unit slot vector) in pairs until a pair
// gives the canonical mapping twice (on a loaded machine a worker may come
// late, so look for it over a few seconds); every launch must show the blocks.
template <class Launch>
std::string same_mapping_twice(std::size_t blocks, Launch launch) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (int rep = 0; rep < 100 || std::chrono::steady_clock::now() < until; ++rep) {
    std::vector<int> a = launch(), b = launch();
    std::string bad = check_blocks(a, blocks) + check_blocks(b, blocks);
    if (!bad.empty()) return bad;
    if (canonical(a, blocks) && canonical(b, blocks) && a == b) return "ok";
  }
  return "never twice on slots 0.." + std::to_string(blocks - 1);
}

TEST(Placement, NdRangeGroupsKeepTheirWorker) {
  auto r = in_child([] {
    static_mode("2");
    sycl::queue q;
    std::string out;
    // 1D: 256 groups of 64 items: blocks [0, 128) and [128, 256).
    {
      constexpr std::size_t G = 256, L = 64;
      std::vector<int> by_item(G * L, -1);
      int* s = by_item.data();
      out += "1D " + same_mapping_twice(2, [&] {
               q.parallel_for(sycl::nd_range<1>(G * L, L), [=](sycl::nd_item<1> it) {
                  const std::size_t i = it.get_global_id(0);
                  s[i] = busy(i) == 1u ? -3 : slot();  // (-3 never happens: it keeps busy() from being dropped)
                }).wait();
               // Every item of a group on its group's thread; one entry per group.
               std::vector<int> by_group(G);
               for (std::size_t g = 0; g < G; ++g) {
                 by_group[g] = s[g * L];
                 for (std::size_t i = 1; i < L; ++i)
                   if (s[g * L + i] != s[g * L]) by_group[g] = -2;
               }
               return by_group;
             });
    }
    // 2D: 32 x 16 groups of 8 x 8 items, linear group ids row-major.
    {
      const sycl::range<2> groups(32, 16), local(8, 8);
      std::vector<int> by_group(groups.size(), -1);
      int* s = by_group.data();
      out += ", 2D " + same_mapping_twice(2, [&] {
               q.parallel_for(sycl::nd_range<2>(groups * local, local), [=](sycl::nd_item<2> it) {
                  const bool never = busy(it.get_global_linear_id()) == 1u;  // keeps busy() from being dropped
                  if (it.get_local_linear_id() == 0 || never) s[it.get_group_linear_id()] = never ? -3 : slot();
                }).wait();
               return by_group;
             });
    }
    return out;
  });
  EXPECT_CHILD_OUTPUT(r, "1D ok, 2D ok");
}

TEST(Placement, NdRangeBlocksWithThreeWorkers) {
  // Three blocks of uneven size (100 groups: [0, 33), [33, 66), [66, 100)),
  // every group exactly once, each block on one thread.
  auto r = in_child([] {
    static_mode("3");
    sycl::queue q;
    constexpr std::size_t G = 100, L = 64;
    std::vector<int> by_group(G, -1), hits(G, 0);
    int* s = by_group.data();
    int* h = hits.data();
    std::string out;
    for (int rep = 0; rep < 50 && out.empty(); ++rep) {
      std::fill(hits.begin(), hits.end(), 0);
      q.parallel_for(sycl::nd_range<1>(G * L, L), [=](sycl::nd_item<1> it) {
         if (it.get_local_id(0) == 0) {
           s[it.get_group(0)] = slot();
           ++h[it.get_group(0)];
         }
       }).wait();
      out += check_blocks(by_group, 3);
      for (int x : hits)
        if (x != 1) out += "a group ran " + std::to_string(x) + " times; ";
    }
    return out.empty() ? std::string("ok") : out;
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

// First touch: the same items land on the same worker whichever form touches
// them (range, nd_range, scoped), so data initialised by one form is used from
// the same CPU by the others.
TEST(Placement, AllFormsTouchTheSameItemsFromTheSameWorker) {
  auto r = in_child([] {
    static_mode("2");
    sycl::queue q;
    constexpr std::size_t G = 256, L = 64, N = G * L;
    std::vector<int> by_item(N, -1);
    int* s = by_item.data();
    std::string out;
    out += "range " + same_mapping_twice(2, [&] {
             q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { s[i[0]] = slot(); }).wait();
             return by_item;
           });
    out +=
        ", nd_range " + same_mapping_twice(2, [&] {
          q.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1> it) { s[it.get_global_id(0)] = slot(); }).wait();
          return by_item;
        });
    out += ", scoped " + same_mapping_twice(2, [&] {
             q.parallel(sycl::range<1>{G}, sycl::range<1>{L}, [=](auto grp) {
                sycl::distribute_items(grp, [&](sycl::s_item<1> idx) { s[idx.get_global_id(0)] = slot(); });
              }).wait();
             return by_item;
           });
    // 2D: rows of a range<2> and the rows of groups of an nd_range<2>.
    const sycl::range<2> r2(128, 96), local(16, 8);
    std::vector<int> item2(r2.size(), -1);
    int* s2 = item2.data();
    out += ", range<2> " + same_mapping_twice(2, [&] {
             q.parallel_for(r2, [=](sycl::item<2> it) { s2[it.get_linear_id()] = slot(); }).wait();
             return item2;
           });
    out += ", nd_range<2> " + same_mapping_twice(2, [&] {
             q.parallel_for(sycl::nd_range<2>(r2, local), [=](sycl::nd_item<2> it) {
                s2[it.get_global_linear_id()] = slot();
              }).wait();
             return item2;
           });
    return out;
  });
  EXPECT_CHILD_OUTPUT(r, "range ok, nd_range ok, scoped ok, range<2> ok, nd_range<2> ok");
}

// Reductions under static placement: range, nd_range and scoped, the
// blocks' partials folded in block order.
TEST(Placement, ReductionsUnderStaticPlacement) {
  auto r = in_child([] {
    static_mode("2");
    sycl::queue q;
    std::string out;
    for (std::size_t n : {1u, 7u, 4096u, 100003u}) {
      long* sum = sycl::malloc_shared<long>(1, q);
      *sum = 0;
      q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<long>()), [=](sycl::id<1> i, auto& acc) {
         acc += static_cast<long>(i[0]);
       }).wait();
      if (*sum != static_cast<long>(n * (n - 1) / 2)) out += "range n=" + std::to_string(n) + "; ";
      *sum = 0;
      const std::size_t L = 16, G = (n + L - 1) / L;
      q.parallel_for(sycl::nd_range<1>(G * L, L), sycl::reduction(sum, sycl::plus<long>()),
                     [=](sycl::nd_item<1> it, auto& acc) { acc += static_cast<long>(it.get_global_id(0)); })
          .wait();
      if (*sum != static_cast<long>(G * L * (G * L - 1) / 2)) out += "nd_range n=" + std::to_string(n) + "; ";
      *sum = 0;
      q.parallel(sycl::range<1>{G}, sycl::range<1>{L}, sycl::reduction(sum, sycl::plus<long>()),
                 [=](auto grp, auto& acc) {
                   sycl::distribute_items(grp,
                                          [&](sycl::s_item<1> idx) { acc += static_cast<long>(idx.get_global_id(0)); });
                 })
          .wait();
      if (*sum != static_cast<long>(G * L * (G * L - 1) / 2)) out += "scoped n=" + std::to_string(n) + "; ";
      sycl::free(sum, q);
    }
    return out.empty() ? std::string("ok") : out;
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

// The first-phase order under static placement: block 1 starts before block 0
// has, yet a group of block 1 releases its first barrier only after every group
// of block 0 has passed its own. Group 0 sleeps before reading half of its
// input, which the groups of block 1 overwrite after their barrier.
TEST(Placement, StaticNdRangeKeepsTheFirstPhaseOrder) {
  auto r = in_child([] {
    static_mode("2");
    sycl::queue q;
    constexpr std::size_t l = 64, groups = 64;
    std::vector<long> data(l * groups);
    std::vector<long> sums(groups);
    std::vector<int> by_group(groups);
    std::string out;
    // The same kernel type throughout: launch 0 has no barrier (the probe finds
    // group 0 plain, so the kernel stays placed), launch 1 meets its barriers
    // under static placement (the rare path: block 1 waits for block 0, and
    // the kernel becomes synchronising), launches 2.. run with the ordered
    // dispatch.
    auto run = [&](bool barrier) {
      for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<long>(i % 97);
      const long expected0 = std::accumulate(data.begin(), data.begin() + l, 0L);
      long* d = data.data();
      long* o = sums.data();
      int* s = by_group.data();
      q.submit([&](sycl::handler& h) {
         sycl::local_accessor<long, 1> acc(sycl::range<1>(l), h);
         h.parallel_for(sycl::nd_range<1>(l * groups, l), [=](sycl::nd_item<1> it) {
           const std::size_t g = it.get_group(0), lid = it.get_local_id(0);
           if (lid == 0) s[g] = slot();
           if (!barrier) return;
           if (g == 0 && lid == l / 2) std::this_thread::sleep_for(std::chrono::milliseconds(30));
           acc[lid] = d[g * l + lid];
           sycl::group_barrier(it.get_group());
           if (lid == 0) {
             long sum = 0;
             for (std::size_t k = 0; k < l; ++k) sum += acc[k];
             o[g] = sum;
             d[g] = -1000000;  // group g's result lands in group 0's input
           }
         });
       }).wait();
      return !barrier || sums[0] == expected0;
    };
    if (!run(false)) out += "launch 0 wrong; ";
    out += check_blocks(by_group, 2);
    if (!run(true)) out += "placed launch with barriers: group 0 read overwritten input; ";
    out += check_blocks(by_group, 2);
    for (int rep = 0; rep < 3; ++rep)
      if (!run(true)) out += "ordered launch: group 0 read overwritten input; ";
    return out.empty() ? std::string("ok") : out;
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

// The seed reduction (in place: group g writes its sum to element g, inside an
// earlier group's input) gives the exact sum under static placement: its first
// launch probes group 0, sees the barrier and runs the rest ordered.
TEST(Placement, InPlaceReductionUnderStaticPlacement) {
  auto r = in_child([] {
    static_mode("2");
    sycl::queue q;
    constexpr std::size_t wg = 64;
    std::size_t len = std::size_t(1) << 20;
    std::vector<long> host(len);
    std::iota(host.begin(), host.end(), 0L);
    const long expected = static_cast<long>(len) * static_cast<long>(len - 1) / 2;
    {
      sycl::buffer<long, 1> buf(host.data(), sycl::range<1>(len));
      do {
        const std::size_t n_wgroups = (len + wg * 2 - 1) / (wg * 2);
        q.submit([&](sycl::handler& h) {
          sycl::local_accessor<long, 1> local(sycl::range<1>(wg), h);
          sycl::accessor g{buf, h, sycl::read_write};
          const std::size_t n = len;
          h.parallel_for(sycl::nd_range<1>(n_wgroups * wg, wg), [=](sycl::nd_item<1> it) {
            const std::size_t lid = it.get_local_linear_id(), gid = it.get_global_linear_id();
            local[lid] = 0;
            if (2 * gid < n) local[lid] = g[2 * gid] + (2 * gid + 1 < n ? g[2 * gid + 1] : 0);
            it.barrier(sycl::access::fence_space::local_space);
            for (std::size_t stride = 1; stride < wg; stride *= 2) {
              const std::size_t idx = 2 * stride * lid;
              if (idx < wg) local[idx] = local[idx] + local[idx + stride];
              it.barrier(sycl::access::fence_space::local_space);
            }
            if (lid == 0) g[it.get_group_linear_id()] = local[0];
          });
        });
        len = n_wgroups;
      } while (len > 1);
    }
    return host[0] == expected ? std::string("ok")
                               : "sum " + std::to_string(host[0]) + " != " + std::to_string(expected);
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

// A kernel without work-group barriers is placed from its first launch: the
// probe's group 0 and the rest of block 0 on one thread, each block on one
// thread, every group once. (A fresh kernel type per round: only the first
// launch of a type probes.)
template <int N>
std::string first_launch_blocks(sycl::queue& q) {
  constexpr std::size_t G = 64, L = 32;
  std::vector<int> by_group(G, -1), hits(G, 0);
  int* s = by_group.data();
  int* h = hits.data();
  q.parallel_for(sycl::nd_range<1>(G * L, L), [=](sycl::nd_item<1> it) {
     if (it.get_local_id(0) == 0) {
       s[it.get_group(0)] = slot();
       ++h[it.get_group(0)];
     }
   }).wait();
  std::string out = check_blocks(by_group, 2);
  for (int x : hits)
    if (x != 1) out += "a group ran " + std::to_string(x) + " times; ";
  return out;
}

TEST(Placement, NonBarrierKernelIsPlacedFromItsFirstLaunch) {
  auto r = in_child([] {
    static_mode("2");
    sycl::queue q;
    std::string out = first_launch_blocks<0>(q) + first_launch_blocks<1>(q) + first_launch_blocks<2>(q) +
                      first_launch_blocks<3>(q) + first_launch_blocks<4>(q) + first_launch_blocks<5>(q);
    return out.empty() ? std::string("ok") : out;
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

// A barrier kernel's first static launch is not serialised: after the probe
// (group 0 alone) groups 1.. run with the ordered dispatch on both workers at
// once. Each group's item 0 spends a while after the barrier and counts the
// groups it overlapped with; a launch whose blocks waited for each other
// overlaps about once. "" when the launch overlapped, otherwise what it saw.
template <int N>
std::string first_barrier_launch(sycl::queue& q) {
  constexpr std::size_t G = 64, L = 16;
  std::vector<int> by_group(G, -1);
  int* s = by_group.data();
  std::atomic<int> active{0}, overlapped{0};
  std::atomic<int>* a = &active;
  std::atomic<int>* o = &overlapped;
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> acc(sycl::range<1>(L), h);
     h.parallel_for(sycl::nd_range<1>(G * L, L), [=](sycl::nd_item<1> it) {
       const std::size_t lid = it.get_local_id(0);
       acc[lid] = static_cast<int>(lid) + N;
       sycl::group_barrier(it.get_group());
       if (lid == 0) {
         s[it.get_group(0)] = slot();
         if (a->fetch_add(1) > 0) o->fetch_add(1);
         std::this_thread::sleep_for(std::chrono::milliseconds(2));
         if (a->load() > 1) o->fetch_add(1);
         a->fetch_sub(1);
       }
     });
   }).wait();
  std::set<int> workers(by_group.begin() + 1, by_group.end());
  if (workers.size() > 1 && overlapped.load() >= static_cast<int>(G / 4)) return "";
  return "workers " + std::to_string(workers.size()) + " overlapped " + std::to_string(overlapped.load()) + "; ";
}

TEST(Placement, BarrierKernelsFirstStaticLaunchIsNotSerialised) {
  auto r = in_child([] {
    static_mode("2");
    sycl::queue q;
    // On a loaded machine a worker may join late: any of a few fresh kernels
    // must show it.
    std::string seen;
    for (auto attempt :
         {&first_barrier_launch<0>, &first_barrier_launch<1>, &first_barrier_launch<2>, &first_barrier_launch<3>,
          &first_barrier_launch<4>, &first_barrier_launch<5>, &first_barrier_launch<6>, &first_barrier_launch<7>}) {
      const std::string s = attempt(q);
      if (s.empty()) return std::string("ok");
      seen += s;
    }
    return seen;
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

// Errors under static placement: in the probe's group 0, and in a later group
// (of a barrier kernel, after its probe, and of a plain one): the launch
// throws, nothing hangs, and the next launch of the same kernel runs normally.
int caught = 0;  // "bad group" errors the queue's handler saw

template <int N>
std::string error_in_group(sycl::queue& q, std::size_t bad, bool barrier) {
  constexpr std::size_t G = 32, L = 16;
  std::string out;
  for (int rep = 0; rep < 2; ++rep) {
    std::vector<int> hits(G, 0);
    int* h = hits.data();
    const std::size_t fail = rep == 0 ? bad : G;
    const int before = caught;
    q.parallel_for(sycl::nd_range<1>(G * L, L), [=](sycl::nd_item<1> it) {
      if (barrier) sycl::group_barrier(it.get_group());
      if (it.get_local_id(0) == 0) {
        if (it.get_group(0) == fail) throw std::runtime_error("bad group");
        ++h[it.get_group(0)];
      }
    });
    q.wait_and_throw();
    if (rep == 0 && caught != before + 1) out += "no error from group " + std::to_string(bad) + "; ";
    if (rep == 1 && caught != before) out += "error without a bad group; ";
    if (rep == 1)
      for (int x : hits)
        if (x != 1) out += "a group ran " + std::to_string(x) + " times; ";
  }
  return out;
}

TEST(Placement, ErrorsInTheProbeAndAfterIt) {
  auto r = in_child([] {
    static_mode("2");
    sycl::queue q([](sycl::exception_list list) {
      for (auto& e : list) {
        try {
          std::rethrow_exception(e);
        } catch (const std::runtime_error& ex) {
          caught += std::string(ex.what()) == "bad group";
        }
      }
    });
    std::string out = error_in_group<0>(q, 0, false) + error_in_group<1>(q, 0, true) + error_in_group<2>(q, 31, true) +
                      error_in_group<3>(q, 20, false);
    return out.empty() ? std::string("ok") : out;
  });
  EXPECT_CHILD_OUTPUT(r, "ok");
}

}  // namespace
