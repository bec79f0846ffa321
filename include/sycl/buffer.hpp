#pragma once
// SYCL 2020 section 4.7.2: buffer. On the CPU a buffer built on host memory
// uses that memory directly (no copies); write-back happens on destruction as
// the specification requires: to the final-data destination when one was set.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <sycl/access.hpp>
#include <sycl/exception.hpp>
#include <sycl/id.hpp>
#include <sycl/property_list.hpp>
#include <sycl/range.hpp>
#include <weft/runtime/buffer_state.hpp>

namespace weft::sycl {

template <class T>
using buffer_allocator = std::allocator<T>;

template <typename T, int Dims, access_mode Mode, target Tgt, access::placeholder P>
class accessor;
template <typename T, int Dims, access_mode Mode>
class host_accessor;
class handler;

namespace detail {
struct buffer_access;

// Runs at the destruction of the last buffer handle: waits, then writes back
// (from a device copy first when one holds the latest data).
struct buffer_owner {
  weft::detail::buffer_ptr state;
  std::function<void(const void*, std::size_t)> write_back;  // null: no write-back
  bool write_back_enabled = true;
  bool final_data_set = false;  // set_final_data was called
  bool users_memory = false;    // the host storage is the memory the buffer was built on
  ~buffer_owner() {
    if (!state) return;
    state->wait_all();
    if (!write_back_enabled || !(write_back || (users_memory && !final_data_set))) return;
    try {
      weft::detail::prepare_access(*state, nullptr, access_mode::read);
      if (write_back) write_back(state->data, state->bytes);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "weft: a buffer's write-back on destruction failed: %s\n", e.what());
    }
  }
};

template <class T>
struct is_shared_ptr : std::false_type {};
template <class T>
struct is_shared_ptr<std::shared_ptr<T>> : std::true_type {};
template <class T>
struct is_weak_ptr : std::false_type {};
template <class T>
struct is_weak_ptr<std::weak_ptr<T>> : std::true_type {};

template <int Dims>
std::string to_string(const range<Dims>& r) {
  std::string s = "{";
  for (int d = 0; d < Dims; ++d) s += (d ? ", " : "") + std::to_string(r[d]);
  return s + "}";
}
template <int Dims>
std::string to_string(const id<Dims>& r) {
  range<Dims> asr;
  for (int d = 0; d < Dims; ++d) asr[d] = r[d];
  return to_string(asr);
}
}  // namespace detail

template <typename T, int Dims = 1, typename AllocatorT = buffer_allocator<std::remove_const_t<T>>>
class buffer : public detail::with_property_list {
  static_assert(Dims >= 1 && Dims <= 3, "buffers have 1, 2 or 3 dimensions");
  using elem = std::remove_const_t<T>;

 public:
  using value_type = T;
  using reference = value_type&;
  using const_reference = const value_type&;
  using allocator_type = AllocatorT;
  static constexpr int dimensions = Dims;

  buffer(const range<Dims>& r, const property_list& props = {}) : buffer(r, AllocatorT(), props) {}
  buffer(const range<Dims>& r, AllocatorT alloc, const property_list& props = {})
      : with_property_list(props), m_range(checked_range(r)), m_alloc(alloc) {
    init_owned(nullptr);
  }

