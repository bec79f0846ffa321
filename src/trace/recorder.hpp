#pragma once
// The trace recorder (docs/trace.md): WEFT_TRACE / WEFT_PROFILE turn it on when
// libweft loads. The runtime and the CPU target append records to a buffer of
// the calling thread; nothing is shared on the way, so recording costs two
// clock reads and a store per slice. The writer and the profile read the
// buffers at exit or on weft::write_trace(). Not installed.
//
// A thread's buffer is a list of fixed blocks: the owner fills a block's next
// slot, then publishes it by raising the block's count (release); a reader
// takes the count (acquire) and reads only the slots below it. Blocks are
// never moved or freed, and the list of buffers is guarded by a mutex, so
// readers and writers never race (ThreadSanitizer sees the release/acquire).
#include <cstddef>
#include <cstdint>
#include <string>
#include <typeinfo>
#include <vector>
#include <weft/runtime/command_shape.hpp>

namespace weft::trace {

// Set once, before any thread starts, when WEFT_TRACE or WEFT_PROFILE is set.
extern bool g_enabled;
inline bool enabled() { return g_enabled; }

// The clock of the trace and of event profiling (weft::detail::now_ns): steady, in ns.
std::uint64_t clock_ns();

enum class kind : std::uint8_t { submit, dependency, run, chunk, wait, item_loops };

struct record {
  kind what = kind::run;
  std::uint64_t command = 0;  // the command's sequence number; wait: the one waited for (0: a whole queue)
  std::uint64_t begin_ns = 0, end_ns = 0;
  // submit: the queue and what the command is
  const void* queue = nullptr;
  // submit: "a kernel", "a host task", ...; chunk: the unit; item_loops: the plugin's verdict
  const char* label = nullptr;
  const std::type_info* kernel = nullptr;
  detail::command_shape shape;
  // dependency: the command waited for; chunk: the items or groups [first, last) and its fiber switches
  std::uint64_t other = 0;
  std::uint64_t first = 0, last = 0;
  std::uint64_t switches = 0, fiber_groups = 0, split_groups = 0;
  // chunk: a worker's part of a launch, joined from `pieces` chunks or claims that
  // held `units` rows (items, groups) of [first, last); a range launch's (loop_chunks)
  // is recorded by the launching thread, on the worker's track
  int track = -1;  // -1: the recording thread's
  std::uint64_t pieces = 0, units = 0;
};

// A run record's label when the command's work ran on a device (a GPU): its times
// are the device's, so the writer puts it on a track of its own.
inline constexpr const char* device_run = "device";

// Appends to this thread's buffer (only while enabled()).
void add(const record& r);

// The command this thread runs (0: none): chunks and work groups are counted to it.
std::uint64_t current_command();
std::uint64_t exchange_command(std::uint64_t command);  // sets it, returns the one before
// While alive (and tracing), this thread runs `command`; off, it costs one branch.
class command_scope {
 public:
  explicit command_scope(std::uint64_t command) : m_on(enabled()) {
    if (m_on) m_saved = exchange_command(command);
  }
  ~command_scope() {
    if (m_on) exchange_command(m_saved);
  }
  command_scope(const command_scope&) = delete;
  command_scope& operator=(const command_scope&) = delete;

 private:
  bool m_on;
  std::uint64_t m_saved = 0;
};

// What Weft's pass plugin made of the item loops of `command`'s kernel
// (weft/target/cpu/item_loop_report.hpp): a static string.
void item_loops(std::uint64_t command, const char* verdict);

// This thread's track in the trace (its buffer is made on first use).
int this_thread_track();

// The "loop chunks" unit: a worker's chunks of one range launch joined into one slice.
inline constexpr const char* loop_chunks = "loop chunks";

// A slice of work on this thread for `command`: [first, last) of `unit`.
void chunk(std::uint64_t command, const char* unit, std::size_t first, std::size_t last, std::uint64_t begin_ns,
           std::uint64_t end_ns, std::uint64_t switches = 0, std::uint64_t fiber_groups = 0,
           std::uint64_t split_groups = 0, std::uint64_t pieces = 0, std::uint64_t units = 0);

// Everything recorded so far, with the thread that recorded it.
struct thread_info {
  int index = 0;
  bool main = false;  // the process's main thread
};
struct snapshot {
  std::vector<thread_info> threads;
  std::vector<std::pair<int, record>> records;  // (thread index, record), per thread in order
  std::size_t workers = 0;                      // Weft's worker count, when the workers started
  std::uint64_t start_ns = 0;                   // when libweft loaded
  std::uint64_t dropped = 0;                    // records not kept: a thread's buffer was full
};
snapshot take_snapshot();

// The worker count, for the idle-workers counter (the runtime sets it when its workers start).
void set_worker_count(std::size_t n);

// A type's name as users write it ("weft::sycl::" shortened to "sycl::").
std::string demangle(const char* mangled);
// A kernel's name from command_group::kernel_name (typeid(Name*)), without the '*'.
std::string kernel_name(const std::type_info* kernel);

// The writer (chrome_json.cpp) and the profile (profile.cpp).
bool write_chrome_json(const snapshot& s, const std::string& path, std::string& error);
std::string profile_table(const snapshot& s, std::uint64_t end_ns);

// At exit, after the last queued work: writes WEFT_TRACE's file, prints WEFT_PROFILE's table.
void finish_at_exit();

}  // namespace weft::trace
