// The nd_range engine through the launch interface: index mapping, barriers
// (work-group and sub-group, in loops, differing per group), local memory,
// dispatch order, group scratch, and the errors a group can raise.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <thread>
#include <cstdint>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <sycl/exception.hpp>
#include <vector>
#include <weft/config.hpp>
#include <weft/kernel/sync.hpp>
#include <weft/runtime/runtime.hpp>
#include <weft/settings.hpp>

#include "../support/fibers.hpp"
#include "../support/mentions.hpp"
#include "launch_helpers.hpp"

using weft::test::launch;
using weft::test::local_memory_plan;

namespace {

constexpr std::size_t sg_size = WEFT_SUB_GROUP_SIZE;

struct index_record {
  std::size_t global[3], local[3], group[3];
  std::size_t global_linear, local_linear, group_linear;
  std::size_t global_range[3], local_range[3], group_range[3];
};

template <int Dims>
std::vector<index_record> record_indices(sycl::range<Dims> global, sycl::range<Dims> local) {
  std::vector<index_record> out(global.size());
  index_record* p = out.data();
  launch(sycl::nd_range<Dims>(global, local), [=](sycl::nd_item<Dims> it) {
    index_record r{};
    for (int d = 0; d < Dims; ++d) {
      r.global[d] = it.get_global_id(d);
      r.local[d] = it.get_local_id(d);
      r.group[d] = it.get_group(d);
      r.global_range[d] = it.get_global_range(d);
      r.local_range[d] = it.get_local_range(d);
      r.group_range[d] = it.get_group_range(d);
    }
    r.global_linear = it.get_global_linear_id();
    r.local_linear = it.get_local_linear_id();
    r.group_linear = it.get_group_linear_id();
    p[it.get_global_linear_id()] = r;
  });
  return out;
}

template <int Dims>
void check_indices(sycl::range<Dims> global, sycl::range<Dims> local) {
  auto recs = record_indices(global, local);
  sycl::range<Dims> groups = global / local;
  std::vector<int> seen(global.size(), 0);
  for (std::size_t lin = 0; lin < recs.size(); ++lin) {
    const auto& r = recs[lin];
    std::size_t g_lin = 0, l_lin = 0, grp_lin = 0;
    for (int d = 0; d < Dims; ++d) {
      ASSERT_EQ(r.global[d], r.group[d] * local[d] + r.local[d]) << "dim " << d;
      ASSERT_LT(r.local[d], local[d]);
      ASSERT_EQ(r.global_range[d], global[d]);
      ASSERT_EQ(r.local_range[d], local[d]);
      ASSERT_EQ(r.group_range[d], groups[d]);
      g_lin = g_lin * global[d] + r.global[d];
      l_lin = l_lin * local[d] + r.local[d];
      grp_lin = grp_lin * groups[d] + r.group[d];
    }
    // Row-major: the last dimension is contiguous.
    ASSERT_EQ(r.global_linear, g_lin);
    ASSERT_EQ(r.global_linear, lin);
    ASSERT_EQ(r.local_linear, l_lin);
    ASSERT_EQ(r.group_linear, grp_lin);
    ++seen[lin];
  }
  EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int s) { return s == 1; }));
}

TEST(NdRangeEngine, IndexMapping1D) { check_indices(sycl::range<1>(1024), sycl::range<1>(64)); }
TEST(NdRangeEngine, IndexMapping2D) { check_indices(sycl::range<2>(24, 40), sycl::range<2>(4, 8)); }
TEST(NdRangeEngine, IndexMapping3D) { check_indices(sycl::range<3>(6, 8, 10), sycl::range<3>(3, 2, 5)); }

TEST(NdRangeEngine, IndexMappingWithOffset) {
  std::vector<std::size_t> out(64, 0);
  std::size_t* p = out.data();
  launch(sycl::nd_range<1>(sycl::range<1>(64), sycl::range<1>(16), sycl::id<1>(100)),
         [=](sycl::nd_item<1> it) { p[it.get_global_linear_id()] = it.get_global_id(0); });
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], 100 + i);
}

