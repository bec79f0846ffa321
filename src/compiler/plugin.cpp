// Weft's pass plugin for clang 22 (docs/design.md, "The compiler plugin"): loaded
// with -fpass-plugin=, it gives `flatten` g++'s meaning (weft-flatten, at the start
// of the pipeline), splits nd_range kernels at their barriers into loops over the
// work group's items (weft-barrier-split, once everything is inlined), turns on
// LLVM's outer-loop vectorizer (the VPlan native path), makes the loops over a
// scoped or hierarchical group's items item loops where it proves their items
// independent (weft-candidate-item-loops), merges the relaxed atomic updates every item
// of an item loop makes to one address into one per run of the loop (weft-atomic-combine),
// makes a signed division unsigned where its
// dividend is non-negative wherever the quotient is used (weft-nonnegative-division: a
// tree step's offset the vectorizer must know non-negative), hides from the vectorizer
// the narrow wrapping indices whose run-time check LLVM 22 would drop (weft-narrow-index-guard) and the
// divisions under a branch whose first lane alone it would use for an address (weft-predicated-division-guard),
// lets the vectorizer see only Weft's item
// loops and only where it can widen them exactly (weft-item-loop-select, before the
// vectorizer), keeps from the vectorizer the loops whose chains of uniform values
// it would take exponential time to plan (weft-uniform-chain-guard), computes before an
// innermost loop the bases its addresses' loop-invariant offsets make (weft-invariant-bases:
// the vectorizer counts a base and an offset apart as two live values), and turns the gathers
// and scatters it makes back into scalar and vector accesses (weft-lane-accesses,
// after it), gives the strided loads of a coarsened range reduction's items to other
// lanes so that they widen into consecutive loads (weft-reduction-lanes, before it), folds a max of a min that shares an operand with it, as g++ does
// (weft-minmax-fold, after each InstCombine), tells the profile what became of each kernel's item loops
// (weft-item-loop-report, after that), and writes SYCL 2020 kernel attributes into the handler's per-kernel
// slots (weft-kernel-attributes, at the start, from the front-end plugin's
// annotations). The passes are also available to opt by name for testing.
#include "atomic_combine.hpp"
#include "barrier_split.hpp"
#include "candidate_item_loops.hpp"
#include "flatten.hpp"
#include "invariant_bases.hpp"
#include "item_loop_report.hpp"
#include "item_loop_select.hpp"
#include "kernel_attributes.hpp"
#include "lane_accesses.hpp"
#include "minmax_fold.hpp"
#include "narrow_index_guard.hpp"
#include "nonnegative_division.hpp"
#include "predicated_division_guard.hpp"
#include "reduction_lanes.hpp"
#include "uniform_chain_guard.hpp"

#include <llvm/Passes/PassBuilder.h>
#include <llvm/Plugins/PassPlugin.h>
#include <llvm/Support/CommandLine.h>

using namespace llvm;

