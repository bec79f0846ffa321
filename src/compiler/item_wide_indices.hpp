#pragma once
// Wide indices for a scoped or hierarchical item loop (weft-candidate-item-loops). An
// index kept in an `int` (`int lid = it.get_local_id(0); s[lid + i]`, `int e = gid + i
// * n` in a loop inside the item) reaches the address sign-extended from a value that
// could wrap in 32 bits, so to scalar evolution it is no walk over the items and the
// proof fails ("not a constant step from item to item"). Where the extended value is
// an affine walk over the item loop and the loops inside it ({{s,+,1}<item>,+,n}<i>),
// the proof can be made with the wide walk in its place (the same starts and steps,
// extended: {{sext(s),+,1},+,sext(n)}), and where that helps the loop is versioned on
// a run-time test that the wide walk's lowest and highest values over the loop's run
// fit the narrow type: then the narrow walk never wraps and its extension is the wide
// walk. In the version where the test passes, each extension is the wide walk,
// expanded in its place; where it fails, the loop as it was runs, its items in order.
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Dominators.h>

namespace weft::compiler {

// The loop's extensions of narrow walks: each with its wide walk, and the wide walks'
// spans (computed in 128 bits) with the bounds they must keep to.
struct wide_indices {
  struct extension {
    llvm::Instruction* inst;
    const llvm::SCEV* walk;  // in the extension's type
    const llvm::SCEV* lowest;
    const llvm::SCEV* highest;
    bool sign;
    unsigned narrow_bits;
  };
  llvm::SmallVector<extension, 8> extensions;
  llvm::DenseMap<const llvm::SCEV*, const llvm::SCEV*> walks;  // extension -> wide walk

  bool empty() const { return extensions.empty(); }
  // `expression` with each extension replaced by its wide walk.
  const llvm::SCEV* rewrite(const llvm::SCEV* expression, llvm::ScalarEvolution& scev) const;
};

// Finds them in `loop`.
wide_indices find_wide_indices(llvm::Loop& loop, llvm::ScalarEvolution& scev);

// Versions `loop` (simplified, LCSSA) on the test that every wide walk fits: returns
// the copy that runs where it fails (or null where the loop has not the form needed
// or a bound cannot be computed before it); in `loop` the extensions are their wide
// walks.
llvm::Loop* version_on_wide_indices(llvm::Loop& loop, const wide_indices& wide, llvm::LoopInfo& loops,
                                    llvm::DominatorTree& dom, llvm::ScalarEvolution& scev);

}  // namespace weft::compiler
