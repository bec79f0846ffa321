#pragma once
// GPU definitions of the reduction forms of the launch interface:
// parallel_for(range | nd_range, sycl::reduction..., kernel) on a GPU queue.
//
//   pass 1 (the kernel): each thread keeps one private partial state per
//     reduction. range: a grid of 256-thread blocks strides over the linear
//     ids, each item getting a reducer that continues its thread's state;
//     nd_range: one block per work group, each work item gets fresh reducers
//     and its thread keeps their state. After the kernel body the block
//     combines its threads' states with a tree in shared memory (after the
//     local accessors' bytes in the dynamic shared memory) and thread 0
//     writes the block's partial (value, engaged) to a device array.
//   pass 2 (one block): combines the block partials the same way and writes
//     the result to the reduction variable as reduction_object::finish does
//     (combined with its old value, or replacing it with initialize_to_identity).
//
// Any operator and type (known identities, user identities, reductions without
// an identity: partials carry an 'engaged' flag); the operator must be callable
// in device code (sycl:: function objects and lambdas are).
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/reduction_launch.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <sycl/item.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/reduction.hpp>
#include <weft/target/gpu/launch.hpp>
#include <weft/target/gpu/runtime.hpp>
#include <weft/target/gpu/sync.hpp>

namespace weft::gpu {

namespace red {

using sycl::detail::reducer_access;

// What the device needs of one sycl::reduction (the reduction object itself
// holds a buffer reference that must not travel to the GPU). An array reduction
// (over a span) has the whole array as its value (sycl::detail::span_value), its
// array reducer and the span's elements as its target.
template <class T, class Op, bool HasIdentity, class Target = T, class Reducer = sycl::reducer<T, Op, 0, HasIdentity>>
struct device_reduction {
  using value_type = T;
  using binary_operation = Op;
  using reducer_type = Reducer;
  static constexpr bool has_identity = HasIdentity;
  Op op;
  T identity;
  Target* target;
  bool initialize_to_identity;
  T* part_value;  // one per block of pass 1
  unsigned char* part_engaged;
};

template <class R>
struct device_of;
template <class T, class Op, bool H>
struct device_of<sycl::detail::reduction_object<T, Op, H>> {
  using type = device_reduction<T, Op, H>;
};
template <class T, std::size_t N, class Op, bool H>
struct device_of<sycl::detail::span_reduction_object<T, N, Op, H>> {
  using R = sycl::detail::span_reduction_object<T, N, Op, H>;
  using type = device_reduction<typename R::value_type, typename R::binary_operation, H, T, typename R::reducer_type>;
};

// One thread's partial state of a reduction.
template <class T>
struct state {
  T value;
  bool engaged;
};

template <class D>
__device__ inline state<typename D::value_type> empty_state(const D& d) {
  if constexpr (D::has_identity) return {d.identity, false};
  else return {typename D::value_type{}, false};
}

template <class D>
__device__ inline void add(const D& d, state<typename D::value_type>& a, const state<typename D::value_type>& b) {
  using T = typename D::value_type;
  if (!b.engaged) return;
  a.value = a.engaged ? static_cast<T>(d.op(a.value, b.value)) : b.value;
  a.engaged = true;
}

// Bytes of shared memory one reduction's tree needs for a block of n threads.
template <class D>
constexpr std::size_t scratch_bytes(std::size_t n) {
  using T = typename D::value_type;
  return (n * sizeof(T) + n + 15) / 16 * 16;
}

// Combines the block's states of reduction d in shared memory at `base`;
// returns the block's partial in thread 0. Every thread of the block calls it.
template <class D>
__device__ inline state<typename D::value_type> block_combine(const D& d, state<typename D::value_type> s,
                                                              unsigned char* base) {
  using T = typename D::value_type;
  const unsigned tid = weft::kernel::gpu::block_linear_id();
  const unsigned n = weft::kernel::gpu::block_size();
  T* values = reinterpret_cast<T*>(base);
  unsigned char* engaged = base + n * sizeof(T);
  new (&values[tid]) T(s.value);
  engaged[tid] = s.engaged;
  __syncthreads();
  unsigned width = 1;
  while (width < n) width *= 2;
  for (unsigned w = width / 2; w > 0; w /= 2) {
    if (tid < w && tid + w < n) {
      state<T> a{values[tid], engaged[tid] != 0};
      add(d, a, state<T>{values[tid + w], engaged[tid + w] != 0});
      values[tid] = a.value;
      engaged[tid] = a.engaged;
    }
    __syncthreads();
  }
  state<T> r{values[0], engaged[0] != 0};
  __syncthreads();  // the scratch is reused by the next reduction
  return r;
}

template <class... D, class... S, std::size_t... J>
__device__ inline void write_block_partials(const std::tuple<D...>& ds, std::tuple<S...>& states,
                                            unsigned char* scratch, unsigned block, std::index_sequence<J...>) {
  const unsigned n = weft::kernel::gpu::block_size();
  (
      [&] {
        const auto& d = std::get<J>(ds);
        const auto p = block_combine(d, std::get<J>(states), scratch);
        if (weft::kernel::gpu::block_linear_id() == 0) {
          d.part_value[block] = p.value;
          d.part_engaged[block] = p.engaged;
        }
        (void)n;
      }(),
      ...);
}

// Reducers are neither copyable nor movable: they are made in place as
// arguments, the kernel runs, and their state is read back.
template <class Kernel, class Item, class States, class... Reducers, std::size_t... J>
__device__ inline void run_with(const Kernel& k, const Item& it, States& states, std::index_sequence<J...>,
                                Reducers&&... reducers) {
  if constexpr (std::is_invocable_v<const Kernel&, const Item&, Reducers&...>) k(it, reducers...);
  else k(it.get_id(), reducers...);
  ((std::get<J>(states) = {reducer_access::value(reducers), reducer_access::engaged(reducers)}), ...);
}
template <class Kernel, class Item, class... D, class States, std::size_t... J>
__device__ inline void run_item(const Kernel& k, const Item& it, const std::tuple<D...>& ds, States& states,
                                std::index_sequence<J...> seq) {
  run_with(k, it, states, seq,
           reducer_access::make_from(std::get<J>(ds), std::get<J>(states).value, std::get<J>(states).engaged)...);
}
// nd_range: each work item starts from fresh reducers, folded into the thread's state.
template <class Kernel, class Item, class... D, class States, std::size_t... J>
__device__ inline void run_nd_item(const Kernel& k, const Item& it, const std::tuple<D...>& ds, States& states,
                                   std::index_sequence<J...>) {
  auto fresh = std::make_tuple(empty_state(std::get<J>(ds))...);
  run_with(k, it, fresh, std::index_sequence<J...>(),
           reducer_access::make_from(std::get<J>(ds), std::get<J>(fresh).value, false)...);
  (add(std::get<J>(ds), std::get<J>(states), std::get<J>(fresh)), ...);
}

template <int Dims, class Kernel, class... D>
__global__ void range_reduction_entry(const Kernel k, const sycl::range<Dims> r, std::size_t n,
                                      const std::tuple<D...> ds) {
  extern __shared__ __align__(64) unsigned char scratch[];
  using seq = std::index_sequence_for<D...>;
  auto states = std::apply([](const auto&... d) { return std::make_tuple(empty_state(d)...); }, ds);
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    sycl::id<Dims> id;
    if constexpr (Dims == 1) id[0] = i;
    else id = sycl::detail::delinearize(i, r);
    run_item(k, sycl::detail::item_access::make(id, r), ds, states, seq());
  }
  write_block_partials(ds, states, scratch, blockIdx.x, seq());
}

template <int Dims, class Kernel, class... D>
__global__ void nd_range_reduction_entry(const Kernel k, const sycl::range<Dims> local, const sycl::range<Dims> groups,
                                         const sycl::id<Dims> offset, std::size_t scratch_offset,
                                         const std::tuple<D...> ds) {
  using seq = std::index_sequence_for<D...>;
  sycl::id<Dims> lid, gid;
  weft::gpu::detail::block_ids(groups, lid, gid);
  auto states = std::apply([](const auto&... d) { return std::make_tuple(empty_state(d)...); }, ds);
  run_nd_item(k, sycl::detail::nd_item_access::make(sycl::detail::group_access::make(gid, lid, local, groups), offset),
              ds, states, seq());
  __syncthreads();  // the kernel's local memory is done with before the scratch (after it) is used
  write_block_partials(ds, states, reinterpret_cast<unsigned char*>(weft::kernel::local_memory()) + scratch_offset,
                       blockIdx.x, seq());
}

// Pass 2: one block combines `blocks` partials per reduction and finishes.
template <class... D, std::size_t... J>
__device__ inline void finish_all(const std::tuple<D...>& ds, unsigned blocks, unsigned char* scratch,
                                  std::index_sequence<J...>) {
  (
      [&] {
        const auto& d = std::get<J>(ds);
        using T = typename std::decay_t<decltype(d)>::value_type;
        state<T> s = empty_state(d);
        for (unsigned b = weft::kernel::gpu::block_linear_id(); b < blocks; b += weft::kernel::gpu::block_size())
          add(d, s, state<T>{d.part_value[b], d.part_engaged[b] != 0});
        const state<T> total = block_combine(d, s, scratch);
        if (weft::kernel::gpu::block_linear_id() == 0)
          sycl::detail::write_result<std::decay_t<decltype(d)>::has_identity>(
              d.target, total.value, total.engaged, d.op, d.identity, d.initialize_to_identity);
      }(),
      ...);
}
template <class... D>
__global__ void finish_entry(const std::tuple<D...> ds, unsigned blocks) {
  extern __shared__ __align__(64) unsigned char scratch[];
  finish_all(ds, blocks, scratch, std::index_sequence_for<D...>());
}

inline constexpr unsigned block = 256;
inline constexpr unsigned finish_block = 256;

// Device arrays of block partials for every reduction, in one allocation.
template <class... R>
struct partials {
  stream_t stream;
  unsigned char* memory;
  unsigned char* next;  // where the next reduction's arrays go, while ds is built
  std::tuple<typename device_of<R>::type...> ds;

