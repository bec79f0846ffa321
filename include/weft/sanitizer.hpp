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

#include <type_traits>
#include <utility>

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

// The address of the first argument: a token for a task whose first use of
// the caller's variables is a whole parameter pack (using the pack, in order,
// keeps the lambda's captures in the same order, so its layout is unchanged).
template <class T, class... Rest>
inline const void* tsan_first_address(const T& first, const Rest&...) {
  return &first;
}

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

// oneTBB's functional parallel_reduce copies the value type (the partial
// results) itself: the identity into each split body, a body's result into the
// body, the left value into the combiner's parameter, the root value out as the
// result. Those copies run in oneTBB's header functions but call the value's
// own (instrumented) copy constructor and assignment, on whichever thread
// oneTBB picked, so TSan would see unordered accesses to one value object from
// several threads. `tsan_reduce_value_t<T>` is T itself in every other build;
// under TSan it is a T whose every constructor and assignment brackets its
// accesses with an acquire and a release of each object's address (the value
// written and the value read), which is what oneTBB's scheduling guarantees:
// the accesses to one value object never overlap. Memory oneTBB reuses for a
// later body (its task pool is not seen by TSan) is covered the same way: the
// new object acquires what the last one at that address released. A combiner
// that reads the right-hand value by reference says so with
// tsan_value_read_scope.
#if defined(WEFT_TSAN)
template <class T>
struct tsan_reduce_value : T {
  template <class... A,
            std::enable_if_t<std::is_constructible_v<T, A&&...> &&
                                 !(sizeof...(A) == 1 && (std::is_same_v<std::decay_t<A>, tsan_reduce_value> && ...)),
                             int> = 0>
  tsan_reduce_value(A&&... a) : T((tsan_acquire(this), T(std::forward<A>(a)...))) {
    tsan_release(this);
  }
  tsan_reduce_value(const tsan_reduce_value& o)
      : T((tsan_acquire(this), tsan_acquire(&o), T(static_cast<const T&>(o)))) {
    tsan_release(&o);
    tsan_release(this);
  }
  tsan_reduce_value(tsan_reduce_value&& o) noexcept(std::is_nothrow_move_constructible_v<T>)
      : T((tsan_acquire(this), tsan_acquire(&o), T(static_cast<T&&>(o)))) {
    tsan_release(&o);
    tsan_release(this);
  }
  tsan_reduce_value& operator=(const tsan_reduce_value& o) {
    tsan_acquire(this);
    tsan_acquire(&o);
    T::operator=(static_cast<const T&>(o));
    tsan_release(&o);
    tsan_release(this);
    return *this;
  }
  tsan_reduce_value& operator=(tsan_reduce_value&& o) noexcept(std::is_nothrow_move_assignable_v<T>) {
    tsan_acquire(this);
    tsan_acquire(&o);
    T::operator=(static_cast<T&&>(o));
    tsan_release(&o);
    tsan_release(this);
    return *this;
  }
};
template <class T>
using tsan_reduce_value_t = tsan_reduce_value<T>;
#else
template <class T>
using tsan_reduce_value_t = T;
#endif

// Brackets reads of a value object that is not copied (a combiner's
// right-hand side, taken by reference) like tsan_reduce_value's own copies.
struct tsan_value_read_scope {
  const void* value;
  explicit tsan_value_read_scope(const void* v) : value(v) { tsan_acquire(value); }
  ~tsan_value_read_scope() { tsan_release(value); }
  tsan_value_read_scope(const tsan_value_read_scope&) = delete;
  tsan_value_read_scope& operator=(const tsan_value_read_scope&) = delete;
};

}  // namespace weft::detail
