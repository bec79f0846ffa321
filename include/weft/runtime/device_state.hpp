#pragma once
// What the runtime knows about each device; filled once, read by device::get_info.
#include <cstdint>
#include <string>
#include <vector>
#include <sycl/aspect.hpp>
#include <sycl/info.hpp>
#include <weft/runtime/export.hpp>

namespace weft::detail {

struct platform_state;
struct device_state;

// What a backend other than the host provides for its devices (src/target/gpu/ for
// the GPUs): USM allocation and the memory commands a queue on the device runs.
// Inside a command's work the memory operations may leave their work in flight
// (defer_completion); elsewhere every function completes before it returns.
// The CPU device has none (null).
struct backend_ops {
  // kind is a sycl::usm::alloc (host, device, shared); nullptr when out of memory.
  void* (*usm_allocate)(const device_state& d, int kind, std::size_t bytes);
  void (*usm_free)(const device_state& d, int kind, void* p);
  void (*memcpy)(const device_state& d, void* dst, const void* src, std::size_t bytes);
  void (*memset)(const device_state& d, void* dst, int value, std::size_t bytes);
  // count copies of a pattern of pattern_bytes bytes.
  void (*fill)(const device_state& d, void* dst, const void* pattern, std::size_t pattern_bytes, std::size_t count);

  // Markers: what a launch leaves behind its device work (defer_completion),
  // so that commands complete when the device work does without a thread
  // blocking per command. Null for a backend whose commands complete before
  // their work returns.
  // Blocks until the device reached the marker; false, with a message, when the
  // device work before it failed.
  bool (*marker_wait)(void* marker, std::string* error);
  // True once the device reached the marker (or failed before it); never blocks.
  bool (*marker_reached)(void* marker);
  // Calls callback(arg) once, from a backend thread, when the device reaches the
  // marker (the callback must not call the backend). False if it cannot.
  bool (*marker_notify)(void* marker, void (*callback)(void*), void* arg);
  // The marker is no longer needed (no device call: it may run anywhere).
  void (*marker_release)(void* marker);
  // For a profiled command (command_profiled): when its device work started and
  // ended, on now_ns()'s clock. False when the backend did not time it.
  bool (*marker_times)(void* marker, std::uint64_t* start_ns, std::uint64_t* end_ns);
  // Asked after a failure on d: true when d can run nothing more (a fault lost
  // its context, as CUDA's "sticky" errors do). Null: failures never lose it.
  bool (*context_lost)(const device_state& d);
  // Makes d the calling thread's current device (for CUDA: its primary context
  // current), as a runtime call on it would; called when a queue on d is made, so
  // that native calls the program makes on that thread next act on d (backend
  // interop, docs/gpu.md). Null: nothing to do.
  void (*make_current)(const device_state& d);
};

// For a backend's launch code, inside a command's work (on whichever thread
// runs it):
// The markers of earlier commands on the same device that this command must
// follow and that have not completed: the launch makes the device wait for them
// (e.g. cudaStreamWaitEvent) before its own work. Valid until the work returns.
// observed[i]: something besides the queue's own bookkeeping holds the i-th
// command's event (a user's sycl::event, a buffer, another command), so its
// marker may be waited for on its own (see marker_may_wait_later).
struct device_waits {
  void* const* markers = nullptr;
  const unsigned char* observed = nullptr;  // 0 or 1
  std::size_t count = 0;
};
WEFT_API device_waits take_device_waits();
// The work left device work in flight behind `marker`: the command completes
// when the device reaches it (errors then reach the queue's async handler as
// errc::runtime). False outside a command (the caller must wait itself).
WEFT_API bool defer_completion(void* marker, const backend_ops* ops);
// Blocks until the device work the running command left in flight (if any) is
// done, e.g. before printing what its kernel wrote to a sycl::stream. Errors
// still reach the queue when the command completes.
WEFT_API void wait_for_deferred_work();
// True when the command's queue profiles it: the backend then times its device
// work (marker_times).
WEFT_API bool command_profiled();
// True when the command runs on an in-order queue, unprofiled: its device work is
// followed by the queue's next command on the same stream, so the backend may
// leave its marker unplaced until the next command finds it observed, or until
// someone waits for it (then placed at the stream's end: waiting for it may also
// wait for later work of the stream). A queue::wait() waits for the newest first.
WEFT_API bool marker_may_wait_later();
// The native stream of the running command's queue (queue_state::native_stream),
// which its device work must go to; null when the backend picks one.
WEFT_API void* command_native_stream();

struct device_state {
  sycl::info::device_type type = sycl::info::device_type::cpu;
  sycl::backend backend = sycl::backend::host;
  const platform_state* platform = nullptr;
  std::string name, vendor, driver_version, version;
  std::uint32_t vendor_id = 0;
  std::uint32_t compute_units = 1;
  std::uint32_t clock_mhz = 0;
  std::size_t max_work_group_size = 1024;
  std::uint64_t global_mem_size = 0;
  std::uint64_t max_mem_alloc_size = 0;
  std::uint64_t local_mem_size = 0;
  std::uint64_t cache_size = 0;
  std::uint32_t cache_line_size = 64;
  std::vector<std::size_t> sub_group_sizes;
  std::vector<sycl::aspect> aspects;
  const backend_ops* ops = nullptr;  // null: the host (CPU) device
  int ordinal = 0;                   // the backend's own device number

  // A CPU device that owns part of the process's CPUs (a sub-device, or one of
  // several root CPU devices, WEFT_CPU_DEVICES): the CPU of each of its compute
  // units, and the runtime's arena for it (runtime.hpp, make_cpu_arena), whose
  // workers run only on those CPUs. Empty / 0: Weft's worker arena, all CPUs.
  std::vector<int> unit_cpus;
  int arena = 0;
  // How this device was partitioned from `parent` (null: a root device).
  const device_state* parent = nullptr;
  sycl::info::partition_property partition = sycl::info::partition_property::no_partition;
  sycl::info::partition_affinity_domain affinity_domain = sycl::info::partition_affinity_domain::not_applicable;
};

// True when d is one of `devices` or was partitioned from one of them: a queue
// or kernel bundle of a context may use sub-devices of the context's devices.
inline bool in_devices(const std::vector<const device_state*>& devices, const device_state* d) {
  for (; d; d = d->parent)
    for (const device_state* x : devices)
      if (x == d) return true;
  return false;
}

struct platform_state {
  std::string name, vendor, version;
  std::vector<const device_state*> devices;
};

// Every platform Weft offers; the CPU platform is always first.
WEFT_API const std::vector<const platform_state*>& platforms();
// The CPU device: the host itself.
WEFT_API const device_state& cpu_device();

// Adds a backend's platform after the CPU platform (the CUDA backend does this
// at start-up, before main, when it finds a GPU). The platform must outlive the
// program. The first registered device with ops also provides host USM
// (pinned memory every device can reach).
WEFT_API void register_platform(const platform_state* p);
// Registers a function that finds a backend's devices and calls
// register_platform; it runs once, when platforms are first asked for (so no
// backend is probed at static initialisation).
WEFT_API void add_platform_provider(void (*provider)());

// The memory commands of a queue on device d: the backend's when it has one,
// plain host memory operations otherwise.
WEFT_API void device_memcpy(const device_state* d, void* dst, const void* src, std::size_t bytes);
WEFT_API void device_memset(const device_state* d, void* dst, int value, std::size_t bytes);
WEFT_API void device_fill(const device_state* d, void* dst, const void* pattern, std::size_t pattern_bytes,
                          std::size_t count);

}  // namespace weft::detail
