// The CPU target's parallel loops (weft/target/cpu/parallel.hpp) on oneTBB.
//
// ThreadSanitizer (see weft/sanitizer.hpp and CONTRIBUTING.md): libtbb.so is not
// instrumented, so each call announces its hand-over itself. The token is the
// caller's context, which the chunks read from the caller's stack: the caller
// releases it before the algorithm starts, each chunk acquires it when it starts
// and releases the join token when it ends (also by exception), and the caller
// acquires the join token when the algorithm returns. parallel_reduce's partial
// results live in bodies that oneTBB makes, moves between threads and destroys in
// its (uninstrumented) code; every access to a body, and so to its partial, is
// bracketed by an acquire and a release of the body's address, which is what
// oneTBB guarantees: the accesses to one body never overlap. Memory oneTBB
// reuses for a later body is covered the same way.
#include <weft/target/cpu/parallel.hpp>
#include <weft/target/cpu/item_loop_report.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>
#include <new>
#include <optional>
#include <utility>
#include <vector>
#include <weft/sanitizer.hpp>
#include "../../trace/recorder.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

namespace weft::cpu {

namespace {
using weft::detail::tsan_acquire;
using weft::detail::tsan_fork_join_scope;
using weft::detail::tsan_release;
using weft::detail::tsan_task_scope;

// While tracing, a launch's chunks (docs/trace.md): each worker's chunks of the launch
// as one slice, from its first chunk's start to its last one's end, with how many
// chunks and rows (items, groups) it ran; the launching thread records them once
// the launch has joined. A record and two clock reads per chunk made launch-bound
// kernels up to 1.6x slower at 16 workers; this costs one clock read per chunk. A
// launch that runs as one chunk is not recorded: the command's slice shows it.
class launch_trace {
 public:
  launch_trace(std::size_t begin, std::size_t end)
      // (oneTBB numbers the slots of an arena of n workers up to n: slot 0 is kept for
      // a thread that enters it.)
      : m_command(trace::current_command()), m_begin(begin), m_end(end), m_shares(arena_workers() + 1) {}
  launch_trace(const launch_trace&) = delete;
  launch_trace& operator=(const launch_trace&) = delete;
  ~launch_trace() {
    std::size_t workers = 0;
    for (const share& s : m_shares) workers += s.pieces != 0;
    for (const share& s : m_shares) {
      if (!s.pieces || (workers == 1 && s.pieces == 1 && s.first == m_begin && s.last == m_end)) continue;
      trace::record r;
      r.what = trace::kind::chunk;
      r.command = m_command;
      r.label = trace::loop_chunks;
      r.track = s.track;
      r.first = s.first;
      r.last = s.last;
      r.pieces = s.pieces;
      r.units = s.units;
      r.begin_ns = s.begin_ns;
      r.end_ns = s.end_ns;
      try {
        trace::add(r);
      } catch (...) {  // no memory for the record: the trace misses it
      }
    }
  }

  // Runs chunk [b, e) of the launch on this thread: run().
  template <class Run>
  void run(std::size_t b, std::size_t e, const Run& run) {
    const int slot = tbb::this_task_arena::current_thread_index();
    if (slot < 0 || static_cast<std::size_t>(slot) >= m_shares.size()) {  // not the arena's: a slice of its own
      const std::uint64_t begin_ns = trace::clock_ns();
      run();
      trace::chunk(m_command, trace::loop_chunks, b, e, begin_ns, trace::clock_ns(), 0, 0, 0, 1, e - b);
      return;
    }
    share& s = m_shares[static_cast<std::size_t>(slot)];
    if (!s.pieces) {
      s.track = trace::this_thread_track();
      s.first = b;
      s.last = e;
      s.begin_ns = trace::clock_ns();
    }
    run();
    s.end_ns = trace::clock_ns();
    s.first = std::min(s.first, b);
    s.last = std::max(s.last, e);
    s.units += e - b;
    ++s.pieces;
  }

