// weft-lane-accesses (lane_accesses.hpp). Rewrites, where the address's lane
// pattern is proven:
//   masked.gather(p, all true)    p uniform      -> load + splat
//   masked.gather(p, m, pass)     p uniform      -> load (of the zero block where m is
//                                                   all false) + splat, select(m, pass)
//   masked.gather(p, m, pass)     p consecutive  -> load, or masked.load(m, pass)
//   masked.gather(p, all true)    p reversed     -> load + reverse
//   masked.scatter(v, p, m)       p consecutive  -> store, or masked.store(m)
//   masked.gather / masked.scatter  p a stride of 2 to 4 elements -> one masked load
//                                 (store) of the run the lanes span, and a shuffle
//   extractelement(x, 0), extractelement(icmp(a, b), 0) of known patterns -> scalar
// A gather through select(c, p, Weft's zero block) (a load the item guards, made by
// item_predication.cpp) is the gather of p under mask m & c, the failing lanes zeros;
// a scatter through select(c, p, the discard slot) (a guarded store) is the scatter of
// p under mask m & c, rewritten as above where it can be.
// The last keeps a loop counter that the vectorizer widened (its lanes all equal)
// from holding the vector alive. A function it changed gets InstCombine, so the dead
// vector arithmetic and the now-scalar phis are cleaned up before code generation.
#include "lane_accesses.hpp"

#include "function_backup.hpp"
#include "item_predication.hpp"
#include "lane_pattern.hpp"

#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr const char* pass_name = "weft-lane-accesses";

// Testing only: undoes every rewrite, as if LLVM's verifier had rejected it.
cl::opt<bool> reject_every_rewrite(
    "weft-lane-accesses-reject", cl::Hidden, cl::init(false),
    cl::desc("weft-lane-accesses: undo every rewrite, as if the verifier had rejected it"));

bool all_true(Value* mask) { return isa<Constant>(mask) && cast<Constant>(mask)->isAllOnesValue(); }

struct Counts {
  unsigned uniform_loads = 0, vector_loads = 0, vector_stores = 0, kept = 0;
};

// The element size when lanes of this type sit back to back in memory.
std::optional<std::int64_t> packed_size(const DataLayout& layout, Type* element) {
  const TypeSize store = layout.getTypeStoreSize(element), alloc = layout.getTypeAllocSize(element);
  if (store.isScalable() || store != alloc) return std::nullopt;
  return static_cast<std::int64_t>(store.getFixedValue());
}

// A stride of 2 to 4 elements (interleaved fields, a tree reduction's first pass):
// the accesses of a vector of lanes span a run of k times as many elements.
std::optional<unsigned> small_stride(const LanePattern& p, std::int64_t size) {
  for (unsigned k = 2; k <= 4; ++k)
    if (p.stride == static_cast<std::int64_t>(k) * size) return k;
  return std::nullopt;
}

// The mask of a run of n*k elements whose element j*k is lane j's: lane j's bit there,
// false elsewhere.
Value* spread(IRBuilder<>& builder, Value* mask, unsigned n, unsigned k) {
  SmallVector<int, 64> from;
  for (unsigned i = 0; i < n * k; ++i) from.push_back(i % k ? static_cast<int>(n) : static_cast<int>(i / k));
  return builder.CreateShuffleVector(mask, Constant::getNullValue(mask->getType()), from);
}

// A guarded access's condition per lane (the vectorizer keeps a condition the same
// for all lanes a scalar).
Value* lane_condition(IRBuilder<>& builder, const guarded_address& guarded, unsigned lanes) {
  Value* condition = guarded.negated ? builder.CreateNot(guarded.condition) : guarded.condition;
  return condition->getType()->isVectorTy() ? condition : builder.CreateVectorSplat(lanes, condition);
}

