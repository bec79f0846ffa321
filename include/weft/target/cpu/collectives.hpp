#pragma once
// Kernel interface: group collectives on the CPU target. Each work item writes its
// value into its lane slot of the work group's scratch; one item runs the lane
// operation (include/weft/target/cpu/lanes/) over the whole lane buffer and writes an
// output buffer; after the barrier each item reads its own output slot.
//
// Scratch layout (weft::kernel::group_scratch(), >= 256 bytes per work item):
//   [aux: 4 bytes per item, rounded to 64][in: 64 bytes per item][out: 64 bytes per item]
// The lane buffer of a sub-group is the run of `in` slots of its items (consecutive
// local linear ids), so sub-group and work-group collectives share one layout.
// Input and output are separate so that a fast item starting its next collective
// cannot overwrite a result another item has not read yet; every item reads only
// its own output slot for the same reason.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <weft/config.hpp>
#include <weft/kernel/sync.hpp>
#include <weft/runtime/export.hpp>

namespace weft::kernel {

// Per-work-group scratch of the running group (64-byte aligned, >= 256 bytes per item),
// provided by the nd_range engine.
WEFT_API void* group_scratch();

namespace detail {

inline constexpr std::size_t max_lane_bytes = 64;

struct lane_buffers {
  std::uint32_t* aux;
  unsigned char* in;
  unsigned char* out;
};

inline lane_buffers buffers(std::size_t work_group_size) {
  auto* base = static_cast<unsigned char*>(group_scratch());
  const std::size_t aux_bytes = (4 * work_group_size + 63) & ~std::size_t{63};
  return {reinterpret_cast<std::uint32_t*>(base), base + aux_bytes, base + aux_bytes + max_lane_bytes * work_group_size};
}

template <class T>
constexpr void check_lane_type() {
  static_assert(std::is_trivially_copyable_v<T>, "group collectives need a trivially copyable type");
  static_assert(sizeof(T) <= max_lane_bytes, "group collectives support values of at most 64 bytes");
}

}  // namespace detail

// Where the calling item sits: its lane buffer starts at local linear id `first`
// of the work group (of work_group_size items) and has n lanes; the item is `lane`.
struct lane_position {
  std::size_t first;
  std::size_t lane;
  std::size_t n;
  std::size_t work_group_size;
};

// Runs a sub-group collective. compute(const T* in, const uint32_t* aux, R* out, n)
// runs once, on the sub-group's last lane (the engine lets lanes arrive at a
// sub-group barrier in increasing id order, so every other lane has written).
template <class R, class T, class Compute>
R sub_group_collective(const lane_position& p, const T& x, std::uint32_t aux, Compute&& compute) {
  detail::check_lane_type<T>();
  detail::check_lane_type<R>();
  const detail::lane_buffers b = detail::buffers(p.work_group_size);
  T* in = reinterpret_cast<T*>(b.in) + p.first;
  R* out = reinterpret_cast<R*>(b.out) + p.first;
  std::memcpy(static_cast<void*>(in + p.lane), &x, sizeof(T));
  b.aux[p.first + p.lane] = aux;
  if (p.lane + 1 == p.n) compute(static_cast<const T*>(in), static_cast<const std::uint32_t*>(b.aux + p.first), out, p.n);
  sub_group_barrier();
  R r;
  std::memcpy(static_cast<void*>(&r), out + p.lane, sizeof(R));
  return r;
}

// Runs a work-group collective: every item writes, barrier, the leader computes,
// barrier, every item reads (no assumption about the order items arrive in).
template <class R, class T, class Compute>
R work_group_collective(std::size_t local_linear_id, std::size_t work_group_size, const T& x, std::uint32_t aux,
                        Compute&& compute) {
  detail::check_lane_type<T>();
  detail::check_lane_type<R>();
  const detail::lane_buffers b = detail::buffers(work_group_size);
  T* in = reinterpret_cast<T*>(b.in);
  R* out = reinterpret_cast<R*>(b.out);
  std::memcpy(static_cast<void*>(in + local_linear_id), &x, sizeof(T));
  b.aux[local_linear_id] = aux;
  work_group_barrier();
  if (local_linear_id == 0) compute(static_cast<const T*>(in), static_cast<const std::uint32_t*>(b.aux), out, work_group_size);
  work_group_barrier();
  R r;
  std::memcpy(static_cast<void*>(&r), out + local_linear_id, sizeof(R));
  return r;
}

}  // namespace weft::kernel
