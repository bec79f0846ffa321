#pragma once
// SYCL 2020 section 4.7.6: buffer accessors (device and host). An accessor is a
// pointer into the buffer's storage plus its layout; the handler records what
// it accesses so the scheduler can order command groups.
#include <cstddef>
#include <functional>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>
#include <sycl/access.hpp>
#include <sycl/buffer.hpp>
#include <sycl/detail/checked.hpp>
#include <sycl/handler_access.hpp>
#include <sycl/id.hpp>
#include <sycl/multi_ptr.hpp>
#include <sycl/property_list.hpp>
#include <sycl/range.hpp>
#include <weft/kernel/target.hpp>
#include <weft/runtime/queue_state.hpp>

namespace weft::sycl {

template <typename T, access::address_space Space>
class atomic;  // sycl/atomic.hpp: what 0-dimensional accessors in access_mode::atomic convert to

namespace detail {

template <class Source, int Dims, int Filled>
class subscript_proxy;

// Random-access iterator over a multi-dimensional ranged accessor's elements,
// which need not be contiguous in the buffer.
template <class Value, int Dims>
class range_iterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_const_t<Value>;
  using difference_type = std::ptrdiff_t;
  using pointer = Value*;
  using reference = Value&;

  range_iterator() = default;
  range_iterator(Value* base, range<Dims> mem, id<Dims> offset, range<Dims> r, std::size_t linear)
      : m_base(base), m_mem(mem), m_offset(offset), m_range(r), m_linear(linear) {}

  reference operator*() const { return m_base[linearize(id<Dims>(delinearize(m_linear, m_range) + m_offset), m_mem)]; }
  pointer operator->() const { return &**this; }
  reference operator[](difference_type n) const { return *(*this + n); }
  range_iterator& operator++() {
    ++m_linear;
    return *this;
  }
  range_iterator operator++(int) {
    auto t = *this;
    ++m_linear;
    return t;
  }
  range_iterator& operator--() {
    --m_linear;
    return *this;
  }
  range_iterator operator--(int) {
    auto t = *this;
    --m_linear;
    return t;
  }
  range_iterator& operator+=(difference_type n) {
    m_linear += static_cast<std::size_t>(n);
    return *this;
  }
  range_iterator& operator-=(difference_type n) {
    m_linear -= static_cast<std::size_t>(n);
    return *this;
  }
  friend range_iterator operator+(range_iterator it, difference_type n) { return it += n; }
  friend range_iterator operator+(difference_type n, range_iterator it) { return it += n; }
  friend range_iterator operator-(range_iterator it, difference_type n) { return it -= n; }
  friend difference_type operator-(const range_iterator& a, const range_iterator& b) {
    return static_cast<difference_type>(a.m_linear) - static_cast<difference_type>(b.m_linear);
  }
  friend bool operator==(const range_iterator& a, const range_iterator& b) { return a.m_linear == b.m_linear; }
  friend bool operator!=(const range_iterator& a, const range_iterator& b) { return a.m_linear != b.m_linear; }
  friend bool operator<(const range_iterator& a, const range_iterator& b) { return a.m_linear < b.m_linear; }
  friend bool operator>(const range_iterator& a, const range_iterator& b) { return a.m_linear > b.m_linear; }
  friend bool operator<=(const range_iterator& a, const range_iterator& b) { return a.m_linear <= b.m_linear; }
  friend bool operator>=(const range_iterator& a, const range_iterator& b) { return a.m_linear >= b.m_linear; }

 private:
  Value* m_base = nullptr;
  range<Dims> m_mem;
  id<Dims> m_offset;
  range<Dims> m_range;
  std::size_t m_linear = 0;
};

// Pointer and layout shared by every buffer accessor.
template <class Value, int Dims>
class accessor_view {
 public:
  using value_type = Value;
  using reference = Value&;
  using const_reference = const Value&;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;

  accessor_view() = default;
  // A view of T seen as a view of const T (the implicit conversions of read_write
  // accessors to read accessors, section 4.7.6.9).
  template <class Other, std::enable_if_t<std::is_same_v<const Other, Value> && !std::is_same_v<Other, Value>, int> = 0>
  WEFT_HOST_DEVICE accessor_view(const accessor_view<Other, Dims>& o)
      : m_base(o.m_base),
        m_device_base(o.m_device_base),
        m_mem(o.m_mem),
        m_offset(o.m_offset),
        m_range(o.m_range),
        m_state(o.m_state),
        m_no_init(o.m_no_init) {}

  WEFT_HOST_DEVICE range<Dims> get_range() const { return m_range; }
  WEFT_HOST_DEVICE id<Dims> get_offset() const { return m_offset; }
  WEFT_HOST_DEVICE std::size_t size() const noexcept { return m_range.size(); }
  WEFT_HOST_DEVICE std::size_t byte_size() const noexcept { return size() * sizeof(Value); }
  WEFT_HOST_DEVICE std::size_t max_size() const noexcept { return size(); }
  WEFT_HOST_DEVICE bool empty() const noexcept { return size() == 0; }
  [[deprecated("use size()")]] std::size_t get_count() const { return size(); }
  [[deprecated("use byte_size()")]] std::size_t get_size() const { return byte_size(); }

