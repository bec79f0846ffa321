#pragma once
// SYCL 2020 section 4.8: unified shared memory. On the CPU every kind is an
// aligned host allocation; the runtime records each one so get_pointer_type,
// get_pointer_device and bad frees can be answered.
#include <cstddef>
#include <limits>
#include <new>
#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/property_list.hpp>
#include <sycl/usm_alloc.hpp>
#include <weft/runtime/usm.hpp>

namespace weft::sycl {

class queue;

namespace detail {
device queue_device(const queue& q);
context queue_context(const queue& q);
void queue_free(void* ptr, const queue& q);
inline void* usm_alloc(std::size_t align, std::size_t bytes, const device& d, usm::alloc kind) {
  return weft::detail::usm_allocate(bytes, align, kind, kind == usm::alloc::host ? nullptr : d.state());
}
template <class T>
std::size_t checked_bytes(std::size_t count) {
  return count > std::numeric_limits<std::size_t>::max() / sizeof(T) ? std::numeric_limits<std::size_t>::max()
                                                                     : count * sizeof(T);
}
}  // namespace detail

#define WEFT_USM_KIND(kind)                                                                                        \
  inline void* aligned_alloc_##kind(std::size_t alignment, std::size_t bytes, const device& d, const context&,     \
                                    const property_list& = {}) {                                                   \
    return detail::usm_alloc(alignment, bytes, d, usm::alloc::kind);                                               \
  }                                                                                                                \
  inline void* aligned_alloc_##kind(std::size_t alignment, std::size_t bytes, const queue& q,                      \
                                    const property_list& = {}) {                                                   \
    return detail::usm_alloc(alignment, bytes, detail::queue_device(q), usm::alloc::kind);                         \
  }                                                                                                                \
  inline void* malloc_##kind(std::size_t bytes, const device& d, const context& c, const property_list& p = {}) {  \
    return aligned_alloc_##kind(0, bytes, d, c, p);                                                                \
  }                                                                                                                \
  inline void* malloc_##kind(std::size_t bytes, const queue& q, const property_list& p = {}) {                     \
    return aligned_alloc_##kind(0, bytes, q, p);                                                                   \
  }                                                                                                                \
  template <class T>                                                                                               \
  T* aligned_alloc_##kind(std::size_t alignment, std::size_t count, const device& d, const context& c,             \
                          const property_list& p = {}) {                                                           \
    return static_cast<T*>(                                                                                        \
        aligned_alloc_##kind(std::max(alignment, alignof(T)), detail::checked_bytes<T>(count), d, c, p));          \
  }                                                                                                                \
  template <class T>                                                                                               \
  T* aligned_alloc_##kind(std::size_t alignment, std::size_t count, const queue& q, const property_list& p = {}) { \
    return static_cast<T*>(                                                                                        \
        aligned_alloc_##kind(std::max(alignment, alignof(T)), detail::checked_bytes<T>(count), q, p));             \
  }                                                                                                                \
  template <class T>                                                                                               \
  T* malloc_##kind(std::size_t count, const device& d, const context& c, const property_list& p = {}) {            \
    return aligned_alloc_##kind<T>(alignof(T), count, d, c, p);                                                    \
  }                                                                                                                \
  template <class T>                                                                                               \
  T* malloc_##kind(std::size_t count, const queue& q, const property_list& p = {}) {                               \
    return aligned_alloc_##kind<T>(alignof(T), count, q, p);                                                       \
  }
WEFT_USM_KIND(device)
WEFT_USM_KIND(shared)
#undef WEFT_USM_KIND

inline void* aligned_alloc_host(std::size_t alignment, std::size_t bytes, const context&, const property_list& = {}) {
  return weft::detail::usm_allocate(bytes, alignment, usm::alloc::host, nullptr);
}
inline void* aligned_alloc_host(std::size_t alignment, std::size_t bytes, const queue&, const property_list& = {}) {
  return weft::detail::usm_allocate(bytes, alignment, usm::alloc::host, nullptr);
}
inline void* malloc_host(std::size_t bytes, const context& c, const property_list& p = {}) {
  return aligned_alloc_host(0, bytes, c, p);
}
inline void* malloc_host(std::size_t bytes, const queue& q, const property_list& p = {}) {
  return aligned_alloc_host(0, bytes, q, p);
}
template <class T>
T* aligned_alloc_host(std::size_t alignment, std::size_t count, const context& c, const property_list& p = {}) {
  return static_cast<T*>(aligned_alloc_host(std::max(alignment, alignof(T)), detail::checked_bytes<T>(count), c, p));
}
template <class T>
T* aligned_alloc_host(std::size_t alignment, std::size_t count, const queue& q, const property_list& p = {}) {
  return static_cast<T*>(aligned_alloc_host(std::max(alignment, alignof(T)), detail::checked_bytes<T>(count), q, p));
}
template <class T>
T* malloc_host(std::size_t count, const context& c, const property_list& p = {}) {
  return aligned_alloc_host<T>(alignof(T), count, c, p);
}
template <class T>
T* malloc_host(std::size_t count, const queue& q, const property_list& p = {}) {
  return aligned_alloc_host<T>(alignof(T), count, q, p);
}