  template <class T>
  static constexpr std::size_t bytes_for(unsigned blocks) {
    return (sizeof(T) * blocks + blocks + 15) / 16 * 16;
  }
  static unsigned char* allocate(stream_t s, unsigned blocks) {
    const std::size_t bytes = (bytes_for<typename R::value_type>(blocks) + ... + 0);
    void* m = nullptr;
    if (!malloc_async(&m, bytes, s))
      weft::detail::throw_error(sycl::errc::memory_allocation, "parallel_for with sycl::reduction: no GPU memory for " +
                                                                   std::to_string(bytes) +
                                                                   " bytes of per-block partial results");
    return static_cast<unsigned char*>(m);
  }
  template <class Rr>
  typename device_of<Rr>::type make(const Rr& r, unsigned blocks) {
    using T = typename Rr::value_type;
    typename device_of<Rr>::type d{
        r.op, r.identity, r.target, r.initialize_to_identity, reinterpret_cast<T*>(next), next + sizeof(T) * blocks};
    next += bytes_for<T>(blocks);
    return d;
  }

  partials(stream_t s, unsigned blocks, const R&... reds)
      : stream(s), memory(allocate(s, blocks)), next(memory), ds{make(reds, blocks)...} {}
  ~partials() { free_async(memory, stream); }
  partials(const partials&) = delete;
  partials& operator=(const partials&) = delete;
};

template <class... D>
std::size_t max_scratch(unsigned n) {
  std::size_t m = 0;
  ((m = scratch_bytes<D>(n) > m ? scratch_bytes<D>(n) : m), ...);
  return m;
}

template <class... D>
void launch_finish(const std::tuple<D...>& ds, unsigned blocks, stream_t s) {
  finish_entry<<<1, finish_block, max_scratch<D...>(finish_block), s>>>(ds, blocks);
}

}  // namespace red

