#pragma once
// Kernel interface, CUDA target: AdaptiveCpp's scoped parallelism in device
// code. These are __device__ overloads of the front end's scoped functions
// (sycl/scoped/*.hpp) with the same names; clang picks them in the device pass
// and the CPU versions in the host pass. The launch is weft/target/cuda/scoped_launch.hpp.
//
// Mapping (README.md, "The CUDA target"):
//   work group    one 1-D block of P = min(round_up(logical size, 32), 256) threads
//   level-1 sub-groups (distribute_groups on the work group): boxes of up to 32
//                 logical items (sycl/scoped/groups.hpp's shapes with a tile of 32);
//                 sub-group c is worked on by warp c % W (W = P / 32), one item per
//                 lane, in round c / W
//   deeper groups worked on by the warp of the level-1 sub-group they lie in, one
//                 after another; each item by the lane that owns it
//   ownership     the logical item at lane j of level-1 sub-group c belongs to
//                 thread 32 * (c % W) + j, slot c / W, whichever group's
//                 distribute_items() runs it (1-D: item i -> thread i % P, slot i / P),
//                 so private memory is per-thread storage and never moves
//   distribute_items   the team's threads run the items they own
//   single_item        thread 0 of the block (work group) or lane 0 of the warp
//   group_barrier      __syncthreads() (work group), __syncwarp() (deeper groups)
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
#if !defined(__CUDA__)
#error "weft/target/cuda/scoped.hpp is for translation units compiled as CUDA"
#endif
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>
#include <sycl/scoped_parallelism.hpp>
#include <weft/target/cuda/group_functions.hpp>
#include <weft/target/cuda/scoped_physical.hpp>
#include <weft/target/cuda/sync.hpp>

namespace weft::kernel::cuda::scoped {

namespace sd = ::weft::sycl::detail::scoped;
using ::weft::sycl::id;
using ::weft::sycl::range;

inline constexpr unsigned max_physical = 256;             // threads per block
inline constexpr unsigned max_warps = max_physical / 32;  // warps per block
inline constexpr unsigned max_slots = 16;                 // level-1 sub-groups per warp
inline constexpr std::uint32_t full_mask = 0xffffffffu;

__device__ inline unsigned lane() { return threadIdx.x & 31u; }
__device__ inline unsigned warp() { return threadIdx.x >> 5; }
__device__ inline unsigned warps() { return blockDim.x >> 5; }

template <class T>
struct alignas(alignof(T)) raw {
  unsigned char bytes[sizeof(T)];
};

template <class G>
inline constexpr int level_of = G::properties::level;

template <int Level>
__device__ inline void team_barrier() {
  if constexpr (Level == 0) __syncthreads();
  else __syncwarp(full_mask);
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
    return {unsigned(32 * (c % warps()) + ::weft::sycl::detail::linearize(in, ext)), unsigned(c / warps())};
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

// ---- construction of requested memory ----------------------------------------------
template <class T>
__device__ inline void construct_default(T* p, std::size_t count) {
  using S = sd::scalar_of_t<T>;
  if constexpr (!std::is_trivially_default_constructible_v<S>) {
    S* s = reinterpret_cast<S*>(p);
    for (std::size_t i = 0, n = count * sd::scalars_in_v<T>; i < n; ++i) ::new (static_cast<void*>(s + i)) S;
  } else {
    (void)p;
    (void)count;
  }
}
template <class T, class X>
__device__ inline void construct_fill(T* p, std::size_t count, const X& x) {
  using S = sd::scalar_of_t<T>;
  if constexpr (std::is_array_v<T>) {
    S* s = reinterpret_cast<S*>(p);
    for (std::size_t i = 0, n = count * sd::scalars_in_v<T>; i < n; ++i) ::new (static_cast<void*>(s + i)) S(static_cast<S>(x));
  } else {
    for (std::size_t i = 0; i < count; ++i) ::new (static_cast<void*>(p + i)) T(static_cast<const T&>(x));
  }
}
template <class T>
__device__ inline void destroy(T* p, std::size_t count) {
  using S = sd::scalar_of_t<T>;
  if constexpr (!std::is_trivially_destructible_v<S>) {
    S* s = reinterpret_cast<S*>(p);
    for (std::size_t i = 0, n = count * sd::scalars_in_v<T>; i < n; ++i) s[i].~S();
  } else {
    (void)p;
    (void)count;
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
        if constexpr (Init) construct_fill(data, 1, r.init);
        else construct_default(data, 1);
      }
      team_barrier<level>();
    }
  }
  __device__ ~allocation() {
    team_barrier<level>();  // every item is done with it before it is destroyed or reused
    if (team_leader<level>()) destroy(data, 1);
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
    if constexpr (Init) construct_fill(reinterpret_cast<T*>(storage), count, r.init);
    else construct_default(reinterpret_cast<T*>(storage), count);
  }
  __device__ ~allocation() { destroy(reinterpret_cast<T*>(storage), count); }
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
  std::memcpy(static_cast<void*>(&v), &r, sizeof(T));
  return v;
}
template <class T>
__device__ inline void store(raw<T>& r, const T& v) {
  std::memcpy(static_cast<void*>(&r), &v, sizeof(T));
}

