// The CPU device: what the host is, read once from the operating system.
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <deque>
#include <cstring>
#include <iterator>
#include <fstream>
#include <mutex>
#include <string>
#include <utility>
#include <vector>
#include <sycl/exception.hpp>
#include <weft/config.hpp>
#include <weft/runtime/cpu_partition.hpp>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/system_probe.hpp>
#include <weft/runtime/runtime.hpp>
#include <weft/settings.hpp>
#include "runtime_internal.hpp"

namespace weft::detail {
namespace {

std::string cpuinfo_field(const std::string& key) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, key.size(), key) == 0) {
      auto colon = line.find(':');
      if (colon != std::string::npos) {
        auto v = line.substr(colon + 1);
        v.erase(0, v.find_first_not_of(" \t"));
        return v;
      }
    }
  }
  return {};
}

std::uint64_t cache_bytes() {
  std::ifstream in("/sys/devices/system/cpu/cpu0/cache/index2/size");
  std::string s;
  if (!(in >> s) || s.empty()) return 1u << 20;
  std::uint64_t v = std::stoull(s);
  if (s.back() == 'K') v <<= 10;
  if (s.back() == 'M') v <<= 20;
  return v;
}

struct host_platform {
  platform_state platform;
  device_state cpu;
  std::vector<const platform_state*> all;

  host_platform() {
    platform.name = "Weft";
    platform.vendor = "Weft";
    platform.version = "SYCL 2020 (Weft " WEFT_VERSION_STRING ")";
    cpu.type = sycl::info::device_type::cpu;
    cpu.backend = sycl::backend::host;
    cpu.platform = &platform;
    cpu.name = cpuinfo_field("model name");
    if (cpu.name.empty()) cpu.name = "CPU";
    std::string vendor = cpuinfo_field("vendor_id");
    cpu.vendor = vendor == "GenuineIntel"   ? "Intel"
                 : vendor == "AuthenticAMD" ? "AMD"
                                            : (vendor.empty() ? "unknown" : vendor);
    cpu.vendor_id = vendor == "GenuineIntel" ? 0x8086 : vendor == "AuthenticAMD" ? 0x1022 : 0;
    cpu.driver_version = WEFT_VERSION_STRING;
    cpu.version = "Weft " WEFT_VERSION_STRING " CPU";
    cpu.compute_units = static_cast<std::uint32_t>(worker_count());
    std::string mhz = cpuinfo_field("cpu MHz");
    cpu.clock_mhz = mhz.empty() ? 0 : static_cast<std::uint32_t>(std::stod(mhz));
    cpu.max_work_group_size = 1024;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    cpu.global_mem_size =
        pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) : 0;
    cpu.max_mem_alloc_size = cpu.global_mem_size;
    cpu.local_mem_size = 256 * 1024;
    cpu.cache_size = cache_bytes();
    cpu.cache_line_size = 64;
    // Any of these per kernel (weft::sub_group_size(), the sub_group_size property), as
    // DPC++'s CPU device offers.
    cpu.sub_group_sizes.assign(std::begin(weft::detail::cpu_sub_group_sizes),
                               std::end(weft::detail::cpu_sub_group_sizes));
    // sycl::half works in kernels: fp16 (the list is sycl/aspect.hpp's, which any_device_has reads).
    cpu.aspects.assign(std::begin(sycl::detail::cpu_device_aspects), std::end(sycl::detail::cpu_device_aspects));
    platform.devices = {&cpu};
    split_cpu();
    all = {&platform};
  }

  // WEFT_CPU_DEVICES: several root CPU devices, each owning some of the units
  // (cpu_partition.hpp); the first is `cpu`, the default device.
  std::deque<device_state> more_cpus;
  void split_cpu() {
    const char* v = std::getenv("WEFT_CPU_DEVICES");
    if (!v) return;
    std::vector<int> units = unit_cpus_of(cpu);
    auto groups = root_cpu_device_groups(v, units, numa_node_cpus());
    if (groups.size() < 2) return;
    const device_state whole = cpu;
    platform.devices.clear();
    for (std::size_t k = 0; k < groups.size(); ++k) {
      device_state& d = k == 0 ? cpu : more_cpus.emplace_back(whole);
      d.unit_cpus.clear();
      for (std::size_t u : groups[k]) d.unit_cpus.push_back(units[u]);
      d.compute_units = static_cast<std::uint32_t>(d.unit_cpus.size());
      d.name += " (part " + std::to_string(k + 1) + " of " + std::to_string(groups.size()) + ": CPUs " +
                cpu_list_string(d.unit_cpus) + ")";
      d.arena = make_cpu_arena(d.unit_cpus);
      platform.devices.push_back(&d);
    }
  }
};

