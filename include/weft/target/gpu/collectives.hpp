#pragma once
// The GPU target's group collectives (the kernel interface of
// weft/kernel/collectives.hpp) as __device__ overloads of the CPU target's
// functions: clang picks the CPU (lane buffer) bodies in the host pass and these
// in the device pass.
//
// sub_group = warp: shuffles and votes over the sub-group's lanes (a partial
// last warp uses only its lanes). group = block: warp results combined
// through a few words of static shared memory and __syncthreads. As on the CPU
// (weft/target/cpu/lanes/shuffle.hpp), an item whose select/shift/permute source lies
// outside its group keeps its own value.
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/collectives.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <weft/kernel/collectives.hpp>
#include <weft/target/gpu/sync.hpp>

namespace weft::kernel::gpu {

enum class shfl { idx, up, down, bfly };

// Shuffles any trivially copyable value, 32 bits at a time.
template <shfl Kind, class T>
__device__ inline T shuffle(lane_mask mask, const T& x, std::uint32_t arg) {
  static_assert(std::is_trivially_copyable_v<T>, "group functions need a trivially copyable type");
  constexpr std::size_t words = (sizeof(T) + 3) / 4;
  std::uint32_t w[words] = {};
  __builtin_memcpy(w, &x, sizeof(T));
#pragma unroll
  for (std::size_t i = 0; i < words; ++i) {
    if constexpr (Kind == shfl::idx) w[i] = shfl_idx(mask, w[i], arg);
    else if constexpr (Kind == shfl::up) w[i] = shfl_up(mask, w[i], arg);
    else if constexpr (Kind == shfl::down) w[i] = shfl_down(mask, w[i], arg);
    else w[i] = shfl_xor(mask, w[i], arg);
  }
  T r;
  __builtin_memcpy(static_cast<void*>(&r), w, sizeof(T));
  return r;
}

// The calling lane's sub-group: its lane, its lane count and their mask.
struct warp_view {
  std::uint32_t lane, n;
  lane_mask mask;
};
__device__ inline warp_view this_warp() {
  const std::uint32_t lid = block_linear_id();
  const std::uint32_t first = lid / warp_size * warp_size;
  const std::uint32_t left = block_size() - first;
  const std::uint32_t n = left < warp_size ? left : warp_size;
  return {lid % warp_size, n, first_lanes(n)};
}
// Warps in a block of at most 1024 threads.
inline constexpr std::uint32_t max_warps = 1024 / warp_size;

// Ordered reduction over the warp's n lanes: lane 0 ends with x0 op x1 op ... (then broadcast).
template <class T, class Op>
__device__ inline T warp_reduce(const warp_view& w, T x, Op op) {
#pragma unroll
  for (std::uint32_t o = 1; o < warp_size; o <<= 1) {
    const T y = shuffle<shfl::down>(w.mask, x, o);
    if ((w.lane & (2 * o - 1)) == 0 && w.lane + o < w.n) x = static_cast<T>(op(x, y));
  }
  return shuffle<shfl::idx>(w.mask, x, 0);
}

// Inclusive scan over the warp's lanes (Hillis-Steele with shuffles).
template <class T, class Op>
__device__ inline T warp_inclusive_scan(const warp_view& w, T x, Op op) {
#pragma unroll
  for (std::uint32_t o = 1; o < warp_size; o <<= 1) {
    const T y = shuffle<shfl::up>(w.mask, x, o);
    if (w.lane >= o) x = static_cast<T>(op(y, x));
  }
  return x;
}

// Static shared words for work-group collectives of T: one slot per warp and a
// result slot (slot max_warps).
template <class T>
__device__ inline T* group_slots() {
  __shared__ __align__(16) unsigned char raw[(max_warps + 1) * ((sizeof(T) + 15) / 16 * 16)];
  return reinterpret_cast<T*>(raw);
}
// One slot per work item (for select/shift/permute over a whole work group).
template <class T>
__device__ inline T* item_slots() {
  static_assert(sizeof(T) <= 16, "work-group select/shift/permute on the GPU target support types up to 16 bytes");
  __shared__ __align__(16) unsigned char raw[1024 * sizeof(T)];
  return reinterpret_cast<T*>(raw);
}

template <class T, class Op>
__device__ inline T block_reduce(T x, Op op) {
  const warp_view w = this_warp();
  const std::uint32_t warp = block_linear_id() / warp_size, warps = (block_size() + warp_size - 1) / warp_size;
  T* slots = group_slots<T>();
  x = warp_reduce(w, x, op);
  if (warps == 1) return x;
  if (w.lane == 0) __builtin_memcpy(static_cast<void*>(slots + warp), &x, sizeof(T));
  __syncthreads();
  if (warp == 0) {
    const warp_view w0{w.lane, warps, first_lanes(warps)};
    if (w.lane < warps) {
      T v = slots[w.lane];
      v = warp_reduce(w0, v, op);
      if (w.lane == 0) __builtin_memcpy(static_cast<void*>(slots + max_warps), &v, sizeof(T));
    }
  }
  __syncthreads();
  return slots[max_warps];
}

// Inclusive scan over the block; `prefix_out` gets the exclusive prefix of the calling
// item's warp (valid when has_prefix), `up` the inclusive value of the previous lane.
template <class T, class Op>
__device__ inline T block_scan(T x, Op op, T* up, bool* first_of_group, const T* init) {
  const warp_view w = this_warp();
  const std::uint32_t warp = block_linear_id() / warp_size, warps = (block_size() + warp_size - 1) / warp_size;
  T incl = warp_inclusive_scan(w, x, op);
  T prev = shuffle<shfl::up>(w.mask, incl, 1);
  T prefix{};
  bool has_prefix = false;
  if (warps > 1) {
    T* slots = group_slots<T>();
    if (w.lane == w.n - 1) __builtin_memcpy(static_cast<void*>(slots + warp), &incl, sizeof(T));
    __syncthreads();
    if (warp == 0 && w.lane < warps) {
      const warp_view w0{w.lane, warps, first_lanes(warps)};
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
  __builtin_memcpy(static_cast<void*>(slots + block_linear_id()), &x, sizeof(T));
  __syncthreads();
  T r = src < block_size() ? slots[src] : x;  // a source outside the group: the item keeps its value
  __syncthreads();
  return r;
}

template <class Scope>
inline constexpr bool is_warp_v = std::is_same_v<Scope, sub_group_scope>;

template <class Scope>
__device__ inline void group_sync() {
  if constexpr (is_warp_v<Scope>) warp_sync(this_warp().mask);
  else __syncthreads();
}

}  // namespace weft::kernel::gpu

namespace weft::kernel {

// --- exchanges -------------------------------------------------------------------------
template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ T broadcast(const Scope& s, const T& x, std::size_t src) {
  namespace k = gpu;
  if constexpr (k::is_warp_v<Scope>) {
    return k::shuffle<k::shfl::idx>(k::this_warp().mask, x, static_cast<std::uint32_t>(src));
  } else {
    T* slot = k::group_slots<T>() + k::max_warps;
    if (s.id == src) __builtin_memcpy(static_cast<void*>(slot), &x, sizeof(T));
    __syncthreads();
    T r = *slot;
    __syncthreads();
    return r;
  }
}

template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ T select(const Scope&, const T& x, std::size_t src) {
  namespace k = gpu;
  const auto from = static_cast<std::uint32_t>(src);
  if constexpr (k::is_warp_v<Scope>) {
    const k::warp_view w = k::this_warp();
    return k::shuffle<k::shfl::idx>(w.mask, x, from < w.n ? from : w.lane);
  } else {
    return k::block_exchange(x, from);
  }
}

template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ T shift_left(const Scope& s, const T& x, std::size_t delta) {
  namespace k = gpu;
  if constexpr (k::is_warp_v<Scope>) {
    // A partial last warp has no lanes past n: their values are undefined, so such a lane keeps its own.
    const k::warp_view w = k::this_warp();
    const T r = k::shuffle<k::shfl::down>(w.mask, x, static_cast<std::uint32_t>(delta));
    return w.lane + static_cast<std::uint32_t>(delta) < w.n ? r : x;
  } else {
    return k::block_exchange(x, static_cast<std::uint32_t>(s.id + delta));
  }
}

template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ T shift_right(const Scope& s, const T& x, std::size_t delta) {
  namespace k = gpu;
  if constexpr (k::is_warp_v<Scope>)
    return k::shuffle<k::shfl::up>(k::this_warp().mask, x, static_cast<std::uint32_t>(delta));
  else return k::block_exchange(x, static_cast<std::uint32_t>(s.id - delta));
}

template <class Scope, class T, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ T permute_xor(const Scope& s, const T& x, std::size_t mask) {
  namespace k = gpu;
  if constexpr (k::is_warp_v<Scope>) {
    const k::warp_view w = k::this_warp();
    const std::uint32_t src = w.lane ^ static_cast<std::uint32_t>(mask);
    return k::shuffle<k::shfl::idx>(w.mask, x, src < w.n ? src : w.lane);
  } else {
    return k::block_exchange(x, static_cast<std::uint32_t>(s.id ^ mask));
  }
}

// --- votes -----------------------------------------------------------------------------
template <class Scope, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ bool any(const Scope&, bool pred) {
  if constexpr (gpu::is_warp_v<Scope>) return gpu::vote_any(gpu::this_warp().mask, pred);
  else return __syncthreads_or(pred) != 0;
}
template <class Scope, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ bool all(const Scope&, bool pred) {
  if constexpr (gpu::is_warp_v<Scope>) return gpu::vote_all(gpu::this_warp().mask, pred);
  else return __syncthreads_and(pred) != 0;
}
template <class Scope, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ bool none(const Scope& s, bool pred) {
  return !any(s, pred);
}

// --- reductions and scans --------------------------------------------------------------
template <class Scope, class T, class Op, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ T reduce(const Scope&, const T& x, Op op) {
  if constexpr (gpu::is_warp_v<Scope>) return gpu::warp_reduce(gpu::this_warp(), x, op);
  else return gpu::block_reduce(x, op);
}

namespace gpu {
template <bool Inclusive, class Scope, class T, class Op>
__device__ T scan(T x, Op op, const T* init) {
  if constexpr (is_warp_v<Scope>) {
    const warp_view w = this_warp();
    T incl = warp_inclusive_scan(w, x, op);
    if constexpr (Inclusive) {
      return init ? static_cast<T>(op(*init, incl)) : incl;
    } else {
      T prev = shuffle<shfl::up>(w.mask, incl, 1);
      if (w.lane == 0) return *init;
      return static_cast<T>(op(*init, prev));
    }
  } else {
    T up;
    bool first;
    T incl = block_scan(x, op, &up, &first, init);
    if constexpr (Inclusive) return incl;
    else return up;
  }
}
}  // namespace gpu

template <class Scope, class T, class Op, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ T exclusive_scan(const Scope&, const T& x, Op op, const T& init) {
  return gpu::scan<false, Scope>(x, op, &init);
}
template <class Scope, class T, class Op, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ T inclusive_scan(const Scope&, const T& x, Op op, const T* init) {
  return gpu::scan<true, Scope>(x, op, init);
}

// --- joint algorithms over a range: every item computes the value (reads only), then
// the group syncs.
template <class R, class Scope, class Compute, class = std::enable_if_t<is_scope_v<Scope>>>
__device__ R uniform(const Scope&, Compute&& compute) {
  const R r = compute();
  gpu::group_sync<Scope>();
  return r;
}

template <class T, class Op>
__device__ T reduce_range(const T* first, std::size_t n, Op op) {
  T acc = first[0];
  for (std::size_t i = 1; i < n; ++i) acc = static_cast<T>(op(acc, first[i]));
  return acc;
}

// Joint scans: the range is scanned in chunks of the group's size; in each chunk item i
// reads element base + i, the group scans the chunk (shuffles, or the block scan) starting
// from the carry of the chunks before, item i writes its result, and the chunk's last
// valid item hands the new carry to the group. Each item reads its element before any
// item writes the chunk, so an in-place scan (result == first) is fine.
template <bool Inclusive, class Scope, class InPtr, class OutPtr, class T, class Op,
          class = std::enable_if_t<is_scope_v<Scope>>>
__device__ void joint_scan(const Scope& s, InPtr first, InPtr last, OutPtr result, const T* init, Op op) {
  namespace k = gpu;
  const std::size_t n = static_cast<std::size_t>(last - first);
  std::size_t lid, size;
  if constexpr (k::is_warp_v<Scope>) lid = s.lane, size = s.n;
  else lid = s.id, size = s.size;
  T carry = init ? *init : T{};
  bool has_carry = init != nullptr;
  for (std::size_t base = 0; base < n; base += size) {
    const std::size_t i = base + lid, valid = n - base < size ? n - base : size;
    // Items past the end scan a copy of the chunk's first element: a lane's result
    // depends only on the lanes before it, so their values reach no written result.
    const T x = static_cast<T>(*(first + (i < n ? i : base)));
    T incl, excl;
    if constexpr (k::is_warp_v<Scope>) {
      const k::warp_view w = k::this_warp();
      const T sc = k::warp_inclusive_scan(w, x, op);
      const T prev = k::shuffle<k::shfl::up>(w.mask, sc, 1);
      incl = has_carry ? static_cast<T>(op(carry, sc)) : sc;
      excl = w.lane == 0 ? carry : (has_carry ? static_cast<T>(op(carry, prev)) : prev);
      carry = k::shuffle<k::shfl::idx>(w.mask, incl, static_cast<std::uint32_t>(valid - 1));
    } else {
      bool first_of_group;
      incl = k::block_scan(x, op, &excl, &first_of_group, has_carry ? &carry : static_cast<const T*>(nullptr));
      carry = broadcast(s, incl, valid - 1);
    }
    if (i < n) *(result + i) = Inclusive ? incl : excl;
    has_carry = true;
  }
  k::group_sync<Scope>();
}

}  // namespace weft::kernel
