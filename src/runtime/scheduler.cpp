// The task graph: command groups become nodes that run on Weft's workers once
// the nodes they depend on (by buffer access, depends_on, events or an in-order
// queue) have completed. Independent nodes run at the same time.
#include <cxxabi.h>
#include <pthread.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <thread>
#include <unordered_set>
#include <sycl/exception.hpp>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/queue_state.hpp>
#include <weft/runtime/running_command.hpp>
#include "../trace/recorder.hpp"
#include "graph.hpp"
#include "runtime_internal.hpp"

namespace weft::detail {

std::mutex& graph_mutex() {
  static std::mutex m;
  return m;
}

// One clock for profiling info and the trace, so that their times agree.
std::uint64_t now_ns() { return trace::clock_ns(); }

namespace {

// Host accessors this thread holds. A wait that (transitively) needs one of
// them to be released would never return: it is reported instead. The list
// exists only while the thread holds one, so it has no thread_local destructor:
// exit handlers run after the main thread's thread_local objects are destroyed
// and may still make host accessors.
thread_local std::vector<event_ptr>* t_held_host_access = nullptr;

std::size_t held_host_accesses() { return t_held_host_access ? t_held_host_access->size() : 0; }

void hold_host_access(event_ptr node) {
  if (!t_held_host_access) t_held_host_access = new std::vector<event_ptr>;
  t_held_host_access->push_back(std::move(node));
}

bool holds_host_access(const event_ptr& node) {
  auto* held = t_held_host_access;
  return held && std::find(held->begin(), held->end(), node) != held->end();
}

template <class Drop>
void drop_host_accesses(Drop drop) {
  auto* held = t_held_host_access;
  if (!held) return;
  held->erase(std::remove_if(held->begin(), held->end(), drop), held->end());
  if (held->empty()) {
    delete held;
    t_held_host_access = nullptr;
  }
}

// True when `target` cannot complete before a host access held by this thread
// is released (it is that access, or a successor of it).
bool blocked_by_held_access(const event_state* target) {
  drop_host_accesses([](const event_ptr& e) { return e->is_complete(); });
  if (!t_held_host_access) return false;
  auto& held = *t_held_host_access;
  std::vector<event_ptr> todo(held.begin(), held.end());
  std::unordered_set<const event_state*> seen;
  while (!todo.empty()) {
    event_ptr n = std::move(todo.back());
    todo.pop_back();
    if (!seen.insert(n.get()).second) continue;
    if (n.get() == target) return true;
    std::lock_guard<std::mutex> g(n->mutex);
    for (auto& s : n->successors)
      if (!seen.count(s.get())) todo.push_back(s);
  }
  return false;
}

[[noreturn]] void report_self_deadlock(const char* what) {
  throw_error(sycl::errc::invalid, std::string(what) +
                                       " would wait forever: it needs a buffer on which this thread still holds " +
                                       std::to_string(held_host_accesses()) +
                                       " host_accessor(s); destroy the host_accessor (end its scope) before waiting");
}

}  // namespace

namespace {
void complete_deferred(event_state& node);

// A wait of this thread for `command` (0: a whole queue), as a slice of the trace.
class trace_wait {
 public:
  explicit trace_wait(std::uint64_t command) : m_command(command), m_begin(trace::enabled() ? now_ns() : 0) {}
  ~trace_wait() {
    if (!m_begin) return;
    trace::record r;
    r.what = trace::kind::wait;
    r.command = m_command;
    r.begin_ns = m_begin;
    r.end_ns = now_ns();
    trace::add(r);
  }
  trace_wait(const trace_wait&) = delete;
  trace_wait& operator=(const trace_wait&) = delete;