// Never destroyed: queues, contexts and USM in exit handlers refer to its devices.
host_platform& host() {
  static auto* h = new host_platform;
  return *h;
}

}  // namespace

namespace {
std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}
std::vector<void (*)()>& providers() {
  static auto* p = new std::vector<void (*)()>;  // never destroyed: asked up to exit
  return *p;
}
std::mutex& provider_mutex() {
  static std::mutex m;
  return m;
}
}  // namespace

void add_platform_provider(void (*provider)()) {
  std::lock_guard<std::mutex> g(provider_mutex());
  providers().push_back(provider);
}

const std::vector<const platform_state*>& platforms() {
  host_platform& h = host();
  // Backends registered before this call probe their devices now, once.
  std::lock_guard<std::mutex> g(provider_mutex());  // later callers wait for the probe
  std::vector<void (*)()> pending;
  pending.swap(providers());
  for (auto* p : pending) p();
  return h.all;
}

const device_state* g_host_usm_provider = nullptr;  // runtime_internal: host USM from a backend

void register_platform(const platform_state* p) {
  std::lock_guard<std::mutex> g(registry_mutex());
  host().all.push_back(p);
  for (auto* d : p->devices)
    if (d->ops && !g_host_usm_provider) g_host_usm_provider = d;
}

namespace {
struct lost_device {
  const device_state* device;
  std::string why;
  std::uint64_t sequence;
};
struct lost_devices {
  std::atomic<bool> any{false};  // the fast path: no device was ever lost
  std::mutex mutex;
  std::vector<lost_device> lost;
};
lost_devices& lost() {
  static lost_devices* l = new lost_devices;  // never destroyed: asked up to exit
  return *l;
}
}  // namespace

void device_lost(const device_state& d, const std::string& why, std::uint64_t sequence) {
  auto& l = lost();
  std::lock_guard<std::mutex> g(l.mutex);
  for (auto& w : l.lost)
    if (w.device == &d) {
      if (sequence < w.sequence) w = {&d, why, sequence};
      return;
    }
  l.lost.push_back({&d, why, sequence});
  l.any.store(true, std::memory_order_release);
}

bool is_device_lost(const device_state& d) {
  auto& l = lost();
  if (!l.any.load(std::memory_order_acquire)) return false;
  std::lock_guard<std::mutex> g(l.mutex);
  for (auto& w : l.lost)
    if (w.device == &d) return true;
  return false;
}

void check_device_usable(const device_state& d) {
  auto& l = lost();
  if (!l.any.load(std::memory_order_acquire)) return;
  std::string why;
  {
    std::lock_guard<std::mutex> g(l.mutex);
    for (auto& w : l.lost)
      if (w.device == &d) why = w.why;
  }
  if (why.empty()) return;
  throw_error(sycl::errc::runtime,
              d.name +
                  ": this device's context was lost after an earlier failure, so no command or allocation "
                  "for it can run any more (other devices, the CPU among them, keep working; restart the "
                  "program to use this device again). The failure: " +
                  why);
}

void device_memcpy(const device_state* d, void* dst, const void* src, std::size_t bytes) {
  if (!bytes) return;
  if (d && d->ops) check_device_usable(*d);
  if (d && d->ops) d->ops->memcpy(*d, dst, src, bytes);
  else std::memmove(dst, src, bytes);
}
void device_memset(const device_state* d, void* dst, int value, std::size_t bytes) {
  if (!bytes) return;
  if (d && d->ops) check_device_usable(*d);
  if (d && d->ops) d->ops->memset(*d, dst, value, bytes);
  else std::memset(dst, value, bytes);
}
void device_fill(const device_state* d, void* dst, const void* pattern, std::size_t pattern_bytes, std::size_t count) {
  if (!count) return;
  if (d && d->ops) {
    check_device_usable(*d);
    d->ops->fill(*d, dst, pattern, pattern_bytes, count);
    return;
  }
  auto* out = static_cast<unsigned char*>(dst);
  for (std::size_t i = 0; i < count; ++i) std::memcpy(out + i * pattern_bytes, pattern, pattern_bytes);
}
const device_state& cpu_device() { return host().cpu; }

}  // namespace weft::detail
