#pragma once
// Scoped parallelism: the deprecated first-version memory classes,
// s_private_memory (private memory of logical work items) and local_memory (a
// variable in the group's local memory). memory_environment() replaces both.
// Their storage is the target's (weft::kernel::scoped::allocation).
#include <cstddef>
#include <type_traits>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/memory_request.hpp>
#include <sycl/scoped/s_item.hpp>
#include <weft/kernel/scoped_ops.hpp>

namespace weft::sycl {

namespace detail::scoped {
template <class G>
inline constexpr bool check_private_group() {
  static_assert(is_scoped_group_v<G>, "private memory: Only available if SpGroup is a scoped parallelism group type");
  return true;
}
}  // namespace detail::scoped

/// Deprecated: private memory of logical work items; use memory_environment().
template <typename T, class SpGroup>
class s_private_memory {
  static_assert(detail::scoped::check_private_group<SpGroup>());
  static constexpr int dimensions = SpGroup::dimensions;

 public:
  [[deprecated("Use sycl::memory_environment() instead")]] explicit s_private_memory(const SpGroup& grp)
      : m_memory(grp, detail::scoped::group_access::state(grp).local_range.size()),
        m_offset(detail::scoped::group_access::state(grp).wg_offset) {}

  s_private_memory(const s_private_memory&) = delete;
  s_private_memory& operator=(const s_private_memory&) = delete;

  [[deprecated("Use sycl::memory_environment() instead")]] T& operator()(const s_item<dimensions>& idx) noexcept {
    return m_memory.data()[detail::scoped::s_item_access::wg_linear(idx) - m_offset];
  }

 private:
  weft::kernel::scoped::allocation<T> m_memory;
  std::size_t m_offset;  // work-group linear id of the group's first item
};

/// Deprecated: a variable of type T in the local memory of Group; use memory_environment().
template <class T, class Group>
class local_memory {
  static_assert(detail::scoped::check_private_group<Group>());

 public:
  using scalar_type = typename std::remove_extent<T>::type;

  explicit local_memory(const Group& g) : m_memory(g, 1) {}
  local_memory(const local_memory&) = delete;
  local_memory& operator=(const local_memory&) = delete;

  /// Only available if T is an array: one element of it.
  template <class U = T, std::enable_if_t<std::is_array_v<U>, int> = 0>
  [[deprecated("Use sycl::memory_environment() instead")]] scalar_type& operator[](std::size_t index) noexcept {
    return (*m_memory.data())[index];
  }
  [[deprecated("Use sycl::memory_environment() instead")]] T& operator()() noexcept { return *m_memory.data(); }

 private:
  weft::kernel::scoped::allocation<T> m_memory;
};

}  // namespace weft::sycl
