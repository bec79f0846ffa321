// weft-uniform-chain-guard (uniform_chain_guard.hpp).
#include "uniform_chain_guard.hpp"

#include <llvm/ADT/DenseMap.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

#include <algorithm>
#include <cstdint>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-uniform-chain-guard";
// About 13 steps of seed 64045's chain: LLVM 22 plans such a loop in well under a second.
constexpr std::uint64_t path_limit = std::uint64_t{1} << 22;
constexpr std::uint64_t saturated = std::uint64_t{1} << 60;

// An instruction whose value is the same in every iteration of `loop` when its
// operands' are (what isSingleScalar looks through); loads only of a loop-invariant address.
bool uniform_kind(const Instruction& inst) {
  if (isa<BinaryOperator>(inst) || isa<CmpInst>(inst) || isa<SelectInst>(inst) || isa<CastInst>(inst) ||
      isa<UnaryOperator>(inst) || isa<FreezeInst>(inst) || isa<GetElementPtrInst>(inst) || isa<LoadInst>(inst))
    return true;
  const auto* intrinsic = dyn_cast<IntrinsicInst>(&inst);
  return intrinsic && !intrinsic->mayReadOrWriteMemory() && !intrinsic->mayHaveSideEffects();
}

// The largest number of uniform paths ending at an instruction of `loop` (saturating).
std::uint64_t most_paths(const Loop& loop) {
  DenseMap<const Instruction*, std::uint64_t> paths;  // 0: not uniform
  std::uint64_t most = 0;
  // Blocks in loop order visit an in-loop operand before its users, but for phis (never uniform here).
  for (const BasicBlock* block : loop.blocks())
    for (const Instruction& inst : *block) {
      if (!uniform_kind(inst)) continue;
      std::uint64_t count = 1;
      bool uniform = true;
      for (const Value* operand : inst.operands()) {
        const auto* def = dyn_cast<Instruction>(operand);
        if (!def || !loop.contains(def)) continue;  // loop-invariant
        const auto found = paths.find(def);
        if (found == paths.end() || found->second == 0) {
          uniform = false;
          break;
        }
        count = std::min(saturated, count + found->second);
      }
      if (uniform && isa<LoadInst>(inst) && count > 1) uniform = false;  // an address that varies
      paths[&inst] = uniform ? count : 0;
      if (uniform) most = std::max(most, count);
    }
  return most;
}

}  // namespace

PreservedAnalyses UniformChainGuardPass::run(Function& f, FunctionAnalysisManager& analyses) {
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  if (loops.empty()) return PreservedAnalyses::all();
  OptimizationRemarkEmitter remarks(&f);
  bool changed = false;
  for (Loop* loop : loops.getLoopsInPreorder()) {
    const std::uint64_t paths = most_paths(*loop);
    if (paths <= path_limit) continue;
    addStringMetadataToLoop(loop, "llvm.loop.vectorize.enable", 0);
    changed = true;
    remarks.emit([&] {
      return OptimizationRemarkMissed(pass_name, "UniformChain", loop->getStartLoc(), loop->getHeader())
             << "loop not vectorized: a chain of values the same in every iteration (more than "
             << ore::NV("Paths", path_limit)
             << " paths through them) would take LLVM 22's vectorizer exponential time to plan";
    });
  }
  return changed ? PreservedAnalyses::allInSet<CFGAnalyses>() : PreservedAnalyses::all();
}

}  // namespace weft::compiler