  // Uses host memory directly for the buffer's lifetime; written back on destruction.
  // A null host pointer makes a buffer without host data, as buffer(range) does (what
  // DPC++ does; &v[0] of an empty vector is null): nothing to read, nowhere to write back.
  buffer(T* host_data, const range<Dims>& r, const property_list& props = {})
      : buffer(host_data, r, AllocatorT(), props) {}
  buffer(T* host_data, const range<Dims>& r, AllocatorT alloc, const property_list& props = {})
      : with_property_list(props), m_range(checked_range(r)), m_alloc(alloc) {
    if constexpr (std::is_const_v<T>) {
      init_owned(host_data);
    } else if (!host_data) {
      init_owned(nullptr);
    } else {
      m_owner = std::make_shared<detail::buffer_owner>();
      m_owner->state = weft::detail::buffer_state::wrap(host_data, byte_size());
      m_owner->users_memory = true;
    }
  }
  // A const host pointer is copied: kernels may write the buffer, never the caller's data
  // (a null one: nothing is copied).
  template <typename U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  buffer(const T* host_data, const range<Dims>& r, const property_list& props = {})
      : buffer(host_data, r, AllocatorT(), props) {}
  template <typename U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  buffer(const T* host_data, const range<Dims>& r, AllocatorT alloc, const property_list& props = {})
      : with_property_list(props), m_range(checked_range(r)), m_alloc(alloc) {
    init_owned(host_data);
  }
  // Shares the host memory with the caller; written back on destruction.
  buffer(const std::shared_ptr<T>& host_data, const range<Dims>& r, const property_list& props = {})
      : buffer(host_data, r, AllocatorT(), props) {}
  buffer(const std::shared_ptr<T>& host_data, const range<Dims>& r, AllocatorT alloc, const property_list& props = {})
      : with_property_list(props), m_range(checked_range(r)), m_alloc(alloc) {
    if (!host_data) {
      init_owned(nullptr);
      return;
    }
    m_owner = std::make_shared<detail::buffer_owner>();
    m_owner->state = weft::detail::buffer_state::wrap(const_cast<elem*>(host_data.get()), byte_size(), host_data);
    m_owner->users_memory = true;
  }
  buffer(const std::shared_ptr<T[]>& host_data, const range<Dims>& r, const property_list& props = {})
      : buffer(host_data, r, AllocatorT(), props) {}
  buffer(const std::shared_ptr<T[]>& host_data, const range<Dims>& r, AllocatorT alloc, const property_list& props = {})
      : with_property_list(props), m_range(checked_range(r)), m_alloc(alloc) {
    m_owner = std::make_shared<detail::buffer_owner>();
    m_owner->state = weft::detail::buffer_state::wrap(const_cast<elem*>(host_data.get()), byte_size(), host_data);
    m_owner->users_memory = true;
  }
  // Copies [first, last); no write-back.
  template <class InputIt, int D = Dims,
            std::enable_if_t<D == 1 && !std::is_integral_v<InputIt> &&
                                 std::is_base_of_v<std::input_iterator_tag,
                                                   typename std::iterator_traits<InputIt>::iterator_category>,
                             int> = 0>
  buffer(InputIt first, InputIt last, const property_list& props = {}) : buffer(first, last, AllocatorT(), props) {}
  template <class InputIt, int D = Dims,
            std::enable_if_t<D == 1 && !std::is_integral_v<InputIt> &&
                                 std::is_base_of_v<std::input_iterator_tag,
                                                   typename std::iterator_traits<InputIt>::iterator_category>,
                             int> = 0>
  buffer(InputIt first, InputIt last, AllocatorT alloc, const property_list& props = {})
      : with_property_list(props), m_range(static_cast<std::size_t>(std::distance(first, last))), m_alloc(alloc) {
    init_owned(nullptr);
    std::copy(first, last, reinterpret_cast<elem*>(m_owner->state->data));
  }
  // A contiguous container's memory is used directly and written back.
  template <class Container, int D = Dims,
            std::enable_if_t<D == 1 && std::is_convertible_v<decltype(std::data(std::declval<Container&>())), T*> &&
                                 !std::is_pointer_v<std::decay_t<Container>>,
                             int> = 0>
  buffer(Container& c, const property_list& props = {}) : buffer(std::data(c), range<1>(std::size(c)), props) {}
  template <class Container, int D = Dims,
            std::enable_if_t<D == 1 && std::is_convertible_v<decltype(std::data(std::declval<Container&>())), T*> &&
                                 !std::is_pointer_v<std::decay_t<Container>>,
                             int> = 0>
  buffer(Container& c, AllocatorT alloc, const property_list& props = {})
      : buffer(std::data(c), range<1>(std::size(c)), alloc, props) {}

  // Sub-buffer: a contiguous window of `parent` starting at `base`.
  buffer(buffer& parent, const id<Dims>& base, const range<Dims>& sub_range)
      : m_range(sub_range), m_alloc(parent.m_alloc), m_parent(parent.m_owner), m_is_sub(true) {
    for (int d = 0; d < Dims; ++d)
      if (base[d] > parent.m_range[d] || sub_range[d] > parent.m_range[d] - base[d])
        detail::throw_error(errc::invalid, "sub-buffer: offset " + detail::to_string(base) + " + range " +
                                               detail::to_string(sub_range) + " exceeds the parent buffer's range " +
                                               detail::to_string(parent.m_range));
    // Contiguous in the parent's row-major storage: below some dimension k the
    // sub-buffer spans whole rows (offset 0, full extent), above k it is one wide.
    int k = Dims - 1;
    while (k > 0 && sub_range[k] == parent.m_range[k] && base[k] == 0) --k;
    for (int d = 0; d < k; ++d)
      if (sub_range[d] > 1)
        detail::throw_error(errc::invalid, "sub-buffer: " + detail::to_string(sub_range) + " at " +
                                               detail::to_string(base) + " is not contiguous in the parent " +
                                               detail::to_string(parent.m_range) +
                                               "; a sub-buffer must span whole rows or lie within one row");
    auto parent_state = parent.m_owner->state;
    auto state = std::make_shared<weft::detail::buffer_state>();
    state->parent = parent_state;
    state->data = parent_state->data + detail::linearize(base, parent.m_range) * sizeof(T);
    state->bytes = byte_size();
    m_owner = std::make_shared<detail::buffer_owner>();
    m_owner->state = state;
  }

