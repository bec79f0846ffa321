// Fiber stack size: default, WEFT_FIBER_STACK_SIZE, set_fiber_stack_size(); whether
// split kernels run split: WEFT_SPLIT_BARRIERS, set_split_barriers(); the default
// sub-group size: WEFT_SUB_GROUP_SIZE, set_sub_group_size().
#include <weft/settings.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <sycl/exception.hpp>

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace weft {
namespace {

constexpr std::size_t min_fiber_stack_size = 16 * 1024;

std::size_t normalize(std::size_t bytes) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  if (bytes < min_fiber_stack_size) bytes = min_fiber_stack_size;
  return (bytes + page - 1) / page * page;
}

// Where the current size came from, for weft-ls (written once at start-up, then by the API).
std::atomic<const char*> g_source{"default"};

// "65536", "64K", "1M" (binary multiples); anything else keeps the default.
std::size_t from_environment() {
  const char* s = std::getenv("WEFT_FIBER_STACK_SIZE");
  if (!s || !*s) return default_fiber_stack_size;
  char* end = nullptr;
  unsigned long long v = std::strtoull(s, &end, 10);
  switch (*end) {
    case 'k':
    case 'K':
      v <<= 10;
      ++end;
      break;
    case 'm':
    case 'M':
      v <<= 20;
      ++end;
      break;
    case 'g':
    case 'G':
      v <<= 30;
      ++end;
      break;
    default: break;
  }
  if (end == s || *end != '\0' || v == 0) {
    std::fprintf(stderr,
                 "weft: ignoring WEFT_FIBER_STACK_SIZE=\"%s\" (expected bytes, e.g. 262144 or 256K); "
                 "using %zu bytes\n",
                 s, default_fiber_stack_size);
    g_source = "default (WEFT_FIBER_STACK_SIZE is not a valid size)";
    return default_fiber_stack_size;
  }
  g_source = "WEFT_FIBER_STACK_SIZE";
  return static_cast<std::size_t>(v);
}

std::atomic<std::size_t>& stack_size() {
  static std::atomic<std::size_t> size{normalize(from_environment())};
  return size;
}

// WEFT_SPLIT_BARRIERS: "0" runs split kernels on fibers, "1" (or unset) split;
// anything else keeps the default and says so, as WEFT_FIBER_STACK_SIZE does.
std::atomic<bool>& split() {
  static std::atomic<bool> on{[] {
    const char* s = std::getenv("WEFT_SPLIT_BARRIERS");
    if (!s || !*s || std::strcmp(s, "1") == 0) return true;
    if (std::strcmp(s, "0") == 0) return false;
    std::fprintf(stderr, "weft: ignoring WEFT_SPLIT_BARRIERS=\"%s\" (expected 0 or 1); kernels run split\n", s);
    return true;
  }()};
  return on;
}

bool offered_sub_group_size(unsigned long long n) {
  return std::find(std::begin(detail::cpu_sub_group_sizes), std::end(detail::cpu_sub_group_sizes), n) !=
         std::end(detail::cpu_sub_group_sizes);
}

// WEFT_SUB_GROUP_SIZE: one of the device's sizes, or (reported) no override.
std::atomic<std::uint32_t>& sub_group_override() {
  static std::atomic<std::uint32_t> size{[]() -> std::uint32_t {
    const char* s = std::getenv("WEFT_SUB_GROUP_SIZE");
    if (!s || !*s) return 0;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(s, &end, 10);
    if (*end == '\0' && offered_sub_group_size(v)) return static_cast<std::uint32_t>(v);
    std::fprintf(stderr,
                 "weft: ignoring WEFT_SUB_GROUP_SIZE=\"%s\" (expected 4, 8, 16, 32 or 64); kernels keep their "
                 "compiled sub-group size\n",
                 s);
    return 0;
  }()};
  return size;
}

}  // namespace

void set_sub_group_size(std::uint32_t size) {
  if (size != 0 && !offered_sub_group_size(size))
    detail::throw_error(sycl::errc::invalid, "weft::set_sub_group_size(" + std::to_string(size) +
                                                 "): the CPU device's sub-group sizes are 4, 8, 16, 32 and 64 "
                                                 "(0 removes the override)");
  sub_group_override().store(size, std::memory_order_relaxed);
}
std::uint32_t detail::sub_group_size_override() { return sub_group_override().load(std::memory_order_relaxed); }

void set_split_barriers(bool on) { split().store(on, std::memory_order_relaxed); }
bool split_barriers() { return split().load(std::memory_order_relaxed); }

void set_fiber_stack_size(std::size_t bytes) {
  stack_size().store(normalize(bytes), std::memory_order_relaxed);
  g_source = "set_fiber_stack_size()";
}
std::size_t fiber_stack_size() { return stack_size().load(std::memory_order_relaxed); }

const char* detail::fiber_stack_size_source() {
  stack_size();  // reads the environment first
  return g_source;
}

}  // namespace weft
