#pragma once
// CPU execution of parallel_for(range) and single_task: oneTBB chunks of
// contiguous linear ids, and inside a chunk a plain loop the compiler can
// vectorize. No fibers, no per-item indirection.
#include <tbb/blocked_range.h>
#include <tbb/blocked_range2d.h>
#include <tbb/blocked_range3d.h>
#include <tbb/parallel_for.h>
#include <sycl/id.hpp>
#include <sycl/item.hpp>
#include <sycl/range.hpp>
#include <sycl/detail/checked.hpp>
#include <weft/target/cpu/static_partition.hpp>
#include <weft/runtime/launch.hpp>
#include <weft/runtime/runtime.hpp>
#include <weft/sanitizer.hpp>

namespace weft::cpu {

// Chunks hold at most this many items (enough to amortise a task) but are
// smaller when there are few items, so few heavy items still spread over all
// workers.
inline constexpr std::size_t max_grain_items = 4096;
inline std::size_t grain_for(std::size_t items) {
  std::size_t per_worker_share = items / (8 * weft::worker_count());
  return std::max<std::size_t>(1, std::min(max_grain_items, per_worker_share));
}

// In checked mode (WEFT_CHECKED=1) every item is recorded before it runs, so an
// accessor bounds violation can name it; otherwise this is the plain loop.
#if WEFT_CHECKED
#define WEFT_CHECKED_ITEM(i) ::weft::sycl::detail::checked::set_item(i)
#define WEFT_CHECKED_KERNEL(K) \
  ::weft::sycl::detail::checked::scope weft_checked_scope(::weft::sycl::detail::checked::kernel_name<K>())
#else
#define WEFT_CHECKED_ITEM(i) ((void)0)
#define WEFT_CHECKED_KERNEL(K) ((void)0)
#endif

template <int Dims, bool WithOffset, class Kernel>
void run_range(const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& kernel) {
  using sycl::detail::item_access;
  auto make = [&](const sycl::id<Dims>& i) {
    if constexpr (WithOffset) return item_access::make(sycl::id<Dims>(i + offset), r, offset);
    else return item_access::make(i, r);
  };
  if (r.size() == 0) return;
  weft::detail::tsan_fork_join_scope join(&kernel);  // no-op unless built with TSan
  if (weft::detail::static_partition()) {
    // Pinned workers (or WEFT_PARTITION=static): the deterministic partition of
    // static_partition.hpp along the leading dimension(s), so the same range
    // always runs the same block on the same worker (docs/hpc.md, "Placement").
    if constexpr (Dims == 1) {
      cpu::static_for(r[0], static_chunks(r[0], 1, grain_for(r.size())), [&](std::size_t b, std::size_t e) {
        weft::detail::tsan_task_scope task(&kernel);
        WEFT_CHECKED_KERNEL(Kernel);
        const Kernel k = kernel;
        for (std::size_t i = b; i != e; ++i) {
          WEFT_CHECKED_ITEM(make(sycl::id<1>(i)));
          k(make(sycl::id<1>(i)));
        }
      });
    } else if constexpr (Dims == 2) {
      cpu::static_for(r[0], static_chunks(r[0], r[1], grain_for(r.size())), [&](std::size_t b, std::size_t e) {
        weft::detail::tsan_task_scope task(&kernel);
        WEFT_CHECKED_KERNEL(Kernel);
        const Kernel k = kernel;
        for (std::size_t i = b; i != e; ++i)
          for (std::size_t j = 0; j < r[1]; ++j) {
            WEFT_CHECKED_ITEM(make(sycl::id<2>(i, j)));
            k(make(sycl::id<2>(i, j)));
          }
      });
    } else {
      std::size_t planes = r[0] * r[1];
      cpu::static_for(planes, static_chunks(planes, r[2], grain_for(r.size())), [&](std::size_t b, std::size_t e) {
        weft::detail::tsan_task_scope task(&kernel);
        WEFT_CHECKED_KERNEL(Kernel);
        const Kernel k = kernel;
        for (std::size_t ij = b; ij != e; ++ij)
          for (std::size_t l = 0; l < r[2]; ++l) {
            WEFT_CHECKED_ITEM(make(sycl::id<3>(ij / r[1], ij % r[1], l)));
            k(make(sycl::id<3>(ij / r[1], ij % r[1], l)));
          }
      });
    }
    return;
  }
  if constexpr (Dims == 1) {
    std::size_t grain = grain_for(r[0]);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, r[0], grain), [&](const tbb::blocked_range<std::size_t>& b) {
      weft::detail::tsan_task_scope task(&kernel);
      WEFT_CHECKED_KERNEL(Kernel);
      const Kernel k = kernel;  // a private copy: its fields cannot alias the data the kernel writes
      for (std::size_t i = b.begin(); i != b.end(); ++i) {
        WEFT_CHECKED_ITEM(make(sycl::id<1>(i)));
        k(make(sycl::id<1>(i)));
      }
    });
  } else if constexpr (Dims == 2) {
    std::size_t rows = std::max<std::size_t>(1, grain_for(r.size()) / std::max<std::size_t>(1, r[1]));
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, r[0], rows), [&](const tbb::blocked_range<std::size_t>& b) {
      weft::detail::tsan_task_scope task(&kernel);
      WEFT_CHECKED_KERNEL(Kernel);
      const Kernel k = kernel;
      for (std::size_t i = b.begin(); i != b.end(); ++i)
        for (std::size_t j = 0; j < r[1]; ++j) {
          WEFT_CHECKED_ITEM(make(sycl::id<2>(i, j)));
          k(make(sycl::id<2>(i, j)));
        }
    });
  } else {
    std::size_t plane = std::max<std::size_t>(1, r[1] * r[2]);
    std::size_t items = grain_for(r.size());
    std::size_t grain = std::max<std::size_t>(1, items / plane);
    tbb::parallel_for(tbb::blocked_range2d<std::size_t>(
                          0, r[0], grain, 0, r[1], std::max<std::size_t>(1, items / std::max<std::size_t>(1, r[2]))),
                      [&](const tbb::blocked_range2d<std::size_t>& b) {
                        weft::detail::tsan_task_scope task(&kernel);
                        WEFT_CHECKED_KERNEL(Kernel);
                        const Kernel k = kernel;
                        for (std::size_t i = b.rows().begin(); i != b.rows().end(); ++i)
                          for (std::size_t j = b.cols().begin(); j != b.cols().end(); ++j)
                            for (std::size_t l = 0; l < r[2]; ++l) {
                              WEFT_CHECKED_ITEM(make(sycl::id<3>(i, j, l)));
                              k(make(sycl::id<3>(i, j, l)));
                            }
                      });
  }
}

}  // namespace weft::cpu

namespace weft::launch {

template <class Kernel>
void single_task(const Kernel& k) {
  WEFT_CHECKED_KERNEL(Kernel);
  k();
}

template <int Dims, class Kernel>
void range_kernel(const sycl::range<Dims>& r, const Kernel& k) {
  cpu::run_range<Dims, false>(r, sycl::id<Dims>{}, k);
}

template <int Dims, class Kernel>
void range_kernel(const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& k) {
  cpu::run_range<Dims, true>(r, offset, k);
}

}  // namespace weft::launch
