#pragma once
// The CPU target's parallel loops, compiled once in libweft
// (src/target/cpu/parallel.cpp, on oneTBB): a launch template hands a chunk
// function and a context, and the library runs the chunks on Weft's workers.
// The templates below turn a callable into that pair; the user's translation
// unit instantiates only the small trampoline, in which the callable (and the
// per-item loop inside it) is inlined and vectorized as before. oneTBB's headers
// stay out of the public headers.
//
// Every call behaves as the oneTBB algorithm named in its comment: the same
// partitioning, nested calls from inside a chunk run in the same arena, and an
// exception thrown by a chunk cancels the others and leaves the call on the
// calling thread. ThreadSanitizer: the library announces the hand-over of the
// context (built on the caller's stack) to the workers with
// weft/sanitizer.hpp's fork/join tokens (the context's address), so callers
// need no annotation of their own.
#include <cstddef>
#include <new>
#include <type_traits>
#include <weft/runtime/export.hpp>

namespace weft::cpu {

// Runs chunk(ctx, b, e) on pieces [b, e) that together cover [begin, end) once.
using chunk_fn = void (*)(void* ctx, std::size_t begin, std::size_t end);

// tbb::parallel_for(tbb::blocked_range(begin, end, grain), ...) with oneTBB's
// default (auto) partitioner, in the current arena. With a `step`, the pieces begin
// at begin + a multiple of step (a range of whole vectors of items: only the last
// piece leaves items over from a widened loop).
WEFT_API void parallel_for_chunks(std::size_t begin, std::size_t end, std::size_t grain, chunk_fn chunk, void* ctx,
                                  std::size_t step);
WEFT_API void parallel_for_chunks(std::size_t begin, std::size_t end, std::size_t grain, chunk_fn chunk, void* ctx);

// The static, deterministic partition (docs/hpc.md, "Placement"): [0, n) is cut
// into `chunks` contiguous blocks, block k = [k*n/chunks, (k+1)*n/chunks), and
// block k runs on the worker in slot k of Weft's arena whenever that worker takes
// part. With pinned workers slot k sits on the k-th CPU of the mask, so a kernel
// of the same size and worker count touches the same memory from the same CPU
// every time: first-touch placement done by an initialising kernel lands on the
// NUMA node of the worker that later uses it.
//
// It never waits for a particular worker: each of the `chunks` tasks takes its
// own slot's block if still free, otherwise the first free block. So a busy or
// absent worker's block is done by another, and every block runs exactly once.
// A single block runs on the calling thread.
//
// The nd_range and scoped launchers use it for work groups: n is the number of
// groups and a block runs groups [begin, end).
WEFT_API void static_for_chunks(std::size_t n, std::size_t chunks, chunk_fn chunk, void* ctx);

// How many blocks the static partition uses for n units of `unit_items` items
// each: one per worker of the current arena, fewer when a block would hold
// less than `min_items` items. Depends only on (n, unit_items, workers).
WEFT_API std::size_t static_chunks(std::size_t n, std::size_t unit_items, std::size_t min_items);

// Workers of the arena the calling thread runs in: Weft's, or the arena of the
// sub-device whose command is running (docs/hpc.md, "Sub-devices").
WEFT_API std::size_t arena_workers();

// A type-erased parallel reduction over [begin, end): the partial results are
// objects of `size` bytes aligned to `align`, made and combined by the caller's
// functions.
struct reduce_ops {
  std::size_t size;
  std::size_t align;
  void (*init)(void* ctx, void* partial);   // constructs the identity partial at `partial`
  void (*destroy)(void* partial) noexcept;  // destroys one
  void (*run)(void* ctx, void* partial, std::size_t begin, std::size_t end);  // adds [begin, end) to it
  void (*join)(void* ctx, void* left, const void* right);                     // left = left combined with right
};

// tbb::parallel_reduce(tbb::blocked_range(begin, end, grain), ...) with oneTBB's
// default (auto) partitioner, in the current arena. `result` is a partial the
// caller made (usually the identity): the first chunks run into it, the others
// into partials made by ops.init, which are joined into it, left before right.
WEFT_API void parallel_reduce_chunks(std::size_t begin, std::size_t end, std::size_t grain, const reduce_ops& ops,
                                     void* ctx, void* result);

namespace detail {
template <class Body>
void chunk_trampoline(void* ctx, std::size_t begin, std::size_t end) {
  (*static_cast<const Body*>(ctx))(begin, end);
}

template <class Value, class Run, class Join>
struct reduce_context {
  const Value* identity;
  const Run* run;
  const Join* join;

  static void init(void* ctx, void* p) { ::new (p) Value(*static_cast<const reduce_context*>(ctx)->identity); }
  static void destroy(void* p) noexcept { static_cast<Value*>(p)->~Value(); }
  static void run_chunk(void* ctx, void* p, std::size_t begin, std::size_t end) {
    (*static_cast<const reduce_context*>(ctx)->run)(begin, end, *static_cast<Value*>(p));
  }
  static void join_parts(void* ctx, void* left, const void* right) {
    (*static_cast<const reduce_context*>(ctx)->join)(*static_cast<Value*>(left), *static_cast<const Value*>(right));
  }
  static constexpr reduce_ops ops{sizeof(Value), alignof(Value), &init, &destroy, &run_chunk, &join_parts};
};
}  // namespace detail

// body(b, e) over pieces of [begin, end), as parallel_for_chunks.
template <class Body>
void parallel_for(std::size_t begin, std::size_t end, std::size_t grain, const Body& body, std::size_t step = 1) {
  parallel_for_chunks(begin, end, grain, &detail::chunk_trampoline<Body>,
                      const_cast<void*>(static_cast<const void*>(&body)), step);
}

// body(b, e) for each block of [0, n) split into `chunks` blocks, as static_for_chunks.
template <class Body>
void static_for(std::size_t n, std::size_t chunks, const Body& body) {
  static_for_chunks(n, chunks, &detail::chunk_trampoline<Body>, const_cast<void*>(static_cast<const void*>(&body)));
}

// result = identity combined with every item of [begin, end): run(b, e, acc)
// adds items [b, e) to acc, join(left, right) adds right to left.
template <class Value, class Run, class Join>
void parallel_reduce(std::size_t begin, std::size_t end, std::size_t grain, const Value& identity, Value& result,
                     const Run& run, const Join& join) {
  using ctx_t = detail::reduce_context<Value, Run, Join>;
  ctx_t ctx{&identity, &run, &join};
  parallel_reduce_chunks(begin, end, grain, ctx_t::ops, &ctx, &result);
}

}  // namespace weft::cpu
