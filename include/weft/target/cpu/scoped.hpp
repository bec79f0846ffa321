#pragma once
// The CPU target's scoped parallelism (weft/kernel/scoped_ops.hpp). One task runs
// whole work groups with physical group size 1, so:
//   distribute_items   a plain loop over the group's logical items (nested loops in
//                      2 and 3 D, innermost over the contiguous dimension), with
//                      the plugin's candidate mark (weft/kernel/item_loop_mark.hpp)
//   distribute_groups  a loop over the sub-groups; single_item a call
//   barrier            nothing to wait for: a compiler barrier
//   memory             memory_environment's local memory of up to 8 KiB a request lives
//                      in the call's frame, larger local and logical-private memory come
//                      from the task's arena (scoped_arena.hpp); private memory is one contiguous array per
//                      group, indexed by the item's work-group linear id, so the group
//                      algorithms are loops (and xsimd folds) over arrays.
// The nesting rules the type system cannot see are checked here when
// WEFT_SCOPED_CHECKS is on (sycl/scoped/checks.hpp).
#include <atomic>
#include <cstddef>
#include <iterator>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/functional.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/memory_request.hpp>
#include <sycl/scoped/s_item.hpp>
#include <weft/kernel/item_loop_mark.hpp>
#include <weft/kernel/scoped.hpp>
#include <weft/target/cpu/range_fold.hpp>
#include <weft/target/cpu/scoped_arena.hpp>

namespace weft::kernel::scoped {

namespace sd = ::weft::sycl::detail::scoped;
using ::weft::sycl::id;
using ::weft::sycl::range;

// ---- distribution ------------------------------------------------------------------

template <class G, class F>
void distribute_items(const G& g, F& f) WEFT_SCOPED_NOEXCEPT {
  constexpr int Dims = G::dimensions;
  const sd::group_state<Dims>& s = sd::group_access::state(g);
  sd::check_collective<G::properties::level>(s.ctx);
  sd::region_guard guard(s.ctx, G::properties::level, scoped_region::items);
  const range<Dims> gr = s.global_range;
  const range<Dims> lr = s.local_range;
  using sd::s_item_access;
  if constexpr (Dims == 1) {
    const std::size_t n = lr[0], o = s.global_origin[0], w = s.wg_offset;
    WEFT_PLUGIN_CANDIDATE_ITEM_LOOP
    for (std::size_t i = 0; i < n; ++i) f(s_item_access::make<1>(id<1>(o + i), gr, id<1>(i), lr, w + i));
  } else if constexpr (Dims == 2) {
    const std::size_t n0 = lr[0], n1 = lr[1];
    const std::size_t o0 = s.global_origin[0], o1 = s.global_origin[1];
    WEFT_PLUGIN_GROUP_ROW_LOOP
    for (std::size_t i = 0; i < n0; ++i) {
      const std::size_t w = s.wg_offset + i * n1;
      WEFT_PLUGIN_CANDIDATE_ITEM_LOOP
      for (std::size_t j = 0; j < n1; ++j) f(s_item_access::make<2>(id<2>(o0 + i, o1 + j), gr, id<2>(i, j), lr, w + j));
    }
  } else {
    const std::size_t n0 = lr[0], n1 = lr[1], n2 = lr[2];
    const std::size_t o0 = s.global_origin[0], o1 = s.global_origin[1], o2 = s.global_origin[2];
    WEFT_PLUGIN_GROUP_ROW_LOOP
    for (std::size_t i = 0; i < n0; ++i) {
      WEFT_PLUGIN_GROUP_ROW_LOOP
      for (std::size_t j = 0; j < n1; ++j) {
        const std::size_t w = s.wg_offset + (i * n1 + j) * n2;
        WEFT_PLUGIN_CANDIDATE_ITEM_LOOP
        for (std::size_t k = 0; k < n2; ++k)
          f(s_item_access::make<3>(id<3>(o0 + i, o1 + j, o2 + k), gr, id<3>(i, j, k), lr, w + k));
      }
    }
  }
}

template <class G, class F>
void distribute_groups(const G& g, F& f) WEFT_SCOPED_NOEXCEPT {
  using child_t = sd::child_group_t<G>;
  constexpr int Dims = G::dimensions;
  const sd::group_state<Dims>& s = sd::group_access::state(g);
  sd::check_collective<G::properties::level>(s.ctx);
  sd::region_guard guard(s.ctx, G::properties::level + 1, scoped_region::group);
  const range<Dims> shape = sd::sub_group_shape(s.local_range, sd::child_group<G>::tile);
  range<Dims> count;
  for (int d = 0; d < Dims; ++d) count[d] = (s.local_range[d] + shape[d] - 1) / shape[d];
  const std::size_t n = count.size();
  sd::group_state<Dims> c = s;
  c.group_range = count;
  for (std::size_t l = 0; l < n; ++l) {
    const id<Dims> j = ::weft::sycl::detail::delinearize(l, count);
    id<Dims> origin;
    for (int d = 0; d < Dims; ++d) {
      origin[d] = j[d] * shape[d];
      const std::size_t left = s.local_range[d] - origin[d];
      c.local_range[d] = left < shape[d] ? left : shape[d];
    }
    c.group_id = j;
    c.global_origin = s.global_origin + origin;
    // Groups are contiguous runs of work-group linear ids (sycl/scoped/groups.hpp).
    c.wg_offset = s.wg_offset + ::weft::sycl::detail::linearize(origin, s.local_range);
    f(sd::group_access::make<child_t>(c));
  }
}

template <class G, class F>
void single_item(const G& g, F& f) WEFT_SCOPED_NOEXCEPT {
  const auto& s = sd::group_access::state(g);
  sd::check_collective<G::properties::level>(s.ctx);
  sd::region_guard guard(s.ctx, G::properties::level, scoped_region::single);
  f();
}

template <class G>
void barrier(const G& g) WEFT_SCOPED_NOEXCEPT {
  sd::check_collective<G::properties::level>(sd::group_access::state(g).ctx);
  std::atomic_signal_fence(std::memory_order_seq_cst);
}

// ---- memory ---------------------------------------------------------------------------

// Logical-item private memory of Group: one contiguous array of T, wrapper(idx) is
// the T of logical item idx.
template <class T, class Group>
class private_memory_access {
 public:
  static constexpr int dimensions = Group::dimensions;
  using value_type = T;
  using group_type = Group;

