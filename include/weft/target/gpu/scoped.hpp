#pragma once
// The GPU target's scoped parallelism (weft/kernel/scoped_ops.hpp) in device
// code: __device__ overloads of the CPU target's functions in
// weft::kernel::scoped; clang picks these in the device pass and the CPU ones in
// the host pass. The launch is weft/target/gpu/scoped_launch.hpp.
//
// Mapping (docs/gpu.md), with w = warp_size (32 on NVIDIA, 64 on AMD):
//   work group    one 1-D block of P = min(round_up(logical size, w), 256) threads
//   level-1 sub-groups (distribute_groups on the work group): boxes of up to w
//                 logical items (sycl/scoped/groups.hpp's shapes with a tile of w);
//                 sub-group c is worked on by warp c % W (W = P / w), one item per
//                 lane, in round c / W
//   deeper groups worked on by the warp of the level-1 sub-group they lie in, one
//                 after another; each item by the lane that owns it
//   ownership     the logical item at lane j of level-1 sub-group c belongs to
//                 thread w * (c % W) + j, slot c / W, whichever group's
//                 distribute_items() runs it (1-D: item i -> thread i % P, slot i / P),
//                 so private memory is per-thread storage and never moves
//   distribute_items   the team's threads run the items they own
//   single_item        thread 0 of the block (work group) or lane 0 of the warp
//   group_barrier      __syncthreads() (work group), warp_sync (deeper groups)
//   local memory       static __shared__ storage per request (its size comes from
//                      the type at compile time): one copy for the work group, one
//                      per warp for deeper groups; the leader constructs it (the
//                      team synchronises after that where there is anything to
//                      construct) and the team synchronises on leaving
//   private memory     per-thread storage: the thread's slots (work group, up to
//                      max_slots) or its one item (deeper groups)
//   group algorithms   each thread folds the items it owns, then warp shuffles
//                      and (work group) a few words of shared memory
// Nothing synchronises but group_barrier, the *_and_wait forms, memory_environment
// and the group algorithms, as the specification says.
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/scoped.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/memory_request.hpp>
#include <sycl/scoped/s_item.hpp>
#include <weft/kernel/collectives.hpp>
#include <weft/kernel/scoped.hpp>
#include <weft/target/gpu/scoped_physical.hpp>
#include <weft/target/gpu/sync.hpp>
#include <weft/target/gpu/vendor.hpp>

