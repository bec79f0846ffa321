// The parsers behind Weft's thread decisions, on given text: cgroup quota,
// CPU lists, settings, MPI launcher variables, the oversubscription warning.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sycl/sycl.hpp>
#include <weft/runtime/system_probe.hpp>

#include "../support/mentions.hpp"

namespace fs = std::filesystem;
using namespace weft::detail;

namespace {

std::string invalid_message(const std::function<void()>& f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::make_error_code(sycl::errc::invalid));
    return e.what();
  }
  ADD_FAILURE() << "no sycl::exception thrown";
  return {};
}

struct temp_tree {
  fs::path root;
  temp_tree() {
    char tmpl[] = "/tmp/weft-cgroup-XXXXXX";
    root = mkdtemp(tmpl);
  }
  ~temp_tree() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  void write(const std::string& rel, const std::string& text) const {
    fs::path p = root / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }
};

}  // namespace

TEST(CgroupQuota, V2CpuMax) {
  EXPECT_EQ(parse_cgroup_v2_cpu_max("max 100000\n"), 0u);
  EXPECT_EQ(parse_cgroup_v2_cpu_max("max\n"), 0u);
  EXPECT_EQ(parse_cgroup_v2_cpu_max("200000 100000\n"), 2u);
  EXPECT_EQ(parse_cgroup_v2_cpu_max("150000 100000"), 2u);  // ceil(1.5)
  EXPECT_EQ(parse_cgroup_v2_cpu_max("50000 100000"), 1u);   // half a CPU still gets one worker
  EXPECT_EQ(parse_cgroup_v2_cpu_max("400000 50000"), 8u);
  EXPECT_EQ(parse_cgroup_v2_cpu_max("300000"), 3u);  // period defaults to 100000
  EXPECT_EQ(parse_cgroup_v2_cpu_max(""), 0u);
  EXPECT_EQ(parse_cgroup_v2_cpu_max("garbage 100000"), 0u);
  EXPECT_EQ(parse_cgroup_v2_cpu_max("100000 0"), 0u);
}

TEST(CgroupQuota, V1CfsQuota) {
  EXPECT_EQ(parse_cgroup_v1_quota("-1\n", "100000\n"), 0u);
  EXPECT_EQ(parse_cgroup_v1_quota("400000\n", "100000\n"), 4u);
  EXPECT_EQ(parse_cgroup_v1_quota("250000", "100000"), 3u);
  EXPECT_EQ(parse_cgroup_v1_quota("10000", "100000"), 1u);
  EXPECT_EQ(parse_cgroup_v1_quota("x", "100000"), 0u);
  EXPECT_EQ(parse_cgroup_v1_quota("100000", ""), 0u);
}

TEST(CgroupQuota, ProcSelfCgroup) {
  auto v2 = parse_proc_self_cgroup("0::/user.slice/job-1\n");
  ASSERT_TRUE(v2.unified);
  EXPECT_EQ(*v2.unified, "/user.slice/job-1");
  EXPECT_FALSE(v2.cpu);
  auto v1 = parse_proc_self_cgroup("4:memory:/x\n2:cpu,cpuacct:/docker/abc\n1:name=systemd:/\n0::/\n");
  ASSERT_TRUE(v1.cpu);
  EXPECT_EQ(*v1.cpu, "/docker/abc");
  EXPECT_EQ(v1.cpu_controllers, "cpu,cpuacct");
  ASSERT_TRUE(v1.unified);
  EXPECT_EQ(*v1.unified, "/");
  auto cpuacct_only = parse_proc_self_cgroup("2:cpuacct:/a\n");
  EXPECT_FALSE(cpuacct_only.cpu);  // "cpuacct" is not "cpu"
}

TEST(CgroupQuota, V2TreeTakesSmallestAncestor) {
  temp_tree t;
  t.write("cpu.max", "max 100000\n");
  t.write("job/cpu.max", "300000 100000\n");
  t.write("job/step/cpu.max", "max 100000\n");
  auto q = detect_cgroup_quota("0::/job/step\n", t.root.string());
  EXPECT_EQ(q.cpus, 3u);
  EXPECT_EQ(q.source, (t.root / "job/cpu.max").string());
}