// Combines the engaged values of the warp in lane order; every lane gets the result.
template <class T, class Op>
__device__ inline bool warp_fold(T& v, bool has, Op& op) {
#pragma unroll
  for (unsigned o = 1; o < 32; o <<= 1) {
    const T y = shuffle<shfl::down>(full_mask, v, o);
    const bool yh = __shfl_down_sync(full_mask, int(has), o) != 0;
    if ((lane() & (2 * o - 1)) == 0 && lane() + o < 32 && yh) {
      v = has ? static_cast<T>(op(v, y)) : y;
      has = true;
    }
  }
  v = shuffle<shfl::idx>(full_mask, v, 0);
  return __shfl_sync(full_mask, int(has), 0) != 0;
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
  else return __any_sync(full_mask, p) != 0;
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
      for (unsigned o = 1; o < 32; o <<= 1) {
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
    for (unsigned o = 1; o < 32; o <<= 1) {
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
    __syncwarp(full_mask);
  }
}

// result(i) = x(src(i)) where src(i) < n, else x(i): the exchanges behind shifts,
// permutes and select_from_group. src(slot, q) gives the source's local linear id.
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
    __syncwarp(full_mask);
  }
}

}  // namespace weft::kernel::cuda::scoped

namespace weft::sycl {

// ---- distribution ---------------------------------------------------------------------

template <class SpGroup, class NestedF>
__device__ void distribute_items(const SpGroup& g, NestedF f) noexcept {
  namespace ks = weft::kernel::cuda::scoped;
  using namespace detail::scoped;
  check_items_callable<SpGroup, NestedF>();
  constexpr int Dims = SpGroup::dimensions;
  const group_state<Dims>& s = group_access::state(g);
  if constexpr (ks::level_of<SpGroup> == 0) {
    ks::for_each_owned_wg(g, [&](unsigned k, std::size_t, const id<Dims>& lid) {
      f(s_item_access::make<Dims>(id<Dims>(s.global_origin + lid), s.global_range, lid, s.local_range, k));
    });
  } else {
    const std::size_t first = ks::first_lane(g), n = s.local_range.size();
    if (ks::lane() >= first && ks::lane() - first < n) {
      const id<Dims> lid = detail::delinearize(std::size_t(ks::lane() - first), s.local_range);
      f(s_item_access::make<Dims>(id<Dims>(s.global_origin + lid), s.global_range, lid, s.local_range, s.ctx->slot));
    }
  }
}

template <class SpGroup, class NestedF>
__device__ void distribute_groups(const SpGroup& g, NestedF f) noexcept {
  namespace ks = weft::kernel::cuda::scoped;
  using namespace detail::scoped;
  static_assert(is_scoped_group_v<SpGroup>, "distribute_groups(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(std::is_invocable_v<NestedF&, child_group_t<SpGroup>>,
                "distribute_groups(): f must be a callable of signature "
                "void(__ImplementationDefinedScopedParallelismGroupType__); take the group as auto");
  using child_t = child_group_t<SpGroup>;
  constexpr int Dims = SpGroup::dimensions;
  const group_state<Dims>& s = group_access::state(g);
  const ks::layout<Dims> l = ks::children(g);
  if constexpr (ks::level_of<SpGroup> == 0) {
    unsigned k = 0;
    for (std::size_t c = ks::warp(); c < l.n; c += ks::warps(), ++k) {
      const group_state<Dims> cs = ks::child_state(s, l, c);
      s.ctx->slot = k;
      s.ctx->sub_offset = cs.wg_offset;
      f(group_access::make<child_t>(cs));
    }
  } else {
    for (std::size_t c = 0; c < l.n; ++c) f(group_access::make<child_t>(ks::child_state(s, l, c)));
  }
}

template <class SpGroup, class F>
__device__ void single_item(const SpGroup&, F f) noexcept {
  static_assert(detail::scoped::is_scoped_group_v<SpGroup>, "single_item(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(std::is_invocable_v<F&>, "single_item(): f must be a callable of signature void()");
  if (weft::kernel::cuda::scoped::team_leader<SpGroup::properties::level>()) f();
}

template <class SpGroup, std::enable_if_t<detail::scoped::is_scoped_group_v<SpGroup>, int> = 0>
__device__ void group_barrier(const SpGroup&, memory_scope = SpGroup::fence_scope) noexcept {
  weft::kernel::cuda::scoped::team_barrier<SpGroup::properties::level>();
}

template <class SpGroup, class NestedF>
__device__ void distribute_items_and_wait(const SpGroup& g, NestedF f) noexcept {
  distribute_items(g, f);
  group_barrier(g);
}
template <class SpGroup, class NestedF>
__device__ void distribute_groups_and_wait(const SpGroup& g, NestedF f) noexcept {
  distribute_groups(g, f);
  group_barrier(g);
}
template <class SpGroup, class F>
__device__ void single_item_and_wait(const SpGroup& g, F f) noexcept {
  single_item(g, f);
  group_barrier(g);
}

// ---- memory ----------------------------------------------------------------------------

template <class SpGroup, typename... Args>
__device__ void memory_environment(const SpGroup& g, Args&&... args) noexcept {
  using namespace detail::scoped;
  check_environment<SpGroup, Args...>();
  constexpr std::size_t N = sizeof...(Args) - 1;
  using all_t = std::tuple<Args&&...>;
  using F = std::remove_reference_t<std::tuple_element_t<N, all_t>>;
  all_t all(std::forward<Args>(args)...);
  weft::kernel::cuda::scoped::allocate_and_call<0, N, std::decay_t<F>>(g, std::get<N>(all), all);
}
template <class T, class Group, class Function>
__device__ void local_memory_environment(const Group& g, Function&& f) noexcept {
  memory_environment(g, require_local_mem<T>(), std::forward<Function>(f));
}
template <class T, class Group, class Function>
__device__ void private_memory_environment(const Group& g, Function&& f) noexcept {
  memory_environment(g, require_private_mem<T>(), std::forward<Function>(f));
}

// ---- group algorithms over private memory -------------------------------------------------

template <class Group, class T, class O, bool S>
__device__ T group_broadcast(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x,
                             typename Group::linear_id_type local_linear_id) noexcept {
  namespace ks = weft::kernel::cuda::scoped;
  if constexpr (ks::level_of<Group> == 0) {
    __shared__ ks::raw<T> slot;
    const ks::owner o = ks::owner_of_wg(g, local_linear_id);
    if (threadIdx.x == o.thread) ks::store(slot, x.at(o.slot));
    __syncthreads();
    const T r = ks::load(slot);
    __syncthreads();
    return r;
  } else {
    const auto& s = detail::scoped::group_access::state(g);
    return weft::kernel::cuda::shuffle<weft::kernel::cuda::shfl::idx>(
        ks::full_mask, x.at(s.ctx->slot), unsigned(ks::first_lane(g) + local_linear_id));
  }
}
template <class Group, class T, class O, bool S>
__device__ T group_broadcast(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x) noexcept {
  return group_broadcast(g, x, typename Group::linear_id_type{0});
}
template <class Group, class T, class O, bool S>
__device__ T group_broadcast(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x,
                             const typename Group::id_type& local_id) noexcept {
  return group_broadcast(g, x, detail::linearize(local_id, g.get_logical_local_range()));
}

template <class Group, class T, class O, bool S, class BinaryOperation>
__device__ T reduce_over_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x,
                               BinaryOperation binary_op) noexcept {
  namespace ks = weft::kernel::cuda::scoped;
  T v{};
  bool has = false;
  ks::for_each_owned(g, [&](unsigned k, std::size_t) {
    const T y = x.at(k);
    v = has ? static_cast<T>(binary_op(v, y)) : y;
    has = true;
  });
  ks::team_fold<ks::level_of<Group>>(v, has, binary_op);
  return v;
}
template <class Group, class T, class O, bool S, class V, class BinaryOperation>
__device__ V reduce_over_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x, V init,
                               BinaryOperation binary_op) noexcept {
  return static_cast<V>(binary_op(init, reduce_over_group(g, x, binary_op)));
}

