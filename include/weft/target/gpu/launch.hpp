#pragma once
// GPU definitions of the launch interface (weft/runtime/launch.hpp), used when
// a queue's device is a GPU and the submitting translation unit is compiled as
// CUDA or HIP. Each launch runs inside its command-group node (on the submitting
// thread, or a worker when it had to wait for host-side work): prepare() picks
// the stream and makes it wait for the device work the node follows, finish()
// leaves a marker behind the kernel; the node completes when the GPU reaches it.
//
//   single_task            -> one thread
//   parallel_for(range)    -> a 1-D grid of 256-thread blocks over the linear ids
//   parallel_for(nd_range) -> one block per work group; the block's threads
//                             are laid out with SYCL's last dimension as x, so
//                             the block's linear thread id is the local linear id
//                             (and warps are sub-groups); local accessors live in
//                             dynamic shared memory
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/launch.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <sycl/detail/kernel_extras.hpp>
#include <sycl/item.hpp>
#include <sycl/nd_item.hpp>
#include <weft/target/gpu/runtime.hpp>
#include <weft/target/gpu/vendor.hpp>
#include <weft/runtime/launch.hpp>

namespace weft::gpu {

namespace detail {

// Kernels the front end wrapped for specialization constants or streams
// (sycl/detail/kernel_extras.hpp) run on the GPU as they are, but for the
// type-erased form, which calls host code (CPU translation units only).
template <class K>
struct host_only : std::false_type {};
template <class It>
struct host_only<sycl::detail::stream_kernel_ref<It>> : std::true_type {};

template <class Kernel>
bool unsupported(const launch::target& t) {
  if constexpr (host_only<Kernel>::value) launch::detail::not_on_device(t, "a type-erased stream kernel");
  return host_only<Kernel>::value;
}

// A kernel taking a kernel_handler, as the GPU runs it: the command group's
// specialization constants travel in the kernel's parameters, and each call
// gets a kernel_handler reading them there.
template <class Adapter>
struct handler_kernel {
  Adapter adapter;
  sycl::detail::spec_constant_table table;
  template <class... Args>
  __device__ void operator()(Args&&... args) const {
    adapter.call_with(sycl::kernel_handler(&table), std::forward<Args>(args)...);
  }
};

template <class Kernel>
struct takes_handler : std::false_type {};
template <class K, bool S>
struct takes_handler<sycl::detail::kernel_adapter<K, true, S>> : std::true_type {};

template <class K, bool S>
handler_kernel<sycl::detail::kernel_adapter<K, true, S>> with_spec_constants(
    const sycl::detail::kernel_adapter<K, true, S>& a) {
  handler_kernel<sycl::detail::kernel_adapter<K, true, S>> h{a, {}};
  if (!h.table.fill(sycl::detail::kernel_handler_access::values(a.kh)))
    weft::detail::throw_error(sycl::errc::feature_not_supported,
                              "kernel_handler on a GPU: the command group's specialization constants exceed " +
                                  std::to_string(sycl::detail::spec_constant_table::max_values) + " values or " +
                                  std::to_string(sycl::detail::spec_constant_table::max_bytes) +
                                  " bytes, what a GPU kernel's parameters carry; pass larger data in a buffer");
  return h;
}

inline constexpr unsigned range_block = 256;

template <class Kernel>
__global__ void single_task_entry(const Kernel k) {
  k();
}

// The range's item count is computed here and the offset passed only where there
// is one: every kernel parameter costs the host time at each launch.
template <int Dims, bool WithOffset, class Kernel>
__device__ inline void range_items(const Kernel& k, const sycl::range<Dims>& r, const sycl::id<Dims>& offset) {
  using sycl::detail::item_access;
  const std::size_t n = r.size();
  const std::size_t stride = std::size_t(gridDim.x) * blockDim.x;
  for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    sycl::id<Dims> id;
    if constexpr (Dims == 1) id[0] = i;
    else id = sycl::detail::delinearize(i, r);
    if constexpr (WithOffset) k(item_access::make(sycl::id<Dims>(id + offset), r, offset));
    else k(item_access::make(id, r));
  }
}

template <int Dims, class Kernel>
__global__ void range_entry(const Kernel k, const sycl::range<Dims> r) {
  range_items<Dims, false>(k, r, sycl::id<Dims>());
}

template <int Dims, class Kernel>
__global__ void range_offset_entry(const Kernel k, const sycl::range<Dims> r, const sycl::id<Dims> offset) {
  range_items<Dims, true>(k, r, offset);
}

// The running thread's local id and its block's group id: SYCL's last
// dimension is the block's x, groups come from a 1-D grid.
template <int Dims>
__device__ inline void block_ids(const sycl::range<Dims>& groups, sycl::id<Dims>& lid, sycl::id<Dims>& gid) {
  if constexpr (Dims == 1) {
    lid[0] = threadIdx.x;
    gid[0] = blockIdx.x;
  } else if constexpr (Dims == 2) {
    lid[0] = threadIdx.y;
    lid[1] = threadIdx.x;
    gid = sycl::detail::delinearize(std::size_t(blockIdx.x), groups);
  } else {
    lid[0] = threadIdx.z;
    lid[1] = threadIdx.y;
    lid[2] = threadIdx.x;
    gid = sycl::detail::delinearize(std::size_t(blockIdx.x), groups);
  }
}

// The work-group range is the block's (and in 1-D the group range the grid's):
// read from the GPU's registers, whose bounds the compiler knows (a block has at
// most 1024 threads), it narrows the kernel's index arithmetic where a kernel
// parameter would leave it 64-bit, and the launch passes one parameter less.
template <int Dims>
__device__ inline sycl::range<Dims> block_range() {
  if constexpr (Dims == 1) return sycl::range<1>(blockDim.x);
  else if constexpr (Dims == 2) return sycl::range<2>(blockDim.y, blockDim.x);
  else return sycl::range<3>(blockDim.z, blockDim.y, blockDim.x);
}

template <int Dims, class Kernel>
__global__ void nd_range_entry(const Kernel k, sycl::range<Dims> groups, const sycl::id<Dims> offset) {
  if constexpr (Dims == 1) groups[0] = gridDim.x;
  sycl::id<Dims> lid, gid;
  block_ids(groups, lid, gid);
  k(sycl::detail::nd_item_access::make(sycl::detail::group_access::make(gid, lid, block_range<Dims>(), groups),
                                       offset));
}

[[noreturn]] inline void too_large(const std::string& what) { weft::detail::throw_error(sycl::errc::nd_range, what); }

// Lets a kernel use more than 48 KiB of dynamic shared memory (or says the GPU has too little).
template <class Entry>
void allow_shared(const launch::target& t, Entry entry, std::size_t bytes, const char* what) {
  if (bytes <= 48 * 1024) return;
  if (bytes > runtime::max_dynamic_shared(*t.device))
    weft::detail::throw_error(
        sycl::errc::memory_allocation,
        std::string(what) + " needs " + std::to_string(bytes) +
            " bytes of local memory per work group, more than the GPU's shared memory per block (" +
            std::to_string(runtime::max_dynamic_shared(*t.device)) + " bytes)");
  allow_dynamic_shared(reinterpret_cast<const void*>(entry), int(bytes));
}

// The block of an nd_range's work group (SYCL's last dimension is x);
// throws errc::nd_range where the block or grid limits (CUDA's, which HIP
// shares) are exceeded.
template <int Dims>
dim3 work_group_block(const sycl::range<Dims>& lr, const sycl::range<Dims>& gr) {
  dim3 block(1, 1, 1);
  if constexpr (Dims == 1) block.x = unsigned(lr[0]);
  else if constexpr (Dims == 2) block = dim3(unsigned(lr[1]), unsigned(lr[0]), 1);
  else block = dim3(unsigned(lr[2]), unsigned(lr[1]), unsigned(lr[0]));
  if (lr.size() > 1024 || block.z > 64)
    too_large(std::string("nd_range on the ") + runtime_name + " target: the work-group size " +
              std::to_string(lr.size()) + " exceeds 1024 items, or its first dimension of 3 exceeds 64 (block limits)");
  if (gr.size() > 0x7fffffffu)
    too_large(std::string("nd_range on the ") + runtime_name + " target: " + std::to_string(gr.size()) +
              " work groups exceed the 2^31-1 blocks of a grid; use larger work groups");
  return block;
}
}  // namespace detail