  range<Dims> get_range() const { return m_range; }
  std::size_t size() const noexcept { return m_range.size(); }
  std::size_t byte_size() const noexcept { return size() * sizeof(T); }
  [[deprecated("use size()")]] std::size_t get_count() const { return size(); }
  [[deprecated("use byte_size()")]] std::size_t get_size() const { return byte_size(); }
  AllocatorT get_allocator() const { return m_alloc; }
  bool is_sub_buffer() const { return m_is_sub; }

  template <access_mode Mode = access_mode::read_write, target Tgt = target::device>
  accessor<T, Dims, Mode, Tgt, access::placeholder::false_t> get_access(handler& cgh);
  template <access_mode Mode = access_mode::read_write, target Tgt = target::device>
  accessor<T, Dims, Mode, Tgt, access::placeholder::false_t> get_access(handler& cgh, range<Dims> r,
                                                                        id<Dims> offset = {});
  // SYCL 1.2.1 host access: blocks until the buffer's pending writes finish.
  template <access_mode Mode>
  accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t> get_access();
  template <access_mode Mode>
  accessor<T, Dims, Mode, target::host_buffer, access::placeholder::false_t> get_access(range<Dims> r,
                                                                                        id<Dims> offset = {});
  // Section 4.7.2.3: get_access(args...) is accessor{*this, args...}, e.g. with a
  // mode tag and property::no_init: get_access(cgh, write_only, no_init).
  // (cgh, range[, offset]) keeps the overload above, which has the same meaning.
  template <typename Arg0, typename Arg1, typename... Args,
            std::enable_if_t<!(std::is_same_v<std::decay_t<Arg1>, range<Dims>> &&
                               (sizeof...(Args) == 0 ||
                                (sizeof...(Args) == 1 && (std::is_same_v<std::decay_t<Args>, id<Dims>> && ...)))),
                             int> = 0>
  auto get_access(Arg0&& arg0, Arg1&& arg1, Args&&... args) {
    return accessor{*this, std::forward<Arg0>(arg0), std::forward<Arg1>(arg1), std::forward<Args>(args)...};
  }
  template <typename... Args>
  auto get_host_access(Args&&... args) {
    return host_accessor{*this, std::forward<Args>(args)...};
  }

  // Where to write the data back on destruction (nullptr: nowhere).
  template <class Destination = std::nullptr_t>
  void set_final_data(Destination dest = nullptr) {
    m_owner->final_data_set = true;
    if constexpr (std::is_same_v<Destination, std::nullptr_t>) {
      m_owner->write_back = nullptr;
    } else if constexpr (std::is_pointer_v<Destination>) {
      if (!dest) {
        m_owner->write_back = nullptr;
        return;
      }
      m_owner->write_back = [dest](const void* src, std::size_t bytes) {
        if (static_cast<const void*>(dest) != src) std::memmove(static_cast<void*>(dest), src, bytes);
      };
    } else if constexpr (detail::is_shared_ptr<Destination>::value) {
      m_owner->write_back = [dest](const void* src, std::size_t bytes) {
        if (dest && static_cast<const void*>(dest.get()) != src)
          std::memmove(static_cast<void*>(dest.get()), src, bytes);
      };
    } else if constexpr (detail::is_weak_ptr<Destination>::value) {
      m_owner->write_back = [dest](const void* src, std::size_t bytes) {
        if (auto p = dest.lock()) std::memmove(static_cast<void*>(p.get()), src, bytes);
      };
    } else {  // an output iterator
      m_owner->write_back = [dest](const void* src, std::size_t bytes) {
        auto* first = static_cast<const elem*>(src);
        std::copy(first, first + bytes / sizeof(T), dest);
      };
    }
  }
  void set_write_back(bool flag = true) { m_owner->write_back_enabled = flag; }

  template <typename U, int D2 = Dims, typename A2 = buffer_allocator<std::remove_const_t<U>>>
  buffer<U, D2, A2> reinterpret(range<D2> r) const {
    if (r.size() * sizeof(U) != byte_size())
      detail::throw_error(errc::invalid, "buffer::reinterpret: the new range holds " +
                                             std::to_string(r.size() * sizeof(U)) + " bytes but the buffer holds " +
                                             std::to_string(byte_size()));
    buffer<U, D2, A2> b(m_owner, r);
    return b;
  }
  // Without a range: to one dimension, or to the same dimensions when the element size is unchanged.
  template <typename U, int D2 = Dims, typename A2 = buffer_allocator<std::remove_const_t<U>>,
            std::enable_if_t<D2 == 1 || (D2 == Dims && sizeof(U) == sizeof(T)), int> = 0>
  buffer<U, D2, A2> reinterpret() const {
    if constexpr (D2 == 1) {
      if (byte_size() % sizeof(U) != 0)
        detail::throw_error(errc::invalid, "buffer::reinterpret: the buffer's " + std::to_string(byte_size()) +
                                               " bytes are not a whole number of " + std::to_string(sizeof(U)) +
                                               "-byte elements");
      return reinterpret<U, D2, A2>(range<1>(byte_size() / sizeof(U)));
    } else {
      return reinterpret<U, D2, A2>(m_range);
    }
  }

