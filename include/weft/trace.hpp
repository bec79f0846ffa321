#pragma once
// Tracing and profiling (docs/trace.md). WEFT_TRACE=<file> records every command,
// its chunks or work groups on the workers and the dependencies between commands,
// and writes them at exit as a Chrome trace-event JSON file (Perfetto and
// Chromium's trace viewer open it; weft-trace-png draws it). WEFT_PROFILE=1
// prints a table per kernel at exit. Both are read once, when libweft loads.
#include <weft/runtime/export.hpp>

namespace weft {

// True when WEFT_TRACE or WEFT_PROFILE was set when the program started.
WEFT_API bool tracing();

// Writes everything recorded so far to WEFT_TRACE's file now (at exit the file is
// written again, with everything). Returns false, writing nothing, when WEFT_TRACE
// is not set; throws sycl::exception(errc::runtime) when the file cannot be written.
WEFT_API bool write_trace();

}  // namespace weft
