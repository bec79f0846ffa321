#pragma once
// The CPU target's group collectives (the kernel interface of weft/kernel/collectives.hpp).
// Each work item writes its value into its lane slot of the work group's scratch; one
// item runs the lane operation (weft/target/cpu/lanes/) over the whole lane buffer and
// writes an output buffer; after the barrier each item reads its own output slot.
//
// Scratch layout (weft::kernel::group_scratch(), >= 384 bytes per work item): two sets,
// the work group's and the sub-groups', each
//   [aux: 4 bytes per item, rounded to 64][in: 64 bytes per item][out: 64 bytes per item]
// The lane buffer of a sub-group is the run of `in` slots of its items (consecutive
// local linear ids) in the sub-groups' set. The sets are apart because on fibers one
// sub-group runs its sub-group collectives while the others wait at a work-group
// barrier, their values or results in the work group's set (of another element type,
// so at other bytes). Input and output are separate so that a fast item starting its
// next collective cannot overwrite a result another item has not read yet. A result
// the same for every item is written once, to the scope's first output slot.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <weft/config.hpp>
#include <iterator>
#include <weft/kernel/collectives.hpp>
#include <weft/kernel/sync.hpp>
#include <weft/runtime/export.hpp>
#include <weft/target/cpu/barrier_split.hpp>
#include <weft/target/cpu/lanes.hpp>
#include <weft/target/cpu/local_memory.hpp>
#include <weft/target/cpu/range_fold.hpp>

