#pragma once
// The contract between the nd_range launch (nd_range_kernel.hpp, split_group) and
// the pass plugin's weft-barrier-split (src/compiler/barrier_split.cpp; docs/barriers.md,
// "Split kernels"). The launch writes one work item's code; where clang compiles it
// with the plugin, the pass cuts that code at its barriers into regions and runs
// each region as a loop over the whole work group's items, so that no item switches
// fibers. Values an item keeps across a barrier live in per-item arrays
// (weft_split_frames); the items must all leave a region at the same barrier.
//
// Without the plugin (g++, clang at -O0, checked mode) weft_split_active() is
// libweft's, returns false, and the group runs as a plain loop that switches to
// fibers at its first barrier.
#include <cstddef>
#include <cstdint>
#include <weft/kernel/item_loop_mark.hpp>
#include <weft/runtime/export.hpp>

// 1 where clang compiles host code with the plugin (WEFT_SIMD_ITEMS=2, which
// Weft::sycl defines then), except in checked mode, whose item records need the
// items to run one at a time through the whole kernel.
#define WEFT_PLUGIN_SPLIT WEFT_PLUGIN_ITEM_LOOPS

extern "C" {
// The function that calls this is one work item's code for a work group of
// range0 x range1 x range2 items (each an argument of that function or the
// constant 1); `independent`: the items depend on each other only through
// barriers; `group`: the group's id in its last dimension (the next group a
// worker runs has the next one: the pass prefetches its input). The pass replaces
// the call with true where it split the function and with false where it left it
// alone; libweft's definition returns false.
WEFT_API bool weft_split_active(std::size_t range0, std::size_t range1, std::size_t range2, bool independent,
                                std::size_t group) noexcept;
// In a split function: the calling item's local id in dimension `dim`. The pass
// replaces every call; libweft's definition is never reached.
WEFT_API std::size_t weft_split_local_id(int dim) noexcept __attribute__((const));
// True in a function the pass splits, false elsewhere: the pass replaces every call
// (libweft's definition, reached at -O0, returns false). Code that a split function
// runs better in another form asks it (the exchanges of weft/target/cpu/collectives.hpp).
WEFT_API bool weft_split_form() noexcept __attribute__((const));

// Called by split functions (the pass inserts the calls):
// Storage of at least `bytes` bytes, 64-byte aligned, for the group's per-item
// values; reused by the calling thread's next group.
WEFT_API void* weft_split_frames(std::size_t bytes);
// The running group releases its first work-group barrier: keeps the order of
// the groups' first phases, as a fiber group's barrier does (group_executor.hpp,
// chunk_counter).
WEFT_API void weft_split_released();
// The items left a region at different barriers: exits[i] is item i's (0: it
// finished; k: barrier k of the split function, with the high bit set for a
// sub-group barrier). Throws sycl::exception(errc::kernel) naming the items.
[[noreturn]] WEFT_API void weft_split_diverged(const std::uint32_t* exits, std::size_t n);
}
