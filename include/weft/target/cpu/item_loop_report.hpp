#pragma once
// What Weft's pass plugin made of a kernel's item loops, for WEFT_PROFILE and the
// trace (docs/trace.md): run across vector lanes, or one item at a time and why.
// Where the plugin compiles the launch code (WEFT_PLUGIN_ITEM_LOOPS), the
// function holding a kernel's item loops calls weft_item_loop_report(&slot); the
// plugin's weft-item-loop-report pass removes that call after the loop vectorizer and
// sets the slot to its verdict (src/compiler/item_loop_report.hpp). The launch hands
// the slot to the trace. Elsewhere (g++, clang without the plugin, at -O0, checked
// mode) the slot stays null and the profile says nothing about vectors.
#include <weft/kernel/item_loop_mark.hpp>
#include <weft/runtime/export.hpp>

namespace weft::cpu {

// Per kernel type: the plugin's verdict on its item loops, or null.
template <class Kernel>
struct item_loop_verdict {
  static inline const char* value = nullptr;  // not const: set by the plugin, read by the launch
};

// When tracing, records the launch's verdict for the command running on this thread.
WEFT_API void note_item_loops(const char* verdict) noexcept;

}  // namespace weft::cpu

// The plugin replaces every call (libweft's definition, reached only at -O0, does nothing).
extern "C" WEFT_API void weft_item_loop_report(const char** verdict) noexcept;

#if WEFT_PLUGIN_ITEM_LOOPS
#define WEFT_PLUGIN_ITEM_LOOP_REPORT(Kernel) ::weft_item_loop_report(&::weft::cpu::item_loop_verdict<Kernel>::value)
#define WEFT_PLUGIN_ITEM_LOOP_NOTE(Kernel) ::weft::cpu::note_item_loops(::weft::cpu::item_loop_verdict<Kernel>::value)
#else
#define WEFT_PLUGIN_ITEM_LOOP_REPORT(Kernel) ((void)0)
#define WEFT_PLUGIN_ITEM_LOOP_NOTE(Kernel) ((void)0)
#endif
