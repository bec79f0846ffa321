// Out-of-line members of the SYCL API (include/sycl/): non-template code that
// every translation unit including sycl/sycl.hpp would otherwise parse,
// instantiate (std containers, make_shared) and, when used, emit.
#include <algorithm>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>
#include <sycl/sycl.hpp>

namespace weft::sycl {

// ---- context, platform (sycl/context.hpp, sycl/device.hpp) ----------------------

weft::detail::context_ptr context::make_state(const std::vector<device>& devices, async_handler h) {
  if (devices.empty()) detail::throw_error(errc::invalid, "a context needs at least one device");
  auto s = std::make_shared<weft::detail::context_state>();
  for (const device& d : devices) s->devices.push_back(d.state());
  s->handler = std::move(h);
  return s;
}

context platform::ext_oneapi_get_default_context() const {
  // Never destroyed: queues in static objects may outlive any other static.
  static std::mutex* mutex = new std::mutex;
  static auto* contexts = new std::vector<std::pair<const weft::detail::platform_state*, context>>;
  std::lock_guard<std::mutex> lock(*mutex);
  for (auto& [p, c] : *contexts)
    if (p == m_state) return c;
  contexts->emplace_back(m_state, context(*this));
  return contexts->back().second;
}

// ---- queue (sycl/queue.hpp) -------------------------------------------------------

queue::queue(const context& c, const device& d, const async_handler& h, const property_list& props)
    : with_property_list(props) {
  auto devs = c.get_devices();
  if (std::find(devs.begin(), devs.end(), d) == devs.end())
    weft::detail::throw_error(errc::invalid, "queue: the device is not part of the given context");
  m_state = std::make_shared<weft::detail::queue_state>(d.state(), c.state(), h ? h : c.get_async_handler(),
                                                        props.has_property<property::queue::in_order>(),
                                                        props.has_property<property::queue::enable_profiling>());
}

// ---- kernel bundles (sycl/kernel_bundle.hpp) ---------------------------------------

kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input>& b, const property_list&) {
  return detail::convert_bundle<bundle_state::object>(b);
}
kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input>& b, const std::vector<device>&,
                                            const property_list&) {
  return compile(b);
}
kernel_bundle<bundle_state::executable> link(const std::vector<kernel_bundle<bundle_state::object>>& bs,
                                             const property_list&) {
  return detail::convert_bundle<bundle_state::executable>(join(bs));
}
kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object>& b, const property_list&) {
  return detail::convert_bundle<bundle_state::executable>(b);
}
kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object>& b, const std::vector<device>&,
                                             const property_list&) {
  return link(b);
}
kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input>& b, const property_list&) {
  return detail::convert_bundle<bundle_state::executable>(b);
}
kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input>& b, const std::vector<device>&,
                                              const property_list&) {
  return build(b);
}

}  // namespace weft::sycl