TEST(NdRangeEngine, BarrierReversesGroupThroughLocalMemory) {
  constexpr std::size_t n = 4096, l = 256;
  std::vector<int> in(n), out(n, -1);
  std::iota(in.begin(), in.end(), 0);
  local_memory_plan plan;
  auto tile = plan.allocate<int>(sycl::range<1>(l));
  const int* src = in.data();
  int* dst = out.data();
  launch(
      sycl::nd_range<1>(n, l),
      [=](sycl::nd_item<1> it) {
        const std::size_t lid = it.get_local_id(0);
        tile[lid] = src[it.get_global_id(0)];
        it.barrier(sycl::access::fence_space::local_space);
        dst[it.get_global_id(0)] = tile[l - 1 - lid];
      },
      plan);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>((i / l) * l + (l - 1 - i % l))) << i;
}

TEST(NdRangeEngine, TreeReductionWithBarriersInALoop) {
  constexpr std::size_t l = 128, groups = 50;
  std::vector<std::int64_t> in(l * groups), sums(groups, 0);
  std::mt19937 rng(7);
  for (auto& v : in) v = std::uniform_int_distribution<int>(-1000, 1000)(rng);
  local_memory_plan plan;
  auto acc = plan.allocate<std::int64_t>(sycl::range<1>(l));
  const std::int64_t* src = in.data();
  std::int64_t* dst = sums.data();
  launch(
      sycl::nd_range<1>(l * groups, l),
      [=](sycl::nd_item<1> it) {
        const std::size_t lid = it.get_local_linear_id();
        acc[lid] = src[it.get_global_linear_id()];
        for (std::size_t stride = l / 2; stride > 0; stride /= 2) {
          sycl::group_barrier(it.get_group());
          if (lid < stride) acc[lid] += acc[lid + stride];
        }
        if (lid == 0) dst[it.get_group_linear_id()] = acc[0];
      },
      plan);
  for (std::size_t g = 0; g < groups; ++g)
    EXPECT_EQ(sums[g], std::accumulate(in.begin() + g * l, in.begin() + (g + 1) * l, std::int64_t{0})) << g;
}

// Group g passes g % 5 barriers (0 for every fifth group: those stay plain loops).
TEST(NdRangeEngine, BarrierCountDiffersPerGroup) {
  constexpr std::size_t l = 64, groups = 40;
  std::vector<int> out(l * groups, 0);
  local_memory_plan plan;
  auto acc = plan.allocate<int>(sycl::range<1>(l));
  int* dst = out.data();
  launch(
      sycl::nd_range<1>(l * groups, l),
      [=](sycl::nd_item<1> it) {
        const std::size_t lid = it.get_local_id(0);
        const std::size_t rounds = it.get_group(0) % 5;
        acc[lid] = 1;
        for (std::size_t r = 0; r < rounds; ++r) {
          it.barrier();
          int left = acc[(lid + l - 1) % l];  // read the neighbour, then update after a barrier
          it.barrier();
          acc[lid] += left;
        }
        dst[it.get_global_id(0)] = acc[lid];
      },
      plan);
  // After r rounds of "add the left neighbour" every value is 2^r.
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], 1 << ((i / l) % 5)) << i;
}

TEST(NdRangeEngine, TwoDimensionalGroupBarrier) {
  constexpr std::size_t rows = 32, cols = 48, lr = 8, lc = 16;
  std::vector<int> out(rows * cols, -1);
  local_memory_plan plan;
  auto tile = plan.allocate<int>(sycl::range<2>(lr, lc));
  int* dst = out.data();
  launch(
      sycl::nd_range<2>(sycl::range<2>(rows, cols), sycl::range<2>(lr, lc)),
      [=](sycl::nd_item<2> it) {
        const std::size_t i = it.get_local_id(0), j = it.get_local_id(1);
        tile[i][j] = static_cast<int>(it.get_global_linear_id());
        sycl::group_barrier(it.get_group());
        // Each item reads the item mirrored in both dimensions.
        dst[it.get_global_linear_id()] = tile[sycl::id<2>(lr - 1 - i, lc - 1 - j)];
      },
      plan);
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) {
      std::size_t mr = (r / lr) * lr + (lr - 1 - r % lr), mc = (c / lc) * lc + (lc - 1 - c % lc);
      ASSERT_EQ(out[r * cols + c], static_cast<int>(mr * cols + mc)) << r << "," << c;
    }
}

