#pragma once
// SYCL 2020 section 4.6.5: queue, plus the shortcut member functions that
// submit a one-command command group.
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>
#include <weft/runtime/export.hpp>
#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/event.hpp>
#include <sycl/exception.hpp>
#include <sycl/handler.hpp>
#include <sycl/property_list.hpp>
#include <weft/runtime/queue_state.hpp>

namespace weft::sycl {

namespace detail {
template <class T>
struct is_event_list : std::false_type {};
template <>
struct is_event_list<event> : std::true_type {};
template <>
struct is_event_list<std::vector<event>> : std::true_type {};
template <class T>
struct is_device_accessor : std::false_type {};
template <class T, int D, access_mode M, target Tg, access::placeholder P>
struct is_device_accessor<accessor<T, D, M, Tg, P>> : std::true_type {};
}  // namespace detail

class queue : public detail::with_property_list {
 public:
  explicit queue(const property_list& props = {}) : queue(default_selector_v, async_handler{}, props) {}
  explicit queue(const async_handler& h, const property_list& props = {}) : queue(default_selector_v, h, props) {}
  template <class Selector, std::enable_if_t<std::is_invocable_r_v<int, const Selector&, const device&>, int> = 0>
  explicit queue(const Selector& selector, const property_list& props = {})
      : queue(detail::select_device(selector), async_handler{}, props) {}
  template <class Selector, std::enable_if_t<std::is_invocable_r_v<int, const Selector&, const device&>, int> = 0>
  explicit queue(const Selector& selector, const async_handler& h, const property_list& props = {})
      : queue(detail::select_device(selector), h, props) {}
  explicit queue(const device& d, const property_list& props = {}) : queue(d, async_handler{}, props) {}
  // Without a context: the default context of the device's platform (section 4.6.5.1).
  explicit queue(const device& d, const async_handler& h, const property_list& props = {})
      : queue(d.get_platform().ext_oneapi_get_default_context(), d, h, props) {}
  template <class Selector, std::enable_if_t<std::is_invocable_r_v<int, const Selector&, const device&>, int> = 0>
  explicit queue(const context& c, const Selector& selector, const property_list& props = {})
      : queue(c, detail::select_device(selector), async_handler{}, props) {}
  template <class Selector, std::enable_if_t<std::is_invocable_r_v<int, const Selector&, const device&>, int> = 0>
  explicit queue(const context& c, const Selector& selector, const async_handler& h, const property_list& props = {})
      : queue(c, detail::select_device(selector), h, props) {}
  explicit queue(const context& c, const device& d, const property_list& props = {})
      : queue(c, d, async_handler{}, props) {}
  WEFT_API explicit queue(const context& c, const device& d, const async_handler& h, const property_list& props = {});

  backend get_backend() const noexcept { return m_state->device->backend; }
  context get_context() const { return context(m_state->context); }
  device get_device() const { return device(m_state->device); }
  bool is_in_order() const { return m_state->in_order; }
  [[deprecated("the host device was removed in SYCL 2020")]] bool is_host() const { return false; }
  template <class Param>
  typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::queue::context>) return get_context();
    else if constexpr (std::is_same_v<Param, info::queue::device>) return get_device();
    else static_assert(sizeof(Param) == 0, "not a queue information descriptor");
  }

  template <class CGF>
  event submit(CGF&& cgf) {
    handler cgh(m_state);
    {
      handler::recording_scope recording(cgh);
      cgf(cgh);
    }
    cgh.check_placeholders();
    return event(cgh.submit_to_queue());
  }
  // The secondary queue is a fallback for devices that can fail a command group; the CPU does not.
  template <class CGF>
  event submit(CGF&& cgf, queue&) {
    return submit(std::forward<CGF>(cgf));
  }
  void wait() { m_state->wait(); }
  void wait_and_throw() {
    m_state->wait();
    m_state->throw_asynchronous();
  }
  void throw_asynchronous() { m_state->throw_asynchronous(); }

  // --- shortcuts (section 4.6.5.1) ---------------------------------------------------
  // Each takes its dependencies after the range (kernels) or the last size argument
  // (USM commands): none, an event, or a const std::vector<event>& (a braced list
  // {e1, e2} too). As a Weft extension, kernels also take several events or vectors.
  template <typename KernelName = void, typename... Rest>
  event single_task(Rest&&... rest) {
    return kernel_shortcut([&](handler& h, auto&&... k) { h.template single_task<KernelName>(k...); },
                           std::forward<Rest>(rest)...);
  }
  template <typename KernelName = void, typename... Rest>
  event single_task(const std::vector<event>& deps, Rest&&... rest) {
    return kernel_shortcut([&](handler& h, auto&&... k) { h.template single_task<KernelName>(k...); }, deps,
                           std::forward<Rest>(rest)...);
  }