namespace weft::kernel::gpu::scoped {

namespace sd = ::weft::sycl::detail::scoped;
using ::weft::sycl::id;
using ::weft::sycl::range;

inline constexpr unsigned max_physical = 256;                    // threads per block
inline constexpr unsigned max_warps = max_physical / warp_size;  // warps per block
inline constexpr unsigned max_slots = 16;                        // level-1 sub-groups per warp

// Blocks are whole warps (P is a multiple of warp_size), so warps use full_mask.
__device__ inline unsigned lane() { return threadIdx.x % warp_size; }
__device__ inline unsigned warp() { return threadIdx.x / warp_size; }
__device__ inline unsigned warps() { return blockDim.x / warp_size; }

template <class T>
struct alignas(alignof(T)) raw {
  unsigned char bytes[sizeof(T)];
};

template <class G>
inline constexpr int level_of = G::properties::level;

template <int Level>
__device__ inline void team_barrier() {
  if constexpr (Level == 0) __syncthreads();
  else warp_sync(full_mask);
}
template <int Level>
__device__ inline bool team_leader() {
  if constexpr (Level == 0) return threadIdx.x == 0;
  else return lane() == 0;
}

// How group g divides into the groups one level below it (as sd::for_each_child).
template <int Dims>
struct layout {
  range<Dims> shape;
  range<Dims> count;
  std::size_t n;
};
template <class G>
__device__ inline layout<G::dimensions> children(const G& g) {
  constexpr int Dims = G::dimensions;
  const auto& s = sd::group_access::state(g);
  layout<Dims> l;
  l.shape = sd::sub_group_shape(s.local_range, sd::child_group<G>::tile);
  for (int d = 0; d < Dims; ++d) l.count[d] = (s.local_range[d] + l.shape[d] - 1) / l.shape[d];
  l.n = l.count.size();
  return l;
}
template <int Dims>
__device__ inline sd::group_state<Dims> child_state(const sd::group_state<Dims>& s, const layout<Dims>& l,
                                                    std::size_t c) {
  sd::group_state<Dims> r = s;
  r.group_range = l.count;
  const id<Dims> j = ::weft::sycl::detail::delinearize(c, l.count);
  id<Dims> origin;
  for (int d = 0; d < Dims; ++d) {
    origin[d] = j[d] * l.shape[d];
    const std::size_t left = s.local_range[d] - origin[d];
    r.local_range[d] = left < l.shape[d] ? left : l.shape[d];
  }
  r.group_id = j;
  r.global_origin = s.global_origin + origin;
  r.wg_offset = s.wg_offset + ::weft::sycl::detail::linearize(origin, s.local_range);
  return r;
}

// Rounds of the work group: how many level-1 sub-groups each warp works on (at most).
template <int Dims>
__device__ inline unsigned rounds(const layout<Dims>& l) {
  return unsigned((l.n + warps() - 1) / warps());
}

// Calls f(slot, local linear id q, local id) for each work-group item the calling thread owns.
template <class G, class F>
__device__ inline void for_each_owned_wg(const G& g, F&& f) {
  constexpr int Dims = G::dimensions;
  const auto& s = sd::group_access::state(g);
  if constexpr (Dims == 1) {
    // 32-bit counters: the launch limits work groups to max_slots * 256 items.
    const unsigned n = unsigned(s.local_range[0]), p = blockDim.x;
    unsigned k = 0;
    for (unsigned i = threadIdx.x; i < n; i += p, ++k) f(k, std::size_t(i), id<1>(i));
  } else {
    const layout<Dims> l = children(g);
    unsigned k = 0;
    for (std::size_t c = warp(); c < l.n; c += warps(), ++k) {
      const sd::group_state<Dims> cs = child_state(s, l, c);
      if (lane() < cs.local_range.size()) {
        const id<Dims> lid = id<Dims>(cs.global_origin - s.global_origin) +
                             ::weft::sycl::detail::delinearize(std::size_t(lane()), cs.local_range);
        f(k, ::weft::sycl::detail::linearize(lid, s.local_range), lid);
      }
    }
  }
}

// The owner (thread, slot) of the work-group item with local linear id q.
struct owner {
  unsigned thread, slot;
};
template <class G>
__device__ inline owner owner_of_wg(const G& g, std::size_t q) {
  constexpr int Dims = G::dimensions;
  const auto& s = sd::group_access::state(g);
  if constexpr (Dims == 1) {
    return {unsigned(q % blockDim.x), unsigned(q / blockDim.x)};
  } else {
    const layout<Dims> l = children(g);
    const id<Dims> lid = ::weft::sycl::detail::delinearize(q, s.local_range);
    id<Dims> j, in;
    range<Dims> ext;
    for (int d = 0; d < Dims; ++d) {
      j[d] = lid[d] / l.shape[d];
      const std::size_t o = j[d] * l.shape[d], left = s.local_range[d] - o;
      ext[d] = left < l.shape[d] ? left : l.shape[d];
      in[d] = lid[d] - o;
    }
    const std::size_t c = ::weft::sycl::detail::linearize(j, l.count);
    return {unsigned(warp_size * (c % warps()) + ::weft::sycl::detail::linearize(in, ext)), unsigned(c / warps())};
  }
}

// In a group below the work group: the first lane owning one of g's items, and
// the calling lane's local linear id in g (>= n where it owns none).
template <class G>
__device__ inline std::size_t first_lane(const G& g) {
  return sd::group_access::state(g).wg_offset - sd::group_access::state(g).ctx->sub_offset;
}

// Private memory of logical work items on the GPU: Slots (work group) or one
// value (deeper groups) per thread, indexed by the s_item's slot.
template <class T, class Group, bool Slots>
class private_wrapper {
 public:
  static constexpr int dimensions = Group::dimensions;
  using value_type = T;
  using group_type = Group;
  __device__ private_wrapper(T* data, std::size_t size) : m_data(data), m_size(size) {}
  private_wrapper(const private_wrapper&) = delete;
  private_wrapper& operator=(const private_wrapper&) = delete;

