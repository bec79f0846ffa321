#pragma once
// SYCL 2020 section 4.7.6: access modes, targets, fence spaces and the
// deduction tags (read_only, write_only, read_write, no_init).
#include <cstdint>

namespace weft::sycl {

enum class access_mode {
  read,
  write,
  read_write,
  discard_write,       // SYCL 1.2.1: write, previous contents discarded
  discard_read_write,  // SYCL 1.2.1
  atomic,              // SYCL 1.2.1
};

enum class target {
  device,
  host_task,
  constant_buffer,  // deprecated
  local,            // SYCL 1.2.1 local memory accessor
  host_buffer,      // SYCL 1.2.1 host accessor
  global_buffer = device,
  // SYCL 1.2.1 image targets. SYCL 2020 removed these accessor targets (its list of
  // changes: image accessors are now their own classes); the names stay, as in other
  // implementations, so code that names them (the SYCL-CTS's get_cts_string.h) still
  // compiles. Weft has no images: no accessor takes them. Their values follow host_buffer's
  // (after global_buffer = device they would repeat host_task, constant_buffer and local).
  image [[deprecated("SYCL 2020 removed target::image: use the image accessor classes")]] = host_buffer + 1,
  host_image [[deprecated("SYCL 2020 removed target::host_image: use the host image accessor classes")]],
  image_array [[deprecated("SYCL 2020 removed target::image_array")]],
};

enum class address_space : int {
  global_space,
  local_space,
  constant_space,
  private_space,
  generic_space,
};

namespace access {
using mode = sycl::access_mode;
using target = sycl::target;
using address_space = sycl::address_space;
enum class placeholder { false_t, true_t };
enum class fence_space : char { local_space, global_space, global_and_local };
enum class decorated { no, yes, legacy };
}  // namespace access

enum class memory_order : int { relaxed, acquire, __consume_unsupported, release, acq_rel, seq_cst };
inline constexpr auto memory_order_relaxed = memory_order::relaxed;
inline constexpr auto memory_order_acquire = memory_order::acquire;
inline constexpr auto memory_order_release = memory_order::release;
inline constexpr auto memory_order_acq_rel = memory_order::acq_rel;
inline constexpr auto memory_order_seq_cst = memory_order::seq_cst;

enum class memory_scope : int { work_item, sub_group, work_group, device, system };
inline constexpr auto memory_scope_work_item = memory_scope::work_item;
inline constexpr auto memory_scope_sub_group = memory_scope::sub_group;
inline constexpr auto memory_scope_work_group = memory_scope::work_group;
inline constexpr auto memory_scope_device = memory_scope::device;
inline constexpr auto memory_scope_system = memory_scope::system;

// Deduction tags for accessor construction (section 4.7.6.9).
template <access_mode Mode, target Target = target::device>
struct mode_tag_t {
  explicit mode_tag_t() = default;
};
template <access_mode Mode, target Target = target::device>
struct mode_target_tag_t {
  explicit mode_target_tag_t() = default;
};
inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
inline constexpr mode_target_tag_t<access_mode::read, target::constant_buffer> read_constant{};
inline constexpr mode_target_tag_t<access_mode::read, target::host_task> read_only_host_task{};
inline constexpr mode_target_tag_t<access_mode::read_write, target::host_task> read_write_host_task{};
inline constexpr mode_target_tag_t<access_mode::write, target::host_task> write_only_host_task{};

namespace detail {
constexpr bool is_write_mode(access_mode m) { return m != access_mode::read; }
constexpr bool discards_contents(access_mode m) {
  return m == access_mode::discard_write || m == access_mode::discard_read_write;
}
}  // namespace detail

}  // namespace weft::sycl
