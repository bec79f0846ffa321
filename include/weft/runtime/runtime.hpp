#pragma once
// Process-wide runtime settings that users may query or set.
#include <cstddef>
#include <weft/runtime/export.hpp>

namespace weft {

// Number of worker threads Weft runs kernels on. Defaults to the CPUs in the
// process's affinity mask (WEFT_NUM_THREADS overrides).
WEFT_API std::size_t worker_count();
// Sets the worker count; only before the first queue runs anything. Throws
// sycl::exception(errc::invalid) afterwards or for 0.
WEFT_API void set_worker_count(std::size_t n);

}  // namespace weft

namespace weft::detail {
// Runs `fn` inside Weft's task arena (so oneTBB algorithms in it use Weft's workers).
WEFT_API void run_in_arena(void (*fn)(void*), void* arg);
}  // namespace weft::detail
