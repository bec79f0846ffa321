#pragma once
// Annotations for the sanitizer builds (presets asan and tsan), a leaf header
// any layer may include. Without a sanitizer every helper is an empty inline
// function, so release code is unchanged.
//
// ThreadSanitizer: Debian's libtbb.so is not instrumented, so TSan cannot see
// that handing a task to a oneTBB worker orders the submitter's writes before
// the task's reads. Weft says so itself at each hand-over point:
// tsan_release(token) before handing work to oneTBB, tsan_acquire(token) when
// the work starts (and the reverse when it ends). The hand-over objects are
// trivially copyable so that oneTBB's own (uninstrumented, see
// tests/tsan-ignorelist.txt) copies are invisible to TSan.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define WEFT_TSAN 1
#endif
#if __has_feature(address_sanitizer)
#define WEFT_ASAN 1
#endif
#endif
#if !defined(WEFT_TSAN) && defined(__SANITIZE_THREAD__)
#define WEFT_TSAN 1
#endif
#if !defined(WEFT_ASAN) && defined(__SANITIZE_ADDRESS__)
#define WEFT_ASAN 1
#endif

#if defined(WEFT_TSAN)
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace weft::detail {

#if defined(WEFT_TSAN)
inline void tsan_acquire(const void* token) { __tsan_acquire(const_cast<void*>(token)); }
inline void tsan_release(const void* token) { __tsan_release(const_cast<void*>(token)); }
#else
inline void tsan_acquire(const void*) {}
inline void tsan_release(const void*) {}
#endif

// A fork-join hand-over (a oneTBB algorithm whose tasks run on other threads)
// uses two tokens: tasks acquire `fork` when they start and release `join` when
// they end; the caller releases `fork` before and acquires `join` after. Tasks
// of one algorithm are thus not ordered with each other, so TSan still sees
// races between work items.
inline const void* tsan_join_token(const void* fork) { return static_cast<const char*>(fork) + 1; }

// A scope that calls Enter(fork) on entry and Leave(join token) on exit (also
// when left by exception).
template <void (*Enter)(const void*), void (*Leave)(const void*)>
struct tsan_hand_over_scope {
  const void* fork;
  explicit tsan_hand_over_scope(const void* f) : fork(f) { Enter(fork); }
  ~tsan_hand_over_scope() { Leave(tsan_join_token(fork)); }
  tsan_hand_over_scope(const tsan_hand_over_scope&) = delete;
  tsan_hand_over_scope& operator=(const tsan_hand_over_scope&) = delete;
};
// Wraps the body of one task.
using tsan_task_scope = tsan_hand_over_scope<tsan_acquire, tsan_release>;
// Wraps the oneTBB algorithm call.
using tsan_fork_join_scope = tsan_hand_over_scope<tsan_release, tsan_acquire>;

}  // namespace weft::detail