// Sub-group barrier: lanes exchange values within their sub-group, including a
// partial last sub-group (group size 40 with sub-groups of 16: 16, 16, 8).
TEST(NdRangeEngine, SubGroupBarrierExchangesWithinSubGroup) {
  constexpr std::size_t l = 2 * sg_size + sg_size / 2, groups = 6;
  std::vector<std::size_t> out(l * groups, 0);
  local_memory_plan plan;
  auto acc = plan.allocate<std::size_t>(sycl::range<1>(l));
  std::size_t* dst = out.data();
  launch(
      sycl::nd_range<1>(l * groups, l),
      [=](sycl::nd_item<1> it) {
        sycl::sub_group sg = it.get_sub_group();
        const std::size_t lid = it.get_local_id(0);
        acc[lid] = it.get_global_id(0);
        sycl::group_barrier(sg);
        const std::size_t first = sg.get_group_id()[0] * sg_size, n = sg.get_local_range()[0];
        dst[it.get_global_id(0)] = acc[first + (n - 1 - sg.get_local_id()[0])];
      },
      plan);
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t lid = 0; lid < l; ++lid) {
      std::size_t first = lid / sg_size * sg_size, n = std::min(sg_size, l - first);
      ASSERT_EQ(out[g * l + lid], g * l + first + (n - 1 - (lid - first))) << g << " " << lid;
    }
}

// Only odd sub-groups reach a sub-group barrier: valid SYCL, and the group's
// item 0 finishes without one, so the switch to fibers happens mid-group.
TEST(NdRangeEngine, SubGroupBarrierInSomeSubGroupsOnly) {
  constexpr std::size_t l = 4 * sg_size, groups = 8;
  std::vector<int> out(l * groups, 0);
  local_memory_plan plan;
  auto acc = plan.allocate<int>(sycl::range<1>(l));
  int* dst = out.data();
  launch(
      sycl::nd_range<1>(l * groups, l),
      [=](sycl::nd_item<1> it) {
        sycl::sub_group sg = it.get_sub_group();
        const std::size_t lid = it.get_local_id(0);
        acc[lid] = static_cast<int>(lid);
        if (sg.get_group_id()[0] % 2 == 1) {
          sycl::group_barrier(sg);
          dst[it.get_global_id(0)] = acc[lid ^ 1];  // the neighbour lane's value
        } else {
          dst[it.get_global_id(0)] = -1;
        }
      },
      plan);
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::size_t lid = i % l;
    ASSERT_EQ(out[i], (lid / sg_size) % 2 == 1 ? static_cast<int>(lid ^ 1) : -1) << i;
  }
}

// The ordering guarantee collectives rely on: in each barrier episode the lanes
// of a sub-group arrive in increasing local id order, and scratch is shared.
TEST(NdRangeEngine, SubGroupLanesArriveInOrderAndShareScratch) {
  constexpr std::size_t l = 3 * sg_size, groups = 4, rounds = 3;
  std::vector<int> failures(groups, 0);
  int* fail = failures.data();
  launch(sycl::nd_range<1>(l * groups, l), [=](sycl::nd_item<1> it) {
    auto* scratch = static_cast<std::size_t*>(weft::kernel::group_scratch());
    const std::size_t lid = it.get_local_id(0), g = it.get_group(0);
    if (reinterpret_cast<std::uintptr_t>(scratch) % 64 != 0) ++fail[g];
    for (std::size_t r = 0; r < rounds; ++r) {
      // Lane k of a sub-group writes its slot; the last lane checks that every
      // earlier lane of its sub-group already wrote in this round.
      scratch[lid] = r * 1000 + lid;
      const std::size_t first = lid / sg_size * sg_size, last = std::min(first + sg_size, l) - 1;
      if (lid == last)
        for (std::size_t k = first; k <= last; ++k)
          if (scratch[k] != r * 1000 + k) ++fail[g];
      sycl::group_barrier(it.get_sub_group());
      sycl::group_barrier(it.get_group());
    }
  });
  for (std::size_t g = 0; g < groups; ++g) EXPECT_EQ(failures[g], 0) << "group " << g;
}