namespace weft::kernel {

// Per-work-group scratch of the running group (64-byte aligned, >= 384 bytes per item),
// provided by the nd_range engine.
WEFT_API void* group_scratch();

namespace detail {

inline constexpr std::size_t max_lane_bytes = 64;

struct lane_buffers {
  std::uint32_t* aux;
  unsigned char* in;
  unsigned char* out;
};

inline lane_buffers buffers(std::size_t work_group_size, bool sub_groups) {
  auto* base = reinterpret_cast<unsigned char*>(group_scratch_base);  // (= group_scratch(), without the call)
  const std::size_t aux_bytes = (4 * work_group_size + 63) & ~std::size_t{63};
  if (sub_groups) base += aux_bytes + 2 * max_lane_bytes * work_group_size;
  return {reinterpret_cast<std::uint32_t*>(base), base + aux_bytes,
          base + aux_bytes + max_lane_bytes * work_group_size};
}

// Where a sub-group's slots start in a lane buffer: max_lane_bytes per item before its
// first item, whatever the type, so that the sub-groups' slots stay apart when one
// collective's values are wider than the previous one's (a u32 scan's output over a
// sub-group of 32 would otherwise cover the next sub-group's bool vote).
inline unsigned char* scope_slots(unsigned char* buffer, std::size_t first) { return buffer + first * max_lane_bytes; }

template <class T>
constexpr void check_lane_type() {
  static_assert(std::is_trivially_copyable_v<T>, "group collectives need a trivially copyable type");
  static_assert(sizeof(T) <= max_lane_bytes, "group collectives support values of at most 64 bytes");
}

}  // namespace detail

namespace detail {
// A scope of one item: the collective is its own lane operation, with no
// scratch and no barrier (a barrier of one item returns at once anyway).
template <class R, class T, class Compute>
R alone(const T& x, std::uint32_t aux, Compute& compute) {
  R r;
  compute(&x, static_cast<const std::uint32_t*>(&aux), &r, std::size_t{1});
  return r;
}
}  // namespace detail

// Runs a sub-group collective. compute(const T* in, const uint32_t* aux, R* out, n)
// runs once, on the sub-group's last lane (the engine lets lanes arrive at a
// sub-group barrier in increasing id order, so every other lane has written).
// Each lane pays one switch (its barrier) and its two copies; the last lane
// also runs the lane operation. A sub-group of one lane (the last of a group
// whose size is not a multiple of the sub-group size) takes the same path: its
// barrier returns at once, and every sub-group reaches the same barriers, which
// lets the pass plugin split the kernel there (barrier_split.hpp).
//
// Alike: the result is the same for every item of the scope (a broadcast, a vote, a
// reduction): the lane operation writes it once, to the scope's first output slot,
// and every item reads it there. (Filling every lane's slot was a loop inside the
// last item's pass, which kept a split region's item loop from being vectorized.)
template <class R, bool Alike = false, class T, class Compute>
R collective(const sub_group_scope& p, const T& x, std::uint32_t aux, Compute&& compute) {
  detail::check_lane_type<T>();
  detail::check_lane_type<R>();
  const detail::lane_buffers b = detail::buffers(p.work_group_size, true);
  T* in = reinterpret_cast<T*>(detail::scope_slots(b.in, p.first));
  R* out = reinterpret_cast<R*>(detail::scope_slots(b.out, p.first));
  std::memcpy(static_cast<void*>(in + p.lane), &x, sizeof(T));
  b.aux[p.first + p.lane] = aux;
  if (p.lane + 1 == p.n)
    compute(static_cast<const T*>(in), static_cast<const std::uint32_t*>(b.aux + p.first), out, p.n);
  sub_group_barrier();
  R r;
  std::memcpy(static_cast<void*>(&r), out + (Alike ? 0 : p.lane), sizeof(R));
  return r;
}

// Runs a work-group collective the same way: every item writes, the last item
// computes, barrier, every item reads. Items reach a work-group barrier in
// increasing local id order too (the engine reports any other order as
// divergence), so one barrier suffices: when the last item arrives every
// other item has written, and every item reads its result before it reaches
// the group's next barrier, hence before the next collective's last item
// overwrites `out`.
template <class R, bool Alike = false, class T, class Compute>
R collective(const work_group_scope& s, const T& x, std::uint32_t aux, Compute&& compute) {
  const std::size_t local_linear_id = s.id, work_group_size = s.size;
  detail::check_lane_type<T>();
  detail::check_lane_type<R>();
  if (work_group_size == 1) return detail::alone<R>(x, aux, compute);
  const detail::lane_buffers b = detail::buffers(work_group_size, false);
  T* in = reinterpret_cast<T*>(b.in);
  R* out = reinterpret_cast<R*>(b.out);
  std::memcpy(static_cast<void*>(in + local_linear_id), &x, sizeof(T));
  b.aux[local_linear_id] = aux;
  if (local_linear_id + 1 == work_group_size)
    compute(static_cast<const T*>(in), static_cast<const std::uint32_t*>(b.aux), out, work_group_size);
  work_group_barrier();
  R r;
  std::memcpy(static_cast<void*>(&r), out + (Alike ? 0 : local_linear_id), sizeof(R));
  return r;
}

// ---- the exchanges in split form ---------------------------------------------------

namespace detail {
// True in the code the pass plugin splits at its barriers (barrier_split.hpp), where
// each barrier ends a loop over the group's items; false on fibers and without the plugin.
inline bool split_form() {
#if WEFT_PLUGIN_SPLIT
  return weft_split_form();
#else
  return false;
#endif
}

// In split form an exchange (each item's result is one item's value) needs no lane
// operation: every item writes its value, and after the barrier reads its source's
// slot, source(lane, n). The barrier before the write keeps an item from overwriting
// a value of the previous exchange that a later item has not read yet. Both region
// loops are then plain loads and stores, which vectorize across items. The slots are
// the scope's outputs: an item's next collective of the other kind writes its input
// (and its scope's last item the outputs, after every item of the scope has read).
// On fibers the second barrier would cost a switch per item, so fibers keep the lane
// operation (collective).
template <bool SubGroup, class T, class Source>
T exchange_slots(T* slots, std::size_t lane, std::size_t n, const T& x, Source source) {
  check_lane_type<T>();
  auto barrier = [] { SubGroup ? sub_group_barrier() : work_group_barrier(); };
  barrier();
  std::memcpy(static_cast<void*>(slots + lane), &x, sizeof(T));
  barrier();
  T r;
  std::memcpy(static_cast<void*>(&r), slots + source(lane, n), sizeof(T));
  return r;
}
}  // namespace detail
template <class T, class Source>
T exchange(const sub_group_scope& p, const T& x, Source source) {
  unsigned char* out = detail::buffers(p.work_group_size, true).out;
  // A work group of one sub-group: its first item is item 0 for every item, which
  // lets a broadcast's loop read one slot for all items (a test the same for every
  // item, which the region loop is unswitched on).
  if (p.work_group_size <= p.size)
    return detail::exchange_slots<true>(reinterpret_cast<T*>(out), p.first + p.lane, p.work_group_size, x, source);
  return detail::exchange_slots<true>(reinterpret_cast<T*>(detail::scope_slots(out, p.first)), p.lane, p.n, x, source);
}
template <class T, class Source>
T exchange(const work_group_scope& s, const T& x, Source source) {
  T* slots = reinterpret_cast<T*>(detail::buffers(s.size, false).out);
  return detail::exchange_slots<false>(slots, s.id, s.size, x, source);
}

// ---- the operations of weft/kernel/collectives.hpp ----------------------------------

// The exchanges: every lane's result is one lane's value (the lane operation's output
// for it; in split form, that lane's slot).
template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
T shift_left(const Scope& s, const T& x, std::size_t delta) {
  if (detail::split_form())
    return exchange(s, x, [delta](std::size_t i, std::size_t n) { return delta < n - i ? i + delta : i; });
  return collective<T>(s, x, 0, [delta](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    weft::cpu::lanes::shift_left(in, n, delta, out);
  });
}

template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
T shift_right(const Scope& s, const T& x, std::size_t delta) {
  if (detail::split_form())
    return exchange(s, x, [delta](std::size_t i, std::size_t) { return i >= delta ? i - delta : i; });
  return collective<T>(s, x, 0, [delta](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    weft::cpu::lanes::shift_right(in, n, delta, out);
  });
}

template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
T permute_xor(const Scope& s, const T& x, std::size_t mask) {
  if (detail::split_form())
    return exchange(s, x, [mask](std::size_t i, std::size_t n) { return (i ^ mask) < n ? i ^ mask : i; });
  return collective<T>(s, x, 0, [mask](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    weft::cpu::lanes::permute_xor(in, n, mask, out);
  });
}

template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
T broadcast(const Scope& s, const T& x, std::size_t src) {
  if (detail::split_form()) return exchange(s, x, [src](std::size_t, std::size_t n) { return src < n ? src : 0; });
  return collective<T, true>(s, x, 0, [src](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    *out = in[src < n ? src : 0];  // (as weft::cpu::lanes::broadcast)
  });
}

// select: each lane names its own source (in the aux words).
template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
T select(const Scope& s, const T& x, std::size_t src) {
  if (detail::split_form()) {
    const std::size_t j = static_cast<std::uint32_t>(src);  // (as the aux word holds it)
    return exchange(s, x, [j](std::size_t i, std::size_t n) { return j < n ? j : i; });
  }
  return collective<T>(
      s, x, static_cast<std::uint32_t>(src),
      [](const T* in, const std::uint32_t* idx, T* out, std::size_t n) { weft::cpu::lanes::select(in, idx, n, out); });
}

#define WEFT_CPU_VOTE(name)                                                                                        \
  template <class Scope, class = std::enable_if_t<is_scope_v<Scope>>>                                              \
  bool name(const Scope& s, bool pred) {                                                                           \
    return collective<bool, true>(s, pred, 0, [](const bool* in, const std::uint32_t*, bool* out, std::size_t n) { \
      *out = weft::cpu::lanes::name(in, n);                                                                        \
    });                                                                                                            \
  }
WEFT_CPU_VOTE(any)
WEFT_CPU_VOTE(all)
WEFT_CPU_VOTE(none)
#undef WEFT_CPU_VOTE

template <class Scope, class T, class Op, class = std::enable_if_t<is_scope_v<Scope>>>
T reduce(const Scope& s, const T& x, Op op) {
  return collective<T, true>(s, x, 0, [&](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    *out = weft::cpu::lanes::reduce(in, n, op);
  });
}

template <class Scope, class T, class Op, class = std::enable_if_t<is_scope_v<Scope>>>
T exclusive_scan(const Scope& s, const T& x, Op op, const T& init) {
  return collective<T>(s, x, 0, [&](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    weft::cpu::lanes::exclusive_scan(in, n, out, op, init);
  });
}

template <class Scope, class T, class Op, class = std::enable_if_t<is_scope_v<Scope>>>
T inclusive_scan(const Scope& s, const T& x, Op op, const T* init) {
  return collective<T>(s, x, 0, [&](const T* in, const std::uint32_t*, T* out, std::size_t n) {
    if (init) weft::cpu::lanes::inclusive_scan(in, n, out, op, *init);
    else weft::cpu::lanes::inclusive_scan(in, n, out, op);
  });
}

// One item computes a value every item returns: a work group's items share one core,
// so splitting the work would only add a combine step.
template <class R, class Scope, class Compute, class = std::enable_if_t<is_scope_v<Scope>>>
R uniform(const Scope& s, Compute&& compute) {
  return collective<R, true>(s, char{0}, 0,
                             [&](const char*, const std::uint32_t*, R* out, std::size_t) { *out = compute(); });
}

template <class T, class Op>
T reduce_range(const T* first, std::size_t n, Op op) {
  return weft::cpu::lanes::reduce(first, n, op);
}

namespace detail {
template <class Ptr>
using ptr_value_t = std::remove_cv_t<typename std::iterator_traits<Ptr>::value_type>;

// result[i] = init op first[0] op ... (inclusive) or ... op first[i - 1] (exclusive).
template <bool Inclusive, class InPtr, class OutPtr, class T, class Op>
void scan_range(InPtr first, InPtr last, OutPtr result, const T* init, Op op) {
  const std::size_t n = static_cast<std::size_t>(std::distance(first, last));
  if (n == 0) return;
  using V = ptr_value_t<InPtr>;
  using R = ptr_value_t<OutPtr>;
  if constexpr (std::is_pointer_v<InPtr> && std::is_pointer_v<OutPtr> && std::is_same_v<V, T> && std::is_same_v<R, T>) {
    const T* in = first;
    T* out = result;
    const bool overlap = out < in + n && in < out + n;
    if (!overlap) {
      if constexpr (Inclusive) {
        if (init) weft::cpu::lanes::inclusive_scan(in, n, out, op, *init);
        else weft::cpu::lanes::inclusive_scan(in, n, out, op);
      } else {
        weft::cpu::lanes::exclusive_scan(in, n, out, op, *init);
      }
      return;
    }
  }
  // In place, or other pointer types: sequential, reading each element before writing it.
  if constexpr (Inclusive) {
    T acc = init ? static_cast<T>(op(*init, static_cast<T>(*first))) : static_cast<T>(*first);
    *result = acc;
    InPtr p = first;
    OutPtr q = result;
    for (++p, ++q; p != last; ++p, ++q) *q = acc = static_cast<T>(op(acc, static_cast<T>(*p)));
  } else {
    T acc = *init;
    OutPtr q = result;
    for (InPtr p = first; p != last; ++p, ++q) {
      const T v = static_cast<T>(*p);
      *q = acc;
      acc = static_cast<T>(op(acc, v));
    }
  }
}
}  // namespace detail

// The whole range is scanned by one item; the group synchronises once.
template <bool Inclusive, class Scope, class InPtr, class OutPtr, class T, class Op,
          class = std::enable_if_t<is_scope_v<Scope>>>
void joint_scan(const Scope& s, InPtr first, InPtr last, OutPtr result, const T* init, Op op) {
  uniform<bool>(s, [&] {
    detail::scan_range<Inclusive>(first, last, result, init, op);
    return true;
  });
}

}  // namespace weft::kernel