 private:
  std::uint64_t m_command, m_begin;
};
}  // namespace

// A node whose device work is in flight completes on the waiting thread, which
// waits for the device itself (no hand-off to another thread on the way back).
void event_state::wait() {
  if (is_complete()) return;
  if (t_held_host_access && blocked_by_held_access(this)) report_self_deadlock("waiting for this command");
  trace_wait traced(sequence);
  for (;;) {
    // (Device work already in flight needs no lock to be waited for.)
    if (!marker.load(std::memory_order_acquire) || claimed.load(std::memory_order_acquire)) {
      std::unique_lock<std::mutex> g(mutex);
      done.wait(g, [this] {
        return status.load(std::memory_order_acquire) == node_status::complete ||
               (marker.load(std::memory_order_acquire) && !claimed.load(std::memory_order_acquire));
      });
      if (status.load(std::memory_order_acquire) == node_status::complete) return;
    }
    complete_deferred(*this);  // may lose the race to another completer: then wait for it
    if (is_complete()) return;
  }
}

node_status event_state::poll() {
  void* m = marker.load(std::memory_order_acquire);
  if (m && !is_complete() && !claimed.load(std::memory_order_acquire) && marker_ops->marker_reached(m))
    complete_deferred(*this);
  return status.load(std::memory_order_acquire);
}

event_state::~event_state() {
  if (void* m = marker.load(std::memory_order_relaxed)) marker_ops->marker_release(m);
}

namespace {

const char* command_label(command_kind kind) {
  switch (kind) {
    case command_kind::kernel: return "a kernel";
    case command_kind::host_task: return "a host task";
    case command_kind::copy: return "a copy";
    case command_kind::fill: return "a fill";
    case command_kind::memcpy: return "a memcpy";
    case command_kind::memset: return "a memset";
    case command_kind::prefetch: return "a prefetch";
    case command_kind::update_host: return "an update_host";
    case command_kind::none: break;
  }
  return "a command";
}

using trace::demangle;

// Where an error came from: "kernel 'name'" (its parallel_for<Name> name or its
// lambda's type), else what the command was ("a host task", ...).
std::string origin_of(const event_state& node) {
  if (!node.kernel_name) return node.command;
  return "kernel '" + trace::kernel_name(node.kernel_name) + "'";
}

// "weft: asynchronous error in kernel 'k': std::invalid_argument: bad value": the
// kernel, the exception's dynamic type and its message, so the user knows where to look.
void print_error(const std::exception_ptr& e, const std::string& origin) {
  const std::string where = origin.empty() ? "" : " in " + origin;
  try {
    std::rethrow_exception(e);
  } catch (const sycl::exception& ex) {
    std::fprintf(stderr, "weft: asynchronous error%s: sycl::exception (%s): %s\n", where.c_str(),
                 ex.code().message().c_str(), ex.what());
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "weft: asynchronous error%s: %s: %s\n", where.c_str(),
                 demangle(abi::__cxa_current_exception_type()->name()).c_str(), ex.what());
  } catch (...) {
    const std::type_info* t = abi::__cxa_current_exception_type();
    std::fprintf(stderr, "weft: asynchronous error%s: an exception of type %s (not derived from std::exception)\n",
                 where.c_str(), t ? demangle(t->name()).c_str() : "unknown");
  }
}

// SYCL 2020, 4.13.1.2: with no async_handler the errors are reported, then
// std::terminate "or equivalent" is called. It is called while the first error is
// the current exception, so a user's terminate handler can inspect it; with
// libstdc++'s default handler, which would only repeat the report, abort directly.
[[noreturn]] void terminate_with(const std::exception_ptr& first) {
  std::fflush(nullptr);  // the program's own output first, then the abort
  try {
    std::rethrow_exception(first);
  } catch (...) {
#if defined(__GLIBCXX__)
    if (std::get_terminate() == __gnu_cxx::__verbose_terminate_handler) std::abort();
#endif
    std::terminate();
  }
}

void execute(event_ptr node);
void enqueue_execute(event_ptr node);

// Marks `node` complete and returns the successors that became ready to run.
std::vector<event_ptr> finish(event_state& node) {
  std::vector<event_ptr> next;
  {
    std::lock_guard<std::mutex> g(node.mutex);
    if ((node.profiled || trace::enabled()) && !node.end_ns) node.end_ns = now_ns();
    node.status.store(node_status::complete, std::memory_order_release);
    next.swap(node.successors);
  }
  if (trace::enabled() && node.sequence) {  // (host accessors have no sequence: not commands)
    trace::record r;
    r.what = trace::kind::run;
    r.command = node.sequence;
    r.label = node.device_kernel ? trace::device_run : nullptr;
    r.begin_ns = node.start_ns;
    r.end_ns = node.end_ns;
    trace::add(r);
  }
  node.done.notify_all();
  std::vector<event_ptr> ready;
  for (auto& s : next)
    if (s->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) ready.push_back(std::move(s));
  return ready;
}

void complete(const event_ptr& node) {
  for (auto& s : finish(*node)) enqueue_execute(s);
}

// Reports an error of `node` to its queue, or prints it when the queue is gone
// (destroyed while the command was in flight: SYCL 2020 4.6.5 lets it go without
// waiting, and nobody can collect the error any more). The queue reference is
// dropped before the node completes, so a thread that waited for the node and then
// destroys the last queue handle runs ~queue_state itself, which prints the error
// if nobody collected it.
void report_error(event_state& node, std::exception_ptr e) {
  std::shared_ptr<queue_state> q = node.queue.lock();
  if (q) {
    q->report(std::move(e), origin_of(node));
  } else {
    std::fprintf(stderr, "weft: a command of a destroyed queue failed; its error cannot be delivered:\n");
    print_error(e, origin_of(node));
  }
}

// What the command running on this thread may learn from and tell the scheduler
// (take_device_waits, defer_completion).
struct exec_context : command_info {
  // The markers of the device work the command follows (and which are observed):
  // inline for a few, which is every chain's case, on the heap beyond.
  static constexpr std::size_t inline_waits = 4;
  std::size_t count = 0;
  void* inline_markers[inline_waits];
  unsigned char inline_observed[inline_waits];
  std::vector<void*> more_markers;
  std::vector<unsigned char> more_observed;
  void add_wait(void* marker, bool observed) {
    if (count < inline_waits) {
      inline_markers[count] = marker;
      inline_observed[count] = observed;
    } else {
      if (count == inline_waits) {
        more_markers.assign(inline_markers, inline_markers + inline_waits);
        more_observed.assign(inline_observed, inline_observed + inline_waits);
      }
      more_markers.push_back(marker);
      more_observed.push_back(observed);
    }
    ++count;
  }
  void* marker(std::size_t i) const { return count <= inline_waits ? inline_markers[i] : more_markers[i]; }
  // Publishes the waits added so far (command_info::waits), before the command runs.
  void publish_waits() {
    if (count <= inline_waits) waits = {inline_markers, inline_observed, count};
    else waits = {more_markers.data(), more_observed.data(), count};
  }
  void* deferred = nullptr;
  const backend_ops* ops = nullptr;
};
thread_local exec_context* t_exec = nullptr;

// Asks the backend to report the marker once a host-side successor waits for
// this node. Caller holds node->mutex and the node's marker is set.
void arm_notification(const event_ptr& node);
// Completes on a worker a node whose queue is gone. Caller holds node->mutex.
void complete_orphan(const event_ptr& node);

// After a command for a backend device failed: when the failure lost the
// device's context, every later command for it fails saying so (device_lost).
void note_device_failure(const event_state& node, const std::string& message) {
  const device_state* d = node.device;
  if (d && d->ops && d->ops->context_lost && d->ops->context_lost(*d)) device_lost(*d, message, node.sequence);
}

std::string message_of(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return ex.what();
  } catch (...) {
    return "an exception not derived from std::exception";
  }
}