TEST(NdRangeEngine, MixedSubGroupAndWorkGroupBarriers) {
  constexpr std::size_t l = 4 * sg_size, groups = 10;
  std::vector<long> out(groups, 0);
  local_memory_plan plan;
  auto acc = plan.allocate<long>(sycl::range<1>(l));
  long* dst = out.data();
  launch(
      sycl::nd_range<1>(l * groups, l),
      [=](sycl::nd_item<1> it) {
        sycl::sub_group sg = it.get_sub_group();
        const std::size_t lid = it.get_local_id(0), lane = sg.get_local_id()[0];
        acc[lid] = static_cast<long>(it.get_global_id(0));
        // Reduce within the sub-group with sub-group barriers...
        for (std::size_t s = sg_size / 2; s > 0; s /= 2) {
          sycl::group_barrier(sg);
          long v = lane < s ? acc[lid + s] : 0;
          sycl::group_barrier(sg);
          if (lane < s) acc[lid] += v;
        }
        // ...then across sub-groups with a work-group barrier.
        sycl::group_barrier(it.get_group());
        if (lid == 0) {
          long total = 0;
          for (std::size_t s = 0; s < l; s += sg_size) total += acc[s];
          dst[it.get_group(0)] = total;
        }
      },
      plan);
  for (std::size_t g = 0; g < groups; ++g) {
    long first = static_cast<long>(g * l), last = first + static_cast<long>(l) - 1;
    EXPECT_EQ(out[g], (first + last) * static_cast<long>(l) / 2) << g;
  }
}

TEST(NdRangeEngine, ManyGroupsOfOneAndBarriers) {
  std::vector<int> out(1000, 0);
  int* dst = out.data();
  launch(sycl::nd_range<1>(1000, 1), [=](sycl::nd_item<1> it) {
    it.barrier();
    sycl::group_barrier(it.get_sub_group());
    dst[it.get_global_id(0)] = static_cast<int>(it.get_group(0)) + 1;
  });
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], static_cast<int>(i) + 1);
}

TEST(NdRangeEngine, MaximumGroupSizeWithBarriers) {
  constexpr std::size_t l = 1024, groups = 8;
  std::vector<std::size_t> out(l * groups, 0);
  local_memory_plan plan;
  auto acc = plan.allocate<std::size_t>(sycl::range<1>(l));
  std::size_t* dst = out.data();
  launch(
      sycl::nd_range<1>(l * groups, l),
      [=](sycl::nd_item<1> it) {
        const std::size_t lid = it.get_local_id(0);
        acc[lid] = lid;
        it.barrier();
        const std::size_t next = acc[(lid + 1) % l];
        it.barrier();
        acc[lid] = next;
        it.barrier();
        dst[it.get_global_id(0)] = acc[(lid + 1) % l];
      },
      plan);
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], (i % l + 2) % l) << i;
}

// Groups are dispatched in increasing order: a group may wait for an earlier
// group to have started (as on a GPU), and that wait always ends.
TEST(NdRangeEngine, GroupsStartInIncreasingOrder) {
  constexpr std::size_t groups = 512, l = 32;
  std::vector<std::atomic<int>> started(groups);
  for (auto& s : started) s.store(0);
  std::atomic<int> violations{0};
  auto* st = started.data();
  auto* viol = &violations;
  launch(sycl::nd_range<1>(groups * l, l), [=](sycl::nd_item<1> it) {
    const std::size_t g = it.get_group(0);
    if (it.get_local_id(0) != 0) return;
    st[g].store(1, std::memory_order_release);
    if (g == 0) return;
    for (long spin = 0; st[g - 1].load(std::memory_order_acquire) == 0; ++spin)
      if (spin > 200000000L) {
        viol->fetch_add(1);
        return;
      }
  });
  EXPECT_EQ(violations.load(), 0);
}

