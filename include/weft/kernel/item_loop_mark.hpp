#pragma once
// The mark on loops over work items that Weft's pass plugin widens across items
// (docs/design.md, "The compiler plugin"): `clang loop vectorize(assume_safety)`,
// legal because the items of one such loop are independent by the specification
// (a range kernel's items, an nd_range group's items up to a barrier).
// Only where clang compiles host code with the plugin (WEFT_SIMD_ITEMS=2, which
// Weft::sycl defines then); g++ and GPU device code see no mark. Checked mode
// records each item before it runs, an order the mark would not keep.
//
// A loop over the items of a scoped `distribute_items` or a hierarchical
// `parallel_for_work_item` gets the candidate mark instead: its items may
// accumulate into a group variable, so they are independent only where the
// plugin proves it (weft-candidate-item-loops: the items' stores distinct, no
// item reading what another stores); the plugin makes a proven candidate an item
// loop and leaves the others in order. The mark is `distribute(enable)`, a
// loop-distribution request Weft makes nowhere else, which the plugin takes off
// before LLVM's loop distribution runs.
//
// The loops over a group's outer dimensions around a candidate loop (a 2-D or
// 3-D group's rows, a row run in chunks of the physical range) get the row mark, `distribute(disable)` (a request LLVM's
// loop distribution, off by default, already keeps): the plugin prefetches a
// later group's input after a candidate loop, but not after one whose loop
// around it is a row of the same group, whose next row the hardware
// prefetchers fetch (docs/design.md, weft-candidate-item-loops).
//
// The loop over the blocks of a range reduction's chunk (reduction_launch.hpp)
// gets the lanes mark, `pipeline(disable)` (a software-pipelining request x86 has
// no use for, made nowhere else): the lanes it carries from block to block are
// only ever combined together, by the reduction's operator, so the plugin may
// give the values an item combines to another item's lane (weft-reduction-lanes).
#if defined(WEFT_SIMD_ITEMS) && WEFT_SIMD_ITEMS >= 2 && defined(__clang__) && !defined(__CUDA_ARCH__) && \
    !defined(__HIP_DEVICE_COMPILE__) && !(defined(WEFT_CHECKED) && WEFT_CHECKED)
#define WEFT_PLUGIN_ITEM_LOOPS 1  // the plugin compiles this code's item loops
#define WEFT_PLUGIN_ITEM_LOOP _Pragma("clang loop vectorize(assume_safety)")
#define WEFT_PLUGIN_CANDIDATE_ITEM_LOOP _Pragma("clang loop distribute(enable)")
#define WEFT_PLUGIN_GROUP_ROW_LOOP _Pragma("clang loop distribute(disable)")
#define WEFT_PLUGIN_REDUCTION_LANES_LOOP _Pragma("clang loop pipeline(disable)")
#else
#define WEFT_PLUGIN_ITEM_LOOPS 0
#define WEFT_PLUGIN_ITEM_LOOP
#define WEFT_PLUGIN_CANDIDATE_ITEM_LOOP
#define WEFT_PLUGIN_GROUP_ROW_LOOP
#define WEFT_PLUGIN_REDUCTION_LANES_LOOP
#endif