bool rewrite_gather(IntrinsicInst* gather, LanePatterns& patterns, const DataLayout& layout, Counts& counts) {
  Value* pointers = gather->getArgOperand(0);
  Value* mask = gather->getArgOperand(gather->arg_size() - 2);
  Value* passthru = gather->getArgOperand(gather->arg_size() - 1);
  const guarded_address guarded = guarded_pointers(pointers);
  if (guarded.real) pointers = guarded.real;
  auto* type = cast<FixedVectorType>(gather->getType());
  std::optional<std::int64_t> size = packed_size(layout, type->getElementType());
  std::optional<LanePattern> p = patterns.get(pointers);
  if (!size || !p) return false;
  const bool reversed = p->stride == -*size && all_true(mask) && !guarded.real;
  if (p->stride != 0 && p->stride != *size && !small_stride(*p, *size) && !reversed) return false;
  const Align align = gather->getParamAlign(0).value_or(Align(1));
  IRBuilder<> builder(gather);
  if (guarded.real) {  // the lanes whose condition fails read zeros (item_predication.hpp)
    Value* condition = lane_condition(builder, guarded, type->getNumElements());
    Constant* zeros = Constant::getNullValue(type);
    passthru = all_true(mask) ? zeros : builder.CreateSelect(mask, zeros, passthru);
    mask = all_true(mask) ? condition : builder.CreateAnd(mask, condition);
  }
  Value* result = nullptr;
  if (p->stride == 0 && all_true(mask)) {
    LoadInst* load = builder.CreateAlignedLoad(type->getElementType(), patterns.lane0(pointers), align);
    load->copyMetadata(*gather);
    result = builder.CreateVectorSplat(type->getNumElements(), load);
    ++counts.uniform_loads;
  } else if (p->stride == 0) {
    // Where any lane reads, the address (every lane's) is one the item reads; where
    // none does, the load reads the block of zeros instead.
    Value* address = builder.CreateSelect(builder.CreateOrReduce(mask), patterns.lane0(pointers),
                                          &speculation_block(*gather->getModule()));
    LoadInst* load = builder.CreateAlignedLoad(type->getElementType(), address, align);
    load->copyMetadata(*gather);
    result = builder.CreateSelect(mask, builder.CreateVectorSplat(type->getNumElements(), load), passthru);
    ++counts.uniform_loads;
  } else if (p->stride == *size) {
    Value* first = patterns.lane0(pointers);
    Instruction* load = all_true(mask) ? static_cast<Instruction*>(builder.CreateAlignedLoad(type, first, align))
                                       : builder.CreateMaskedLoad(type, first, align, mask, passthru);
    load->copyMetadata(*gather);
    result = load;
    ++counts.vector_loads;
  } else if (std::optional<unsigned> k = small_stride(*p, *size)) {
    // Lane j reads element j*k of a run: one masked load of the run, whose other
    // elements are masked off (never read, so never faulting), then the lanes' elements.
    const unsigned n = type->getNumElements();
    Value* wide_mask = spread(builder, mask, n, *k);
    Instruction* load = builder.CreateMaskedLoad(FixedVectorType::get(type->getElementType(), n * *k),
                                                 patterns.lane0(pointers), align, wide_mask);
    load->copyMetadata(*gather);
    SmallVector<int, 16> every_kth;
    for (unsigned j = 0; j < n; ++j) every_kth.push_back(static_cast<int>(j * *k));
    result = builder.CreateShuffleVector(load, every_kth);
    if (!all_true(mask) && !isa<PoisonValue>(passthru) && !isa<UndefValue>(passthru))
      result = builder.CreateSelect(mask, result, passthru);
    ++counts.vector_loads;
  } else if (p->stride == -*size && all_true(mask)) {
    Value* last = builder.CreateGEP(builder.getInt8Ty(), patterns.lane0(pointers),
                                    builder.getInt64(-*size * (type->getNumElements() - 1)));
    LoadInst* load = builder.CreateAlignedLoad(type, last, align);
    load->copyMetadata(*gather);
    result = builder.CreateVectorReverse(load);
    ++counts.vector_loads;
  } else {
    return false;
  }
  result->takeName(gather);
  gather->replaceAllUsesWith(result);
  gather->eraseFromParent();
  return true;
}

bool rewrite_scatter(IntrinsicInst* scatter, LanePatterns& patterns, const DataLayout& layout, Counts& counts) {
  Value* values = scatter->getArgOperand(0);
  Value* pointers = scatter->getArgOperand(1);
  Value* mask = scatter->getArgOperand(scatter->arg_size() - 1);
  const Align align = scatter->getParamAlign(1).value_or(Align(1));
  IRBuilder<> builder(scatter);
  Instruction* store = nullptr;
  if (const guarded_address guarded = guarded_pointers(pointers); guarded.real) {
    // A store the item guards: the lanes whose condition fails are masked off instead
    // of writing the discard slot (item_predication.hpp).
    Value* condition = lane_condition(builder, guarded, cast<FixedVectorType>(values->getType())->getNumElements());
    pointers = guarded.real;
    mask = all_true(mask) ? condition : builder.CreateAnd(mask, condition);
    store = builder.CreateMaskedScatter(values, pointers, align, mask);
    store->copyMetadata(*scatter);
    scatter->eraseFromParent();
    scatter = cast<IntrinsicInst>(store);
  }
  auto* type = cast<FixedVectorType>(values->getType());
  std::optional<std::int64_t> size = packed_size(layout, type->getElementType());
  std::optional<LanePattern> p = patterns.get(pointers);
  const std::optional<unsigned> k = size && p ? small_stride(*p, *size) : std::nullopt;
  if (!size || !p || (p->stride != *size && !k)) {  // (a uniform scatter keeps its last-lane-wins order)
    counts.kept += store != nullptr;                // (a scatter still, of the real addresses)
    return store != nullptr;
  }
  builder.SetInsertPoint(scatter);
  Value* first = patterns.lane0(pointers);
  if (k) {  // lane j to element j*k of a run; the others masked off (not written)
    const unsigned n = type->getNumElements();
    SmallVector<int, 64> spread_lanes;
    for (unsigned i = 0; i < n * *k; ++i) spread_lanes.push_back(i % *k ? -1 : static_cast<int>(i / *k));
    store = builder.CreateMaskedStore(builder.CreateShuffleVector(values, spread_lanes), first, align,
                                      spread(builder, mask, n, *k));
  } else {
    store = all_true(mask) ? static_cast<Instruction*>(builder.CreateAlignedStore(values, first, align))
                           : builder.CreateMaskedStore(values, first, align, mask);
  }
  store->copyMetadata(*scatter);
  scatter->eraseFromParent();
  ++counts.vector_stores;
  return true;
}

