#pragma once
// GPU launch of hierarchical kernels (handler::parallel_for_work_group): each
// work group runs on one GPU thread (a 1-thread block, a grid-stride loop over
// the groups), which executes the work-group function once and each
// parallel_for_work_item as a loop (weft/target/gpu/hierarchical.hpp).
// Work-group-scope variables are then shared by the group's items exactly as the
// specification says; a GPU compiler would place them in shared memory and spread
// the items over the block's threads, which a library cannot do. Local accessors
// live in the block's dynamic shared memory.
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/hierarchical_launch.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstddef>
#include <optional>
#include <string>
#include <sycl/group.hpp>
#include <weft/kernel/hierarchical.hpp>
#include <weft/target/gpu/launch.hpp>
#include <weft/target/gpu/runtime.hpp>

namespace weft::gpu {

namespace detail {

// At most this many groups run at once (each is one thread): it bounds the
// device heap that private_memory takes at a time.
inline constexpr std::size_t hierarchical_max_blocks = 1024;

template <int Dims, class Kernel>
__global__ void hierarchical_entry(const Kernel k, const sycl::range<Dims> groups, const sycl::range<Dims> local,
                                   std::size_t n) {
  for (std::size_t g = blockIdx.x; g < n; g += gridDim.x)
    k(sycl::detail::group_access::make(sycl::detail::delinearize(g, groups), sycl::id<Dims>(), local, groups));
}

// The work-group size parallel_for_work_group(num_groups, f) gets on the GPU: the
// CPU's (weft/target/cpu/hierarchical_launch.hpp): one item per group, so programs
// see one answer.
template <int Dims>
sycl::range<Dims> hierarchical_default_group_size() {
  if constexpr (Dims == 1) return sycl::range<1>(1);
  else if constexpr (Dims == 2) return sycl::range<2>(1, 1);
  else return sycl::range<3>(1, 1, 1);
}

}  // namespace detail

template <int Dims, class Kernel>
void hierarchical_kernel(const launch::target& t, const sycl::range<Dims>& num_groups,
                         const std::optional<sycl::range<Dims>>& group_size, const launch::group_request& local,
                         const Kernel& k) {
  if constexpr (detail::takes_handler<Kernel>::value)
    return weft::gpu::hierarchical_kernel(t, num_groups, group_size, local, detail::with_spec_constants(k));
  if (detail::unsupported<Kernel>(t)) return;
  if constexpr (!detail::host_only<Kernel>::value) {
    const sycl::range<Dims> size = group_size ? *group_size : detail::hierarchical_default_group_size<Dims>();
    const std::size_t n = num_groups.size();
    if (n == 0) return;
    auto* s = static_cast<stream_t>(runtime::prepare(*t.device));
    auto entry = &detail::hierarchical_entry<Dims, Kernel>;
    detail::allow_shared(t, entry, local.bytes, "parallel_for_work_group: local accessors");
    const unsigned grid = unsigned(n < detail::hierarchical_max_blocks ? n : detail::hierarchical_max_blocks);
    entry<<<grid, 1, local.bytes, s>>>(k, num_groups, size, n);
    runtime::finish(s, "parallel_for_work_group");
  }
}

}  // namespace weft::gpu