  WEFT_HOST_DEVICE reference operator[](const id<Dims>& i) const {
#if WEFT_CHECKED
    check(i);
#endif
    return base()[linearize(id<Dims>(i + m_offset), m_mem)];
  }
  template <int D = Dims, std::enable_if_t<D == 1, int> = 0>
  WEFT_HOST_DEVICE reference operator[](std::size_t i) const {
#if WEFT_CHECKED
    check(id<1>(i));
#endif
    return base()[m_offset[0] + i];
  }
  template <int D = Dims, std::enable_if_t<(D > 1), int> = 0>
  WEFT_HOST_DEVICE subscript_proxy<accessor_view, Dims, 1> operator[](std::size_t i) const {
    id<Dims> idx;
    idx[0] = i;
    return {*this, idx};
  }
  // The start of the underlying (sub-)buffer, even for a ranged accessor (SYCL 2020 4.7.6.9).
  WEFT_HOST_DEVICE Value* get_pointer() const noexcept { return base(); }
  // Iterators over the accessed range only, row-major (SYCL 2020 4.7.6.8): plain
  // pointers in one dimension, where that range is contiguous.
  using iterator = std::conditional_t<Dims == 1, Value*, range_iterator<Value, Dims>>;
  WEFT_HOST_DEVICE iterator begin() const noexcept {
    if constexpr (Dims == 1) return first_element();
    else return {base(), m_mem, m_offset, m_range, 0};
  }
  WEFT_HOST_DEVICE iterator end() const noexcept {
    if constexpr (Dims == 1) return first_element() + size();
    else return {base(), m_mem, m_offset, m_range, size()};
  }
  // The same elements, read only.
  using const_iterator = std::conditional_t<Dims == 1, const Value*, range_iterator<const Value, Dims>>;
  WEFT_HOST_DEVICE const_iterator cbegin() const noexcept {
    if constexpr (Dims == 1) return first_element();
    else return {base(), m_mem, m_offset, m_range, 0};
  }
  WEFT_HOST_DEVICE const_iterator cend() const noexcept {
    if constexpr (Dims == 1) return first_element() + size();
    else return {base(), m_mem, m_offset, m_range, size()};
  }
  // Reverse iterators: the accessed range backwards.
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  WEFT_HOST_DEVICE reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  WEFT_HOST_DEVICE reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  WEFT_HOST_DEVICE const_reverse_iterator crbegin() const noexcept { return const_reverse_iterator(cend()); }
  WEFT_HOST_DEVICE const_reverse_iterator crend() const noexcept { return const_reverse_iterator(cbegin()); }

  // Section 4.5.4 for accessors: SYCL 2020's one accessor property is no_init, kept as a
  // flag (an accessor is copied into kernels, to a GPU too, so it holds no property_list).
  template <class P>
  bool has_property() const noexcept {
    return std::is_same_v<P, property::no_init> && m_no_init;
  }
  template <class P>
  P get_property() const {
    if (!has_property<P>())
      throw_error(errc::invalid, "get_property: the accessor was not constructed with the requested property");
    return P{};
  }
  // The first element of the accessed range (for contiguous fast paths).
  WEFT_HOST_DEVICE Value* first_element() const noexcept { return base() + linearize(m_offset, m_mem); }
  // The (sub-)buffer's range, which gives the strides of the accessed range (host-side copies).
  range<Dims> memory_range() const noexcept { return m_mem; }

  // Common reference semantics (SYCL 2020 4.5.2): an accessor refers to a range of a
  // buffer's storage; accessors that refer to the same elements of the same buffer (a
  // copy, in a kernel too) are equal and hash equal (std::hash below).
  WEFT_HOST_DEVICE bool same_view(const accessor_view& o) const noexcept {
    return base() == o.base() && m_offset == o.m_offset && m_range == o.m_range;
  }
  friend std::size_t weft_hash_value(const accessor_view& a) noexcept {
    std::size_t h = std::hash<const void*>()(a.m_base);
    for (int d = 0; d < Dims; ++d) h = h * 31u + a.m_offset[d] * 7u + a.m_range[d];
    return h;
  }

  // True when the accessed elements are one contiguous block of storage.
  bool is_contiguous() const {
    for (int d = 1; d < Dims; ++d)
      if (m_range[d] != m_mem[d] && !(m_range.size() <= 1)) {
        bool outer_single = true;
        for (int e = 0; e < d; ++e) outer_single = outer_single && m_range[e] == 1;
        if (!outer_single) return false;
      }
    return true;
  }

