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

// While alive, this thread runs no command as far as backends can tell
// (take_device_waits, defer_completion and command_profiled see none), so the
// device work it starts completes before its call returns: for a buffer's
// copies, which may be made inside a command (a host task destroying a buffer).
class outside_command {
 public:
  outside_command();
  ~outside_command();
  outside_command(const outside_command&) = delete;
  outside_command& operator=(const outside_command&) = delete;

 private:
  void* m_saved;
};
}  // namespace weft::detail