 private:
  struct alignas(64) share {  // one arena slot's, on a cache line of its own
    int track = -1;
    std::size_t first = 0, last = 0, pieces = 0, units = 0;
    std::uint64_t begin_ns = 0, end_ns = 0;
  };
  std::uint64_t m_command;
  std::size_t m_begin, m_end;
  std::vector<share> m_shares;
};

}  // namespace

void parallel_for_chunks(std::size_t begin, std::size_t end, std::size_t grain, chunk_fn chunk, void* ctx,
                         std::size_t step) {
  if (begin >= end) return;
  step = std::max<std::size_t>(1, step);
  // oneTBB cuts [0, units) of `step` items each; a piece of units is a piece of items.
  const std::size_t units = (end - begin + step - 1) / step;
  const tbb::blocked_range<std::size_t> range(0, units, std::max<std::size_t>(1, grain / step));
  auto items = [begin, end, step](const tbb::blocked_range<std::size_t>& r) {
    return std::pair<std::size_t, std::size_t>(begin + r.begin() * step, std::min(end, begin + r.end() * step));
  };
  if (!trace::enabled()) {
    tsan_fork_join_scope join(ctx);
    tbb::parallel_for(range, [chunk, ctx, items](const tbb::blocked_range<std::size_t>& r) {
      tsan_task_scope task(ctx);
      const std::pair<std::size_t, std::size_t> piece = items(r);
      chunk(ctx, piece.first, piece.second);
    });
    return;
  }
  launch_trace traced(begin, end);  // records after the join below
  tsan_fork_join_scope join(ctx);
  tbb::parallel_for(range, [chunk, ctx, items, t = &traced](const tbb::blocked_range<std::size_t>& r) {
    tsan_task_scope task(ctx);
    const std::pair<std::size_t, std::size_t> piece = items(r);
    t->run(piece.first, piece.second, [&] { chunk(ctx, piece.first, piece.second); });
  });
}

void parallel_for_chunks(std::size_t begin, std::size_t end, std::size_t grain, chunk_fn chunk, void* ctx) {
  parallel_for_chunks(begin, end, grain, chunk, ctx, 1);
}

std::size_t arena_workers() { return static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency())); }

std::size_t static_chunks(std::size_t n, std::size_t unit_items, std::size_t min_items) {
  std::size_t workers = arena_workers();
  std::size_t total = n * std::max<std::size_t>(1, unit_items);
  std::size_t by_size = std::max<std::size_t>(1, total / std::max<std::size_t>(1, min_items));
  return std::max<std::size_t>(1, std::min({workers, n, by_size}));
}

void static_for_chunks(std::size_t n, std::size_t chunks, chunk_fn chunk, void* ctx) {
  if (n == 0) return;
  chunks = std::max<std::size_t>(1, std::min(chunks, n));
  std::optional<launch_trace> traced;  // records after the join below
  if (trace::enabled()) traced.emplace(0, n);
  auto block = [&](std::size_t k) {
    const std::size_t b = k * n / chunks, e = (k + 1) * n / chunks;
    if (traced) traced->run(b, e, [&] { chunk(ctx, b, e); });
    else chunk(ctx, b, e);
  };
  if (chunks == 1) {
    block(0);
    return;
  }
  std::unique_ptr<std::atomic<bool>[]> taken(new std::atomic<bool>[chunks]());
  auto claim = [&]() -> std::size_t {
    int slot = tbb::this_task_arena::current_thread_index();
    if (slot >= 0 && static_cast<std::size_t>(slot) < chunks &&
        !taken[static_cast<std::size_t>(slot)].exchange(true, std::memory_order_acq_rel))
      return static_cast<std::size_t>(slot);
    for (std::size_t k = 0; k < chunks; ++k)
      if (!taken[k].load(std::memory_order_relaxed) && !taken[k].exchange(true, std::memory_order_acq_rel)) return k;
    return chunks;  // unreachable: there are as many tasks as blocks
  };
  tsan_fork_join_scope join(ctx);
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, chunks, 1),
      // ctx by value: the task reads it before its acquire (oneTBB copies the lambda).
      [&, ctx](const tbb::blocked_range<std::size_t>& r) {
        tsan_task_scope task(ctx);
        for (std::size_t t = r.begin(); t != r.end(); ++t) {
          std::size_t k = claim();
          if (k < chunks) block(k);
        }
      },
      tbb::static_partitioner{});
}