// Fibers are parked and reused across groups and kernels; groups whose item on
// the thread's stack is not item 0 (a sub-group barrier reached first by a later
// sub-group), other group sizes and a stack-size change must all keep working.
TEST(NdRangeEngine, FiberReuseAcrossGroupsKernelsAndSettings) {
  const std::size_t stack_before = weft::fiber_stack_size();
  for (int round = 0; round < 6; ++round) {
    const std::size_t l = round % 2 ? 4 * sg_size : 2 * sg_size + 3, groups = 12;
    std::vector<long> out(l * groups, 0);
    local_memory_plan plan;
    auto acc = plan.allocate<long>(sycl::range<1>(l));
    long* dst = out.data();
    const bool late_sub_group = round % 3 == 1;
    if (round == 3) weft::set_fiber_stack_size(128 * 1024);
    launch(
        sycl::nd_range<1>(l * groups, l),
        [=](sycl::nd_item<1> it) {
          const std::size_t lid = it.get_local_id(0);
          acc[lid] = static_cast<long>(it.get_global_id(0));
          if (late_sub_group) {
            // Only sub-groups after the first synchronise: item 0 finishes plainly.
            sycl::sub_group sg = it.get_sub_group();
            if (sg.get_group_id()[0] == 0) {
              dst[it.get_global_id(0)] = acc[lid];
              return;
            }
            sycl::group_barrier(sg);
            const std::size_t first = sg.get_group_id()[0] * sg_size, n = sg.get_local_range()[0];
            dst[it.get_global_id(0)] = acc[first + (n - 1 - (lid - first))];
          } else {
            it.barrier();
            dst[it.get_global_id(0)] = acc[l - 1 - lid];
          }
        },
        plan);
    for (std::size_t g = 0; g < groups; ++g)
      for (std::size_t lid = 0; lid < l; ++lid) {
        std::size_t src = l - 1 - lid;
        if (late_sub_group) {
          const std::size_t first = lid / sg_size * sg_size, n = std::min(sg_size, l - first);
          src = first == 0 ? lid : first + (n - 1 - (lid - first));
        }
        ASSERT_EQ(out[g * l + lid], static_cast<long>(g * l + src))
            << "round " << round << " group " << g << " item " << lid;
      }
  }
  weft::set_fiber_stack_size(stack_before);
}

// The seed reduction's pattern: a group's result overwrites input that an
// earlier group reads before its first barrier (group g's sum lands in group 0's
// input), and one of group 0's items sleeps first, as if its worker were
// preempted. True where group 0 still summed its own input. Without `barrier`
// the kernel does nothing. Each Tag makes a kernel type of its own: what the
// dispatch learns about a kernel is per type.
template <class Tag>
bool group_0_reads_before_it_is_overwritten(bool barrier) {
  constexpr std::size_t l = 64, groups = 64;
  std::vector<long> data(l * groups);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<long>(i % 97);
  const long expected0 = std::accumulate(data.begin(), data.begin() + l, 0L);
  std::vector<long> sums(groups, 0);
  local_memory_plan plan;
  auto acc = plan.allocate<long>(sycl::range<1>(l));
  long* d = data.data();
  long* out = sums.data();
  launch(
      sycl::nd_range<1>(l * groups, l),
      [=](sycl::nd_item<1> it) {
        if (!barrier) return;
        const std::size_t g = it.get_group(0), lid = it.get_local_id(0);
        if (g == 0 && lid == 5) std::this_thread::sleep_for(std::chrono::milliseconds(30));
        acc[lid] = d[g * l + lid];
        it.barrier();
        if (lid == 0) {
          long s = 0;
          for (std::size_t k = 0; k < l; ++k) s += acc[k];
          out[g] = s;
          d[g] = -1000000;
        }
      },
      plan);
  return !barrier || sums[0] == expected0;
}

