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

std::vector<device> context::get_devices() const {
  return std::vector<device>(m_state->devices.begin(), m_state->devices.end());
}

property::buffer::context_bound::context_bound(context bound_context)
    : m_context(std::make_shared<const context>(std::move(bound_context))) {}
context property::buffer::context_bound::get_context() const { return *m_context; }

// sycl::exception's members that take or give a context (declared in sycl/exception.hpp).
exception::exception(context ctx, std::error_code ec, const std::string& what_arg) : exception(ec, what_arg) {
  m_context = std::make_shared<context>(std::move(ctx));
}
exception::exception(context ctx, std::error_code ec, const char* what_arg)
    : exception(std::move(ctx), ec, std::string(what_arg)) {}
exception::exception(context ctx, std::error_code ec) : exception(std::move(ctx), ec, std::string()) {}
exception::exception(context ctx, int ev, const std::error_category& cat, const std::string& what_arg)
    : exception(std::move(ctx), std::error_code(ev, cat), what_arg) {}
exception::exception(context ctx, int ev, const std::error_category& cat, const char* what_arg)
    : exception(std::move(ctx), std::error_code(ev, cat), std::string(what_arg)) {}
exception::exception(context ctx, int ev, const std::error_category& cat)
    : exception(std::move(ctx), std::error_code(ev, cat), std::string()) {}
context exception::get_context() const {
  if (!m_context) detail::throw_error(errc::invalid, "exception::get_context: this exception carries no context");
  return *m_context;
}

// ---- handler (sycl/handler.hpp) ---------------------------------------------------

void handler::depends_on(const event& e) {
  if (e.state()) m_cg.dependencies.push_back(e.state());
}

void handler::depends_on(const std::vector<event>& events) {
  for (auto& e : events) depends_on(e);
}

void handler::throw_mode_error(const char* what, const char* before, access_mode mode, const char* after) {
  weft::detail::throw_error(errc::invalid, std::string(what) + before + detail::mode_name(mode) + after);
}

void handler::check_usm_extent(const void* p, std::size_t bytes, const char* what) {
  if (!p || !bytes) return;
  auto info = weft::detail::usm_lookup(p);
  if (info.kind == usm::alloc::unknown) return;
  std::size_t at = static_cast<std::size_t>(static_cast<const char*>(p) - static_cast<const char*>(info.base));
  if (bytes > info.bytes - at)
    weft::detail::throw_error(errc::invalid, std::string(what) + " range of " + std::to_string(bytes) +
                                                 " bytes at offset " + std::to_string(at) +
                                                 " runs past the end of its USM allocation of " +
                                                 std::to_string(info.bytes) + " bytes");
}

void handler::check_device_global(const char* what, const char* unit, std::size_t count, std::size_t start,
                                  std::size_t size) const {
  if (m_queue->device->ops)
    weft::detail::throw_error(errc::feature_not_supported,
                              std::string(what) + ": a device_global is a host object, which kernels on " +
                                  m_queue->device->name +
                                  " cannot reach (docs/extensions.md); use a USM allocation on a GPU");
  if (start > size || count > size - start)
    weft::detail::throw_error(errc::invalid, std::string(what) + ": " + std::to_string(count) + " " + unit + "s from " +
                                                 unit + " " + std::to_string(start) + " run past its " +
                                                 std::to_string(size) + " " + unit + "s");
}

void handler::check_placeholders() const {
  for (auto& p : m_placeholders) {
    bool bound = std::any_of(m_cg.requirements.begin(), m_cg.requirements.end(),
                             [&](const weft::detail::requirement& r) { return r.buffer == p.buffer; });
    if (bound) continue;
    std::string extent = "{";
    for (int d = 0; d < p.dims; ++d) extent += (d ? ", " : "") + std::to_string(p.extent[d]);
    extent += "}";
    weft::detail::throw_error(errc::kernel_argument,
                              "a placeholder accessor (range " + extent + " of a buffer of " +
                                  std::to_string(p.buffer->bytes) + " bytes, " + detail::mode_name(p.mode) +
                                  ") is used in the command group but was not bound to it; call cgh.require(acc) "
                                  "in the command group function before using it");
  }
}

std::byte* detail::handler_access::note_placeholder(handler& cgh, buffer_ptr buffer, const std::size_t* extent,
                                                    int dims, access_mode mode, bool on_device) {
  std::byte* where = on_device ? buffer->data_on(*cgh.m_queue->device) : buffer->data;
  handler::placeholder_use use{std::move(buffer), {extent[0], extent[1], extent[2]}, dims, mode};
  cgh.m_placeholders.push_back(std::move(use));
  return where;
}

