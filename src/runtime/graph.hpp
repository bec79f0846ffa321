#pragma once
// The task graph's lock and node transitions (not installed).
#include <mutex>
#include <vector>
#include <sycl/access.hpp>
#include <weft/runtime/buffer_state.hpp>
#include <weft/runtime/event_state.hpp>

namespace weft::detail {
// Guards every buffer's access history and successor registration.
std::mutex& graph_mutex();
// Adds what `node` must wait for to reach `buffer` in `mode`, and records the access.
// Caller holds graph_mutex().
void order_access(buffer_state& buffer, sycl::access_mode mode, const event_ptr& node, std::vector<event_ptr>& deps);
}  // namespace weft::detail