template <int Dims, class Kernel, class... Reductions>
void range_reduction_kernel(const launch::target& t, const sycl::range<Dims>& r, const Kernel& k,
                            Reductions... reductions) {
  if constexpr (detail::takes_handler<Kernel>::value)
    return weft::gpu::range_reduction_kernel(t, r, detail::with_spec_constants(k), reductions...);
  if (detail::unsupported<Kernel>(t)) return;
  if constexpr (!detail::host_only<Kernel>::value) {
    const std::size_t n = r.size();
    auto* s = static_cast<stream_t>(runtime::prepare(*t.device));
    // Enough blocks to fill the GPU several times over; each thread strides beyond.
    const std::size_t want = (n + red::block - 1) / red::block;
    const unsigned blocks = unsigned(want < 4096 ? (want ? want : 1) : 4096);
    red::partials<Reductions...> parts(s, blocks, reductions...);
    const std::size_t shared = red::max_scratch<typename red::device_of<Reductions>::type...>(red::block);
    red::range_reduction_entry<Dims><<<blocks, red::block, shared, s>>>(k, r, n, parts.ds);
    red::launch_finish(parts.ds, blocks, s);
    runtime::finish(s, "parallel_for(range) with sycl::reduction");
  }
}

template <int Dims, class Kernel, class... Reductions>
void nd_range_reduction_kernel(const launch::target& t, const sycl::nd_range<Dims>& ndr,
                               const launch::group_request& local, const Kernel& k, Reductions... reductions) {
  if constexpr (detail::takes_handler<Kernel>::value)
    return weft::gpu::nd_range_reduction_kernel(t, ndr, local, detail::with_spec_constants(k), reductions...);
  if (detail::unsupported<Kernel>(t)) return;
  if constexpr (!detail::host_only<Kernel>::value) {
    const sycl::range<Dims> lr = ndr.get_local_range();
    const sycl::range<Dims> gr = ndr.get_group_range();
    const dim3 blk = detail::work_group_block(lr, gr);
    auto* s = static_cast<stream_t>(runtime::prepare(*t.device));
    const unsigned blocks = unsigned(gr.size());
    red::partials<Reductions...> parts(s, blocks ? blocks : 1, reductions...);
    if (blocks != 0) {
      const std::size_t scratch_offset = (local.bytes + 63) / 64 * 64;
      const std::size_t shared =
          scratch_offset + red::max_scratch<typename red::device_of<Reductions>::type...>(unsigned(lr.size()));
      auto entry = &red::nd_range_reduction_entry<Dims, Kernel, typename red::device_of<Reductions>::type...>;
      detail::allow_shared(t, entry, shared, "nd_range kernel with sycl::reduction: local accessors and the reduction");
      entry<<<blocks, blk, shared, s>>>(k, lr, gr, sycl::detail::nd_range_access::offset(ndr), scratch_offset,
                                        parts.ds);
    }
    red::launch_finish(parts.ds, blocks, s);
    runtime::finish(s, "parallel_for(nd_range) with sycl::reduction");
  }
}

}  // namespace weft::gpu
