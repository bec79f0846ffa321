// The trace recorder's per-thread buffers (recorder.hpp), the settings that turn
// it on, and the output at exit and on weft::write_trace().
#include "recorder.hpp"

#include <cxxabi.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <sycl/exception.hpp>
#include <weft/trace.hpp>

namespace weft::trace {

bool g_enabled = false;

std::uint64_t clock_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

namespace {

// A block is 2 MiB mapped with its pages already present: a page fault per page
// of records, in a virtual machine with memory accounting, cost more than the
// rest of recording a command.
constexpr std::size_t block_bytes = std::size_t(2) << 20;

struct block {
  std::atomic<std::size_t> count{0};
  std::atomic<block*> next{nullptr};
  record* records() { return reinterpret_cast<record*>(this + 1); }
};
static_assert(sizeof(block) % alignof(record) == 0);
constexpr std::size_t block_records = (block_bytes - sizeof(block)) / sizeof(record);
// At most this many records per thread (about 170 MB): a long run keeps its start
// and says how many records it dropped, rather than filling the memory.
constexpr std::size_t max_blocks = ((std::size_t(1) << 20) + block_records - 1) / block_records;

block* new_block() {
  void* m = mmap(nullptr, block_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
  return m == MAP_FAILED ? nullptr : new (m) block;
}

struct thread_buffer {
  thread_info info;
  block* head = nullptr;
  block* tail = nullptr;   // the owner's only
  std::size_t blocks = 1;  // the owner's only
  std::atomic<std::uint64_t> dropped{0};
};

// Made once and never destroyed: threads may record until the process ends.
struct registry {
  std::mutex mutex;
  std::vector<thread_buffer*> threads;
  std::atomic<std::size_t> workers{0};
  std::uint64_t start_ns = 0;
  std::string trace_path;  // WEFT_TRACE
  bool profile = false;    // WEFT_PROFILE
};
registry* g_registry = nullptr;

struct settings_reader {
  settings_reader() {
    const char* path = std::getenv("WEFT_TRACE");
    const char* profile = std::getenv("WEFT_PROFILE");
    const bool want_profile = profile && *profile && std::strcmp(profile, "0") != 0;
    if (!(path && *path) && !want_profile) return;
    g_registry = new registry;
    g_registry->start_ns = clock_ns();
    if (path && *path) g_registry->trace_path = path;
    g_registry->profile = want_profile;
    g_enabled = true;
  }
} read_settings;  // when libweft loads, before any of its threads exists

thread_local thread_buffer* t_buffer = nullptr;
thread_local std::uint64_t t_command = 0;

thread_buffer* make_buffer() {
  auto* b = new thread_buffer;
  b->head = b->tail = new_block();
  b->info.main = syscall(SYS_gettid) == getpid();
  std::lock_guard<std::mutex> g(g_registry->mutex);
  b->info.index = static_cast<int>(g_registry->threads.size());
  g_registry->threads.push_back(b);
  return b;
}

}  // namespace

void add(const record& r) {
  thread_buffer* b = t_buffer ? t_buffer : (t_buffer = make_buffer());
  block* k = b->tail;
  std::size_t n = k ? k->count.load(std::memory_order_relaxed) : 0;
  if (n == block_records) {
    block* fresh = b->blocks < max_blocks ? new_block() : nullptr;
    if (fresh) {
      ++b->blocks;
      k->next.store(fresh, std::memory_order_release);
      n = 0;
    }
    b->tail = k = fresh;
  }
  if (!k) {  // full, or no memory for a block
    b->dropped.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  new (k->records() + n) record(r);
  k->count.store(n + 1, std::memory_order_release);
}

void item_loops(std::uint64_t command, const char* verdict) {
  record r;
  r.what = kind::item_loops;
  r.command = command;
  r.label = verdict;
  add(r);
}

int this_thread_track() {
  thread_buffer* b = t_buffer ? t_buffer : (t_buffer = make_buffer());
  return b->info.index;
}

std::uint64_t current_command() { return t_command; }
std::uint64_t exchange_command(std::uint64_t command) {
  const std::uint64_t before = t_command;
  t_command = command;
  return before;
}

void chunk(std::uint64_t command, const char* unit, std::size_t first, std::size_t last, std::uint64_t begin_ns,
           std::uint64_t end_ns, std::uint64_t switches, std::uint64_t fiber_groups, std::uint64_t split_groups,
           std::uint64_t pieces, std::uint64_t units) {
  record r;
  r.what = kind::chunk;
  r.command = command;
  r.label = unit;
  r.first = first;
  r.last = last;
  r.begin_ns = begin_ns;
  r.end_ns = end_ns;
  r.switches = switches;
  r.fiber_groups = fiber_groups;
  r.split_groups = split_groups;
  r.pieces = pieces;
  r.units = units;
  add(r);
}

void set_worker_count(std::size_t n) {
  if (g_registry) g_registry->workers.store(n, std::memory_order_relaxed);
}

snapshot take_snapshot() {
  snapshot s;
  if (!g_registry) return s;
  std::vector<thread_buffer*> threads;
  {
    std::lock_guard<std::mutex> g(g_registry->mutex);
    threads = g_registry->threads;
  }
  s.workers = g_registry->workers.load(std::memory_order_relaxed);
  s.start_ns = g_registry->start_ns;
  for (thread_buffer* t : threads) {
    s.threads.push_back(t->info);
    s.dropped += t->dropped.load(std::memory_order_relaxed);
    for (block* k = t->head; k; k = k->next.load(std::memory_order_acquire)) {
      const std::size_t n = k->count.load(std::memory_order_acquire);
      for (std::size_t i = 0; i < n; ++i) {
        const record& r = k->records()[i];
        s.records.emplace_back(r.track >= 0 ? r.track : t->info.index, r);
      }
    }
  }
  return s;
}

std::string demangle(const char* mangled) {
  int status = 0;
  char* s = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string out = status == 0 && s ? s : mangled;
  std::free(s);
  if (out.compare(0, 12, "weft::sycl::") == 0) out.erase(0, 6);  // users know it as sycl::
  return out;
}

std::string kernel_name(const std::type_info* kernel) {
  std::string name = demangle(kernel->name());
  if (!name.empty() && name.back() == '*') name.pop_back();  // typeid(Name*): see command_group
  return name;
}

void finish_at_exit() {
  if (!g_registry) return;
  const std::uint64_t end = clock_ns();
  const snapshot s = take_snapshot();
  std::string error;
  if (!g_registry->trace_path.empty() && !write_chrome_json(s, g_registry->trace_path, error))
    std::fprintf(stderr, "weft: WEFT_TRACE: %s\n", error.c_str());
  if (s.dropped)
    std::fprintf(stderr,
                 "weft: WEFT_TRACE/WEFT_PROFILE: %llu records dropped after the first %zu of a thread; the trace and "
                 "the profile cover the start of the run\n",
                 static_cast<unsigned long long>(s.dropped), max_blocks * block_records);
  if (g_registry->profile) {
    std::fflush(stdout);
    std::fputs(profile_table(s, end).c_str(), stderr);
  }
}

}  // namespace weft::trace

namespace weft {

bool tracing() { return trace::enabled(); }

bool write_trace() {
  if (!trace::g_registry || trace::g_registry->trace_path.empty()) return false;
  std::string error;
  if (!trace::write_chrome_json(trace::take_snapshot(), trace::g_registry->trace_path, error))
    detail::throw_error(sycl::errc::runtime, "write_trace: " + error);
  return true;
}

}  // namespace weft
