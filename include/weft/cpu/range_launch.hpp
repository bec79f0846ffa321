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
#include <weft/runtime/launch.hpp>

namespace weft::cpu {

// Items per chunk below which splitting costs more than it gains.
inline constexpr std::size_t min_chunk_items = 4096;

template <int Dims, bool WithOffset, class Kernel>
void run_range(const sycl::range<Dims>& r, const sycl::id<Dims>& offset, const Kernel& kernel) {
  using sycl::detail::item_access;
  auto make = [&](const sycl::id<Dims>& i) {
    if constexpr (WithOffset) return item_access::make(sycl::id<Dims>(i + offset), r, offset);
    else return item_access::make(i, r);
  };
  if (r.size() == 0) return;
  if constexpr (Dims == 1) {
    std::size_t grain = std::max<std::size_t>(1, min_chunk_items);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, r[0], grain), [&](const tbb::blocked_range<std::size_t>& b) {
      const Kernel k = kernel;  // a private copy: its fields cannot alias the data the kernel writes
      for (std::size_t i = b.begin(); i != b.end(); ++i) k(make(sycl::id<1>(i)));
    });
  } else if constexpr (Dims == 2) {
    std::size_t rows = std::max<std::size_t>(1, min_chunk_items / std::max<std::size_t>(1, r[1]));
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, r[0], rows), [&](const tbb::blocked_range<std::size_t>& b) {
      const Kernel k = kernel;
      for (std::size_t i = b.begin(); i != b.end(); ++i)
        for (std::size_t j = 0; j < r[1]; ++j) k(make(sycl::id<2>(i, j)));
    });
  } else {
    std::size_t plane = std::max<std::size_t>(1, r[1] * r[2]);
    std::size_t grain = std::max<std::size_t>(1, min_chunk_items / plane);
    tbb::parallel_for(tbb::blocked_range2d<std::size_t>(0, r[0], grain, 0, r[1], std::max<std::size_t>(1, min_chunk_items / std::max<std::size_t>(1, r[2]))),
                      [&](const tbb::blocked_range2d<std::size_t>& b) {
                        const Kernel k = kernel;
                        for (std::size_t i = b.rows().begin(); i != b.rows().end(); ++i)
                          for (std::size_t j = b.cols().begin(); j != b.cols().end(); ++j)
                            for (std::size_t l = 0; l < r[2]; ++l) k(make(sycl::id<3>(i, j, l)));
                      });
  }
}

}  // namespace weft::cpu

namespace weft::launch {

template <class Kernel>
void single_task(const Kernel& k) {
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
