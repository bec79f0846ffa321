#pragma once
// Scoped parallelism: memory of logical work items and of groups.
//
// private_memory_access<T, Group> is what memory_environment() hands the
// callable for a require_private_mem<T>() request: one T per logical item of
// Group, laid out as one contiguous array indexed by the item's work-group
// linear id (relative to the group's first item). wrapper(idx) is one load
// address computation; the *_over_group algorithms run over the array.
//
// s_private_memory and local_memory are the deprecated first-version classes.
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/s_item.hpp>

namespace weft::sycl {

namespace detail::scoped {

template <class T>
using scalar_of_t = std::remove_all_extents_t<T>;
template <class T>
inline constexpr std::size_t scalars_in_v = sizeof(T) / sizeof(scalar_of_t<T>);

// Default-initialises count objects of type T (array types element-wise).
template <class T>
inline void default_construct_n(T* p, std::size_t count) {
  using S = scalar_of_t<T>;
  if constexpr (!std::is_trivially_default_constructible_v<S>) {
    S* s = reinterpret_cast<S*>(p);
    for (std::size_t i = 0, n = count * scalars_in_v<T>; i < n; ++i) ::new (static_cast<void*>(s + i)) S;
  } else {
    (void)p;
    (void)count;
  }
}
// Initialises count objects of type T with every scalar element equal to x.
template <class T, class X>
inline void fill_construct_n(T* p, std::size_t count, const X& x) {
  using S = scalar_of_t<T>;
  if constexpr (std::is_array_v<T>) {
    std::uninitialized_fill_n(reinterpret_cast<S*>(p), count * scalars_in_v<T>, static_cast<S>(x));
  } else {
    std::uninitialized_fill_n(p, count, static_cast<const T&>(x));
  }
}
template <class T>
inline void destroy_n(T* p, std::size_t count) noexcept {
  using S = scalar_of_t<T>;
  if constexpr (!std::is_trivially_destructible_v<S>) {
    S* s = reinterpret_cast<S*>(p);
    for (std::size_t i = 0, n = count * scalars_in_v<T>; i < n; ++i) s[i].~S();
  } else {
    (void)p;
    (void)count;
  }
}

template <class G>
inline constexpr bool check_private_group() {
  static_assert(is_scoped_group_v<G>, "private memory: Only available if SpGroup is a scoped parallelism group type");
  return true;
}

struct private_memory_internals;

}  // namespace detail::scoped

namespace detail::scoped {
/// Logical-item private memory allocated by memory_environment() for the group
/// Group: wrapper(idx) is the T of logical item idx.
template <class T, class Group>
class private_memory_access {
  static_assert(check_private_group<Group>());

 public:
  static constexpr int dimensions = Group::dimensions;
  using value_type = T;
  using group_type = Group;

  private_memory_access(const private_memory_access&) = delete;
  private_memory_access& operator=(const private_memory_access&) = delete;

  T& operator()(const s_item<dimensions>& idx) const noexcept {
    return m_data[s_item_access::wg_linear(idx) - m_offset];
  }

  /// Number of logical items (slots).
  std::size_t size() const noexcept { return m_size; }

 private:
  friend struct private_memory_internals;
  private_memory_access(T* data, std::size_t offset, std::size_t size) noexcept
      : m_data(data), m_offset(offset), m_size(size) {}
  T* m_data;
  std::size_t m_offset;  // work-group linear id of the owner group's first item
  std::size_t m_size;
};

struct private_memory_internals {
  template <class T, class G>
  static private_memory_access<T, G> make(T* data, std::size_t offset, std::size_t size) noexcept {
    return {data, offset, size};
  }
  // The slots of the logical items of group g (g nested in the wrapper's group).
  template <class T, class G, class Sub>
  static T* slots(const private_memory_access<T, G>& w, const Sub& g) WEFT_SCOPED_NOEXCEPT {
    const auto& s = group_access::state(g);
#if WEFT_SCOPED_CHECKS
    if (s.wg_offset < w.m_offset || s.wg_offset + s.local_range.size() > w.m_offset + w.m_size) report(owner_text);
#endif
    return w.m_data + (s.wg_offset - w.m_offset);
  }
};
}  // namespace detail::scoped

/// Deprecated: private memory of logical work items; use memory_environment().
template <typename T, class SpGroup>
class s_private_memory {
  static_assert(detail::scoped::check_private_group<SpGroup>());
  static constexpr int dimensions = SpGroup::dimensions;

 public:
  [[deprecated("Use sycl::memory_environment() instead")]] explicit s_private_memory(const SpGroup& grp) {
    using namespace detail::scoped;
    const auto& s = group_access::state(grp);
#if WEFT_SCOPED_CHECKS
    if (s.ctx->region == kernel::scoped_region::items) report(rule2_text);
#endif
    m_arena = s.ctx->arena;
    m_mark = m_arena->get_mark();
    m_size = s.local_range.size();
    m_offset = s.wg_offset;
    m_data = static_cast<T*>(m_arena->allocate(sizeof(T) * m_size, alignof(T) < 64 ? 64 : alignof(T)));
    default_construct_n(m_data, m_size);
  }
  ~s_private_memory() {
    detail::scoped::destroy_n(m_data, m_size);
    m_arena->release(m_mark);
  }

  s_private_memory(const s_private_memory&) = delete;
  s_private_memory& operator=(const s_private_memory&) = delete;

  [[deprecated("Use sycl::memory_environment() instead")]] T& operator()(const s_item<dimensions>& idx) noexcept {
    return m_data[detail::scoped::s_item_access::wg_linear(idx) - m_offset];
  }

 private:
  kernel::scoped_arena* m_arena;
  kernel::scoped_arena::mark m_mark;
  T* m_data;
  std::size_t m_offset;
  std::size_t m_size;
};

/// Deprecated: a variable of type T in the local memory of Group; use memory_environment().
template <class T, class Group>
class local_memory {
  static_assert(detail::scoped::check_private_group<Group>());

 public:
  using scalar_type = typename std::remove_extent<T>::type;

  explicit local_memory(const Group& g) {
    using namespace detail::scoped;
    const auto& s = group_access::state(g);
#if WEFT_SCOPED_CHECKS
    if (s.ctx->region == kernel::scoped_region::items) report(rule2_text);
#endif
    m_arena = s.ctx->arena;
    m_mark = m_arena->get_mark();
    m_data = static_cast<T*>(m_arena->allocate(sizeof(T), alignof(T) < 64 ? 64 : alignof(T)));
    default_construct_n(m_data, 1);
  }
  ~local_memory() {
    detail::scoped::destroy_n(m_data, 1);
    m_arena->release(m_mark);
  }
  local_memory(const local_memory&) = delete;
  local_memory& operator=(const local_memory&) = delete;

  /// Only available if T is an array: one element of it.
  template <class U = T, std::enable_if_t<std::is_array_v<U>, int> = 0>
  [[deprecated("Use sycl::memory_environment() instead")]] scalar_type& operator[](std::size_t index) noexcept {
    return (*m_data)[index];
  }
  [[deprecated("Use sycl::memory_environment() instead")]] T& operator()() noexcept { return *m_data; }

 private:
  kernel::scoped_arena* m_arena;
  kernel::scoped_arena::mark m_mark;
  T* m_data;
};

}  // namespace weft::sycl
