#pragma once
// The launch interface: how the front end's handler hands a kernel to a target.
// Declared here, defined by the target's headers (CPU: include/weft/cpu/), which
// sycl/sycl.hpp includes after the front end. The front end names no backend.
#include <cstddef>
#include <sycl/id.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/range.hpp>

namespace weft::launch {

// Local memory a kernel asked for through local accessors: bytes per work group.
struct local_memory_request {
  std::size_t bytes = 0;
};

template <class Kernel>
void single_task(const Kernel& k);

template <int Dims, class Kernel>
void range_kernel(const sycl::range<Dims>& r, const Kernel& k);

template <int Dims, class Kernel>
void range_kernel(const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& k);

template <int Dims, class Kernel>
void nd_range_kernel(const sycl::nd_range<Dims>& r, const local_memory_request& local, const Kernel& k);

// sycl::reduction forms: Reductions are sycl::reduction objects (issue: sub-groups
// and reductions); the kernel takes (item or nd_item, reducer&...).
template <int Dims, class Kernel, class... Reductions>
void range_reduction_kernel(const sycl::range<Dims>& r, const Kernel& k, Reductions... reductions);

template <int Dims, class Kernel, class... Reductions>
void nd_range_reduction_kernel(const sycl::nd_range<Dims>& r, const local_memory_request& local, const Kernel& k,
                               Reductions... reductions);

// Scoped parallelism (AdaptiveCpp's handler::parallel): num_groups work groups of
// group_size logical items; the kernel takes the work group object (and reducers).
template <int Dims, class Kernel, class... Reductions>
void scoped_kernel(const sycl::range<Dims>& num_groups, const sycl::range<Dims>& group_size,
                   const local_memory_request& local, const Kernel& k, Reductions... reductions);

}  // namespace weft::launch
