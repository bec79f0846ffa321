#pragma once
// Kernel interface, CUDA target: SYCL's group functions and algorithms
// (sycl/group_functions.hpp, sycl/group_algorithm.hpp) as __device__
// overloads with the same signatures. clang picks the CPU (lane buffer)
// versions in the host pass and these in the device pass.
//
// sub_group = warp: shuffles and votes over the sub-group's lanes (a partial
// last warp uses only its lanes). group = block: warp results combined
// through a few words of static shared memory and __syncthreads. As on the CPU
// (weft/target/cpu/lanes/shuffle.hpp), an item whose select/shift/permute source lies
// outside its group keeps its own value.
#if !defined(__CUDA__)
#error "weft/target/cuda/group_functions.hpp is for translation units compiled as CUDA"
#endif
#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <sycl/group_algorithm.hpp>
#include <sycl/group_functions.hpp>
#include <weft/target/cuda/sync.hpp>

namespace weft::kernel::cuda {

enum class shfl { idx, up, down, bfly };

// Shuffles any trivially copyable value, 32 bits at a time.
template <shfl Kind, class T>
__device__ inline T shuffle(std::uint32_t mask, const T& x, std::uint32_t arg) {
  static_assert(std::is_trivially_copyable_v<T>, "group functions need a trivially copyable type");
  constexpr std::size_t words = (sizeof(T) + 3) / 4;
  std::uint32_t w[words] = {};
  std::memcpy(w, &x, sizeof(T));
#pragma unroll
  for (std::size_t i = 0; i < words; ++i) {
    if constexpr (Kind == shfl::idx) w[i] = __shfl_sync(mask, w[i], static_cast<int>(arg));
    else if constexpr (Kind == shfl::up) w[i] = __shfl_up_sync(mask, w[i], arg);
    else if constexpr (Kind == shfl::down) w[i] = __shfl_down_sync(mask, w[i], arg);
    else w[i] = __shfl_xor_sync(mask, w[i], static_cast<int>(arg));
  }
  T r;
  std::memcpy(static_cast<void*>(&r), w, sizeof(T));
  return r;
}

// The calling lane's sub-group: its lane, its lane count and their mask.
struct warp_view {
  std::uint32_t lane, n, mask;
};
__device__ inline warp_view this_warp() {
  const std::uint32_t lid = block_linear_id();
  const std::uint32_t first = lid & ~31u;
  const std::uint32_t left = block_size() - first;
  const std::uint32_t n = left < 32 ? left : 32;
  return {lid & 31u, n, n == 32 ? 0xffffffffu : ((1u << n) - 1u)};
}

// Ordered reduction over the warp's n lanes: lane 0 ends with x0 op x1 op ... (then broadcast).
template <class T, class Op>
__device__ inline T warp_reduce(const warp_view& w, T x, Op op) {
#pragma unroll
  for (std::uint32_t o = 1; o < 32; o <<= 1) {
    const T y = shuffle<shfl::down>(w.mask, x, o);
    if ((w.lane & (2 * o - 1)) == 0 && w.lane + o < w.n) x = static_cast<T>(op(x, y));
  }
  return shuffle<shfl::idx>(w.mask, x, 0);
}

// Inclusive scan over the warp's lanes (Hillis-Steele with shuffles).
template <class T, class Op>
__device__ inline T warp_inclusive_scan(const warp_view& w, T x, Op op) {
#pragma unroll
  for (std::uint32_t o = 1; o < 32; o <<= 1) {
    const T y = shuffle<shfl::up>(w.mask, x, o);
    if (w.lane >= o) x = static_cast<T>(op(y, x));
  }
  return x;
}

// Static shared words for work-group collectives of T: one slot per warp and a result slot.
template <class T>
__device__ inline T* group_slots() {
  __shared__ __align__(16) unsigned char raw[33 * ((sizeof(T) + 15) / 16 * 16)];
  return reinterpret_cast<T*>(raw);
}
// One slot per work item (for select/shift/permute over a whole work group).
template <class T>
__device__ inline T* item_slots() {
  static_assert(sizeof(T) <= 16, "work-group select/shift/permute on the CUDA target support types up to 16 bytes");
  __shared__ __align__(16) unsigned char raw[1024 * sizeof(T)];
  return reinterpret_cast<T*>(raw);
}

template <class T, class Op>
__device__ inline T block_reduce(T x, Op op) {
  const warp_view w = this_warp();
  const std::uint32_t warp = block_linear_id() / 32, warps = (block_size() + 31) / 32;
  T* slots = group_slots<T>();
  x = warp_reduce(w, x, op);
  if (warps == 1) return x;
  if (w.lane == 0) std::memcpy(static_cast<void*>(slots + warp), &x, sizeof(T));
  __syncthreads();
  if (warp == 0) {
    const warp_view w0{w.lane, warps, warps == 32 ? 0xffffffffu : ((1u << warps) - 1u)};
    if (w.lane < warps) {
      T v = slots[w.lane];
      v = warp_reduce(w0, v, op);
      if (w.lane == 0) std::memcpy(static_cast<void*>(slots + 32), &v, sizeof(T));
    }
  }
  __syncthreads();
  return slots[32];
}

// Inclusive scan over the block; `prefix_out` gets the exclusive prefix of the calling
// item's warp (valid when has_prefix), `up` the inclusive value of the previous lane.
template <class T, class Op>
__device__ inline T block_scan(T x, Op op, T* up, bool* first_of_group, const T* init) {
  const warp_view w = this_warp();
  const std::uint32_t warp = block_linear_id() / 32, warps = (block_size() + 31) / 32;
  T incl = warp_inclusive_scan(w, x, op);
  T prev = shuffle<shfl::up>(w.mask, incl, 1);
  T prefix{};
  bool has_prefix = false;
  if (warps > 1) {
    T* slots = group_slots<T>();
    if (w.lane == w.n - 1) std::memcpy(static_cast<void*>(slots + warp), &incl, sizeof(T));
    __syncthreads();
    if (warp == 0 && w.lane < warps) {
      const warp_view w0{w.lane, warps, warps == 32 ? 0xffffffffu : ((1u << warps) - 1u)};
      T t = slots[w.lane];
      t = warp_inclusive_scan(w0, t, op);
      slots[w.lane] = t;
    }
    __syncthreads();
    if (warp > 0) {
      prefix = slots[warp - 1];
      has_prefix = true;
    }
    __syncthreads();  // the slots are reused by the next collective
  }
  // Inclusive value of this item and of the previous item, with init and the warp prefix.
  auto combine = [&](const T& v) -> T {
    T r = has_prefix ? static_cast<T>(op(prefix, v)) : v;
    return init ? static_cast<T>(op(*init, r)) : r;
  };
  *first_of_group = (warp == 0 && w.lane == 0);
  if (w.lane == 0) *up = has_prefix ? (init ? static_cast<T>(op(*init, prefix)) : prefix) : (init ? *init : T{});
  else *up = combine(prev);
  return combine(incl);
}

template <class T>
__device__ inline T block_exchange(T x, std::uint32_t src) {
  T* slots = item_slots<T>();
  std::memcpy(static_cast<void*>(slots + block_linear_id()), &x, sizeof(T));
  __syncthreads();
  T r = src < block_size() ? slots[src] : x;  // a source outside the group: the item keeps its value
  __syncthreads();
  return r;
}

template <class Group>
inline constexpr bool is_sub_group_v = std::is_same_v<std::decay_t<Group>, ::weft::sycl::sub_group>;

template <class Group>
__device__ inline void group_sync() {
  if constexpr (is_sub_group_v<Group>) __syncwarp(this_warp().mask);
  else __syncthreads();
}

}  // namespace weft::kernel::cuda

