// weft-ls: the SYCL platforms and devices Weft sees, one line per device in the
// style of DPC++'s sycl-ls; --verbose adds each device's limits and aspects and
// the runtime's decisions (worker threads, pinning, partition, fiber stacks),
// each with what decided it. Everything comes from the public SYCL API plus
// weft::runtime_info() and the fiber stack settings (<weft/settings.hpp>).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <sycl/sycl.hpp>
#include <weft/settings.hpp>

#if WEFT_LS_CUDA
namespace weft::cuda {
bool register_backend();  // src/target/gpu/backend.cpp in weft_cuda: adds the GPUs to the platform list
}
#endif
#if WEFT_LS_HIP
namespace weft::hip {
bool register_backend();  // src/target/gpu/backend.cpp in weft_hip: adds the AMD GPUs to the platform list
}
#endif

namespace {

const char* usage =
    "usage: weft-ls [--verbose] [--help]\n"
    "Lists the SYCL platforms and devices of this Weft build, one line per device:\n"
    "  [backend:type:index] platform, device version [driver]\n"
    "  -v, --verbose  also print each device's limits and aspects, and how Weft's runtime\n"
    "                 decided its worker threads, pinning, partition and fiber stack size\n"
    "  -h, --help     print this help\n"
    "Environment: WEFT_NUM_THREADS, WEFT_PIN_WORKERS, WEFT_PARTITION, WEFT_FIBER_STACK_SIZE (README.md, Settings).\n";

const char* backend_name(sycl::backend b) {
  switch (b) {
    case sycl::backend::host: return "weft_cpu";  // Weft's own CPU backend
    case sycl::backend::cuda: return "cuda";
    case sycl::backend::hip: return "hip";
    case sycl::backend::opencl: return "opencl";
    case sycl::backend::ext_oneapi_level_zero: return "level_zero";
  }
  return "unknown";
}

const char* type_name(sycl::info::device_type t) {
  switch (t) {
    case sycl::info::device_type::cpu: return "cpu";
    case sycl::info::device_type::gpu: return "gpu";
    case sycl::info::device_type::accelerator: return "acc";
    default: return "other";
  }
}

const char* aspect_name(sycl::aspect a) {
  switch (a) {
    case sycl::aspect::cpu: return "cpu";
    case sycl::aspect::gpu: return "gpu";
    case sycl::aspect::accelerator: return "accelerator";
    case sycl::aspect::custom: return "custom";
    case sycl::aspect::emulated: return "emulated";
    case sycl::aspect::host_debuggable: return "host_debuggable";
    case sycl::aspect::fp16: return "fp16";
    case sycl::aspect::fp64: return "fp64";
    case sycl::aspect::atomic64: return "atomic64";
    case sycl::aspect::image: return "image";
    case sycl::aspect::online_compiler: return "online_compiler";
    case sycl::aspect::online_linker: return "online_linker";
    case sycl::aspect::queue_profiling: return "queue_profiling";
    case sycl::aspect::usm_device_allocations: return "usm_device_allocations";
    case sycl::aspect::usm_host_allocations: return "usm_host_allocations";
    case sycl::aspect::usm_atomic_host_allocations: return "usm_atomic_host_allocations";
    case sycl::aspect::usm_shared_allocations: return "usm_shared_allocations";
    case sycl::aspect::usm_atomic_shared_allocations: return "usm_atomic_shared_allocations";
    case sycl::aspect::usm_system_allocations: return "usm_system_allocations";
    default: return "other";
  }
}

// Exact for whole KiB/MiB, one decimal above 1 GiB (memory sizes are rarely whole).
std::string bytes(std::uint64_t b) {
  char text[32];
  if (b >= (1ull << 30)) std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(b) / (1ull << 30));
  else if (b >= (1ull << 20) && b % (1ull << 20) == 0)
    std::snprintf(text, sizeof text, "%llu MiB", (unsigned long long)(b >> 20));
  else if (b >= (1ull << 10) && b % (1ull << 10) == 0)
    std::snprintf(text, sizeof text, "%llu KiB", (unsigned long long)(b >> 10));
  else std::snprintf(text, sizeof text, "%llu bytes", (unsigned long long)b);
  return text;
}