  __device__ T& operator()(const ::weft::sycl::s_item<dimensions>& idx) const noexcept {
    return at(unsigned(sd::s_item_access::wg_linear(idx)));
  }
  __device__ T& at(unsigned slot) const noexcept {
    if constexpr (Slots) return m_data[slot];
    else return (void)slot, m_data[0];
  }
  /// Number of logical items of the group the memory belongs to.
  __device__ std::size_t size() const noexcept { return m_size; }

 private:
  T* m_data;
  std::size_t m_size;
};

template <class W>
struct is_private_wrapper : std::false_type {};
template <class T, class G, bool S>
struct is_private_wrapper<private_wrapper<T, G, S>> : std::true_type {};

// Calls f(slot, q) for each item of g the calling thread owns (q: local linear id in g).
template <class G, class F>
__device__ inline void for_each_owned(const G& g, F&& f) {
  if constexpr (level_of<G> == 0) {
    for_each_owned_wg(g, [&](unsigned k, std::size_t q, const auto&) { f(k, q); });
  } else {
    const auto& s = sd::group_access::state(g);
    const std::size_t first = first_lane(g), n = s.local_range.size();
    if (lane() >= first && lane() - first < n) f(s.ctx->slot, std::size_t(lane() - first));
  }
}

// Static shared storage of one request (Tag: the callable's type, I: the request's index).
template <class T, class Tag, std::size_t I>
__device__ inline T* work_group_local() {
  __shared__ raw<T> storage;
  return reinterpret_cast<T*>(&storage);
}
template <class T, class Tag, std::size_t I>
__device__ inline T* warp_local() {
  __shared__ raw<T> storage[max_warps];
  return reinterpret_cast<T*>(&storage[warp()]);
}

template <class Request, class Group, class Tag, std::size_t I>
struct allocation;

template <class T, bool Init, class Group, class Tag, std::size_t I>
struct allocation<sd::memory_request<T, sd::mem_kind::local, Init>, Group, Tag, I> {
  static constexpr int level = level_of<Group>;
  T* data;
  __device__ allocation([[maybe_unused]] const sd::memory_request<T, sd::mem_kind::local, Init>& r, const Group&) {
    if constexpr (level == 0) data = work_group_local<T, Tag, I>();
    else data = warp_local<T, Tag, I>();
    // The barrier in the destructor separates this use from the previous one; a
    // barrier here is needed only where the leader constructs something.
    if constexpr (Init || !std::is_trivially_default_constructible_v<sd::scalar_of_t<T>>) {
      if (team_leader<level>()) {
        if constexpr (Init) sd::fill_construct_n(data, 1, r.init);
        else sd::default_construct_n(data, 1);
      }
      team_barrier<level>();
    }
  }
  __device__ ~allocation() {
    team_barrier<level>();  // every item is done with it before it is destroyed or reused
    if (team_leader<level>()) sd::destroy_n(data, 1);
  }
  allocation(const allocation&) = delete;
  allocation& operator=(const allocation&) = delete;
  __device__ T& get() noexcept { return *data; }
};

template <class T, bool Init, class Group, class Tag, std::size_t I>
struct allocation<sd::memory_request<T, sd::mem_kind::priv, Init>, Group, Tag, I> {
  static constexpr bool slots = level_of<Group> == 0;
  raw<T> storage[slots ? max_slots : 1];
  unsigned count;
  private_wrapper<T, Group, slots> wrapper;
  __device__ allocation([[maybe_unused]] const sd::memory_request<T, sd::mem_kind::priv, Init>& r, const Group& g)
      : count(slots ? rounds(children(g)) : 1),
        wrapper(reinterpret_cast<T*>(storage), sd::group_access::state(g).local_range.size()) {
    if constexpr (Init) sd::fill_construct_n(reinterpret_cast<T*>(storage), count, r.init);
    else sd::default_construct_n(reinterpret_cast<T*>(storage), count);
  }
  __device__ ~allocation() { sd::destroy_n(reinterpret_cast<T*>(storage), count); }
  allocation(const allocation&) = delete;
  allocation& operator=(const allocation&) = delete;
  __device__ private_wrapper<T, Group, slots>& get() noexcept { return wrapper; }
};

template <std::size_t I, std::size_t N, class Tag, class Group, class F, class Tuple, class... Allocated>
__device__ inline void allocate_and_call(const Group& g, F& f, const Tuple& requests, Allocated&... allocated) {
  if constexpr (I == N) {
    f(allocated.get()...);
  } else {
    using request_t = std::decay_t<std::tuple_element_t<I, Tuple>>;
    allocation<request_t, Group, Tag, I> mine(std::get<I>(requests), g);
    allocate_and_call<I + 1, N, Tag>(g, f, requests, allocated..., mine);
  }
}

// ---- team folds ----------------------------------------------------------------------
template <class T>
__device__ inline T load(const raw<T>& r) {
  T v;
  __builtin_memcpy(static_cast<void*>(&v), &r, sizeof(T));
  return v;
}
template <class T>
__device__ inline void store(raw<T>& r, const T& v) {
  __builtin_memcpy(static_cast<void*>(&r), &v, sizeof(T));
}

// Combines the engaged values of the warp in lane order; every lane gets the result.
template <class T, class Op>
__device__ inline bool warp_fold(T& v, bool has, Op& op) {
#pragma unroll
  for (unsigned o = 1; o < warp_size; o <<= 1) {
    const T y = shuffle<shfl::down>(full_mask, v, o);
    const bool yh = shfl_down(full_mask, unsigned(has), o) != 0;
    if ((lane() & (2 * o - 1)) == 0 && lane() + o < warp_size && yh) {
      v = has ? static_cast<T>(op(v, y)) : y;
      has = true;
    }
  }
  v = shuffle<shfl::idx>(full_mask, v, 0);
  return shfl_idx(full_mask, unsigned(has), 0) != 0;
}
template <class T, class Op>
__device__ inline bool block_fold(T& v, bool has, Op& op) {
  __shared__ raw<T> values[max_warps];
  __shared__ bool flags[max_warps];
  has = warp_fold(v, has, op);
  if (lane() == 0) {
    store(values[warp()], v);
    flags[warp()] = has;
  }
  __syncthreads();
  bool h = false;
  for (unsigned w = 0, n = warps(); w < n; ++w)
    if (flags[w]) {
      const T y = load(values[w]);
      v = h ? static_cast<T>(op(v, y)) : y;
      h = true;
    }
  __syncthreads();
  return h;
}
template <int Level, class T, class Op>
__device__ inline bool team_fold(T& v, bool has, Op& op) {
  if constexpr (Level == 0) return block_fold(v, has, op);
  else return warp_fold(v, has, op);
}
template <int Level>
__device__ inline bool team_any(bool p) {
  if constexpr (Level == 0) return __syncthreads_or(p) != 0;
  else return vote_any(full_mask, p);
}

// Scan of g's items in local linear order into result; init (when has_init) first.
template <bool Inclusive, class G, class T, class O, bool S1, class R, class O2, bool S2, class Op>
__device__ inline void scan(const G& g, const private_wrapper<T, O, S1>& x, private_wrapper<R, O2, S2>& result, Op& op,
                            R init, bool has_init) {
  const auto& s = sd::group_access::state(g);
  if constexpr (level_of<G> == 0) {
    const layout<G::dimensions> l = children(g);
    const unsigned nr = rounds(l);
    __shared__ raw<R> totals[max_warps];
    __shared__ bool flags[max_warps];
    R carry = init;
    bool has_carry = has_init;
    for (unsigned k = 0; k < nr; ++k) {
      const std::size_t c = std::size_t(k) * warps() + warp();
      unsigned m = 0;
      if (c < l.n) m = unsigned(child_state(s, l, c).local_range.size());
      const bool engaged = lane() < m;
      R v = engaged ? static_cast<R>(x.at(k)) : R{};
#pragma unroll
      for (unsigned o = 1; o < warp_size; o <<= 1) {
        const R y = shuffle<shfl::up>(full_mask, v, o);
        if (lane() >= o) v = static_cast<R>(op(y, v));
      }
      const R prev = shuffle<shfl::up>(full_mask, v, 1);
      const R total = shuffle<shfl::idx>(full_mask, v, m ? m - 1 : 0);
      if (lane() == 0) {
        store(totals[warp()], total);
        flags[warp()] = m > 0;
      }
      __syncthreads();
      R pre = carry;
      bool has_pre = has_carry;
      for (unsigned w = 0, n = warps(); w < n; ++w) {
        if (w == warp()) {
          if (engaged) {
            R out;
            if constexpr (Inclusive) out = has_pre ? static_cast<R>(op(pre, v)) : v;
            else out = lane() == 0 ? pre : (has_pre ? static_cast<R>(op(pre, prev)) : prev);
            result.at(k) = out;
          }
        }
        if (flags[w]) {
          const R t = load(totals[w]);
          pre = has_pre ? static_cast<R>(op(pre, t)) : t;
          has_pre = true;
        }
      }
      carry = pre;
      has_carry = has_pre;
      __syncthreads();
    }
  } else {
    const std::size_t first = first_lane(g), n = s.local_range.size();
    const bool engaged = lane() >= first && lane() - first < n;
    const unsigned slot = s.ctx->slot;
    R v = engaged ? static_cast<R>(x.at(slot)) : R{};
#pragma unroll
    for (unsigned o = 1; o < warp_size; o <<= 1) {
      const R y = shuffle<shfl::up>(full_mask, v, o);
      if (lane() >= first + o) v = static_cast<R>(op(y, v));
    }
    const R prev = shuffle<shfl::up>(full_mask, v, 1);
    if (engaged) {
      R out;
      if constexpr (Inclusive) out = has_init ? static_cast<R>(op(init, v)) : v;
      else out = lane() == first ? init : static_cast<R>(op(init, prev));
      result.at(slot) = out;
    }
    warp_sync(full_mask);
  }
}

// result(i) = x(src(i)) where src(i) < n, else x(i): the exchanges behind shifts,
// permutes and select_from_group. src(slot, q) gives the source's local linear id
// of the item with local linear id q, which the calling thread holds in slot.
template <class G, class T, class O, bool S1, class O2, bool S2, class Src>
__device__ inline void exchange(const G& g, const private_wrapper<T, O, S1>& x, private_wrapper<T, O2, S2>& result,
                                Src&& src) {
  const auto& s = sd::group_access::state(g);
  const std::size_t n = s.local_range.size();
  if constexpr (level_of<G> == 0) {
    // Round r: every thread puts its slot-r value in shared memory; the items whose
    // source lives in slot r take it. Results wait in per-thread storage until the end.
    __shared__ raw<T> stage[max_physical];
    raw<T> got[max_slots];
    const unsigned nr = rounds(children(g));
    for (unsigned r = 0; r < nr; ++r) {
      store(stage[threadIdx.x], x.at(r));
      __syncthreads();
      for_each_owned(g, [&](unsigned k, std::size_t q) {
        const std::size_t from = src(k, q);
        const std::size_t take = from < n ? from : q;
        const owner o = owner_of_wg(g, take);
        if (o.slot == r) got[k] = stage[o.thread];
      });
      __syncthreads();
    }
    for_each_owned(g, [&](unsigned k, std::size_t) { result.at(k) = load(got[k]); });
  } else {
    const std::size_t first = first_lane(g);
    const bool engaged = lane() >= first && lane() - first < n;
    const unsigned slot = s.ctx->slot;
    unsigned from_lane = lane();
    if (engaged) {
      const std::size_t from = src(slot, std::size_t(lane() - first));
      if (from < n) from_lane = unsigned(first + from);
    }
    const T v = shuffle<shfl::idx>(full_mask, x.at(slot), from_lane);
    if (engaged) result.at(slot) = v;
    warp_sync(full_mask);
  }
}

}  // namespace weft::kernel::gpu::scoped