void handler::memcpy(void* dst, const void* src, std::size_t bytes) {
  if (bytes && (!dst || !src))
    weft::detail::throw_error(errc::invalid, std::string("memcpy: the ") + (!dst ? "destination" : "source") +
                                                 " pointer is null but " + std::to_string(bytes) +
                                                 " bytes were asked for");
  check_usm_extent(dst, bytes, "memcpy: the destination");
  check_usm_extent(src, bytes, "memcpy: the source");
  set_command(weft::detail::command_kind::memcpy,
              [d = m_queue->device, dst, src, bytes] { weft::detail::device_memcpy(d, dst, src, bytes); });
}

void handler::memset(void* ptr, int value, std::size_t bytes) {
  if (bytes && !ptr)
    weft::detail::throw_error(errc::invalid,
                              "memset: the pointer is null but " + std::to_string(bytes) + " bytes were asked for");
  check_usm_extent(ptr, bytes, "memset: the destination");
  set_command(weft::detail::command_kind::memset,
              [d = m_queue->device, ptr, value, bytes] { weft::detail::device_memset(d, ptr, value, bytes); });
}

void handler::prefetch(const void*, std::size_t) {
  set_command(weft::detail::command_kind::prefetch, [] {});
}

void handler::mem_advise(const void*, std::size_t, int) {
  set_command(weft::detail::command_kind::prefetch, [] {});
}

std::byte* detail::handler_access::add_requirement(handler& cgh, const buffer_ptr& buffer, access_mode mode,
                                                   bool on_device) {
  cgh.m_cg.requirements.push_back({buffer, mode});
  return on_device ? buffer->data_on(*cgh.m_queue->device) : buffer->data;
}

void detail::handler_access::add_stream(handler& cgh, std::shared_ptr<stream_sink> sink) {
  cgh.m_extras.streams.push_back(std::move(sink));
}

namespace detail {
void check_bundle_devices(const context& ctx, const std::vector<device>& devs, const char* function) {
  if (devs.empty()) throw_error(errc::invalid, std::string(function) + ": the device list is empty");
  for (auto& d : devs)
    if (!weft::detail::in_devices(ctx.state()->devices, d.state()))
      throw_error(errc::invalid, std::string(function) +
                                     ": a device is not in the context; pass devices of the context (or "
                                     "sub-devices of them)");
}
}  // namespace detail

std::vector<kernel_id> get_kernel_ids() {
  std::vector<kernel_id> out;
  for (const char* n : detail::registered_kernel_names()) out.push_back(detail::kernel_id_access::make(n));
  return out;
}

context::context(const property_list&) : context(std::vector<device>{device()}) {}
context::context(async_handler h, const property_list&) : context(std::vector<device>{device()}, std::move(h)) {}
context::context(const device& d, const property_list&) : context(std::vector<device>{d}) {}
context::context(const device& d, async_handler h, const property_list&)
    : context(std::vector<device>{d}, std::move(h)) {}
context::context(const platform& p, const property_list&) : context(p.get_devices()) {}
context::context(const platform& p, async_handler h, const property_list&) : context(p.get_devices(), std::move(h)) {}
context::context(const std::vector<device>& devices, const property_list&) : context(devices, async_handler{}) {}

// ---- queue (sycl/queue.hpp) -------------------------------------------------------

event queue::memcpy(void* dst, const void* src, std::size_t bytes) { return memcpy(dst, src, bytes, no_deps()); }
event queue::memcpy(void* dst, const void* src, std::size_t bytes, event dep) {
  return memcpy(dst, src, bytes, std::vector<event>{std::move(dep)});
}
event queue::memcpy(void* dst, const void* src, std::size_t bytes, const std::vector<event>& deps) {
  return submit([&](handler& h) {
    h.depends_on(deps);
    h.memcpy(dst, src, bytes);
  });
}

event queue::memset(void* ptr, int value, std::size_t bytes) { return memset(ptr, value, bytes, no_deps()); }
event queue::memset(void* ptr, int value, std::size_t bytes, event dep) {
  return memset(ptr, value, bytes, std::vector<event>{std::move(dep)});
}
event queue::memset(void* ptr, int value, std::size_t bytes, const std::vector<event>& deps) {
  return submit([&](handler& h) {
    h.depends_on(deps);
    h.memset(ptr, value, bytes);
  });
}

event queue::prefetch(const void* ptr, std::size_t bytes) { return prefetch(ptr, bytes, no_deps()); }
event queue::prefetch(const void* ptr, std::size_t bytes, event dep) {
  return prefetch(ptr, bytes, std::vector<event>{std::move(dep)});
}
event queue::prefetch(const void* ptr, std::size_t bytes, const std::vector<event>& deps) {
  return submit([&](handler& h) {
    h.depends_on(deps);
    h.prefetch(ptr, bytes);
  });
}

