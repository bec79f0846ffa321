#pragma once
// Kernel interface: group collectives. The SYCL group functions and algorithms
// (sycl/group_functions.hpp, sycl/group_algorithm.hpp) are written once and call
// these; each target defines them for both scopes (CPU: lane buffers and xsimd,
// weft/target/cpu/collectives.hpp; GPU: shuffles and shared memory,
// weft/target/gpu/collectives.hpp). Every item of the scope calls the same
// operation with the same uniform arguments.
//
// For Scope in {sub_group_scope, work_group_scope}, a target defines:
//   T    broadcast(const Scope&, T x, std::size_t src)      x of item src
//   T    select(const Scope&, T x, std::size_t src)         x of item src (own x if src is outside)
//   T    shift_left(const Scope&, T x, std::size_t delta)   x of item id + delta (own x if outside)
//   T    shift_right(const Scope&, T x, std::size_t delta)  x of item id - delta (own x if outside)
//   T    permute_xor(const Scope&, T x, std::size_t mask)   x of item id ^ mask (own x if outside)
//   bool any(const Scope&, bool), all(...), none(...)
//   T    reduce(const Scope&, T x, Op op)                   x0 op x1 op ... in id order
//   T    exclusive_scan(const Scope&, T x, Op op, T init)
//   T    inclusive_scan(const Scope&, T x, Op op, const T* init)   init may be null
//   R    uniform<R>(const Scope&, Compute compute)           compute() only reads memory;
//                                                            every item returns its value
//   void joint_scan<Inclusive>(const Scope&, In first, In last, Out result, const T* init, Op op)
//   T    reduce_range(const T* first, std::size_t n, Op op)  n > 0, in order, by one item
// and, for the scoped group algorithms over private memory on targets that run a
// scoped group on one thread:
//   V    fold_range(const T* p, std::size_t n, V acc, Op& op)  acc op p[0] op ... op p[n-1]
#include <cstddef>
#include <type_traits>
#include <weft/kernel/target.hpp>

namespace weft::kernel {

// A sub-group: n lanes; the calling item is `lane`; the sub-group's first item has
// local linear id `first` in a work group of work_group_size items; sub-groups have
// `size` lanes but the last, which may have fewer.
struct sub_group_scope {
  std::size_t first;
  std::size_t lane;
  std::size_t n;
  std::size_t work_group_size;
  std::size_t size;
};

// A work group of `size` items; the calling item has local linear id `id`.
struct work_group_scope {
  std::size_t id;
  std::size_t size;
};

template <class Scope>
inline constexpr bool is_scope_v = std::is_same_v<Scope, sub_group_scope> || std::is_same_v<Scope, work_group_scope>;

}  // namespace weft::kernel

#include <weft/target/cpu/collectives.hpp>
#if WEFT_GPU_TRANSLATION_UNIT
#include <weft/target/gpu/collectives.hpp>
#endif
