#pragma once
// The static, deterministic partition (docs/hpc.md, "Placement"): [0, n) is cut
// into `chunks` contiguous blocks, block k = [k*n/chunks, (k+1)*n/chunks), and
// block k runs on the worker in slot k of Weft's arena whenever that worker takes
// part. With pinned workers slot k sits on the k-th CPU of the mask, so a kernel
// of the same size and worker count touches the same memory from the same CPU
// every time: first-touch placement done by an initialising kernel lands on the
// NUMA node of the worker that later uses it.
//
// It never waits for a particular worker: each of the `chunks` tasks takes its
// own slot's block if still free, otherwise the first free block. So a busy or
// absent worker's block is done by another, and every block runs exactly once.
//
// The nd_range and scoped launchers may use it for work groups: pass the
// number of groups as n and run groups [begin, end) in the body.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>
#include <weft/sanitizer.hpp>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

namespace weft::cpu {

// How many blocks the static partition uses for n units of `unit_items` items
// each: one per worker of the current arena, fewer when a block would hold
// less than `min_items` items. Depends only on (n, unit_items, workers).
inline std::size_t static_chunks(std::size_t n, std::size_t unit_items, std::size_t min_items) {
  std::size_t workers = static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  std::size_t total = n * std::max<std::size_t>(1, unit_items);
  std::size_t by_size = std::max<std::size_t>(1, total / std::max<std::size_t>(1, min_items));
  return std::max<std::size_t>(1, std::min({workers, n, by_size}));
}

// Runs body(begin, end) for each block of [0, n) split into `chunks` blocks.
template <class Body>
void static_for(std::size_t n, std::size_t chunks, const Body& body) {
  if (n == 0) return;
  chunks = std::max<std::size_t>(1, std::min(chunks, n));
  auto block = [&](std::size_t k) { body(k * n / chunks, (k + 1) * n / chunks); };
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
  weft::detail::tsan_fork_join_scope join(&taken);  // no-op unless built with TSan
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, chunks, 1),
      [&](const tbb::blocked_range<std::size_t>& r) {
        weft::detail::tsan_task_scope task(&taken);
        for (std::size_t t = r.begin(); t != r.end(); ++t) {
          std::size_t k = claim();
          if (k < chunks) block(k);
        }
      },
      tbb::static_partitioner{});
}

}  // namespace weft::cpu