  private_memory_access(T* data, std::size_t offset, std::size_t size) noexcept
      : m_data(data), m_offset(offset), m_size(size) {}
  private_memory_access(const private_memory_access&) = delete;
  private_memory_access& operator=(const private_memory_access&) = delete;

  T& operator()(const ::weft::sycl::s_item<dimensions>& idx) const noexcept {
    return m_data[sd::s_item_access::wg_linear(idx) - m_offset];
  }
  /// Number of logical items (slots).
  std::size_t size() const noexcept { return m_size; }

  // The slots of the logical items of group g (g nested in the wrapper's group).
  template <class Sub>
  T* slots(const Sub& g) const WEFT_SCOPED_NOEXCEPT {
    const auto& s = sd::group_access::state(g);
#if WEFT_SCOPED_CHECKS
    if (s.wg_offset < m_offset || s.wg_offset + s.local_range.size() > m_offset + m_size) sd::report(sd::owner_text);
#endif
    return m_data + (s.wg_offset - m_offset);
  }

 private:
  T* m_data;
  std::size_t m_offset;  // work-group linear id of the owner group's first item
  std::size_t m_size;
};

// count objects of type T from the group's arena, alive as long as this object.
template <class T>
class allocation {
 public:
  template <class G>
  allocation(const G& g, std::size_t count) : m_count(count) {
    const auto& s = sd::group_access::state(g);
#if WEFT_SCOPED_CHECKS
    if (s.ctx->region == scoped_region::items) sd::report(sd::rule2_text);
#endif
    m_arena = s.ctx->arena;
    m_mark = m_arena->get_mark();
    m_data = static_cast<T*>(m_arena->allocate(sizeof(T) * count, alignof(T) < 64 ? 64 : alignof(T)));
    sd::default_construct_n(m_data, count);
  }
  ~allocation() {
    sd::destroy_n(m_data, m_count);
    m_arena->release(m_mark);
  }
  allocation(const allocation&) = delete;
  allocation& operator=(const allocation&) = delete;
  T* data() const noexcept { return m_data; }

