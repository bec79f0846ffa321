// Buffer storage, the copies backend devices get, and the host-side wait for
// everything that uses a buffer.
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <sycl/exception.hpp>
#include <sycl/usm_alloc.hpp>
#include <weft/runtime/buffer_state.hpp>
#include "runtime_internal.hpp"
#include "graph.hpp"

namespace weft::detail {

namespace {
constexpr int device_memory = static_cast<int>(sycl::usm::alloc::device);

bool reads(sycl::access_mode m) {
  return m != sycl::access_mode::discard_write && m != sycl::access_mode::discard_read_write;
}
}  // namespace

std::shared_ptr<buffer_state> buffer_state::allocate(std::size_t bytes) {
  auto s = std::make_shared<buffer_state>();
  std::size_t rounded = (bytes + 63) / 64 * 64;
  void* p = rounded ? std::aligned_alloc(64, rounded) : nullptr;
  if (rounded && !p)
    throw_error(sycl::errc::memory_allocation, "buffer: could not allocate " + std::to_string(bytes) + " bytes");
  s->data = static_cast<std::byte*>(p);
  s->bytes = bytes;
  s->owned = std::shared_ptr<void>(p, [](void* q) { std::free(q); });
  return s;
}

std::shared_ptr<buffer_state> buffer_state::wrap(void* user_memory, std::size_t bytes,
                                                 std::shared_ptr<void> keep_alive) {
  auto s = std::make_shared<buffer_state>();
  s->data = static_cast<std::byte*>(user_memory);
  s->bytes = bytes;
  s->owned = std::move(keep_alive);
  return s;
}

buffer_state::~buffer_state() {
  for (auto& c : copies) try {
      c.device->ops->usm_free(*c.device, device_memory, c.data);
    } catch (...) {
      // At exit the device may be gone already; its memory went with it.
    }
}

std::byte* buffer_state::data_on(const device_state& d) {
  if (!d.ops) return data;
  buffer_state* r = root();
  const std::size_t offset = static_cast<std::size_t>(data - r->data);
  std::lock_guard<std::mutex> g(r->copies_mutex);
  for (auto& c : r->copies)
    if (c.device == &d) return c.data + offset;
  check_device_usable(d);  // a lost device is not "out of device memory"
  void* p = r->bytes ? d.ops->usm_allocate(d, device_memory, r->bytes) : nullptr;
  if (r->bytes && !p)
    throw_error(sycl::errc::memory_allocation, "buffer: could not allocate its " + std::to_string(r->bytes) +
                                                   " bytes on " + d.name +
                                                   " (out of device memory); free memory there "
                                                   "or use smaller buffers");
  r->copies.push_back({&d, static_cast<std::byte*>(p), false});
  r->has_copies.store(true, std::memory_order_release);
  return static_cast<std::byte*>(p) + offset;
}

void prepare_access(buffer_state& buffer, const device_state* on, sycl::access_mode mode) {
  buffer_state* r = buffer.root();
  if (!on && !r->has_copies.load(std::memory_order_acquire)) return;  // the host holds the only copy
  std::lock_guard<std::mutex> g(r->copies_mutex);
  buffer_state::device_copy* here = nullptr;
  for (auto& c : r->copies)
    if (c.device == on) here = &c;
  if (on && !here) return;  // no accessor for this device: the command does not touch the buffer there
  const bool current = here ? here->current : r->host_current;
  if (!current && reads(mode) && r->bytes) {
    outside_command synchronous;  // also inside a command (a host task destroying a buffer)
    // Device to device goes through the host, which then is current too.
    if (!r->host_current)
      for (auto& c : r->copies)
        if (c.current) {
          check_device_usable(*c.device);
          c.device->ops->memcpy(*c.device, r->data, c.data, r->bytes);
          r->host_current = true;
          break;
        }
    if (here) {
      check_device_usable(*on);
      on->ops->memcpy(*on, here->data, r->data, r->bytes);
    }
  }
  if (mode == sycl::access_mode::read) {
    if (here) here->current = true;
    else r->host_current = true;
    return;
  }
  for (auto& c : r->copies) c.current = &c == here;
  r->host_current = !here;
}

void buffer_state::wait_all() {
  std::vector<event_ptr> users;
  {
    std::lock_guard<std::mutex> g(graph_mutex());
    auto* r = root();
    if (r->last_write) users.push_back(r->last_write);
    users.insert(users.end(), r->reads_since_write.begin(), r->reads_since_write.end());
  }
  for (auto& e : users) e->wait();
}

}  // namespace weft::detail