// As on a GPU, a later group does not get past its first barrier while an
// earlier group still running on another worker has not reached its own, so the
// pattern above stays correct.
TEST(NdRangeEngine, LaterGroupsDoNotOvertakeAnEarlierGroupsFirstPhase) {
  EXPECT_TRUE(group_0_reads_before_it_is_overwritten<struct first_launch>(true));
}

// A kernel that released no work-group barrier in a launch is `plain`: its later
// launches claim guided shares of the groups left (chunk_counter), so group 0's
// worker runs at least the first groups / (2 x workers) groups on its own, as a
// range kernel's worker runs a long run of rows (fixed chunks of 4096 items hand
// out 16 of these groups at a time, alternating between workers).
TEST(NdRangeEngine, PlainKernelsClaimLongRunsOfGroups) {
  constexpr std::size_t groups = 8192, l = 256;
  const std::size_t workers = std::max<std::size_t>(std::thread::hardware_concurrency(), weft::worker_count());
  std::vector<std::size_t> owner(groups);
  std::size_t* o = owner.data();
  auto kernel = [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) == 0) o[it.get_group(0)] = std::hash<std::thread::id>{}(std::this_thread::get_id());
  };
  launch(sycl::nd_range<1>(groups * l, l), kernel);  // learns that the kernel is plain
  for (int rep = 0; rep < 3; ++rep) {
    std::fill(owner.begin(), owner.end(), 0);
    launch(sycl::nd_range<1>(groups * l, l), kernel);
    std::size_t run = 1;
    while (run < groups && owner[run] == owner[0]) ++run;
    EXPECT_GE(run, std::max<std::size_t>(16, groups / (2 * workers))) << "launch " << rep;
    EXPECT_EQ(std::count(owner.begin(), owner.end(), 0u), 0) << "a group did not run";
  }
}

// A plain kernel (its first launch released no barrier) whose later launch
// meets its barriers after all: that launch keeps the order among running
// groups, and the kernel becomes synchronising, with the ordered fixed chunks
// from then on.
TEST(NdRangeEngine, APlainKernelThatLaterSynchronisesKeepsTheOrder) {
  auto run = group_0_reads_before_it_is_overwritten<struct plain_first>;
  run(false);
  EXPECT_TRUE(run(true)) << "the plain kernel's launch with barriers";
  for (int rep = 0; rep < 3; ++rep) EXPECT_TRUE(run(true)) << "ordered launch " << rep;
}

// ---- errors ------------------------------------------------------------------------

std::string kernel_error_of(const std::function<void()>& f, sycl::errc expected = sycl::errc::kernel) {
  try {
    f();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::make_error_code(expected)) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no sycl::exception thrown";
  return {};
}

void expect_engine_still_works() {
  constexpr std::size_t l = 64;
  std::vector<int> out(l * 4, 0);
  local_memory_plan plan;
  auto acc = plan.allocate<int>(sycl::range<1>(l));
  int* dst = out.data();
  launch(
      sycl::nd_range<1>(l * 4, l),
      [=](sycl::nd_item<1> it) {
        acc[it.get_local_id(0)] = static_cast<int>(it.get_local_id(0));
        it.barrier();
        dst[it.get_global_id(0)] = acc[l - 1 - it.get_local_id(0)];
      },
      plan);
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], static_cast<int>(l - 1 - i % l));
}

TEST(NdRangeErrors, BarrierInDivergentBranchIsReportedNotDeadlocked) {
  std::string what = kernel_error_of([] {
    launch(sycl::nd_range<1>(256, 64), [](sycl::nd_item<1> it) {
      if (it.get_local_id(0) < 5) it.barrier();
    });
  });
  weft_test::expect_mentions(
      what, {"work group (", "work item 5 finished", "waiting at a work-group barrier: 0-4", "or by none"});
  expect_engine_still_works();
}

TEST(NdRangeErrors, BarrierReachedAfterItemZeroFinishedInPlainMode) {
  std::string what = kernel_error_of([] {
    launch(sycl::nd_range<2>(sycl::range<2>(8, 8), sycl::range<2>(4, 4)), [](sycl::nd_item<2> it) {
      if (it.get_group_linear_id() == 3 && it.get_local_linear_id() == 6) it.barrier();
    });
  });
  weft_test::expect_mentions(what, {"work group (1, 1)", "work item 6 reached a work-group barrier", "0-5 finished"});
  expect_engine_still_works();
}