  friend bool operator==(const buffer& a, const buffer& b) { return a.m_owner == b.m_owner; }
  friend bool operator!=(const buffer& a, const buffer& b) { return !(a == b); }

 private:
  template <typename, int, typename>
  friend class buffer;
  friend struct detail::buffer_access;
  buffer(std::shared_ptr<detail::buffer_owner> owner, const range<Dims>& r)
      : m_range(checked_range(r)), m_owner(std::move(owner)) {}

  void init_owned(const T* copy_from) {
    m_owner = std::make_shared<detail::buffer_owner>();
    m_owner->state = weft::detail::buffer_state::allocate(byte_size());
    if (copy_from) std::memcpy(m_owner->state->data, copy_from, byte_size());
  }

  // A range whose byte size does not fit in size_t is rejected (errc::invalid)
  // before anything is allocated.
  static const range<Dims>& checked_range(const range<Dims>& r) {
    std::size_t limit = std::numeric_limits<std::size_t>::max() / sizeof(T), total = 1;
    for (int d = 0; d < Dims; ++d)
      if (r[d] == 0) return r;
    for (int d = 0; d < Dims; ++d) {
      if (total > limit / r[d])
        detail::throw_error(errc::invalid, "buffer: the range " + detail::to_string(r) + " of " +
                                               std::to_string(sizeof(T)) +
                                               "-byte elements holds more bytes than size_t can count");
      total *= r[d];
    }
    return r;
  }

  range<Dims> m_range;
  AllocatorT m_alloc;
  std::shared_ptr<detail::buffer_owner> m_owner;
  std::shared_ptr<detail::buffer_owner> m_parent;  // keeps a sub-buffer's parent alive
  bool m_is_sub = false;
};

// Deduction guides (section 4.7.2.1). An allocator argument is anything but a property list.
namespace detail {
template <class A>
using buffer_allocator_arg_t = std::enable_if_t<!std::is_convertible_v<A, property_list>, int>;
}  // namespace detail
template <class InputIt, class A = buffer_allocator<typename std::iterator_traits<InputIt>::value_type>,
          detail::buffer_allocator_arg_t<A> = 0>
buffer(InputIt, InputIt, A = A(), const property_list& = {})
    -> buffer<typename std::iterator_traits<InputIt>::value_type, 1, A>;
template <class InputIt>
buffer(InputIt, InputIt, const property_list&) -> buffer<typename std::iterator_traits<InputIt>::value_type, 1>;
template <class T, int Dims>
buffer(const T*, const range<Dims>&, const property_list& = {}) -> buffer<T, Dims>;
template <class T, int Dims>
buffer(T*, const range<Dims>&, const property_list& = {}) -> buffer<T, Dims>;
template <class T, int Dims, class A, detail::buffer_allocator_arg_t<A> = 0>
buffer(const T*, const range<Dims>&, A, const property_list& = {}) -> buffer<T, Dims, A>;
template <class T, int Dims, class A, detail::buffer_allocator_arg_t<A> = 0>
buffer(T*, const range<Dims>&, A, const property_list& = {}) -> buffer<T, Dims, A>;
template <class Container>
buffer(Container&, const property_list& = {}) -> buffer<typename Container::value_type, 1>;
template <class Container, class A, detail::buffer_allocator_arg_t<A> = 0>
buffer(Container&, A, const property_list& = {}) -> buffer<typename Container::value_type, 1, A>;

namespace detail {
struct buffer_access {
  template <class T, int D, class A>
  static const weft::detail::buffer_ptr& state(const buffer<T, D, A>& b) {
    return b.m_owner->state;
  }
  // The object a buffer handle names: copies share it, so it decides == and std::hash.
  template <class T, int D, class A>
  static const void* identity(const buffer<T, D, A>& b) {
    return b.m_owner.get();
  }
};
}  // namespace detail

}  // namespace weft::sycl

namespace std {
template <class T, int Dims, class A>
struct hash<weft::sycl::buffer<T, Dims, A>> {
  size_t operator()(const weft::sycl::buffer<T, Dims, A>& b) const noexcept {
    return hash<const void*>()(weft::sycl::detail::buffer_access::identity(b));
  }
};
}  // namespace std
