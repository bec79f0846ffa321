#pragma once
// CPU execution of parallel_for(range | nd_range, reductions..., kernel).
//
// range: a parallel reduction over chunks of contiguous linear ids (parallel.hpp:
// oneTBB's parallel_reduce in libweft); no fibers. (With static placement on:
// parallel.hpp's static_for blocks, docs/hpc.md, "Placement".)
// Inside a chunk, consecutive items use `reducer_lanes` private partial states
// in turn, so a kernel like `sum += a[i]` becomes independent accumulators the
// compiler keeps in (vector) registers instead of one serial dependency chain.
// The states are plain local values; each item gets a temporary reducer that
// continues its lane's state and writes it back, which the compiler dissolves
// once the kernel is inlined (a reducer object living across items would stay
// in memory, and its stores would hold up the loop). The lanes are combined
// pairwise at the end of each chunk, then the chunks' partials.
//
// nd_range: the fiber engine runs the kernel; each work item gets fresh reducers,
// and when it returns they are folded into its work group's partial (the items of
// a group run on one thread, so the slot needs no lock). The group partials are
// combined in group order at the end.
#include <algorithm>
#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include <sycl/item.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/reduction.hpp>
#include <weft/kernel/item_loop_mark.hpp>
#include <weft/target/cpu/nd_range_kernel.hpp>
#include <weft/target/cpu/range_launch.hpp>
#include <weft/target/cpu/parallel.hpp>
#include <weft/runtime/runtime.hpp>
#include <weft/runtime/launch.hpp>

namespace weft::cpu {

// Private partial states per chunk of a range kernel: 32 floats are four AVX
// registers, enough independent adds to hide their latency.
inline constexpr std::size_t reducer_lanes = 32;

namespace detail {

using sycl::detail::reducer_access;

// A reduction's partial result: value, and whether any item contributed.
template <class R>
struct partial {
  using T = typename R::value_type;
  T value;
  bool engaged;

  static partial empty(const R& red) {
    if constexpr (R::has_identity) return {red.identity, false};
    else return {T{}, false};
  }
  void add(const R& red, const T& v) {
    value = engaged ? static_cast<T>(red.op(value, v)) : v;
    engaged = true;
  }
  void add(const R& red, const partial& o) {
    if (o.engaged) add(red, o.value);
  }
  template <class Reducer>
  void add_reducer(const R& red, const Reducer& r) {
    if (reducer_access::engaged(r)) add(red, reducer_access::value(r));
  }
};

// Reducers cannot be copied or moved, so they are built in place: a pack holds
// one element per reduction, each made by make(reduction) as a prvalue.
template <class... E>
struct pack;
template <>
struct pack<> {
  template <class F>
  explicit pack(const F&) {}
};
template <class E, class... Rest>
struct pack<E, Rest...> {
  template <class F, class A, class... As>
  pack(const F& make, const A& a, const As&... as) : head(make(a)), tail(make, as...) {}
  E head;
  pack<Rest...> tail;
};
template <std::size_t J, class E, class... Rest>
auto& get(pack<E, Rest...>& p) {
  if constexpr (J == 0) return p.head;
  else return get<J - 1>(p.tail);
}

template <int Dims>
sycl::id<Dims> delinearize(std::size_t i, const sycl::range<Dims>& r) {
  sycl::id<Dims> id;
  for (int d = Dims - 1; d >= 0; --d) {
    id[d] = i % r[d];
    i /= r[d];
  }
  return id;
}

// A range kernel takes an item, or an id (item converts to neither implicitly).
template <class Kernel, class Item, class... Reducers>
inline void invoke(const Kernel& k, const Item& it, Reducers&... reducers) {
  if constexpr (std::is_invocable_v<const Kernel&, const Item&, Reducers&...>) k(it, reducers...);
  else k(it.get_id(), reducers...);
}

// The partial states of L lanes of one reduction, as plain values.
template <class R, std::size_t L>
struct lane_array {
  using T = typename R::value_type;
  T value[L];
  // Only read when R has no identity. Also written when it has one (the
  // compiler drops those stores): writing it only without an identity changed
  // how GCC 12 vectorizes the lanes, for the worse (0.80 -> 0.67 of the
  // hand-written sum of 2^17 floats).
  bool engaged[L];

