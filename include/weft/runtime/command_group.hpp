#pragma once
// What a command group function produced: one command and what it needs.
#include <string>
#include <typeinfo>
#include <vector>
#include <weft/runtime/buffer_state.hpp>
#include <weft/runtime/command_shape.hpp>
#include <weft/runtime/event_state.hpp>
#include <weft/runtime/launch.hpp>

namespace weft::detail {

enum class command_kind { none, kernel, host_task, copy, fill, memcpy, memset, prefetch, update_host };

struct command_group {
  command_kind kind = command_kind::none;
  std::function<void()> work;
  std::vector<requirement> requirements;
  std::vector<event_ptr> dependencies;
  launch::group_request local;
  // A kernel's typeid(KernelName*) or typeid(Kernel*) (a pointer: names may be
  // incomplete types): asynchronous error reports name the kernel that failed.
  const std::type_info* kernel_name = nullptr;
  command_shape shape;  // a kernel's form and ranges, for the trace and the profile
};

}  // namespace weft::detail