// extractelement(x, 0) where x's lanes are known: lane 0 computed as a scalar.
bool rewrite_extract(ExtractElementInst* extract, LanePatterns& patterns) {
  auto* index = dyn_cast<ConstantInt>(extract->getIndexOperand());
  if (!index || !index->isZero()) return false;
  Value* vector = extract->getVectorOperand();
  Value* scalar = nullptr;
  if (auto* compare = dyn_cast<ICmpInst>(vector)) {
    if (!patterns.get(compare->getOperand(0)) || !patterns.get(compare->getOperand(1))) return false;
    Value* a = patterns.lane0(compare->getOperand(0));
    Value* b = patterns.lane0(compare->getOperand(1));
    IRBuilder<> builder(extract);
    scalar = builder.CreateICmp(compare->getPredicate(), a, b);
  } else if (patterns.get(vector) && !isa<Constant>(vector)) {
    scalar = patterns.lane0(vector);
  }
  if (!scalar || scalar == extract) return false;
  extract->replaceAllUsesWith(scalar);
  extract->eraseFromParent();
  return true;
}

}  // namespace

PreservedAnalyses LaneAccessesPass::run(Function& f, FunctionAnalysisManager& analyses) {
  const DataLayout& layout = f.getDataLayout();
  SmallVector<IntrinsicInst*, 16> accesses;
  SmallVector<ExtractElementInst*, 16> extracts;
  for (Instruction& inst : instructions(f)) {
    if (auto* intrinsic = dyn_cast<IntrinsicInst>(&inst)) {
      Intrinsic::ID id = intrinsic->getIntrinsicID();
      if (id == Intrinsic::masked_gather || id == Intrinsic::masked_scatter) accesses.push_back(intrinsic);
    } else if (auto* extract = dyn_cast<ExtractElementInst>(&inst)) {
      extracts.push_back(extract);
    }
  }
  if (accesses.empty()) return PreservedAnalyses::all();  // nothing the outer-loop path made
  function_backup backup(f);                              // (a rewrite LLVM's verifier rejects is undone)
  LanePatterns patterns(layout);
  Counts counts;
  bool changed = false;
  for (IntrinsicInst* access : accesses) {
    const bool done = access->getIntrinsicID() == Intrinsic::masked_gather
                          ? rewrite_gather(access, patterns, layout, counts)
                          : rewrite_scatter(access, patterns, layout, counts);
    counts.kept += !done;
    changed |= done;
  }
  if (!changed) return PreservedAnalyses::all();
  for (ExtractElementInst* extract : extracts) rewrite_extract(extract, patterns);
  if (backup.broken() || reject_every_rewrite) {
    backup.restore();
    analyses.getResult<OptimizationRemarkEmitterAnalysis>(f).emit([&] {
      return OptimizationRemarkMissed(pass_name, "LaneAccessesUndone", &f.getEntryBlock().front())
             << "the widened accesses stay gathers and scatters: their rewrite failed LLVM's verifier (a bug in "
                "Weft's plugin: please report it with this kernel)";
    });
    return PreservedAnalyses::none();
  }

  OptimizationRemarkEmitter& remarks = analyses.getResult<OptimizationRemarkEmitterAnalysis>(f);
  remarks.emit([&] {
    return OptimizationRemark(pass_name, "LaneAccesses", &f.getEntryBlock().front())
           << "widened accesses: " << ore::NV("UniformLoads", counts.uniform_loads) << " uniform loads, "
           << ore::NV("VectorLoads", counts.vector_loads) << " vector loads, "
           << ore::NV("VectorStores", counts.vector_stores) << " vector stores; " << ore::NV("Kept", counts.kept)
           << " gathers/scatters kept (addresses not uniform, consecutive or of a small stride)";
  });
  // The control flow is unchanged; the rest is recomputed for InstCombine's cleanup.
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  analyses.invalidate(f, kept);
  InstCombinePass().run(f, analyses);
  return kept;
}

}  // namespace weft::compiler