// Completes a node whose work is in flight on a device: waits for the device
// (at once if it is done), then, if no other thread got there first, reports a
// device failure, drops the command's captures and completes the node.
void complete_deferred(event_state& node) {
  std::string error;
  const bool ok = node.marker_ops->marker_wait(node.marker.load(std::memory_order_acquire), &error);
  if (node.claimed.exchange(true, std::memory_order_acq_rel)) return;
  if (!ok) {
    // "kernel 'k' on <GPU>: parallel_for(range): failed on the GPU: CUDA error 700 (...)"
    error = origin_of(node) + " on " + node.device->name + ": " + error;
    note_device_failure(node, error);
  }
  std::uint64_t device_start = 0, device_end = 0;
  if (ok && node.profiled && node.marker_ops->marker_times &&
      node.marker_ops->marker_times(node.marker.load(std::memory_order_acquire), &device_start, &device_end)) {
    // The device's own times, kept in order with the submission (the clocks'
    // anchoring is good to a few microseconds).
    node.start_ns = std::max(device_start, node.submit_ns);
    node.end_ns = std::max(device_end, node.start_ns);
  }
  if (!ok) {
    try {
      throw_error(sycl::errc::runtime, error);
    } catch (...) {
      report_error(node, std::current_exception());
    }
  }
  node.work = nullptr;  // drop the kernel's captures (accessors) now
  for (auto& s : finish(node)) enqueue_execute(s);
}

bool end_run(const event_ptr& node, exec_context& ctx, const std::exception_ptr& error, std::vector<event_ptr>& ready);

// Runs a node's command on this thread. Returns true and the successors it made
// ready when the node completed; false when its device work is still in flight
// (the node then completes later, see complete_deferred).
bool run_node(const event_ptr& node, std::vector<event_ptr>& ready) {
  node->status.store(node_status::running, std::memory_order_release);
  if (node->profiled || trace::enabled()) node->start_ns = now_ns();
  trace::command_scope traced(node->sequence);  // the chunks it runs count to it
  std::vector<event_ptr> waits;
  waits.swap(node->device_waits);
  exec_context ctx;
  ctx.profiled = node->profiled;
  ctx.may_wait_later = node->in_order_chain;
  ctx.native_stream = node->native_stream;
  // Held by `waits` and its queue's in-flight list only: nobody else can wait for it.
  for (auto& w : waits) ctx.add_wait(w->marker.load(std::memory_order_acquire), w.use_count() > 2);
  ctx.publish_waits();
  exec_context* outer = t_exec;  // a host task may submit (and so launch) commands itself
  std::exception_ptr error;
  try {
    // The buffers' latest contents move to where the command runs (a device
    // kernel: its device; anything else: the host) before it starts; those
    // copies complete before prepare_access returns.
    // (Moved out: the buffers refer to this node as their last user.)
    if (node->device_kernel) check_device_usable(*node->device);
    const std::vector<requirement> uses = std::move(node->buffers);
    for (auto& use : uses) prepare_access(*use.buffer, node->device_kernel ? node->device : nullptr, use.mode);
    t_exec = &ctx;
    if (node->work) node->work();
  } catch (...) {
    error = std::current_exception();
  }
  t_exec = outer;
  return end_run(node, ctx, error, ready);
}

