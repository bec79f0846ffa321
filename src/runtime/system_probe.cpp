// Readers of the machine Weft shares: cgroup quota, affinity, launcher variables.
// Every reader is a parser over text plus a thin function reading the real source.
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <sycl/exception.hpp>
#include <weft/runtime/system_probe.hpp>

extern char** environ;

namespace weft::detail {
namespace {

std::string trim(const std::string& s) {
  auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// A whole, non-negative decimal number and nothing else.
std::optional<unsigned long long> parse_unsigned(const std::string& text) {
  std::string t = trim(text);
  if (t.empty() || !std::all_of(t.begin(), t.end(), [](unsigned char c) { return std::isdigit(c); })) return {};
  errno = 0;
  unsigned long long v = std::strtoull(t.c_str(), nullptr, 10);
  if (errno == ERANGE) return {};
  return v;
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {};
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::size_t ceil_div(unsigned long long quota, unsigned long long period) {
  if (period == 0) return 0;
  unsigned long long cpus = (quota + period - 1) / period;
  return static_cast<std::size_t>(std::max<unsigned long long>(1, cpus));
}

// The directory chain from `path` up to the root: "/a/b" -> "/a/b", "/a", "".
std::vector<std::string> ancestors(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  if (path == "/") path.clear();
  std::vector<std::string> out;
  for (;;) {
    out.push_back(path);
    if (path.empty()) break;
    auto slash = path.find_last_of('/');
    path = slash == std::string::npos ? std::string() : path.substr(0, slash);
  }
  return out;
}

void take_smaller(cgroup_quota& best, std::size_t cpus, const std::string& source) {
  if (cpus && (!best.cpus || cpus < best.cpus)) {
    best.cpus = cpus;
    best.source = source;
  }
}

[[noreturn]] void invalid(const std::string& message) { throw_error(sycl::errc::invalid, message); }

}  // namespace

std::size_t parse_cgroup_v2_cpu_max(const std::string& contents) {
  std::istringstream in(contents);
  std::string quota, period;
  if (!(in >> quota)) return 0;
  if (quota == "max") return 0;
  auto q = parse_unsigned(quota);
  if (!q || *q == 0) return 0;
  unsigned long long p = 100000;
  if (in >> period) {
    auto pp = parse_unsigned(period);
    if (!pp || *pp == 0) return 0;
    p = *pp;
  }
  return ceil_div(*q, p);
}

std::size_t parse_cgroup_v1_quota(const std::string& quota_us, const std::string& period_us) {
  std::string q = trim(quota_us);
  if (q.empty() || q[0] == '-') return 0;  // -1: no quota
  auto quota = parse_unsigned(q);
  auto period = parse_unsigned(period_us);
  if (!quota || !period || *quota == 0 || *period == 0) return 0;
  return ceil_div(*quota, *period);
}

cgroup_paths parse_proc_self_cgroup(const std::string& contents) {
  cgroup_paths out;
  std::istringstream in(contents);
  std::string line;
  while (std::getline(in, line)) {
    // "<id>:<controllers>:<path>"; the path may itself contain ':'.
    auto c1 = line.find(':');
    if (c1 == std::string::npos) continue;
    auto c2 = line.find(':', c1 + 1);
    if (c2 == std::string::npos) continue;
    std::string id = line.substr(0, c1), controllers = line.substr(c1 + 1, c2 - c1 - 1),
                path = trim(line.substr(c2 + 1));
    if (id == "0" && controllers.empty()) {
      out.unified = path;
      continue;
    }
    std::istringstream list(controllers);
    std::string ctl;
    while (std::getline(list, ctl, ','))
      if (ctl == "cpu") {
        out.cpu = path;
        out.cpu_controllers = controllers;
      }
  }
  return out;
}

cgroup_quota detect_cgroup_quota(const std::string& proc_self_cgroup, const std::string& root) {
  cgroup_quota best;
  cgroup_paths paths = parse_proc_self_cgroup(proc_self_cgroup);
  if (paths.unified) {
    bool seen = false;
    for (const auto& dir : ancestors(*paths.unified)) {
      std::string file = root + dir + "/cpu.max";
      if (auto text = read_file(file)) {
        seen = true;
        take_smaller(best, parse_cgroup_v2_cpu_max(*text), file);
      }
    }
    if (!seen)  // the path is not visible from here (cgroup namespace): the mount's top level is ours
      if (auto text = read_file(root + "/cpu.max"))
        take_smaller(best, parse_cgroup_v2_cpu_max(*text), root + "/cpu.max");
  }
  if (paths.cpu) {
    // v1 mounts the cpu hierarchy as "cpu,cpuacct" (with "cpu" a link to it) or as "cpu".
    std::vector<std::string> mounts = {root + "/" + paths.cpu_controllers, root + "/cpu", root + "/cpu,cpuacct"};
    for (const auto& mount : mounts) {
      bool seen = false;
      auto try_dir = [&](const std::string& dir) {
        auto quota = read_file(dir + "/cpu.cfs_quota_us");
        auto period = read_file(dir + "/cpu.cfs_period_us");
        if (!quota || !period) return;
        seen = true;
        take_smaller(best, parse_cgroup_v1_quota(*quota, *period), dir + "/cpu.cfs_quota_us");
      };
      for (const auto& dir : ancestors(*paths.cpu)) try_dir(mount + dir);
      if (!seen) try_dir(mount);
      if (seen) break;
    }
  }
  return best;
}

cgroup_quota detect_cgroup_quota() {
  auto text = read_file("/proc/self/cgroup");
  if (!text) return {};
  return detect_cgroup_quota(*text, "/sys/fs/cgroup");
}

std::vector<int> parse_cpu_list(const std::string& text) {
  std::vector<int> cpus;
  std::istringstream in(trim(text));
  std::string part;
  while (std::getline(in, part, ',')) {
    part = trim(part);
    if (part.empty()) continue;
    auto dash = part.find('-');
    auto lo = parse_unsigned(part.substr(0, dash));
    auto hi = dash == std::string::npos ? lo : parse_unsigned(part.substr(dash + 1));
    if (!lo || !hi || *hi < *lo || *hi > 1u << 20) return {};
    for (auto c = *lo; c <= *hi; ++c) cpus.push_back(static_cast<int>(c));
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::string cpu_list_string(std::vector<int> cpus) {
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) out += '-' + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out.empty() ? "(unknown)" : out;
}

std::vector<int> current_affinity() {
  std::vector<int> cpus;
  // Machines with more than CPU_SETSIZE CPUs need a larger dynamic set.
  for (int n = CPU_SETSIZE; n <= (1 << 16); n *= 2) {
    cpu_set_t* set = CPU_ALLOC(n);
    if (!set) break;
    std::size_t bytes = CPU_ALLOC_SIZE(n);
    CPU_ZERO_S(bytes, set);
    if (sched_getaffinity(0, bytes, set) == 0) {
      for (int c = 0; c < n; ++c)
        if (CPU_ISSET_S(c, bytes, set)) cpus.push_back(c);
      CPU_FREE(set);
      return cpus;
    }
    CPU_FREE(set);
    if (errno != EINVAL) break;
  }
  return cpus;
}

std::vector<int> parent_affinity() {
  auto text = read_file("/proc/" + std::to_string(getppid()) + "/status");
  if (!text) return {};
  std::istringstream in(*text);
  std::string line;
  const std::string key = "Cpus_allowed_list:";
  while (std::getline(in, line))
    if (line.compare(0, key.size(), key) == 0) return parse_cpu_list(line.substr(key.size()));
  return {};
}

std::size_t parse_worker_count(const std::string& text, const std::string& what) {
  auto v = parse_unsigned(text);
  if (!v || *v == 0 || *v > max_workers)
    invalid(what + "='" + text + "' is not a valid worker count: give a whole number from 1 to " +
            std::to_string(max_workers) + " (e.g. " + what +
            "=4), or leave it unset to use the CPUs of the process's affinity mask and cgroup quota");
  return static_cast<std::size_t>(*v);
}

bool parse_switch(const std::string& text, const std::string& what) {
  std::string t = trim(text);
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (t == "1" || t == "on" || t == "yes" || t == "true") return true;
  if (t == "0" || t == "off" || t == "no" || t == "false") return false;
  invalid(what + "='" + text + "' is not a switch: use 1 or 0 (also on/off, yes/no, true/false)");
}

worker_decision decide_workers(std::optional<std::size_t> api_workers, const char* env_text, std::size_t mask_cpus,
                               std::size_t quota_cpus, std::size_t tbb_limit, std::size_t tbb_default) {
  worker_decision d;
  if (api_workers) {
    d.workers = *api_workers;
    d.reason = "set_worker_count(" + std::to_string(*api_workers) + ")";
    return d;
  }
  if (env_text) {
    d.workers = parse_worker_count(env_text, "WEFT_NUM_THREADS");
    d.reason = std::string("WEFT_NUM_THREADS=") + trim(env_text);
    return d;
  }
  mask_cpus = std::max<std::size_t>(1, mask_cpus);
  d.workers = mask_cpus;
  d.reason = "the " + std::to_string(mask_cpus) + " CPU(s) of the process's affinity mask";
  if (quota_cpus && quota_cpus < d.workers) {
    d.workers = quota_cpus;
    d.reason = "the cgroup CPU quota (" + std::to_string(quota_cpus) + " CPU(s); the affinity mask has " +
               std::to_string(mask_cpus) + ")";
  }
  // An application that lowered oneTBB's parallelism meant it for all oneTBB
  // users in the process. Weft's kernels run on oneTBB worker threads, of which
  // such a limit leaves (limit - 1); oneTBB still grants one to enqueued work.
  if (tbb_limit && tbb_limit < tbb_default) {
    std::size_t left = std::max<std::size_t>(1, tbb_limit - 1);
    if (left < d.workers) {
      d.workers = left;
      d.reason = "the application's tbb::global_control(max_allowed_parallelism, " + std::to_string(tbb_limit) +
                 "), which leaves " + std::to_string(left) + " oneTBB worker thread(s)";
    }
  }
  return d;
}

std::size_t parse_slurm_tasks_per_node(const std::string& text, std::size_t node) {
  std::istringstream in(trim(text));
  std::string part;
  std::size_t index = 0;
  while (std::getline(in, part, ',')) {
    part = trim(part);
    auto paren = part.find('(');
    auto count = parse_unsigned(part.substr(0, paren));
    if (!count) return 0;
    unsigned long long repeat = 1;
    if (paren != std::string::npos) {
      // "(x3)"
      if (part.size() < paren + 4 || part[paren + 1] != 'x' || part.back() != ')') return 0;
      auto r = parse_unsigned(part.substr(paren + 2, part.size() - paren - 3));
      if (!r) return 0;
      repeat = *r;
    }
    if (node < index + repeat) return static_cast<std::size_t>(*count);
    index += static_cast<std::size_t>(repeat);
  }
  return 0;
}

local_ranks parse_local_ranks(const std::map<std::string, std::string>& env) {
  auto get = [&](const char* name) -> std::optional<unsigned long long> {
    auto it = env.find(name);
    if (it == env.end()) return {};
    return parse_unsigned(it->second);
  };
  struct pair_vars {
    const char* rank;
    const char* size;
    const char* label;
  };
  static const pair_vars launchers[] = {
      {"OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE", "Open MPI (OMPI_COMM_WORLD_LOCAL_RANK/SIZE)"},
      {"PMIX_LOCAL_RANK", "PMIX_LOCAL_SIZE", "PMIx (PMIX_LOCAL_RANK/SIZE)"},
      {"MPI_LOCALRANKID", "MPI_LOCALNRANKS", "MPICH/Hydra (MPI_LOCALRANKID/MPI_LOCALNRANKS)"},
      {"PMI_LOCAL_RANK", "PMI_LOCAL_SIZE", "PMI (PMI_LOCAL_RANK/SIZE)"},
      {"MV2_COMM_WORLD_LOCAL_RANK", "MV2_COMM_WORLD_LOCAL_SIZE", "MVAPICH2 (MV2_COMM_WORLD_LOCAL_RANK/SIZE)"},
  };
  local_ranks out;
  for (const auto& l : launchers) {
    auto rank = get(l.rank);
    auto size = get(l.size);
    if (!rank && !size) continue;
    out.rank = rank ? static_cast<int>(*rank) : -1;
    out.size = size ? static_cast<int>(*size) : 0;
    out.source = l.label;
    return out;
  }
  if (auto id = get("SLURM_LOCALID")) {
    out.rank = static_cast<int>(*id);
    auto list = [&](const char* tasks, const char* node, const char* label) {
      auto t = env.find(tasks);
      auto n = get(node);
      if (t == env.end() || !n) return false;
      std::size_t s = parse_slurm_tasks_per_node(t->second, static_cast<std::size_t>(*n));
      if (!s) return false;
      out.size = static_cast<int>(s);
      out.source = std::string("Slurm (SLURM_LOCALID, ") + label + ")";
      return true;
    };
    if (list("SLURM_STEP_TASKS_PER_NODE", "SLURM_STEP_NODEID", "SLURM_STEP_TASKS_PER_NODE[SLURM_STEP_NODEID]"))
      return out;
    if (list("SLURM_TASKS_PER_NODE", "SLURM_NODEID", "SLURM_TASKS_PER_NODE[SLURM_NODEID]")) return out;
    if (auto n = get("SLURM_NTASKS_PER_NODE")) {
      out.size = static_cast<int>(*n);
      out.source = "Slurm (SLURM_LOCALID, SLURM_NTASKS_PER_NODE)";
      return out;
    }
    out.source = "Slurm (SLURM_LOCALID; tasks per node unknown)";
  }
  return out;
}

local_ranks detect_local_ranks() {
  std::map<std::string, std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const char* eq = std::strchr(*e, '=');
    if (!eq) continue;
    std::string name(*e, static_cast<std::size_t>(eq - *e));
    // Only the families parse_local_ranks reads.
    if (name.compare(0, 4, "OMPI") == 0 || name.compare(0, 3, "PMI") == 0 || name.compare(0, 4, "MPI_") == 0 ||
        name.compare(0, 3, "MV2") == 0 || name.compare(0, 5, "SLURM") == 0)
      env.emplace(std::move(name), eq + 1);
  }
  return parse_local_ranks(env);
}

std::string oversubscription_warning(const oversubscription_input& in) {
  if (in.ranks.size <= 1 || in.workers == 0) return {};
  const std::size_t ranks = static_cast<std::size_t>(in.ranks.size);
  const std::size_t total = ranks * in.workers;
  const std::size_t mask = std::max<std::size_t>(1, in.mask_cpus);
  std::size_t available = 0;
  std::string what;
  if (in.bound_by_launcher) {
    // Each rank has its own CPUs; the container's quota is shared by all of them.
    if (in.quota_cpus && total > in.quota_cpus) {
      available = in.quota_cpus;
      what = "the cgroup CPU quota of " + std::to_string(in.quota_cpus) + " CPU(s) shared by the node's ranks";
    } else if (in.workers > mask) {
      return "weft: warning: " + std::to_string(in.workers) + " Weft worker threads (" + in.workers_reason +
             ") run on the " + std::to_string(mask) +
             " CPU(s) the MPI launcher bound this rank to, so they oversubscribe them and every rank slows down. "
             "Set WEFT_NUM_THREADS=" +
             std::to_string(mask) +
             " (or leave it unset: Weft then uses the rank's CPUs). Silence this with WEFT_WARN_OVERSUBSCRIPTION=0.\n";
    } else {
      return {};
    }
  } else {
    available = in.quota_cpus ? std::min(mask, in.quota_cpus) : mask;
    if (total <= available) return {};
    what = std::to_string(available) + " CPU(s) (" +
           (in.quota_cpus && in.quota_cpus < mask ? "the cgroup CPU quota" : "the affinity mask every rank inherits") +
           ")";
  }
  std::size_t each = std::max<std::size_t>(1, available / ranks);
  return "weft: warning: " + std::to_string(ranks) + " MPI ranks on this node (from " + in.ranks.source + ") x " +
         std::to_string(in.workers) + " Weft worker threads each (" + in.workers_reason +
         ") = " + std::to_string(total) + " threads on " + what +
         ": the node is oversubscribed and every rank slows down. Give each rank its share: WEFT_NUM_THREADS=" +
         std::to_string(each) + " (e.g. mpirun -x WEFT_NUM_THREADS=" + std::to_string(each) +
         "), or have the launcher bind each rank to its own cores (mpirun --map-by slot:PE=" + std::to_string(each) +
         " --bind-to core, srun --cpus-per-task=" + std::to_string(each) +
         " --cpu-bind=cores) and Weft sizes itself from the rank's mask. Silence this with "
         "WEFT_WARN_OVERSUBSCRIPTION=0.\n";
}

}  // namespace weft::detail
