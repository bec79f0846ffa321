// nd_range work groups on the CPU: worker tasks, per-worker local memory, and
// the fibers a group switches to when one of its items reaches a barrier.
//
// A group starts as a plain loop on the worker thread's stack (nd_range_kernel.hpp).
// When the item running there (the group's "base" item) reaches a barrier, the
// group switches to fibers: the base item keeps the thread's stack, every later
// item gets a fiber of its own, and control passes item to item with one
// jump_fcontext each, in increasing local id order:
//   - at a barrier, an item passes control to the next item of the barrier's
//     scope; the last one releases the barrier and passes control to the first;
//   - a finished item passes control to the next item; the last one returns to
//     the base item's stack, which is by then in finish_fiber_group(). A
//     finished item's fiber parks and runs the same item of a later group.
// Because items arrive in order, an item reaching a work-group barrier must find
// exactly `id` items waiting there (`id - first lane` for a sub-group barrier),
// and an item finishing must find exactly `id` items finished; anything else
// means the items disagree about the barriers, which is reported at once
// instead of deadlocking. The suspended items are then unwound with an internal
// exception and the error leaves the launch.
#include <weft/target/cpu/group_executor.hpp>
#include <weft/target/cpu/barrier_split.hpp>
#include <weft/kernel/local_memory.hpp>
#include <weft/kernel/sync.hpp>
#include <weft/settings.hpp>

#include <boost/context/detail/fcontext.hpp>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/partitioner.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <sycl/exception.hpp>
#include <thread>
#include <vector>
#include <weft/config.hpp>

#include "../../trace/recorder.hpp"
#include "fiber_sanitizer.hpp"
#include "fiber_stack.hpp"

namespace weft::cpu::detail {
namespace {

namespace fc = boost::context::detail;

// Collectives' scratch (weft/target/cpu/collectives.hpp): two sets of 4 + 2 x 64 bytes
// per item, each with its aux words rounded up to 64 bytes.
constexpr std::size_t scratch_bytes_per_item = 384;

// Where each item of a fiber group is. An item resumed from a barrier keeps
// that barrier's state until it reaches the next point; only items before the
// one that reports an error are listed, and those are all current.
enum item_state : unsigned char { not_started, running, at_group_barrier, at_sub_group_barrier, finished };

// Thrown into suspended items to unwind them when their group fails. Not a
// std::exception, so a kernel's catch (const std::exception&) lets it pass.
struct abort_unwind {};

// (Cache-line aligned: the fields a barrier updates share no line with another
// thread's worker.)
struct alignas(64) worker final : worker_view {
  ~worker() {
    std::free(local_block);
    std::free(scratch);
    std::free(split_frames);
#if defined(WEFT_TSAN)
    for (auto& f : tsan_fibers) san::destroy_fiber(f);
#endif
    for (auto& s : stacks) release_fiber_stack(s);
  }

  std::byte* local_block = nullptr;
  std::size_t local_capacity = 0;
  std::size_t scratch_capacity = 0;
  std::byte* split_frames = nullptr;  // per-item values of split groups (barrier_split.hpp)
  std::size_t split_capacity = 0;

  // The running fiber group; vectors are indexed by local linear id.
  std::vector<fc::fcontext_t> fctx;
  std::vector<unsigned char> state;
  std::vector<fiber_stack> stacks;  // item i's stack, kept across groups and kernels
  // Item i's fiber finished its last item and waits, parked, to run item i of a
  // later group: reusing it skips make_fcontext and the first entry.
  // (Kept apart from fctx: a later group may run item i on the thread's stack.)
  std::vector<unsigned char> parked;
  std::vector<fc::fcontext_t> parked_fctx;
#if defined(WEFT_TSAN)
  std::vector<san::tsan_fiber> tsan_fibers;  // item i's fiber (on stacks[i]), as TSan knows it
  san::tsan_fiber tsan_base = nullptr;       // the context the base item runs in
#endif
#if defined(WEFT_ASAN)
  san::stack_bounds base_stack;  // the base item's stack: learnt when control first leaves it
#endif
  std::size_t base = 0;               // the item on the thread's own stack
  std::size_t current = 0;            // the item running now
  std::size_t group_waiting = 0;      // items waiting at the current work-group barrier
  std::size_t sub_group_waiting = 0;  // items waiting at the current sub-group barrier
  std::size_t finished_count = 0;
  bool aborting = false;
  std::exception_ptr error;
  bool past_first_phase = false;  // the group released its first work-group barrier
  // A group of the chunk claimed last passed pass_first_phase_ordered's wait: the
  // chunk's later groups need not wait again (see there).
  bool chunk_ordered = false;
  std::vector<std::size_t> seen;  // the other workers' phase slots as a group's first barrier found them

  chunk_counter* dispatch = nullptr;  // the launch this worker runs groups of
  worker* outer = nullptr;            // the worker this one interrupted on this thread, if any

