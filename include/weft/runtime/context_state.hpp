#pragma once
// The runtime side of a context: its devices and async handler. sycl::context
// shares one; queues keep the one they were made in.
#include <memory>
#include <vector>
#include <sycl/exception.hpp>
#include <weft/runtime/device_state.hpp>

namespace weft::detail {

struct context_state {
  std::vector<const device_state*> devices;  // never empty
  sycl::async_handler handler;
  // A context made from a backend's native context (make_context): that context,
  // which get_native gives back. Null: the devices' own (primary) contexts.
  void* native_context = nullptr;
};

using context_ptr = std::shared_ptr<const context_state>;

}  // namespace weft::detail
