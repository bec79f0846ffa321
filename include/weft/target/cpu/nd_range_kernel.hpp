#pragma once
// CPU definition of weft::launch::nd_range_kernel: one oneTBB task per worker
// claims chunks of work groups in increasing order (with static placement on:
// a fixed block of consecutive groups per worker, see group_executor.hpp's
// chunk_counter and docs/hpc.md, "Placement"); each group runs as a plain
// loop over its items until item 0 reaches a barrier, and only then switches
// to fibers (src/target/cpu/group_executor.cpp). A kernel without barriers therefore
// costs what the plain loop costs. Where clang compiles it with Weft's pass plugin, a
// kernel with barriers runs split at them instead, without fibers (barrier_split.hpp).
#include <algorithm>
#include <atomic>
#include <exception>
#include <sycl/nd_item.hpp>
#include <weft/kernel/item_loop_mark.hpp>
#include <weft/target/cpu/barrier_split.hpp>
#include <weft/target/cpu/group_executor.hpp>
#include <weft/target/cpu/item_loop_report.hpp>
#include <weft/target/cpu/range_launch.hpp>
#include <weft/target/cpu/parallel.hpp>
#include <weft/target/cpu/validate.hpp>
#include <weft/kernel/local_memory.hpp>
#include <weft/runtime/launch.hpp>
#include <weft/runtime/runtime.hpp>
#include <weft/settings.hpp>

namespace weft::cpu::detail {

// An nd_range kernel whose items depend on each other through memory without a
// barrier, which SYCL kernels cannot do but Weft's own wrappers may (a reduction's
// wrapper folds each item into its group's partial): its group loop is not marked
// as free of dependencies between items.
template <class K>
struct dependent_items {
  K kernel;
  template <class Item>
  void operator()(const Item& it) const {
    kernel(it);
  }
};
template <class K>
inline constexpr bool independent_items = true;
template <class K>
inline constexpr bool independent_items<dependent_items<K>> = false;

template <int Dims, class Kernel>
struct nd_launch {
  const Kernel* kernel;
  sycl::range<Dims> local_range;
  sycl::range<Dims> group_range;
  sycl::id<Dims> offset;
  std::size_t group_size;
  std::size_t n_groups;
  std::size_t groups_per_chunk;
  std::size_t local_bytes;
  std::uint32_t sub_group_size;
};

// One per worker task. The task's own copy of the kernel (and of the launch) lets
// the compiler see that the items' stores cannot alias the accessors it holds.
template <int Dims, class Kernel>
class nd_task {
 public:
  nd_task(const nd_launch<Dims, Kernel>& l, const group_frame& frame)
      : m_kernel(*l.kernel), m_launch(l), m_frame(frame) {}

  static void run_item(void* self, std::size_t local_linear) {
    auto* t = static_cast<nd_task*>(self);
    const auto& l = t->m_launch;
    t->invoke(sycl::detail::delinearize(t->m_frame.group_linear, l.group_range),
              sycl::detail::delinearize(local_linear, l.local_range), l.local_range, l.group_range, l.offset);
  }

  void run_group(worker_view* w, std::size_t g) { run_one_group(this, w, g); }

 private:
  // Few stores per group: in a memory-bound kernel they queue behind the items'
  // stores. The group's id is kept in the frame only, no exception_ptr waits on
  // the stack, `fibers` is left false by finish_fiber_group, a plain kernel's group
  // tells no other worker that it started (group_started) and group objects read
  // the frame (local_memory.hpp): each made nd_triad about 2% faster on 2 CPUs.
  // The task comes as a restrict pointer (here and in run_plain; not a restrict
  // member function, whose members clang types restrict too): while a group runs,
  // the task is written only through it (m_error) and elsewhere only read (run_item,
  // on fibers), so the compiler keeps the kernel's fields (its accessors' pointers
  // and offsets) out of the item loop even where it does not inline this into
  // nd_worker_body, whose frame has the task's address.
  static void run_one_group(nd_task* __restrict self, worker_view* w, std::size_t g) {
    group_frame& f = w->frame;
    const sycl::id<Dims> group_id = sycl::detail::delinearize(g, self->m_launch.group_range);
    f.group_linear = g;
    group_started(w, g);
    bool failed = false;
    try {
#if WEFT_PLUGIN_SPLIT
      const sycl::range<Dims> lr = self->m_launch.local_range;
      if (self->m_split && self->split_group(group_id, lr[0], lr[Dims > 1 ? 1 : 0], lr[Dims - 1])) return;
#endif
      run_plain(self, f, group_id);
    } catch (...) {
      if (!f.fibers) plain_item_failed(w);
      self->m_error = std::current_exception();  // leave the handler before switching fibers
      failed = true;
    }
    if (f.fibers) finish_fiber_group(w, failed ? std::move(self->m_error) : std::exception_ptr());
  }