  // Counted always (an increment costs nothing beside a switch); the trace and
  // the profile read them per chunk of groups (docs/trace.md).
  std::uint64_t switches = 0;
  std::uint64_t fiber_groups = 0;  // groups that switched to fibers
  std::uint64_t split_groups = 0;  // groups run split at their barriers (weft_split_frames, once per group)
  // The groups this worker claimed of the launch being traced, one slice from its
  // first claim to its release: within [chunk_first, chunk_last), chunk_groups of
  // them in chunk_claims claims, since chunk_begin_ns.
  bool traced = false;
  bool chunk_open = false;
  std::uint64_t command = 0;
  std::uint64_t chunk_begin_ns = 0, chunk_switches = 0, chunk_fiber_groups = 0, chunk_split_groups = 0;
  std::size_t chunk_first = 0, chunk_last = 0, chunk_claims = 0, chunk_groups = 0;
};

// Hot path: initial-exec keeps the barrier's thread-local lookup a single load.
__attribute__((tls_model("initial-exec"))) thread_local worker* tl_worker = nullptr;

// Workers of this thread, reused by every task it runs (nested launches get
// their own, hence a stack of them).
struct worker_pool {
  std::vector<std::unique_ptr<worker>> workers;
  std::size_t depth = 0;
};
thread_local worker_pool tl_pool;

// ---- error reports -------------------------------------------------------------

std::string id_string(const worker& w) {
  const auto& f = w.frame;
  std::size_t rest = f.group_linear, id[3] = {0, 0, 0};
  for (int d = f.dims - 1; d >= 0; --d) {
    id[d] = rest % f.group_range[d];
    rest /= f.group_range[d];
  }
  std::string s = "(";
  for (int d = 0; d < f.dims; ++d) s += (d ? ", " : "") + std::to_string(id[d]);
  return s + ")";
}

// "0-15, 17, 20-31": the items before `end` in state `which`.
std::string id_list(const worker& w, unsigned char which, std::size_t end) {
  std::string s;
  const std::size_t n = end;
  for (std::size_t i = 0; i < n;) {
    if (w.state[i] != which) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j + 1 < n && w.state[j + 1] == which) ++j;
    if (!s.empty()) s += ", ";
    s += std::to_string(i);
    if (j > i) s += "-" + std::to_string(j);
    i = j + 1;
  }
  return s;
}

const char* const barrier_rule =
    " Barriers (nd_item::barrier, group_barrier and group collectives) must be reached by all work items of "
    "the group, or of the sub-group for sub-group barriers, or by none of them.";

void record_error(worker* w, std::exception_ptr e) noexcept {
  if (!w->error) w->error = std::move(e);
  w->aborting = true;
}

void record_kernel_error(worker* w, const std::string& message) noexcept {
  try {
    record_error(w, std::make_exception_ptr(sycl::exception(sycl::make_error_code(sycl::errc::kernel), message)));
  } catch (...) {
    record_error(w, std::current_exception());
  }
}

// The state of the items before `me` (those after it have not reached this
// point yet) when `me` found the group inconsistent.
[[gnu::noinline, gnu::cold]] void report_divergence(worker* w, std::size_t me, const char* what) noexcept {
  try {
    std::string m = "weft: nd_range kernel: the work items of work group " + id_string(*w) +
                    " disagree about a barrier: work item " + std::to_string(me) + " " + what + ".";
    const std::pair<unsigned char, const char*> kinds[] = {{at_group_barrier, "waiting at a work-group barrier"},
                                                           {at_sub_group_barrier, "waiting at a sub-group barrier"},
                                                           {finished, "finished"}};
    for (auto [state, text] : kinds) {
      std::string ids = id_list(*w, state, me);
      if (!ids.empty()) m += std::string(" Work items ") + text + ": " + ids + ".";
    }
    record_kernel_error(w, m + barrier_rule);
  } catch (...) {
    record_error(w, std::current_exception());
  }
}

// A barrier reached on the thread's stack after items of its scope finished.
void report_plain_divergence(worker* w, std::size_t me, std::size_t first, bool sub_group) noexcept {
  try {
    std::string m =
        "weft: nd_range kernel: the work items of work group " + id_string(*w) +
        " disagree about a barrier: work item " + std::to_string(me) + " reached a " +
        (sub_group ? "sub-group" : "work-group") + " barrier, but work item" +
        (me - first > 1 ? "s " + std::to_string(first) + "-" + std::to_string(me - 1) : " " + std::to_string(first)) +
        (sub_group ? " of its sub-group" : "") + " finished without reaching it.";
    record_kernel_error(w, m + barrier_rule);
  } catch (...) {
    record_error(w, std::current_exception());
  }
}

// ---- fibers ------------------------------------------------------------------------

[[noreturn]] void fiber_main(fc::transfer_t t) noexcept;

#if defined(__x86_64__) && !defined(WEFT_PLAIN_FCONTEXT_CALL)
// Boost's jump_fcontext minus the x87 control word and MXCSR, which it saves
// and restores on every switch (fldcw and ldmxcsr are microcoded: about a third
// of a switch here). Items of a group share their worker thread, whose
// floating-point environment is the thread's: items running as a plain loop
// share it too, so not swapping it is the same rule on both paths. The frame
// layout is Boost's (those two slots are left unused), so contexts made by
// make_fcontext enter through it unchanged.
asm(".text\n"
    ".globl weft_switch_fcontext\n"
    ".hidden weft_switch_fcontext\n"
    ".type weft_switch_fcontext, @function\n"
    ".p2align 4\n"
    "weft_switch_fcontext:\n"
    "leaq -0x38(%rsp), %rsp\n"
    "movq %r12, 0x8(%rsp)\n"
    "movq %r13, 0x10(%rsp)\n"
    "movq %r14, 0x18(%rsp)\n"
    "movq %r15, 0x20(%rsp)\n"
    "movq %rbx, 0x28(%rsp)\n"
    "movq %rbp, 0x30(%rsp)\n"
    "movq %rsp, %rax\n"
    "movq %rdi, %rsp\n"
    "movq 0x38(%rsp), %r8\n"
    "movq 0x8(%rsp), %r12\n"
    "movq 0x10(%rsp), %r13\n"
    "movq 0x18(%rsp), %r14\n"
    "movq 0x20(%rsp), %r15\n"
    "movq 0x28(%rsp), %rbx\n"
    "movq 0x30(%rsp), %rbp\n"
    "leaq 0x40(%rsp), %rsp\n"
    "movq %rsi, %rdx\n"
    "movq %rax, %rdi\n"
    "jmp *%r8\n"
    ".size weft_switch_fcontext, .-weft_switch_fcontext\n");
#endif

// The switch returns into the resumed context with an indirect jmp, not a
// ret, so calling it leaves one return-stack-buffer entry behind per switch and
// every later ret mispredicts (measured here: 16.5 ns per item switch in a ring
// of fibers instead of 5.8). Entering it with a pushed return address and a jmp
// keeps calls and returns balanced. Everything a call may clobber is clobbered.
// This file is built with -mno-red-zone (CMakeLists.txt) so that the push
// needs no 128-byte step over a red zone: every byte a suspended item's stack
// spans is one more L1 line per item, and 256 items' lines must fit in L1.
#if defined(WEFT_NO_RED_ZONE)
#define WEFT_SKIP_RED_ZONE
#define WEFT_RESTORE_RED_ZONE
#else
#define WEFT_SKIP_RED_ZONE "subq $128, %%rsp\n\t"
#define WEFT_RESTORE_RED_ZONE "addq $128, %%rsp\n\t"
#endif
inline fc::transfer_t jump(fc::fcontext_t to, void* data) noexcept {
#if defined(__x86_64__) && !defined(WEFT_PLAIN_FCONTEXT_CALL)
  register void* rdi asm("rdi") = to;
  register void* rsi asm("rsi") = data;
  register void* rax asm("rax");
  register void* rdx asm("rdx");
  // clang-format off
  asm volatile(
      WEFT_SKIP_RED_ZONE
      "leaq 1f(%%rip), %%rcx\n\t"
      "pushq %%rcx\n\t"
      "jmp weft_switch_fcontext\n\t"
      "1:\n\t"
      WEFT_RESTORE_RED_ZONE
      : "=r"(rax), "=r"(rdx), "+r"(rdi), "+r"(rsi)
      :
      : "rcx", "r8", "r9", "r10", "r11", "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
        "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"
#ifdef __AVX512F__
        ,
        "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27",
        "xmm28", "xmm29", "xmm30", "xmm31", "k1", "k2", "k3", "k4", "k5", "k6", "k7"
#endif
  );
  // clang-format on
  return {rax, rdx};
#else
  return fc::jump_fcontext(to, data);
#endif
}

// Every resumption records the context of the item that passed control (its
// id travels in transfer_t::data, with parking_bit set by a fiber parking).
constexpr std::uintptr_t parking_bit = std::uintptr_t(1) << 63;
inline void resumed(worker* w, fc::transfer_t t) noexcept {
  const auto from = reinterpret_cast<std::uintptr_t>(t.data);
  if (from & parking_bit) w->parked_fctx[from & ~parking_bit] = t.fctx;
  else w->fctx[from] = t.fctx;
}

#if defined(WEFT_ASAN)
// The stack item i runs on: the base item's is whatever stack the group
// started on (the thread's, or an outer kernel's fiber in a nested launch).
inline san::stack_bounds stack_of(const worker* w, std::size_t i) noexcept {
  if (i == w->base) return w->base_stack;
  const fiber_stack& s = w->stacks[i];
  return {s.map + s.guard, s.usable()};
}
// Every switch leaves the base item's stack before one returns to it.
inline void came_from(worker* w, fc::transfer_t t, san::stack_bounds from) noexcept {
  if (reinterpret_cast<std::uintptr_t>(t.data) == w->base) w->base_stack = from;
}
#endif

// Suspends the running item and resumes item `next` (passing `data`: the
// running item's id, with parking_bit if it parks); returns when some item
// passes control back. The sanitizers are told about both switches.
inline void transfer(worker* w, std::size_t next, void* data) noexcept {
#if defined(WEFT_ASAN)
  void* fake_stack = nullptr;
  san::start_switch(&fake_stack, stack_of(w, next));
#endif
#if defined(WEFT_TSAN)
  san::switch_to_fiber(next == w->base ? w->tsan_base : w->tsan_fibers[next]);
#endif
  ++w->switches;
  const fc::transfer_t t = jump(w->fctx[next], data);
#if defined(WEFT_ASAN)
  came_from(w, t, san::finish_switch(fake_stack));
#endif
  resumed(w, t);
}

// Gives `i` a fiber; false (error recorded) when no stack can be had.
[[gnu::noinline]] bool start_fiber(worker* w, std::size_t i) noexcept {
  const std::size_t size = weft::fiber_stack_size();
  fiber_stack& s = w->stacks[i];
  if (s.size == size && w->parked[i]) {
    w->parked[i] = false;
    w->fctx[i] = w->parked_fctx[i];
    w->state[i] = running;
    return true;
  }
  if (s.size != size) {
    release_fiber_stack(s);
    try {
      s = allocate_fiber_stack(size);
    } catch (...) {
      record_error(w, std::current_exception());
      return false;
    }
  }
  // Stagger the stacks' starts by a cache line per item: page-aligned tops
  // would put every item's live frame in the same L1 sets and the switches
  // would miss. And by a page per item, modulo stack_colour_pages: the
  // stacks are mapped at a stride of a power of two pages, so their tops
  // would all have the same low page-number bits, which index the TLBs' sets
  // (and the L2's): a ring of 256 items would use a few sets of the second-level
  // TLB and walk the page tables on every switch. Item i starts on a page
  // whose number is i modulo stack_colour_pages; the room comes from the
  // stack's pad, so at least `size` bytes stay usable.
  const std::size_t page = 4096;
  const std::size_t top_page = reinterpret_cast<std::uintptr_t>(s.top()) / page;
  const std::size_t colour = (top_page - i) % stack_colour_pages * page + (i % 64) * 64;
  san::forget_stack(s.map + s.guard, s.usable());  // (ASan) frames of an earlier fiber on this stack
#if defined(WEFT_TSAN)
  san::destroy_fiber(w->tsan_fibers[i]);
  w->tsan_fibers[i] = san::create_fiber();
#endif
  w->fctx[i] = fc::make_fcontext(static_cast<std::byte*>(s.top()) - colour, s.usable() - colour, &fiber_main);
  w->parked[i] = false;
  w->state[i] = running;
  return true;
}

// The lowest item that must still be unwound, or the base item when none is
// left (which is then in finish_fiber_group()).
[[gnu::noinline, gnu::cold]] std::size_t next_to_unwind(const worker* w) noexcept {
  for (std::size_t i = w->base; i < w->frame.size; ++i)
    if (w->state[i] != not_started && w->state[i] != finished) return i;
  return w->base;
}

// Warms the lines a suspended item's resumption reads: its saved context (at
// `sp`) and the frames above it (the barrier's, the kernel's). A group's items
// each have a stack of their own, every one on its own pages: in a ring of
// hundreds of items their frames outgrow L1 and the L1 TLB, and without this
// every switch waits for its target's stack (about half of a barrier's cost,
// docs/barriers.md). Rings of up to prefetch_min_items stay in L1, where the
// prefetches would only cost.
constexpr std::size_t prefetch_lines = 4;
constexpr std::size_t prefetch_min_items = 32;
inline void prefetch_stack(const void* sp) noexcept {
  if (!sp) return;  // an item without a context yet: nothing to warm
  const char* p = static_cast<const char*>(sp);
  for (std::size_t l = 0; l < prefetch_lines; ++l) {
#if defined(__x86_64__)
    // (GCC 12 dropped __builtin_prefetch here once inlined into the barrier.)
    asm volatile("prefetcht0 %0" : : "m"(*(p + 64 * l)));
#else
    __builtin_prefetch(p + 64 * l, 0, 3);
#endif
  }
}
// Item i's stack where it will resume: its barrier, or (not started yet) the
// fiber it reuses, parked where its last item ended.
inline void prefetch_item(const worker* w, std::size_t i) noexcept {
  prefetch_stack(w->state[i] == not_started ? w->parked_fctx[i] : w->fctx[i]);
}

// Suspends `me` and runs `next`; returns when some item passes control back.
inline void switch_to(worker* w, std::size_t me, std::size_t next) {
  if (w->state[next] == not_started && !start_fiber(w, next)) {  // no stack: unwind the group
    next = next_to_unwind(w);
    if (next == me) throw abort_unwind{};
  }
  w->current = next;
  transfer(w, next, reinterpret_cast<void*>(me));
}

// `me` is done: pass control on, and park this fiber until a later group
// reuses it for its item `me` (returns then).
void leave(worker* w, std::size_t me) noexcept {
  if (!w->aborting && w->finished_count != me)
    report_divergence(w, me, "finished while other work items of its group wait at a barrier");
  w->state[me] = finished;
  ++w->finished_count;
  std::size_t next = me + 1 < w->frame.size ? me + 1 : w->base;
  if (!w->aborting && w->state[next] == not_started && !start_fiber(w, next)) next = next_to_unwind(w);
  if (w->aborting) next = next_to_unwind(w);
  w->parked[me] = true;
  if (w->frame.size > prefetch_min_items && next + 1 < w->frame.size) prefetch_stack(w->fctx[next + 1]);
  w->current = next;
  transfer(w, next, reinterpret_cast<void*>(me | parking_bit));
}

[[noreturn]] void fiber_main(fc::transfer_t t) noexcept {
#if defined(WEFT_ASAN)
  const san::stack_bounds from = san::finish_switch(nullptr);  // first entry: no fake stack of ours yet
#endif
  worker* w = tl_worker;
#if defined(WEFT_ASAN)
  came_from(w, t, from);
#endif
  resumed(w, t);
  for (;;) {
    const std::size_t me = w->current;
    try {
      w->frame.run_item(w->frame.task, me);
    } catch (const abort_unwind&) {
    } catch (...) {
      record_error(w, std::current_exception());
    }
    leave(w, me);
  }
}

void enter_fibers(worker* w, std::size_t base) {
  prepare_thread_for_fibers();
  const std::size_t n = w->frame.size;
  w->frame.fibers = true;
  ++w->fiber_groups;
  w->base = base;
#if defined(WEFT_TSAN)
  w->tsan_base = san::current_fiber();
#endif
  w->current = base;
  w->group_waiting = 0;
  w->sub_group_waiting = 0;
  w->finished_count = base;
  w->aborting = false;
  w->error = nullptr;
  w->past_first_phase = false;
  std::fill(w->state.begin(), w->state.begin() + static_cast<std::ptrdiff_t>(base), finished);
  std::fill(w->state.begin() + static_cast<std::ptrdiff_t>(base), w->state.begin() + static_cast<std::ptrdiff_t>(n),
            not_started);
  w->state[base] = running;
}

// A barrier reached by the item on the thread's stack, before fibers: the item
// becomes the group's base, or (if items of the scope already finished) the
// group is reported.
[[gnu::noinline]] void first_barrier(worker* w, std::size_t scope_first, bool sub_group) {
  const std::size_t me = w->frame.plain_item;
  if (me != scope_first) {
    report_plain_divergence(w, me, scope_first, sub_group);
    throw abort_unwind{};
  }
  enter_fibers(w, me);
}

// One step of a spin wait: pause for the first 256 spins, then give the core away.
inline void backoff(unsigned spins) {
  if (spins < 256) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  } else {
    std::this_thread::yield();
  }
}

