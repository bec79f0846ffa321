#pragma once
// SYCL 2020 section 4.7.6.11: local_accessor, work-group local memory for
// nd_range kernels.
//
// On the CPU every worker task owns one local memory block that its groups use
// one after another. The accessor (a member of the kernel object, shared by all
// groups) holds only its offset in that block; the block's base is a
// thread-local pointer (weft/kernel/local_memory.hpp) set once per task.
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>
#include <sycl/accessor.hpp>
#include <sycl/detail/type_traits.hpp>
#include <sycl/handler_access.hpp>
#include <sycl/id.hpp>
#include <sycl/multi_ptr.hpp>
#include <sycl/range.hpp>
#include <weft/kernel/local_memory.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

class handler;

namespace detail {
struct local_accessor_access;

// Local allocations start on a cache line so that SIMD loads of them align.
inline constexpr std::size_t local_memory_alignment = 64;

// What local_accessor and the SYCL 1.2.1 local accessor share.
template <class DataT, int Dims>
class local_accessor_base : public contiguous_member_types<DataT> {
  static_assert(Dims >= 1 && Dims <= 3, "local accessors have 1, 2 or 3 dimensions");

 public:
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;

  local_accessor_base() = default;
  // A copy made in a command group function may be a kernel's capture (handler::single_task).
  WEFT_HOST_DEVICE local_accessor_base(const local_accessor_base& o) : m_offset(o.m_offset), m_range(o.m_range) {
#if !WEFT_DEVICE_PASS
    handler_access::note_local_accessor_copy();
#endif
  }
  local_accessor_base& operator=(const local_accessor_base&) = default;
  // local_accessor<T> seen as local_accessor<const T> (section 4.7.6.11): the same allocation.
  template <class Other, std::enable_if_t<std::is_same_v<const Other, DataT> && !std::is_same_v<Other, DataT>, int> = 0>
  WEFT_HOST_DEVICE local_accessor_base(const local_accessor_base<Other, Dims>& o)
      : m_offset(o.m_offset), m_range(o.m_range) {}

  // The handler adds the allocation to the command group's local memory request.
  local_accessor_base(range<Dims> r, handler& cgh)
      : m_offset(handler_access::allocate_local(
            cgh, r.size() * sizeof(DataT),
            alignof(DataT) > local_memory_alignment ? alignof(DataT) : local_memory_alignment)),
        m_range(r) {}

  WEFT_HOST_DEVICE range<Dims> get_range() const { return m_range; }
  WEFT_HOST_DEVICE size_type size() const noexcept { return m_range.size(); }
  WEFT_HOST_DEVICE size_type byte_size() const noexcept { return size() * sizeof(DataT); }
  WEFT_HOST_DEVICE size_type max_size() const noexcept { return size(); }
  WEFT_HOST_DEVICE bool empty() const noexcept { return size() == 0; }
  [[deprecated("use size()")]] size_type get_count() const { return size(); }
  [[deprecated("use byte_size()")]] size_type get_size() const { return byte_size(); }

  // The running group's copy; valid inside an nd_range kernel only.
  // (weft::kernel::local_memory(): the CPU engine's per-task block, or the CUDA block's shared memory.)
  WEFT_HOST_DEVICE DataT* data() const noexcept {
    return reinterpret_cast<DataT*>(weft::kernel::local_memory() + m_offset);
  }
  // SYCL 2020 4.7.6.11 (deprecated there, kept): a local_ptr, which converts to DataT*.
  WEFT_HOST_DEVICE local_ptr<DataT> get_pointer() const noexcept { return local_ptr<DataT>(data()); }
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<DataT, access::address_space::local_space, IsDecorated>;
  template <access::decorated IsDecorated>
  WEFT_HOST_DEVICE accessor_ptr<IsDecorated> get_multi_ptr() const noexcept {
    return accessor_ptr<IsDecorated>(data());
  }

