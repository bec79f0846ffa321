#pragma once
// Kernel interface: where an nd_item finds its work item's ids. sycl::nd_item
// holds a weft::kernel::nd_ids<Dims> (and the nd_range's offset) and asks it
//
//   group_id(), local_id(), local_range(), group_range()   (and their (d) forms)
//   local_linear_id(), group_linear_id(), sub_group_size()
//
// stored_nd_ids keeps them as values (the CPU target, and host code). A target
// whose hardware holds them defines its own type for its device code: the GPU
// target's reads the block's registers (weft/target/gpu/nd_ids.hpp), so an
// nd_item passed by reference to a function that is not inlined holds (almost)
// nothing that must be written to and read back from the thread's stack.
// Every type is built by the launch from the same four values; a type that
// reads hardware registers ignores those the launch's layout makes equal.
#include <cstddef>
#include <cstdint>
#include <sycl/id.hpp>
#include <sycl/range.hpp>
#include <weft/kernel/target.hpp>

namespace weft::kernel {

template <int Dims>
class stored_nd_ids {
 public:
  WEFT_HOST_DEVICE stored_nd_ids(const sycl::id<Dims>& group_id, const sycl::id<Dims>& local_id,
                                 const sycl::range<Dims>& local_range, const sycl::range<Dims>& group_range,
                                 std::uint32_t sub_group_size)
      : m_group_id(group_id),
        m_local_id(local_id),
        m_local_range(local_range),
        m_group_range(group_range),
        m_sub_group_size(sub_group_size) {}

  WEFT_HOST_DEVICE sycl::id<Dims> group_id() const { return m_group_id; }
  WEFT_HOST_DEVICE std::size_t group_id(int d) const { return m_group_id[d]; }
  WEFT_HOST_DEVICE sycl::id<Dims> local_id() const { return m_local_id; }
  WEFT_HOST_DEVICE std::size_t local_id(int d) const { return m_local_id[d]; }
  WEFT_HOST_DEVICE sycl::range<Dims> local_range() const { return m_local_range; }
  WEFT_HOST_DEVICE std::size_t local_range(int d) const { return m_local_range[d]; }
  WEFT_HOST_DEVICE sycl::range<Dims> group_range() const { return m_group_range; }
  WEFT_HOST_DEVICE std::size_t group_range(int d) const { return m_group_range[d]; }
  WEFT_HOST_DEVICE std::size_t local_linear_id() const { return sycl::detail::linearize(m_local_id, m_local_range); }
  WEFT_HOST_DEVICE std::size_t group_linear_id() const { return sycl::detail::linearize(m_group_id, m_group_range); }
  WEFT_HOST_DEVICE std::uint32_t sub_group_size() const { return m_sub_group_size; }

 private:
  sycl::id<Dims> m_group_id;
  sycl::id<Dims> m_local_id;
  sycl::range<Dims> m_local_range;
  sycl::range<Dims> m_group_range;
  std::uint32_t m_sub_group_size;  // the launch's (a power of two)
};

}  // namespace weft::kernel

#if WEFT_DEVICE_PASS
// Defines weft::kernel::gpu::nd_ids, read from the block's registers.
#include <weft/target/gpu/nd_ids.hpp>
namespace weft::kernel {
template <int Dims>
using nd_ids = gpu::nd_ids<Dims>;
}
#else
namespace weft::kernel {
template <int Dims>
using nd_ids = stored_nd_ids<Dims>;
}
#endif