 protected:
  Value* m_base = nullptr;         // first element of the (sub-)buffer in host storage
  Value* m_device_base = nullptr;  // the same in the copy of the device the command group runs on
  // The storage this code reaches: the device's copy in CUDA device code, else the host's.
  WEFT_HOST_DEVICE Value* base() const noexcept {
#if WEFT_DEVICE_PASS
    return m_device_base;
#else
    return m_base;
#endif
  }
  range<Dims> m_mem;  // the buffer's range: gives the strides
  id<Dims> m_offset;
  range<Dims> m_range;
  weft::detail::buffer_ptr m_state;
  bool m_no_init = false;  // constructed with property::no_init

  // no_init discards what a read would see: with access_mode::read it is errc::invalid (4.7.6.9).
  void note_properties(const property_list& props, access_mode mode) {
    m_no_init = props.has_property<property::no_init>();
    if (m_no_init && mode == access_mode::read)
      throw_error(errc::invalid,
                  "accessor: property::no_init with access_mode::read; read the contents or write without reading");
  }
  void swap_view(accessor_view& o) noexcept {
    std::swap(m_base, o.m_base);
    std::swap(m_device_base, o.m_device_base);
    std::swap(m_mem, o.m_mem);
    std::swap(m_offset, o.m_offset);
    std::swap(m_range, o.m_range);
    std::swap(m_state, o.m_state);
    std::swap(m_no_init, o.m_no_init);
  }

#if WEFT_CHECKED
  void check(const id<Dims>& i) const {
    for (int d = 0; d < Dims; ++d)
      if (i[d] >= m_range[d]) {
        std::size_t idx[Dims], rng[Dims], off[Dims];
        for (int e = 0; e < Dims; ++e) idx[e] = i[e], rng[e] = m_range[e], off[e] = m_offset[e];
        checked::out_of_bounds(idx, rng, off, Dims);
      }
  }
#endif
  template <class T, int D, class A>
  void bind(const buffer<T, D, A>& buf, const range<Dims>& r, const id<Dims>& offset) {
    m_state = buffer_access::state(buf);
    m_base = reinterpret_cast<Value*>(m_state->data);
    m_mem = buf.get_range();
    m_range = r;
    m_offset = offset;
    for (int d = 0; d < Dims; ++d)
      if (offset[d] > m_mem[d] || r[d] > m_mem[d] - offset[d])
        throw_error(errc::invalid, "accessor: range " + to_string(r) + " at offset " + to_string(offset) +
                                       " runs past the buffer's range " + to_string(m_mem) +
                                       "; shrink the range or the offset");
  }
  template <class, int, int>
  friend class subscript_proxy;
  template <class, int>
  friend class accessor_view;
};

// acc[i][j][k] for accessors of 2 and 3 dimensions: each [] fixes one index, and
// the last one asks Source (anything with operator[](id<Dims>)) for the element.
template <class Source, int Dims, int Filled>
class subscript_proxy {
 public:
  WEFT_HOST_DEVICE subscript_proxy(const Source& src, const id<Dims>& idx) : m_src(src), m_idx(idx) {}
  WEFT_HOST_DEVICE decltype(auto) operator[](std::size_t i) const {
    id<Dims> idx = m_idx;
    idx[Filled] = i;
    if constexpr (Filled + 1 == Dims) return m_src[idx];
    else return subscript_proxy<Source, Dims, Filled + 1>(m_src, idx);
  }

 private:
  const Source& m_src;
  id<Dims> m_idx;
};

template <class T, access_mode Mode>
using accessor_value_t = std::conditional_t<Mode == access_mode::read, const std::remove_const_t<T>, T>;

template <class Tag>
struct is_mode_tag : std::false_type {};
template <access_mode M, target T>
struct is_mode_tag<mode_tag_t<M, T>> : std::true_type {};
template <access_mode M, target T>
struct is_mode_tag<mode_target_tag_t<M, T>> : std::true_type {};

// An accessor of T or const T reaches a buffer of T (or of const T).
template <class T, class BT>
using same_element_t = std::enable_if_t<std::is_same_v<std::remove_const_t<T>, std::remove_const_t<BT>>, int>;

constexpr access_mode default_mode(bool is_const) { return is_const ? access_mode::read : access_mode::read_write; }

// The implicit conversions between buffer accessors of one target (section 4.7.6.9, and
// host_accessor in 4.7.6.10): a read or read_write accessor of T or const T converts to a
// read accessor of T or const T (read_write to read drops the right to write; T and
// const T read the same elements).
template <class From, access_mode FromMode, class To, access_mode ToMode>
constexpr bool accessor_converts() {
  return std::is_same_v<std::remove_const_t<From>, std::remove_const_t<To>> && ToMode == access_mode::read &&
         (FromMode == access_mode::read || FromMode == access_mode::read_write) &&
         !(std::is_same_v<From, To> && FromMode == ToMode);
}
template <class From, access_mode FromMode, class To, access_mode ToMode>
using accessor_converts_t = std::enable_if_t<accessor_converts<From, FromMode, To, ToMode>(), int>;

}  // namespace detail

