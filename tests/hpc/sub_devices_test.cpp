// Sub-devices of the CPU device (SYCL 2020 4.6.4.2) and WEFT_CPU_DEVICES: the
// partition queries and errors, and that a sub-device's kernels run only on its
// own CPUs. Bodies that meet Weft run in a fresh forked child (child.hpp), so
// each sees its own WEFT_NUM_THREADS / WEFT_CPU_DEVICES.
#include <gtest/gtest.h>
#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <sycl/sycl.hpp>
#include <tbb/task_arena.h>
#include <vector>
#include <weft/runtime/cpu_partition.hpp>
#include <weft/runtime/system_probe.hpp>
#include "child.hpp"

using namespace hpc_test;
using sycl::info::partition_affinity_domain;
using sycl::info::partition_property;

namespace {

std::uint32_t units(const sycl::device& d) { return d.get_info<sycl::info::device::max_compute_units>(); }

// The errc a call throws, or "none".
template <class F>
std::string errc_of(F&& f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    if (e.code() == sycl::errc::invalid) return "invalid";
    if (e.code() == sycl::errc::feature_not_supported) return "feature_not_supported";
    return "other: " + std::string(e.what());
  }
  return "none";
}

std::set<int> cpus_of(const sycl::device& d) {
  auto v = weft::detail::unit_cpus_of(*d.state());
  return {v.begin(), v.end()};
}

// The CPU each work item ran on, for a range kernel, an nd_range kernel and a
// host task on q, after `dep`.
sycl::event record_cpus(sycl::queue& q, int* cpu, std::size_t n, sycl::event dep) {
  auto e = q.parallel_for(sycl::range<1>(n), dep, [=](sycl::id<1> i) {
    volatile double x = 0;
    for (int k = 0; k < 200; ++k) x = x + k;  // long enough for the workers to spread
    cpu[i] = sched_getcpu();
  });
  e = q.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(64)), e, [=](sycl::nd_item<1> it) {
    std::size_t i = it.get_global_id(0);
    cpu[n + i] = sched_getcpu();
    sycl::group_barrier(it.get_group());  // on fibers
    cpu[2 * n + i] = sched_getcpu();
  });
  return q.submit([&](sycl::handler& h) {
    h.depends_on(e);
    h.host_task([=] { cpu[3 * n] = sched_getcpu(); });
  });
}

}  // namespace

TEST(SubDevices, QueriesOfRootAndSubDevices) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "4"}});
    sycl::device root{sycl::cpu_selector_v};
    std::string out;
    out += std::to_string(root.get_info<sycl::info::device::partition_max_sub_devices>()) + " ";
    out += std::to_string(root.get_info<sycl::info::device::partition_properties>().size()) + " ";
    out += std::to_string(root.get_info<sycl::info::device::partition_affinity_domains>().size()) + " ";
    out += root.get_info<sycl::info::device::partition_type_property>() == partition_property::no_partition ? "root "
                                                                                                            : "? ";
    out += errc_of([&] { (void)root.get_info<sycl::info::device::parent_device>(); }) + " |";

    auto halves = root.create_sub_devices<partition_property::partition_equally>(2);
    out += " equally(2): " + std::to_string(halves.size());
    for (auto& d : halves) {
      out += " " + std::to_string(units(d));
      if (d.get_info<sycl::info::device::parent_device>() != root) out += " wrong-parent";
      if (d.get_info<sycl::info::device::partition_type_property>() != partition_property::partition_equally)
        out += " wrong-type";
      if (d.get_info<sycl::info::device::partition_type_affinity_domain>() != partition_affinity_domain::not_applicable)
        out += " wrong-domain";
    }
    if (root.create_sub_devices<partition_property::partition_equally>(2) != halves) out += " not-the-same";

    auto quarters = halves[1].create_sub_devices<partition_property::partition_equally>(1);
    out += " | of a half: " + std::to_string(quarters.size());
    for (auto& d : quarters) {
      out += " " + std::to_string(units(d));
      if (d.get_info<sycl::info::device::parent_device>() != halves[1]) out += " wrong-parent";
      // One compute unit: no partition gives two sub-devices.
      if (!d.get_info<sycl::info::device::partition_properties>().empty()) out += " partitionable";
      out += " " + std::to_string(d.get_info<sycl::info::device::partition_max_sub_devices>());
    }
    auto counts = root.create_sub_devices<partition_property::partition_by_counts>({1, 3});
    out += " | by_counts: ";
    for (auto& d : counts) out += std::to_string(units(d)) + " ";
    auto numa = root.create_sub_devices<partition_property::partition_by_affinity_domain>(
        partition_affinity_domain::next_partitionable);
    std::uint32_t total = 0;
    for (auto& d : numa) {
      total += units(d);
      if (d.get_info<sycl::info::device::partition_type_affinity_domain>() != partition_affinity_domain::numa)
        out += "not-numa ";
    }
    out += "| numa: all " + std::to_string(total) + " units";
    return out;
  });
  EXPECT_CHILD_OUTPUT(
      r, "4 3 2 root invalid | equally(2): 2 2 2 | of a half: 2 1 0 1 0 | by_counts: 1 3 | numa: all 4 units");
}

