#pragma once
// Limits of the CPU device that nd_range launches are checked against; the
// device's info queries report the same numbers.
#include <cstddef>

namespace weft::cpu {

inline constexpr std::size_t max_work_group_size = 1024;
// Local memory per work group. It is ordinary host memory, allocated once per
// worker task; the limit only keeps programs portable to GPUs.
inline constexpr std::size_t local_mem_size = 256 * 1024;

}  // namespace weft::cpu