// After a node's command ran with `ctx` (whose device waits stay valid meanwhile):
// reports its error, then leaves it in flight behind its marker (false) or
// completes it (true, with the successors it made ready).
bool end_run(const event_ptr& node, exec_context& ctx, const std::exception_ptr& error, std::vector<event_ptr>& ready) {
  if (error && node->device_kernel)
    note_device_failure(*node, origin_of(*node) + " on " + node->device->name + ": " + message_of(error));
  if (error) report_error(*node, error);
  if (ctx.deferred) {
    {
      std::lock_guard<std::mutex> g(node->mutex);
      node->marker_ops = ctx.ops;
      node->marker.store(ctx.deferred, std::memory_order_release);
      if (node->queue.expired()) complete_orphan(node);  // its queue was destroyed meanwhile
      else if (!node->successors.empty()) arm_notification(node);
    }
    node->done.notify_all();  // waiters now wait for the device themselves
    return false;
  }
  // Completing without device work in flight (a failed launch, a command that
  // ran on the host): successors still may not start before the device work
  // this node was to follow, which they no longer see.
  for (std::size_t i = 0; i < ctx.count; ++i) {
    std::string ignored;  // a failure there is reported by its own command (of the same device)
    node->device->ops->marker_wait(ctx.marker(i), &ignored);
  }
  node->work = nullptr;  // drop the kernel's captures (accessors) now
  ready = finish(*node);
  return true;
}

// Hands a ready node to a worker of its device.
void enqueue_execute(event_ptr node) {
  const device_state* d = node->device;
  enqueue([s = std::move(node)] { execute(s); }, d);
}

// The worker arena a node's command runs in (device_state::arena).
int arena_of(const event_state& node) { return node.device ? node.device->arena : 0; }

// Runs a node on this worker, then (as a continuation, without a round trip
// through the task queue) the first successor it made ready, if it runs in the
// same arena (a sub-device's command never runs on another device's CPUs); the
// others are handed to their devices' workers.
void execute(event_ptr node) {
  while (node) {
    std::vector<event_ptr> ready;
    run_node(node, ready);
    const int arena = arena_of(*node);
    node = nullptr;
    for (auto& s : ready) {
      if (!node && arena_of(*s) == arena) node = std::move(s);
      else enqueue_execute(std::move(s));
    }
  }
}

// The backend's notification (a backend thread, which must not call the
// backend): completion goes to a worker.
void on_marker_reached(void* arg) {
  std::unique_ptr<event_ptr> node(static_cast<event_ptr*>(arg));
  if ((*node)->claimed.load(std::memory_order_acquire)) return;
  const device_state* d = (*node)->device;
  enqueue([n = std::move(*node)] { complete_deferred(*n); }, d);
}

void arm_notification(const event_ptr& node) {
  if (node->notify_armed) return;
  node->notify_armed = true;
  void* m = node->marker.load(std::memory_order_relaxed);
  auto* arg = new event_ptr(node);
  if (!node->marker_ops->marker_notify(m, &on_marker_reached, arg)) {
    // No notification from the backend: a worker waits for the device instead.
    delete arg;
    enqueue([node] { complete_deferred(*node); }, node->device);
  }
}

// A node with device work in flight whose queue is gone: no queue::wait will come
// for it, so a worker waits for the device and completes it (reporting a device
// failure). That is a live task: the runtime finishes it before the program exits.
// Caller holds node->mutex and the node's marker is set.
void complete_orphan(const event_ptr& node) {
  if (node->notify_armed) return;  // the backend reports it already
  node->notify_armed = true;
  enqueue([node] { complete_deferred(*node); }, node->device);
}

