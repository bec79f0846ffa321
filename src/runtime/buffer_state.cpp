// Buffer storage and the host-side wait for everything that uses a buffer.
#include <cstdlib>
#include <cstring>
#include <new>
#include <sycl/exception.hpp>
#include <weft/runtime/buffer_state.hpp>
#include "graph.hpp"

namespace weft::detail {

std::shared_ptr<buffer_state> buffer_state::allocate(std::size_t bytes) {
  auto s = std::make_shared<buffer_state>();
  std::size_t rounded = (bytes + 63) / 64 * 64;
  const buffer_storage_ops* backend = buffer_storage();
  void* p = !rounded ? nullptr : backend ? backend->allocate(rounded) : std::aligned_alloc(64, rounded);
  if (rounded && !p)
    throw_error(sycl::errc::memory_allocation, "buffer: could not allocate " + std::to_string(bytes) + " bytes");
  s->data = static_cast<std::byte*>(p);
  s->bytes = bytes;
  if (backend) s->owned = std::shared_ptr<void>(p, [free = backend->free](void* q) { if (q) free(q); });
  else s->owned = std::shared_ptr<void>(p, [](void* q) { std::free(q); });
  return s;
}

std::shared_ptr<buffer_state> buffer_state::wrap(void* user_memory, std::size_t bytes, std::shared_ptr<void> keep_alive) {
  if (buffer_storage()) {
    // A backend needs storage its devices reach: copy in now, write back to
    // user_memory when the buffer is destroyed (buffer_owner, host_mirror).
    auto s = allocate(bytes);
    if (bytes) std::memcpy(s->data, user_memory, bytes);
    s->host_mirror = user_memory;
    s->mirror_keep_alive = std::move(keep_alive);
    return s;
  }
  auto s = std::make_shared<buffer_state>();
  s->data = static_cast<std::byte*>(user_memory);
  s->bytes = bytes;
  s->owned = std::move(keep_alive);
  return s;
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