  void invoke(const sycl::id<Dims>& group_id, const sycl::id<Dims>& local_id, const sycl::range<Dims>& local_range,
              const sycl::range<Dims>& group_range, const sycl::id<Dims>& offset) {
    m_kernel(sycl::detail::nd_item_access::make(
        sycl::detail::group_access::make(group_id, local_id, local_range, group_range), offset,
        m_launch.sub_group_size));
  }

  // The group's items in order on this thread's stack, until one of them
  // switches the group to fibers. Everything the loop reads is a local copy, so
  // in a kernel without barriers (nothing opaque in the body) the plain_item
  // store sinks out of the loop, the fibers test is hoisted, and the loop
  // vectorizes like a plain parallel_for.
  static void run_plain(nd_task* __restrict self, group_frame& f, const sycl::id<Dims> group_id) {
    if constexpr (independent_items<Kernel>) WEFT_PLUGIN_ITEM_LOOP_REPORT(Kernel);  // (item_loop_report.hpp)
    const sycl::range<Dims> lr = self->m_launch.local_range, gr = self->m_launch.group_range;
    const sycl::id<Dims> offset = self->m_launch.offset;
    if constexpr (Dims == 1) {
      items(lr[0], [&](std::size_t i) {
        f.plain_item = i;
        self->invoke(group_id, sycl::id<1>(i), lr, gr, offset);
        return !f.fibers;
      });
    } else if constexpr (Dims == 2) {
      for (std::size_t i0 = 0; i0 < lr[0]; ++i0) {
        const std::size_t row = i0 * lr[1];
        const bool go_on = items(lr[1], [&](std::size_t i1) {
          f.plain_item = row + i1;
          self->invoke(group_id, sycl::id<2>(i0, i1), lr, gr, offset);
          return !f.fibers;
        });
        if (!go_on) return;
      }
    } else {
      for (std::size_t i0 = 0; i0 < lr[0]; ++i0)
        for (std::size_t i1 = 0; i1 < lr[1]; ++i1) {
          const std::size_t row = (i0 * lr[1] + i1) * lr[2];
          const bool go_on = items(lr[2], [&](std::size_t i2) {
            f.plain_item = row + i2;
            self->invoke(group_id, sycl::id<3>(i0, i1, i2), lr, gr, offset);
            return !f.fibers;
          });
          if (!go_on) return;
        }
    }
  }

#if WEFT_PLUGIN_SPLIT
  // One work item's code, which the plugin splits at its barriers into loops over
  // the group's items (barrier_split.hpp); false where it did not (a kernel without
  // barriers, which the plain loop runs as fast, or one the plugin leaves to fibers,
  // with a remark that says why). Not inlined: the plugin splits it as a function.
  // The range's extents are scalar arguments (those past Dims unused): the plugin reads
  // them from the marker, where a dimension the kernel lacks is the constant 1.
  [[gnu::noinline, gnu::flatten]] bool split_group(const sycl::id<Dims> group_id, std::size_t r0, std::size_t r1,
                                                   std::size_t r2) {
    if (!weft_split_active(r0, Dims > 1 ? r1 : 1, Dims > 2 ? r2 : 1, independent_items<Kernel>, group_id[Dims - 1]))
      return false;
    sycl::id<Dims> local;
    for (int d = 0; d < Dims; ++d) local[d] = weft_split_local_id(d);
    invoke(group_id, local, m_launch.local_range, m_launch.group_range, m_launch.offset);
    return true;
  }
#endif

  // Runs item(i) for i in [0, n) until it returns false (the group switched to
  // fibers); false then. The loop carries the plugin's item-loop mark
  // (weft/kernel/item_loop_mark.hpp) unless the kernel's items depend on each other
  // through memory (dependent_items: a reduction's wrapper folds every item into its
  // group's partial).
  template <class Item>
  static bool items(std::size_t n, const Item& item) {
    if constexpr (independent_items<Kernel>) {
      WEFT_PLUGIN_ITEM_LOOP
      for (std::size_t i = 0; i < n; ++i)
        if (!item(i)) return false;
    } else {
      for (std::size_t i = 0; i < n; ++i)
        if (!item(i)) return false;
    }
    return true;
  }