// Before group g releases its first work-group barrier (dynamic dispatch with
// several tasks): wait until no earlier group that was running on another worker as
// g got here is still before its own first barrier (see chunk_counter). The slots
// are read once, and each earlier group seen is waited for only until its slot
// changes (re-reading them until none names an earlier group would also wait for
// groups that started meanwhile: the seed reduction at 16 workers 10-15% slower).
// Waits are short unless that worker was preempted.
// A chunk waits once, at the first of its groups that reaches a barrier: its later
// groups pass at once. Waiting at each would also cover an earlier chunk's groups
// that started since, which the order needs only where a worker stalls for as long
// as the others take to run the chunks between reader and writer (in the seed
// reduction, groups 256g to 256g+255 overwrite group g's input). At 16 workers the wait reads
// 15 other workers' cache lines: per group, it cost more than a small split group's
// items.
void pass_first_phase_ordered(worker* w) {
  const chunk_counter* d = w->dispatch;
  const std::size_t g = w->frame.group_linear;
  if (!w->chunk_ordered) {
    for (std::size_t i = 0; i < d->n_slots; ++i) w->seen[i] = d->slots[i].group.load(std::memory_order_seq_cst);
    for (std::size_t i = 0; i < d->n_slots; ++i) {
      const phase_slot& slot = d->slots[i];
      if (&slot == w->phase) continue;
      std::size_t seen = w->seen[i];
      for (unsigned spins = 0;; ++spins) {
        const std::size_t v = slot.group.load(std::memory_order_seq_cst);
        if (v != phase_slot::claiming) {
          if (seen == phase_slot::claiming) seen = v;  // its claim's first group, which runs now
          if (v == phase_slot::none || v > g || v != seen) break;
        }
        backoff(spins);
      }
    }
  }
  w->chunk_ordered = true;
  w->publish_groups = true;  // (guided shares: the claim's later groups are named as they start)
  w->phase->group.store(phase_slot::none, std::memory_order_release);
}

