// The per-thread arena behind scoped parallelism's memory_environment().
#include <algorithm>
#include <new>
#include <weft/target/cpu/scoped_arena.hpp>

namespace weft::kernel {

namespace {
constexpr std::size_t chunk_alignment = 64;  // a cache line: no false sharing, aligned SIMD loads
constexpr std::size_t first_chunk_bytes = std::size_t(1) << 16;
}  // namespace

scoped_arena::~scoped_arena() {
  for (chunk& c : m_chunks) ::operator delete(c.data, std::align_val_t(chunk_alignment));
}

scoped_arena& scoped_arena::this_thread() {
  thread_local scoped_arena arena;
  return arena;
}

void* scoped_arena::allocate_slow(std::size_t bytes, std::size_t align) {
  // Chunks after the current one are unused (LIFO), so the next chunk may be
  // taken, or replaced by one large enough.
  const std::size_t need = bytes + std::max(align, chunk_alignment);
  std::size_t next = m_chunks.empty() ? 0 : m_chunk + 1;
  if (next < m_chunks.size() && m_chunks[next].size < need) {
    for (std::size_t i = next; i < m_chunks.size(); ++i)
      ::operator delete(m_chunks[i].data, std::align_val_t(chunk_alignment));
    m_chunks.resize(next);
  }
  if (next == m_chunks.size()) {
    std::size_t size = m_chunks.empty() ? first_chunk_bytes : m_chunks.back().size * 2;
    size = std::max(size, need);
    auto* data = static_cast<std::byte*>(::operator new(size, std::align_val_t(chunk_alignment)));
    m_chunks.push_back({data, size});
  }
  m_chunk = next;
  m_offset = 0;
  return allocate_block(bytes, align);
}

}  // namespace weft::kernel