 private:
  scoped_arena* m_arena;
  scoped_arena::mark m_mark;
  T* m_data;
  std::size_t m_count;
};

namespace detail {

// One requested allocation while the callable runs.
template <class Request, class Group>
struct request_memory;

// Local memory of at most this many bytes per request lives in the frame of the
// call (the task's thread stack) instead of the arena: the compiler then knows the
// kernel's pointers cannot reach it (the items' copies into it need no run-time
// overlap checks), and a group costs no arena bookkeeping: the specification's
// reduction in cache took 16-17 ns a group instead of 18-19, with clang 22 + plugin
// and with g++.
inline constexpr std::size_t local_in_frame_bytes = 8 * 1024;

// The frame's storage is named by its own address, never stored beside it: a pointer
// to it kept in memory made it escape, so the compiler could no longer tell a tile
// from the kernel's other memory (a tiled dgemm's copies and updates, which the
// plugin then left in order).
template <class T, bool InFrame = (sizeof(T) <= local_in_frame_bytes)>
struct local_storage {
  alignas(alignof(T) < 64 ? 64 : alignof(T)) unsigned char bytes[sizeof(T)];
  explicit local_storage(scoped_arena&) noexcept {}
  T* get() noexcept { return reinterpret_cast<T*>(bytes); }
};
template <class T>
struct local_storage<T, false> {
  T* data;
  explicit local_storage(scoped_arena& a)
      : data(static_cast<T*>(a.allocate(sizeof(T), alignof(T) < 64 ? 64 : alignof(T)))) {}
  T* get() noexcept { return data; }
};

template <class T, bool Init, class Group>
struct request_memory<sd::memory_request<T, sd::mem_kind::local, Init>, Group> {
  local_storage<T> storage;
  request_memory([[maybe_unused]] const sd::memory_request<T, sd::mem_kind::local, Init>& r, const Group&,
                 scoped_arena& a)
      : storage(a) {
    if constexpr (Init) sd::fill_construct_n(storage.get(), 1, r.init);
    else sd::default_construct_n(storage.get(), 1);
  }
  ~request_memory() { sd::destroy_n(storage.get(), 1); }
  request_memory(const request_memory&) = delete;
  request_memory& operator=(const request_memory&) = delete;
  T& get() noexcept { return *storage.get(); }
};

template <class T, bool Init, class Group>
struct request_memory<sd::memory_request<T, sd::mem_kind::priv, Init>, Group> {
  std::size_t count;
  T* data;
  private_memory_access<T, Group> wrapper;
  request_memory([[maybe_unused]] const sd::memory_request<T, sd::mem_kind::priv, Init>& r, const Group& g,
                 scoped_arena& a)
      : count(sd::group_access::state(g).local_range.size()),
        data(static_cast<T*>(a.allocate(sizeof(T) * count, alignof(T) < 64 ? 64 : alignof(T)))),
        wrapper(data, sd::group_access::state(g).wg_offset, count) {
    if constexpr (Init) sd::fill_construct_n(data, count, r.init);
    else sd::default_construct_n(data, count);
  }
  ~request_memory() { sd::destroy_n(data, count); }
  request_memory(const request_memory&) = delete;
  request_memory& operator=(const request_memory&) = delete;
  private_memory_access<T, Group>& get() noexcept { return wrapper; }
};

// Allocates request I (and, recursively, the following ones), then calls f.
template <std::size_t I, std::size_t N, class Group, class F, class Tuple, class... Allocated>
void allocate_and_call(const Group& g, scoped_arena& a, F& f, const Tuple& requests, Allocated&... allocated) {
  if constexpr (I == N) {
    f(allocated.get()...);
  } else {
    using request_t = std::decay_t<std::tuple_element_t<I, Tuple>>;
    request_memory<request_t, Group> mine(std::get<I>(requests), g, a);
    allocate_and_call<I + 1, N>(g, a, f, requests, allocated..., mine);
  }
}

template <class F, class Tuple, class Group, std::size_t... I>
constexpr bool environment_callable(std::index_sequence<I...>) {
  return std::is_invocable_v<
      F&, decltype(std::declval<request_memory<std::decay_t<std::tuple_element_t<I, Tuple>>, Group>&>().get())...>;
}

}  // namespace detail

template <class G, class... Args>
void memory_environment(const G& g, Args&&... args) WEFT_SCOPED_NOEXCEPT {
  constexpr std::size_t N = sizeof...(Args) - 1;
  using all_t = std::tuple<Args&&...>;
  using F = std::remove_reference_t<std::tuple_element_t<N, all_t>>;
  static_assert(detail::environment_callable<F, all_t, G>(std::make_index_sequence<N>{}),
                "memory_environment(): the callable must accept a reference to each allocation, in the order "
                "requested: T& for require_local_mem<T>(), a private memory wrapper& for require_private_mem<T>()");
  const auto& s = sd::group_access::state(g);
  sd::check_collective<G::properties::level>(s.ctx);
  all_t all(std::forward<Args>(args)...);
  scoped_arena_scope scope(*s.ctx->arena);
  detail::allocate_and_call<0, N>(g, *s.ctx->arena, std::get<N>(all), all);
}

// ---- group algorithms over private memory ------------------------------------------------

namespace detail {
// The nesting check and the array of g's items in x.
template <class G, class T, class O>
T* span_of(const G& g, const private_memory_access<T, O>& x) WEFT_SCOPED_NOEXCEPT {
  sd::check_collective<G::properties::level>(sd::group_access::state(g).ctx);
  return x.slots(g);
}

// A copy of the n values at src in the task's arena when source and result alias.
template <class G, class T>
const T* source_copy(const G& g, T* src, const T* dst, std::size_t n) {
  if (src != dst) return src;
  T* tmp = static_cast<T*>(sd::group_access::state(g).ctx->arena->allocate(n * sizeof(T), 64));
  std::uninitialized_copy_n(src, n, tmp);
  return tmp;
}

template <class T, class Pred>
bool any_span(const T* p, std::size_t n, Pred& pred) {
  bool r = false;
  for (std::size_t i = 0; i < n; ++i) r |= static_cast<bool>(pred(p[i]));  // no early exit: vectorizes
  return r;
}
}  // namespace detail

template <class G, class T, class O>
T broadcast(const G& g, const private_memory_access<T, O>& x, std::size_t id) WEFT_SCOPED_NOEXCEPT {
  return detail::span_of(g, x)[id];
}

// op over init (when given) and g's items in x.
template <class G, class T, class O, class Op, class V>
V reduce(const G& g, const private_memory_access<T, O>& x, Op& op, const V* init) WEFT_SCOPED_NOEXCEPT {
  const T* p = detail::span_of(g, x);
  const std::size_t n = g.get_logical_local_linear_range();
  if (init) return fold_range(p, n, *init, op);
  if constexpr (sd::has_known_identity_v<Op, T>) {
    return fold_range(p, n, sd::identity_of<Op, T>(), op);
  } else {
    // Without a known identity the group must not be empty (scoped groups never are).
    return fold_range(p + 1, n - 1, T(p[0]), op);
  }
}

template <bool Inclusive, class G, class T, class O, class R, class O2, class Op>
void scan(const G& g, const private_memory_access<T, O>& x, private_memory_access<R, O2>& result, Op& op, R init,
          bool has_init) WEFT_SCOPED_NOEXCEPT {
  const T* in = detail::span_of(g, x);
  R* out = result.slots(g);
  const std::size_t n = g.get_logical_local_linear_range();
  R acc = init;
  if constexpr (Inclusive) {
    std::size_t i = 0;
    if (!has_init) {
      acc = static_cast<R>(in[0]);
      out[0] = acc;
      i = 1;
    }
    for (; i < n; ++i) {
      acc = op(acc, static_cast<R>(in[i]));
      out[i] = acc;
    }
  } else {
    for (std::size_t i = 0; i < n; ++i) {
      const R v = static_cast<R>(in[i]);  // read first: in and out may be the same array
      out[i] = acc;
      acc = op(acc, v);
    }
  }
}

template <class G, class T, class O, class Pred>
bool any(const G& g, const private_memory_access<T, O>& x, Pred& pred) WEFT_SCOPED_NOEXCEPT {
  return detail::any_span(detail::span_of(g, x), g.get_logical_local_linear_range(), pred);
}

// result(i) = x(src(i)) where src(i) < n, else x(i).
template <class G, class T, class O, class O2, class Src>
void exchange(const G& g, const private_memory_access<T, O>& x, private_memory_access<T, O2>& result,
              Src&& src) WEFT_SCOPED_NOEXCEPT {
  T* from = detail::span_of(g, x);
  T* out = result.slots(g);
  const std::size_t n = g.get_logical_local_linear_range();
  scoped_arena_scope scope(*sd::group_access::state(g).ctx->arena);
  const T* in = detail::source_copy(g, from, out, n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = src(i);
    out[i] = j < n ? in[j] : in[i];
  }
}

template <class G, class T, class O, class O2, class U, class O3>
void select(const G& g, const private_memory_access<T, O>& x, private_memory_access<T, O2>& result,
            const private_memory_access<U, O3>& remote) WEFT_SCOPED_NOEXCEPT {
  const U* from = remote.slots(g);
  exchange(g, x, result, [&](std::size_t i) -> std::size_t {
    if constexpr (std::is_same_v<U, typename G::id_type>)
      return ::weft::sycl::detail::linearize(from[i], g.get_logical_local_range());
    else return static_cast<std::size_t>(from[i]);
  });
}

// ---- joint algorithms: the group's one physical item runs the whole range --------------

template <class G, class Ptr, class Op>
auto joint_reduce(const G& g, Ptr first, Ptr last, Op& op) WEFT_SCOPED_NOEXCEPT {
  sd::check_collective<G::properties::level>(sd::group_access::state(g).ctx);
  using T = typename std::iterator_traits<Ptr>::value_type;
  if constexpr (std::is_pointer_v<Ptr>) {
    const std::size_t n = static_cast<std::size_t>(last - first);
    if constexpr (sd::has_known_identity_v<Op, T>) return fold_range(first, n, sd::identity_of<Op, T>(), op);
    else return fold_range(first + 1, n - 1, T(*first), op);
  } else {
    T acc = *first;
    for (++first; first != last; ++first) acc = op(acc, *first);
    return acc;
  }
}

template <class G, class Ptr, class T, class Op>
T joint_reduce(const G& g, Ptr first, Ptr last, T init, Op& op) WEFT_SCOPED_NOEXCEPT {
  sd::check_collective<G::properties::level>(sd::group_access::state(g).ctx);
  if constexpr (std::is_pointer_v<Ptr>) {
    return fold_range(first, static_cast<std::size_t>(last - first), init, op);
  } else {
    for (; first != last; ++first) init = op(init, *first);
    return init;
  }
}

// result[i] = init op first[0] op ... (inclusive) or ... op first[i - 1] (exclusive);
// an inclusive scan may have no init.
template <bool Inclusive, class G, class InPtr, class OutPtr, class T, class Op>
void joint_scan(const G& g, InPtr first, InPtr last, OutPtr result, const T* init, Op& op) WEFT_SCOPED_NOEXCEPT {
  sd::check_collective<G::properties::level>(sd::group_access::state(g).ctx);
  if (first == last) return;
  if constexpr (Inclusive) {
    T acc = init ? T(op(*init, *first)) : T(*first);
    *result = acc;
    for (++first, ++result; first != last; ++first, ++result) {
      acc = op(acc, *first);
      *result = acc;
    }
  } else {
    T acc = *init;
    for (; first != last; ++first, ++result) {
      const T v = *first;
      *result = acc;
      acc = op(acc, v);
    }
  }
}

template <class G, class Ptr, class Pred>
bool joint_any(const G& g, Ptr first, Ptr last, Pred& pred) WEFT_SCOPED_NOEXCEPT {
  sd::check_collective<G::properties::level>(sd::group_access::state(g).ctx);
  if constexpr (std::is_pointer_v<Ptr>) {
    return detail::any_span(first, static_cast<std::size_t>(last - first), pred);
  } else {
    for (; first != last; ++first)
      if (pred(*first)) return true;
    return false;
  }
}

}  // namespace weft::kernel::scoped