// The same under static placement (chunk_counter): every group of every earlier
// block must have passed its first phase. Only a kernel the probe found `plain`
// gets here (a group of it released a work-group barrier after all): the kernel
// becomes `synchronising`, its later launches take the ordered dispatch. A block
// no worker has taken yet is waited for only so long (unplaced_block_wait): if
// no thread comes to take it (the arena lost its other threads), waiting longer
// would never end.
constexpr auto unplaced_block_wait = std::chrono::seconds(1);

void pass_first_phase_placed(worker* w) {
  chunk_counter* d = w->dispatch;
  placed_block* mine = w->block;
  for (placed_block* b = d->blocks; b != mine; ++b) {
    auto since = std::chrono::steady_clock::time_point{};
    for (unsigned spins = 0;; ++spins) {
      if (b->next.load(std::memory_order_acquire) >= b->end || d->stop.load(std::memory_order_relaxed)) break;
      if (!b->taken.load(std::memory_order_acquire)) {
        const auto now = std::chrono::steady_clock::now();
        if (since == decltype(since){}) since = now;
        else if (now - since > unplaced_block_wait) break;
      }
      backoff(spins);
    }
  }
  mine->next.store(w->frame.group_linear + 1, std::memory_order_release);
}

// Called as the group releases its first work-group barrier: notes that the
// kernel synchronises and keeps the order (chunk_counter) for the dispatch the
// group runs under. Sub-group barriers take no part in the order.
[[gnu::noinline, gnu::cold]] void pass_first_phase(worker* w) {
  w->past_first_phase = true;
  std::atomic<kernel_sync>* sync = w->dispatch->sync;
  if (sync && sync->load(std::memory_order_relaxed) != kernel_sync::synchronising)  // (written once: a shared line)
    sync->store(kernel_sync::synchronising, std::memory_order_relaxed);
  if (w->phase) pass_first_phase_ordered(w);
  else if (w->block) pass_first_phase_placed(w);
}