  Kernel m_kernel;
  // A copy, not a reference: the split form (split_group) reads the ranges again after
  // each barrier instead of keeping them per item, which it does only for what the
  // task itself holds.
  const nd_launch<Dims, Kernel> m_launch;
  const group_frame& m_frame;  // the worker's: the running group (run_item)
  std::exception_ptr m_error;  // a failed group's, until its fibers finish
#if WEFT_PLUGIN_SPLIT
  bool m_split = weft::split_barriers();  // (false: fibers, settings.hpp)
#endif
};

template <int Dims, class Kernel>
void nd_worker_body(void* ctx, chunk_counter& chunks) {
  const auto& l = *static_cast<const nd_launch<Dims, Kernel>*>(ctx);
  worker_lease w(l.local_bytes, l.group_size, chunks);
  namespace km = weft::kernel::detail;
  struct restore {
    std::byte* base;
    std::size_t bytes;
    std::byte* scratch;
    const std::size_t* group;
    ~restore() {
      km::local_memory_base = base;
      km::local_memory_bytes = bytes;
      km::group_scratch_base = scratch;
      km::running_group_linear = group;
      ++km::task_serial;  // (a task this one interrupted makes its group's objects anew)
    }
  } restore_local{km::local_memory_base, km::local_memory_bytes, km::group_scratch_base, km::running_group_linear};
  group_frame& f = w->frame;
  km::local_memory_base = w->local_memory;
  km::local_memory_bytes = l.local_bytes;
  km::group_scratch_base = w->scratch;
  km::running_group_linear = &f.group_linear;
  ++km::task_serial;

  nd_task<Dims, Kernel> task(l, f);
  f.run_item = &nd_task<Dims, Kernel>::run_item;
  f.task = &task;
  f.size = l.group_size;
  f.sub_group_size = l.sub_group_size;
  f.dims = Dims;
  for (int d = 0; d < 3; ++d) f.group_range[d] = d < Dims ? l.group_range[d] : 1;

  for (std::size_t first = 0, last = 0; claim_groups(w.get(), chunks, first, last);)
    for (std::size_t g = first; g < last; ++g) task.run_group(w.get(), g);
}

// Per kernel type: what its groups do about work-group barriers, learnt by its
// launches (group_executor.hpp, chunk_counter). A `synchronising` kernel's
// launches use the ordered dynamic dispatch in fixed chunks: its groups may rely
// on the GPU-like order, which static blocks or long guided shares could keep
// only by running them one after another.
template <class Kernel>
inline std::atomic<kernel_sync> kernel_sync_of{kernel_sync::unknown};

// Groups per chunk: enough items per chunk to amortise claiming one, while
// leaving several chunks per worker for balance.
inline std::size_t groups_per_chunk(std::size_t n_groups, std::size_t group_size) {
  constexpr std::size_t items_per_chunk = 4096;
  std::size_t by_size = std::max<std::size_t>(1, items_per_chunk / group_size);
  std::size_t by_balance = std::max<std::size_t>(1, n_groups / 64);
  return std::min(by_size, by_balance);
}

}  // namespace weft::cpu::detail

namespace weft::launch {

template <int Dims, class Kernel>
void nd_range_kernel(const sycl::nd_range<Dims>& r, const group_request& local, const Kernel& k) {
  weft::cpu::validate_nd_range(r, local.bytes);
  weft::cpu::detail::nd_launch<Dims, Kernel> l{&k,
                                               r.get_local_range(),
                                               r.get_group_range(),
                                               sycl::detail::nd_range_access::offset(r),
                                               r.get_local_range().size(),
                                               r.get_group_range().size(),
                                               1,
                                               local.bytes,
                                               local.sub_group_size ? local.sub_group_size : weft::sub_group_size()};
  if (l.n_groups == 0) return;
  l.groups_per_chunk = weft::cpu::detail::groups_per_chunk(l.n_groups, l.group_size);
  weft::cpu::detail::dispatch_plan plan;
  plan.n_groups = l.n_groups;
  plan.groups_per_chunk = l.groups_per_chunk;
  auto& sync = weft::cpu::detail::kernel_sync_of<Kernel>;
  plan.sync = &sync;
  if (weft::detail::static_partition() &&
      sync.load(std::memory_order_relaxed) != weft::cpu::detail::kernel_sync::synchronising) {
    // Static placement (docs/hpc.md, "Placement"): the groups as the rows of a
    // parallel_for(range) of n_groups rows of group_size items, so both forms
    // cut the same items into the same blocks for the same workers.
    plan.placed_blocks =
        weft::cpu::static_chunks(l.n_groups, l.group_size, weft::cpu::grain_for(l.n_groups * l.group_size));
  }
  if constexpr (weft::cpu::detail::independent_items<Kernel>) WEFT_PLUGIN_ITEM_LOOP_NOTE(Kernel);
  weft::cpu::detail::run_worker_tasks(plan, &weft::cpu::detail::nd_worker_body<Dims, Kernel>, &l);
}

}  // namespace weft::launch
