// A later group's input, prefetched after the entry region's loops
// (next_group_prefetch.hpp).
#include "next_group_prefetch.hpp"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <algorithm>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr std::int64_t line_bytes = 64;
// Per stream: enough for the first pass of a group over a few KB (the seed
// reduction reads 2 KB per group), little beside L1's 32-48 KB.
constexpr std::int64_t prefetch_limit = 4096;
constexpr unsigned max_streams = 4;
// How far ahead a group's stream is prefetched: the group about `ahead_bytes`
// on, at least the next and at most `ahead_groups` on (a stream of a few bytes
// per group, one row of a 2-D tile, goes no further than that). One group ahead,
// a small group (the seed reduction's 512 bytes) is fetched too late: its lines
// arrive while its first loads wait.
constexpr std::int64_t ahead_bytes = 2048;
constexpr std::int64_t ahead_groups = 4;

// A stream the entry loop reads: at `next` for the next group, `step` bytes per
// item, `apart` bytes from one group's start to the next's (null where unknown).
struct stream {
  const SCEV* next = nullptr;
  std::int64_t step = 0;
  const SCEV* apart = nullptr;
};

// An address for the next pass of `groups` (a loop around the item loop that runs
// a task's groups one after another): each recurrence of that loop one step on.
class next_pass : public SCEVRewriteVisitor<next_pass> {
 public:
  next_pass(ScalarEvolution& scev, const Loop* groups) : SCEVRewriteVisitor(scev), groups_(groups) {}
  const SCEV* visitAddRecExpr(const SCEVAddRecExpr* rec) {
    if (rec->getLoop() == groups_ && rec->isAffine()) return rec->getPostIncExpr(SE);
    return SCEVRewriteVisitor<next_pass>::visitAddRecExpr(rec);
  }

 private:
  const Loop* groups_;
};

// The loads of `loop` whose address is `start + step * id`, step a constant of at
// most a cache line, and whose start `next_of` moves to the next group (null where
// it does not): their start for the next group. One stream for loads within a
// cache line of each other.
template <class Next, class Input>
SmallVector<stream, 4> streams_of(Loop* loop, ScalarEvolution& scev, const Next& next_of, const Input& input) {
  SmallVector<stream, 4> found;
  for (BasicBlock* block : loop->blocks())
    for (Instruction& inst : *block) {
      auto* load = dyn_cast<LoadInst>(&inst);
      if (!load || !load->isSimple() || !input(*load)) continue;
      const auto* address = dyn_cast<SCEVAddRecExpr>(scev.getSCEV(load->getPointerOperand()));
      if (!address || address->getLoop() != loop || !address->isAffine()) continue;
      const auto* step = dyn_cast<SCEVConstant>(address->getStepRecurrence(scev));
      if (!step || step->getAPInt().isNonPositive() || step->getAPInt().sgt(line_bytes)) continue;
      const SCEV* start = address->getStart();
      const SCEV* next = next_of(start);
      if (!next || next == start) continue;
      const bool known = any_of(found, [&](const stream& s) {
        std::optional<APInt> apart = scev.computeConstantDifference(next, s.next);
        return apart && apart->abs().slt(line_bytes);
      });
      const SCEV* apart = scev.getMinusSCEV(next, start);
      if (isa<SCEVCouldNotCompute>(apart) || !apart->getType()->isIntegerTy()) apart = nullptr;
      if (!known && found.size() < max_streams) found.push_back({next, step->getAPInt().getSExtValue(), apart});
    }
  return found;
}

