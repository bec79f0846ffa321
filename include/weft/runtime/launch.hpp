#pragma once
// The launch interface: how the front end's handler hands a kernel to a target.
// Declared here, defined by the target's headers (CPU: include/weft/target/cpu/), which
// sycl/sycl.hpp includes after the front end. The front end names no backend.
//
// The handler calls the forms that take a `target` (the queue's device) first.
// They run the CPU definitions for the host device. For another device they
// call that backend's launch code, which exists only where the translation unit
// was compiled for it: in a CUDA or HIP translation unit (__CUDA__, __HIP__; docs/gpu.md) the
// definitions in include/weft/target/gpu/ launch on the GPU; elsewhere a kernel for a
// GPU queue is an error (errc::feature_not_supported) saying how to build it.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <sycl/exception.hpp>
#include <sycl/id.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/range.hpp>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/export.hpp>

namespace weft::launch {

// Where a command group's kernel runs: the queue's device.
struct target {
  const weft::detail::device_state* device = nullptr;
  bool is_host() const { return !device || device->backend == sycl::backend::host; }
};

// What a kernel's work groups need: the local memory its local accessors asked for
// (bytes per work group), and the sub-group size it requires (its sub_group_size
// property; 0: the default, weft::sub_group_size()). GPU targets ignore the size:
// the handler admits only their device's one size.
struct group_request {
  std::size_t bytes = 0;
  std::uint32_t sub_group_size = 0;
};

template <class Kernel>
void single_task(const Kernel& k);

template <int Dims, class Kernel>
void range_kernel(const sycl::range<Dims>& r, const Kernel& k);

template <int Dims, class Kernel>
void range_kernel(const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& k);

template <int Dims, class Kernel>
void nd_range_kernel(const sycl::nd_range<Dims>& r, const group_request& local, const Kernel& k);

// sycl::reduction forms: Reductions are sycl::reduction objects (issue: sub-groups
// and reductions); the kernel takes (item or nd_item, reducer&...).
template <int Dims, class Kernel, class... Reductions>
void range_reduction_kernel(const sycl::range<Dims>& r, const Kernel& k, Reductions... reductions);

template <int Dims, class Kernel, class... Reductions>
void nd_range_reduction_kernel(const sycl::nd_range<Dims>& r, const group_request& local, const Kernel& k,
                               Reductions... reductions);

// Scoped parallelism (AdaptiveCpp's handler::parallel): num_groups work groups of
// group_size logical items; the kernel takes the work group object (and reducers).
template <int Dims, class Kernel, class... Reductions>
void scoped_kernel(const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size, const group_request& local,
                   const Kernel& k, Reductions... reductions);

// Hierarchical parallelism (SYCL 2020 handler::parallel_for_work_group): num_groups
// work groups of group_size physical items, or of a size the target chooses when
// group_size is empty; the kernel takes the sycl::group.
template <int Dims, class Kernel>
void hierarchical_kernel(const sycl::range<Dims>& num_groups, const std::optional<sycl::range<Dims>>& group_size,
                         const group_request& local, const Kernel& k);

// The accessor forms of handler::copy, on host memory: a buffer's host storage (the
// runtime brings it up to date before a copy command runs, for every device) or the
// user's. Each side is a box of up to three dimensions (unused leading ones are 1):
// element l of src, in row-major order over its range, goes to element l of dst, for
// l in [0, count). Compiled once (the CPU target, src/target/cpu/copy.cpp): it copies
// whole contiguous runs (rows, or planes and more where the range spans the storage's
// width) with memmove, and a large copy in blocks on the current arena's workers.
struct copy_box {
  void* data;             // the box's first element (const where the copy only reads it)
  std::size_t memory[3];  // the storage's range, which gives the strides
  std::size_t range[3];   // the box's elements
};
WEFT_API void copy_boxes(const copy_box& src, const copy_box& dst, std::size_t element_bytes, std::size_t count);

}  // namespace weft::launch