template <class Kernel>
void single_task(const launch::target& t, const Kernel& k) {
  if constexpr (detail::takes_handler<Kernel>::value) return weft::gpu::single_task(t, detail::with_spec_constants(k));
  if (detail::unsupported<Kernel>(t)) return;
  if constexpr (!detail::host_only<Kernel>::value) {
    auto* s = static_cast<stream_t>(runtime::prepare(*t.device));
    runtime::finish(s, "single_task", launch_kernel<&detail::single_task_entry<Kernel>>(*t.device, 1, 1, 0, s, k));
  }
}

template <int Dims, bool WithOffset, class Kernel>
void range_kernel(const launch::target& t, const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& k) {
  if constexpr (detail::takes_handler<Kernel>::value)
    return weft::gpu::range_kernel<Dims, WithOffset>(t, r, offset, detail::with_spec_constants(k));
  if (detail::unsupported<Kernel>(t)) return;
  if constexpr (!detail::host_only<Kernel>::value) {
    const std::size_t n = r.size();
    if (n == 0) return;
    auto* s = static_cast<stream_t>(runtime::prepare(*t.device));
    const std::size_t blocks = (n + detail::range_block - 1) / detail::range_block;
    const unsigned grid = static_cast<unsigned>(blocks < 0x7fffffffu ? blocks : 0x7fffffffu);
    int e;
    if constexpr (WithOffset)
      e = launch_kernel<&detail::range_offset_entry<Dims, Kernel>>(*t.device, grid, detail::range_block, 0, s, k, r,
                                                                   offset);
    else e = launch_kernel<&detail::range_entry<Dims, Kernel>>(*t.device, grid, detail::range_block, 0, s, k, r);
    runtime::finish(s, "parallel_for(range)", e);
  }
}

template <int Dims, class Kernel>
void nd_range_kernel(const launch::target& t, const sycl::nd_range<Dims>& ndr, const launch::group_request& local,
                     const Kernel& k) {
  if constexpr (detail::takes_handler<Kernel>::value)
    return weft::gpu::nd_range_kernel(t, ndr, local, detail::with_spec_constants(k));
  if (detail::unsupported<Kernel>(t)) return;
  if constexpr (!detail::host_only<Kernel>::value) {
    const sycl::range<Dims> lr = ndr.get_local_range();
    const sycl::range<Dims> gr = ndr.get_group_range();
    if (gr.size() == 0) return;
    const dim3 block = detail::work_group_block(lr, gr);
    auto* s = static_cast<stream_t>(runtime::prepare(*t.device));
    constexpr auto entry = &detail::nd_range_entry<Dims, Kernel>;
    detail::allow_shared(t, entry, local.bytes, "nd_range kernel: local accessors");
    runtime::finish(s, "parallel_for(nd_range)",
                    launch_kernel<entry>(*t.device, unsigned(gr.size()), block, local.bytes, s, k, gr,
                                         sycl::detail::nd_range_access::offset(ndr)));
  }
}

// Scoped parallelism (handler::parallel): weft/target/gpu/scoped_launch.hpp.

}  // namespace weft::gpu