template <typename T, int Dims = 1, access_mode Mode = detail::default_mode(std::is_const_v<T>),
          target Tgt = target::device, access::placeholder P = access::placeholder::false_t>
class accessor : public detail::accessor_view<detail::accessor_value_t<T, Mode>, Dims> {
  static_assert(
      Tgt == target::device || Tgt == target::constant_buffer || Tgt == target::host_task,
      "this accessor target is provided by its own header (local: local_accessor.hpp; host_buffer: host_accessor)");
  using view = detail::accessor_view<detail::accessor_value_t<T, Mode>, Dims>;

 public:
  using value_type = detail::accessor_value_t<T, Mode>;
  using reference = value_type&;
  using const_reference = const value_type&;
  static constexpr int dimensions = Dims;
  static constexpr access_mode mode = Mode;

  accessor() = default;
  // A placeholder accessor copied into a command group (captured by a kernel or
  // host task) tells the handler, which checks at submission that it was
  // bound with handler::require (errc::kernel_argument otherwise).
  // A device's copy of the buffer is bound then too (handler_access::note_placeholder).
  accessor(const accessor& other) : view(other), m_placeholder(other.m_placeholder) {
    if (m_placeholder)
      if (std::byte* where = detail::handler_access::note_placeholder(this->m_state, this->m_range, Mode, on_device))
        this->m_device_base = reinterpret_cast<value_type*>(where);
  }
  accessor& operator=(const accessor&) = default;
  // accessor<T, D, read_write> to accessor<const T, D, read>, and the others of
  // detail::accessor_converts; as a copy (a placeholder tells the handler).
  template <class OT, access_mode OM, detail::accessor_converts_t<OT, OM, T, Mode> = 0>
  accessor(const accessor<OT, Dims, OM, Tgt, P>& other) : view(other), m_placeholder(other.m_placeholder) {
    if (m_placeholder)
      if (std::byte* where = detail::handler_access::note_placeholder(this->m_state, this->m_range, Mode, on_device))
        this->m_device_base = reinterpret_cast<value_type*>(where);
  }