std::size_t guard_probe_of_this_thread(const void* fault) noexcept {
  for (const worker* w = tl_worker; w; w = w->outer)
    for (const fiber_stack& s : w->stacks)
      if (s.guard_contains(fault)) return s.size;
  return 0;
}

void* aligned_block(std::size_t align, std::size_t bytes) {
  void* p = std::aligned_alloc(align, (bytes + align - 1) / align * align);
  if (!p) throw std::bad_alloc();
  return p;
}

}  // namespace

// ---- worker tasks -----------------------------------------------------------------

void run_worker_tasks(const dispatch_plan& plan, void (*body)(void*, chunk_counter&), void* ctx) {
  std::size_t first = 0;
  bool placed = plan.placed_blocks > 0;
  int prober = -1;
  // A launch in which no group released a work-group barrier: the kernel is
  // `plain`, unless another launch found otherwise meanwhile.
  auto learn_plain = [&] {
    kernel_sync unknown = kernel_sync::unknown;
    if (plan.sync) plan.sync->compare_exchange_strong(unknown, kernel_sync::plain, std::memory_order_relaxed);
  };
  if (placed && plan.sync->load(std::memory_order_relaxed) == kernel_sync::unknown) {
    // The probe (chunk_counter): group 0 alone, on this thread, before any
    // other task starts; an error leaves from here with nothing else running.
    chunk_counter probe;
    probe.n_groups = 1;
    probe.sync = plan.sync;
    body(ctx, probe);
    learn_plain();
    if (plan.n_groups == 1) return;
    first = 1;
    placed = plan.sync->load(std::memory_order_relaxed) == kernel_sync::plain;
    prober = tbb::this_task_arena::current_thread_index();
  }
  chunk_counter chunks;
  chunks.n_groups = plan.n_groups;
  chunks.groups_per_chunk = std::max<std::size_t>(1, plan.groups_per_chunk);
  chunks.next.store(first, std::memory_order_relaxed);
  chunks.sync = plan.sync;
  const std::size_t workers = static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
  std::size_t n_tasks =
      std::min(workers, (plan.n_groups - first + chunks.groups_per_chunk - 1) / chunks.groups_per_chunk);
  std::unique_ptr<phase_slot[]> slots;
  std::unique_ptr<placed_block[]> blocks;
  if (placed) {
    // Static placement: block k = groups [k*G/C, (k+1)*G/C) (parallel.hpp, static_for),
    // block 0 less the probe's group 0.
    const std::size_t c = std::min(plan.placed_blocks, plan.n_groups);
    blocks.reset(new placed_block[c]);
    for (std::size_t k = 0; k < c; ++k) {
      blocks[k].begin = std::max(first, k * plan.n_groups / c);
      blocks[k].end = (k + 1) * plan.n_groups / c;
      blocks[k].next.store(blocks[k].begin, std::memory_order_relaxed);
    }
    chunks.blocks = blocks.get();
    chunks.n_blocks = c;
    chunks.prober = prober;
    n_tasks = c;
  } else {
    if (plan.sync && plan.sync->load(std::memory_order_relaxed) == kernel_sync::plain)
      chunks.guided_parts = 2 * workers;
    if (n_tasks > 1) {
      slots.reset(new phase_slot[n_tasks]);
      chunks.slots = slots.get();
      chunks.n_slots = n_tasks;
    }
  }
  auto run = [&] {
    try {
      body(ctx, chunks);
    } catch (...) {
      chunks.next.store(chunks.n_groups, std::memory_order_relaxed);  // the others stop claiming
      chunks.stop.store(true, std::memory_order_relaxed);
      throw;
    }
  };
  if (n_tasks <= 1) {
    run();
    return learn_plain();
  }
  // (TSan) oneTBB's hand-over, see weft/sanitizer.hpp; the token is the address
  // the tasks already hold (no extra capture: the release build is unchanged).
  const std::uint64_t command = trace::enabled() ? trace::current_command() : 0;  // the tasks' groups count to it
  weft::detail::tsan_fork_join_scope tsan_fork_join(&run);
  auto task = [&](const tbb::blocked_range<std::size_t>& r) {
    weft::detail::tsan_task_scope tsan_task(&run);
    trace::command_scope traced(command);
    for (std::size_t t = r.begin(); t != r.end(); ++t) run();
  };
  if (blocks)  // task k to slot k, as static_for does
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n_tasks, 1), task, tbb::static_partitioner());
  else tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n_tasks, 1), task, tbb::simple_partitioner());
  learn_plain();
}

