#pragma once
// DPC++ extension sycl_ext_oneapi_local_memory: group_local_memory<T>(group,
// args...) and group_local_memory_for_overwrite<T>(group), one T per work group
// of an nd_range kernel, allocated and constructed upon the first call.
//
// Each call site is a distinct object. A library cannot see call sites, so on
// the CPU the calling work item's k-th call gets the group's k-th object (the
// same as DPC++ for calls at kernel scope, which is what DPC++ allows); on the
// GPU targets each <T, argument types> is one __shared__ object per kernel.
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <sycl/access.hpp>
#include <sycl/exception.hpp>
#include <sycl/group.hpp>
#include <sycl/group_traits.hpp>
#include <sycl/multi_ptr.hpp>
#include <weft/kernel/local_memory.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl::ext::oneapi {

namespace detail {
template <class T, class Group>
using group_local_ptr = std::enable_if_t<std::is_trivially_destructible_v<T> && sycl::is_group_v<Group>,
                                         multi_ptr<T, access::address_space::local_space, access::decorated::legacy>>;

// What tells the GPU targets' group objects apart: the constructor arguments' types.
template <class... Args>
struct group_local_site {};
struct group_local_for_overwrite_site {};

template <class T, class Site, class Group>
WEFT_HOST_DEVICE void* group_local_storage(const Group& g, bool& made) {
  static_assert(!std::is_same_v<Group, sycl::sub_group>,
                "group_local_memory takes the work group (nd_item::get_group()), not a sub-group");
  void* p = weft::kernel::group_object<T, Site>(g.get_local_linear_id(), g.get_local_linear_range(), made);
#if !WEFT_DEVICE_PASS
  if (!p)
    sycl::detail::throw_error(errc::feature_not_supported,
                              "group_local_memory and group_local_memory_for_overwrite work inside an nd_range "
                              "kernel only (parallel_for(nd_range, ...)); use a local_accessor elsewhere");
#endif
  return p;
}
}  // namespace detail

template <typename T, typename Group>
WEFT_HOST_DEVICE detail::group_local_ptr<T, Group> group_local_memory_for_overwrite(Group g) {
  bool made = false;
  void* p = detail::group_local_storage<T, detail::group_local_for_overwrite_site>(g, made);
  if constexpr (!std::is_trivially_default_constructible_v<T>) {
    if (made) ::new (p) T;
    weft::kernel::group_object_constructed();
  }
  return multi_ptr<T, access::address_space::local_space, access::decorated::legacy>(static_cast<T*>(p));
}

template <typename T, typename Group, typename... Args>
WEFT_HOST_DEVICE detail::group_local_ptr<T, Group> group_local_memory(Group g, Args&&... args) {
  bool made = false;
  void* p = detail::group_local_storage<T, detail::group_local_site<std::decay_t<Args>...>>(g, made);
  if (made) ::new (p) T{std::forward<Args>(args)...};
  weft::kernel::group_object_constructed();
  return multi_ptr<T, access::address_space::local_space, access::decorated::legacy>(static_cast<T*>(p));
}

}  // namespace weft::sycl::ext::oneapi