event queue::mem_advise(const void* ptr, std::size_t bytes, int advice) {
  return mem_advise(ptr, bytes, advice, no_deps());
}
event queue::mem_advise(const void* ptr, std::size_t bytes, int advice, event dep) {
  return mem_advise(ptr, bytes, advice, std::vector<event>{std::move(dep)});
}
event queue::mem_advise(const void* ptr, std::size_t bytes, int advice, const std::vector<event>& deps) {
  return submit([&](handler& h) {
    h.depends_on(deps);
    h.mem_advise(ptr, bytes, advice);
  });
}

queue::queue(const context& c, const device& d, const async_handler& h, const property_list& props)
    : with_property_list(props) {
  // A sub-device of a context's device belongs to it too (as in DPC++): queue(sub_device)
  // gets its platform's default context, which holds the root devices.
  if (!weft::detail::in_devices(c.state()->devices, d.state()))
    weft::detail::throw_error(errc::invalid,
                              "queue: the device is not part of the given context (nor a sub-device of one of its "
                              "devices)");
  namespace priority = ext::oneapi::property::queue;
  if (int(props.has_property<priority::priority_normal>()) + int(props.has_property<priority::priority_low>()) +
          int(props.has_property<priority::priority_high>()) >
      1)
    weft::detail::throw_error(errc::invalid,
                              "queue: more than one of the priority properties (ext::oneapi::property::queue::"
                              "priority_normal, priority_low, priority_high); give one");
  m_state = std::make_shared<weft::detail::queue_state>(d.state(), c.state(), h ? h : c.get_async_handler(),
                                                        props.has_property<property::queue::in_order>(),
                                                        props.has_property<property::queue::enable_profiling>());
  // As DPC++ does: the device's context is current on this thread from now on, so
  // that the program's native calls (backend interop) find it.
  const weft::detail::device_state* ds = d.state();
  if (ds->ops && ds->ops->make_current) ds->ops->make_current(*ds);
}

// ---- kernel bundles (sycl/kernel_bundle.hpp) ---------------------------------------

namespace {
// The bundle `b` for the devices `devs` (SYCL 2020 4.11.11): each must be one of
// the bundle's devices; the result is associated with those devices.
template <bundle_state To, bundle_state From>
kernel_bundle<To> for_devices(const kernel_bundle<From>& b, const std::vector<device>& devs, const char* what) {
  if (devs.empty())
    weft::detail::throw_error(errc::invalid, std::string(what) + ": no devices given; pass the bundle's devices "
                                                                 "(kernel_bundle::get_devices())");
  const std::vector<device> own = b.get_devices();
  for (const device& d : devs)
    if (std::find(own.begin(), own.end(), d) == own.end())
      weft::detail::throw_error(errc::invalid, std::string(what) + ": the device '" + d.get_info<info::device::name>() +
                                                   "' is not one of the kernel bundle's devices; pass a subset of "
                                                   "kernel_bundle::get_devices()");
  auto d = std::make_shared<detail::bundle_data>(b.data());
  d->devices = detail::unique_devices(devs);
  return kernel_bundle<To>(d);
}
}  // namespace

kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input>& b, const property_list&) {
  return detail::convert_bundle<bundle_state::object>(b);
}
kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input>& b,
                                            const std::vector<device>& devs, const property_list&) {
  return for_devices<bundle_state::object>(b, devs, "sycl::compile");
}
kernel_bundle<bundle_state::executable> link(const std::vector<kernel_bundle<bundle_state::object>>& bs,
                                             const property_list&) {
  return detail::convert_bundle<bundle_state::executable>(join(bs));
}
kernel_bundle<bundle_state::executable> link(const std::vector<kernel_bundle<bundle_state::object>>& bs,
                                             const std::vector<device>& devs, const property_list&) {
  if (bs.empty()) weft::detail::throw_error(errc::invalid, "sycl::link: no kernel bundles to link");
  for (const auto& b : bs)
    if (b.get_context() != bs.front().get_context())
      weft::detail::throw_error(errc::invalid, "sycl::link: the kernel bundles belong to different contexts; link "
                                               "bundles of one context");
  for (const auto& b : bs) (void)for_devices<bundle_state::executable>(b, devs, "sycl::link");  // checks only
  return for_devices<bundle_state::executable>(join(bs), devs, "sycl::link");
}
kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object>& b, const property_list&) {
  return detail::convert_bundle<bundle_state::executable>(b);
}
kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object>& b,
                                             const std::vector<device>& devs, const property_list&) {
  return for_devices<bundle_state::executable>(b, devs, "sycl::link");
}
kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input>& b, const property_list&) {
  return detail::convert_bundle<bundle_state::executable>(b);
}
kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input>& b,
                                              const std::vector<device>& devs, const property_list&) {
  return for_devices<bundle_state::executable>(b, devs, "sycl::build");
}

}  // namespace weft::sycl