TEST(NdRangeErrors, DifferentBarrierCountsWithinAGroup) {
  std::string what = kernel_error_of([] {
    launch(sycl::nd_range<1>(128, 32), [](sycl::nd_item<1> it) {
      it.barrier();
      if (it.get_group(0) == 2 && it.get_local_id(0) >= 30) it.barrier();  // items 30, 31 wait again
    });
  });
  weft_test::expect_mentions(what, {"work group (2)", "work item 30 reached a work-group barrier", "finished: 0-29"});
  expect_engine_still_works();
}

TEST(NdRangeErrors, SubGroupAndWorkGroupBarrierMismatch) {
  std::string what = kernel_error_of([] {
    launch(sycl::nd_range<1>(2 * sg_size, 2 * sg_size), [](sycl::nd_item<1> it) {
      if (it.get_local_id(0) == 3) sycl::group_barrier(it.get_sub_group());
      else it.barrier();
    });
  });
  EXPECT_NE(what.find("work item 3 reached a sub-group barrier"), std::string::npos) << what;
  expect_engine_still_works();
}

TEST(NdRangeErrors, UserExceptionInFiberModePropagatesAndUnwinds) {
  static std::atomic<int> destroyed{0};
  struct counted {
    ~counted() { destroyed.fetch_add(1); }
  };
  destroyed = 0;
  try {
    launch(sycl::nd_range<1>(64, 64), [](sycl::nd_item<1> it) {
      counted c;
      it.barrier();
      if (it.get_local_id(0) == 17) throw std::runtime_error("item 17 failed");
      it.barrier();
    });
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "item 17 failed");
  }
  // Every item's frame was unwound: its destructor ran exactly once.
  EXPECT_EQ(destroyed.load(), 64);
  expect_engine_still_works();
}

TEST(NdRangeErrors, UserExceptionInPlainModePropagates) {
  EXPECT_THROW(launch(sycl::nd_range<1>(1024, 128),
                      [](sycl::nd_item<1> it) {
                        if (it.get_global_id(0) == 700) throw std::logic_error("bad item");
                      }),
               std::logic_error);
  expect_engine_still_works();
}

TEST(NdRangeErrors, InvalidRangesAreRejected) {
  auto noop = [](sycl::nd_item<1>) {};
  std::string what = kernel_error_of([&] { launch(sycl::nd_range<1>(1000, 256), noop); }, sycl::errc::nd_range);
  weft_test::expect_mentions(what, {"{1000}", "{256}", "{1024}"});
  what = kernel_error_of([&] { launch(sycl::nd_range<1>(4096, 2048), noop); }, sycl::errc::nd_range);
  weft_test::expect_mentions(what, {"2048", "max_work_group_size 1024"});
  what = kernel_error_of(
      [&] { launch(sycl::nd_range<2>(sycl::range<2>(8, 8), sycl::range<2>(0, 8)), [](sycl::nd_item<2>) {}); },
      sycl::errc::nd_range);
  EXPECT_NE(what.find("zero"), std::string::npos) << what;
  what = kernel_error_of([&] { weft::launch::nd_range_kernel(sycl::nd_range<1>(64, 64), {1 << 20}, noop); },
                         sycl::errc::memory_allocation);
  weft_test::expect_mentions(what, {"1048576", "262144"});
}

// ---- fiber stacks ------------------------------------------------------------------

TEST(FiberStack, SizeSetting) {
  const std::size_t before = weft::fiber_stack_size();
  weft::set_fiber_stack_size(100000);
  EXPECT_GE(weft::fiber_stack_size(), 100000u);
  EXPECT_EQ(weft::fiber_stack_size() % 4096, 0u);
  weft::set_fiber_stack_size(1);
  EXPECT_EQ(weft::fiber_stack_size(), 16u * 1024);
  weft::set_fiber_stack_size(before);
}

