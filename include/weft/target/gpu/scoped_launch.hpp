#pragma once
// GPU launch of scoped-parallelism kernels (handler::parallel): one block per
// work group of P = min(round_up(logical group size, w), 256) threads (w: the
// warp size, 32 on NVIDIA, 64 on AMD), a 1-D
// grid over the work groups. The kernel receives the GPU's work-group type,
// whose distribute_groups() makes level-1 sub-groups of up to w items (one per
// warp); the device bodies of the scoped functions are weft/target/gpu/scoped.hpp.
// With sycl::reduction arguments each thread gets its own reducers, and the
// block's partials are combined as in parallel_for's reductions (two passes,
// weft/target/gpu/reduction_launch.hpp); a contribution made by every physical item
// (outside distribute_items and single_item) counts once per thread.
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/scoped_launch.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstddef>
#include <string>
#include <sycl/scoped_parallelism.hpp>
#include <weft/target/gpu/launch.hpp>
#include <weft/target/gpu/reduction_launch.hpp>
#include <weft/target/gpu/runtime.hpp>
#include <weft/target/gpu/scoped.hpp>

namespace weft::gpu {

namespace detail {

template <int Dims>
using scoped_work_group_t = sycl::s_group<sycl::detail::scoped::props<Dims, 0, kernel::gpu::warp_size>>;

// Runs f(group) with this block's work group (the group refers to state on this frame).
template <int Dims, class F>
__device__ inline void with_work_group(const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size,
                                       const F& f) {
  namespace sd = sycl::detail::scoped;
  kernel::scoped_context ctx{nullptr};
  sd::group_state<Dims> s;
  s.ctx = &ctx;
  s.group_range = num_groups;
  s.local_range = group_size;
  s.wg_offset = 0;
  s.global_range = num_groups * group_size;
  s.group_id = sycl::detail::delinearize(std::size_t(blockIdx.x), num_groups);
  for (int d = 0; d < Dims; ++d) s.global_origin[d] = s.group_id[d] * group_size[d];
  f(sd::group_access::make<scoped_work_group_t<Dims>>(s));
}

template <int Dims, class Kernel>
__global__ void scoped_entry(const Kernel k, const sycl::range<Dims> num_groups, const sycl::range<Dims> group_size) {
  with_work_group(num_groups, group_size, k);
}

// Reducers are made in place as arguments (they are neither copyable nor
// movable); their state is read back once the kernel returns.
template <class Kernel, class Group, class States, class... Reducers, std::size_t... J>
__device__ inline void run_group_with(const Kernel& k, const Group& g, States& states, std::index_sequence<J...>,
                                      Reducers&&... reducers) {
  k(g, reducers...);
  ((std::get<J>(states) = {red::reducer_access::value(reducers), red::reducer_access::engaged(reducers)}), ...);
}

template <class Kernel, class Group, class... D, class States, std::size_t... J>
__device__ inline void run_group(const Kernel& k, const Group& g, const std::tuple<D...>& ds, States& states,
                                 std::index_sequence<J...> seq) {
  run_group_with(k, g, states, seq,
                 red::reducer_access::make_from(std::get<J>(ds), std::get<J>(states).value, false)...);
}

template <int Dims, class Kernel, class... D>
__global__ void scoped_reduction_entry(const Kernel k, const sycl::range<Dims> num_groups,
                                       const sycl::range<Dims> group_size, std::size_t scratch_offset,
                                       const std::tuple<D...> ds) {
  using seq = std::index_sequence_for<D...>;
  auto states = std::apply([](const auto&... d) { return std::make_tuple(red::empty_state(d)...); }, ds);
  with_work_group(num_groups, group_size, [&](const auto& g) { run_group(k, g, ds, states, seq()); });
  __syncthreads();  // the kernel's local memory is done with before the scratch (after it) is used
  red::write_block_partials(ds, states, reinterpret_cast<unsigned char*>(weft::kernel::local_memory()) + scratch_offset,
                            blockIdx.x, seq());
}

}  // namespace detail

template <int Dims, class Kernel, class... Reductions>
void scoped_kernel(const launch::target& t, const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size,
                   const launch::group_request& local, const Kernel& k, Reductions... reductions) {
  namespace ks = kernel::gpu::scoped;
  namespace sd = sycl::detail::scoped;
  using group_t = detail::scoped_work_group_t<Dims>;
  static_assert(std::is_invocable_v<const Kernel&, group_t, typename Reductions::reducer_type&...>,
                "parallel(): the kernel must be a callable of signature void(sycl::s_group<__unspecified__>, "
                "reducer&...); take the group (and the reducers) as auto");
  const std::size_t groups = num_groups.size(), items = group_size.size();
  if ((groups == 0 || items == 0) && sizeof...(Reductions) == 0) return;
  if (groups > 0x7fffffffu)
    detail::too_large(std::string("parallel() on the ") + runtime_name + " target: " + std::to_string(groups) +
                      " work groups exceed the 2^31-1 blocks of a grid; use larger work groups");
  constexpr unsigned w = kernel::gpu::warp_size;
  const std::size_t rounded = (items + w - 1) / w * w;
  const unsigned threads = unsigned(rounded < ks::max_physical ? (rounded ? rounded : w) : ks::max_physical);
  // Work-group private memory holds one slot per level-1 sub-group a warp works on.
  const sycl::range<Dims> shape = sd::sub_group_shape(group_size, sd::child_group<group_t>::tile);
  std::size_t subs = 1;
  for (int d = 0; d < Dims; ++d) subs *= (group_size[d] + shape[d] - 1) / shape[d];
  const std::size_t per_warp = (subs + threads / w - 1) / (threads / w);
  if (per_warp > ks::max_slots)
    detail::too_large(std::string("parallel() on the ") + runtime_name + " target: the work-group size " +
                      std::to_string(items) + " makes " + std::to_string(subs) + " sub-groups of up to " +
                      std::to_string(w) + " items, more than " + std::to_string(ks::max_slots) + " per warp of a " +
                      std::to_string(threads) + "-thread block (at most 4096 items in 1-D); use smaller work groups");
  auto* s = static_cast<stream_t>(runtime::prepare(*t.device));
  if constexpr (sizeof...(Reductions) == 0) {
    auto entry = &detail::scoped_entry<Dims, Kernel>;
    detail::allow_shared(t, entry, local.bytes, "parallel(): local accessors");
    entry<<<unsigned(groups), threads, local.bytes, s>>>(k, num_groups, group_size);
    runtime::finish(s, "parallel (scoped)");
  } else {
    const unsigned blocks = items ? unsigned(groups) : 0;
    red::partials<Reductions...> parts(s, blocks ? blocks : 1, reductions...);
    if (blocks != 0) {
      const std::size_t scratch_offset = (local.bytes + 63) / 64 * 64;
      const std::size_t shared =
          scratch_offset + red::max_scratch<typename red::device_of<Reductions>::type...>(threads);
      auto entry = &detail::scoped_reduction_entry<Dims, Kernel, typename red::device_of<Reductions>::type...>;
      detail::allow_shared(t, entry, shared, "parallel() with sycl::reduction: local accessors and the reduction");
      entry<<<blocks, threads, shared, s>>>(k, num_groups, group_size, scratch_offset, parts.ds);
    }
    red::launch_finish(parts.ds, blocks, s);
    runtime::finish(s, "parallel (scoped) with sycl::reduction");
  }
}

}  // namespace weft::gpu
