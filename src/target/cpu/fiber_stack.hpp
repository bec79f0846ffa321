#pragma once
// Fiber stacks for work items: mmap'ed, with a PROT_NONE guard region below
// each, and the SIGSEGV handler that turns a guard hit into a clear message.
#include <cstddef>

namespace weft::cpu::detail {

struct fiber_stack {
  std::byte* map = nullptr;  // guard region first (lowest addresses), then the stack
  std::size_t guard = 0;
  std::size_t size = 0;  // usable bytes asked for
  std::size_t pad = 0;   // usable bytes above them, for the start's page colour (stack_colour_pages)
  void* top() const { return map + guard + size + pad; }
  std::size_t usable() const { return size + pad; }
  bool guard_contains(const void* p) const {
    auto* b = static_cast<const std::byte*>(p);
    return map && b >= map && b < map + guard;
  }
};

// Pages of room above each stack, so that items can start at different page
// colours (group_executor.cpp, start_fiber): untouched, so only address space.
constexpr std::size_t stack_colour_pages = 16;

// Throws sycl::exception(errc::memory_allocation) when the system refuses.
fiber_stack allocate_fiber_stack(std::size_t size);
void release_fiber_stack(fiber_stack& s) noexcept;

// Before this thread first runs fibers: installs the process's SIGSEGV handler
// (once) and gives this thread an alternate signal stack, so the handler can run
// when a fiber's stack is exhausted.
void prepare_thread_for_fibers();

// Answers the handler: the usable size of a Weft fiber stack of this thread
// whose guard region contains `fault`, or 0. Must be async-signal-safe.
using guard_probe = std::size_t (*)(const void* fault) noexcept;
void set_guard_probe(guard_probe probe) noexcept;

}  // namespace weft::cpu::detail
