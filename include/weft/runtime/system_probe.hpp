#pragma once
// How Weft reads the machine it shares: the cgroup CPU quota, the affinity
// mask, MPI launcher variables, and the settings the user gave. Each reader is
// split into a pure parser over text (unit-tested in tests/hpc/) and a thin
// function that reads the real files or environment. Internal: not part of the
// SYCL API; weft::runtime_info() (runtime.hpp) reports what was decided.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>
#include <weft/runtime/export.hpp>

namespace weft::detail {

// ---- cgroup CPU quota ---------------------------------------------------------
// The quota as whole CPUs: ceil(quota / period); 0 when there is no quota.
struct cgroup_quota {
  std::size_t cpus = 0;
  std::string source;  // the file the binding quota came from (empty: none)
};

// cgroup v2 `cpu.max`: "max 100000" (no quota) or "<quota> <period>" (period
// defaults to 100000 when absent). Returns 0 for no quota or unreadable text.
WEFT_API std::size_t parse_cgroup_v2_cpu_max(const std::string& contents);
// cgroup v1 `cpu.cfs_quota_us` ("-1": no quota) and `cpu.cfs_period_us`.
WEFT_API std::size_t parse_cgroup_v1_quota(const std::string& quota_us, const std::string& period_us);

// Where the process's cgroups are, from the text of /proc/self/cgroup.
struct cgroup_paths {
  std::optional<std::string> unified;  // v2: the path of the "0::<path>" line
  std::optional<std::string> cpu;      // v1: the path of the hierarchy that has the "cpu" controller
  std::string cpu_controllers;         // v1: that hierarchy's controller list, e.g. "cpu,cpuacct"
};
WEFT_API cgroup_paths parse_proc_self_cgroup(const std::string& contents);

// The binding CPU quota of the process given /proc/self/cgroup's text and the
// cgroup file system's mount point. Walks from the process's cgroup up to the
// root and takes the smallest quota (a parent's quota limits its children).
// Both v2 (<root>/<path>/cpu.max) and v1 (<root>/cpu[,cpuacct]/<path>/cpu.cfs_*)
// are read; when the path is not visible (a cgroup namespace), the mount's own
// top-level files are read instead.
WEFT_API cgroup_quota detect_cgroup_quota(const std::string& proc_self_cgroup, const std::string& cgroup_root);
// The same for this process: /proc/self/cgroup and /sys/fs/cgroup.
WEFT_API cgroup_quota detect_cgroup_quota();

// ---- CPU sets -------------------------------------------------------------------
// "0-3,8,10-11" -> {0,1,2,3,8,10,11} (the kernel's list format, as in Cpus_allowed_list).
WEFT_API std::vector<int> parse_cpu_list(const std::string& text);
// The other way: {3,0,1,2,8} -> "0-3,8" (sorted, repeats removed; "(unknown)" for none).
WEFT_API std::string cpu_list_string(std::vector<int> cpus);
// The CPUs the calling thread may run on (its affinity mask), ascending.
WEFT_API std::vector<int> current_affinity();
// The CPUs the parent process may run on (from /proc/<ppid>/status); empty if unknown.
WEFT_API std::vector<int> parent_affinity();

// ---- settings -------------------------------------------------------------------
// Parses a worker count given by `what` (e.g. "WEFT_NUM_THREADS"): a whole
// number from 1 to max_workers, surrounding blanks allowed. Throws
// sycl::exception(errc::invalid) naming `what`, the text and the valid range.
inline constexpr std::size_t max_workers = 4096;
WEFT_API std::size_t parse_worker_count(const std::string& text, const std::string& what);
// Parses a boolean setting: 1/0, on/off, yes/no, true/false (any case). Throws
// sycl::exception(errc::invalid) naming `what` otherwise.
WEFT_API bool parse_switch(const std::string& text, const std::string& what);

// How many workers Weft uses when nobody said: the CPUs of the affinity mask,
// at most the cgroup quota, at most what an application's lower
// tbb::global_control(max_allowed_parallelism) leaves for workers.
struct worker_decision {
  std::size_t workers = 1;
  std::string reason;
};
// api_workers / env_text: set_worker_count() and WEFT_NUM_THREADS (api wins);
// mask_cpus: CPUs in the affinity mask; quota_cpus: 0 = none;
// tbb_limit: tbb::global_control::active_value(max_allowed_parallelism);
// tbb_default: tbb::info::default_concurrency() (a smaller tbb_limit was set by the application).
WEFT_API worker_decision decide_workers(std::optional<std::size_t> api_workers, const char* env_text,
                                        std::size_t mask_cpus, std::size_t quota_cpus, std::size_t tbb_limit,
                                        std::size_t tbb_default);

// ---- MPI / launcher ---------------------------------------------------------------
struct local_ranks {
  int rank = -1;       // this process's rank among the ranks on its node; -1: unknown
  int size = 0;        // ranks on this node; 0: unknown (not under a launcher)
  std::string source;  // the variables it came from, e.g. "OMPI_COMM_WORLD_LOCAL_RANK/SIZE"
};
// Reads, in this order, the first launcher whose variables are present:
// Open MPI (OMPI_COMM_WORLD_LOCAL_RANK/_SIZE), PMIx (PMIX_LOCAL_RANK/_SIZE),
// MPICH/Hydra and Intel MPI (MPI_LOCALRANKID/MPI_LOCALNRANKS), PMI
// (PMI_LOCAL_RANK/_SIZE), MVAPICH2 (MV2_COMM_WORLD_LOCAL_RANK/_SIZE), Slurm
// (SLURM_LOCALID with SLURM_STEP_TASKS_PER_NODE[SLURM_STEP_NODEID],
// SLURM_TASKS_PER_NODE[SLURM_NODEID] or SLURM_NTASKS_PER_NODE).
WEFT_API local_ranks parse_local_ranks(const std::map<std::string, std::string>& env);
WEFT_API local_ranks detect_local_ranks();  // from this process's environment
// Slurm's compressed task list, e.g. "2(x3),1": entry `node` (0-based); 0 if absent.
WEFT_API std::size_t parse_slurm_tasks_per_node(const std::string& text, std::size_t node);

// What the oversubscription check knows.
struct oversubscription_input {
  local_ranks ranks;
  std::size_t workers = 0;         // Weft workers in this process
  std::string workers_reason;      // how that count was decided
  std::size_t mask_cpus = 0;       // CPUs in this process's affinity mask
  std::size_t quota_cpus = 0;      // cgroup quota (0: none); shared by all ranks of the container
  bool bound_by_launcher = false;  // this process's mask is a strict subset of its parent's
};
// The warning text (one paragraph, ending in a newline) when ranks x workers
// exceed the CPUs available on the node; empty when they do not or when no
// launcher variables were found. Ranks whose masks the launcher narrowed are
// assumed to have disjoint masks; ranks that inherited their parent's mask share it.
WEFT_API std::string oversubscription_warning(const oversubscription_input& in);

}  // namespace weft::detail
