#pragma once
// The running command as a backend's launch code sees it, in one lookup per
// launch: what take_device_waits, command_profiled, marker_may_wait_later and
// command_native_stream (device_state.hpp) tell one call each.
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/export.hpp>

namespace weft::detail {

struct command_info {
  device_waits waits;             // take_device_waits
  bool profiled = false;          // command_profiled
  bool may_wait_later = false;    // marker_may_wait_later
  void* native_stream = nullptr;  // command_native_stream
};
// The command running on this thread; null outside a command.
WEFT_API command_info* running_command();
// defer_completion for the command running_command() returned (c non-null).
WEFT_API bool defer_completion(command_info* c, void* marker, const backend_ops* ops);

}  // namespace weft::detail
