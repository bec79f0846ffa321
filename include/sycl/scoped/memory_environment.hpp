#pragma once
// Scoped parallelism: memory_environment() and the allocation requests.
//
// Local memory (require_local_mem<T>) is one T per group, handed to the
// callable as T&. Private memory (require_private_mem<T>) is one T per logical
// item of the group, handed as a wrapper& (wrapper(s_item) is the item's T).
// Where the memory lives is the target's (weft/kernel/scoped_ops.hpp); it is
// released (and destroyed) when the callable returns. Weft accepts any scoped
// group here, not only the work group: a sub-group's memory_environment()
// allocates per sub-group.
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/memory_request.hpp>
#include <weft/kernel/scoped_ops.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

/// Request local memory of type T, not initialized.
template <class T>
WEFT_HOST_DEVICE auto require_local_mem() noexcept {
  return detail::scoped::memory_request<T, detail::scoped::mem_kind::local, false>{};
}
/// Request local memory of type T, initialized with x (element-wise for C arrays up to 3 D).
template <class T, class InitType>
WEFT_HOST_DEVICE auto require_local_mem(const InitType& x) noexcept {
  static_assert(detail::scoped::check_init_type<T, InitType>());
  return detail::scoped::memory_request<T, detail::scoped::mem_kind::local, true>{
      static_cast<detail::scoped::scalar_of_t<T>>(x)};
}
/// Request private memory of logical work items of type T, not initialized.
template <class T>
WEFT_HOST_DEVICE auto require_private_mem() noexcept {
  return detail::scoped::memory_request<T, detail::scoped::mem_kind::priv, false>{};
}
/// Request private memory of logical work items of type T, initialized with x
/// (T may be left out: it is then the type of x; for C arrays x initializes each element).
template <class T = void, class InitType>
WEFT_HOST_DEVICE auto require_private_mem(const InitType& x) noexcept {
  using value_t = std::conditional_t<std::is_void_v<T>, InitType, T>;
  static_assert(detail::scoped::check_init_type<value_t, InitType>());
  return detail::scoped::memory_request<value_t, detail::scoped::mem_kind::priv, true>{
      static_cast<detail::scoped::scalar_of_t<value_t>>(x)};
}

/// Allocates the requested memory for group g and calls the last argument
/// with references to the allocations, in the order requested.
template <class SpGroup, typename... Args>
WEFT_HOST_DEVICE void memory_environment(const SpGroup& g, Args&&... args) WEFT_SCOPED_NOEXCEPT {
  detail::scoped::check_environment<SpGroup, Args...>();
  weft::kernel::scoped::memory_environment(g, std::forward<Args>(args)...);
}

/// Synonym for memory_environment(g, require_local_mem<T>(), f).
template <class T, class Group, class Function>
WEFT_HOST_DEVICE void local_memory_environment(const Group& g, Function&& f) WEFT_SCOPED_NOEXCEPT {
  memory_environment(g, require_local_mem<T>(), std::forward<Function>(f));
}
/// Synonym for memory_environment(g, require_private_mem<T>(), f).
template <class T, class Group, class Function>
WEFT_HOST_DEVICE void private_memory_environment(const Group& g, Function&& f) WEFT_SCOPED_NOEXCEPT {
  memory_environment(g, require_private_mem<T>(), std::forward<Function>(f));
}

}  // namespace weft::sycl
