#pragma once
// The mark on loops over work items that Weft's pass plugin widens across items
// (docs/design.md, "The compiler plugin"): `clang loop vectorize(assume_safety)`,
// legal because the items of one such loop are independent by the specification
// (a range kernel's items, an nd_range group's items up to a barrier).
// Only where clang compiles host code with the plugin (WEFT_SIMD_ITEMS=2, which
// Weft::sycl defines then); g++ and GPU device code see no mark. Checked mode
// records each item before it runs, an order the mark would not keep.
#if defined(WEFT_SIMD_ITEMS) && WEFT_SIMD_ITEMS >= 2 && defined(__clang__) && !defined(__CUDA_ARCH__) && \
    !defined(__HIP_DEVICE_COMPILE__) && !(defined(WEFT_CHECKED) && WEFT_CHECKED)
#define WEFT_PLUGIN_ITEM_LOOPS 1  // the plugin compiles this code's item loops
#define WEFT_PLUGIN_ITEM_LOOP _Pragma("clang loop vectorize(assume_safety)")
#else
#define WEFT_PLUGIN_ITEM_LOOPS 0
#define WEFT_PLUGIN_ITEM_LOOP
#endif
