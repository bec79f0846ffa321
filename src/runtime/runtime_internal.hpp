#pragma once
// Internal runtime services shared by src/runtime/*.cpp (not installed).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace weft::detail {
struct device_state;
// Runs `task` on one of Weft's workers: one of the device's own CPUs for a CPU
// device with an arena of its own (device_state::arena), any worker otherwise.
void enqueue(std::function<void()> task, const device_state* device = nullptr);
// A worker arena for a CPU device that owns `unit_cpus` (one CPU per compute
// unit): as many workers as units, confined to those CPUs while they serve it
// (one CPU each when workers are pinned). Returns its number for
// device_state::arena; the arena itself is made when the device first runs work.
int make_cpu_arena(std::vector<int> unit_cpus);
// The device whose backend provides host USM (pinned memory), or null (device.cpp).
extern const device_state* g_host_usm_provider;

// After a failure lost a device's context (backend_ops::context_lost), every
// command and allocation for it fails with errc::runtime saying so and why,
// instead of with whatever the backend's next call reports; other devices keep
// working (device.cpp). device_lost records a failure of the command submitted
// `sequence`-th: the reason given is the earliest command's (the others failed
// because of it); check_device_usable throws for a lost device.
void device_lost(const device_state& d, const std::string& why, std::uint64_t sequence);
bool is_device_lost(const device_state& d);
void check_device_usable(const device_state& d);
}  // namespace weft::detail
