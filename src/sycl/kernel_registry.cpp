// The program's kernel names (include/sycl/detail/kernel_registry.hpp): one registry
// for the whole program, in the library.
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <string>
#include <typeinfo>
#include <utility>
#include <vector>
#include <cxxabi.h>
#include <sycl/detail/kernel_registry.hpp>

namespace weft::sycl::detail {
namespace {
struct kernel_registry {
  std::mutex mutex;
  std::vector<const std::type_info*> types;
  std::deque<std::string> names;                                                           // stable addresses
  std::vector<std::pair<const void*, std::uint64_t>> spec_constants;                       // read by some kernel
  std::vector<std::pair<const char*, const weft::detail::kernel_attributes*>> attributes;  // by name
};
// Never destroyed: static objects' registrations may run before or after any other static.
kernel_registry& registry() {
  static auto* r = new kernel_registry;
  return *r;
}

const char* register_name_locked(kernel_registry& r, const std::type_info& t) {
  for (std::size_t i = 0; i < r.types.size(); ++i)
    if (*r.types[i] == t) return r.names[i].c_str();
  r.types.push_back(&t);
  int status = 0;
  char* demangled = abi::__cxa_demangle(t.name(), nullptr, nullptr, &status);
  std::string name = status == 0 && demangled ? demangled : t.name();
  std::free(demangled);
  if (!name.empty() && name.back() == '*') name.pop_back();  // registered as a pointer type
  r.names.push_back(std::move(name));
  return r.names.back().c_str();
}
}  // namespace

const char* register_kernel_name(const std::type_info& t) {
  kernel_registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return register_name_locked(r, t);
}

bool register_kernel_attributes(const std::type_info& name, const weft::detail::kernel_attributes* attributes) {
  kernel_registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.attributes.emplace_back(register_name_locked(r, name), attributes);
  return true;
}

const weft::detail::kernel_attributes* registered_kernel_attributes(const char* name) {
  kernel_registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (const auto& [n, a] : r.attributes)
    if (n == name) return a;
  return nullptr;
}

namespace {
std::atomic<bool> unnamed_kernels{false};
}
bool register_unnamed_kernel() {
  unnamed_kernels.store(true, std::memory_order_relaxed);
  return true;
}
bool program_has_unnamed_kernels() { return unnamed_kernels.load(std::memory_order_relaxed); }

bool register_kernel_spec_constant(const void* id, std::uint64_t name_key) {
  kernel_registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.spec_constants.emplace_back(id, name_key);
  return true;
}
bool kernel_reads_spec_constant(const void* id, std::uint64_t name_key) {
  kernel_registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  return std::any_of(r.spec_constants.begin(), r.spec_constants.end(),
                     [&](const auto& c) { return c.first == id || (name_key != 0 && c.second == name_key); });
}

std::vector<const char*> registered_kernel_names() {
  kernel_registry& r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<const char*> out;
  for (auto& n : r.names) out.push_back(n.c_str());
  return out;
}

}  // namespace weft::sycl::detail