inline void* aligned_alloc(std::size_t alignment, std::size_t bytes, const device& d, const context&, usm::alloc kind,
                           const property_list& = {}) {
  if (kind == usm::alloc::unknown) return nullptr;
  return detail::usm_alloc(alignment, bytes, d, kind);
}
inline void* aligned_alloc(std::size_t alignment, std::size_t bytes, const queue& q, usm::alloc kind,
                           const property_list& = {}) {
  if (kind == usm::alloc::unknown) return nullptr;
  return detail::usm_alloc(alignment, bytes, detail::queue_device(q), kind);
}
inline void* malloc(std::size_t bytes, const device& d, const context& c, usm::alloc kind,
                    const property_list& p = {}) {
  return aligned_alloc(0, bytes, d, c, kind, p);
}
inline void* malloc(std::size_t bytes, const queue& q, usm::alloc kind, const property_list& p = {}) {
  return aligned_alloc(0, bytes, q, kind, p);
}
template <class T>
T* aligned_alloc(std::size_t alignment, std::size_t count, const device& d, const context& c, usm::alloc kind,
                 const property_list& p = {}) {
  return static_cast<T*>(
      aligned_alloc(std::max(alignment, alignof(T)), detail::checked_bytes<T>(count), d, c, kind, p));
}
template <class T>
T* aligned_alloc(std::size_t alignment, std::size_t count, const queue& q, usm::alloc kind,
                 const property_list& p = {}) {
  return static_cast<T*>(aligned_alloc(std::max(alignment, alignof(T)), detail::checked_bytes<T>(count), q, kind, p));
}
template <class T>
T* malloc(std::size_t count, const device& d, const context& c, usm::alloc kind, const property_list& p = {}) {
  return aligned_alloc<T>(alignof(T), count, d, c, kind, p);
}
template <class T>
T* malloc(std::size_t count, const queue& q, usm::alloc kind, const property_list& p = {}) {
  return aligned_alloc<T>(alignof(T), count, q, kind, p);
}

inline void free(void* ptr, const context&) { weft::detail::usm_free(ptr); }
inline void free(void* ptr, const queue& q) { detail::queue_free(ptr, q); }

inline usm::alloc get_pointer_type(const void* ptr, const context&) { return weft::detail::usm_lookup(ptr).kind; }
inline device get_pointer_device(const void* ptr, const context& ctx) {
  auto info = weft::detail::usm_lookup(ptr);
  if (info.kind == usm::alloc::unknown)
    weft::detail::throw_error(errc::invalid,
                              "get_pointer_device: the pointer was not allocated by Weft's USM functions");
  if (info.kind == usm::alloc::host) return ctx.get_devices()[0];
  return device(info.device);
}

namespace detail {
// Lets operator== of one usm_allocator specialization read another's members.
struct usm_allocator_access {
  template <class A>
  static const context& context_of(const A& a) {
    return a.m_ctx;
  }
  template <class A>
  static const device& device_of(const A& a) {
    return a.m_dev;
  }
};
}  // namespace detail

// SYCL 2020 section 4.8.4: an allocator for standard containers.
template <class T, usm::alloc AllocKind, std::size_t Alignment = 0>
class usm_allocator {
  static_assert(AllocKind != usm::alloc::device,
                "usm_allocator cannot allocate device memory: the host cannot touch it on other backends");

 public:
  using value_type = T;
  template <class U>
  struct rebind {
    using other = usm_allocator<U, AllocKind, Alignment>;
  };
  usm_allocator() = delete;
  usm_allocator(const context& ctx, const device& dev, const property_list& = {}) : m_ctx(ctx), m_dev(dev) {}
  usm_allocator(const queue& q, const property_list& = {});
  template <class U>
  usm_allocator(const usm_allocator<U, AllocKind, Alignment>& o) noexcept : m_ctx(o.m_ctx), m_dev(o.m_dev) {}

  T* allocate(std::size_t n) {
    auto* p = aligned_alloc<T>(Alignment, n, m_dev, m_ctx, AllocKind);
    if (!p && n) throw std::bad_alloc();
    return p;
  }
  void deallocate(T* p, std::size_t) {
    if (p) free(p, m_ctx);
  }
  template <class U, usm::alloc K2, std::size_t A2>
  friend bool operator==(const usm_allocator& a, const usm_allocator<U, K2, A2>& b) {
    return K2 == AllocKind && a.m_ctx == detail::usm_allocator_access::context_of(b) &&
           a.m_dev == detail::usm_allocator_access::device_of(b);
  }
  template <class U, usm::alloc K2, std::size_t A2>
  friend bool operator!=(const usm_allocator& a, const usm_allocator<U, K2, A2>& b) {
    return !(a == b);
  }

 private:
  template <class, usm::alloc, std::size_t>
  friend class usm_allocator;
  friend struct detail::usm_allocator_access;
  context m_ctx;
  device m_dev;
};

}  // namespace weft::sycl
