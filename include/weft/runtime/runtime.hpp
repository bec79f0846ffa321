#pragma once
// Process-wide runtime settings that users may query or set: how many worker
// threads run kernels, whether they are pinned, and why (docs/hpc.md).
//
// Weft's workers are oneTBB worker threads serving Weft's own task_arena. The
// arena is created on the first kernel/command group, never at static
// initialisation or when a queue is built. Its size is decided once, in this order:
//   1. weft::set_worker_count(n), if called before the workers started;
//   2. the environment variable WEFT_NUM_THREADS;
//   3. the CPUs of the process's affinity mask, at most the cgroup CPU quota
//      (ceil(quota/period)), at most what an application's lower
//      tbb::global_control(max_allowed_parallelism) leaves for oneTBB workers.
// The machine's core count is never used.
#include <cstddef>
#include <string>
#include <vector>
#include <weft/runtime/export.hpp>

namespace weft {

// Number of worker threads Weft runs kernels on (decides it if not yet decided;
// starts no thread). Throws sycl::exception(errc::invalid) if WEFT_NUM_THREADS
// or WEFT_PIN_WORKERS hold a bad value.
WEFT_API std::size_t worker_count();
// Sets the worker count; only before Weft's workers start (the first command
// group). Throws sycl::exception(errc::invalid) afterwards, for 0, or above 4096.
WEFT_API void set_worker_count(std::size_t n);

// Pins each worker to one CPU of the affinity mask it inherited (round robin by
// the worker's arena slot), never outside it, and makes parallel_for(range)
// partition statically (docs/hpc.md, "Placement"). Same as WEFT_PIN_WORKERS=1;
// the API call wins over the variable. Only before the workers start: throws
// sycl::exception(errc::invalid) afterwards.
WEFT_API void set_pin_workers(bool pin);

// What Weft decided about its threads, and why. Querying starts no thread.
struct WEFT_API runtime_settings {
  std::size_t workers = 0;            // worker threads that run kernels
  std::string workers_reason;         // what set that number, e.g. "WEFT_NUM_THREADS=4"
  std::vector<int> affinity_cpus;     // the affinity mask seen when deciding (CPU ids)
  std::size_t cgroup_quota_cpus = 0;  // ceil(quota/period) of the cgroup CPU quota; 0: none
  std::string cgroup_quota_source;    // the file the quota came from
  std::size_t tbb_parallelism = 0;    // tbb::global_control::active_value(max_allowed_parallelism) when deciding
  bool pin_workers = false;           // workers pinned to single CPUs of affinity_cpus
  bool static_partition = false;      // kernels use the deterministic static partition (docs/hpc.md, "Placement")
  std::string placement_reason;       // what set the two above
  int mpi_local_rank = -1;            // rank on this node from launcher variables; -1: none found
  int mpi_local_size = 0;             // ranks on this node; 0: unknown
  std::string mpi_source;             // the launcher variables read
  bool started = false;               // the workers exist (the arena was created)
  std::string warning;                // the oversubscription warning, if any (printed once)

  // A few human-readable lines (what WEFT_VERBOSE=1 prints when the workers start).
  std::string describe() const;
};
WEFT_API runtime_settings runtime_info();

}  // namespace weft

namespace weft::detail {
// Runs `fn` inside Weft's task arena (so oneTBB algorithms in it use Weft's workers).
WEFT_API void run_in_arena(void (*fn)(void*), void* arg);
// True when parallel_for(range) should use the static, deterministic partition
// (pinning on, or WEFT_PARTITION=static). Cheap: read once, then cached.
WEFT_API bool static_partition();
}  // namespace weft::detail
