// Sub-devices of the CPU device and the root CPU devices of WEFT_CPU_DEVICES
// (weft/runtime/cpu_partition.hpp).
#include <weft/runtime/cpu_partition.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <mutex>
#include <tuple>
#include <sycl/exception.hpp>
#include <weft/runtime/runtime.hpp>
#include <weft/runtime/system_probe.hpp>
#include "runtime_internal.hpp"

namespace weft::detail {
namespace {

using sycl::info::partition_affinity_domain;
using sycl::info::partition_property;

const char* property_name(partition_property p) {
  switch (p) {
    case partition_property::partition_equally: return "partition_equally";
    case partition_property::partition_by_counts: return "partition_by_counts";
    case partition_property::partition_by_affinity_domain: return "partition_by_affinity_domain";
    default: return "no_partition";
  }
}

// Throws errc::feature_not_supported unless d can be partitioned at all.
void require_partitionable(const device_state& d, partition_property p) {
  std::string why;
  if (d.type != sycl::info::device_type::cpu) why = "only the CPU device can be partitioned";
  else if (!partitionable(d))
    why = "it has " + std::to_string(compute_units(d)) +
          " compute unit, so no partition gives two sub-devices (info::device::partition_properties is empty)";
  if (!why.empty())
    throw_error(sycl::errc::feature_not_supported, std::string("device::create_sub_devices<") + property_name(p) +
                                                       ">: '" + d.name + "' cannot be partitioned: " + why);
}

// The sub-devices, made once per (parent, property, first unit, count) and never
// destroyed: handles to them compare equal across calls, and their arenas are reused.
struct sub_device_key {
  const device_state* parent;
  partition_property property;
  std::size_t first, count;
  bool operator<(const sub_device_key& o) const {
    return std::tie(parent, property, first, count) < std::tie(o.parent, o.property, o.first, o.count);
  }
};
std::mutex& sub_devices_mutex() {
  static auto* m = new std::mutex;
  return *m;
}
std::map<sub_device_key, const device_state*>& sub_devices() {
  static auto* m = new std::map<sub_device_key, const device_state*>;
  return *m;
}

// The sub-devices of d owning the given groups of d's units.
std::vector<const device_state*> make_sub_devices(const device_state& d, partition_property p,
                                                  const std::vector<std::vector<std::size_t>>& groups,
                                                  partition_affinity_domain domain) {
  const std::vector<int> cpus = unit_cpus_of(d);
  std::vector<const device_state*> out;
  std::lock_guard<std::mutex> g(sub_devices_mutex());
  for (const auto& units : groups) {
    sub_device_key key{&d, p, units.front(), units.size()};
    auto found = sub_devices().find(key);
    if (found != sub_devices().end()) {
      out.push_back(found->second);
      continue;
    }
    auto* s = new device_state(d);
    s->unit_cpus.clear();
    for (std::size_t u : units) s->unit_cpus.push_back(cpus[u]);
    s->compute_units = static_cast<std::uint32_t>(units.size());
    s->arena = make_cpu_arena(s->unit_cpus);
    s->parent = &d;
    s->partition = p;
    s->affinity_domain = domain;
    sub_devices().emplace(key, s);
    out.push_back(s);
  }
  return out;
}

// Consecutive runs of units of the given sizes.
std::vector<std::vector<std::size_t>> consecutive(const std::vector<std::size_t>& sizes) {
  std::vector<std::vector<std::size_t>> groups;
  std::size_t next = 0;
  for (std::size_t n : sizes) {
    groups.emplace_back();
    for (std::size_t i = 0; i < n; ++i) groups.back().push_back(next++);
  }
  return groups;
}

}  // namespace

std::vector<int> unit_cpus_of(const device_state& d) {
  if (!d.unit_cpus.empty()) return d.unit_cpus;
  const runtime_settings s = runtime_info();
  std::vector<int> out(s.workers);
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = s.affinity_cpus.empty() ? static_cast<int>(i) : s.affinity_cpus[i % s.affinity_cpus.size()];
  return out;
}

std::uint32_t compute_units(const device_state& d) {
  if (d.type != sycl::info::device_type::cpu) return d.compute_units;
  // The whole CPU reports the worker count as decided when asked (it may be set
  // after the device was first seen).
  return static_cast<std::uint32_t>(d.unit_cpus.empty() ? weft::worker_count() : d.unit_cpus.size());
}

bool partitionable(const device_state& d) { return d.type == sycl::info::device_type::cpu && compute_units(d) >= 2; }

std::vector<const device_state*> partition_equally(const device_state& d, std::size_t count) {
  require_partitionable(d, partition_property::partition_equally);
  const std::size_t units = compute_units(d);
  if (count == 0 || count > units)
    throw_error(sycl::errc::invalid, "device::create_sub_devices<partition_equally>(" + std::to_string(count) +
                                         "): each sub-device needs from 1 to the device's " + std::to_string(units) +
                                         " compute units");
  return make_sub_devices(d, partition_property::partition_equally,
                          consecutive(std::vector<std::size_t>(units / count, count)),
                          partition_affinity_domain::not_applicable);
}

std::vector<const device_state*> partition_by_counts(const device_state& d, const std::vector<std::size_t>& counts) {
  require_partitionable(d, partition_property::partition_by_counts);
  const std::size_t units = compute_units(d);
  std::size_t total = 0;
  std::string list;
  for (std::size_t c : counts) {
    total += std::min(c, units + 1);  // no overflow: one count above `units` already fails
    list += (list.empty() ? "" : ", ") + std::to_string(c);
  }
  const std::string call = "device::create_sub_devices<partition_by_counts>({" + list + "}): ";
  if (counts.empty()) throw_error(sycl::errc::invalid, call + "no sub-device asked for; give one count per sub-device");
  if (std::find(counts.begin(), counts.end(), std::size_t(0)) != counts.end())
    throw_error(sycl::errc::invalid, call + "a sub-device needs at least one compute unit");
  if (counts.size() > units || total > units)
    throw_error(sycl::errc::invalid,
                call + "the counts add up to more than the device's " + std::to_string(units) + " compute units");
  return make_sub_devices(d, partition_property::partition_by_counts, consecutive(counts),
                          partition_affinity_domain::not_applicable);
}

std::vector<const device_state*> partition_by_affinity_domain(const device_state& d, partition_affinity_domain domain) {
  require_partitionable(d, partition_property::partition_by_affinity_domain);
  if (domain != partition_affinity_domain::numa && domain != partition_affinity_domain::next_partitionable)
    throw_error(sycl::errc::feature_not_supported,
                "device::create_sub_devices<partition_by_affinity_domain>: '" + d.name +
                    "' partitions by the numa domain (and next_partitionable, which is numa) only, not by caches "
                    "or not_applicable (info::device::partition_affinity_domains)");
  // next_partitionable is the first domain that partitions: numa, the only one.
  return make_sub_devices(d, partition_property::partition_by_affinity_domain,
                          group_units_by_node(unit_cpus_of(d), numa_node_cpus()), partition_affinity_domain::numa);
}

std::vector<std::vector<std::size_t>> group_units_by_node(const std::vector<int>& unit_cpus,
                                                          const std::vector<std::vector<int>>& node_cpus) {
  std::vector<std::vector<std::size_t>> by_node(node_cpus.size() + 1);
  for (std::size_t u = 0; u < unit_cpus.size(); ++u) {
    std::size_t node = node_cpus.size();
    for (std::size_t k = 0; k < node_cpus.size() && node == node_cpus.size(); ++k)
      if (std::find(node_cpus[k].begin(), node_cpus[k].end(), unit_cpus[u]) != node_cpus[k].end()) node = k;
    by_node[node].push_back(u);
  }
  by_node.erase(std::remove_if(by_node.begin(), by_node.end(), [](const auto& g) { return g.empty(); }), by_node.end());
  return by_node;
}

std::vector<std::vector<int>> numa_node_cpus() {
  std::vector<std::vector<int>> nodes;
  // Node numbers may have gaps (offline nodes): look a little past the last one found.
  for (int k = 0, misses = 0; misses < 64; ++k) {
    std::ifstream in("/sys/devices/system/node/node" + std::to_string(k) + "/cpulist");
    std::string text;
    if (!in || !std::getline(in, text)) {
      ++misses;
      continue;
    }
    misses = 0;
    auto cpus = parse_cpu_list(text);
    if (!cpus.empty()) nodes.push_back(std::move(cpus));
  }
  return nodes;
}

std::vector<std::vector<std::size_t>> root_cpu_device_groups(const char* setting, const std::vector<int>& unit_cpus,
                                                             const std::vector<std::vector<int>>& node_cpus) {
  const std::size_t units = unit_cpus.size();
  std::string v = setting ? setting : "";
  v.erase(0, v.find_first_not_of(" \t"));
  v.erase(v.find_last_not_of(" \t") + 1);
  if (v.empty() || v == "1") return consecutive({units});
  if (v == "numa") return group_units_by_node(unit_cpus, node_cpus);
  std::size_t n = 0;
  bool number = v.find_first_not_of("0123456789") == std::string::npos && v.size() <= 6;
  if (number) n = std::stoul(v);
  if (!number || n == 0 || n > units)
    throw_error(sycl::errc::invalid, "WEFT_CPU_DEVICES='" + v +
                                         "' is not a device count: use numa (one CPU device per NUMA node) or a "
                                         "whole number from 1 to the " +
                                         std::to_string(units) + " compute units (worker threads)");
  std::vector<std::size_t> sizes;
  for (std::size_t k = 0; k < n; ++k) sizes.push_back((k + 1) * units / n - k * units / n);
  return consecutive(sizes);
}

}  // namespace weft::detail
