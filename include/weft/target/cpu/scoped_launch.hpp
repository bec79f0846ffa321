#pragma once
// CPU execution of scoped-parallelism kernels (handler::parallel): one task
// (parallel.hpp) per work group, several small groups per task, physical group size 1
// (with static placement on: a fixed block of consecutive groups per worker,
// docs/hpc.md, "Placement").
// The kernel receives the s_group object and runs straight through: its
// distribute_items() calls are loops, barriers are free, no fibers ever.
#include <cstddef>
#include <tuple>
#include <utility>
#include <sycl/scoped_parallelism.hpp>
#include <vector>
#include <weft/target/cpu/parallel.hpp>
#include <weft/target/cpu/range_launch.hpp>
#include <weft/target/cpu/reduction_launch.hpp>
#include <weft/kernel/item_loop_mark.hpp>
#include <weft/runtime/runtime.hpp>
#include <weft/target/cpu/scoped_arena.hpp>
#include <weft/runtime/launch.hpp>

namespace weft::cpu {

namespace detail {
// Logical items a task should hold at least, so that tiny groups share a task.
inline constexpr std::size_t scoped_items_per_task = 4096;
}  // namespace detail

// The vector width GCC may use for the distribute_items() loops of scoped
// kernels: they are compiled inside the task function below (the kernel is
// inlined there), so its target attribute decides. On AVX-512 machines GCC
// prefers 256-bit vectors by default; a scoped kernel's loops are short (one
// work group) and run back to back, where full-width vectors halve the loads,
// stores and loop trips (in-cache, 128-item groups: the specification's
// reduction 22.9 -> 19.2 ns per group; tiled dgemm: 0.33 -> 0.45 of xsimd).
// Define WEFT_SCOPED_VECTOR_WIDTH=0 to keep the compiler's own choice (for
// example on CPUs that lower their clock for 512-bit code), or to 256/512.
#ifndef WEFT_SCOPED_VECTOR_WIDTH
#if defined(__GNUC__) && !defined(__clang__) && defined(__AVX512F__)
#define WEFT_SCOPED_VECTOR_WIDTH 512
#else
#define WEFT_SCOPED_VECTOR_WIDTH 0
#endif
#endif
//
// GCC also flattens the task function (everything below it inlined, as the range
// launch's rows): g++ 12 otherwise left parts of a kernel of several item loops as
// calls, per group (in cache, the specification's reduction 18 -> 16 ns a group,
// the hierarchical tree reduction 30 -> 17 ns, where the kernel was a call that got
// its group argument through the stack). Clang flattens the hierarchical task (18 ->
// 17 ns), and the scoped one where the plugin compiles it.
//
// Where the plugin compiles the item loops, the task function also keeps memcpy and
// memmove from being builtins: LLVM's loop idiom pass would otherwise turn an item
// loop that copies a group's input into local memory (scratch[lid] = in[gid]) into a
// memcpy call, which no pass sees as an item loop: the plugin could not prefetch the
// next group's input after it (weft-candidate-item-loops), and out of cache each group
// waited on its copy's loads (the seed reduction over 2^24 ints, one worker: 9-14 ms as
// a memcpy, 4-6 ms as the prefetched loop). Flattening inlines the kernel into the
// task before that pass runs on it, so the attribute reaches the kernel's loops.
// Explicit memcpy calls keep their intrinsic form.
#if WEFT_PLUGIN_ITEM_LOOPS
#define WEFT_PLUGIN_TASK_ATTRIBUTES __attribute__((no_builtin("memcpy", "memmove")))
#else
#define WEFT_PLUGIN_TASK_ATTRIBUTES
#endif

#if WEFT_SCOPED_VECTOR_WIDTH == 512 && defined(__GNUC__) && !defined(__clang__)
#define WEFT_SCOPED_TASK_ATTRIBUTES __attribute__((noinline, flatten, target("prefer-vector-width=512")))
#elif WEFT_SCOPED_VECTOR_WIDTH == 256 && defined(__GNUC__) && !defined(__clang__)
#define WEFT_SCOPED_TASK_ATTRIBUTES __attribute__((noinline, flatten, target("prefer-vector-width=256")))
#elif defined(__GNUC__) && !defined(__clang__)
#define WEFT_SCOPED_TASK_ATTRIBUTES __attribute__((flatten))
#elif WEFT_PLUGIN_ITEM_LOOPS
#define WEFT_SCOPED_TASK_ATTRIBUTES __attribute__((flatten)) WEFT_PLUGIN_TASK_ATTRIBUTES
#else
#define WEFT_SCOPED_TASK_ATTRIBUTES
#endif
#if defined(__clang__)
#define WEFT_HIERARCHICAL_TASK_ATTRIBUTES __attribute__((flatten)) WEFT_PLUGIN_TASK_ATTRIBUTES
#else
#define WEFT_HIERARCHICAL_TASK_ATTRIBUTES WEFT_SCOPED_TASK_ATTRIBUTES
#endif

template <int Dims, class Kernel, class... Reductions>
void scoped_launch(const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size,
                   const launch::group_request& local, const Kernel& k, Reductions... reductions) {
  using group_t = sycl::detail::scoped::work_group_t<Dims>;
  static_assert(std::is_invocable_v<const Kernel&, group_t, typename Reductions::reducer_type&...>,
                "parallel(): the kernel must be a callable of signature void(sycl::s_group<__unspecified__>"
                "[, reducer&...]); take the group as auto");
  const std::size_t groups = num_groups.size();
  const std::size_t items = group_size.size();
  if (groups == 0 || items == 0) return;
  const std::size_t grain = items >= detail::scoped_items_per_task ? 1 : detail::scoped_items_per_task / items;

  // Runs the groups [begin, end) of one task: call(kernel, group) for each.
  auto run_groups = [&](std::size_t begin, std::size_t end, auto&& call) WEFT_SCOPED_TASK_ATTRIBUTES {
    const Kernel kc = k;  // a private copy: its fields cannot alias the data the kernel writes
    kernel::scoped_arena& arena = kernel::scoped_arena::this_thread();
    kernel::scoped_arena_scope task_scope(arena);
    kernel::scoped_context ctx{&arena};
    // Local accessors' memory for the groups of this task (one group at a time).
    // TODO(front end): hand this to local accessors once they exist.
    if (local.bytes) (void)arena.allocate(local.bytes, 64);
    sycl::detail::scoped::group_state<Dims> s;
    s.ctx = &ctx;
    s.group_range = num_groups;
    s.local_range = group_size;
    s.wg_offset = 0;
    s.global_range = num_groups * group_size;
    s.group_id = sycl::id<Dims>();
    s.global_origin = sycl::id<Dims>();
    // One group object, updated in place for each group: rebuilding and copying
    // the whole state per group costs store-forwarding stalls.
    group_t grp = sycl::detail::scoped::group_access::make<group_t>(s);
    auto& gs = sycl::detail::scoped::group_access::mutable_state(grp);
    for (std::size_t g = begin; g != end; ++g) {
      const sycl::id<Dims> gid = sycl::detail::delinearize(g, num_groups);
      for (int d = 0; d < Dims; ++d) {
        gs.group_id[d] = gid[d];
        gs.global_origin[d] = gid[d] * group_size[d];
      }
      call(kc, static_cast<const group_t&>(grp));
    }
  };
  if constexpr (sizeof...(Reductions) == 0) {
    auto run_block = [&](std::size_t b, std::size_t e) {
      run_groups(b, e, [](const Kernel& kc, const group_t& g) { kc(g); });
    };
    if (weft::detail::static_partition()) {
      // Static placement (docs/hpc.md, "Placement"): the groups as the rows of a
      // parallel_for(range) of `groups` rows of `items` items, block k on the
      // worker in arena slot k; the same groups on the same worker every time.
      static_for(groups, static_chunks(groups, items, grain_for(groups * items)), run_block);
    } else {
      cpu::parallel_for(0, groups, grain, run_block);
    }
  } else {
    // One reducer set per block: its groups run one after another on one thread,
    // so reducers are used from distribute_items() like any private variable.
    using parts_t = std::tuple<detail::partial<Reductions>...>;
    using seq = std::index_sequence_for<Reductions...>;
    using reducers_t = detail::pack<typename Reductions::reducer_type...>;
    const auto reds = std::tie(reductions...);
    const parts_t empty{detail::partial<Reductions>::empty(reductions)...};
    auto run_block = [&](std::size_t b, std::size_t e, parts_t& acc) {
      reducers_t reducers([](const auto& red) { return detail::reducer_access::make(red); }, reductions...);
      run_groups(b, e, [&](const Kernel& kc, const group_t& g) { detail::invoke_pack(kc, g, reducers, seq()); });
      detail::fold_reducers(acc, reducers, reds, seq());
    };
    parts_t total = empty;
    if (weft::detail::static_partition()) {
      // Static placement as above; one part per block, folded in block order.
      const std::size_t chunks = static_chunks(groups, items, grain_for(groups * items));
      std::vector<parts_t> parts(std::max<std::size_t>(1, std::min(chunks, groups)), empty);
      const std::size_t n_parts = parts.size();
      static_for(groups, n_parts, [&](std::size_t b, std::size_t e) {
        // static_for's block k begins at b = floor(k*G/C), C <= G: k = ceil(b*C/G).
        run_block(b, e, parts[(b * n_parts + groups - 1) / groups]);
      });
      for (const parts_t& p : parts) detail::fold_parts(total, p, reds, seq());
    } else {
      cpu::parallel_reduce(0, groups, grain, empty, total, run_block,
                           [&](parts_t& a, const parts_t& b) { detail::fold_parts(a, b, reds, seq()); });
    }
    detail::finish_all(reds, total, seq());
  }
}

}  // namespace weft::cpu

namespace weft::launch {
template <int Dims, class Kernel, class... Reductions>
void scoped_kernel(const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size, const group_request& local,
                   const Kernel& k, Reductions... reductions) {
  cpu::scoped_launch(num_groups, group_size, local, k, reductions...);
}
}  // namespace weft::launch
