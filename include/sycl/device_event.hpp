#pragma once
// SYCL 2020 section 4.14.1 (device_event) and the group copies that return it
// (nd_item::async_work_group_copy, group::async_work_group_copy).
//
// On the CPU a group's items run one after another on one thread, in local id
// order within each barrier episode. The group's last item therefore performs
// the whole copy when it makes the call (every item's earlier writes to the
// source are done by then), and waiting is a work-group barrier, after which
// every item sees the copied data. On the CUDA target the block's threads share
// the copy (thread i copies elements i, i + group size, ...) and waiting is
// __syncthreads.
#include <cstddef>
#include <type_traits>
#include <sycl/multi_ptr.hpp>
#include <weft/kernel/local_memory.hpp>
#include <weft/kernel/sync.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

class device_event {
 public:
  // A group function: every item of the group waits.
  WEFT_HOST_DEVICE void wait() const { weft::kernel::work_group_barrier(); }

 private:
  friend struct detail_device_event_access;
  device_event() = default;
};

struct detail_device_event_access {
  WEFT_HOST_DEVICE static device_event make() { return {}; }
};

namespace detail {

template <class DestT, class SrcT>
WEFT_HOST_DEVICE device_event group_copy(std::size_t local_linear_id, std::size_t group_size, DestT* dest,
                                         const SrcT* src, std::size_t n, std::size_t dest_stride,
                                         std::size_t src_stride) {
#if WEFT_DEVICE_PASS
  for (std::size_t i = local_linear_id; i < n; i += group_size) dest[i * dest_stride] = src[i * src_stride];
#else
  if (local_linear_id + 1 == group_size) {
    if (dest_stride == 1 && src_stride == 1) {
      for (std::size_t i = 0; i < n; ++i) dest[i] = src[i];
    } else {
      for (std::size_t i = 0; i < n; ++i) dest[i * dest_stride] = src[i * src_stride];
    }
  }
#endif
  return detail_device_event_access::make();
}

// A group copy's pointers: raw pointers (accessors' get_pointer()) or
// multi_ptrs (SYCL 2020 decorated pointers, SYCL 1.2.1 local_ptr/global_ptr).
template <class P>
struct copy_pointer {};
template <class T>
struct copy_pointer<T*> {
  static constexpr address_space space = address_space::generic_space;
  WEFT_HOST_DEVICE static T* raw(T* p) { return p; }
};
template <class T, address_space S, access::decorated D>
struct copy_pointer<multi_ptr<T, S, D>> {
  static constexpr address_space space = S;
  WEFT_HOST_DEVICE static T* raw(const multi_ptr<T, S, D>& p) { return p.get_raw(); }
};
template <class P>
using copy_pointer_raw_t = decltype(copy_pointer<P>::raw(std::declval<P>()));

// The strided forms stride the global side: the source when copying into local
// memory, the destination when copying out of it. A multi_ptr's address space
// says which side is which; for raw pointers the destination's address does.
template <class Dest, class Src>
WEFT_HOST_DEVICE device_event group_copy_any(std::size_t local_linear_id, std::size_t group_size, Dest dest, Src src,
                                             std::size_t n, std::size_t stride, bool strided) {
  auto* d = copy_pointer<Dest>::raw(dest);
  const auto* s = copy_pointer<Src>::raw(src);
  if (!strided) return group_copy(local_linear_id, group_size, d, s, n, 1, 1);
  constexpr address_space ds = copy_pointer<Dest>::space, ss = copy_pointer<Src>::space;
  const bool into_local =
      ds == address_space::local_space ||
      (ds != address_space::global_space && ss != address_space::local_space && weft::kernel::is_local_memory(d));
  return into_local ? group_copy(local_linear_id, group_size, d, s, n, 1, stride)
                    : group_copy(local_linear_id, group_size, d, s, n, stride, 1);
}

template <class... Events>
WEFT_HOST_DEVICE void wait_for_events(Events&...) {
  static_assert((std::is_same_v<Events, device_event> && ...), "wait_for takes device_events");
  if constexpr (sizeof...(Events) > 0) weft::kernel::work_group_barrier();  // one barrier covers them all
}

}  // namespace detail

}  // namespace weft::sycl