template <class Group, class T, class O, bool S1, class R, class O2, bool S2, class V, class BinaryOperation>
__device__ void exclusive_scan_over_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S1>& x,
                                          weft::kernel::cuda::scoped::private_wrapper<R, O2, S2>& result, V init,
                                          BinaryOperation binary_op) noexcept {
  weft::kernel::cuda::scoped::scan<false>(g, x, result, binary_op, static_cast<R>(init), true);
}
template <class Group, class T, class O, bool S1, class R, class O2, bool S2, class BinaryOperation>
__device__ void exclusive_scan_over_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S1>& x,
                                          weft::kernel::cuda::scoped::private_wrapper<R, O2, S2>& result,
                                          BinaryOperation binary_op) noexcept {
  static_assert(detail::scoped::has_known_identity_v<BinaryOperation, R>,
                "exclusive_scan_over_group() without init needs an operation with a known identity "
                "(sycl::plus, multiplies, minimum, maximum, bit_and/or/xor, logical_and/or on arithmetic types)");
  weft::kernel::cuda::scoped::scan<false>(g, x, result, binary_op, detail::scoped::identity_of<BinaryOperation, R>(),
                                          true);
}
template <class Group, class T, class O, bool S1, class R, class O2, bool S2, class BinaryOperation, class V>
__device__ void inclusive_scan_over_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S1>& x,
                                          weft::kernel::cuda::scoped::private_wrapper<R, O2, S2>& result,
                                          BinaryOperation binary_op, V init) noexcept {
  weft::kernel::cuda::scoped::scan<true>(g, x, result, binary_op, static_cast<R>(init), true);
}
template <class Group, class T, class O, bool S1, class R, class O2, bool S2, class BinaryOperation>
__device__ void inclusive_scan_over_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S1>& x,
                                          weft::kernel::cuda::scoped::private_wrapper<R, O2, S2>& result,
                                          BinaryOperation binary_op) noexcept {
  weft::kernel::cuda::scoped::scan<true>(g, x, result, binary_op, R{}, false);
}

