#pragma once
// A step of weft-barrier-split (barrier_split.cpp), after region_loops: the entry
// region's loops (marked `weft.entry`) read the group's input, typically a stream
// of global memory the items cover in order; then the group computes in local
// memory, region after region, with no load in flight. A worker runs consecutive
// groups, so each group's first pass waits on memory the prefetchers could not
// fetch during the previous group's computation (in the seed reduction, most of
// the kernel's time on a Xeon). After each entry-region loop, a later group's
// copy of each such stream (the group's id in its last dimension plus k, the
// group about `ahead_bytes` of the stream on, 1 to `ahead_groups` groups) is
// prefetched, up to `prefetch_limit` bytes, while this group computes.
// Prefetches never fault and change no value; loads the pass cannot describe as
// an affine stream of the group's id are left alone.
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/Value.h>

namespace weft::compiler {

constexpr const char* entry_region_mark = "weft.entry";

// `group`: the group's id in its last dimension (the marker's last argument).
// Returns the number of streams prefetched after each entry loop.
unsigned prefetch_next_group(llvm::Function& f, llvm::FunctionAnalysisManager& analyses, llvm::Value* group);

// The same for a scoped or hierarchical group's item loop (weft-candidate-item-loops)
// that a task runs inside its loop over the groups: after `items`, each stream it
// reads is prefetched where the next pass of the nearest loop around it that moves
// the stream (the next group) will read it: streams of input only (not the
// function's own arrays, nor memory the loop writes). Returns the number of streams.
// `loops` is kept up to date (the prefetch loop is a child of the loop around `items`).
unsigned prefetch_next_pass(llvm::Loop& items, llvm::LoopInfo& loops, llvm::ScalarEvolution& scev);

}  // namespace weft::compiler
