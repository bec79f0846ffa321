#pragma once
// Process-wide settings of the CPU backend that users may tune.
#include <cstddef>
#include <cstdint>
#include <weft/config.hpp>
#include <weft/runtime/export.hpp>

namespace weft {

// Work items of an nd_range work group that reaches a barrier run on fibers
// (work item 0 keeps running on the worker thread's own stack). Each fiber
// stack is followed by a guard page: a work item that needs more stack than
// this stops the program with a message naming WEFT_FIBER_STACK_SIZE.
//
// Default: 64 KiB. The environment variable WEFT_FIBER_STACK_SIZE (bytes; a
// K or M suffix is accepted) sets it at start-up; set_fiber_stack_size()
// overrides it for kernels launched afterwards. Values are rounded up to whole
// pages, with a minimum of 16 KiB.
inline constexpr std::size_t default_fiber_stack_size = 64 * 1024;

WEFT_API void set_fiber_stack_size(std::size_t bytes);
WEFT_API std::size_t fiber_stack_size();

// nd_range kernels that Weft's pass plugin split at their barriers (clang 22;
// docs/barriers.md, "Split kernels") run split, without fibers. The environment
// variable WEFT_SPLIT_BARRIERS=0 at start-up, or set_split_barriers(false), runs
// them on fibers instead, as without the plugin: to compare the two, or to look
// for a difference between them.
WEFT_API void set_split_barriers(bool split);
WEFT_API bool split_barriers();

// The sub-group size of CPU nd_range kernels that do not require one (a kernel
// requires one with the sub_group_size property, or with clang 22 and Weft's plugin
// [[sycl::reqd_sub_group_size]]): one of info::device::sub_group_sizes (4, 8, 16, 32,
// 64). Default: the WEFT_SUB_GROUP_SIZE compile definition of the translation unit
// that submits the kernel (16 unless defined); the environment variable
// WEFT_SUB_GROUP_SIZE at start-up, or set_sub_group_size(), overrides it for every
// kernel submitted afterwards (set_sub_group_size(0) removes the override). A size
// the device does not offer is errc::invalid (the variable's: reported and ignored).
WEFT_API void set_sub_group_size(std::uint32_t size);

namespace detail {
WEFT_API std::uint32_t sub_group_size_override();  // 0: none
}  // namespace detail

inline std::uint32_t sub_group_size() {
  const std::uint32_t o = detail::sub_group_size_override();
  return o ? o : std::uint32_t{WEFT_SUB_GROUP_SIZE};
}

namespace detail {
// The CPU device's sub-group sizes, smallest first (info::device::sub_group_sizes).
inline constexpr std::uint32_t cpu_sub_group_sizes[] = {4, 8, 16, 32, 64};

// What set fiber_stack_size(): "default", "WEFT_FIBER_STACK_SIZE", "set_fiber_stack_size()"
// or a note that the variable was not valid (reported by weft-ls --verbose).
WEFT_API const char* fiber_stack_size_source();
}  // namespace detail

}  // namespace weft
