// USM on the CPU: aligned host allocations, recorded so pointer queries and
// bad frees can be answered.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sycl/exception.hpp>
#include <sycl/usm.hpp>

namespace weft::detail {
namespace {
struct registry {
  std::mutex mutex;
  std::map<std::uintptr_t, usm_info> allocations;  // by base address
};
registry& reg() {
  static registry r;
  return r;
}
}  // namespace

void* usm_allocate(std::size_t bytes, std::size_t alignment, sycl::usm::alloc kind, const device_state* dev) {
  if (bytes == 0) return nullptr;
  if (alignment == 0) alignment = 64;
  if (alignment & (alignment - 1)) return nullptr;  // not a power of two
  if (alignment < 64) alignment = 64;               // SIMD-friendly
  if (bytes > SIZE_MAX - alignment) return nullptr;
  std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  void* p = std::aligned_alloc(alignment, rounded);
  if (!p) return nullptr;
  auto& r = reg();
  std::lock_guard<std::mutex> g(r.mutex);
  r.allocations[reinterpret_cast<std::uintptr_t>(p)] = usm_info{kind, dev, p, bytes};
  return p;
}

void usm_free(void* ptr) {
  if (!ptr) return;
  auto& r = reg();
  {
    std::lock_guard<std::mutex> g(r.mutex);
    auto it = r.allocations.find(reinterpret_cast<std::uintptr_t>(ptr));
    if (it == r.allocations.end()) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%p", ptr);
      throw_error(sycl::errc::invalid, std::string("sycl::free: pointer ") + buf +
                                           " was not returned by a sycl::malloc_* function, or was already freed");
    }
    r.allocations.erase(it);
  }
  std::free(ptr);
}

usm_info usm_lookup(const void* ptr) {
  if (!ptr) return {};
  auto& r = reg();
  std::lock_guard<std::mutex> g(r.mutex);
  auto p = reinterpret_cast<std::uintptr_t>(ptr);
  auto it = r.allocations.upper_bound(p);
  if (it == r.allocations.begin()) return {};
  --it;
  if (p < it->first + it->second.bytes) return it->second;
  return {};
}

}  // namespace weft::detail