template <class Group, class T, class O, bool S, class Predicate>
__device__ bool any_of_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x,
                             Predicate pred) noexcept {
  namespace ks = weft::kernel::cuda::scoped;
  bool p = false;
  ks::for_each_owned(g, [&](unsigned k, std::size_t) { p |= static_cast<bool>(pred(x.at(k))); });
  return ks::team_any<ks::level_of<Group>>(p);
}
template <class Group, class T, class O, bool S, class Predicate>
__device__ bool all_of_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x,
                             Predicate pred) noexcept {
  return !any_of_group(g, x, [&](const T& v) { return !static_cast<bool>(pred(v)); });
}
template <class Group, class T, class O, bool S, class Predicate>
__device__ bool none_of_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x,
                              Predicate pred) noexcept {
  return !any_of_group(g, x, pred);
}
template <class Group, class T, class O, bool S>
__device__ bool any_of_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x) noexcept {
  return any_of_group(g, x, [](const T& v) { return static_cast<bool>(v); });
}
template <class Group, class T, class O, bool S>
__device__ bool all_of_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x) noexcept {
  return all_of_group(g, x, [](const T& v) { return static_cast<bool>(v); });
}
template <class Group, class T, class O, bool S>
__device__ bool none_of_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S>& x) noexcept {
  return !any_of_group(g, x);
}