namespace weft::kernel::scoped {

namespace sd = ::weft::sycl::detail::scoped;
namespace ks = ::weft::kernel::gpu::scoped;
using ::weft::sycl::id;

// ---- distribution ---------------------------------------------------------------------

template <class G, class F>
__device__ void distribute_items(const G& g, F& f) noexcept {
  constexpr int Dims = G::dimensions;
  const sd::group_state<Dims>& s = sd::group_access::state(g);
  if constexpr (ks::level_of<G> == 0) {
    ks::for_each_owned_wg(g, [&](unsigned k, std::size_t, const id<Dims>& lid) {
      f(sd::s_item_access::make<Dims>(id<Dims>(s.global_origin + lid), s.global_range, lid, s.local_range, k));
    });
  } else {
    const std::size_t first = ks::first_lane(g), n = s.local_range.size();
    if (ks::lane() >= first && ks::lane() - first < n) {
      const id<Dims> lid = ::weft::sycl::detail::delinearize(std::size_t(ks::lane() - first), s.local_range);
      f(sd::s_item_access::make<Dims>(id<Dims>(s.global_origin + lid), s.global_range, lid, s.local_range,
                                      s.ctx->slot));
    }
  }
}

template <class G, class F>
__device__ void distribute_groups(const G& g, F& f) noexcept {
  using child_t = sd::child_group_t<G>;
  constexpr int Dims = G::dimensions;
  const sd::group_state<Dims>& s = sd::group_access::state(g);
  const ks::layout<Dims> l = ks::children(g);
  if constexpr (ks::level_of<G> == 0) {
    unsigned k = 0;
    for (std::size_t c = ks::warp(); c < l.n; c += ks::warps(), ++k) {
      const sd::group_state<Dims> cs = ks::child_state(s, l, c);
      s.ctx->slot = k;
      s.ctx->sub_offset = cs.wg_offset;
      f(sd::group_access::make<child_t>(cs));
    }
  } else {
    for (std::size_t c = 0; c < l.n; ++c) f(sd::group_access::make<child_t>(ks::child_state(s, l, c)));
  }
}

template <class G, class F>
__device__ void single_item(const G&, F& f) noexcept {
  if (ks::team_leader<G::properties::level>()) f();
}

template <class G>
__device__ void barrier(const G&) noexcept {
  ks::team_barrier<G::properties::level>();
}

// ---- memory ----------------------------------------------------------------------------

template <class G, class... Args>
__device__ void memory_environment(const G& g, Args&&... args) noexcept {
  constexpr std::size_t N = sizeof...(Args) - 1;
  using all_t = std::tuple<Args&&...>;
  using F = std::remove_reference_t<std::tuple_element_t<N, all_t>>;
  all_t all(std::forward<Args>(args)...);
  ks::allocate_and_call<0, N, std::decay_t<F>>(g, std::get<N>(all), all);
}

// ---- group algorithms over private memory -------------------------------------------------

template <class G, class T, class O, bool S>
__device__ T broadcast(const G& g, const ks::private_wrapper<T, O, S>& x, std::size_t local_linear_id) noexcept {
  if constexpr (ks::level_of<G> == 0) {
    __shared__ ks::raw<T> slot;
    const ks::owner o = ks::owner_of_wg(g, local_linear_id);
    if (threadIdx.x == o.thread) ks::store(slot, x.at(o.slot));
    __syncthreads();
    const T r = ks::load(slot);
    __syncthreads();
    return r;
  } else {
    const auto& s = sd::group_access::state(g);
    return gpu::shuffle<gpu::shfl::idx>(gpu::full_mask, x.at(s.ctx->slot),
                                        unsigned(ks::first_lane(g) + local_linear_id));
  }
}

template <class G, class T, class O, bool S, class Op, class V>
__device__ V reduce(const G& g, const ks::private_wrapper<T, O, S>& x, Op& op, const V* init) noexcept {
  T v{};
  bool has = false;
  ks::for_each_owned(g, [&](unsigned k, std::size_t) {
    const T y = x.at(k);
    v = has ? static_cast<T>(op(v, y)) : y;
    has = true;
  });
  ks::team_fold<ks::level_of<G>>(v, has, op);
  return init ? static_cast<V>(op(*init, v)) : static_cast<V>(v);
}

template <bool Inclusive, class G, class T, class O, bool S1, class R, class O2, bool S2, class Op>
__device__ void scan(const G& g, const ks::private_wrapper<T, O, S1>& x, ks::private_wrapper<R, O2, S2>& result, Op& op,
                     R init, bool has_init) noexcept {
  ks::scan<Inclusive>(g, x, result, op, init, has_init);
}

template <class G, class T, class O, bool S, class Pred>
__device__ bool any(const G& g, const ks::private_wrapper<T, O, S>& x, Pred& pred) noexcept {
  bool p = false;
  ks::for_each_owned(g, [&](unsigned k, std::size_t) { p |= static_cast<bool>(pred(x.at(k))); });
  return ks::team_any<ks::level_of<G>>(p);
}

template <class G, class T, class O, bool S1, class O2, bool S2, class Src>
__device__ void exchange(const G& g, const ks::private_wrapper<T, O, S1>& x, ks::private_wrapper<T, O2, S2>& result,
                         Src&& src) noexcept {
  ks::exchange(g, x, result, [&](unsigned, std::size_t q) { return src(q); });
}

template <class G, class T, class O, bool S1, class O2, bool S2, class U, class O3, bool S3>
__device__ void select(const G& g, const ks::private_wrapper<T, O, S1>& x, ks::private_wrapper<T, O2, S2>& result,
                       const ks::private_wrapper<U, O3, S3>& remote) noexcept {
  ks::exchange(g, x, result, [&](unsigned k, std::size_t) -> std::size_t {
    if constexpr (std::is_same_v<U, typename G::id_type>)
      return ::weft::sycl::detail::linearize(remote.at(k), g.get_logical_local_range());
    else return static_cast<std::size_t>(remote.at(k));
  });
}

// ---- joint algorithms: every physical item computes a reduction or predicate;
// scans are written by the leader, then the group synchronises. -------------------------

template <class G, class Ptr, class Op>
__device__ auto joint_reduce(const G&, Ptr first, Ptr last, Op& op) noexcept {
  using T = typename std::iterator_traits<Ptr>::value_type;
  T acc = *first;
  for (++first; first != last; ++first) acc = static_cast<T>(op(acc, *first));
  return acc;
}
template <class G, class Ptr, class T, class Op>
__device__ T joint_reduce(const G&, Ptr first, Ptr last, T init, Op& op) noexcept {
  for (; first != last; ++first) init = static_cast<T>(op(init, *first));
  return init;
}

template <bool Inclusive, class G, class InPtr, class OutPtr, class T, class Op>
__device__ void joint_scan(const G&, InPtr first, InPtr last, OutPtr result, const T* init, Op& op) noexcept {
  constexpr int level = G::properties::level;
  ks::team_barrier<level>();  // the range is complete
  if (ks::team_leader<level>() && first != last) {
    if constexpr (Inclusive) {
      T acc = init ? static_cast<T>(op(*init, *first)) : static_cast<T>(*first);
      *result = acc;
      for (++first, ++result; first != last; ++first, ++result) {
        acc = static_cast<T>(op(acc, *first));
        *result = acc;
      }
    } else {
      T acc = *init;
      for (; first != last; ++first, ++result) {
        const T v = *first;
        *result = acc;
        acc = static_cast<T>(op(acc, v));
      }
    }
  }
  ks::team_barrier<level>();
}

template <class G, class Ptr, class Pred>
__device__ bool joint_any(const G&, Ptr first, Ptr last, Pred& pred) noexcept {
  for (; first != last; ++first)
    if (pred(*first)) return true;
  return false;
}

}  // namespace weft::kernel::scoped
