#pragma once
// The type-erased part of a buffer: its storage and who touched it last, so the
// scheduler can order command groups by read-after-write, write-after-read and
// write-after-write on it.
//
// The host storage is the buffer's home. A backend device (CUDA) gets its own
// copy, allocated when a command group for that device first accesses the
// buffer; which copies hold the current data is tracked as commands run, in the
// task graph's order, and data moves only where a command reads a copy that is
// not current (prepare_access).
#include <atomic>
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
  // Host storage: either owned (aligned, freed with the state) or the user's memory.
  std::byte* data = nullptr;
  std::size_t bytes = 0;
  std::shared_ptr<void> owned;           // keeps owned or shared host memory alive
  std::shared_ptr<buffer_state> parent;  // sub-buffers order their accesses on the parent

  // Dependency tracking (on the root buffer only), guarded by the scheduler's lock.
  event_ptr last_write;
  std::vector<event_ptr> reads_since_write;

  buffer_state() = default;
  buffer_state(const buffer_state&) = delete;
  buffer_state& operator=(const buffer_state&) = delete;
  ~buffer_state();

  buffer_state* root() { return parent ? parent->root() : this; }
  // Waits for every command that uses this buffer (host side, e.g. destruction).
  void wait_all();
  // Where a command group on device d sees this (sub-)buffer: the host storage
  // for the CPU, else d's copy (allocated now if d has none yet; throws
  // errc::memory_allocation when the device is out of memory).
  std::byte* data_on(const device_state& d);
  // Allocates `bytes` of uninitialised, 64-byte aligned owned storage.
  static std::shared_ptr<buffer_state> allocate(std::size_t bytes);
  static std::shared_ptr<buffer_state> wrap(void* user_memory, std::size_t bytes,
                                            std::shared_ptr<void> keep_alive = {});

  // Device copies (on the root buffer only).
  struct device_copy {
    const device_state* device;
    std::byte* data;
    bool current;  // holds the buffer's latest contents
  };
  std::mutex copies_mutex;  // guards copies and host_current
  std::vector<device_copy> copies;
  bool host_current = true;
  std::atomic<bool> has_copies{false};  // lets CPU-only buffers skip the lock
};

using buffer_ptr = std::shared_ptr<buffer_state>;

// Before a command touches the buffer where it runs (`on`: a backend device, or
// null for the host, which runs host tasks, copies and CPU kernels): copies the
// latest contents there unless the mode discards them, and, for a writing mode,
// marks every other copy stale. Commands call it in the task graph's order, so
// the copies it makes read data no command is still writing. Synchronous.
WEFT_API void prepare_access(buffer_state& buffer, const device_state* on, sycl::access_mode mode);

}  // namespace weft::detail