namespace {
// The next groups [first, last) of the dynamic dispatch: a fixed chunk, or a
// guided share (chunk_counter); false when none is left.
bool claim_next(chunk_counter& chunks, std::memory_order order, std::size_t& first, std::size_t& last) {
  const std::size_t n = chunks.n_groups;
  std::size_t f;
  if (!chunks.guided_parts) {
    f = chunks.next.fetch_add(chunks.groups_per_chunk, order);
    if (f >= n) return false;
    last = std::min(f + chunks.groups_per_chunk, n);
  } else {
    f = chunks.next.load(std::memory_order_relaxed);
    do {
      if (f >= n) return false;
      last = f + std::min(n - f, std::max(chunks.groups_per_chunk, (n - f) / chunks.guided_parts));
    } while (!chunks.next.compare_exchange_weak(f, last, order, std::memory_order_relaxed));
  }
  first = f;
  return true;
}

bool claim_chunk(worker_view* v, chunk_counter& chunks, std::size_t& first, std::size_t& last) {
  if (!v->phase) return claim_next(chunks, std::memory_order_relaxed, first, last);
  // Published before the claim, so that a worker whose group is later than the
  // chunk claimed here cannot miss it (see pass_first_phase).
  v->phase->group.store(phase_slot::claiming, std::memory_order_seq_cst);
  if (!claim_next(chunks, std::memory_order_seq_cst, first, last)) {
    v->phase->group.store(phase_slot::none, std::memory_order_release);
    return false;
  }
  v->phase->group.store(first, std::memory_order_release);  // (and group_started() each group, where it publishes)
  return true;
}

// Static placement: this worker's own block (arena slot k takes block k) if
// still free, otherwise the first free one (parallel.hpp, static_for). After
// a probe, block 0 goes to the thread that ran its group 0 (chunks.prober), so
// that the block stays on one thread; another takes it only when no other block
// is left (every block still runs once: there are as many tasks as blocks).
placed_block* claim_block(chunk_counter& chunks) {
  if (chunks.stop.load(std::memory_order_relaxed)) return nullptr;
  const int slot = tbb::this_task_arena::current_thread_index();
  auto take = [](placed_block& b) {
    return !b.taken.load(std::memory_order_relaxed) && !b.taken.exchange(true, std::memory_order_acq_rel);
  };
  const bool reserved = chunks.prober >= 0;  // block 0 is the prober's
  if (reserved && slot == chunks.prober && take(chunks.blocks[0])) return &chunks.blocks[0];
  if (slot >= 0 && static_cast<std::size_t>(slot) < chunks.n_blocks && !(reserved && slot == 0) &&
      take(chunks.blocks[slot]))
    return &chunks.blocks[slot];
  for (std::size_t k = reserved ? 1 : 0; k < chunks.n_blocks; ++k)
    if (take(chunks.blocks[k])) return &chunks.blocks[k];
  if (reserved && take(chunks.blocks[0])) return &chunks.blocks[0];
  return nullptr;
}

void finish_block(worker_view* v) noexcept {
  if (v->block) v->block->next.store(v->block->end, std::memory_order_release);
  v->block = nullptr;
}

// The groups a worker claimed of a launch, as one slice of the trace (docs/trace.md):
// a slice per claim cost launches of many small groups 1.2x at 16 workers.
void close_traced_chunk(worker* w) noexcept {
  if (!w->chunk_open) return;
  w->chunk_open = false;
  try {
    trace::chunk(w->command, "work groups", w->chunk_first, w->chunk_last, w->chunk_begin_ns, trace::clock_ns(),
                 w->switches - w->chunk_switches, w->fiber_groups - w->chunk_fiber_groups,
                 w->split_groups - w->chunk_split_groups, w->chunk_claims, w->chunk_groups);
  } catch (...) {  // no memory for the record: the trace misses it
  }
}
void add_traced_claim(worker* w, std::size_t first, std::size_t last) {
  if (!w->chunk_open) {
    w->chunk_open = true;
    w->chunk_first = first;
    w->chunk_last = last;
    w->chunk_claims = w->chunk_groups = 0;
    w->chunk_switches = w->switches;
    w->chunk_fiber_groups = w->fiber_groups;
    w->chunk_split_groups = w->split_groups;
    w->chunk_begin_ns = trace::clock_ns();
  }
  w->chunk_first = std::min(w->chunk_first, first);
  w->chunk_last = std::max(w->chunk_last, last);
  ++w->chunk_claims;
  w->chunk_groups += last - first;
}

bool claim(worker_view* v, chunk_counter& chunks, std::size_t& first, std::size_t& last) {
  if (chunks.blocks) {
    // One block per task (there are as many tasks as blocks), as in static_for:
    // a task that finished its block does not take another one whose own
    // worker is merely about to start.
    if (v->block) {
      finish_block(v);
      return false;
    }
    placed_block* b = claim_block(chunks);
    if (!b) return false;
    v->block = b;
    first = b->begin;
    last = b->end;
    return true;
  }
  return claim_chunk(v, chunks, first, last);
}
}  // namespace

