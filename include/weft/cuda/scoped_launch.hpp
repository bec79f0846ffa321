#pragma once
// CUDA launch of scoped-parallelism kernels (handler::parallel): one block per
// work group of P = min(round_up(logical group size, 32), 256) threads, a 1-D
// grid over the work groups. The kernel receives the GPU's work-group type,
// whose distribute_groups() makes level-1 sub-groups of up to 32 items (one per
// warp); the device bodies of the scoped functions are weft/kernel/cuda/scoped.hpp.
// Kernels with sycl::reduction arguments still run on the CPU backend.
#if !defined(__CUDA__)
#error "weft/cuda/scoped_launch.hpp is for translation units compiled as CUDA"
#endif
#include <cstddef>
#include <string>
#include <sycl/scoped_parallelism.hpp>
#include <weft/cpu/scoped_launch.hpp>
#include <weft/cuda/launch.hpp>
#include <weft/cuda/runtime.hpp>
#include <weft/kernel/cuda/scoped.hpp>

namespace weft::cuda {

// Scoped kernels with reductions have no GPU mapping yet: they run on the CPU
// backend, which reaches buffers (their host storage, brought up to date first)
// and shared or host USM, but not malloc_device memory. A note says so once
// per program.
void note_scoped_on_cpu(const launch::target& t);
// A buffer reduction's variable in the buffer's host storage, for that fallback.
template <class Reduction>
Reduction on_host(Reduction r) {
  if (r.keep_alive) r.target = reinterpret_cast<decltype(r.target)>(r.keep_alive->data);
  return r;
}

namespace detail {

template <int Dims>
using scoped_work_group_t = sycl::s_group<sycl::detail::scoped::props<Dims, 0, 32>>;

template <int Dims, class Kernel>
__global__ void scoped_entry(const Kernel k, const sycl::range<Dims> num_groups, const sycl::range<Dims> group_size) {
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
  k(sd::group_access::make<scoped_work_group_t<Dims>>(s));
}

}  // namespace detail

template <int Dims, class Kernel, class... Reductions>
void scoped_kernel(const launch::target& t, const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size,
                   const launch::local_memory_request& local, const Kernel& k, Reductions... reductions) {
  if constexpr (sizeof...(Reductions) > 0) {
    note_scoped_on_cpu(t);
    launch::scoped_kernel(num_groups, group_size, local, k, on_host(reductions)...);
  } else {
    namespace ks = kernel::cuda::scoped;
    namespace sd = sycl::detail::scoped;
    using group_t = detail::scoped_work_group_t<Dims>;
    static_assert(std::is_invocable_v<const Kernel&, group_t>,
                  "parallel(): the kernel must be a callable of signature void(sycl::s_group<__unspecified__>); "
                  "take the group as auto");
    const std::size_t groups = num_groups.size(), items = group_size.size();
    if (groups == 0 || items == 0) return;
    if (groups > 0x7fffffffu)
      detail::too_large("parallel() on the CUDA target: " + std::to_string(groups) +
                        " work groups exceed the 2^31-1 blocks of a CUDA grid; use larger work groups");
    const std::size_t rounded = (items + 31) / 32 * 32;
    const unsigned threads = unsigned(rounded < ks::max_physical ? rounded : ks::max_physical);
    // Work-group private memory holds one slot per level-1 sub-group a warp works on.
    const sycl::range<Dims> shape = sd::sub_group_shape(group_size, sd::child_group<group_t>::tile);
    std::size_t subs = 1;
    for (int d = 0; d < Dims; ++d) subs *= (group_size[d] + shape[d] - 1) / shape[d];
    const std::size_t per_warp = (subs + threads / 32 - 1) / (threads / 32);
    if (per_warp > ks::max_slots)
      detail::too_large("parallel() on the CUDA target: the work-group size " + std::to_string(items) + " makes " +
                        std::to_string(subs) + " sub-groups of up to 32 items, more than " +
                        std::to_string(ks::max_slots) + " per warp of a " + std::to_string(threads) +
                        "-thread block (at most 4096 items in 1-D); use smaller work groups");
    auto* s = static_cast<cudaStream_t>(prepare(*t.device));
    auto entry = &detail::scoped_entry<Dims, Kernel>;
    if (local.bytes > 48 * 1024) {
      if (local.bytes > max_dynamic_shared(*t.device))
        weft::detail::throw_error(sycl::errc::memory_allocation,
                                  "parallel(): local accessors need " + std::to_string(local.bytes) +
                                      " bytes per work group, more than the GPU's shared memory per block");
      cudaFuncSetAttribute(reinterpret_cast<const void*>(entry), cudaFuncAttributeMaxDynamicSharedMemorySize,
                           int(local.bytes));
    }
    entry<<<unsigned(groups), threads, local.bytes, s>>>(k, num_groups, group_size);
    finish(s, "parallel (scoped)");
  }
}

}  // namespace weft::cuda
