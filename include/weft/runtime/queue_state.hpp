#pragma once
// The runtime side of a queue: its device, error list and ordering state.
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include <sycl/exception.hpp>
#include <weft/runtime/command_group.hpp>
#include <weft/runtime/context_state.hpp>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/event_state.hpp>
#include <weft/runtime/export.hpp>

namespace weft::detail {

struct WEFT_API queue_state : std::enable_shared_from_this<queue_state> {
  queue_state(const device_state* d, context_ptr c, sycl::async_handler h, bool in_order, bool profiling)
      : device(d),
        context(std::move(c)),
        handler(std::move(h)),
        in_order(in_order),
        profiling(profiling),
        direct_kernels(in_order && !profiling && d && d->ops && d->ops->marker_wait) {}
  ~queue_state();

  const device_state* const device;  // one of context's devices
  const context_ptr context;
  const sycl::async_handler handler;  // the queue's, else the context's (may be empty)
  const bool in_order;
  const bool profiling;
  // Kernels may be launched straight from the handler (submit_direct): an in-order,
  // unprofiled queue on a device whose backend leaves work in flight.
  const bool direct_kernels;
  // The backend stream every command of the queue runs on, once one is fixed: a
  // queue made from a native stream, or one whose stream get_native asked for
  // (backend interop). Null: the backend picks a stream per command.
  std::atomic<void*> native_stream{nullptr};

  // Submits a command group; returns its event. Thread-safe.
  event_ptr submit(command_group&& cg);
  // Submits a kernel command group of a direct_kernels queue whose work is
  // run(kernel) instead of cg.work, launching it on this thread, when it needs
  // nothing but the queue's order (no accessors, no depends_on) and the queue's
  // previous command is complete or in flight on the device. Else returns null
  // and leaves cg as it was (the caller submits it with its work). Thread-safe.
  event_ptr submit_direct(command_group& cg, void (*run)(void*), void* kernel);
  // Waits for everything submitted so far.
  void wait();
  // Records an asynchronous error (from a kernel or host task); `origin` says
  // where it came from ("kernel 'name'") for reports without an async_handler.
  void report(std::exception_ptr e, std::string origin = {});
  // Hands recorded errors to the async handler (or the default one).
  void throw_asynchronous();

  std::mutex mutex;  // guards the members below
  struct async_error {
    std::exception_ptr error;
    std::string origin;
  };
  std::vector<async_error> errors;
  std::vector<event_ptr> in_flight;  // submitted, not yet known complete
  event_ptr last;                    // in-order queues chain on this

 private:
  void track_in_flight(const event_ptr& node, std::vector<event_ptr>& in_device_flight);
};

using queue_ptr = std::shared_ptr<queue_state>;

// event::wait_and_throw (SYCL 2020 4.6.6): waits for the event's command, then
// hands the asynchronous errors of the queues that the command and every
// command it depends on (directly or not) were submitted to, to each queue's
// async handler (or the default one). Queues already destroyed are skipped.
WEFT_API void wait_and_throw(const event_ptr& e);

// Acquires host access to a buffer: waits for the commands it must follow and
// returns a node that later commands on the buffer wait for until released.
WEFT_API event_ptr acquire_host_access(const buffer_ptr& buffer, sycl::access_mode mode);
WEFT_API void release_host_access(const event_ptr& node);

}  // namespace weft::detail
