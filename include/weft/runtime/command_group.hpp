#pragma once
// What a command group function produced: one command and what it needs.
#include <string>
#include <vector>
#include <weft/runtime/buffer_state.hpp>
#include <weft/runtime/event_state.hpp>
#include <weft/runtime/launch.hpp>

namespace weft::detail {

enum class command_kind { none, kernel, host_task, copy, fill, memcpy, memset, prefetch, update_host };

struct command_group {
  command_kind kind = command_kind::none;
  std::function<void()> work;
  std::vector<requirement> requirements;
  std::vector<event_ptr> dependencies;
  launch::local_memory_request local;
};

}  // namespace weft::detail