// Uses about 0.5 KiB of stack per level; the frame stays live across the call,
// so no compiler can turn the recursion into a loop.
// A fiber stack the system cannot map is reported (errc::memory_allocation,
// naming the setting); the group unwinds and the engine keeps working.
TEST(FiberStack, UnmappableStackIsReported) {
  weft_test::fibers_scope fibers;
  const std::size_t before = weft::fiber_stack_size();
  weft::set_fiber_stack_size(std::size_t(200) << 40);  // more than the address space
  std::string what = kernel_error_of(
      [] {
        launch(sycl::nd_range<1>(64, 32), [](sycl::nd_item<1> it) {
          it.barrier();
          it.barrier();
        });
      },
      sycl::errc::memory_allocation);
  weft::set_fiber_stack_size(before);
  EXPECT_NE(what.find("WEFT_FIBER_STACK_SIZE"), std::string::npos) << what;
  expect_engine_still_works();
}

// WEFT_FIBER_STACK_SIZE is read once, at first use: check it in a fresh process.
TEST(FiberStackDeathTest, EnvironmentVariableSetsTheSize) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  setenv("WEFT_FIBER_STACK_SIZE", "300K", 1);
  EXPECT_EXIT(
      {
        std::fprintf(stderr, "size=%zu\n", weft::fiber_stack_size());
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "size=307200");
  setenv("WEFT_FIBER_STACK_SIZE", "lots", 1);
  EXPECT_EXIT(
      {
        std::fprintf(stderr, "size=%zu\n", weft::fiber_stack_size());
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "ignoring WEFT_FIBER_STACK_SIZE=\"lots\"(.|\n)*size=65536");
  unsetenv("WEFT_FIBER_STACK_SIZE");
}

// WEFT_SPLIT_BARRIERS is read once, at first use: checked in a fresh process.
TEST(SplitBarriersDeathTest, EnvironmentVariableSetsTheDefault) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto split_in_child = [] {
    std::fprintf(stderr, "split=%d\n", weft::split_barriers() ? 1 : 0);
    std::exit(0);
  };
  setenv("WEFT_SPLIT_BARRIERS", "0", 1);
  EXPECT_EXIT(split_in_child(), ::testing::ExitedWithCode(0), "split=0");
  setenv("WEFT_SPLIT_BARRIERS", "off", 1);
  EXPECT_EXIT(split_in_child(), ::testing::ExitedWithCode(0), "ignoring WEFT_SPLIT_BARRIERS=\"off\"(.|\n)*split=1");
  unsetenv("WEFT_SPLIT_BARRIERS");
  EXPECT_EXIT(split_in_child(), ::testing::ExitedWithCode(0), "split=1");
}

[[gnu::noinline]] int deep(int n) {
  volatile char pad[512];
  for (int i = 0; i < 512; i += 64) pad[(i + n) % 512] = 1;  // variable indices: the whole array exists
  if (n == 0) return 0;
  const int r = deep(n - 1);
  return r + pad[n % 512];
}

// A kernel that needs a deep stack after a barrier works once the stack is large enough...
TEST(FiberStack, LargerStackLetsDeepKernelsRun) {
  weft_test::fibers_scope fibers;
  const std::size_t before = weft::fiber_stack_size();
  weft::set_fiber_stack_size(1 << 20);
  std::vector<int> out(64, -1);
  int* dst = out.data();
  launch(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
    it.barrier();
    dst[it.get_global_id(0)] = deep(1000) == 1000 ? 1 : 0;
  });
  weft::set_fiber_stack_size(before);
  for (int v : out) EXPECT_EQ(v, 1);
}

// ...and overflows the default one, which is reported, naming the setting.
TEST(FiberStackDeathTest, OverflowIsReportedWithTheSetting) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        weft_test::fibers_scope fibers;
        weft::set_fiber_stack_size(64 * 1024);
        launch(sycl::nd_range<1>(64, 32), [](sycl::nd_item<1> it) {
          it.barrier();
          if (deep(1000) == 12345) it.barrier();
        });
      },
      "overflowed its fiber stack of 65536 bytes(.|\n)*WEFT_FIBER_STACK_SIZE");
}

}  // namespace
