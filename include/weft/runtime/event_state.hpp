#pragma once
// One node of the task graph: a submitted command and the event users wait on.
// A node runs once every node it depends on has completed.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <typeinfo>
#include <vector>
#include <sycl/access.hpp>
#include <weft/runtime/export.hpp>

namespace weft::detail {

struct queue_state;
struct device_state;
struct backend_ops;
struct buffer_state;

// A buffer a command accesses, and how.
struct requirement {
  std::shared_ptr<buffer_state> buffer;
  sycl::access_mode mode;
};

enum class node_status : int { submitted = 0, running = 1, complete = 2 };

struct WEFT_API event_state {
  std::atomic<node_status> status{node_status::submitted};
  std::function<void()> work;                   // empty for host accessors and markers
  std::weak_ptr<queue_state> queue;             // where errors of `work` are reported
  const char* command = "a command";            // what `work` is ("kernel", "host task", ...), for error reports
  const std::type_info* kernel_name = nullptr;  // a kernel's typeid(Name*) (command_group::kernel_name)
  bool profiled = false;
  bool host_access = false;  // a host accessor's node: released by its owner, not run
  std::uint64_t submit_ns = 0, start_ns = 0, end_ns = 0;
  std::uint64_t sequence = 0;  // submission order (of a device's failures, the first is the cause)
  std::vector<std::weak_ptr<event_state>> waits_for;  // direct dependencies (event::get_wait_list)
  std::weak_ptr<event_state> in_order_previous;       // one more, for an in-order chain (no allocation)

  // Blocks until the node has completed.
  void wait();
  bool is_complete() const { return status.load(std::memory_order_acquire) == node_status::complete; }
  // The status, after completing the node if its device work has ended (no blocking).
  node_status poll();

  // Device work in flight (a GPU kernel): the backend launched the work and left
  // a marker behind it; the node completes once the device reaches the marker,
  // found by whoever gets there first (a waiter, a poll, or the backend's
  // notification when host-side successors need it).
  const device_state* device = nullptr;  // the queue's device
  bool device_kernel =
      false;                  // a kernel or USM memory command on a backend device: may launch on the submitting thread
  bool device_chain = false;  // may follow earlier device work on the device itself
  bool in_order_chain = false;         // device_chain on an in-order queue (marker_may_wait_later)
  void* native_stream = nullptr;       // the queue's native stream at submission (command_native_stream)
  std::atomic<void*> marker{nullptr};  // set once the work is in flight (under mutex)
  const backend_ops* marker_ops = nullptr;
  bool notify_armed = false;                               // the backend will report the marker (under mutex)
  std::atomic<bool> claimed{false};                        // one completer of deferred work
  std::vector<std::shared_ptr<event_state>> device_waits;  // in flight on the same device: waited for there
  std::vector<requirement> buffers;                        // made current where the command runs, just before it runs
  event_state() = default;
  event_state(const event_state&) = delete;
  event_state& operator=(const event_state&) = delete;
  ~event_state();

  // Graph plumbing, used by the scheduler.
  std::mutex mutex;
  std::condition_variable done;
  std::vector<std::shared_ptr<event_state>> successors;
  std::atomic<int> pending{1};  // unfinished dependencies + 1 until submission ends
};

using event_ptr = std::shared_ptr<event_state>;

// An event for device work the program queued itself (a native event, backend
// interop): it completes when the device reaches `marker`, which the backend's
// `ops` wait for and poll as they do a command's. d: the device the work is on.
WEFT_API event_ptr device_work_event(const device_state* d, void* marker, const backend_ops* ops);

// Monotonic time in nanoseconds, the clock of profiling info.
WEFT_API std::uint64_t now_ns();

}  // namespace weft::detail
