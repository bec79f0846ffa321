#pragma once
// The type-erased part of a buffer: its storage and who touched it last, so the
// scheduler can order command groups by read-after-write, write-after-read and
// write-after-write on it.
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>
#include <sycl/access.hpp>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/event_state.hpp>
#include <weft/runtime/export.hpp>

namespace weft::detail {

struct WEFT_API buffer_state {
  // Storage: either owned (aligned, freed with the state) or the user's memory.
  std::byte* data = nullptr;
  std::size_t bytes = 0;
  std::shared_ptr<void> owned;          // keeps owned or shared host memory alive
  std::shared_ptr<buffer_state> parent;  // sub-buffers order their accesses on the parent
  // With a backend's buffer storage (set_buffer_storage): the user's host memory
  // the buffer was built on, written back from `data` on destruction.
  void* host_mirror = nullptr;
  std::shared_ptr<void> mirror_keep_alive;

  // Dependency tracking (on the root buffer only), guarded by the scheduler's lock.
  event_ptr last_write;
  std::vector<event_ptr> reads_since_write;

  buffer_state* root() { return parent ? parent->root() : this; }
  // Waits for every command that uses this buffer (host side, e.g. destruction).
  void wait_all();
  // Allocates `bytes` of zeroed-or-not, 64-byte aligned owned storage.
  static std::shared_ptr<buffer_state> allocate(std::size_t bytes);
  static std::shared_ptr<buffer_state> wrap(void* user_memory, std::size_t bytes, std::shared_ptr<void> keep_alive = {});
};

using buffer_ptr = std::shared_ptr<buffer_state>;

}  // namespace weft::detail
