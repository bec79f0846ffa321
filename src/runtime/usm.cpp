// USM on the CPU: aligned host allocations, recorded so pointer queries and
// bad frees can be answered. A free through a queue whose commands are still
// running is made once they complete: a program that frees memory its kernels
// may still use (SYCL-Bench's in-order USM latency benchmark waits on another
// queue) loses nothing and corrupts no heap.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sycl/exception.hpp>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/queue_state.hpp>
#include <weft/runtime/usm.hpp>
#include "runtime_internal.hpp"

namespace weft::detail {
namespace {
struct entry {
  usm_info info;
  const device_state* owner;  // the backend device that allocated it; null: aligned host memory
  void* raw;                  // what was allocated (the base rounded up to the alignment for a backend)
};
struct registry {
  std::mutex mutex;
  std::map<std::uintptr_t, entry> allocations;  // by base address
};
// Never destroyed: exit handlers may free USM after every static object is gone.
registry& reg() {
  static auto* r = new registry;
  return *r;
}
}  // namespace

void* usm_allocate(std::size_t bytes, std::size_t alignment, sycl::usm::alloc kind, const device_state* dev) {
  if (bytes == 0) return nullptr;
  if (alignment == 0) alignment = 64;
  if (alignment & (alignment - 1)) return nullptr;  // not a power of two
  if (alignment < 64) alignment = 64;               // SIMD-friendly
  if (bytes > SIZE_MAX - alignment) return nullptr;
  // A backend device allocates its own memory (CUDA: cudaMalloc, cudaMallocManaged,
  // cudaMallocHost; 256-byte aligned, so a larger alignment allocates alignment - 256
  // bytes more and rounds up); host USM comes from the backend when one is present.
  if (kind == sycl::usm::alloc::host && !dev) (void)platforms();  // backends provide host USM once found
  const device_state* owner = dev && dev->ops ? dev : (kind == sycl::usm::alloc::host ? g_host_usm_provider : nullptr);
  void* p = nullptr;
  void* raw = nullptr;
  if (owner) {
    constexpr std::size_t backend_alignment = 256;
    check_device_usable(*owner);  // a lost device is an error, not "out of memory" (nullptr)
    raw = owner->ops->usm_allocate(*owner, static_cast<int>(kind),
                                   bytes + (alignment > backend_alignment ? alignment - backend_alignment : 0));
    if (raw) p = reinterpret_cast<void*>((reinterpret_cast<std::uintptr_t>(raw) + alignment - 1) & ~(alignment - 1));
  } else {
    std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    p = raw = std::aligned_alloc(alignment, rounded);
  }
  if (!p) return nullptr;
  auto& r = reg();
  std::lock_guard<std::mutex> g(r.mutex);
  r.allocations[reinterpret_cast<std::uintptr_t>(p)] = entry{usm_info{kind, dev, p, bytes}, owner, raw};
  return p;
}

namespace {
// Takes ptr's allocation out of the record: later queries and frees no longer find it.
entry take(void* ptr) {
  auto& r = reg();
  std::lock_guard<std::mutex> g(r.mutex);
  auto it = r.allocations.find(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == r.allocations.end()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", ptr);
    throw_error(sycl::errc::invalid, std::string("sycl::free: pointer ") + buf +
                                         " was not returned by a sycl::malloc_* function, or was already freed");
  }
  entry e = it->second;
  r.allocations.erase(it);
  return e;
}

void release(const entry& e) {
  if (e.owner && is_device_lost(*e.owner)) return;  // its memory went with its context
  if (e.owner) e.owner->ops->usm_free(*e.owner, static_cast<int>(e.info.kind), e.raw);
  else std::free(e.raw);
}
}  // namespace

void usm_free(void* ptr) {
  if (ptr) release(take(ptr));
}

void usm_free(void* ptr, queue_state& q) {
  if (!ptr) return;
  const entry e = take(ptr);
  std::vector<event_ptr> busy;
  {
    std::lock_guard<std::mutex> g(q.mutex);
    for (const event_ptr& command : q.in_flight)
      if (!command->is_complete()) busy.push_back(command);
  }
  if (busy.empty()) return release(e);
  command_group cg;
  cg.work = [e] { release(e); };
  cg.dependencies = std::move(busy);
  q.submit(std::move(cg));
}

usm_info usm_lookup(const void* ptr) {
  if (!ptr) return {};
  auto& r = reg();
  std::lock_guard<std::mutex> g(r.mutex);
  auto p = reinterpret_cast<std::uintptr_t>(ptr);
  auto it = r.allocations.upper_bound(p);
  if (it == r.allocations.begin()) return {};
  --it;
  if (p < it->first + it->second.info.bytes) return it->second.info;
  return {};
}

}  // namespace weft::detail
