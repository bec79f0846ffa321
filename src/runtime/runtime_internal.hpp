#pragma once
// Internal runtime services shared by src/runtime/*.cpp (not installed).
#include <functional>

namespace weft::detail {
// Runs `task` on one of Weft's workers.
void enqueue(std::function<void()> task);
struct device_state;
// The device whose backend provides host USM (pinned memory), or null (device.cpp).
extern const device_state* g_host_usm_provider;
}  // namespace weft::detail
