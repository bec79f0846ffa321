#pragma once
// Masks for the branches inside a work item's loops. LLVM's outer-loop vectorizer (the
// native path that widens Weft's item loops) has no predication: a branch inside a
// loop of the item whose condition differs between items (n-body's self test
// `if (gid != offset + i) acc += ...`) refuses the whole item loop. Here one
// iteration of such a loop becomes straight code whose blocks all run, each under its
// condition (a mask):
//  - a value merged at a join is a select on the conditions of the edges into it;
//  - a load the condition guards reads from Weft's block of zeros where the condition
//    fails (the address is a select), so no address the item never read is touched;
//  - a store the condition guards writes to the function's discard slot (a private
//    block never read) where the condition fails;
//  - a division the condition guards divides by 1 where it fails.
// Results cannot change: what a block computes where its condition fails is never
// used. weft-lane-accesses turns the widened guarded loads and stores back into masked
// loads and stores (one scalar load where every lane reads the same address).
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>

#include <string>

namespace weft::compiler {

// Why the branches of `inner` (a loop inside the item) cannot become masks ("it guards
// a store ..."), or an empty string.
std::string predication_refusal(const llvm::Loop& inner, const llvm::DominatorTree& dom);

// Makes one iteration of `inner` straight code under masks (predication_refusal must be
// empty). `dom` is recomputed; `loops` loses the merged blocks.
void predicate_iteration(llvm::Loop& inner, llvm::LoopInfo& loops, llvm::DominatorTree& dom);

// A branch at the item loop's own level (not in a loop inside the item) and the blocks
// it guards, up to where its paths meet (its immediate post-dominator, `join`).
struct guarded_region {
  llvm::SmallVector<llvm::BasicBlock*, 16> blocks;  // in reverse post-order, the branch's first
  llvm::BasicBlock* join = nullptr;
};

// Why the branch ending `branch` (a block of `item`'s own level) cannot become masks,
// or an empty string (then `region` holds what it guards).
std::string region_refusal(llvm::BasicBlock& branch, const llvm::Loop& item, const llvm::LoopInfo& loops,
                           const llvm::DominatorTree& dom, const llvm::PostDominatorTree& post, guarded_region& region);

// Makes the region straight code under masks, merged into the branch's block; `dom`
// and `post` are recomputed.
void predicate_region(const guarded_region& region, llvm::LoopInfo& loops, llvm::DominatorTree& dom,
                      llvm::PostDominatorTree& post);

// Whether `inner` has a branch of its own (not in a loop inside it) other than its exit test.
bool branches_inside(const llvm::Loop& inner, const llvm::LoopInfo& loops);

// Why the instructions of `guarded` (blocks that may run where the item's code does
// not) cannot run under a mask, or an empty string.
std::string guarded_refusal(llvm::ArrayRef<const llvm::BasicBlock*> guarded);

// Puts `inst` (guarded_refusal accepted it) under `condition`: a load not known safe
// reads the block of zeros where it is false, a store writes the discard slot, a
// division divides by 1; hints go (the caller erases them) and so do the attributes and
// metadata that would make a wrong guess undefined behaviour.
void guard_instruction(llvm::Instruction& inst, llvm::Value* condition);

// The block of zeros guarded loads read where their condition fails (created on first use).
llvm::GlobalVariable& speculation_block(llvm::Module& module);

// The block guarded stores write where their condition fails: an alloca of `f`'s entry
// (created on first use).
llvm::AllocaInst& discard_slot(llvm::Function& f);

// A guarded access's address after widening: select(condition, real, the block of zeros
// or the discard slot) or its mirror (then `negated`). `real` is null for any other address.
struct guarded_address {
  llvm::Value* real = nullptr;
  llvm::Value* condition = nullptr;
  bool negated = false;
};
guarded_address guarded_pointers(llvm::Value* pointers);

}  // namespace weft::compiler
