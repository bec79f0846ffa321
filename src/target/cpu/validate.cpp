// Submission-time checks of nd_range launches against the CPU device's limits.
#include <weft/target/cpu/device_limits.hpp>
#include <weft/target/cpu/validate.hpp>

#include <string>
#include <sycl/exception.hpp>

namespace weft::cpu {
namespace {

std::string dims_string(int dims, const std::size_t* v) {
  std::string s = "{";
  for (int d = 0; d < dims; ++d) s += (d ? ", " : "") + std::to_string(v[d]);
  return s + "}";
}

}  // namespace

void validate_nd_range(int dims, const std::size_t* global, const std::size_t* local, std::size_t local_memory_bytes) {
  using sycl::errc;
  const std::string g = dims_string(dims, global), l = dims_string(dims, local);
  std::size_t group_size = 1;
  for (int d = 0; d < dims; ++d) {
    if (local[d] == 0)
      weft::detail::throw_error(errc::nd_range, "nd_range: local range " + l + " has a zero dimension (dimension " +
                                                    std::to_string(d) + "); every work group needs at least one item");
    group_size *= local[d];
  }
  for (int d = 0; d < dims; ++d) {
    if (global[d] % local[d] != 0) {
      std::size_t rounded[3];
      for (int e = 0; e < dims; ++e) rounded[e] = (global[e] + local[e] - 1) / local[e] * local[e];
      weft::detail::throw_error(
          errc::nd_range, "nd_range: global range " + g + " is not a multiple of local range " + l + " (dimension " +
                              std::to_string(d) + ": " + std::to_string(global[d]) + " % " + std::to_string(local[d]) +
                              " != 0); round the global range up, e.g. to " + dims_string(dims, rounded) +
                              ", and skip the extra work items in the kernel");
    }
  }
  if (group_size > max_work_group_size)
    weft::detail::throw_error(errc::nd_range, "nd_range: work-group size " + std::to_string(group_size) +
                                                  " (local range " + l + ") exceeds the device's max_work_group_size " +
                                                  std::to_string(max_work_group_size));
  if (local_memory_bytes > local_mem_size)
    weft::detail::throw_error(errc::memory_allocation,
                              "nd_range kernel: the local accessors request " + std::to_string(local_memory_bytes) +
                                  " bytes of local memory per work group, more than the device's local_mem_size of " +
                                  std::to_string(local_mem_size) + " bytes");
}

}  // namespace weft::cpu
