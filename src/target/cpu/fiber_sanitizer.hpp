#pragma once
// Fiber switches announced to the sanitizers (presets asan and tsan), so that
// work items running on fibers are checked like any other code:
//   - AddressSanitizer must know which stack is current, or it takes a fiber's
//     frames for a wild stack (false reports from __asan_handle_no_return when
//     an exception is thrown on a fiber, missed stack-use-after-scope) and it
//     must be able to unpoison the right stack. Each switch is bracketed by
//     __sanitizer_start_switch_fiber(&fake_stack, bottom, size) on the side that
//     leaves and __sanitizer_finish_switch_fiber(fake_stack, ...) on the side
//     that resumes; a fiber's first entry finishes with a null fake stack.
//   - ThreadSanitizer keeps a shadow call stack and a vector clock per thread;
//     each fiber gets its own (__tsan_create_fiber), the switch is announced
//     just before it happens (__tsan_switch_to_fiber, synchronising: the items
//     of a group run one after the other, so everything an item did before
//     passing control happens before what the next one does), and the fiber is
//     destroyed with its stack (__tsan_destroy_fiber).
// Without a sanitizer every helper is empty and the release build is unchanged.
#include <cstddef>
#include <weft/sanitizer.hpp>

#if defined(WEFT_ASAN)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#if defined(WEFT_TSAN)
#include <sanitizer/tsan_interface.h>
#endif

namespace weft::cpu::detail::san {

// ---- AddressSanitizer ------------------------------------------------------------

// Where a context's stack lies (the region the fiber's stack pointer moves in).
struct stack_bounds {
  const void* bottom = nullptr;
  std::size_t size = 0;
};

#if defined(WEFT_ASAN)
// Before leaving the current context for one running on `to`. `fake_stack`
// lives in the leaving context's frame and is passed to finish() when it resumes.
inline void start_switch(void** fake_stack, stack_bounds to) noexcept {
  __sanitizer_start_switch_fiber(fake_stack, to.bottom, to.size);
}
// Right after a context resumed (fake_stack: what its start_switch() stored;
// null on a fiber's first entry); returns the stack it was resumed from.
inline stack_bounds finish_switch(void* fake_stack) noexcept {
  stack_bounds from;
  __sanitizer_finish_switch_fiber(fake_stack, &from.bottom, &from.size);
  return from;
}
// A fiber stack about to be unmapped or reused from its top again: frames left
// on it must not leave their poison behind for whatever is mapped there next.
inline void forget_stack(void* bottom, std::size_t size) noexcept { __asan_unpoison_memory_region(bottom, size); }
#else
inline void start_switch(void**, stack_bounds) noexcept {}
inline stack_bounds finish_switch(void*) noexcept { return {}; }
inline void forget_stack(void*, std::size_t) noexcept {}
#endif

// ---- ThreadSanitizer -------------------------------------------------------------

#if defined(WEFT_TSAN)
using tsan_fiber = void*;
inline tsan_fiber current_fiber() noexcept { return __tsan_get_current_fiber(); }
inline tsan_fiber create_fiber() noexcept { return __tsan_create_fiber(0); }
inline void destroy_fiber(tsan_fiber& f) noexcept {
  if (f) __tsan_destroy_fiber(f);
  f = nullptr;
}
// Immediately before the jump: nothing instrumented may run in between.
inline void switch_to_fiber(tsan_fiber f) noexcept { __tsan_switch_to_fiber(f, 0); }
#else
struct tsan_fiber {};
inline tsan_fiber current_fiber() noexcept { return {}; }
inline tsan_fiber create_fiber() noexcept { return {}; }
inline void destroy_fiber(tsan_fiber&) noexcept {}
inline void switch_to_fiber(tsan_fiber) noexcept {}
#endif

}  // namespace weft::cpu::detail::san
