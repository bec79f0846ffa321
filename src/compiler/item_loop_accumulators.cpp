// An item loop's accumulators kept in registers (item_loop_accumulators.hpp):
//  1. the loop gets a preheader and a dedicated exit (and, where it has accumulators,
//     LCSSA form: the versioning needs them);
//  2. plan_registers finds the accumulators of the loops inside the item and what
//     the run-time test must check (their other accesses apart, the elements read
//     before the loop readable there);
//  3. version_on_alias_checks puts the test before the loop; keep_in_registers makes
//     the accumulators registers in the version where it passes.
#include "item_loop_accumulators.hpp"

#include "item_accumulators.hpp"

#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>

using namespace llvm;

namespace weft::compiler {

kept_accumulators keep_item_accumulators(Function& f, Loop& item, LoopInfo& loops, FunctionAnalysisManager& analyses) {
  DominatorTree& dom = analyses.getResult<DominatorTreeAnalysis>(f);
  ScalarEvolution& scev = analyses.getResult<ScalarEvolutionAnalysis>(f);
  simplifyLoop(&item, &dom, &loops, &scev, nullptr, nullptr, false);
  if (!item.isLoopSimplifyForm() || !item.getExitBlock()) return {};
  read_once reads = read_before(item, dom);
  const register_plan plan = plan_registers(item, reads, scev, analyses.getResult<AAManager>(f), dom);
  if (plan.accumulators.empty()) {
    discard(reads);
    return {};
  }
  formLCSSARecursively(item, dom, &loops, &scev);
  std::size_t tests = 0;
  Loop* slow = version_on_alias_checks(item, plan.checks, reads, most_alias_tests, tests, loops, dom, scev);
  if (!slow) {
    discard(reads);
    return {};
  }
  kept_accumulators kept;
  kept.slow = slow;
  kept.count = keep_in_registers(plan, item, loops, dom, scev, analyses.getResult<AssumptionAnalysis>(f));
  return kept;
}

}  // namespace weft::compiler