template <class Group, class T, class O, bool S1, class O2, bool S2>
__device__ void shift_group_left(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S1>& x,
                                 weft::kernel::cuda::scoped::private_wrapper<T, O2, S2>& result,
                                 typename Group::linear_id_type delta = 1) noexcept {
  weft::kernel::cuda::scoped::exchange(g, x, result, [&](unsigned, std::size_t q) { return q + delta; });
}
template <class Group, class T, class O, bool S1, class O2, bool S2>
__device__ void shift_group_right(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S1>& x,
                                  weft::kernel::cuda::scoped::private_wrapper<T, O2, S2>& result,
                                  typename Group::linear_id_type delta = 1) noexcept {
  weft::kernel::cuda::scoped::exchange(g, x, result,
                                       [&](unsigned, std::size_t q) { return q >= delta ? q - delta : ~std::size_t(0); });
}
template <class Group, class T, class O, bool S1, class O2, bool S2>
__device__ void permute_group_by_xor(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S1>& x,
                                     weft::kernel::cuda::scoped::private_wrapper<T, O2, S2>& result,
                                     typename Group::linear_id_type mask) noexcept {
  weft::kernel::cuda::scoped::exchange(g, x, result, [&](unsigned, std::size_t q) { return q ^ mask; });
}
template <class Group, class T, class O, bool S1, class O2, bool S2, class U, class O3, bool S3>
__device__ void select_from_group(const Group& g, const weft::kernel::cuda::scoped::private_wrapper<T, O, S1>& x,
                                  weft::kernel::cuda::scoped::private_wrapper<T, O2, S2>& result,
                                  const weft::kernel::cuda::scoped::private_wrapper<U, O3, S3>& remote) noexcept {
  weft::kernel::cuda::scoped::exchange(g, x, result, [&](unsigned k, std::size_t) -> std::size_t {
    if constexpr (std::is_same_v<U, typename Group::id_type>)
      return detail::linearize(remote.at(k), g.get_logical_local_range());
    else
      return static_cast<std::size_t>(remote.at(k));
  });
}

// ---- joint_* on scoped groups: every physical item computes the result; scans are
// written by the leader, then the group synchronises. ------------------------------------