  WEFT_HOST_DEVICE DataT& operator[](const id<Dims>& index) const { return data()[linearize(index, m_range)]; }
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  WEFT_HOST_DEVICE DataT& operator[](std::size_t index) const {
    return data()[index];
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  WEFT_HOST_DEVICE auto operator[](std::size_t index) const {
    id<Dims> i;
    i[0] = index;
    return subscript_proxy<local_accessor_base, Dims, 1>(*this, i);
  }

  WEFT_HOST_DEVICE DataT* begin() const noexcept { return data(); }
  WEFT_HOST_DEVICE DataT* end() const noexcept { return data() + size(); }
  WEFT_HOST_DEVICE const DataT* cbegin() const noexcept { return begin(); }
  WEFT_HOST_DEVICE const DataT* cend() const noexcept { return end(); }
  using reverse_iterator = std::reverse_iterator<DataT*>;
  using const_reverse_iterator = std::reverse_iterator<const DataT*>;
  WEFT_HOST_DEVICE reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  WEFT_HOST_DEVICE reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  WEFT_HOST_DEVICE const_reverse_iterator crbegin() const noexcept { return const_reverse_iterator(cend()); }
  WEFT_HOST_DEVICE const_reverse_iterator crend() const noexcept { return const_reverse_iterator(cbegin()); }

  // Common reference semantics (SYCL 2020 4.5.2): a local accessor refers to its
  // allocation in the work group's local memory; copies are equal and hash equal.
  friend WEFT_HOST_DEVICE bool operator==(const local_accessor_base& a, const local_accessor_base& b) {
    return a.m_offset == b.m_offset && a.m_range == b.m_range;
  }
  friend WEFT_HOST_DEVICE bool operator!=(const local_accessor_base& a, const local_accessor_base& b) {
    return !(a == b);
  }
  friend std::size_t weft_hash_value(const local_accessor_base& a) noexcept {
    std::size_t h = std::hash<std::size_t>()(a.m_offset);
    for (int d = 0; d < Dims; ++d) h = h * 31u + a.m_range[d];
    return h;
  }

 protected:
  friend struct local_accessor_access;
  template <class, int>
  friend class local_accessor_base;
  local_accessor_base(std::size_t offset, range<Dims> r) : m_offset(offset), m_range(r) {}

  std::size_t m_offset = 0;
  range<Dims> m_range{};
};

}  // namespace detail

template <typename DataT, int Dims = 1>
class local_accessor : public detail::local_accessor_base<DataT, Dims> {
  using base = detail::local_accessor_base<DataT, Dims>;

 public:
  static constexpr int dimensions = Dims;

  local_accessor() = default;
  // SYCL 2020 also takes a property_list; local accessors define no properties.
  local_accessor(range<Dims> allocation_size, handler& cgh, const property_list& = {}) : base(allocation_size, cgh) {}
  // Implicit conversion of local_accessor<T, Dims> to local_accessor<const T, Dims>.
  template <class OT, std::enable_if_t<std::is_same_v<const OT, DataT> && !std::is_same_v<OT, DataT>, int> = 0>
  WEFT_HOST_DEVICE local_accessor(const local_accessor<OT, Dims>& other)
      : base(static_cast<const detail::local_accessor_base<OT, Dims>&>(other)) {}

  void swap(local_accessor& other) noexcept { std::swap(static_cast<base&>(*this), static_cast<base&>(other)); }

 private:
  friend struct detail::local_accessor_access;
  using base::base;
};

// A 0-dimensional local accessor: one element of local memory, read through
// conversion to a reference and written by assignment.
template <typename DataT>
class local_accessor<DataT, 0> : public local_accessor<DataT, 1> {
  using base = local_accessor<DataT, 1>;

 public:
  using value_type = DataT;
  using reference = DataT&;
  using const_reference = const DataT&;
  static constexpr int dimensions = 0;