#define WEFT_QUEUE_PARALLEL_FOR(RangeType, ...)                                                                  \
  template <typename KernelName = void __VA_ARGS__, typename... Rest>                                            \
  event parallel_for(RangeType r, Rest&&... rest) {                                                              \
    return kernel_shortcut([&](handler& h, auto&&... a) { h.template parallel_for<KernelName>(r, a...); },       \
                           std::forward<Rest>(rest)...);                                                         \
  }                                                                                                              \
  template <typename KernelName = void __VA_ARGS__, typename... Rest>                                            \
  event parallel_for(RangeType r, const std::vector<event>& deps, Rest&&... rest) {                              \
    return kernel_shortcut([&](handler& h, auto&&... a) { h.template parallel_for<KernelName>(r, a...); }, deps, \
                           std::forward<Rest>(rest)...);                                                         \
  }
  WEFT_QUEUE_PARALLEL_FOR(range<1>)
  WEFT_QUEUE_PARALLEL_FOR(range<2>)
  WEFT_QUEUE_PARALLEL_FOR(range<3>)
  WEFT_QUEUE_PARALLEL_FOR(nd_range<Dims>, , int Dims)
#undef WEFT_QUEUE_PARALLEL_FOR
  template <typename KernelName = void, int Dims, typename... Rest>
  event parallel(range<Dims> num_groups, range<Dims> group_size, Rest&&... rest) {
    return kernel_shortcut(
        [&](handler& h, auto&&... a) { h.template parallel<KernelName>(num_groups, group_size, a...); },
        std::forward<Rest>(rest)...);
  }
  template <typename KernelName = void, int Dims, typename... Rest>
  event parallel(range<Dims> num_groups, range<Dims> group_size, const std::vector<event>& deps, Rest&&... rest) {
    return kernel_shortcut(
        [&](handler& h, auto&&... a) { h.template parallel<KernelName>(num_groups, group_size, a...); }, deps,
        std::forward<Rest>(rest)...);
  }

  WEFT_API event memcpy(void* dst, const void* src, std::size_t bytes);
  WEFT_API event memcpy(void* dst, const void* src, std::size_t bytes, event dep);
  WEFT_API event memcpy(void* dst, const void* src, std::size_t bytes, const std::vector<event>& deps);
  template <class T>
  event copy(const T* src, T* dst, std::size_t count) {
    return copy(src, dst, count, no_deps());
  }
  template <class T>
  event copy(const T* src, T* dst, std::size_t count, event dep) {
    return copy(src, dst, count, std::vector<event>{std::move(dep)});
  }
  template <class T>
  event copy(const T* src, T* dst, std::size_t count, const std::vector<event>& deps) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.copy(src, dst, count);
    });
  }
  WEFT_API event memset(void* ptr, int value, std::size_t bytes);
  WEFT_API event memset(void* ptr, int value, std::size_t bytes, event dep);
  WEFT_API event memset(void* ptr, int value, std::size_t bytes, const std::vector<event>& deps);
  template <class T>
  event fill(void* ptr, const T& pattern, std::size_t count) {
    return fill(ptr, pattern, count, no_deps());
  }
  template <class T>
  event fill(void* ptr, const T& pattern, std::size_t count, event dep) {
    return fill(ptr, pattern, count, std::vector<event>{std::move(dep)});
  }
  template <class T>
  event fill(void* ptr, const T& pattern, std::size_t count, const std::vector<event>& deps) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.fill(ptr, pattern, count);
    });
  }
  WEFT_API event prefetch(const void* ptr, std::size_t bytes);
  WEFT_API event prefetch(const void* ptr, std::size_t bytes, event dep);
  WEFT_API event prefetch(const void* ptr, std::size_t bytes, const std::vector<event>& deps);
  WEFT_API event mem_advise(const void* ptr, std::size_t bytes, int advice);
  WEFT_API event mem_advise(const void* ptr, std::size_t bytes, int advice, event dep);
  WEFT_API event mem_advise(const void* ptr, std::size_t bytes, int advice, const std::vector<event>& deps);
  // Copies to and from a device_global (sycl_ext_oneapi_device_global): handler's, in a command group.
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P>& dest, const void* src, std::size_t numBytes = sizeof(T),
               std::size_t offset = 0) {
    return memcpy(dest, src, numBytes, offset, no_deps());
  }
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P>& dest, const void* src, std::size_t numBytes,
               std::size_t offset, event dep) {
    return memcpy(dest, src, numBytes, offset, std::vector<event>{std::move(dep)});
  }
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P>& dest, const void* src, std::size_t numBytes,
               std::size_t offset, const std::vector<event>& deps) {
    return submit_after(deps, [&](handler& h) { h.memcpy(dest, src, numBytes, offset); });
  }
  template <typename T, typename P>
  event memcpy(void* dest, const ext::oneapi::experimental::device_global<T, P>& src, std::size_t numBytes = sizeof(T),
               std::size_t offset = 0) {
    return memcpy(dest, src, numBytes, offset, no_deps());
  }
  template <typename T, typename P>
  event memcpy(void* dest, const ext::oneapi::experimental::device_global<T, P>& src, std::size_t numBytes,
               std::size_t offset, event dep) {
    return memcpy(dest, src, numBytes, offset, std::vector<event>{std::move(dep)});
  }
  template <typename T, typename P>
  event memcpy(void* dest, const ext::oneapi::experimental::device_global<T, P>& src, std::size_t numBytes,
               std::size_t offset, const std::vector<event>& deps) {
    return submit_after(deps, [&](handler& h) { h.memcpy(dest, src, numBytes, offset); });
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T>* src, ext::oneapi::experimental::device_global<T, P>& dest,
             std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t startIndex = 0) {
    return copy(src, dest, count, startIndex, no_deps());
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T>* src, ext::oneapi::experimental::device_global<T, P>& dest,
             std::size_t count, std::size_t startIndex, event dep) {
    return copy(src, dest, count, startIndex, std::vector<event>{std::move(dep)});
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T>* src, ext::oneapi::experimental::device_global<T, P>& dest,
             std::size_t count, std::size_t startIndex, const std::vector<event>& deps) {
    return submit_after(deps, [&](handler& h) { h.copy(src, dest, count, startIndex); });
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P>& src, std::remove_all_extents_t<T>* dest,
             std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t startIndex = 0) {
    return copy(src, dest, count, startIndex, no_deps());
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P>& src, std::remove_all_extents_t<T>* dest,
             std::size_t count, std::size_t startIndex, event dep) {
    return copy(src, dest, count, startIndex, std::vector<event>{std::move(dep)});
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P>& src, std::remove_all_extents_t<T>* dest,
             std::size_t count, std::size_t startIndex, const std::vector<event>& deps) {
    return submit_after(deps, [&](handler& h) { h.copy(src, dest, count, startIndex); });
  }
  // Accessor copies and fills (section 4.6.5.2: queue shortcuts for explicit copies).
  template <class Src, class Dst,
            std::enable_if_t<!detail::is_device_global_v<Src> && !detail::is_device_global_v<Dst>, int> = 0>
  event copy(Src src, Dst dst) {
    return submit([&](handler& h) {
      require_if_accessor(h, src);
      require_if_accessor(h, dst);
      h.copy(src, dst);
    });
  }
  template <class T, int D, access_mode M, target Tg, access::placeholder P>
  event update_host(accessor<T, D, M, Tg, P> acc) {
    return submit([&](handler& h) {
      h.require(acc);
      h.update_host(acc);
    });
  }
  template <class T, int D, access_mode M, target Tg, access::placeholder P, class U>
  event fill(accessor<T, D, M, Tg, P> acc, const U& value) {
    return submit([&](handler& h) {
      h.require(acc);
      h.fill(acc, value);
    });
  }

  friend bool operator==(const queue& a, const queue& b) { return a.m_state == b.m_state; }
  friend bool operator!=(const queue& a, const queue& b) { return !(a == b); }

  const weft::detail::queue_ptr& state() const { return m_state; }  // for the runtime

 private:
  static const std::vector<event>& no_deps() {
    static const std::vector<event> none;
    return none;
  }
  // One command after deps.
  template <class F>
  event submit_after(const std::vector<event>& deps, F&& command) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      command(h);
    });
  }
  // A kernel shortcut: its leading event / vector<event> arguments become dependencies,
  // the rest goes to `launch(h, rest...)` on the command group's handler.
  template <class F, class... Args>
  event kernel_shortcut(F&& launch, Args&&... args) {
    return submit([&](handler& h) { with_deps(h, launch, std::forward<Args>(args)...); });
  }
  template <class F, class First, class... Rest>
  static void with_deps(handler& h, F& launch, First&& first, Rest&&... rest) {
    if constexpr (detail::is_event_list<std::decay_t<First>>::value) {
      h.depends_on(first);
      with_deps(h, launch, std::forward<Rest>(rest)...);
    } else {
      launch(h, std::forward<First>(first), std::forward<Rest>(rest)...);
    }
  }
  template <class T>
  static void require_if_accessor(handler& h, const T& v) {
    if constexpr (detail::is_device_accessor<T>::value) h.require(v);
  }

  weft::detail::queue_ptr m_state;
};

