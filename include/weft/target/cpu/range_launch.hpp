#pragma once
// CPU execution of parallel_for(range) and single_task: chunks of rows of
// contiguous linear ids (parallel.hpp: oneTBB in libweft), and inside a row the
// item loop of item_loop.hpp, which the compiler can vectorize across items. No
// fibers, no per-item indirection.
#include <algorithm>
#include <cstddef>
#include <sycl/id.hpp>
#include <sycl/item.hpp>
#include <sycl/range.hpp>
#include <weft/target/cpu/item_loop.hpp>
#include <weft/target/cpu/item_loop_report.hpp>
#include <weft/target/cpu/parallel.hpp>
#include <weft/runtime/launch.hpp>
#include <weft/runtime/runtime.hpp>

namespace weft::cpu {

// Chunks hold at most this many items (enough to amortise a task) but are
// smaller when there are few items, so few heavy items still spread over all
// workers; and at least whole vectors of items where every worker still gets two
// chunks: a widened item loop runs 8 to 64 items at once (clang's pass plugin,
// docs/design.md), and a shorter chunk runs them one by one.
inline constexpr std::size_t max_grain_items = 4096;
inline constexpr std::size_t vector_grain_items = 64;
inline std::size_t grain_for(std::size_t items) {
  const std::size_t workers = arena_workers();
  const std::size_t share = std::min(max_grain_items, items / (8 * workers));
  return std::max<std::size_t>({1, share, std::min(vector_grain_items, items / (2 * workers))});
}

// Runs the kernel for every item of rows [begin, end) of the range: a row is one
// id of the leading dimension(s) (the whole range in one dimension, where a row
// is one item) and the innermost dimension is the vectorizable item loop.
//
// One call per chunk, flattened (the item loops and the kernel body inlined
// however large) and never inlined itself: g++ 12 inlines a function called once
// (here, into the chunk trampoline) without flattening the copy, and a float4
// median filter then ran as a call per item, 17x slower. The item loops sit in
// this function, next to the kernel's private copy, not in a function of their
// own that gets the copy by reference: a kernel's fields (an accessor's pointer
// and strides) are then locals the compiler reads before the loop, also those the
// kernel reads only under a branch (`if (j > 0) ex[item] = ...`); through a
// reference such reads stay in the loop, as masked loads or gathers, and fdtd2d's
// stencils ran 1.3-1.4x slower. The empty asm in each row keeps the row loop from
// looking like a candidate for outer-loop vectorization: g++ would if-convert
// that loop instead of the item loop, give up on it, and leave the kernel's
// branches (the median filter's compare-selects) as jumps, 20x slower.
template <int Dims, bool WithOffset, class Kernel>
__attribute__((noinline)) WEFT_FLATTEN void run_rows(const Kernel& kernel, const sycl::range<Dims>& r,
                                                     const sycl::id<Dims>& offset, std::size_t begin, std::size_t end) {
  WEFT_CHECKED_KERNEL(Kernel);
  WEFT_PLUGIN_ITEM_LOOP_REPORT(Kernel);  // (item_loop_report.hpp)
  const Kernel k = kernel;               // a private copy: its fields cannot alias the data the kernel writes
  const item_argument<Dims, WithOffset, Kernel> arg{r, offset};
  const std::size_t o = offset[Dims - 1], inner = r[Dims - 1];
  if constexpr (Dims == 1) {
    item_loop<1>(k, arg, o + begin, o + end);
  } else if constexpr (Dims == 2) {
    for (std::size_t i = begin; i != end; ++i) {
      __asm__ volatile("");  // see above
      item_loop<2>(k, arg, o, o + inner, offset[0] + i);
    }
  } else {
    for (std::size_t ij = begin; ij != end; ++ij) {
      __asm__ volatile("");  // see above
      item_loop<3>(k, arg, o, o + inner, offset[0] + ij / r[1], offset[1] + ij % r[1]);
    }
  }
}

template <int Dims, bool WithOffset, class Kernel>
void run_range(const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& kernel) {
  if (r.size() == 0) return;
  WEFT_PLUGIN_ITEM_LOOP_NOTE(Kernel);
  // Rows: one per item in one dimension, else one per id of the leading dimensions.
  const std::size_t row_items = Dims == 1 ? 1 : r[Dims - 1];
  const std::size_t rows = r.size() / row_items;
  auto body = [&](std::size_t b, std::size_t e) { run_rows<Dims, WithOffset>(kernel, r, offset, b, e); };
  if (weft::detail::static_partition()) {
    // Pinned workers (or WEFT_PARTITION=static): the deterministic partition of
    // parallel.hpp over rows, so the same range always runs the same block on
    // the same worker (docs/hpc.md, "Placement").
    cpu::static_for(rows, static_chunks(rows, row_items, grain_for(r.size())), body);
    return;
  }
  // In one dimension, pieces of whole vectors of items where chunks are that large
  // anyway: only the range's last piece leaves items over from the widened loop
  // (pieces of 64 to 127 items cut anywhere ran up to half their items one by one, at
  // 32 or 64 lanes: gemv's column walk per item took 1.4x-2.3x the time at 32 lanes
  // and 15x at 64).
  const std::size_t grain = grain_for(r.size());
  const std::size_t step = Dims == 1 && grain >= vector_grain_items ? vector_grain_items : 1;
  cpu::parallel_for(0, rows, std::max<std::size_t>(1, grain / row_items), body, step);
}

}  // namespace weft::cpu

namespace weft::launch {

template <class Kernel>
void single_task(const Kernel& k) {
  WEFT_CHECKED_KERNEL(Kernel);
  k();
}

template <int Dims, class Kernel>
void range_kernel(const sycl::range<Dims>& r, const Kernel& k) {
  cpu::run_range<Dims, false>(r, sycl::id<Dims>{}, k);
}

template <int Dims, class Kernel>
void range_kernel(const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& k) {
  cpu::run_range<Dims, true>(r, offset, k);
}

}  // namespace weft::launch