// One dependency fewer; the node runs when none are left: a device kernel at
// once on this thread (launching is quick and needs no worker), anything else
// on a worker.
void release(const event_ptr& node, bool inline_device_kernel = false) {
  if (node->pending.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  if (inline_device_kernel && node->device_kernel) {
    std::vector<event_ptr> ready;
    run_node(node, ready);
    for (auto& s : ready) enqueue_execute(s);
    return;
  }
  enqueue_execute(node);
}

// Makes `node` wait for `dep` unless dep already completed. Caller holds graph_mutex().
// A device kernel may instead follow a dependency whose work is in flight on
// the same device on the device itself (device_waits), without a host round trip.
void add_dependency(const event_ptr& dep, const event_ptr& node) {
  if (!dep || dep == node) return;
  std::lock_guard<std::mutex> g(dep->mutex);
  if (dep->is_complete()) return;
  if (node->device_chain && dep->device == node->device && dep->marker.load(std::memory_order_relaxed)) {
    node->device_waits.push_back(dep);
    return;
  }
  node->pending.fetch_add(1, std::memory_order_relaxed);
  dep->successors.push_back(node);
  if (dep->marker.load(std::memory_order_relaxed)) arm_notification(dep);
}

void trace_dependency(std::uint64_t command, std::uint64_t on) {
  trace::record r;
  r.what = trace::kind::dependency;
  r.command = command;
  r.other = on;
  trace::add(r);
}

// The submission as a slice of the submitting thread, with what the command is.
void trace_submit(const event_state& node, const command_group& cg, const queue_state* queue) {
  trace::record r;
  r.what = trace::kind::submit;
  r.command = node.sequence;
  r.begin_ns = node.submit_ns;
  r.end_ns = now_ns();
  r.queue = queue;
  r.label = node.command;
  r.kernel = cg.kernel_name;
  r.shape = cg.shape;
  trace::add(r);
}

// Recycled memory for the nodes of commands, which a chain of kernels makes and
// drops at the rate of its launches (a chain of 64 freed at once by queue::wait()
// overflows malloc's per-thread cache and takes its slow path). Nodes outlive
// their queues, so the free list is the process's: never destroyed, at most
// `kept_at_most` blocks, guarded by a spin lock held for a few instructions.
class node_pool {
 public:
  void* take(std::size_t bytes) {
    lock();
    block* b = m_free;
    if (b) {
      m_free = b->next;
      --m_kept;
    }
    unlock();
    return b ? static_cast<void*>(b) : ::operator new(bytes);
  }
  void give(void* p) {
    lock();
    const bool kept = m_kept < kept_at_most;
    if (kept) {
      auto* b = static_cast<block*>(p);
      b->next = m_free;
      m_free = b;
      ++m_kept;
    }
    unlock();
    if (!kept) ::operator delete(p);
  }

  void lock() {
    while (m_lock.test_and_set(std::memory_order_acquire)) std::this_thread::yield();
  }
  void unlock() { m_lock.clear(std::memory_order_release); }

 private:
  struct block {
    block* next;
  };
  static constexpr int kept_at_most = 1024;
  std::atomic_flag m_lock = ATOMIC_FLAG_INIT;
  block* m_free = nullptr;
  int m_kept = 0;
};

node_pool& nodes() {
  // Never destroyed: nodes are dropped up to exit. A fork() holds the lock across
  // it, so a child never starts with it held by a thread it does not have.
  static node_pool* pool = [] {
    auto* p = new node_pool;
    pthread_atfork([] { nodes().lock(); }, [] { nodes().unlock(); }, [] { nodes().unlock(); });
    return p;
  }();
  return *pool;
}

// Allocates nodes (with their shared_ptr count, one block type) from node_pool,
// without zeroing them first (what make_shared's value initialisation does):
// every member has its own initialiser.
template <class T>
struct pool_allocator {
  using value_type = T;
  pool_allocator() = default;
  template <class U>
  pool_allocator(const pool_allocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(nodes().take(n * sizeof(T))); }
  void deallocate(T* p, std::size_t) noexcept { nodes().give(p); }
  template <class U>
  void construct(U* p) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U>
  bool operator==(const pool_allocator<U>&) const {
    return true;
  }
  template <class U>
  bool operator!=(const pool_allocator<U>&) const {
    return false;
  }
};

std::uint64_t next_sequence() {
  static std::atomic<std::uint64_t> submitted{0};
  return submitted.fetch_add(1, std::memory_order_relaxed) + 1;
}

void prune(std::vector<event_ptr>& events) {
  events.erase(std::remove_if(events.begin(), events.end(), [](const event_ptr& e) { return e->is_complete(); }),
               events.end());
}

}  // namespace

void order_access(buffer_state& buffer, sycl::access_mode mode, const event_ptr& node, std::vector<event_ptr>& deps) {
  auto* root = buffer.root();
  if (root->last_write && root->last_write != node) deps.push_back(root->last_write);
  if (mode == sycl::access_mode::read) {
    prune(root->reads_since_write);
    root->reads_since_write.push_back(node);
  } else {
    for (auto& r : root->reads_since_write)
      if (r != node) deps.push_back(r);
    root->reads_since_write.clear();
    root->last_write = node;
  }
}

// Adds `node` to the in-flight list. Caller holds the queue's mutex.
// Completed commands leave the list when it is full, before it would grow (where
// more than half are still in flight it grows instead): a scan per submission made
// submitting many kernels ahead of their run quadratic (launch_throughput, more so
// when tracing slows the workers, and a chain's host cost per command).
// Once many are in flight, every 16th submission picks older commands with device
// work in flight for poll_in_device_flight, so a queue never waited on does not
// keep them all (chains shorter than 128 commands skip this).
void queue_state::track_in_flight(const event_ptr& node, std::vector<event_ptr>& in_device_flight) {
  if (in_flight.capacity() < 16) in_flight.reserve(16);
  if (in_flight.size() == in_flight.capacity()) {
    prune(in_flight);
    if (in_flight.size() > in_flight.capacity() / 2) in_flight.reserve(2 * in_flight.capacity());
  }
  if (in_flight.size() >= 128 && node->device_kernel && node->sequence % 16 == 0)
    for (std::size_t i = in_flight.size() - 16; i-- > 0 && in_device_flight.size() < 32;) {
      const auto& e = in_flight[i];
      if (e->marker.load(std::memory_order_acquire) && !e->is_complete()) in_device_flight.push_back(e);
    }
  in_flight.push_back(node);
}