inline device detail::queue_device(const queue& q) { return q.get_device(); }
inline context detail::queue_context(const queue& q) { return q.get_context(); }
inline void detail::queue_free(void* ptr, const queue& q) { weft::detail::usm_free(ptr, *q.state()); }

template <class T, usm::alloc K, std::size_t A>
usm_allocator<T, K, A>::usm_allocator(const queue& q, const property_list&)
    : m_ctx(q.get_context()), m_dev(q.get_device()) {}

inline void event::wait_and_throw() {
  if (m_state) weft::detail::wait_and_throw(m_state);
}

template <class Param>
typename Param::return_type event::get_profiling_info() const {
  static_assert(std::is_same_v<Param, info::event_profiling::command_submit> ||
                    std::is_same_v<Param, info::event_profiling::command_start> ||
                    std::is_same_v<Param, info::event_profiling::command_end>,
                "not an event profiling descriptor");
  if (!m_state || !m_state->profiled)
    weft::detail::throw_error(
        errc::invalid,
        "get_profiling_info: the event's queue was not constructed with property::queue::enable_profiling");
  if constexpr (std::is_same_v<Param, info::event_profiling::command_submit>) return m_state->submit_ns;
  m_state->wait();
  if constexpr (std::is_same_v<Param, info::event_profiling::command_start>) return m_state->start_ns;
  else return m_state->end_ns;
}

}  // namespace weft::sycl

namespace std {
template <>
struct hash<weft::sycl::queue> : weft::sycl::detail::hash_of_state<weft::sycl::queue> {};
}  // namespace std
