#pragma once
// Front-end objects (accessors, reductions) register what they need with the
// command group's handler through this, not through handler's public API.
#include <cstddef>
#include <memory>
#include <sycl/range.hpp>
#include <weft/runtime/buffer_state.hpp>

namespace weft::sycl {
class handler;
namespace detail {
using weft::detail::buffer_ptr;
class stream_sink;
struct handler_access {
  // Registers the command group's access to a buffer; returns where its kernels
  // see the buffer: the host storage on the CPU, the device's copy on a backend
  // device (allocated now; host-side uses, on_device false, get none).
  static std::byte* add_requirement(handler& cgh, const buffer_ptr& buffer, access_mode mode, bool on_device = true);
  // Reserves local memory for the kernel; returns its offset in the group's block.
  static std::size_t allocate_local(handler& cgh, std::size_t bytes, std::size_t align);
  // Registers a sycl::stream (stream.hpp): its output is printed when the kernel ends.
  static void add_stream(handler& cgh, std::shared_ptr<stream_sink> sink);
  // The device the command group's kernel runs on.
  static const weft::detail::device_state* device(const handler& cgh);
  // A placeholder accessor was copied while a command group function runs on
  // this thread (queue::submit): the handler checks it was require()d. Returns
  // where the command group's kernels see the buffer (as add_requirement), or
  // null outside a command group function.
  template <int Dims>
  static std::byte* note_placeholder(const buffer_ptr& buffer, const range<Dims>& r, access_mode mode, bool on_device) {
    if (!recording) return nullptr;
    std::size_t extent[3] = {0, 0, 0};
    for (int d = 0; d < Dims; ++d) extent[d] = r[d];
    return note_placeholder(*recording, buffer, extent, Dims, mode, on_device);
  }
  // (The buffer by value: a reference would hand the accessor's address to a call
  // the compiler cannot see into, and a kernel's copy of its accessors would then be
  // memory any store of the kernel might change, read again after each one.)
  static std::byte* note_placeholder(handler& cgh, buffer_ptr buffer, const std::size_t* extent, int dims,
                                     access_mode mode, bool on_device);
  // The handler whose command group function runs on this thread, if any.
  static inline thread_local handler* recording = nullptr;
  // Local accessors copied in command group functions on this thread: single_task and
  // parallel_for(range) see whether storing their kernel copied one (the kernel captures it).
  static inline thread_local std::size_t local_accessor_copies = 0;
  static void note_local_accessor_copy() noexcept {
    if (recording) ++local_accessor_copies;
  }
};
}  // namespace detail
}  // namespace weft::sycl