// Completes the picked commands the device has done. Oldest first, stopping at
// the first not yet done (the device runs a stream in order): asking about one
// whose marker the backend left unplaced (marker_may_wait_later) may place it,
// which is done for one command per poll at most.
namespace {
void poll_in_device_flight(std::vector<event_ptr>& in_device_flight) {
  for (auto it = in_device_flight.rbegin(); it != in_device_flight.rend(); ++it)
    if ((*it)->poll() != node_status::complete) break;
}

// A node for a command group of queue q, with what every submission fills in
// alike: what the command is, its queue, device and native stream.
event_ptr new_node(queue_state& q, const command_group& cg) {
  auto node = std::allocate_shared<event_state>(pool_allocator<event_state>());
  node->command = command_label(cg.kind);
  node->kernel_name = cg.kernel_name;
  node->queue = q.weak_from_this();
  node->profiled = q.profiling;
  node->device = q.device;
  node->native_stream = q.native_stream.load(std::memory_order_acquire);  // backend interop
  return node;
}
}  // namespace

event_ptr queue_state::submit(command_group&& cg) {
  auto node = new_node(*this, cg);
  node->work = std::move(cg.work);
  // A kernel for a device whose backend leaves work in flight: launched from this
  // thread when nothing holds it back, and (unless profiled, whose start times must
  // follow the previous command's end) queued on the device behind earlier device work.
  // USM memory commands (no accessors) leave their work in flight the same way.
  const bool usm_memory_command =
      (cg.kind == command_kind::memcpy || cg.kind == command_kind::memset || cg.kind == command_kind::fill) &&
      cg.requirements.empty();
  node->device_kernel =
      (cg.kind == command_kind::kernel || usm_memory_command) && node->device->ops && node->device->ops->marker_wait;
  node->device_chain = node->device_kernel && !profiling;
  node->in_order_chain = node->device_chain && in_order;
  const bool traced = trace::enabled();
  if (profiling || traced) node->submit_ns = now_ns();
  node->sequence = next_sequence();
  // The chain fast path: a device command of an in-order queue that follows only
  // the queue's previous command touches no buffer history, so the graph's lock
  // is not needed: the previous command is taken and replaced under the queue's.
  if (node->in_order_chain && cg.requirements.empty() && cg.dependencies.empty() && !traced) {
    event_ptr previous;
    std::vector<event_ptr> in_device_flight;
    {
      std::lock_guard<std::mutex> q(mutex);
      previous = std::move(last);
      last = node;
      node->in_order_previous = previous;
      track_in_flight(node, in_device_flight);
    }
    if (previous) {
      add_dependency(previous, node);
      previous.reset();  // (counted by run_node's observed test)
    }
    poll_in_device_flight(in_device_flight);
    release(node, true);
    return node;
  }
  {
    std::lock_guard<std::mutex> g(graph_mutex());
    std::vector<event_ptr> deps = std::move(cg.dependencies);
    if (in_order) {
      std::lock_guard<std::mutex> q(mutex);
      if (last) deps.push_back(last);
      last = node;
    }
    // A command reading and writing the same buffer needs its strongest mode only.
    for (auto& req : cg.requirements) {
      bool stronger_elsewhere = req.mode == sycl::access_mode::read &&
                                std::any_of(cg.requirements.begin(), cg.requirements.end(), [&](const requirement& o) {
                                  return o.buffer->root() == req.buffer->root() && o.mode != sycl::access_mode::read;
                                });
      if (!stronger_elsewhere) order_access(*req.buffer, req.mode, node, deps);
    }
    for (auto& d : deps) {
      const bool seen = std::any_of(node->waits_for.begin(), node->waits_for.end(),
                                    [&](const std::weak_ptr<event_state>& w) { return w.lock() == d; });
      if (!seen) node->waits_for.push_back(d);
      if (traced && !seen && d->sequence) trace_dependency(node->sequence, d->sequence);
      add_dependency(d, node);
    }
  }
  node->buffers = std::move(cg.requirements);
  std::vector<event_ptr> in_device_flight;
  {
    std::lock_guard<std::mutex> q(mutex);
    track_in_flight(node, in_device_flight);
  }
  poll_in_device_flight(in_device_flight);
  if (traced) trace_submit(*node, cg, this);
  release(node, true);
  return node;
}