  // Placeholder accessors: bound to a command group later with handler::require.
  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  accessor(buffer<BT, Dims, A>& buf, const property_list& props = {}) {
    this->bind(buf, buf.get_range(), {});
    this->note_properties(props, Mode);
    m_placeholder = true;
  }
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  accessor(buffer<BT, Dims, A>& buf, Tag, const property_list& props = {}) : accessor(buf, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  accessor(buffer<BT, Dims, A>& buf, range<Dims> r, const property_list& props = {})
      : accessor(buf, r, id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  accessor(buffer<BT, Dims, A>& buf, range<Dims> r, id<Dims> offset, const property_list& props = {}) {
    this->bind(buf, r, offset);
    this->note_properties(props, Mode);
    m_placeholder = true;
  }
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  accessor(buffer<BT, Dims, A>& buf, range<Dims> r, Tag, const property_list& props = {})
      : accessor(buf, r, id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  accessor(buffer<BT, Dims, A>& buf, range<Dims> r, id<Dims> offset, Tag, const property_list& props = {})
      : accessor(buf, r, offset, props) {}

  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  accessor(buffer<BT, Dims, A>& buf, handler& cgh, const property_list& props = {})
      : accessor(buf, cgh, buf.get_range(), id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  accessor(buffer<BT, Dims, A>& buf, handler& cgh, Tag, const property_list& props = {})
      : accessor(buf, cgh, buf.get_range(), id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  accessor(buffer<BT, Dims, A>& buf, handler& cgh, range<Dims> r, const property_list& props = {})
      : accessor(buf, cgh, r, id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  accessor(buffer<BT, Dims, A>& buf, handler& cgh, range<Dims> r, Tag, const property_list& props = {})
      : accessor(buf, cgh, r, id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  accessor(buffer<BT, Dims, A>& buf, handler& cgh, range<Dims> r, id<Dims> offset, Tag, const property_list& props = {})
      : accessor(buf, cgh, r, offset, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  accessor(buffer<BT, Dims, A>& buf, handler& cgh, range<Dims> r, id<Dims> offset, const property_list& props = {}) {
    this->bind(buf, r, offset);
    this->note_properties(props, Mode);
    // Only an accessor over all of a buffer (not a sub-buffer) may discard its contents.
    const bool whole = r == buf.get_range() && offset == id<Dims>{} && this->m_state->root() == this->m_state.get();
    std::byte* where =
        detail::handler_access::add_requirement(cgh, this->m_state, effective_mode(props, whole), on_device);
    this->m_device_base = reinterpret_cast<value_type*>(where);
  }

  // Section 4.7.6.9: the start of the underlying (sub-)buffer, as get_pointer.
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<value_type, access::address_space::global_space, IsDecorated>;
  template <access::decorated IsDecorated>
  WEFT_HOST_DEVICE accessor_ptr<IsDecorated> get_multi_ptr() const noexcept {
    return accessor_ptr<IsDecorated>(view::get_pointer());
  }
  // A device accessor's is a global_ptr (SYCL 2020 4.7.6.9, deprecated there), which converts to
  // value_type*; a host task's is the raw pointer.
  template <target G = Tgt, std::enable_if_t<G == target::device, int> = 0>
  WEFT_HOST_DEVICE global_ptr<value_type> get_pointer() const noexcept {
    return global_ptr<value_type>(view::get_pointer());
  }
  template <target G = Tgt, std::enable_if_t<G != target::constant_buffer && G != target::device, int> = 0>
  WEFT_HOST_DEVICE value_type* get_pointer() const noexcept {
    return view::get_pointer();
  }
  // The deprecated constant-buffer accessor keeps SYCL 1.2.1's constant_ptr of the
  // element type (the constant space, not const, makes it read-only).
  template <target G = Tgt, std::enable_if_t<G == target::constant_buffer, int> = 0>
  WEFT_HOST_DEVICE multi_ptr<std::remove_const_t<T>, access::address_space::constant_space, access::decorated::legacy>
  get_pointer() const noexcept {
    using element = std::remove_const_t<T>;
    return multi_ptr<element, access::address_space::constant_space, access::decorated::legacy>(
        const_cast<element*>(view::get_pointer()));
  }

  bool is_placeholder() const noexcept { return m_placeholder; }
  access_mode get_mode() const noexcept { return Mode; }
  void swap(accessor& other) noexcept {
    this->swap_view(other);
    std::swap(m_placeholder, other.m_placeholder);
  }
  friend WEFT_HOST_DEVICE bool operator==(const accessor& a, const accessor& b) { return a.same_view(b); }
  friend WEFT_HOST_DEVICE bool operator!=(const accessor& a, const accessor& b) { return !a.same_view(b); }
  // Host-side bookkeeping for handler::require and copies.
  const weft::detail::buffer_ptr& buffer_state() const { return this->m_state; }

 private:
  // no_init turns a write into a discarding write: nothing to wait for on read, nothing
  // to move to the device. An accessor over part of the buffer discards nothing: the rest
  // keeps its contents (so a GPU copy of the buffer must be brought up to date first).
  static access_mode effective_mode(const property_list& props, bool whole) {
    access_mode m = Mode;
    if (props.has_property<property::no_init>() && m == access_mode::write) m = access_mode::discard_write;
    if (props.has_property<property::no_init>() && m == access_mode::read_write) m = access_mode::discard_read_write;
    if (!whole && m == access_mode::discard_write) m = access_mode::write;
    if (!whole && m == access_mode::discard_read_write) m = access_mode::read_write;
    return m;
  }
  // Host-task accessors are used on the host only: no device copy for them.
  static constexpr bool on_device = Tgt != target::host_task;
  bool m_placeholder = false;
  template <typename, int, access_mode, target, access::placeholder>
  friend class accessor;
};

template <typename T, int Dims = 1, access_mode Mode = detail::default_mode(std::is_const_v<T>)>
class host_accessor : public detail::accessor_view<detail::accessor_value_t<T, Mode>, Dims> {
  using view = detail::accessor_view<detail::accessor_value_t<T, Mode>, Dims>;

 public:
  using value_type = detail::accessor_value_t<T, Mode>;
  using reference = value_type&;
  using const_reference = const value_type&;
  static constexpr int dimensions = Dims;

  host_accessor() = default;
  // host_accessor<T, D, read_write> to host_accessor<const T, D, read>, and the others
  // of detail::accessor_converts; the conversion shares the copy's hold on the buffer.
  template <class OT, access_mode OM, detail::accessor_converts_t<OT, OM, T, Mode> = 0>
  host_accessor(const host_accessor<OT, Dims, OM>& other) : view(other), m_access(other.m_access) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  host_accessor(buffer<BT, Dims, A>& buf, const property_list& props = {})
      : host_accessor(buf, buf.get_range(), id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  host_accessor(buffer<BT, Dims, A>& buf, Tag, const property_list& props = {})
      : host_accessor(buf, buf.get_range(), id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  host_accessor(buffer<BT, Dims, A>& buf, range<Dims> r, const property_list& props = {})
      : host_accessor(buf, r, id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  host_accessor(buffer<BT, Dims, A>& buf, range<Dims> r, Tag, const property_list& props = {})
      : host_accessor(buf, r, id<Dims>{}, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  host_accessor(buffer<BT, Dims, A>& buf, range<Dims> r, id<Dims> offset, Tag, const property_list& props = {})
      : host_accessor(buf, r, offset, props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  host_accessor(buffer<BT, Dims, A>& buf, range<Dims> r, id<Dims> offset, const property_list& props = {}) {
    this->bind(buf, r, offset);
    this->note_properties(props, Mode);
    auto node = weft::detail::acquire_host_access(this->m_state, Mode);
    m_access = std::shared_ptr<void>(nullptr, [node](void*) { weft::detail::release_host_access(node); });
  }

  void swap(host_accessor& other) noexcept {
    this->swap_view(other);
    std::swap(m_access, other.m_access);
  }
  friend bool operator==(const host_accessor& a, const host_accessor& b) { return a.same_view(b); }
  friend bool operator!=(const host_accessor& a, const host_accessor& b) { return !a.same_view(b); }

 private:
  std::shared_ptr<void> m_access;  // released (letting later commands run) with the last copy
  template <typename, int, access_mode>
  friend class host_accessor;
};

namespace detail {
// What a 0-dimensional accessor views: the first element, or nothing of a zero-length buffer.
template <class B>
range<1> first_element_of(const B& buf) {
  return range<1>(buf.size() == 0 ? 0 : 1);
}

// 0-dimensional accessors (section 4.7.6.9): the first element of a one-dimensional
// buffer (or one element of local memory), read through conversion to a reference and
// written by assignment; in access_mode::atomic, converted to a sycl::atomic instead. They
// are the one-element accessors of one dimension underneath (Base). Every 0-dimensional
// specialization of accessor (this header, local_accessor.hpp, atomic.hpp) is one of these,
// each more specialized than the target's or the mode's own specialization.
template <class Self, class Base, access_mode Mode, target Tgt>
class zero_dim_accessor : public Base {
  static constexpr bool is_local = Tgt == target::local;
  static constexpr auto space = is_local ? access::address_space::local_space : access::address_space::global_space;
  template <class BT>
  static constexpr bool same_element =
      std::is_same_v<std::remove_const_t<BT>, std::remove_const_t<typename Base::value_type>>;

 public:
  using value_type = accessor_value_t<typename Base::value_type, Mode>;
  using reference = value_type&;
  using const_reference = const std::remove_const_t<value_type>&;
  static constexpr int dimensions = 0;

  zero_dim_accessor() = default;
  // Buffer accessors: the first element of a one-dimensional buffer.
  template <class BT, class A, bool L = is_local, std::enable_if_t<!L && same_element<BT>, int> = 0>
  zero_dim_accessor(buffer<BT, 1, A>& buf, const property_list& props = {}) : Base(buf, first_element_of(buf), props) {}
  template <class BT, class A, class Tag, bool L = is_local,
            std::enable_if_t<!L && same_element<BT> && is_mode_tag<Tag>::value, int> = 0>
  zero_dim_accessor(buffer<BT, 1, A>& buf, Tag, const property_list& props = {})
      : Base(buf, first_element_of(buf), props) {}
  template <class BT, class A, bool L = is_local, std::enable_if_t<!L && same_element<BT>, int> = 0>
  zero_dim_accessor(buffer<BT, 1, A>& buf, handler& cgh, const property_list& props = {})
      : Base(buf, cgh, first_element_of(buf), id<1>(), props) {}
  template <class BT, class A, class Tag, bool L = is_local,
            std::enable_if_t<!L && same_element<BT> && is_mode_tag<Tag>::value, int> = 0>
  zero_dim_accessor(buffer<BT, 1, A>& buf, handler& cgh, Tag, const property_list& props = {})
      : Base(buf, cgh, first_element_of(buf), id<1>(), props) {}
  // Local accessors: one element of the work group's local memory.
  template <bool L = is_local, std::enable_if_t<L, int> = 0>
  explicit zero_dim_accessor(handler& cgh, const property_list& props = {}) : Base(range<1>(1), cgh, props) {}

  template <access_mode M = Mode, std::enable_if_t<M != access_mode::atomic, int> = 0>
  WEFT_HOST_DEVICE operator reference() const {
    return *element();
  }
  template <access_mode M = Mode, std::enable_if_t<M == access_mode::atomic, int> = 0>
  WEFT_HOST_DEVICE operator atomic<value_type, space>() const {
    return atomic<value_type, space>(element());
  }
  template <access_mode M = Mode, std::enable_if_t<M != access_mode::read && M != access_mode::atomic, int> = 0>
  WEFT_HOST_DEVICE const Self& operator=(const value_type& v) const {
    *element() = v;
    return static_cast<const Self&>(*this);
  }
  template <access_mode M = Mode, std::enable_if_t<M != access_mode::read && M != access_mode::atomic, int> = 0>
  WEFT_HOST_DEVICE const Self& operator=(value_type&& v) const {
    *element() = std::move(v);
    return static_cast<const Self&>(*this);
  }

 protected:
  // Conversions between accessors: Base made from the other's one-dimensional accessor.
  template <class Other>
  zero_dim_accessor(std::in_place_t, const Other& other) : Base(other) {}

 private:
  WEFT_HOST_DEVICE value_type* element() const { return &*this->get_pointer(); }
};
}  // namespace detail

// The 0-dimensional accessors of target::device, constant_buffer and host_task.
template <typename T, access_mode Mode, target Tgt, access::placeholder P>
class accessor<T, 0, Mode, Tgt, P>
    : public detail::zero_dim_accessor<accessor<T, 0, Mode, Tgt, P>, accessor<T, 1, Mode, Tgt, P>, Mode, Tgt> {
  using base = detail::zero_dim_accessor<accessor, accessor<T, 1, Mode, Tgt, P>, Mode, Tgt>;

 public:
  using base::base;
  using base::operator=;
  accessor() = default;
  template <class OT, access_mode OM, detail::accessor_converts_t<OT, OM, T, Mode> = 0>
  accessor(const accessor<OT, 0, OM, Tgt, P>& other)
      : base(std::in_place, static_cast<const accessor<OT, 1, OM, Tgt, P>&>(other)) {}
  accessor(const accessor&) = default;
  accessor& operator=(const accessor&) = default;
};

template <typename T, access_mode Mode>
class host_accessor<T, 0, Mode> : public host_accessor<T, 1, Mode> {
  using base = host_accessor<T, 1, Mode>;

 public:
  using value_type = typename base::value_type;
  using reference = typename base::reference;
  using const_reference = typename base::const_reference;
  static constexpr int dimensions = 0;

  host_accessor() = default;
  template <class OT, access_mode OM, detail::accessor_converts_t<OT, OM, T, Mode> = 0>
  host_accessor(const host_accessor<OT, 0, OM>& other) : base(static_cast<const host_accessor<OT, 1, OM>&>(other)) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0>
  host_accessor(buffer<BT, 1, A>& buf, const property_list& props = {})
      : base(buf, detail::first_element_of(buf), id<1>(), props) {}
  template <class BT, class A, detail::same_element_t<T, BT> = 0, class Tag,
            std::enable_if_t<detail::is_mode_tag<Tag>::value, int> = 0>
  host_accessor(buffer<BT, 1, A>& buf, Tag, const property_list& props = {})
      : base(buf, detail::first_element_of(buf), id<1>(), props) {}

  operator reference() const { return *this->get_pointer(); }
  template <access_mode M = Mode, std::enable_if_t<M != access_mode::read, int> = 0>
  const host_accessor& operator=(const value_type& v) const {
    *this->get_pointer() = v;
    return *this;
  }
  template <access_mode M = Mode, std::enable_if_t<M != access_mode::read, int> = 0>
  const host_accessor& operator=(value_type&& v) const {
    *this->get_pointer() = std::move(v);
    return *this;
  }
  host_accessor(const host_accessor&) = default;
  host_accessor& operator=(const host_accessor&) = default;
};

// SYCL 1.2.1 host accessor (deprecated in SYCL 2020): buffer::get_access<mode>() without a
// handler, of any dimensions, 0 too.
template <typename T, int Dims, access_mode Mode, access::placeholder P>
class accessor<T, Dims, Mode, target::host_buffer, P> : public host_accessor<T, Dims, Mode> {
 public:
  static constexpr access_mode mode = Mode;
  using host_accessor<T, Dims, Mode>::host_accessor;
  bool is_placeholder() const noexcept { return false; }
};
template <typename T, access_mode Mode, access::placeholder P>
class accessor<T, 0, Mode, target::host_buffer, P> : public host_accessor<T, 0, Mode> {
 public:
  static constexpr access_mode mode = Mode;
  using host_accessor<T, 0, Mode>::host_accessor;
  using host_accessor<T, 0, Mode>::operator=;
  bool is_placeholder() const noexcept { return false; }
};

// Deduction guides (section 4.7.6.9).
template <class T, int D, class A>
accessor(buffer<T, D, A>&) -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::true_t>;
template <class T, int D, class A>
accessor(buffer<T, D, A>&, const property_list&)
    -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::true_t>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, mode_tag_t<M, TT>, const property_list& = {})
    -> accessor<T, D, M, TT, access::placeholder::true_t>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, mode_target_tag_t<M, TT>, const property_list& = {})
    -> accessor<T, D, M, TT, access::placeholder::true_t>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, range<D>, mode_target_tag_t<M, TT>, const property_list& = {})
    -> accessor<T, D, M, TT, access::placeholder::true_t>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, range<D>, id<D>, mode_target_tag_t<M, TT>, const property_list& = {})
    -> accessor<T, D, M, TT, access::placeholder::true_t>;
template <class T, int D, class A>
accessor(buffer<T, D, A>&, range<D>, const property_list& = {})
    -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::true_t>;
template <class T, int D, class A>
accessor(buffer<T, D, A>&, range<D>, id<D>, const property_list& = {})
    -> accessor<T, D, access_mode::read_write, target::device, access::placeholder::true_t>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, range<D>, mode_tag_t<M, TT>, const property_list& = {})
    -> accessor<T, D, M, TT, access::placeholder::true_t>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, range<D>, id<D>, mode_tag_t<M, TT>, const property_list& = {})
    -> accessor<T, D, M, TT, access::placeholder::true_t>;
template <class T, int D, class A>
accessor(buffer<T, D, A>&, handler&) -> accessor<T, D, access_mode::read_write, target::device>;
template <class T, int D, class A>
accessor(buffer<T, D, A>&, handler&, const property_list&) -> accessor<T, D, access_mode::read_write, target::device>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, handler&, mode_tag_t<M, TT>, const property_list& = {}) -> accessor<T, D, M, TT>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, handler&, mode_target_tag_t<M, TT>, const property_list& = {}) -> accessor<T, D, M, TT>;
template <class T, int D, class A>
accessor(buffer<T, D, A>&, handler&, range<D>, const property_list& = {})
    -> accessor<T, D, access_mode::read_write, target::device>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, handler&, range<D>, mode_tag_t<M, TT>, const property_list& = {}) -> accessor<T, D, M, TT>;
template <class T, int D, class A>
accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, const property_list& = {})
    -> accessor<T, D, access_mode::read_write, target::device>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, handler&, range<D>, mode_target_tag_t<M, TT>, const property_list& = {})
    -> accessor<T, D, M, TT>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, mode_target_tag_t<M, TT>, const property_list& = {})
    -> accessor<T, D, M, TT>;
template <class T, int D, class A, access_mode M, target TT>
accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, mode_tag_t<M, TT>, const property_list& = {})
    -> accessor<T, D, M, TT>;