  static lane_array empty(const R& red) {
    lane_array a;
    for (std::size_t l = 0; l < L; ++l) {
      if constexpr (R::has_identity) a.value[l] = red.identity;
      else a.value[l] = T{};
      a.engaged[l] = false;
    }
    return a;
  }
};

// Runs one item with a reducer per reduction that continues lane l's state,
// then stores the state back. The reducers are temporaries the compiler
// dissolves once the kernel is inlined.
template <class Kernel, class Item, class Lanes, class Reds, std::size_t... J>
inline void run_on_lanes(const Kernel& k, const Item& it, Lanes& lanes, std::size_t l, const Reds& reds,
                         std::index_sequence<J...>) {
  run_with_reducers(
      k, it, lanes, l, reds,
      reducer_access::make_from(std::get<J>(reds), std::get<J>(lanes).value[l], std::get<J>(lanes).engaged[l])...);
}
template <class Kernel, class Item, class Lanes, class Reds, class... Reducers>
inline void run_with_reducers(const Kernel& k, const Item& it, Lanes& lanes, std::size_t l, const Reds&,
                              Reducers&&... reducers) {
  invoke(k, it, reducers...);
  store_lanes(lanes, l, std::index_sequence_for<Reducers...>(), reducers...);
}
template <class Lanes, std::size_t... J, class... Reducers>
inline void store_lanes(Lanes& lanes, std::size_t l, std::index_sequence<J...>, const Reducers&... reducers) {
  ((std::get<J>(lanes).value[l] = reducer_access::value(reducers),
    std::get<J>(lanes).engaged[l] = reducer_access::engaged(reducers)),
   ...);
}

// Lanes a vector holds for clang's widening of the lane loop: 256 bits of the
// widest reduction's type, at least 1, at most L.
template <std::size_t L, class... Reds>
constexpr std::size_t lane_vector_width() {
  constexpr std::size_t widest = std::max({std::size_t(1), sizeof(typename Reds::value_type)...});
  constexpr std::size_t w = 32 / widest;
  return w < 1 ? 1 : (w > L ? L : w);
}

// acc[j] += every lane of reduction j. With an identity every lane holds a
// value: they are combined pairwise (a tree the compiler vectorizes, not a
// serial chain of L steps). The lanes come by value: where this call is not
// inlined, a reference would hand the chunk's lanes to it, and clang would then
// store them to memory on every block of the chunk's loop.
template <class Parts, class Lanes, class Reds, std::size_t... J>
void fold_lane_arrays(Parts& acc, Lanes lanes, const Reds& reds, std::index_sequence<J...>) {
  (
      [&] {
        auto& lane = std::get<J>(lanes);
        const auto& red = std::get<J>(reds);
        using R = std::decay_t<decltype(red)>;
        using T = typename R::value_type;
        constexpr std::size_t L = sizeof(lane.value) / sizeof(lane.value[0]);
        if constexpr (R::has_identity) {
          for (std::size_t w = L / 2; w > 0; w /= 2)
            for (std::size_t j = 0; j < w; ++j)
              lane.value[j] = static_cast<T>(red.op(lane.value[j], lane.value[j + w]));
          std::get<J>(acc).add(red, lane.value[0]);
        } else {
          for (std::size_t l = 0; l < L; ++l)
            if (lane.engaged[l]) std::get<J>(acc).add(red, lane.value[l]);
        }
      }(),
      ...);
}

template <class Kernel, class Item, class Reducers, std::size_t... J>
inline void invoke_pack(const Kernel& k, const Item& it, Reducers& reducers, std::index_sequence<J...>) {
  k(it, get<J>(reducers)...);
}

// acc[j] += reducer j.
template <class Parts, class Reducers, class Reds, std::size_t... J>
void fold_reducers(Parts& acc, Reducers& reducers, const Reds& reds, std::index_sequence<J...>) {
  (std::get<J>(acc).add_reducer(std::get<J>(reds), get<J>(reducers)), ...);
}

template <class Parts, class Reds, std::size_t... J>
void fold_parts(Parts& a, const Parts& b, const Reds& reds, std::index_sequence<J...>) {
  (std::get<J>(a).add(std::get<J>(reds), std::get<J>(b)), ...);
}

template <class Reds, class Parts, std::size_t... J>
void finish_all(const Reds& reds, const Parts& parts, std::index_sequence<J...>) {
  (std::get<J>(reds).finish(std::get<J>(parts).value, std::get<J>(parts).engaged), ...);
}

}  // namespace detail

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif
template <int Dims, class Kernel, class... Reds>
void run_range_reduction(const sycl::range<Dims>& r, const Kernel& kernel, const Reds&... reds_in) {
  using parts_t = std::tuple<detail::partial<Reds>...>;
  using seq = std::index_sequence_for<Reds...>;
  constexpr std::size_t L = reducer_lanes;
  using lanes_t = std::tuple<detail::lane_array<Reds, L>...>;
  const auto reds = std::tie(reds_in...);
  const parts_t empty{detail::partial<Reds>::empty(reds_in)...};
  const std::size_t n = r.size();
  parts_t total = empty;
  if (n != 0) {
    const std::size_t grain = std::max<std::size_t>(L * 256, 4096);
    [[maybe_unused]] constexpr std::size_t W = detail::lane_vector_width<L, Reds...>();
    // Items [begin, end) into acc.
    auto run_block = [&](std::size_t begin, std::size_t end, parts_t& acc) {
      const Kernel k = kernel;  // private copy: its captures cannot alias what the kernel writes
      // The lanes' partial states are plain local values (no reducer object
      // lives across items), so the compiler keeps them in registers.
      lanes_t lanes{detail::lane_array<Reds, L>::empty(reds_in)...};
      auto item_at = [&](std::size_t i) {
        if constexpr (Dims == 1) return sycl::detail::item_access::make(sycl::id<1>(i), r);
        else return sycl::detail::item_access::make(detail::delinearize(i, r), r);
      };
      auto run = [&](std::size_t i, std::size_t l) { detail::run_on_lanes(k, item_at(i), lanes, l, reds, seq()); };
      std::size_t i = begin;
      // Blocks of L items, item i on lane i % L; the items before the first block
      // and after the last on lane 0, so that every lane index is a constant and
      // the lanes live in registers (a lane picked at run time keeps them in memory).
      // (Under clang these two loops of lane 0 stay scalar: widened, they would test
      // at run time that lane 0 misses the kernel's data, and to keep that address
      // clang would store the lanes to memory on every block of the loop below.)
#if defined(__clang__)
#pragma clang loop vectorize(disable)
#endif
      for (; i < end && i % L != 0; ++i) run(i, 0);
      // The lanes mark: the plugin may give an item's loads to other lanes
      // (weft-reduction-lanes), as every lane ends in the same fold.
      WEFT_PLUGIN_REDUCTION_LANES_LOOP
      for (; i + L <= end; i += L) {
#if defined(__clang__)
// clang: the L lanes widened, W lanes a vector (256 bits of the widest
// reduction's type) times L / W interleaved, so one pass of the widened loop
// covers a block: L / W independent chains of adds. Fully unrolled first, the
// lanes become L scalars that the SLP vectorizer packs and unpacks on every block
// (0.25 of the hand-written sum); widened by clang's own choice and not unrolled
// (unroll(disable), which the widened loop keeps), the L / W vectors took turns in
// one chain through memory, a store and a reload per vector (cf1: 0.67 of the
// hand-written sum at 16 CPUs, g++ 0.87). The items of a range kernel are
// independent and each has its own lane, so the loop is marked so (as the item loops
// are, WEFT_SIMD_ITEMS): else the vectorizer checks at run time, every block, that
// the lanes do not overlap the kernel's data, and the lanes stay in memory. Where the
// body cannot be widened the loop stays as it is, without a warning (-Wpass-failed
// is off around it).
#if WEFT_SIMD_ITEMS && !WEFT_CHECKED
#pragma clang loop vectorize(assume_safety) vectorize_width(W) interleave_count(L / W) unroll(disable)
#else
#pragma clang loop vectorize(enable) vectorize_width(W) interleave_count(L / W) unroll(disable)
#endif
#elif defined(__GNUC__)
#pragma GCC unroll 32
#endif
        for (std::size_t l = 0; l < L; ++l) run(i + l, l);
      }
#if defined(__clang__)
#pragma clang loop vectorize(disable)
#endif
      for (; i < end; ++i) run(i, 0);
      detail::fold_lane_arrays(acc, lanes, reds, seq());
    };
    if (weft::detail::static_partition()) {
      // Static placement (docs/hpc.md, "Placement"): the linear ids in the blocks
      // of a 1D parallel_for(range) of n items (for 2D and 3D ranges the same
      // cut as their row and plane blocks whenever these split evenly), one
      // partial per block, folded in block order.
      const std::size_t chunks = std::min(n, static_chunks(n, 1, grain_for(n)));
      std::vector<parts_t> parts(chunks, empty);
      static_for(n, chunks, [&](std::size_t b, std::size_t e) {
        run_block(b, e, parts[(b * chunks + n - 1) / n]);  // block k begins at floor(k*n/C): k = ceil(b*C/n)
      });
      for (const parts_t& p : parts) detail::fold_parts(total, p, reds, seq());
    } else {
      cpu::parallel_reduce(0, n, grain, empty, total, run_block,
                           [&](parts_t& a, const parts_t& b) { detail::fold_parts(a, b, reds, seq()); });
    }
  }
  detail::finish_all(reds, total, seq());
}

#if defined(__clang__)
#pragma clang diagnostic pop
#endif

template <int Dims, class Kernel, class... Reds>
void run_nd_range_reduction(const sycl::nd_range<Dims>& r, const launch::group_request& local, const Kernel& kernel,
                            const Reds&... reds_in) {
  using parts_t = std::tuple<detail::partial<Reds>...>;
  using seq = std::index_sequence_for<Reds...>;
  using reducers_t = detail::pack<typename Reds::reducer_type...>;
  const auto reds = std::tie(reds_in...);
  const parts_t empty{detail::partial<Reds>::empty(reds_in)...};
  const std::size_t groups = r.get_global_range().size() / std::max<std::size_t>(1, r.get_local_range().size());
  // One partial per work group.
  std::vector<parts_t> slots(groups, empty);
  parts_t* slot = slots.data();
  auto wrapper = [&kernel, slot, &reds, &reds_in...](const sycl::nd_item<Dims>& it) {
    reducers_t reducers([](const auto& red) { return detail::reducer_access::make(red); }, reds_in...);
    detail::invoke_pack(kernel, it, reducers, seq());
    detail::fold_reducers(slot[it.get_group_linear_id()], reducers, reds, seq());
  };
  launch::nd_range_kernel(r, local, detail::dependent_items<decltype(wrapper)>{wrapper});
  parts_t total = empty;
  for (const parts_t& p : slots) detail::fold_parts(total, p, reds, seq());
  detail::finish_all(reds, total, seq());
}

}  // namespace weft::cpu

namespace weft::launch {

template <int Dims, class Kernel, class... Reductions>
void range_reduction_kernel(const sycl::range<Dims>& r, const Kernel& k, Reductions... reductions) {
  cpu::run_range_reduction(r, k, reductions...);
}

template <int Dims, class Kernel, class... Reductions>
void nd_range_reduction_kernel(const sycl::nd_range<Dims>& r, const group_request& local, const Kernel& k,
                               Reductions... reductions) {
  cpu::run_nd_range_reduction(r, local, k, reductions...);
}

}  // namespace weft::launch