namespace {

// The native path is a command-line option of the loop vectorizer; the plugin
// sets it as `-mllvm -enable-vplan-native-path` would.
void enable_outer_loop_vectorizer() {
  auto& options = cl::getRegisteredOptions();
  auto found = options.find("enable-vplan-native-path");
  if (found != options.end()) static_cast<cl::opt<bool>*>(found->second)->setValue(true);
}

void register_passes(PassBuilder& builder) {
  enable_outer_loop_vectorizer();
  builder.registerPipelineStartEPCallback([](ModulePassManager& passes, OptimizationLevel level) {
    passes.addPass(weft::compiler::KernelAttributesPass());  // at -O0 too: the handler reads it
    if (level != OptimizationLevel::O0) passes.addPass(weft::compiler::FlattenPass());
  });
  builder.registerPeepholeEPCallback([](FunctionPassManager& passes, OptimizationLevel level) {
    if (level != OptimizationLevel::O0) passes.addPass(weft::compiler::MinMaxFoldPass());
  });
  builder.registerOptimizerEarlyEPCallback([](ModulePassManager& passes, OptimizationLevel level, ThinOrFullLTOPhase) {
    if (level != OptimizationLevel::O0)
      passes.addPass(createModuleToFunctionPassAdaptor(weft::compiler::BarrierSplitPass()));
  });
  builder.registerVectorizerStartEPCallback([](FunctionPassManager& passes, OptimizationLevel level) {
    if (level != OptimizationLevel::O0) {
      passes.addPass(weft::compiler::ReductionLanesPass());
      passes.addPass(weft::compiler::NonnegativeDivisionPass());
      passes.addPass(weft::compiler::NarrowIndexGuardPass());
      passes.addPass(weft::compiler::PredicatedDivisionGuardPass());
      passes.addPass(weft::compiler::CandidateItemLoopsPass());
      passes.addPass(weft::compiler::AtomicCombinePass());
      passes.addPass(weft::compiler::ItemLoopSelectPass());
      passes.addPass(weft::compiler::UniformChainGuardPass());
      passes.addPass(weft::compiler::InvariantBasesPass());
    }
  });
  builder.registerVectorizerEndEPCallback([](FunctionPassManager& passes, OptimizationLevel level) {
    if (level != OptimizationLevel::O0) {
      passes.addPass(weft::compiler::LaneAccessesPass());
      passes.addPass(weft::compiler::ItemLoopReportPass());
    }
  });
  builder.registerPipelineParsingCallback(
      [](StringRef name, ModulePassManager& passes, ArrayRef<PassBuilder::PipelineElement>) {
        if (name == "weft-kernel-attributes") {
          passes.addPass(weft::compiler::KernelAttributesPass());
          return true;
        }
        if (name != "weft-flatten") return false;
        passes.addPass(weft::compiler::FlattenPass());
        return true;
      });
  builder.registerPipelineParsingCallback(
      [](StringRef name, FunctionPassManager& passes, ArrayRef<PassBuilder::PipelineElement>) {
        if (name == "weft-atomic-combine") {
          passes.addPass(weft::compiler::AtomicCombinePass());
          return true;
        }
        if (name == "weft-barrier-split") {
          passes.addPass(weft::compiler::BarrierSplitPass());
          return true;
        }
        if (name == "weft-candidate-item-loops") {
          passes.addPass(weft::compiler::CandidateItemLoopsPass());
          return true;
        }
        if (name == "weft-item-loop-select") {
          passes.addPass(weft::compiler::ItemLoopSelectPass());
          return true;
        }
        if (name == "weft-narrow-index-guard") {
          passes.addPass(weft::compiler::NarrowIndexGuardPass());
          return true;
        }
        if (name == "weft-predicated-division-guard") {
          passes.addPass(weft::compiler::PredicatedDivisionGuardPass());
          return true;
        }
        if (name == "weft-nonnegative-division") {
          passes.addPass(weft::compiler::NonnegativeDivisionPass());
          return true;
        }
        if (name == "weft-invariant-bases") {
          passes.addPass(weft::compiler::InvariantBasesPass());
          return true;
        }
        if (name == "weft-uniform-chain-guard") {
          passes.addPass(weft::compiler::UniformChainGuardPass());
          return true;
        }
        if (name == "weft-item-loop-report") {
          passes.addPass(weft::compiler::ItemLoopReportPass());
          return true;
        }
        if (name == "weft-minmax-fold") {
          passes.addPass(weft::compiler::MinMaxFoldPass());
          return true;
        }
        if (name == "weft-reduction-lanes") {
          passes.addPass(weft::compiler::ReductionLanesPass());
          return true;
        }
        if (name == "weft-lane-accesses") {
          passes.addPass(weft::compiler::LaneAccessesPass());
          return true;
        }
        return false;
      });
}

}  // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "weft", "0.1", register_passes};
}
