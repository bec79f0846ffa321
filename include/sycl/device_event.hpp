#pragma once
// SYCL 2020 section 4.14.1 (device_event) and the group copies that return it
// (nd_item::async_work_group_copy, group::async_work_group_copy).
//
// On the CPU a group's items run one after another on one thread, in local id
// order within each barrier episode. The group's last item therefore performs
// the whole copy when it makes the call (every item's earlier writes to the
// source are done by then), and waiting is a work-group barrier, after which
// every item sees the copied data.
#include <cstddef>
#include <type_traits>
#include <weft/kernel/local_memory.hpp>
#include <weft/kernel/sync.hpp>

namespace weft::sycl {

class device_event {
 public:
  // A group function: every item of the group waits.
  void wait() const { weft::kernel::work_group_barrier(); }

 private:
  friend struct detail_device_event_access;
  device_event() = default;
};

struct detail_device_event_access {
  static device_event make() { return {}; }
};

namespace detail {

template <class DestT, class SrcT>
device_event group_copy(std::size_t local_linear_id, std::size_t group_size, DestT* dest, const SrcT* src,
                        std::size_t n, std::size_t dest_stride, std::size_t src_stride) {
  if (local_linear_id + 1 == group_size) {
    if (dest_stride == 1 && src_stride == 1) {
      for (std::size_t i = 0; i < n; ++i) dest[i] = src[i];
    } else {
      for (std::size_t i = 0; i < n; ++i) dest[i * dest_stride] = src[i * src_stride];
    }
  }
  return detail_device_event_access::make();
}

// The strided forms stride the global side: the source when copying into
// local memory, the destination when copying out of it.
template <class DestT, class SrcT>
device_event group_copy_strided(std::size_t local_linear_id, std::size_t group_size, DestT* dest, const SrcT* src,
                                std::size_t n, std::size_t stride) {
  return weft::kernel::is_local_memory(dest) ? group_copy(local_linear_id, group_size, dest, src, n, 1, stride)
                                             : group_copy(local_linear_id, group_size, dest, src, n, stride, 1);
}

template <class... Events>
void wait_for_events(Events&...) {
  static_assert((std::is_same_v<Events, device_event> && ...), "wait_for takes device_events");
  if constexpr (sizeof...(Events) > 0) weft::kernel::work_group_barrier();  // one barrier covers them all
}

}  // namespace detail

}  // namespace weft::sycl
