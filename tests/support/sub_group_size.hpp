#pragma once
// The sub-group size of nd_range kernels that require none on q's device:
// weft::sub_group_size() on the CPU, the warp or wavefront (its only size) on a GPU.
#include <cstddef>
#include <sycl/sycl.hpp>
#include <weft/settings.hpp>

namespace weft_test {

inline std::size_t default_sub_group_size(const sycl::queue& q) {
  const sycl::device d = q.get_device();
  return d.is_cpu() ? weft::sub_group_size() : d.get_info<sycl::info::device::sub_group_sizes>().front();
}

}  // namespace weft_test