TEST(CgroupQuota, V2NamespaceFallsBackToMountRoot) {
  temp_tree t;
  t.write("cpu.max", "150000 100000\n");
  auto q = detect_cgroup_quota("0::/not/visible/here\n", t.root.string());
  EXPECT_EQ(q.cpus, 2u);
}

TEST(CgroupQuota, V1Tree) {
  temp_tree t;
  t.write("cpu,cpuacct/cpu.cfs_quota_us", "-1\n");
  t.write("cpu,cpuacct/cpu.cfs_period_us", "100000\n");
  t.write("cpu,cpuacct/docker/abc/cpu.cfs_quota_us", "200000\n");
  t.write("cpu,cpuacct/docker/abc/cpu.cfs_period_us", "100000\n");
  auto q = detect_cgroup_quota("3:cpu,cpuacct:/docker/abc\n0::/\n", t.root.string());
  EXPECT_EQ(q.cpus, 2u);
  EXPECT_NE(q.source.find("docker/abc/cpu.cfs_quota_us"), std::string::npos);
}

TEST(CgroupQuota, NoQuotaAnywhere) {
  temp_tree t;
  t.write("cpu/cpu.cfs_quota_us", "-1\n");
  t.write("cpu/cpu.cfs_period_us", "100000\n");
  EXPECT_EQ(detect_cgroup_quota("1:cpu:/\n0::/\n", t.root.string()).cpus, 0u);
  EXPECT_EQ(detect_cgroup_quota("", t.root.string()).cpus, 0u);
}

TEST(CpuList, Parse) {
  EXPECT_EQ(parse_cpu_list("0-3,8,10-11\n"), (std::vector<int>{0, 1, 2, 3, 8, 10, 11}));
  EXPECT_EQ(parse_cpu_list("5"), (std::vector<int>{5}));
  EXPECT_EQ(parse_cpu_list(""), (std::vector<int>{}));
  EXPECT_EQ(parse_cpu_list("3-1"), (std::vector<int>{}));
  EXPECT_FALSE(current_affinity().empty());
}

TEST(Settings, WorkerCountValues) {
  EXPECT_EQ(parse_worker_count("4", "WEFT_NUM_THREADS"), 4u);
  EXPECT_EQ(parse_worker_count(" 12 ", "WEFT_NUM_THREADS"), 12u);
  for (const char* bad : {"0", "-2", "abc", "4x", "2.5", "", "99999999999999999999999", "5000"}) {
    std::string msg = invalid_message([&] { parse_worker_count(bad, "WEFT_NUM_THREADS"); });
    weft_test::expect_mentions(msg, {"WEFT_NUM_THREADS='" + std::string(bad) + "'", "from 1 to 4096"});
  }
}

TEST(Settings, Switch) {
  EXPECT_TRUE(parse_switch("1", "X"));
  EXPECT_TRUE(parse_switch("ON", "X"));
  EXPECT_TRUE(parse_switch("yes", "X"));
  EXPECT_FALSE(parse_switch("0", "X"));
  EXPECT_FALSE(parse_switch("False", "X"));
  std::string msg = invalid_message([] { parse_switch("maybe", "WEFT_PIN_WORKERS"); });
  EXPECT_NE(msg.find("WEFT_PIN_WORKERS='maybe'"), std::string::npos) << msg;
}