// The direct path: the handler's kernel runs here through `run`, with no
// std::function, no dependency lists and no task-graph or node lock on the way in.
// It needs the queue's previous command complete or in flight on the device
// (one still launching on another thread, or waiting for host work, is followed
// through the graph instead: submit).
event_ptr queue_state::submit_direct(command_group& cg, void (*run)(void*), void* kernel) {
  if (!cg.requirements.empty() || !cg.dependencies.empty() || trace::enabled()) return nullptr;
  auto node = new_node(*this, cg);
  node->device_kernel = node->device_chain = node->in_order_chain = true;
  node->status.store(node_status::running, std::memory_order_relaxed);
  event_ptr previous;
  std::vector<event_ptr> in_device_flight;
  {
    std::lock_guard<std::mutex> q(mutex);
    if (last && !last->marker.load(std::memory_order_acquire) && !last->is_complete()) return nullptr;
    previous = std::move(last);
    last = node;
    node->sequence = next_sequence();
    node->in_order_previous = previous;
    track_in_flight(node, in_device_flight);
  }
  exec_context ctx;
  ctx.may_wait_later = true;
  ctx.native_stream = node->native_stream;
  if (previous) {
    // Held by `previous` and the in-flight list only: nobody else can wait for it.
    if (!previous->is_complete())
      ctx.add_wait(previous->marker.load(std::memory_order_acquire), previous.use_count() > 2);
  }
  ctx.publish_waits();
  exec_context*& running = t_exec;  // (one thread-local lookup)
  exec_context* outer = running;    // a host task may submit (and so launch) commands itself
  std::exception_ptr error;
  try {
    check_device_usable(*device);
    running = &ctx;
    run(kernel);
  } catch (...) {
    error = std::current_exception();
  }
  running = outer;
  std::vector<event_ptr> ready;
  if (end_run(node, ctx, error, ready))
    for (auto& s : ready) enqueue_execute(s);
  previous.reset();
  poll_in_device_flight(in_device_flight);
  return node;
}

void queue_state::wait() {
  trace_wait traced(0);
  std::vector<event_ptr> pending;
  {
    std::lock_guard<std::mutex> q(mutex);
    pending = in_flight;
  }
  // Newest first: device work completes in order along a chain, so waiting for
  // the last command first leaves the others done. A command held by nobody but
  // the queue (the in-flight list and `pending`) whose device work is known done
  // without a failure is not completed: nothing can observe it but through a later
  // reference (an event's wait list), whose wait or poll completes it on the spot.
  // It only leaves the in-flight list.
  std::vector<const event_state*> done_unheld;
  done_unheld.reserve(pending.size());
  for (auto it = pending.rbegin(); it != pending.rend(); ++it) {
    event_state& e = **it;
    void* m = e.marker.load(std::memory_order_acquire);
    if (it != pending.rbegin() && e.in_order_chain && m && it->use_count() == 2 &&
        !e.claimed.load(std::memory_order_acquire) && e.marker_ops->marker_reached(m) &&
        e.marker_ops->marker_wait(m, nullptr)) {
      done_unheld.push_back(&e);
      continue;
    }
    e.wait();
  }
  // The list keeps its order (it only grows at the end and loses completed
  // commands), so the commands left alone are found in one pass, oldest first.
  // (One another thread completed and removed meanwhile ends the matching: the rest
  // stay listed and leave at the next wait.)
  std::reverse(done_unheld.begin(), done_unheld.end());
  std::size_t next = 0;
  std::lock_guard<std::mutex> q(mutex);
  in_flight.erase(std::remove_if(in_flight.begin(), in_flight.end(),
                                 [&](const event_ptr& e) {
                                   if (next < done_unheld.size() && e.get() == done_unheld[next]) {
                                     ++next;
                                     return true;
                                   }
                                   return e->is_complete();
                                 }),
                  in_flight.end());
}

void queue_state::report(std::exception_ptr e, std::string origin) {
  std::lock_guard<std::mutex> q(mutex);
  errors.push_back({std::move(e), std::move(origin)});
}

void queue_state::throw_asynchronous() {
  std::vector<async_error> errs;
  {
    std::lock_guard<std::mutex> q(mutex);
    errs.swap(errors);
  }
  if (errs.empty()) return;
  if (handler) {
    std::vector<std::exception_ptr> list;
    for (auto& e : errs) list.push_back(std::move(e.error));
    handler(sycl::exception_list(std::move(list)));
    return;
  }
  // No async_handler: as in other SYCL implementations, report and terminate.
  std::fflush(stdout);
  std::fprintf(stderr, "weft: %zu asynchronous error(s) and no async_handler on the queue:\n", errs.size());
  for (auto& e : errs) print_error(e.error, e.origin);
  std::fprintf(stderr, "weft: stopping the program (SYCL's default for unhandled asynchronous errors); to handle them, "
                       "give the queue an async_handler: sycl::queue q{[](sycl::exception_list l) { ... }}\n");
  terminate_with(errs.front().error);
}

void wait_and_throw(const event_ptr& e) {
  e->wait();
  // The queues of the event's command and of everything it depends on; a node
  // is visited once (several paths may lead to it).
  std::vector<queue_ptr> queues;
  std::unordered_set<const event_state*> seen{e.get()};
  std::vector<event_ptr> todo{e};
  while (!todo.empty()) {
    event_ptr n = std::move(todo.back());
    todo.pop_back();
    if (auto q = n->queue.lock())
      if (std::find(queues.begin(), queues.end(), q) == queues.end()) queues.push_back(std::move(q));
    auto visit = [&](const std::weak_ptr<event_state>& w) {
      if (auto d = w.lock())
        if (seen.insert(d.get()).second) todo.push_back(std::move(d));
    };
    visit(n->in_order_previous);
    for (auto& w : n->waits_for) visit(w);
  }
  for (auto& q : queues) q->throw_asynchronous();
}