namespace weft::sycl {

// --- group functions (section 4.17.3) ------------------------------------------
template <typename Group, typename T>
__device__ detail::enable_group_t<Group, T> group_broadcast(Group g, T x, typename Group::linear_id_type local_linear_id) {
  namespace k = weft::kernel::cuda;
  if constexpr (k::is_sub_group_v<Group>) {
    return k::shuffle<k::shfl::idx>(k::this_warp().mask, x, static_cast<std::uint32_t>(local_linear_id));
  } else {
    T* slot = k::group_slots<T>() + 32;
    if (g.get_local_linear_id() == local_linear_id) std::memcpy(static_cast<void*>(slot), &x, sizeof(T));
    __syncthreads();
    T r = *slot;
    __syncthreads();
    return r;
  }
}
template <typename Group, typename T>
__device__ detail::enable_group_t<Group, T> group_broadcast(Group g, T x) {
  return group_broadcast(g, x, typename Group::linear_id_type{0});
}
template <typename Group, typename T>
__device__ detail::enable_group_t<Group, T> group_broadcast(Group g, T x, typename Group::id_type local_id) {
  return group_broadcast(g, x, static_cast<typename Group::linear_id_type>(detail::linear_local(g, local_id)));
}

template <typename Group, typename T>
__device__ detail::enable_group_t<Group, T> select_from_group(Group g, T x, typename Group::id_type remote_local_id) {
  namespace k = weft::kernel::cuda;
  const auto src = static_cast<std::uint32_t>(detail::linear_local(g, remote_local_id));
  if constexpr (k::is_sub_group_v<Group>) {
    const k::warp_view w = k::this_warp();
    return k::shuffle<k::shfl::idx>(w.mask, x, src < w.n ? src : w.lane);
  } else {
    return k::block_exchange(x, src);
  }
}

template <typename Group, typename T>
__device__ detail::enable_group_t<Group, T> shift_group_left(Group g, T x, typename Group::linear_id_type delta = 1) {
  namespace k = weft::kernel::cuda;
  if constexpr (k::is_sub_group_v<Group>) {
    // A partial last warp has no lanes past n: their values are undefined, so such a lane keeps its own.
    const k::warp_view w = k::this_warp();
    const T r = k::shuffle<k::shfl::down>(w.mask, x, static_cast<std::uint32_t>(delta));
    return w.lane + static_cast<std::uint32_t>(delta) < w.n ? r : x;
  } else {
    return k::block_exchange(x, static_cast<std::uint32_t>(g.get_local_linear_id() + delta));
  }
}

template <typename Group, typename T>
__device__ detail::enable_group_t<Group, T> shift_group_right(Group g, T x, typename Group::linear_id_type delta = 1) {
  namespace k = weft::kernel::cuda;
  if constexpr (k::is_sub_group_v<Group>) return k::shuffle<k::shfl::up>(k::this_warp().mask, x, static_cast<std::uint32_t>(delta));
  else return k::block_exchange(x, static_cast<std::uint32_t>(g.get_local_linear_id() - delta));
}

template <typename Group, typename T>
__device__ detail::enable_group_t<Group, T> permute_group_by_xor(Group g, T x, typename Group::linear_id_type mask) {
  namespace k = weft::kernel::cuda;
  if constexpr (k::is_sub_group_v<Group>) {
    const k::warp_view w = k::this_warp();
    const std::uint32_t src = w.lane ^ static_cast<std::uint32_t>(mask);
    return k::shuffle<k::shfl::idx>(w.mask, x, src < w.n ? src : w.lane);
  } else {
    return k::block_exchange(x, static_cast<std::uint32_t>(g.get_local_linear_id() ^ mask));
  }
}

// --- votes (section 4.17.4.2) ---------------------------------------------------------
#define WEFT_CUDA_GROUP_VOTE(name, warp_vote, block_vote, negate)                               \
  template <typename Group>                                                                     \
  __device__ detail::enable_group_bool_t<Group> name(Group, bool pred) {                        \
    namespace k = weft::kernel::cuda;                                                           \
    if constexpr (k::is_sub_group_v<Group>) return negate(warp_vote(k::this_warp().mask, pred)); \
    else return negate(block_vote(pred));                                                       \
  }                                                                                             \
  template <typename Group, typename T, typename Predicate>                                     \
  __device__ detail::enable_group_bool_t<Group> name(Group g, T x, Predicate pred) {            \
    return name(g, static_cast<bool>(pred(x)));                                                 \
  }
#define WEFT_CUDA_KEEP(x) ((x) != 0)
#define WEFT_CUDA_NOT(x) ((x) == 0)
WEFT_CUDA_GROUP_VOTE(any_of_group, __any_sync, __syncthreads_or, WEFT_CUDA_KEEP)
WEFT_CUDA_GROUP_VOTE(all_of_group, __all_sync, __syncthreads_and, WEFT_CUDA_KEEP)
WEFT_CUDA_GROUP_VOTE(none_of_group, __any_sync, __syncthreads_or, WEFT_CUDA_NOT)
#undef WEFT_CUDA_GROUP_VOTE
#undef WEFT_CUDA_KEEP
#undef WEFT_CUDA_NOT

// --- reductions and scans (sections 4.17.4.3, 4.17.4.4) ------------------------------
template <typename Group, typename T, typename BinaryOperation>
__device__ detail::enable_group_arith_t<Group, T> reduce_over_group(Group, T x, BinaryOperation binary_op) {
  namespace k = weft::kernel::cuda;
  if constexpr (k::is_sub_group_v<Group>) return k::warp_reduce(k::this_warp(), x, binary_op);
  else return k::block_reduce(x, binary_op);
}
template <typename Group, typename V, typename T, typename BinaryOperation>
__device__ detail::enable_group_arith_t<Group, T> reduce_over_group(Group g, V x, T init, BinaryOperation binary_op) {
  return static_cast<T>(binary_op(init, reduce_over_group(g, static_cast<T>(x), binary_op)));
}

namespace detail::cuda_scan {
template <bool Inclusive, class Group, class T, class Op>
__device__ T scan(Group, T x, Op op, const T* init) {
  namespace k = weft::kernel::cuda;
  if constexpr (k::is_sub_group_v<Group>) {
    const k::warp_view w = k::this_warp();
    T incl = k::warp_inclusive_scan(w, x, op);
    if constexpr (Inclusive) {
      return init ? static_cast<T>(op(*init, incl)) : incl;
    } else {
      T prev = k::shuffle<k::shfl::up>(w.mask, incl, 1);
      if (w.lane == 0) return *init;
      return static_cast<T>(op(*init, prev));
    }
  } else {
    T up;
    bool first;
    T incl = k::block_scan(x, op, &up, &first, init);
    if constexpr (Inclusive) return incl;
    else return up;
  }
}
}  // namespace detail::cuda_scan

template <typename Group, typename V, typename T, typename BinaryOperation>
__device__ detail::enable_group_arith_t<Group, T> exclusive_scan_over_group(Group g, V x, T init, BinaryOperation binary_op) {
  return detail::cuda_scan::scan<false>(g, static_cast<T>(x), binary_op, &init);
}
template <typename Group, typename T, typename BinaryOperation>
__device__ detail::enable_group_arith_t<Group, T> exclusive_scan_over_group(Group g, T x, BinaryOperation binary_op) {
  detail::check_known_identity<T, BinaryOperation>();
  const T init = known_identity_v<BinaryOperation, T>;
  return detail::cuda_scan::scan<false>(g, x, binary_op, &init);
}
template <typename Group, typename V, typename BinaryOperation, typename T>
__device__ detail::enable_group_arith_t<Group, T> inclusive_scan_over_group(Group g, V x, BinaryOperation binary_op, T init) {
  return detail::cuda_scan::scan<true>(g, static_cast<T>(x), binary_op, &init);
}
template <typename Group, typename T, typename BinaryOperation>
__device__ detail::enable_group_arith_t<Group, T> inclusive_scan_over_group(Group g, T x, BinaryOperation binary_op) {
  return detail::cuda_scan::scan<true>(g, x, binary_op, static_cast<const T*>(nullptr));
}

// --- joint algorithms over a range: every item reads the range (no writes), then the group syncs.
template <typename Group, typename Ptr, typename Predicate>
__device__ detail::enable_group_bool_t<Group> joint_any_of(Group, Ptr first, Ptr last, Predicate pred) {
  bool r = false;
  for (Ptr p = first; p != last && !r; ++p) r = static_cast<bool>(pred(*p));
  weft::kernel::cuda::group_sync<Group>();
  return r;
}
template <typename Group, typename Ptr, typename Predicate>
__device__ detail::enable_group_bool_t<Group> joint_all_of(Group, Ptr first, Ptr last, Predicate pred) {
  bool r = true;
  for (Ptr p = first; p != last && r; ++p) r = static_cast<bool>(pred(*p));
  weft::kernel::cuda::group_sync<Group>();
  return r;
}
template <typename Group, typename Ptr, typename Predicate>
__device__ detail::enable_group_bool_t<Group> joint_none_of(Group g, Ptr first, Ptr last, Predicate pred) {
  return !joint_any_of(g, first, last, pred);
}
template <typename Group, typename Ptr, typename BinaryOperation>
__device__ std::enable_if_t<is_group_v<std::decay_t<Group>>, detail::ptr_value_t<Ptr>> joint_reduce(
    Group, Ptr first, Ptr last, BinaryOperation binary_op) {
  using T = detail::ptr_value_t<Ptr>;
  T acc{};
  if (first != last) {
    acc = *first;
    for (Ptr p = first + 1; p != last; ++p) acc = static_cast<T>(binary_op(acc, *p));
  }
  weft::kernel::cuda::group_sync<Group>();
  return acc;
}
template <typename Group, typename Ptr, typename T, typename BinaryOperation>
__device__ std::enable_if_t<is_group_v<std::decay_t<Group>>, T> joint_reduce(Group, Ptr first, Ptr last, T init,
                                                                              BinaryOperation binary_op) {
  T acc = init;
  for (Ptr p = first; p != last; ++p) acc = static_cast<T>(binary_op(acc, static_cast<T>(*p)));
  weft::kernel::cuda::group_sync<Group>();
  return acc;
}

// --- joint scans: the range is scanned in chunks of the group's size; in each chunk item i
// reads element base + i, the group scans the chunk (shuffles, or the block scan) starting
// from the carry of the chunks before, item i writes its result, and the chunk's last
// valid item hands the new carry to the group. Each item reads its element before any
// item writes the chunk, so an in-place scan (result == first) is fine.
namespace detail::cuda_scan {
template <bool Inclusive, class Group, class InPtr, class OutPtr, class T, class Op>
__device__ void joint(const Group& g, InPtr first, InPtr last, OutPtr result, const T* init, Op op) {
  namespace k = weft::kernel::cuda;
  const std::size_t n = static_cast<std::size_t>(last - first);
  const std::size_t lid = static_cast<std::size_t>(g.get_local_linear_id());
  const std::size_t size = static_cast<std::size_t>(g.get_local_linear_range());
  T carry = init ? *init : T{};
  bool has_carry = init != nullptr;
  for (std::size_t base = 0; base < n; base += size) {
    const std::size_t i = base + lid, valid = n - base < size ? n - base : size;
    // Items past the end scan a copy of the chunk's first element: a lane's result
    // depends only on the lanes before it, so their values reach no written result.
    const T x = static_cast<T>(*(first + (i < n ? i : base)));
    T incl, excl;
    if constexpr (k::is_sub_group_v<Group>) {
      const k::warp_view w = k::this_warp();
      const T s = k::warp_inclusive_scan(w, x, op);
      const T prev = k::shuffle<k::shfl::up>(w.mask, s, 1);
      incl = has_carry ? static_cast<T>(op(carry, s)) : s;
      excl = w.lane == 0 ? carry : (has_carry ? static_cast<T>(op(carry, prev)) : prev);
      carry = k::shuffle<k::shfl::idx>(w.mask, incl, static_cast<std::uint32_t>(valid - 1));
    } else {
      bool first_of_group;
      incl = k::block_scan(x, op, &excl, &first_of_group, has_carry ? &carry : static_cast<const T*>(nullptr));
      carry = group_broadcast(g, incl, static_cast<typename Group::linear_id_type>(valid - 1));
    }
    if (i < n) *(result + i) = Inclusive ? incl : excl;
    has_carry = true;
  }
  weft::kernel::cuda::group_sync<Group>();
}
}  // namespace detail::cuda_scan

template <typename Group, typename InPtr, typename OutPtr, typename T, typename BinaryOperation>
__device__ std::enable_if_t<is_group_v<std::decay_t<Group>>, OutPtr> joint_exclusive_scan(
    Group g, InPtr first, InPtr last, OutPtr result, T init, BinaryOperation binary_op) {
  detail::cuda_scan::joint<false>(g, first, last, result, &init, binary_op);
  return result + (last - first);
}
template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
__device__ std::enable_if_t<is_group_v<std::decay_t<Group>>, OutPtr> joint_exclusive_scan(
    Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation binary_op) {
  using T = detail::ptr_value_t<OutPtr>;
  detail::check_known_identity<T, BinaryOperation>();
  const T init = known_identity_v<BinaryOperation, T>;
  detail::cuda_scan::joint<false>(g, first, last, result, &init, binary_op);
  return result + (last - first);
}
template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation, typename T>
__device__ std::enable_if_t<is_group_v<std::decay_t<Group>>, OutPtr> joint_inclusive_scan(
    Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation binary_op, T init) {
  detail::cuda_scan::joint<true>(g, first, last, result, &init, binary_op);
  return result + (last - first);
}
template <typename Group, typename InPtr, typename OutPtr, typename BinaryOperation>
__device__ std::enable_if_t<is_group_v<std::decay_t<Group>>, OutPtr> joint_inclusive_scan(
    Group g, InPtr first, InPtr last, OutPtr result, BinaryOperation binary_op) {
  using T = detail::ptr_value_t<OutPtr>;
  detail::cuda_scan::joint<true>(g, first, last, result, static_cast<const T*>(nullptr), binary_op);
  return result + (last - first);
}

// --- barriers and fences (section 4.17.3) -------------------------------------------------
template <int Dims>
__device__ void group_barrier(const group<Dims>&, memory_scope = memory_scope::work_group) {
  __syncthreads();
}
__device__ inline void group_barrier(const sub_group&, memory_scope = memory_scope::sub_group) {
  __syncwarp(weft::kernel::cuda::this_warp().mask);
}

}  // namespace weft::sycl
