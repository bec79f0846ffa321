#pragma once
// Kernel interface, GPU target: an nd_item's ids (weft/kernel/nd_ids.hpp) read
// from the block's registers. The nd_range launches (launch.hpp,
// reduction_launch.hpp) run one block per work group with SYCL's last dimension
// as the block's x, and a 1-D grid whose block index is the group linear id; so
// only the group range of a 2-D or 3-D nd_range, which the 1-D grid does not
// keep, is stored. A 1-D nd_ids holds nothing.
#if !defined(__CUDA__) && !defined(__HIP__)
#error "weft/target/gpu/nd_ids.hpp is for translation units compiled as CUDA or HIP"
#endif
#include <cstddef>
#include <cstdint>
#include <sycl/id.hpp>
#include <sycl/range.hpp>
#include <weft/kernel/target.hpp>
#include <weft/target/gpu/vendor.hpp>

namespace weft::kernel::gpu {

namespace detail {
template <int Dims>
struct stored_group_range {
  sycl::range<Dims> value;
  __device__ sycl::range<Dims> get() const { return value; }
};
// 1-D: the grid's.
template <>
struct stored_group_range<1> {
  __device__ explicit stored_group_range(const sycl::range<1>&) {}
  __device__ sycl::range<1> get() const { return sycl::range<1>(gridDim.x); }
};
}  // namespace detail

template <int Dims>
class nd_ids {
 public:
  // The launch's values: all but a 2-D or 3-D group range equal the registers'.
  __device__ nd_ids(const sycl::id<Dims>&, const sycl::id<Dims>&, const sycl::range<Dims>&,
                    const sycl::range<Dims>& group_range, std::uint32_t)
      : m_group_range{group_range} {}

  __device__ sycl::id<Dims> group_id() const {
    if constexpr (Dims == 1) return sycl::id<1>(blockIdx.x);
    else return sycl::detail::delinearize(std::size_t(blockIdx.x), m_group_range.get());
  }
  __device__ std::size_t group_id(int d) const { return group_id()[d]; }
  __device__ sycl::id<Dims> local_id() const {
    if constexpr (Dims == 1) return sycl::id<1>(threadIdx.x);
    else if constexpr (Dims == 2) return sycl::id<2>(threadIdx.y, threadIdx.x);
    else return sycl::id<3>(threadIdx.z, threadIdx.y, threadIdx.x);
  }
  __device__ std::size_t local_id(int d) const { return local_id()[d]; }
  __device__ sycl::range<Dims> local_range() const {
    if constexpr (Dims == 1) return sycl::range<1>(blockDim.x);
    else if constexpr (Dims == 2) return sycl::range<2>(blockDim.y, blockDim.x);
    else return sycl::range<3>(blockDim.z, blockDim.y, blockDim.x);
  }
  __device__ std::size_t local_range(int d) const { return local_range()[d]; }
  __device__ sycl::range<Dims> group_range() const { return m_group_range.get(); }
  __device__ std::size_t group_range(int d) const { return group_range()[d]; }
  __device__ std::size_t local_linear_id() const {
    if constexpr (Dims == 1) return threadIdx.x;
    else if constexpr (Dims == 2) return threadIdx.x + blockDim.x * threadIdx.y;
    else return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
  __device__ std::size_t group_linear_id() const { return blockIdx.x; }
  __device__ std::uint32_t sub_group_size() const { return WEFT_KERNEL_SUB_GROUP_SIZE; }

 private:
  detail::stored_group_range<Dims> m_group_range;
};

}  // namespace weft::kernel::gpu
