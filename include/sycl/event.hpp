#pragma once
// SYCL 2020 section 4.6.6: event.
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>
#include <sycl/info.hpp>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/event_state.hpp>

namespace weft::sycl {

class event {
 public:
  // An event that is already complete. Each one is a distinct object (common reference
  // semantics, section 4.5.2): it equals its copies only, so it carries an identity of
  // its own instead of a graph node (no allocation).
  event() : m_id(next_id()) {}
  explicit event(weft::detail::event_ptr s) : m_state(std::move(s)), m_id(m_state ? 0 : next_id()) {}

  // The backend of the queue's device the command was submitted to (an event with
  // no command: the host's).
  backend get_backend() const noexcept { return m_state && m_state->device ? m_state->device->backend : backend::host; }
  // The command's direct dependencies (explicit, in-order and through buffers) that
  // still exist; completed ones may be included (SYCL 2020 4.6.6).
  std::vector<event> get_wait_list() {
    std::vector<event> list;
    if (!m_state) return list;
    if (auto s = m_state->in_order_previous.lock()) list.emplace_back(std::move(s));
    for (auto& w : m_state->waits_for)
      if (auto s = w.lock()) list.emplace_back(std::move(s));
    return list;
  }
  void wait() {
    if (m_state) m_state->wait();
  }
  void wait_and_throw();
  static void wait(const std::vector<event>& events) {
    for (auto e : events) e.wait();
  }
  static void wait_and_throw(const std::vector<event>& events) {
    for (auto e : events) e.wait_and_throw();
  }

  template <class Param>
  typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::event::command_execution_status>, "not an event information descriptor");
    if (!m_state) return info::event_command_status::complete;
    return static_cast<info::event_command_status>(m_state->poll());
  }
  template <class Param>
  typename Param::return_type get_profiling_info() const;

  friend bool operator==(const event& a, const event& b) { return a.m_state == b.m_state && a.m_id == b.m_id; }
  friend bool operator!=(const event& a, const event& b) { return !(a == b); }

  const weft::detail::event_ptr& state() const { return m_state; }  // for the runtime
  std::uintptr_t identity() const noexcept {  // for std::hash: the node, or a complete event's own number
    return m_state ? reinterpret_cast<std::uintptr_t>(m_state.get()) : m_id;
  }

 private:
  static std::uintptr_t next_id() noexcept {
    // Odd numbers: never the address of a node.
    static std::atomic<std::uintptr_t> counter{0};
    return 2 * counter.fetch_add(1, std::memory_order_relaxed) + 1;
  }

  weft::detail::event_ptr m_state;
  std::uintptr_t m_id = 0;  // nonzero only without a node
};

}  // namespace weft::sycl

namespace std {
template <>
struct hash<weft::sycl::event> {
  size_t operator()(const weft::sycl::event& e) const noexcept { return hash<std::uintptr_t>()(e.identity()); }
};
}  // namespace std