template <class Group, class Ptr, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
__device__ auto joint_reduce(const Group&, Ptr first, Ptr last, BinaryOperation binary_op) noexcept {
  using T = typename std::iterator_traits<Ptr>::value_type;
  T acc = *first;
  for (++first; first != last; ++first) acc = static_cast<T>(binary_op(acc, *first));
  return acc;
}
template <class Group, class Ptr, class T, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
__device__ T joint_reduce(const Group&, Ptr first, Ptr last, T init, BinaryOperation binary_op) noexcept {
  for (; first != last; ++first) init = static_cast<T>(binary_op(init, *first));
  return init;
}
template <class Group, class InPtr, class OutPtr, class T, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
__device__ OutPtr joint_exclusive_scan(const Group&, InPtr first, InPtr last, OutPtr result, T init,
                                       BinaryOperation binary_op) noexcept {
  namespace ks = weft::kernel::cuda::scoped;
  constexpr int level = Group::properties::level;
  const auto n = last - first;
  ks::team_barrier<level>();  // the range is complete
  if (ks::team_leader<level>())
    for (auto i = n - n; i != n; ++i) {
      const T v = first[i];
      result[i] = init;
      init = static_cast<T>(binary_op(init, v));
    }
  ks::team_barrier<level>();
  return result + n;
}
template <class Group, class InPtr, class OutPtr, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
__device__ OutPtr joint_exclusive_scan(const Group& g, InPtr first, InPtr last, OutPtr result,
                                       BinaryOperation binary_op) noexcept {
  using T = typename std::iterator_traits<OutPtr>::value_type;
  using TT = std::conditional_t<std::is_void_v<T>, typename std::iterator_traits<InPtr>::value_type, T>;
  static_assert(detail::scoped::has_known_identity_v<BinaryOperation, TT>,
                "joint_exclusive_scan() without init needs an operation with a known identity");
  return joint_exclusive_scan(g, first, last, result, detail::scoped::identity_of<BinaryOperation, TT>(), binary_op);
}
template <class Group, class InPtr, class OutPtr, class BinaryOperation, class T,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
__device__ OutPtr joint_inclusive_scan(const Group&, InPtr first, InPtr last, OutPtr result, BinaryOperation binary_op,
                                       T init) noexcept {
  namespace ks = weft::kernel::cuda::scoped;
  constexpr int level = Group::properties::level;
  const auto n = last - first;
  ks::team_barrier<level>();
  if (ks::team_leader<level>())
    for (auto i = n - n; i != n; ++i) {
      init = static_cast<T>(binary_op(init, first[i]));
      result[i] = init;
    }
  ks::team_barrier<level>();
  return result + n;
}
template <class Group, class InPtr, class OutPtr, class BinaryOperation,
          std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
__device__ OutPtr joint_inclusive_scan(const Group&, InPtr first, InPtr last, OutPtr result,
                                       BinaryOperation binary_op) noexcept {
  namespace ks = weft::kernel::cuda::scoped;
  constexpr int level = Group::properties::level;
  using T = typename std::iterator_traits<InPtr>::value_type;
  const auto n = last - first;
  ks::team_barrier<level>();
  if (ks::team_leader<level>() && n > 0) {
    T acc = first[0];
    result[0] = acc;
    for (auto i = n - n + 1; i != n; ++i) {
      acc = static_cast<T>(binary_op(acc, first[i]));
      result[i] = acc;
    }
  }
  ks::team_barrier<level>();
  return result + n;
}
template <class Group, class Ptr, class Predicate, std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
__device__ bool joint_any_of(const Group&, Ptr first, Ptr last, Predicate pred) noexcept {
  for (; first != last; ++first)
    if (pred(*first)) return true;
  return false;
}
template <class Group, class Ptr, class Predicate, std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
__device__ bool joint_all_of(const Group& g, Ptr first, Ptr last, Predicate pred) noexcept {
  using T = typename std::iterator_traits<Ptr>::value_type;
  return !joint_any_of(g, first, last, [&](const T& v) { return !static_cast<bool>(pred(v)); });
}
template <class Group, class Ptr, class Predicate, std::enable_if_t<detail::scoped::is_scoped_group_v<Group>, int> = 0>
__device__ bool joint_none_of(const Group& g, Ptr first, Ptr last, Predicate pred) noexcept {
  return !joint_any_of(g, first, last, pred);
}

}  // namespace weft::sycl