#if defined(__CUDA__) || defined(__HIP__)
// The GPU target's launch code (include/weft/target/gpu/launch.hpp, included by sycl/sycl.hpp).
namespace weft::gpu {
template <class Kernel>
void single_task(const launch::target& t, const Kernel& k);
template <int Dims, bool WithOffset, class Kernel>
void range_kernel(const launch::target& t, const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& k);
template <int Dims, class Kernel>
void nd_range_kernel(const launch::target& t, const sycl::nd_range<Dims>& r, const launch::group_request& local,
                     const Kernel& k);
template <int Dims, class Kernel, class... Reductions>
void scoped_kernel(const launch::target& t, const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size,
                   const launch::group_request& local, const Kernel& k, Reductions... reductions);
template <int Dims, class Kernel, class... Reductions>
void range_reduction_kernel(const launch::target& t, const sycl::range<Dims>& r, const Kernel& k,
                            Reductions... reductions);
template <int Dims, class Kernel, class... Reductions>
void nd_range_reduction_kernel(const launch::target& t, const sycl::nd_range<Dims>& r,
                               const launch::group_request& local, const Kernel& k, Reductions... reductions);
template <int Dims, class Kernel>
void hierarchical_kernel(const launch::target& t, const sycl::range<Dims>& num_groups,
                         const std::optional<sycl::range<Dims>>& group_size, const launch::group_request& local,
                         const Kernel& k);
}  // namespace weft::gpu
#define WEFT_LAUNCH_ON_DEVICE(...) return ::weft::gpu::__VA_ARGS__
#else
#define WEFT_LAUNCH_ON_DEVICE(...) ::weft::launch::detail::not_compiled_for(t)
#endif

namespace weft::launch {

namespace detail {
[[noreturn]] inline void not_compiled_for(const target& t) {
  weft::detail::throw_error(sycl::errc::feature_not_supported,
                            "this kernel was compiled for the CPU only, but its queue's device is " + t.device->name +
                                "; compile the translation unit that submits it for the GPU (CMake: "
                                "weft_add_sycl_cuda_executable or weft_add_sycl_hip_executable, docs/gpu.md), or "
                                "use a CPU queue");
}
[[noreturn]] inline void not_on_device(const target& t, const char* what) {
  weft::detail::throw_error(sycl::errc::feature_not_supported,
                            std::string(what) + " is not supported on " + t.device->name +
                                " yet (Weft's GPU target, docs/gpu.md); run it on a CPU queue");
}
}  // namespace detail

// The forms the handler calls: the CPU definitions above for the host device,
// the device's backend otherwise.
template <class Kernel>
void single_task(const target& t, const Kernel& k) {
  if (!t.is_host()) WEFT_LAUNCH_ON_DEVICE(single_task(t, k));
  single_task(k);
}
template <int Dims, class Kernel>
void range_kernel(const target& t, const sycl::range<Dims>& r, const Kernel& k) {
  if (!t.is_host()) WEFT_LAUNCH_ON_DEVICE(range_kernel<Dims, false>(t, r, sycl::id<Dims>{}, k));
  range_kernel(r, k);
}
template <int Dims, class Kernel>
void range_kernel(const target& t, const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& k) {
  if (!t.is_host()) WEFT_LAUNCH_ON_DEVICE(range_kernel<Dims, true>(t, r, offset, k));
  range_kernel(r, offset, k);
}
template <int Dims, class Kernel>
void nd_range_kernel(const target& t, const sycl::nd_range<Dims>& r, const group_request& local, const Kernel& k) {
  if (!t.is_host()) WEFT_LAUNCH_ON_DEVICE(nd_range_kernel(t, r, local, k));
  nd_range_kernel(r, local, k);
}
template <int Dims, class Kernel, class... Reductions>
void range_reduction_kernel(const target& t, const sycl::range<Dims>& r, const Kernel& k, Reductions... reductions) {
  if (!t.is_host()) WEFT_LAUNCH_ON_DEVICE(range_reduction_kernel(t, r, k, reductions...));
  range_reduction_kernel(r, k, reductions...);
}
template <int Dims, class Kernel, class... Reductions>
void nd_range_reduction_kernel(const target& t, const sycl::nd_range<Dims>& r, const group_request& local,
                               const Kernel& k, Reductions... reductions) {
  if (!t.is_host()) WEFT_LAUNCH_ON_DEVICE(nd_range_reduction_kernel(t, r, local, k, reductions...));
  nd_range_reduction_kernel(r, local, k, reductions...);
}
template <int Dims, class Kernel, class... Reductions>
void scoped_kernel(const target& t, const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size,
                   const group_request& local, const Kernel& k, Reductions... reductions) {
  if (!t.is_host()) WEFT_LAUNCH_ON_DEVICE(scoped_kernel(t, num_groups, group_size, local, k, reductions...));
  scoped_kernel(num_groups, group_size, local, k, reductions...);
}
template <int Dims, class Kernel>
void hierarchical_kernel(const target& t, const sycl::range<Dims>& num_groups,
                         const std::optional<sycl::range<Dims>>& group_size, const group_request& local,
                         const Kernel& k) {
  if (!t.is_host()) WEFT_LAUNCH_ON_DEVICE(hierarchical_kernel(t, num_groups, group_size, local, k));
  hierarchical_kernel(num_groups, group_size, local, k);
}

}  // namespace weft::launch
