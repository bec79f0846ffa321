#pragma once
// SYCL 2020 private_memory (hierarchical parallelism, section 4.9.4.2.3): data private to each work item of a
// hierarchical kernel's work group that lives across its parallel_for_work_item
// calls. Declared in the work-group function (parallel_for_work_group's body), it
// holds one T per physical work item of the group (group::get_local_range(), the
// work-group size given to parallel_for_work_group or chosen by Weft); operator()
// returns the one of the h_item's physical item, get_physical_local(). Logical
// items that run on the same physical item (a flexible range larger than the
// physical one) share it.
//
// The storage comes from the target (weft/kernel/hierarchical.hpp): on the CPU the
// worker's scoped arena, released when the object goes out of scope. Objects are
// neither copyable nor movable (each is the storage of one group).
#include <cstddef>
#include <new>
#include <type_traits>
#include <sycl/group.hpp>
#include <sycl/h_item.hpp>
#include <sycl/id.hpp>
#include <weft/kernel/hierarchical.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

template <typename T, int Dimensions = 1>
class private_memory {
 public:
  WEFT_HOST_DEVICE explicit private_memory(const group<Dimensions>& g)
      : m_count(g.get_local_linear_range()),
        m_block(weft::kernel::hierarchical::private_allocate(m_count * sizeof(T), alignof(T))) {
    T* p = data();
    if constexpr (!std::is_trivially_default_constructible_v<T>)
      for (std::size_t i = 0; i < m_count; ++i) new (p + i) T;
  }
  private_memory(const private_memory&) = delete;
  private_memory& operator=(const private_memory&) = delete;
  WEFT_HOST_DEVICE ~private_memory() {
    if constexpr (!std::is_trivially_destructible_v<T>)
      for (std::size_t i = m_count; i-- > 0;) data()[i].~T();
    weft::kernel::hierarchical::private_release(m_block);
  }

  // The calling physical work item's instance.
  WEFT_HOST_DEVICE T& operator()(const h_item<Dimensions>& id) {
    return data()[detail::linearize(id.get_physical_local_id(), id.get_physical_local_range())];
  }

 private:
  WEFT_HOST_DEVICE T* data() const { return static_cast<T*>(m_block.data); }

  std::size_t m_count;
  weft::kernel::hierarchical::private_block m_block;
};

}  // namespace weft::sycl