void print_device_details(const sycl::device& d) {
  namespace di = sycl::info::device;
  std::string sg;
  for (auto s : d.get_info<di::sub_group_sizes>()) sg += (sg.empty() ? "" : " ") + std::to_string(s);
  std::string aspects;
  for (auto a : d.get_info<di::aspects>()) aspects += (aspects.empty() ? "" : " ") + std::string(aspect_name(a));
  std::printf("    vendor:              %s\n", d.get_info<di::vendor>().c_str());
  std::printf("    max compute units:   %u\n", d.get_info<di::max_compute_units>());
  std::printf("    max work-group size: %zu\n", d.get_info<di::max_work_group_size>());
  std::printf("    sub-group sizes:     %s\n", sg.c_str());
  std::printf("    local memory size:   %s\n", bytes(d.get_info<di::local_mem_size>()).c_str());
  std::printf("    global memory size:  %s\n", bytes(d.get_info<di::global_mem_size>()).c_str());
  std::printf("    aspects:             %s\n", aspects.c_str());
  const std::uint32_t subs = d.get_info<di::partition_max_sub_devices>();
  std::printf("    sub-devices:         %s\n",
              subs ? ("up to " + std::to_string(subs) + " (equally, by counts, by NUMA domain; docs/hpc.md)").c_str()
                   : "none (cannot be partitioned)");
}

// What the runtime decided for the CPU device's workers, and why (weft::runtime_info
// decides without starting a thread; kernels then run with exactly these settings).
void print_runtime() {
  const weft::runtime_settings s = weft::runtime_info();
  std::string mask;
  for (int c : s.affinity_cpus) mask += (mask.empty() ? "" : ",") + std::to_string(c);
  std::printf("Weft runtime (CPU device):\n");
  std::printf("    worker threads:      %zu (from %s)\n", s.workers, s.workers_reason.c_str());
  std::printf("    affinity mask:       %zu CPU(s): %s\n", s.affinity_cpus.size(), mask.c_str());
  if (s.cgroup_quota_cpus)
    std::printf("    cgroup CPU quota:    %zu CPU(s) (%s)\n", s.cgroup_quota_cpus, s.cgroup_quota_source.c_str());
  else std::printf("    cgroup CPU quota:    none\n");
  std::printf("    pinning:             %s (%s)\n", s.pin_workers ? "on, one CPU per worker" : "off",
              s.placement_reason.c_str());
  std::printf("    partition:           %s (%s)\n",
              s.static_partition ? "static (deterministic chunks per worker)" : "dynamic (oneTBB load balancing)",
              s.placement_reason.c_str());
  std::printf("    fiber stack size:    %s (%s)\n", bytes(weft::fiber_stack_size()).c_str(),
              weft::detail::fiber_stack_size_source());
  if (!s.mpi_source.empty())
    std::printf("    MPI local rank:      %d of %d (%s)\n", s.mpi_local_rank, s.mpi_local_size, s.mpi_source.c_str());
  if (!s.warning.empty()) std::printf("    %s", s.warning.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--verbose") || !std::strcmp(argv[i], "-v")) {
      verbose = true;
    } else if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      std::fputs(usage, stdout);
      return 0;
    } else {
      std::fprintf(stderr, "weft-ls: unknown option '%s'\n%s", argv[i], usage);
      return 2;
    }
  }
#if WEFT_LS_CUDA
  weft::cuda::register_backend();
#endif
#if WEFT_LS_HIP
  weft::hip::register_backend();
#endif
  try {
    std::map<sycl::backend, int> index;  // devices are numbered per backend, as sycl-ls does
    for (const auto& p : sycl::platform::get_platforms()) {
      for (const auto& d : p.get_devices()) {
        namespace di = sycl::info::device;
        std::printf("[%s:%s:%d] %s, %s %s [%s]\n", backend_name(d.get_backend()),
                    type_name(d.get_info<di::device_type>()), index[d.get_backend()]++,
                    p.get_info<sycl::info::platform::name>().c_str(), d.get_info<di::name>().c_str(),
                    d.get_info<di::version>().c_str(), d.get_info<di::driver_version>().c_str());
        if (verbose) print_device_details(d);
      }
    }
    if (verbose) print_runtime();
  } catch (const sycl::exception& e) {
    // e.g. a bad WEFT_NUM_THREADS: the message says what is wrong and how to fix it.
    std::fprintf(stderr, "weft-ls: %s\n", e.what());
    return 1;
  }
  return 0;
}