// SYCL 2020 4.6.5: "A queue may be destroyed even when there are uncompleted
// commands that have been submitted to the queue. Doing so does not block." The
// commands still run and their events complete as usual: the graph, not the queue,
// holds them. A command whose device work is in flight completes when the device
// reaches its marker, found by a waiter or, with no queue left to wait, by a worker
// (complete_orphan: here, or in run_node for work launched later).
// Errors the queue recorded and nobody collected are printed here; a command
// failing after this finds no queue and prints its own error (report_error), so
// errors are reported either way, never lost. Buffers still block: ~buffer waits
// for the commands using it, and the runtime finishes queued work at exit.
queue_state::~queue_state() {
  for (auto& e : in_flight) {
    std::lock_guard<std::mutex> g(e->mutex);
    if (!e->is_complete() && e->marker.load(std::memory_order_acquire) && !e->claimed.load(std::memory_order_acquire))
      complete_orphan(e);
  }
  if (!errors.empty()) {
    std::fprintf(stderr,
                 "weft: a queue was destroyed with %zu asynchronous error(s) never delivered "
                 "(call wait_and_throw() or throw_asynchronous()):\n",
                 errors.size());
    for (auto& e : errors) print_error(e.error, e.origin);
  }
}

event_ptr acquire_host_access(const buffer_ptr& buffer, sycl::access_mode mode) {
  auto node = std::make_shared<event_state>();
  node->host_access = true;
  std::vector<event_ptr> deps, to_wait;
  {
    std::lock_guard<std::mutex> g(graph_mutex());
    order_access(*buffer, mode, node, deps);
    // Commands and other threads' host accessors must finish before the host
    // may touch the data. A host accessor this thread holds need not (waiting
    // for it would never end, and a thread cannot race with itself): this node
    // completes only after it instead, so later commands still wait for both.
    for (auto& d : deps) {
      if (d->host_access && holds_host_access(d)) add_dependency(d, node);
      else to_wait.push_back(d);
    }
  }
  if (t_held_host_access)
    for (auto& d : to_wait)
      if (!d->is_complete() && blocked_by_held_access(d.get())) {
        complete(node);  // leave the buffer usable by others
        throw_error(sycl::errc::invalid,
                    "host_accessor: the buffer (" + std::to_string(buffer->bytes) +
                        " bytes) is still in use by a host_accessor this thread holds, or by a command waiting for "
                        "one; a second host_accessor here would wait forever. Destroy the first host_accessor "
                        "(end its scope) before creating this one");
      }
  for (auto& d : to_wait) d->wait();
  try {
    prepare_access(*buffer, nullptr, mode);  // the latest contents, from a device copy
  } catch (...) {
    complete(node);  // leave the buffer usable by others
    throw;
  }
  node->status.store(node_status::running, std::memory_order_release);
  hold_host_access(node);
  return node;
}

void release_host_access(const event_ptr& node) {
  drop_host_accesses([&node](const event_ptr& e) { return e == node; });
  // Completes now, or when the host accessors it follows are released.
  if (node->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) complete(node);
}

device_waits take_device_waits() {
  if (!t_exec) return {};
  return t_exec->waits;
}

bool command_profiled() { return t_exec && t_exec->profiled; }

bool marker_may_wait_later() { return t_exec && t_exec->may_wait_later; }

void* command_native_stream() { return t_exec ? t_exec->native_stream : nullptr; }

// Not a command of any queue: its node is in flight from the start and completes
// as a command's whose work is in flight does (complete_deferred, by a waiter or a
// poll); a failure is printed, as for a command whose queue is gone.
event_ptr device_work_event(const device_state* d, void* marker, const backend_ops* ops) {
  auto node = std::make_shared<event_state>();
  node->command = "a native event";
  node->device = d;
  node->pending.store(0, std::memory_order_relaxed);
  node->status.store(node_status::running, std::memory_order_relaxed);
  node->marker_ops = ops;
  node->marker.store(marker, std::memory_order_release);
  return node;
}

outside_command::outside_command() : m_saved(t_exec) { t_exec = nullptr; }
outside_command::~outside_command() { t_exec = static_cast<exec_context*>(m_saved); }

bool defer_completion(void* marker, const backend_ops* ops) { return t_exec && defer_completion(t_exec, marker, ops); }

command_info* running_command() { return t_exec; }

bool defer_completion(command_info* c, void* marker, const backend_ops* ops) {
  auto* e = static_cast<exec_context*>(c);
  if (e->deferred) return false;
  e->deferred = marker;
  e->ops = ops;
  return true;
}

void wait_for_deferred_work() {
  if (t_exec && t_exec->deferred) t_exec->ops->marker_wait(t_exec->deferred, nullptr);
}

}  // namespace weft::detail
