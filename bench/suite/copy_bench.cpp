// Strided copies between host memory and a buffer (SYCL-Bench's
// host_device_bandwidth, strided): handler::copy between a contiguous host array
// and an accessor over the middle of a larger 2-D or 3-D buffer of int64 (a border
// of 8, 16 and 32 elements around a box at offset 4, 8 and 16), host to buffer
// (h2d) and buffer to host (d2h). The baseline copies the same rows with one
// memcpy each, in parallel over rows on as many threads as Weft's workers. The
// buffer wraps memory this program owns, so both write the same storage; the pages
// are touched before timing, so the copy alone is measured. Reported in GB/s.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cstdint>
#include <cstring>
#include <sycl/sycl.hpp>
#include <vector>

#include "common/baseline.hpp"

namespace {

using elem = std::int64_t;

// The copied box: 2^22 elements (32 MiB) in short mode, 2^24 (128 MiB, SYCL-Bench's
// --size=512) in full mode, with rows of 512 elements as SYCL-Bench's.
template <int D>
sycl::range<D> box() {
  const std::size_t rows = weft_bench::size_for_mode<std::size_t>(8192, 32768);
  if constexpr (D == 2) return {rows, 512};
  else return {rows / 512, 512, 512};
}
template <int D>
sycl::range<D> border() {
  if constexpr (D == 2) return {8, 16};
  else return {8, 16, 32};
}
template <int D>
sycl::id<D> offset() {
  if constexpr (D == 2) return {4, 8};
  else return {4, 8, 16};
}

template <int D>
struct strided {
  sycl::queue q;
  sycl::range<D> copy = box<D>(), mem = box<D>() + border<D>();
  std::vector<elem> storage = std::vector<elem>(mem.size(), -1);  // the buffer's, touched here
  std::vector<elem> host = std::vector<elem>(copy.size());
  sycl::buffer<elem, D> buf{storage.data(), mem};

  strided() {
    for (std::size_t i = 0; i < host.size(); ++i) host[i] = elem(i * 3 + 1);
  }
  // Element l of the box (row-major) in the storage.
  std::size_t at(std::size_t l) const {
    std::size_t s = 0, stride = 1;
    for (int d = D - 1; d >= 0; --d) {
      s += (l % copy[d] + offset<D>()[d]) * stride;
      l /= copy[d];
      stride *= mem[d];
    }
    return s;
  }
  std::size_t rows() const { return copy.size() / copy[D - 1]; }
  std::size_t row_start(std::size_t r) const { return at(r * copy[D - 1]); }
  std::size_t row_bytes() const { return copy[D - 1] * sizeof(elem); }

  void h2d_weft() {
    q.submit([&](sycl::handler& h) {
       sycl::accessor a{buf, h, copy, offset<D>(), sycl::write_only};
       h.copy(host.data(), a);
     }).wait();
  }
  void d2h_weft() {
    q.submit([&](sycl::handler& h) {
       sycl::accessor a{buf, h, copy, offset<D>(), sycl::read_only};
       h.copy(a, host.data());
     }).wait();
  }
  template <bool ToBuffer>
  void baseline() {
    elem *s = storage.data(), *h = host.data();
    const std::size_t n = copy[D - 1], bytes = row_bytes();
    weft_bench::baseline([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, rows(), 64), [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t i = r.begin(); i != r.end(); ++i) {
          if constexpr (ToBuffer) std::memcpy(s + row_start(i), h + i * n, bytes);
          else std::memcpy(h + i * n, s + row_start(i), bytes);
        }
      });
    });
  }

  // After h2d: the box holds the host array, the border is untouched.
  std::string check_h2d() {
    buf.get_host_access();  // (waits; the storage is the buffer's)
    for (std::size_t l = 0; l < copy.size(); l += 1 + l % 997)
      if (storage[at(l)] != host[l]) return "h2d: wrong element " + std::to_string(l) + " of the box";
    if (storage[0] != -1 || storage.back() != -1) return "h2d: the copy wrote outside the box";
    return {};
  }
  // Before d2h: a distinct pattern in the box; after, the host array holds it.
  void prepare_d2h() {
    for (std::size_t l = 0; l < copy.size(); ++l) storage[at(l)] = elem(l * 5 + 2);
    std::fill(host.begin(), host.end(), 0);
  }
  std::string check_d2h() const {
    for (std::size_t l = 0; l < copy.size(); l += 1 + l % 997)
      if (host[l] != elem(l * 5 + 2)) return "d2h: wrong element " + std::to_string(l) + " of the host array";
    return {};
  }
};

template <int D>
strided<D>& data() {
  static strided<D> d;
  return d;
}

template <int D, bool Weft>
void h2d(benchmark::State& state) {
  auto& d = data<D>();
  auto run = [&] {
    if constexpr (Weft) d.h2d_weft();
    else d.template baseline<true>();
  };
  std::fill(d.storage.begin(), d.storage.end(), -1);
  if (weft_bench::run_checked(state, run, [&] { return d.check_h2d(); }))
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(d.copy.size() * sizeof(elem)));
}

template <int D, bool Weft>
void d2h(benchmark::State& state) {
  auto& d = data<D>();
  auto run = [&] {
    if constexpr (Weft) d.d2h_weft();
    else d.template baseline<false>();
  };
  d.prepare_d2h();
  if (weft_bench::run_checked(state, run, [&] { return d.check_d2h(); }))
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(d.copy.size() * sizeof(elem)));
}

void ms_real(benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); }

}  // namespace

BENCHMARK_TEMPLATE(h2d, 2, false)->Name("strided_2d_h2d/baseline")->Apply(ms_real);
BENCHMARK_TEMPLATE(h2d, 2, true)->Name("strided_2d_h2d/weft")->Apply(ms_real);
BENCHMARK_TEMPLATE(d2h, 2, false)->Name("strided_2d_d2h/baseline")->Apply(ms_real);
BENCHMARK_TEMPLATE(d2h, 2, true)->Name("strided_2d_d2h/weft")->Apply(ms_real);
BENCHMARK_TEMPLATE(h2d, 3, false)->Name("strided_3d_h2d/baseline")->Apply(ms_real);
BENCHMARK_TEMPLATE(h2d, 3, true)->Name("strided_3d_h2d/weft")->Apply(ms_real);
BENCHMARK_TEMPLATE(d2h, 3, false)->Name("strided_3d_d2h/baseline")->Apply(ms_real);
BENCHMARK_TEMPLATE(d2h, 3, true)->Name("strided_3d_d2h/weft")->Apply(ms_real);

WEFT_BENCH_MAIN()
