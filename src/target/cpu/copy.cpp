// Host copies between boxes of memory (weft/runtime/launch.hpp, copy_boxes): the
// accessor forms of handler::copy, compiled once so that every compiler runs the
// same loop and a strided copy moves whole rows rather than single elements.
//
// 1. Each side becomes rows of `run` contiguous elements, at most two outer
//    dimensions deep: dimensions of size 1 drop out, and an outer dimension whose
//    stride is the run (or the next outer dimension's extent) merges into it, so a
//    box as wide as its storage is one long run.
// 2. Element l of the copy lies in row l / run of each side; a cursor per side
//    walks its rows, and each step moves the longest piece that is contiguous on
//    both sides with one memmove.
// 3. A copy of at least parallel_bytes runs in contiguous blocks of elements on the
//    current arena's workers, otherwise on the calling thread: blocks of at least
//    min_block_bytes, as oneTBB's auto partitioner cuts them (a worker that starts
//    late leaves the others no more than a block; with a block per worker, the
//    copy waited for the last one's whole block), or, where placement is on
//    (docs/hpc.md), the static partition's block per worker, so that the pages a
//    worker copies are those it touches in the kernels. Overlapping sides (two
//    accessors of one buffer) stay on the calling thread, in order.
#include <weft/runtime/launch.hpp>
#include <weft/runtime/runtime.hpp>
#include <weft/target/cpu/parallel.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace weft::launch {

namespace {

// Large enough that waking the workers costs little beside the copy; a block is
// still many rows of a typical box.
constexpr std::size_t parallel_bytes = std::size_t(1) << 20;
constexpr std::size_t min_block_bytes = std::size_t(256) << 10;

// A box as rows: row (a, b), a < n0 and b < n1, starts at element a*stride0 + b*stride1 of data.
struct rows {
  std::byte* data;
  std::size_t run, n1, stride1, n0, stride0;

  // The elements from the box's first to its last, inclusive, in storage order.
  std::size_t span() const { return (n0 - 1) * stride0 + (n1 - 1) * stride1 + run; }
};

rows rows_of(const copy_box& b) {
  const std::size_t stride[3] = {b.memory[1] * b.memory[2], b.memory[2], 1};
  rows r{static_cast<std::byte*>(b.data), b.range[2], 1, 0, 1, 0};
  std::size_t size[2] = {1, 1}, step[2] = {0, 0};  // outer dimensions, inner first
  int outer = 0;
  for (int d = 1; d >= 0; --d) {
    if (b.range[d] == 1) continue;
    if (outer == 0 && stride[d] == r.run) r.run *= b.range[d];  // contiguous with the run
    else if (outer > 0 && stride[d] == size[outer - 1] * step[outer - 1]) size[outer - 1] *= b.range[d];
    else {
      size[outer] = b.range[d];
      step[outer] = stride[d];
      ++outer;
    }
  }
  r.n1 = size[0];
  r.stride1 = step[0];
  r.n0 = size[1];
  r.stride0 = step[1];
  return r;
}

// A position in a box's rows.
class cursor {
 public:
  cursor(const rows& r, std::size_t element_bytes, std::size_t l) : m_rows(r), m_bytes(element_bytes) {
    std::size_t row = l / r.run;
    m_within = l % r.run;
    m_a = row / r.n1;
    m_b = row % r.n1;
    locate();
  }
  std::size_t left_in_run() const { return m_rows.run - m_within; }
  std::byte* at() const { return m_row + m_within * m_bytes; }
  void advance(std::size_t n) {
    m_within += n;
    if (m_within < m_rows.run) return;
    m_within = 0;
    if (++m_b == m_rows.n1) {
      m_b = 0;
      ++m_a;
    }
    if (m_a < m_rows.n0) locate();  // (past the last row only at the end of the copy)
  }

 private:
  void locate() { m_row = m_rows.data + (m_a * m_rows.stride0 + m_b * m_rows.stride1) * m_bytes; }
  const rows& m_rows;
  std::size_t m_bytes;
  std::size_t m_a = 0, m_b = 0, m_within = 0;
  std::byte* m_row = nullptr;
};

// Elements [begin, end) of the copy.
void copy_range(const rows& src, const rows& dst, std::size_t element_bytes, std::size_t begin, std::size_t end) {
  cursor from(src, element_bytes, begin), to(dst, element_bytes, begin);
  for (std::size_t l = begin; l < end;) {
    const std::size_t n = std::min({from.left_in_run(), to.left_in_run(), end - l});
    std::memmove(to.at(), from.at(), n * element_bytes);
    from.advance(n);
    to.advance(n);
    l += n;
  }
}

}  // namespace

void copy_boxes(const copy_box& src, const copy_box& dst, std::size_t element_bytes, std::size_t count) {
  if (count == 0 || element_bytes == 0) return;
  const rows from = rows_of(src), to = rows_of(dst);
  const std::size_t bytes = count * element_bytes;
  const auto s0 = reinterpret_cast<std::uintptr_t>(from.data), d0 = reinterpret_cast<std::uintptr_t>(to.data);
  const bool overlap = s0 < d0 + to.span() * element_bytes && d0 < s0 + from.span() * element_bytes;
  if (bytes < parallel_bytes || overlap) {
    copy_range(from, to, element_bytes, 0, count);
    return;
  }
  const auto blocks = [&](std::size_t b, std::size_t e) { copy_range(from, to, element_bytes, b, e); };
  if (weft::detail::static_partition())
    weft::cpu::static_for(count, weft::cpu::static_chunks(count, element_bytes, min_block_bytes), blocks);
  else weft::cpu::parallel_for(0, count, std::max<std::size_t>(1, min_block_bytes / element_bytes), blocks);
}

}  // namespace weft::launch
