#pragma once
// Run-time alias checks for a scoped or hierarchical item loop
// (weft-candidate-item-loops). LLVM's alias analysis cannot tell apart the memory a
// hierarchical kernel's items touch: local memory (through Weft's per-thread base
// pointer), private memory (the worker's arena) and the buffers (pointers in the
// kernel's copy), nor the locations of those base pointers and offsets, which the
// items read again and again. Where the proof fails only for that, the loop is
// versioned (as LLVM's LoopVersioning does for its loops):
//  - a load every item makes at one address, of an integer or a pointer, is read
//    once before the loop as well (where it is safe to read there);
//  - each access's bytes over the loop's whole run form an interval (its address an
//    affine walk over the item loop and the loops inside it, whose steps are the same
//    for every item, with the read-once values in place of those loads);
//  - before the loop, a test that the interval of every store misses the interval of
//    each access the proof could not tell apart from it, and misses the location of
//    every load read once;
//  - where it passes, the loop runs with the read-once values (they cannot change:
//    no store reaches their locations) and its items are independent; otherwise the
//    loop as it was runs, its items in order.
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/ValueMap.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace weft::compiler {

// The loads of `loop` every item makes at one address, and the copy of each read
// before the loop (in its preheader).
struct read_once {
  llvm::DenseMap<llvm::Instruction*, llvm::LoadInst*> copies;
  llvm::SmallVector<llvm::LoadInst*, 8> made;  // each copy once, in the order made

  // `expression` with each of those loads replaced by its copy read before the loop.
  const llvm::SCEV* rewrite(const llvm::SCEV* expression, llvm::ScalarEvolution& scev) const;
};

// Creates the copies (none where a load is not safe to read before the loop).
read_once read_before(llvm::Loop& loop, const llvm::DominatorTree& dom);

// Removes copies no check needs.
void discard(read_once& reads);

// An access whose bytes over the loop's run a run-time test bounds: its address
// (rewritten as above) and how many bytes it touches.
struct checked_access {
  const llvm::SCEV* address;
  std::int64_t size;
};

// Memory known readable before the loop: [begin, end).
struct dereferenceable_block {
  const llvm::SCEV* begin;
  const llvm::SCEV* end;
};

// The lowest and the highest value `e` takes over the run of `item` and the loops
// inside it, as expressions of values before `item`; none where `e` is not an affine
// walk with steps the same for every item over loops whose counts are the same for
// every item. Computed in `e`'s type: exact only where nothing wraps there (as for the
// addresses of accesses that happen).
std::optional<std::pair<const llvm::SCEV*, const llvm::SCEV*>> span(const llvm::SCEV* e, const llvm::Loop& item,
                                                                    llvm::ScalarEvolution& scev);

// Whether `access`'s interval over the loop's run can be computed before it.
bool bounded(const checked_access& access, const llvm::Loop& loop, llvm::ScalarEvolution& scev);

// What the run-time test must find: each pair's intervals apart, no store reaching
// a location read once, and each access of `inside` within its block.
struct alias_checks {
  std::vector<std::pair<checked_access, checked_access>> pairs;
  std::vector<checked_access> stores;
  std::vector<std::pair<checked_access, dereferenceable_block>> inside;
};

// More comparisons than this and a loop is not versioned (each costs a few
// instructions per run of the loop).
constexpr std::size_t most_alias_tests = 16;

// Versions `loop` on that test: the original `loop` becomes the version that runs
// where the test passes (its read-once loads replaced by the copies), and the copy
// where it fails is returned. Null where the loop has not the simple form needed, or
// where the test would need more than `most_tests` comparisons (`tests_needed` says
// how many).
llvm::Loop* version_on_alias_checks(llvm::Loop& loop, const alias_checks& checks, read_once& reads,
                                    std::size_t most_tests, std::size_t& tests_needed, llvm::LoopInfo& loops,
                                    llvm::DominatorTree& dom, llvm::ScalarEvolution& scev);

}  // namespace weft::compiler