TEST(SubDevices, ImpossiblePartitionsThrowTheSpecificationsErrors) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "4"}});
    sycl::device root{sycl::cpu_selector_v};
    std::string out;
    using v = std::vector<std::size_t>;
    out += errc_of([&] { root.create_sub_devices<partition_property::partition_equally>(0); }) + " ";
    out += errc_of([&] { root.create_sub_devices<partition_property::partition_equally>(5); }) + " ";
    out += errc_of([&] { root.create_sub_devices<partition_property::partition_by_counts>(v{}); }) + " ";
    out += errc_of([&] { root.create_sub_devices<partition_property::partition_by_counts>(v{0, 1}); }) + " ";
    out += errc_of([&] { root.create_sub_devices<partition_property::partition_by_counts>(v{3, 2}); }) + " ";
    out += errc_of([&] { root.create_sub_devices<partition_property::partition_by_counts>(v{1, 1, 1, 1, 1}); }) + " ";
    out += errc_of([&] {
             root.create_sub_devices<partition_property::partition_by_affinity_domain>(
                 partition_affinity_domain::L2_cache);
           }) +
           " ";
    out += errc_of([&] {
             root.create_sub_devices<partition_property::partition_by_affinity_domain>(
                 partition_affinity_domain::not_applicable);
           }) +
           " ";
    auto one = root.create_sub_devices<partition_property::partition_by_counts>(v{1})[0];
    out += errc_of([&] { one.create_sub_devices<partition_property::partition_equally>(1); });
    return out;
  });
  EXPECT_CHILD_OUTPUT(r, "invalid invalid invalid invalid invalid invalid feature_not_supported feature_not_supported "
                         "feature_not_supported");
}

// The goal of the partition: a sub-device's kernels (range, nd_range on fibers,
// host tasks) never run on another sub-device's CPUs, also when a command of one
// follows a command of the other; with and without pinned workers.
TEST(SubDevices, KernelsRunOnlyOnTheirOwnCpus) {
  if (thread_affinity().size() < 2) GTEST_SKIP() << "the process's affinity mask has fewer than 2 CPUs";
  for (const char* pin : {"0", "1"}) {
    auto r = in_child([pin] {
      weft_env({{"WEFT_PIN_WORKERS", pin}});
      sycl::device root{sycl::cpu_selector_v};
      const std::size_t n_units = units(root);
      auto subs = root.create_sub_devices<partition_property::partition_by_counts>(
          std::vector<std::size_t>{n_units / 2, n_units - n_units / 2});
      std::set<int> own[2] = {cpus_of(subs[0]), cpus_of(subs[1])};
      for (int c : own[0])
        if (own[1].count(c)) return "the sub-devices share CPU " + std::to_string(c);
      sycl::queue q0{subs[0]}, q1{subs[1]};
      const std::size_t n = 1 << 14, per = 3 * n + 1;
      int* cpu = sycl::malloc_shared<int>(4 * per, q0);
      std::fill(cpu, cpu + 4 * per, -1);
      for (int round = 0; round < 5; ++round) {
        // Side by side, then each after the other device's command.
        auto a = record_cpus(q0, cpu, n, {});
        auto b = record_cpus(q1, cpu + per, n, {});
        auto c = record_cpus(q1, cpu + 2 * per, n, a);
        record_cpus(q0, cpu + 3 * per, n, b).wait();
        c.wait();
        for (int k = 0; k < 4; ++k) {
          const std::set<int>& mine = own[k == 0 || k == 3 ? 0 : 1];
          for (std::size_t i = 0; i < per; ++i)
            if (!mine.count(cpu[k * per + i]))
              return "round " + std::to_string(round) + ", recording " + std::to_string(k) + ": item " +
                     std::to_string(i) + " ran on CPU " + std::to_string(cpu[k * per + i]) + ", not one of " +
                     join(mine);
        }
      }
      sycl::free(cpu, q0);
      // Every unit on a CPU of its own (the default worker count is the mask's CPUs).
      return std::string("ok ") + std::to_string(own[0].size() + own[1].size() == n_units);
    });
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out, "ok 1") << "WEFT_PIN_WORKERS=" << pin;
  }
}