  local_accessor() = default;
  explicit local_accessor(handler& cgh, const property_list& props = {}) : base(range<1>(1), cgh, props) {}
  template <class OT, std::enable_if_t<std::is_same_v<const OT, DataT> && !std::is_same_v<OT, DataT>, int> = 0>
  WEFT_HOST_DEVICE local_accessor(const local_accessor<OT, 0>& other)
      : base(static_cast<const local_accessor<OT, 1>&>(other)) {}

  WEFT_HOST_DEVICE operator reference() const { return *this->data(); }
  template <class T = DataT, std::enable_if_t<!std::is_const_v<T>, int> = 0>
  WEFT_HOST_DEVICE const local_accessor& operator=(const value_type& v) const {
    *this->data() = v;
    return *this;
  }
  template <class T = DataT, std::enable_if_t<!std::is_const_v<T>, int> = 0>
  WEFT_HOST_DEVICE const local_accessor& operator=(value_type&& v) const {
    *this->data() = std::move(v);
    return *this;
  }
  local_accessor(const local_accessor&) = default;
  local_accessor& operator=(const local_accessor&) = default;
};

// SYCL 1.2.1: accessor<T, Dims, mode, access::target::local>(range, cgh), the
// same local memory under its old name (deprecated in SYCL 2020, which keeps read_write
// and atomic; read, whose elements are const, is taken too, as the SYCL-CTS builds it).
template <typename DataT, int Dims, access_mode Mode, access::placeholder P>
class accessor<DataT, Dims, Mode, target::local, P>
    : public detail::local_accessor_base<detail::accessor_value_t<DataT, Mode>, Dims> {
  using base = detail::local_accessor_base<detail::accessor_value_t<DataT, Mode>, Dims>;

 public:
  static constexpr int dimensions = Dims;
  static constexpr access_mode mode = Mode;
  static constexpr target access_target = target::local;

  accessor() = default;
  accessor(range<Dims> allocation_size, handler& cgh, const property_list& = {}) : base(allocation_size, cgh) {}
  bool is_placeholder() const noexcept { return false; }
  access_mode get_mode() const noexcept { return Mode; }
  void swap(accessor& other) noexcept { std::swap(static_cast<base&>(*this), static_cast<base&>(other)); }
};

// A 0-dimensional one: one element of local memory (accessor(handler&)).
template <typename DataT, access_mode Mode, access::placeholder P>
class accessor<DataT, 0, Mode, target::local, P>
    : public detail::zero_dim_accessor<accessor<DataT, 0, Mode, target::local, P>,
                                       accessor<DataT, 1, Mode, target::local, P>, Mode, target::local> {
  using base = detail::zero_dim_accessor<accessor, accessor<DataT, 1, Mode, target::local, P>, Mode, target::local>;

 public:
  using base::base;
  using base::operator=;
  accessor() = default;
  accessor(const accessor&) = default;
  accessor& operator=(const accessor&) = default;
};

// SYCL 2020 4.7.7.1: a multi_ptr made from a local accessor points into local
// memory (the generic guide in multi_ptr.hpp deduces global_space). Usable in
// kernels, as everything in multi_ptr.hpp.
WEFT_HOST_DEVICE_BEGIN
template <typename DataT, int Dims>
multi_ptr(local_accessor<DataT, Dims>) -> multi_ptr<DataT, access::address_space::local_space, access::decorated::no>;
WEFT_HOST_DEVICE_END

namespace detail {
// Tests and the runtime build local accessors from an offset directly.
struct local_accessor_access {
  template <class DataT, int Dims>
  static local_accessor<DataT, Dims> make(std::size_t offset, range<Dims> r) {
    local_accessor<DataT, Dims> a;
    a.m_offset = offset;
    a.m_range = r;
    return a;
  }
};
}  // namespace detail

}  // namespace weft::sycl

namespace std {
template <typename DataT, int Dims>
struct hash<weft::sycl::local_accessor<DataT, Dims>> {
  size_t operator()(const weft::sycl::local_accessor<DataT, Dims>& a) const noexcept { return weft_hash_value(a); }
};
}  // namespace std