bool claim_groups(worker_view* v, chunk_counter& chunks, std::size_t& first, std::size_t& last) {
  auto* w = static_cast<worker*>(v);
  w->chunk_ordered = false;
  if (!w->traced) return claim(v, chunks, first, last);
  if (!claim(v, chunks, first, last)) return false;
  add_traced_claim(w, first, last);
  return true;
}

worker_view* acquire_worker(std::size_t local_bytes, std::size_t group_size, chunk_counter& chunks) {
  static const bool probe_set = (set_guard_probe(&guard_probe_of_this_thread), true);
  (void)probe_set;
  worker_pool& pool = tl_pool;
  if (pool.depth == pool.workers.size()) pool.workers.push_back(std::make_unique<worker>());
  worker* w = pool.workers[pool.depth].get();
  if (w->local_capacity < local_bytes || !w->local_block) {
    std::free(w->local_block);
    w->local_block = nullptr;
    w->local_capacity = 0;
    const std::size_t bytes = std::max<std::size_t>(local_bytes, 4096);
    w->local_block = static_cast<std::byte*>(aligned_block(4096, bytes));
    w->local_capacity = bytes;
  }
  const std::size_t scratch = scratch_bytes_per_item * group_size;
  if (w->scratch_capacity < scratch) {
    std::free(w->scratch);
    w->scratch = nullptr;
    w->scratch_capacity = 0;
    w->scratch = static_cast<std::byte*>(aligned_block(64, scratch));
    w->scratch_capacity = scratch;
  }
  if (w->state.size() < group_size) {
    w->fctx.resize(group_size);
    w->state.resize(group_size);
    w->stacks.resize(group_size);
    w->parked.resize(group_size);
    w->parked_fctx.resize(group_size);
#if defined(WEFT_TSAN)
    w->tsan_fibers.resize(group_size, nullptr);
#endif
  }
  w->local_memory = w->local_block;
  w->frame = group_frame{};
  w->frame.size = group_size;
  w->aborting = false;
  w->error = nullptr;
  w->dispatch = &chunks;
  w->phase = nullptr;
  w->block = nullptr;
  w->traced = trace::enabled();
  w->chunk_open = false;
  w->command = w->traced ? trace::current_command() : 0;
  if (chunks.n_slots > 1) {
    const std::size_t slot = chunks.joined.fetch_add(1, std::memory_order_relaxed);
    if (slot < chunks.n_slots) w->phase = &chunks.slots[slot];
    if (w->seen.size() < chunks.n_slots) w->seen.resize(chunks.n_slots);
  }
  w->publish_groups = w->phase && !chunks.guided_parts;
  w->outer = tl_worker;
  tl_worker = w;
  ++pool.depth;
  return w;
}

void release_worker(worker_view* v) noexcept {
  auto* w = static_cast<worker*>(v);
  close_traced_chunk(w);
  if (w->phase) w->phase->group.store(phase_slot::none, std::memory_order_release);
  w->phase = nullptr;
  w->publish_groups = false;
  finish_block(w);  // (after a failure: the block's remaining groups never run)
  w->dispatch = nullptr;
  w->error = nullptr;
  tl_worker = w->outer;
  --tl_pool.depth;
}

void finish_fiber_group(worker_view* v, std::exception_ptr error) {
  auto* w = static_cast<worker*>(v);
  const std::size_t me = w->base;
  if (error) {
    try {
      std::rethrow_exception(error);
    } catch (const abort_unwind&) {  // unwound on request: the error is recorded
    } catch (...) {
      record_error(w, std::current_exception());
    }
  }
  if (!w->aborting && w->finished_count != me)
    report_divergence(w, me, "finished while other work items of its group wait at a barrier");
  w->state[me] = finished;
  ++w->finished_count;
  // Run the remaining items; the last one passes control back here. While
  // aborting, every item still suspended is resumed once to unwind.
  for (;;) {
    std::size_t next = me + 1 < w->frame.size ? me + 1 : me;
    if (w->aborting) next = next_to_unwind(w);
    if (next == me) break;
    if (w->state[next] == not_started && !start_fiber(w, next)) continue;
    w->current = next;
    transfer(w, next, reinterpret_cast<void*>(me));
    if (!w->aborting) break;
  }
  w->frame.fibers = false;
  if (w->aborting) {
    std::exception_ptr e = std::move(w->error);
    w->error = nullptr;
    w->aborting = false;
    std::rethrow_exception(e);
  }
}

void plain_item_failed(worker_view* v) {
  auto* w = static_cast<worker*>(v);
  if (w->error) {  // a barrier the items before it finished without
    std::exception_ptr e = std::move(w->error);
    w->error = nullptr;
    w->aborting = false;
    std::rethrow_exception(e);
  }
  throw;
}

}  // namespace weft::cpu::detail

// ---- kernel interface --------------------------------------------------------------

// On x86-64 the public entry points are the assembly stubs below, which call
// these bodies.
#if defined(__x86_64__) && !defined(WEFT_PLAIN_FCONTEXT_CALL)
#define WEFT_BARRIER_BODY(name) extern "C" __attribute__((visibility("hidden"))) void weft_##name##_body()
#else
#define WEFT_BARRIER_BODY(name) void weft::kernel::name()
#endif

using weft::cpu::detail::abort_unwind;
using weft::cpu::detail::tl_worker;