// At `where` (the loop's exit, or the block after a stream already prefetched
// there): prefetch [start, start + bytes) by lines, bytes = min(step * items,
// limit), start = next + (clamp(ahead_bytes / bytes, 1, ahead_groups) - 1) *
// apart (the next group's copy where `apart` is unknown). `where` becomes the block after this
// prefetch loop.
// `loops`, where given, is kept up to date: the new blocks join the loop around `where`,
// the prefetch loop becomes its child.
bool prefetch_after(Loop* loop, const stream& s, ScalarEvolution& scev, SCEVExpander& expander, BasicBlock*& where,
                    LoopInfo* loops = nullptr) {
  const SCEV* taken = scev.getBackedgeTakenCount(loop);
  if (isa<SCEVCouldNotCompute>(taken)) return false;
  const SCEV* items = scev.getAddExpr(taken, scev.getOne(taken->getType()));
  Instruction* at = &*where->getFirstInsertionPt();
  if (!expander.isSafeToExpandAt(s.next, at) || !expander.isSafeToExpandAt(items, at)) return false;
  Value* base = expander.expandCodeFor(s.next, nullptr, at);
  Value* count = expander.expandCodeFor(items, nullptr, at);
  IRBuilder<> b(at);
  Type* i64 = b.getInt64Ty();
  Value* bytes = b.CreateMul(b.CreateZExtOrTrunc(count, i64), ConstantInt::get(i64, s.step), "prefetch.bytes");
  bytes = b.CreateBinaryIntrinsic(Intrinsic::umin, bytes, ConstantInt::get(i64, prefetch_limit));
  if (s.apart && expander.isSafeToExpandAt(s.apart, at)) {
    // clamp(ahead_bytes / bytes, 1, ahead_groups) - 1 without a division (a group's
    // few ns in cache: the sizes are rarely constants, so a udiv ran per group):
    // ahead_bytes / bytes >= k exactly where bytes <= ahead_bytes / k.
    Value* further = nullptr;
    for (std::int64_t k = 2; k <= ahead_groups; ++k) {
      Value* one_more = b.CreateZExt(b.CreateICmpULE(bytes, ConstantInt::get(i64, ahead_bytes / k)), i64);
      further = further ? b.CreateAdd(further, one_more, "", /*HasNUW=*/true) : one_more;
    }
    further->setName("prefetch.further");
    Value* apart = b.CreateSExtOrTrunc(expander.expandCodeFor(s.apart, nullptr, at), i64);
    base = b.CreateGEP(b.getInt8Ty(), base, b.CreateMul(further, apart), "prefetch.start");
  }
  BasicBlock* head = where;
  BasicBlock* rest = SplitBlock(head, at->getIterator());
  BasicBlock* body = BasicBlock::Create(head->getContext(), "prefetch.next.group", head->getParent(), rest);
  head->getTerminator()->setSuccessor(0, body);
  IRBuilder<> lb(body);
  PHINode* offset = lb.CreatePHI(i64, 2, "prefetch.offset");
  offset->addIncoming(ConstantInt::get(i64, 0), head);
  Value* line = lb.CreateGEP(lb.getInt8Ty(), base, offset);
  // (address, write = 0, locality = 3: into every cache level, data = 1)
  lb.CreateIntrinsic(Intrinsic::prefetch, {line->getType()}, {line, lb.getInt32(0), lb.getInt32(3), lb.getInt32(1)});
  Value* after = lb.CreateAdd(offset, ConstantInt::get(i64, line_bytes), "", /*HasNUW=*/true);
  offset->addIncoming(after, body);
  BranchInst* back = lb.CreateCondBr(lb.CreateICmpULT(after, bytes), body, rest);
  // Not a loop to widen or unroll: one prefetch per line is the point.
  LLVMContext& ctx = head->getContext();
  MDNode* no_widen = MDNode::get(
      ctx, {MDString::get(ctx, "llvm.loop.vectorize.enable"), ConstantAsMetadata::get(ConstantInt::getFalse(ctx))});
  MDNode* no_unroll = MDNode::get(ctx, {MDString::get(ctx, "llvm.loop.unroll.disable")});
  MDNode* id = MDNode::getDistinct(ctx, {nullptr, no_widen, no_unroll});
  id->replaceOperandWith(0, id);
  back->setMetadata(LLVMContext::MD_loop, id);
  if (loops)
    if (Loop* around = loops->getLoopFor(head)) {
      around->addBasicBlockToLoop(rest, *loops);
      Loop* prefetch = loops->AllocateLoop();
      around->addChildLoop(prefetch);
      prefetch->addBasicBlockToLoop(body, *loops);
    }
  where = rest;
  return true;
}

}  // namespace

