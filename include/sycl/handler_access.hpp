#pragma once
// Front-end objects (accessors, reductions) register what they need with the
// command group's handler through this, not through handler's public API.
#include <cstddef>
#include <memory>
#include <weft/runtime/buffer_state.hpp>

namespace weft::sycl {
class handler;
namespace detail {
using weft::detail::buffer_ptr;
class stream_sink;
struct handler_access {
  static void add_requirement(handler& cgh, const buffer_ptr& buffer, access_mode mode);
  // Reserves local memory for the kernel; returns its offset in the group's block.
  static std::size_t allocate_local(handler& cgh, std::size_t bytes, std::size_t align);
  // Registers a sycl::stream (stream.hpp): its output is printed when the kernel ends.
  static void add_stream(handler& cgh, std::shared_ptr<stream_sink> sink);
};
}  // namespace detail
}  // namespace weft::sycl