TEST(Settings, DecideWorkers) {
  // Mask only.
  auto d = decide_workers({}, nullptr, 8, 0, 8, 8);
  EXPECT_EQ(d.workers, 8u);
  EXPECT_NE(d.reason.find("affinity mask"), std::string::npos);
  // The quota is smaller than the mask.
  d = decide_workers({}, nullptr, 16, 3, 16, 16);
  EXPECT_EQ(d.workers, 3u);
  EXPECT_NE(d.reason.find("cgroup CPU quota"), std::string::npos);
  // The quota is larger than the mask: the mask wins.
  d = decide_workers({}, nullptr, 4, 16, 4, 4);
  EXPECT_EQ(d.workers, 4u);
  // An application's tbb::global_control(max_allowed_parallelism, 3) leaves 2 workers.
  d = decide_workers({}, nullptr, 8, 0, 3, 8);
  EXPECT_EQ(d.workers, 2u);
  EXPECT_NE(d.reason.find("global_control"), std::string::npos);
  // ... and a limit of 1 still leaves the one worker oneTBB grants enqueued work.
  EXPECT_EQ(decide_workers({}, nullptr, 8, 0, 1, 8).workers, 1u);
  // The environment overrides the mask, the API overrides the environment.
  d = decide_workers({}, "6", 2, 1, 2, 2);
  EXPECT_EQ(d.workers, 6u);
  EXPECT_EQ(d.reason, "WEFT_NUM_THREADS=6");
  d = decide_workers(5, "6", 2, 0, 2, 2);
  EXPECT_EQ(d.workers, 5u);
  EXPECT_EQ(d.reason, "set_worker_count(5)");
  invalid_message([] { decide_workers({}, "zero", 2, 0, 2, 2); });
}

TEST(Launcher, OpenMpi) {
  auto r = parse_local_ranks({{"OMPI_COMM_WORLD_LOCAL_RANK", "1"},
                              {"OMPI_COMM_WORLD_LOCAL_SIZE", "4"},
                              {"SLURM_LOCALID", "0"},
                              {"SLURM_NTASKS_PER_NODE", "9"}});
  EXPECT_EQ(r.rank, 1);
  EXPECT_EQ(r.size, 4);
  EXPECT_NE(r.source.find("OMPI_COMM_WORLD_LOCAL"), std::string::npos);
}

TEST(Launcher, MpichHydra) {
  auto r = parse_local_ranks({{"MPI_LOCALRANKID", "2"}, {"MPI_LOCALNRANKS", "3"}, {"PMI_RANK", "7"}});
  EXPECT_EQ(r.rank, 2);
  EXPECT_EQ(r.size, 3);
  EXPECT_NE(r.source.find("MPICH"), std::string::npos);
}

TEST(Launcher, PmiAndPmix) {
  auto r = parse_local_ranks({{"PMI_LOCAL_RANK", "0"}, {"PMI_LOCAL_SIZE", "2"}});
  EXPECT_EQ(r.rank, 0);
  EXPECT_EQ(r.size, 2);
  r = parse_local_ranks({{"PMIX_LOCAL_RANK", "5"}, {"PMIX_LOCAL_SIZE", "8"}});
  EXPECT_EQ(r.rank, 5);
  EXPECT_EQ(r.size, 8);
}

TEST(Launcher, Slurm) {
  EXPECT_EQ(parse_slurm_tasks_per_node("2(x3),1", 0), 2u);
  EXPECT_EQ(parse_slurm_tasks_per_node("2(x3),1", 2), 2u);
  EXPECT_EQ(parse_slurm_tasks_per_node("2(x3),1", 3), 1u);
  EXPECT_EQ(parse_slurm_tasks_per_node("2(x3),1", 4), 0u);
  EXPECT_EQ(parse_slurm_tasks_per_node("16", 0), 16u);
  EXPECT_EQ(parse_slurm_tasks_per_node("bad", 0), 0u);

  auto r = parse_local_ranks({{"SLURM_LOCALID", "1"},
                              {"SLURM_STEP_TASKS_PER_NODE", "4(x2),2"},
                              {"SLURM_STEP_NODEID", "2"},
                              {"SLURM_TASKS_PER_NODE", "8(x3)"},
                              {"SLURM_NODEID", "2"}});
  EXPECT_EQ(r.rank, 1);
  EXPECT_EQ(r.size, 2);
  EXPECT_NE(r.source.find("SLURM_STEP_TASKS_PER_NODE"), std::string::npos);
  r = parse_local_ranks({{"SLURM_LOCALID", "3"}, {"SLURM_TASKS_PER_NODE", "8(x3)"}, {"SLURM_NODEID", "1"}});
  EXPECT_EQ(r.size, 8);
  r = parse_local_ranks({{"SLURM_LOCALID", "0"}, {"SLURM_NTASKS_PER_NODE", "6"}});
  EXPECT_EQ(r.size, 6);
  r = parse_local_ranks({{"SLURM_JOB_ID", "12"}});  // an allocation but no task step: not a launcher
  EXPECT_EQ(r.rank, -1);
  EXPECT_EQ(r.size, 0);
  EXPECT_TRUE(r.source.empty());
}