TEST(SubDevices, QueuesAndMemoryInTheRootContext) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "2"}});
    sycl::device root{sycl::cpu_selector_v};
    auto subs = root.create_sub_devices<partition_property::partition_equally>(1);
    sycl::context ctx{root};
    sycl::queue q{ctx, subs[1]};  // a sub-device of the context's device
    sycl::queue own{subs[0]};     // the platform's default context
    int* p = sycl::malloc_shared<int>(256, q);
    q.parallel_for(sycl::range<1>(256), [=](sycl::id<1> i) { p[i] = static_cast<int>(i); }).wait();
    own.parallel_for(sycl::range<1>(256), [=](sycl::id<1> i) { p[i] *= 2; }).wait();
    long sum = 0;
    for (int i = 0; i < 256; ++i) sum += p[i];
    sycl::free(p, ctx);
    std::string out = std::to_string(sum) + " " + (q.get_device() == subs[1] ? "same" : "other");
    out += " " + errc_of([&] { sycl::queue bad{sycl::context{subs[0]}, root}; });
    // A kernel of a sub-device sees an arena of its units; one of the whole device, all.
    int arena[2] = {0, 0};
    own.single_task([&] { arena[0] = tbb::this_task_arena::max_concurrency(); }).wait();
    sycl::queue{root}.single_task([&] { arena[1] = tbb::this_task_arena::max_concurrency(); }).wait();
    out += " arenas " + std::to_string(arena[0]) + " " + std::to_string(arena[1]);
    return out;
  });
  EXPECT_CHILD_OUTPUT(r, "65280 same invalid arenas 1 2");
}

TEST(RootDevices, WeftCpuDevicesSplitsThePlatform) {
  auto r = in_child([] {
    weft_env({{"WEFT_NUM_THREADS", "4"}, {"WEFT_CPU_DEVICES", "2"}});
    auto devs = sycl::device::get_devices(sycl::info::device_type::cpu);
    std::string out = std::to_string(devs.size());
    for (auto& d : devs) {
      out += " " + std::to_string(units(d));
      out += " " + errc_of([&] { (void)d.get_info<sycl::info::device::parent_device>(); });
      sycl::queue q{d};
      int* p = sycl::malloc_shared<int>(1, q);
      q.single_task([=] { *p = 7; }).wait();
      out += *p == 7 ? " runs" : " wrong";
      sycl::free(p, q);
    }
    if (devs.size() == 2 &&
        devs[0].get_info<sycl::info::device::name>() == devs[1].get_info<sycl::info::device::name>())
      out += " same-names";
    return out;
  });
  EXPECT_CHILD_OUTPUT(r, "2 2 invalid runs 2 invalid runs");

  for (const char* bad : {"0", "five", "5"}) {
    r = in_child([bad] {
      weft_env({{"WEFT_NUM_THREADS", "4"}, {"WEFT_CPU_DEVICES", bad}});
      return errc_of([] { (void)sycl::device::get_devices(); });
    });
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out, "invalid") << "WEFT_CPU_DEVICES=" << bad;
  }
}

TEST(RootDevices, GroupsOfUnits) {
  using groups = std::vector<std::vector<std::size_t>>;
  const std::vector<int> cpus = {0, 1, 2, 3, 8, 9, 10, 11};
  const std::vector<std::vector<int>> nodes = {{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}};
  EXPECT_EQ(weft::detail::group_units_by_node(cpus, nodes), (groups{{0, 1, 2, 3}, {4, 5, 6, 7}}));
  EXPECT_EQ(weft::detail::group_units_by_node({8, 0, 9}, nodes), (groups{{1}, {0, 2}}));
  EXPECT_EQ(weft::detail::group_units_by_node({0, 1, 30}, nodes), (groups{{0, 1}, {2}}));
  EXPECT_EQ(weft::detail::group_units_by_node(cpus, {}), (groups{{0, 1, 2, 3, 4, 5, 6, 7}}));
  EXPECT_EQ(weft::detail::root_cpu_device_groups(nullptr, cpus, nodes), (groups{{0, 1, 2, 3, 4, 5, 6, 7}}));
  EXPECT_EQ(weft::detail::root_cpu_device_groups("numa", cpus, nodes), (groups{{0, 1, 2, 3}, {4, 5, 6, 7}}));
  EXPECT_EQ(weft::detail::root_cpu_device_groups(" 3 ", cpus, nodes), (groups{{0, 1}, {2, 3, 4}, {5, 6, 7}}));
  EXPECT_THROW(weft::detail::root_cpu_device_groups("9", cpus, nodes), sycl::exception);
  EXPECT_EQ(weft::detail::cpu_list_string({3, 0, 1, 2, 8, 10, 11, 1}), "0-3,8,10-11");
}