WEFT_BARRIER_BODY(work_group_barrier) {
  auto* w = tl_worker;
  if (!w) return;  // no nd_range group runs on this thread: nothing to wait for
  const std::size_t n = w->frame.size;
  if (n == 1) return;
  if (!w->frame.fibers) weft::cpu::detail::first_barrier(w, 0, false);
  const std::size_t me = w->current;
  if (w->aborting) throw abort_unwind{};  // a kernel's catch (...) swallowed the unwind
  if (w->group_waiting != me) {
    weft::cpu::detail::report_divergence(w, me, "reached a work-group barrier");
    throw abort_unwind{};
  }
  w->state[me] = weft::cpu::detail::at_group_barrier;
  std::size_t next = me + 1;
  if (next == n) {  // the last arrival releases the barrier; item 0 goes first
    if (!w->past_first_phase) weft::cpu::detail::pass_first_phase(w);
    w->group_waiting = 0;
    next = 0;
  } else {
    ++w->group_waiting;
  }
  if (n > weft::cpu::detail::prefetch_min_items)  // the item after the next one: it runs one item from now
    weft::cpu::detail::prefetch_item(w, next + 2 >= n ? next + 2 - n : next + 2);
  weft::cpu::detail::switch_to(w, me, next);
  if (w->aborting) throw abort_unwind{};
}

WEFT_BARRIER_BODY(sub_group_barrier) {
  auto* w = tl_worker;
  if (!w) return;
  const std::size_t n = w->frame.size, sub_group_size = w->frame.sub_group_size;
  std::size_t me = w->frame.fibers ? w->current : w->frame.plain_item;
  const std::size_t first = me & ~(sub_group_size - 1);
  const std::size_t end = std::min(first + sub_group_size, n);
  if (end - first == 1) return;
  if (!w->frame.fibers) weft::cpu::detail::first_barrier(w, first, true);
  if (w->aborting) throw abort_unwind{};
  if (w->sub_group_waiting != me - first) {
    weft::cpu::detail::report_divergence(w, me, "reached a sub-group barrier");
    throw abort_unwind{};
  }
  w->state[me] = weft::cpu::detail::at_sub_group_barrier;
  std::size_t next = me + 1;
  if (next == end) {
    w->sub_group_waiting = 0;
    next = first;
  } else {
    ++w->sub_group_waiting;
  }
  weft::cpu::detail::switch_to(w, me, next);
  if (w->aborting) throw abort_unwind{};
}

// ---- split groups (barrier_split.hpp) ------------------------------------------------

bool weft_split_active(std::size_t, std::size_t, std::size_t, bool, std::size_t) noexcept { return false; }
std::size_t weft_split_local_id(int) noexcept { return 0; }
bool weft_split_form() noexcept { return false; }

void* weft_split_frames(std::size_t bytes) {
  auto* w = tl_worker;  // (split groups run only in nd_range worker tasks, which hold one)
  ++w->split_groups;    // once per group (the trace's and the profile's count)
  if (w->split_capacity < bytes || !w->split_frames) {
    std::free(w->split_frames);
    w->split_frames = nullptr;
    w->split_capacity = 0;
    const std::size_t capacity = std::max<std::size_t>(bytes, 4096);
    w->split_frames = static_cast<std::byte*>(weft::cpu::detail::aligned_block(64, capacity));
    w->split_capacity = capacity;
  }
  return w->split_frames;
}

void weft_split_released() {
  if (auto* w = tl_worker) weft::cpu::detail::pass_first_phase(w);
}

void weft_split_diverged(const std::uint32_t* exits, std::size_t n) {
  constexpr std::uint32_t sub_group_bit = 0x80000000u;
  auto* w = tl_worker;
  std::string m = "weft: nd_range kernel: the work items of work group " +
                  (w ? weft::cpu::detail::id_string(*w) : std::string("?")) + " disagree about a barrier:";
  // Runs of items with the same exit, in id order.
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i;
    while (j + 1 < n && exits[j + 1] == exits[i]) ++j;
    const std::uint32_t e = exits[i];
    m += std::string(i ? ";" : "") +
         (j > i ? " work items " + std::to_string(i) + "-" + std::to_string(j) : " work item " + std::to_string(i));
    if (e == 0) m += " finished";
    else
      m += std::string(" reached ") + ((e & sub_group_bit) ? "sub-group" : "work-group") + " barrier " +
           std::to_string(e & ~sub_group_bit) + " of the kernel";
    i = j + 1;
  }
  throw weft::sycl::exception(weft::sycl::make_error_code(weft::sycl::errc::kernel),
                              m + "." + weft::cpu::detail::barrier_rule);
}

void* weft::kernel::group_scratch() {
  auto* w = tl_worker;
  return w ? w->scratch : nullptr;
}

#if defined(__x86_64__) && !defined(WEFT_PLAIN_FCONTEXT_CALL)
// weft::kernel::work_group_barrier() and sub_group_barrier(). An item resumes
// inside the barrier it was suspended at, which is the call site before the one
// its predecessor just called from (the episodes alternate between a kernel's
// barrier sites), so a plain `ret` back into the kernel would be mispredicted
// on every switch: the return stack buffer holds the predecessor's site. These
// stubs call the C++ bodies (a balanced call/ret) and return to the kernel with
// an indirect jmp instead, which the branch predictor learns: within an episode
// every item returns to the same site. The CFI lets exceptions unwind through.
// clang-format off
#define WEFT_BARRIER_STUB(mangled, body)              \
  asm(".text\n"                                       \
      ".globl " #mangled "\n"                         \
      ".type " #mangled ", @function\n"               \
      ".p2align 4\n" #mangled ":\n"                   \
      ".cfi_startproc\n"                              \
      "subq $8, %rsp\n"                               \
      ".cfi_def_cfa_offset 16\n"                      \
      "call " #body "\n"                              \
      "addq $8, %rsp\n"                               \
      ".cfi_def_cfa_offset 8\n"                       \
      "popq %rcx\n"                                   \
      "jmp *%rcx\n"                                   \
      ".cfi_endproc\n"                                \
      ".size " #mangled ", .-" #mangled "\n");
WEFT_BARRIER_STUB(_ZN4weft6kernel18work_group_barrierEv, weft_work_group_barrier_body)
WEFT_BARRIER_STUB(_ZN4weft6kernel17sub_group_barrierEv, weft_sub_group_barrier_body)
// clang-format on
#endif