unsigned prefetch_next_group(Function& f, FunctionAnalysisManager& analyses, Value* group) {
  if (!group || !group->getType()->isIntegerTy() || isa<Constant>(group)) return 0;
  analyses.invalidate(f, PreservedAnalyses::none());
  LoopInfo& loops = analyses.getResult<LoopAnalysis>(f);
  ScalarEvolution& scev = analyses.getResult<ScalarEvolutionAnalysis>(f);
  const SCEV* group_scev = scev.getSCEV(group);
  if (!isa<SCEVUnknown>(group_scev)) return 0;  // (the rewrite below replaces unknowns only)
  ValueToSCEVMapTy next_group;
  next_group[group] = scev.getAddExpr(group_scev, scev.getOne(group->getType()));
  auto next_of = [&](const SCEV* start) -> const SCEV* {
    if (!SCEVExprContains(start, [&](const SCEV* s) { return s == group_scev; })) return nullptr;
    return SCEVParameterRewriter::rewrite(start, scev, next_group);
  };
  SmallVector<std::pair<Loop*, SmallVector<stream, 4>>, 4> planned;
  for (Loop* loop : loops.getLoopsInPreorder())
    if (loop->isInnermost() && findOptionMDForLoop(loop, entry_region_mark))
      if (SmallVector<stream, 4> s = streams_of(loop, scev, next_of, [](const LoadInst&) { return true; }); !s.empty())
        planned.push_back({loop, s});
  SCEVExpander expander(scev, "next.group");
  unsigned most = 0;  // (the unswitched copies of the entry loop prefetch the same streams)
  for (auto& [loop, found] : planned) {
    BasicBlock* where = loop->getExitBlock();
    unsigned prefetched = 0;
    if (where)
      for (const stream& s : found) prefetched += prefetch_after(loop, s, scev, expander, where);
    most = std::max(most, prefetched);
  }
  return most;
}

namespace {

// The blocks `llvm.assume` "dereferenceable" bundles of `f` name: Weft's scoped arena
// says so of each block it hands out (weft/target/cpu/scoped_arena.hpp), and those hold
// a group's own local and private memory, in cache while its items run.
SmallPtrSet<const Value*, 8> arena_blocks(const Function& f) {
  SmallPtrSet<const Value*, 8> blocks;
  for (const BasicBlock& block : f)
    for (const Instruction& inst : block)
      if (const auto* assume = dyn_cast<AssumeInst>(&inst))
        for (unsigned i = 0; i < assume->getNumOperandBundles(); ++i) {
          const OperandBundleUse bundle = assume->getOperandBundleAt(i);
          if (bundle.getTagName() == "dereferenceable" && !bundle.Inputs.empty())
            blocks.insert(getUnderlyingObject(bundle.Inputs[0]));
        }
  return blocks;
}

}  // namespace

unsigned prefetch_next_pass(Loop& items, LoopInfo& loops, ScalarEvolution& scev) {
  // After the loop, in a block of the loop around it (not another loop's header).
  BasicBlock* exit = items.getExitBlock();
  if (!items.isInnermost() || !exit || loops.isLoopHeader(exit) || loops.getLoopFor(exit) != items.getParentLoop())
    return 0;
  // Only input: not the work-group function's own arrays (allocas), nor memory the
  // loop writes (local memory a tree reduction's steps read and write), nor the
  // arena's blocks (a scoped group's local tiles, in cache: a tiled dgemm prefetched
  // a tile's next row after every row of its k steps, 9 % of its samples).
  SmallPtrSet<const Value*, 8> written;
  const SmallPtrSet<const Value*, 8> arena = arena_blocks(*items.getHeader()->getParent());
  for (BasicBlock* block : items.blocks())
    for (Instruction& inst : *block)
      if (auto* store = dyn_cast<StoreInst>(&inst)) written.insert(getUnderlyingObject(store->getPointerOperand()));
  auto input = [&](const LoadInst& load) {
    const Value* object = getUnderlyingObject(load.getPointerOperand());
    return !isa<AllocaInst>(object) && !written.contains(object) && !arena.contains(object);
  };
  SmallVector<stream, 4> found;
  // The nearest loop around `items` that moves a stream: the task's loop over its groups.
  for (Loop* groups = items.getParentLoop(); groups && found.empty(); groups = groups->getParentLoop()) {
    auto next_of = [&](const SCEV* start) -> const SCEV* {
      if (!SCEVExprContains(start, [&](const SCEV* s) {
            const auto* rec = dyn_cast<SCEVAddRecExpr>(s);
            return rec && rec->getLoop() == groups;
          }))
        return nullptr;
      return next_pass(scev, groups).visit(start);
    };
    found = streams_of(&items, scev, next_of, input);
  }
  SCEVExpander expander(scev, "next.group");
  BasicBlock* where = items.getExitBlock();
  unsigned prefetched = 0;
  for (const stream& s : found) prefetched += prefetch_after(&items, s, scev, expander, where, &loops);
  return prefetched;
}

}  // namespace weft::compiler
