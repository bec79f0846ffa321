#include "fiber_stack.hpp"

#include "fiber_sanitizer.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <csignal>
#include <mutex>
#include <string>
#include <sycl/exception.hpp>

namespace weft::cpu::detail {
namespace {

// Guard regions are larger than a page so that a frame with a large local
// array still lands in the guard instead of a neighbouring stack.
constexpr std::size_t guard_bytes = 64 * 1024;
constexpr std::size_t alt_stack_bytes = 64 * 1024;

std::atomic<guard_probe> g_probe{nullptr};
struct sigaction g_previous;

// Async-signal-safe message assembly: the handler runs on the alternate stack.
struct message {
  char buf[1024];
  std::size_t len = 0;
  void add(const char* s) noexcept {
    while (*s && len < sizeof buf) buf[len++] = *s++;
  }
  void add(std::size_t v) noexcept {
    char digits[24];
    int i = sizeof digits;
    do {
      digits[--i] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v && i > 0);
    while (i < static_cast<int>(sizeof digits) && len < sizeof buf) buf[len++] = digits[i++];
  }
  void write() const noexcept {
    std::size_t done = 0;
    while (done < len) {
      ssize_t k = ::write(STDERR_FILENO, buf + done, len - done);
      if (k < 0 && errno == EINTR) continue;
      if (k <= 0) return;
      done += static_cast<std::size_t>(k);
    }
  }
};

std::atomic<bool> g_reporting{false};

void on_segv(int sig, siginfo_t* info, void* uctx) {
  guard_probe probe = g_probe.load(std::memory_order_acquire);
  std::size_t size = probe && info ? probe(info->si_addr) : 0;
  if (size) {
    // Several workers may overflow at once: one reports, the others wait for the abort.
    if (g_reporting.exchange(true)) {
      for (;;) pause();
    }
    message m;
    m.add("weft: a work item of an nd_range kernel overflowed its fiber stack of ");
    m.add(size);
    m.add(" bytes (it hit the stack's guard page).\n"
          "weft: work items of a work group that reaches a barrier run on fibers with fixed-size stacks;\n"
          "weft: raise the size with the environment variable WEFT_FIBER_STACK_SIZE (bytes, e.g.\n"
          "weft: WEFT_FIBER_STACK_SIZE=1M) or weft::set_fiber_stack_size() from <weft/settings.hpp>,\n"
          "weft: or move large arrays out of the kernel's stack frame.\n");
    m.write();
    std::abort();
  }
  // Not ours: hand the fault to whoever handled SIGSEGV before us.
  if (g_previous.sa_flags & SA_SIGINFO) {
    if (g_previous.sa_sigaction) return g_previous.sa_sigaction(sig, info, uctx);
  } else if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
    return g_previous.sa_handler(sig);
  }
  // Default action: return and let the faulting instruction fault again.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(SIGSEGV, &dfl, nullptr);
}

void install_handler() {
  struct sigaction sa {};
  sa.sa_sigaction = &on_segv;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &g_previous);
}

// This thread's alternate signal stack, if Weft installed it.
struct alt_stack {
  void* mem = nullptr;
  ~alt_stack() {
    if (!mem) return;
    stack_t cur{};
    if (sigaltstack(nullptr, &cur) == 0 && cur.ss_sp == mem) {
      stack_t off{};
      off.ss_flags = SS_DISABLE;
      sigaltstack(&off, nullptr);
    }
    munmap(mem, alt_stack_bytes);
  }
};

std::size_t page_size() {
  static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

}  // namespace

fiber_stack allocate_fiber_stack(std::size_t size) {
  const std::size_t page = page_size();
  size = (size + page - 1) / page * page;
  const std::size_t guard = (guard_bytes + page - 1) / page * page;
  const std::size_t pad = stack_colour_pages * page;
  void* p =
      mmap(nullptr, guard + size + pad, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED || mprotect(p, guard, PROT_NONE) != 0) {
    const int err = errno;
    if (p != MAP_FAILED) munmap(p, guard + size + pad);
    weft::detail::throw_error(sycl::errc::memory_allocation,
                              "weft: cannot map a fiber stack of " + std::to_string(size) + " bytes (" +
                                  std::strerror(err) +
                                  "); lower WEFT_FIBER_STACK_SIZE or the work-group size, or raise "
                                  "vm.max_map_count (each fiber stack uses two mappings)");
  }
  return {static_cast<std::byte*>(p), guard, size, pad};
}

void release_fiber_stack(fiber_stack& s) noexcept {
  if (s.map) san::forget_stack(s.map + s.guard, s.usable());  // (ASan) no stale poison for the next mapping there
  if (s.map) munmap(s.map, s.guard + s.usable());
  s = fiber_stack{};
}

void prepare_thread_for_fibers() {
  static std::once_flag installed;
  std::call_once(installed, install_handler);
  thread_local alt_stack alt;
  thread_local bool checked = false;
  if (checked) return;
  checked = true;
  stack_t cur{};
  if (sigaltstack(nullptr, &cur) == 0 && !(cur.ss_flags & SS_DISABLE)) return;  // the thread has one
  void* mem = mmap(nullptr, alt_stack_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) return;  // overflow still faults, just without the message
  stack_t ss{};
  ss.ss_sp = mem;
  ss.ss_size = alt_stack_bytes;
  if (sigaltstack(&ss, nullptr) != 0) {
    munmap(mem, alt_stack_bytes);
    return;
  }
  alt.mem = mem;
}

void set_guard_probe(guard_probe probe) noexcept { g_probe.store(probe, std::memory_order_release); }

}  // namespace weft::cpu::detail