template <class T, int D, class A>
host_accessor(buffer<T, D, A>&, const property_list& = {}) -> host_accessor<T, D, access_mode::read_write>;
template <class T, int D, class A, access_mode M>
host_accessor(buffer<T, D, A>&, mode_tag_t<M>, const property_list& = {}) -> host_accessor<T, D, M>;
template <class T, int D, class A>
host_accessor(buffer<T, D, A>&, range<D>, const property_list& = {}) -> host_accessor<T, D, access_mode::read_write>;
template <class T, int D, class A, access_mode M>
host_accessor(buffer<T, D, A>&, range<D>, mode_tag_t<M>, const property_list& = {}) -> host_accessor<T, D, M>;
template <class T, int D, class A>
host_accessor(buffer<T, D, A>&, range<D>, id<D>, const property_list& = {})
    -> host_accessor<T, D, access_mode::read_write>;
template <class T, int D, class A, access_mode M>
host_accessor(buffer<T, D, A>&, range<D>, id<D>, mode_tag_t<M>, const property_list& = {}) -> host_accessor<T, D, M>;

// buffer::get_access, defined here where accessors are complete.
template <typename T, int Dims, typename A>
template <access_mode Mode, target Tgt>
accessor<T, Dims, Mode, Tgt, access::placeholder::false_t> buffer<T, Dims, A>::get_access(handler& cgh) {
  return {*this, cgh};
}
template <typename T, int Dims, typename A>
template <access_mode Mode, target Tgt>
accessor<T, Dims, Mode, Tgt, access::placeholder::false_t> buffer<T, Dims, A>::get_access(handler& cgh, range<Dims> r,
                                                                                          id<Dims> offset) {
  return {*this, cgh, r, offset};
}
template <typename T, int Dims, typename A>
template <access_mode Mode>
accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t> buffer<T, Dims, A>::get_access() {
  return accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t>(*this);
}
template <typename T, int Dims, typename A>
template <access_mode Mode>
accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t> buffer<T, Dims, A>::get_access(
    range<Dims> r, id<Dims> offset) {
  return accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t>(*this, r, offset);
}

}  // namespace weft::sycl

// SYCL 2020 4.5.2: equal accessors hash equal (local accessors: sycl/local_accessor.hpp).
namespace std {
template <typename T, int Dims, weft::sycl::access_mode Mode, weft::sycl::target Tgt, weft::sycl::access::placeholder P>
struct hash<weft::sycl::accessor<T, Dims, Mode, Tgt, P>> {
  size_t operator()(const weft::sycl::accessor<T, Dims, Mode, Tgt, P>& a) const noexcept { return weft_hash_value(a); }
};
template <typename T, int Dims, weft::sycl::access_mode Mode>
struct hash<weft::sycl::host_accessor<T, Dims, Mode>> {
  size_t operator()(const weft::sycl::host_accessor<T, Dims, Mode>& a) const noexcept { return weft_hash_value(a); }
};
}  // namespace std