TEST(Launcher, NoneAndGarbage) {
  auto r = parse_local_ranks({});
  EXPECT_EQ(r.size, 0);
  EXPECT_TRUE(r.source.empty());
  r = parse_local_ranks({{"OMPI_COMM_WORLD_LOCAL_RANK", "x"}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "2"}});
  EXPECT_EQ(r.rank, -1);
  EXPECT_EQ(r.size, 2);
}

TEST(Oversubscription, SharedMaskWarnsWithAdvice) {
  oversubscription_input in;
  in.ranks = parse_local_ranks({{"OMPI_COMM_WORLD_LOCAL_RANK", "0"}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "4"}});
  in.workers = 16;
  in.workers_reason = "the 16 CPU(s) of the process's affinity mask";
  in.mask_cpus = 16;
  std::string w = oversubscription_warning(in);
  EXPECT_EQ(w, "weft: warning: 4 MPI ranks on this node (from Open MPI (OMPI_COMM_WORLD_LOCAL_RANK/SIZE)) x 16 Weft "
               "worker threads each (the 16 CPU(s) of the process's affinity mask) = 64 threads on 16 CPU(s) (the "
               "affinity mask every rank inherits): the node is oversubscribed and every rank slows down. Give each "
               "rank its share: WEFT_NUM_THREADS=4 (e.g. mpirun -x WEFT_NUM_THREADS=4), or have the launcher bind "
               "each rank to its own cores (mpirun --map-by slot:PE=4 --bind-to core, srun --cpus-per-task=4 "
               "--cpu-bind=cores) and Weft sizes itself from the rank's mask. Silence this with "
               "WEFT_WARN_OVERSUBSCRIPTION=0.\n");
  // Each rank's share fits: no warning.
  in.workers = 4;
  EXPECT_EQ(oversubscription_warning(in), "");
}

TEST(Oversubscription, QuotaIsShared) {
  oversubscription_input in;
  in.ranks = parse_local_ranks({{"MPI_LOCALRANKID", "0"}, {"MPI_LOCALNRANKS", "2"}});
  in.workers = 4;
  in.workers_reason = "WEFT_NUM_THREADS=4";
  in.mask_cpus = 32;
  in.quota_cpus = 4;
  std::string w = oversubscription_warning(in);
  weft_test::expect_mentions(w,
                             {"2 MPI ranks", "= 8 threads on 4 CPU(s) (the cgroup CPU quota)", "WEFT_NUM_THREADS=2"});
}

TEST(Oversubscription, BoundRanks) {
  oversubscription_input in;
  in.ranks = parse_local_ranks({{"OMPI_COMM_WORLD_LOCAL_RANK", "0"}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "8"}});
  in.bound_by_launcher = true;
  in.mask_cpus = 2;
  in.workers = 2;
  in.workers_reason = "the 2 CPU(s) of the process's affinity mask";
  EXPECT_EQ(oversubscription_warning(in), "");  // the launcher gave each rank its own 2 CPUs
  in.workers = 6;
  in.workers_reason = "WEFT_NUM_THREADS=6";
  std::string w = oversubscription_warning(in);
  EXPECT_NE(
      w.find("6 Weft worker threads (WEFT_NUM_THREADS=6) run on the 2 CPU(s) the MPI launcher bound this rank to"),
      std::string::npos)
      << w;
  EXPECT_NE(w.find("WEFT_WARN_OVERSUBSCRIPTION=0"), std::string::npos);
}

TEST(Oversubscription, NoLauncherNoWarning) {
  oversubscription_input in;
  in.workers = 64;
  in.mask_cpus = 2;
  EXPECT_EQ(oversubscription_warning(in), "");
  in.ranks.size = 1;
  EXPECT_EQ(oversubscription_warning(in), "");
}
