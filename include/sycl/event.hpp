#pragma once
// SYCL 2020 section 4.6.6: event.
#include <functional>
#include <vector>
#include <sycl/info.hpp>
#include <weft/runtime/event_state.hpp>

namespace weft::sycl {

class event {
 public:
  event() = default;  // an event that is already complete
  explicit event(weft::detail::event_ptr s) : m_state(std::move(s)) {}

  backend get_backend() const noexcept { return backend::host; }
  std::vector<event> get_wait_list() { return {}; }
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

  friend bool operator==(const event& a, const event& b) { return a.m_state == b.m_state; }
  friend bool operator!=(const event& a, const event& b) { return !(a == b); }

  const weft::detail::event_ptr& state() const { return m_state; }  // for the runtime

 private:
  weft::detail::event_ptr m_state;
};

}  // namespace weft::sycl

namespace std {
template <>
struct hash<weft::sycl::event> {
  size_t operator()(const weft::sycl::event& e) const noexcept { return hash<const void*>()(e.state().get()); }
};
}  // namespace std
