#pragma once
// The type-erased half of nd_range execution (src/target/cpu/group_executor.cpp): worker
// tasks, per-worker local memory, and the fibers a group switches to when an
// item reaches a barrier. The templated half (nd_range_kernel.hpp) runs items.
#include <atomic>
#include <cstddef>
#include <exception>
#include <weft/config.hpp>
#include <weft/runtime/export.hpp>

namespace weft::cpu::detail {

// What the launch code and the executor share about the running work group.
struct group_frame {
  // Runs work item `local_linear_id` of the current group on the current
  // (fiber) stack; used once the group has switched to fibers.
  void (*run_item)(void* task, std::size_t local_linear_id) = nullptr;
  void* task = nullptr;
  std::size_t size = 1;                              // work-group size
  std::size_t sub_group_size = WEFT_SUB_GROUP_SIZE;  // the launch's (a power of two)
  std::size_t group_linear = 0;                      // error messages, and the first-phase order
  std::size_t group_range[3] = {1, 1, 1};
  int dims = 1;
  // Local linear id of the item the plain loop is running on the thread's own
  // stack. A barrier reached by it switches the group to fibers, provided no
  // item of the barrier's scope finished before (item 0 for a work-group
  // barrier, the sub-group's first lane for a sub-group barrier).
  std::size_t plain_item = 0;
  // Set by the executor when the group switched to fibers: the launch code
  // stops its loop after the current item and calls finish_fiber_group().
  bool fibers = false;
};

// Per worker task: the group a worker runs while that group is still before its
// first work-group barrier (its "first phase"), or a lower group of the same
// claim; see chunk_counter.
struct alignas(64) phase_slot {
  static constexpr std::size_t none = ~std::size_t(0);
  static constexpr std::size_t claiming = none - 1;
  std::atomic<std::size_t> group{none};
};

// Static placement (docs/hpc.md, "Placement"): one per block of consecutive work
// groups. `next`: no group of the block below it is still before its first
// work-group barrier (its first phase). Nothing moves it per group: a released
// first barrier moves it past its group, the block's end to `end`.
struct alignas(64) placed_block {
  std::size_t begin = 0, end = 0;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> taken{false};
};

// Per worker task: reused across groups and kernels on the same thread.
struct worker_view {
  std::byte* local_memory = nullptr;  // page aligned, >= the kernel's request
  std::byte* scratch = nullptr;       // group collectives' scratch, 64-byte aligned, >= 384 bytes per item
  phase_slot* phase = nullptr;        // this task's slot, when several tasks run (dynamic dispatch)
  placed_block* block = nullptr;      // the block this task runs (static placement)
  // `phase` names each group as it starts (group_started): fixed chunks, and guided
  // shares once a group released a work-group barrier (chunk_counter).
  bool publish_groups = false;
  group_frame frame;
};

// What a kernel type's groups are known to do (nd_range_kernel.hpp, kernel_sync):
// not known yet, no work-group barrier released so far, or they synchronise.
enum class kernel_sync : unsigned char { unknown, plain, synchronising };

// Hands out chunks of consecutive work groups in increasing order, like a GPU
// dispatcher: chunk c starts only after every chunk before it has started. And,
// as on a GPU where an earlier group is never behind a later one, a group
// passes its first work-group barrier only after every earlier group running
// on another worker has passed its own first barrier or finished. Programs such
// as the seed reduction, where a group's result overwrites input an earlier
// group reads before its first barrier, stay correct: the group that reads runs
// chunks before the one that writes. (Groups of another worker's
// chunk that have not started are not waited for: that would run the chunks one
// after another, 7x slower at 16 workers. The earliest running group never
// waits: no deadlock.)
//
// With static placement (weft::detail::static_partition(), docs/hpc.md,
// "Placement") the groups are cut into `n_blocks` blocks of consecutive groups
// instead, block k = groups [k*G/C, (k+1)*G/C), and block k runs on the worker in
// arena slot k whenever that worker takes part (otherwise on another: every
// block runs once, nothing waits for a particular worker). Later blocks start
// before earlier ones have, and keeping the order above would mean a group
// releases its first work-group barrier only after every group of every earlier
// block has passed its first phase: the blocks would run nearly one after
// another. So the first placed launch of a kernel type is a probe
// (run_worker_tasks): group 0 runs alone, on the launching thread, before any
// other task starts. If it released a work-group barrier, the kernel is
// `synchronising` and groups 1.. run with the ordered dynamic dispatch, as do
// its later launches (nd_range_kernel.hpp); if not, it is `plain` and groups
// 1.. run placed (block 0 stays with the launching thread, which ran its group
// 0), as do its later launches. A group of a `plain` kernel may still release a
// work-group barrier (data-dependent barriers are legal): it then waits for
// the earlier blocks as above, which keeps the order, and marks the kernel
// `synchronising` so that this slow path is taken at most once per kernel.
//
// The dynamic dispatch learns the kind too: a launch in which no group released
// a work-group barrier makes an `unknown` kernel `plain`. A `plain` kernel's
// later launches claim guided shares instead of fixed chunks: a worker takes
// 1/(2 x workers) of the groups not yet claimed, at least groups_per_chunk, so
// each worker streams through long runs of consecutive groups, as a
// parallel_for(range) does (chunks of 4096 items, interleaved between workers,
// ran a memory-bound kernel 10-20% slower). Their order is kept as above, but
// the phase slot names the share's first group, not each group as it starts
// (a store per group cost a memory-bound kernel 2% on 2 CPUs): another worker's
// group waits longer, for this worker's first released barrier or its next
// claim. A group that releases a barrier after all marks the kernel
// `synchronising`, whose launches claim fixed chunks, and its worker names each
// group from then on.
struct chunk_counter {
  std::size_t n_groups = 0;          // groups [next, n_groups) are left, claimed in increasing order
  std::size_t groups_per_chunk = 1;  // fixed chunks; the least a guided share takes
  std::size_t guided_parts = 0;      // > 0: guided shares of what is left / guided_parts
  phase_slot* slots = nullptr;       // one per worker task, when there are several
  std::size_t n_slots = 0;
  // Written by every claim: on a line of its own, so that the fields above,
  // which every group's first barrier reads, stay in each worker's cache.
  alignas(64) std::atomic<std::size_t> next{0};  // the first group not claimed
  alignas(64) std::atomic<std::size_t> joined{0};
  // Static placement: n_blocks > 0.
  placed_block* blocks = nullptr;
  std::size_t n_blocks = 0;
  // The kernel type's kind: synchronising once a group releases a work-group barrier.
  std::atomic<kernel_sync>* sync = nullptr;
  int prober = -1;                // arena slot of the thread that ran the probe: block 0 is its
  std::atomic<bool> stop{false};  // a task failed: the others stop claiming and waiting
};

// What one nd_range launch asks of the dispatcher: its groups in chunks of
// groups_per_chunk (dynamic; guided where `sync` says `plain`), or in
// placed_blocks blocks (static placement, when placed_blocks > 0; `sync` is then
// never `synchronising`). `sync` is the kernel type's kind (chunk_counter).
struct dispatch_plan {
  std::size_t n_groups = 0;
  std::size_t groups_per_chunk = 1;
  std::size_t placed_blocks = 0;
  std::atomic<kernel_sync>* sync = nullptr;
};

// Runs body(ctx, counter) on up to one oneTBB task per worker of the current
// arena (static placement: one per block, after the probe where the kernel's
// kind is not known yet, see chunk_counter); each task claims groups until none
// is left. The first exception thrown by a body (the probe's included) stops
// the others from claiming and is rethrown here.
WEFT_API void run_worker_tasks(const dispatch_plan& plan, void (*body)(void*, chunk_counter&), void* ctx);

// Binds a worker to this thread for one task of a launch: local memory of
// local_bytes, a group scratch area for groups of group_size items, and a phase
// slot of `chunks`.
WEFT_API worker_view* acquire_worker(std::size_t local_bytes, std::size_t group_size, chunk_counter& chunks);
WEFT_API void release_worker(worker_view* w) noexcept;

// The next groups [first, last) for this worker; false when none is left.
WEFT_API bool claim_groups(worker_view* w, chunk_counter& chunks, std::size_t& first, std::size_t& last);

// Called as group g starts (the groups before it on this worker are finished).
inline void group_started(worker_view* w, std::size_t g) {
  if (w->publish_groups) w->phase->group.store(g, std::memory_order_release);
}

// Called after the item on the thread's stack returned (or threw: error) in a
// group that switched to fibers: runs the remaining items to completion, checks
// that all items agreed on the barriers, and rethrows the group's first error.
WEFT_API void finish_fiber_group(worker_view* w, std::exception_ptr error);

// Called from the plain loop's handler when an item threw before the group
// switched to fibers: rethrows the user's exception, or reports the barrier
// that items before it finished without reaching.
[[noreturn]] WEFT_API void plain_item_failed(worker_view* w);

class worker_lease {
 public:
  worker_lease(std::size_t local_bytes, std::size_t group_size, chunk_counter& chunks)
      : m_w(acquire_worker(local_bytes, group_size, chunks)) {}
  ~worker_lease() { release_worker(m_w); }
  worker_lease(const worker_lease&) = delete;
  worker_lease& operator=(const worker_lease&) = delete;
  worker_view* operator->() const { return m_w; }
  worker_view* get() const { return m_w; }

 private:
  worker_view* m_w;
};

}  // namespace weft::cpu::detail