namespace {

// Brackets the accesses to one reduction body (see the top of this file).
struct body_access {
  const void* body;
  explicit body_access(const void* b) : body(b) { tsan_acquire(body); }
  ~body_access() { tsan_release(body); }
  body_access(const body_access&) = delete;
  body_access& operator=(const body_access&) = delete;
};

// oneTBB's imperative reduction body: the partial is the caller's result (the
// root body) or one of its own, made by ops.init, in place when small. A split
// reads the body it splits from while that body may run a chunk on another
// thread (oneTBB allows it): it reads only the two fields a constructor wrote,
// which each constructor publishes on a token of its own (the address of
// m_ops), so the split is ordered after that constructor and nothing else
// (chunks stay unordered for TSan, which keeps seeing races between work items).
class reduce_body {
 public:
  reduce_body(const reduce_ops& ops, void* ctx, void* result) {
    body_access self(this);
    m_ops = &ops;
    m_ctx = ctx;
    m_partial = result;
    m_owned = false;
    tsan_release(&m_ops);
  }
  reduce_body(reduce_body& left, tbb::split) {
    tsan_acquire(&left.m_ops);
    body_access self(this);
    m_ops = left.m_ops;
    m_ctx = left.m_ctx;
    m_owned = false;
    tsan_task_scope task(m_ctx);
    if (m_ops->size <= sizeof(m_inline) && m_ops->align <= alignof(std::max_align_t)) m_partial = m_inline;
    else m_partial = ::operator new(m_ops->size, std::align_val_t(m_ops->align));
    try {
      m_ops->init(m_ctx, m_partial);
    } catch (...) {
      free_storage();
      throw;
    }
    m_owned = true;
    tsan_release(&m_ops);
  }
  ~reduce_body() {
    body_access self(this);
    if (!m_owned) return;
    m_ops->destroy(m_partial);
    free_storage();
  }
  reduce_body(const reduce_body&) = delete;
  reduce_body& operator=(const reduce_body&) = delete;

  void operator()(const tbb::blocked_range<std::size_t>& r) {
    body_access self(this);
    tsan_task_scope task(m_ctx);
    m_ops->run(m_ctx, m_partial, r.begin(), r.end());
  }
  void join(reduce_body& right) {
    body_access self(this);
    body_access other(&right);
    tsan_task_scope task(m_ctx);
    m_ops->join(m_ctx, m_partial, right.m_partial);
  }

 private:
  void free_storage() noexcept {
    if (m_partial != m_inline) ::operator delete(m_partial, std::align_val_t(m_ops->align));
  }

  // (No default member initializers: every write to a body follows its acquire.)
  const reduce_ops* m_ops;
  void* m_ctx;
  void* m_partial;
  bool m_owned;
  alignas(std::max_align_t) unsigned char m_inline[64];
};

void reduce_chunks(std::size_t begin, std::size_t end, std::size_t grain, const reduce_ops& ops, void* ctx,
                   void* result) {
  reduce_body root(ops, ctx, result);  // before the release: the chunks read it
  tsan_fork_join_scope join(ctx);
  tbb::parallel_reduce(tbb::blocked_range<std::size_t>(begin, end, std::max<std::size_t>(1, grain)), root);
  body_access after(&root);  // the last join into the root may have run on another thread
}

// The caller's reduction with its chunks traced as in launch_trace (docs/trace.md).
struct traced_reduce {
  const reduce_ops* ops;
  void* ctx;
  launch_trace trace;

  static void init(void* c, void* p) {
    auto* t = static_cast<traced_reduce*>(c);
    t->ops->init(t->ctx, p);
  }
  static void run(void* c, void* p, std::size_t b, std::size_t e) {
    auto* t = static_cast<traced_reduce*>(c);
    t->trace.run(b, e, [&] { t->ops->run(t->ctx, p, b, e); });
  }
  static void join(void* c, void* left, const void* right) {
    auto* t = static_cast<traced_reduce*>(c);
    t->ops->join(t->ctx, left, right);
  }
};

}  // namespace

void parallel_reduce_chunks(std::size_t begin, std::size_t end, std::size_t grain, const reduce_ops& ops, void* ctx,
                            void* result) {
  if (begin >= end) return;
  if (!trace::enabled()) return reduce_chunks(begin, end, grain, ops, ctx, result);
  traced_reduce traced{&ops, ctx, {begin, end}};  // records after reduce_chunks' join
  const reduce_ops wrapped{ops.size,    ops.align,           &traced_reduce::init,
                           ops.destroy, &traced_reduce::run, &traced_reduce::join};
  reduce_chunks(begin, end, grain, wrapped, &traced, result);
}

void note_item_loops(const char* verdict) noexcept {
  if (!verdict || !trace::enabled()) return;
  try {
    trace::item_loops(trace::current_command(), verdict);
  } catch (...) {  // no memory for the record: the trace misses it
  }
}

}  // namespace weft::cpu

void weft_item_loop_report(const char**) noexcept {}
