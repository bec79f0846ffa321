// The task graph: command groups become nodes that run on Weft's workers once
// the nodes they depend on (by buffer access, depends_on, events or an in-order
// queue) have completed. Independent nodes run at the same time.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <string>
#include <unordered_set>
#include <sycl/exception.hpp>
#include <weft/runtime/queue_state.hpp>
#include "graph.hpp"
#include "runtime_internal.hpp"

namespace weft::detail {

std::mutex& graph_mutex() {
  static std::mutex m;
  return m;
}

std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

namespace {

// Host accessors this thread holds. A wait that (transitively) needs one of
// them to be released would never return: it is reported instead.
thread_local std::vector<event_ptr> t_held_host_access;

// True when `target` cannot complete before a host access held by this thread
// is released (it is that access, or a successor of it).
bool blocked_by_held_access(const event_state* target) {
  auto& held = t_held_host_access;
  held.erase(std::remove_if(held.begin(), held.end(), [](const event_ptr& e) { return e->is_complete(); }), held.end());
  if (held.empty()) return false;
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
  throw_error(sycl::errc::invalid,
              std::string(what) + " would wait forever: it needs a buffer on which this thread still holds " +
                  std::to_string(t_held_host_access.size()) +
                  " host_accessor(s); destroy the host_accessor (end its scope) before waiting");
}

}  // namespace

void event_state::wait() {
  if (is_complete()) return;
  if (!t_held_host_access.empty() && blocked_by_held_access(this)) report_self_deadlock("waiting for this command");
  std::unique_lock<std::mutex> g(mutex);
  done.wait(g, [this] { return status.load(std::memory_order_acquire) == node_status::complete; });
}

namespace {

void print_error(std::exception_ptr e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    std::fprintf(stderr, "weft: asynchronous error: %s\n", ex.what());
  } catch (...) {
    std::fprintf(stderr, "weft: asynchronous error: a non-standard exception\n");
  }
}

void release(const event_ptr& node);
void execute(event_ptr node);

// Marks `node` complete and returns the successors that became ready to run.
std::vector<event_ptr> finish(const event_ptr& node) {
  std::vector<event_ptr> next;
  {
    std::lock_guard<std::mutex> g(node->mutex);
    if (node->profiled) node->end_ns = now_ns();
    node->status.store(node_status::complete, std::memory_order_release);
    next.swap(node->successors);
  }
  node->done.notify_all();
  std::vector<event_ptr> ready;
  for (auto& s : next)
    if (s->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) ready.push_back(std::move(s));
  return ready;
}

void complete(const event_ptr& node) {
  for (auto& s : finish(node)) enqueue([s] { execute(s); });
}

// Runs a node on this worker, then (as a continuation, without a round trip
// through the task queue) the first successor it made ready; the others are
// handed to other workers.
void execute(event_ptr node) {
  while (node) {
    node->status.store(node_status::running, std::memory_order_release);
    if (node->profiled) node->start_ns = now_ns();
    // The queue an error is reported to is kept until this node is complete: if
    // its last handle went away meanwhile, this reference is the last one and
    // ~queue_state would run here, waiting for its in-flight commands, this one
    // among them, which would never complete (seen at exit under TSan's timing).
    std::shared_ptr<queue_state> reported_to;
    try {
      if (node->work) node->work();
    } catch (...) {
      if ((reported_to = node->queue.lock())) reported_to->report(std::current_exception());
      else print_error(std::current_exception());
    }
    node->work = nullptr;  // drop the kernel's captures (accessors) now
    auto ready = finish(node);
    node = nullptr;
    for (std::size_t i = 0; i < ready.size(); ++i) {
      if (i == 0) node = std::move(ready[0]);
      else enqueue([s = std::move(ready[i])] { execute(s); });
    }
  }
}

// One dependency fewer; the node runs when none are left.
void release(const event_ptr& node) {
  if (node->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) enqueue([node] { execute(node); });
}

// Makes `node` wait for `dep` unless dep already completed. Caller holds graph_mutex().
void add_dependency(const event_ptr& dep, const event_ptr& node) {
  if (!dep || dep == node) return;
  std::lock_guard<std::mutex> g(dep->mutex);
  if (dep->is_complete()) return;
  node->pending.fetch_add(1, std::memory_order_relaxed);
  dep->successors.push_back(node);
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

event_ptr queue_state::submit(command_group&& cg) {
  auto node = std::make_shared<event_state>();
  node->work = std::move(cg.work);
  node->queue = weak_from_this();
  node->profiled = profiling;
  if (profiling) node->submit_ns = now_ns();
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
    for (auto& d : deps) add_dependency(d, node);
  }
  {
    std::lock_guard<std::mutex> q(mutex);
    prune(in_flight);
    in_flight.push_back(node);
  }
  release(node);
  return node;
}

void queue_state::wait() {
  std::vector<event_ptr> pending;
  {
    std::lock_guard<std::mutex> q(mutex);
    pending = in_flight;
  }
  for (auto& e : pending) e->wait();
  std::lock_guard<std::mutex> q(mutex);
  prune(in_flight);
}

void queue_state::report(std::exception_ptr e) {
  std::lock_guard<std::mutex> q(mutex);
  errors.push_back(std::move(e));
}

void queue_state::throw_asynchronous() {
  std::vector<std::exception_ptr> errs;
  {
    std::lock_guard<std::mutex> q(mutex);
    errs.swap(errors);
  }
  if (errs.empty()) return;
  if (handler) {
    handler(sycl::exception_list(std::move(errs)));
    return;
  }
  // No async_handler: as in other SYCL implementations, report and terminate.
  std::fprintf(stderr, "weft: %zu asynchronous error(s) and no async_handler on the queue:\n", errs.size());
  for (auto& e : errs) print_error(e);
  std::terminate();
}

queue_state::~queue_state() {
  for (auto& e : in_flight) {
    if (!e->is_complete() && !t_held_host_access.empty() && blocked_by_held_access(e.get())) {
      // Waiting would deadlock: the command runs once the host_accessor is gone.
      std::fprintf(stderr,
                   "weft: a queue was destroyed while this thread holds a host_accessor that one of its commands "
                   "needs; that command runs when the host_accessor is destroyed, and its errors are printed\n");
      continue;
    }
    e->wait();
  }
  if (!errors.empty()) {
    std::fprintf(stderr,
                 "weft: a queue was destroyed with %zu asynchronous error(s) never delivered "
                 "(call wait_and_throw() or throw_asynchronous()):\n",
                 errors.size());
    for (auto& e : errors) print_error(e);
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
      bool held_here = std::find(t_held_host_access.begin(), t_held_host_access.end(), d) != t_held_host_access.end();
      if (d->host_access && held_here) add_dependency(d, node);
      else to_wait.push_back(d);
    }
  }
  if (!t_held_host_access.empty())
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
  node->status.store(node_status::running, std::memory_order_release);
  t_held_host_access.push_back(node);
  return node;
}

void release_host_access(const event_ptr& node) {
  auto& held = t_held_host_access;
  held.erase(std::remove(held.begin(), held.end(), node), held.end());
  // Completes now, or when the host accessors it follows are released.
  if (node->pending.fetch_sub(1, std::memory_order_acq_rel) == 1) complete(node);
}

}  // namespace weft::detail
