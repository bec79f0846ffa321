// Loop versioning (loop_versions.hpp):
//  1. the preheader becomes the test block; split before its branch, the new block is
//     the preheader of the version where the test passes (the loop itself);
//  2. the loop is cloned with a preheader of its own, which the test branches to where
//     it fails;
//  3. the exit's phis (LCSSA) take the copy's values from the copy's exiting block.
#include "loop_versions.hpp"

#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

using namespace llvm;

namespace weft::compiler {

Loop* version_loop(Loop& loop, Value* passes, const version_names& names, LoopInfo& loops, DominatorTree& dom) {
  BasicBlock* preheader = loop.getLoopPreheader();
  BasicBlock* exit = loop.getExitBlock();
  BasicBlock* exiting = loop.getExitingBlock();
  const std::string header = loop.getHeader()->getName().str();
  preheader->setName(header + names.test);
  BasicBlock* passed_preheader =
      SplitBlock(preheader, preheader->getTerminator(), &dom, &loops, nullptr, header + names.passed);
  ValueToValueMapTy map;
  SmallVector<BasicBlock*, 16> copied;
  Loop* copy = cloneLoopWithPreheader(passed_preheader, preheader, &loop, map, names.failed, &loops, &dom, copied);
  remapInstructionsInBlocks(copied, map);
  Instruction* branch = preheader->getTerminator();
  BranchInst::Create(passed_preheader, copy->getLoopPreheader(), passes, branch->getIterator());
  branch->eraseFromParent();
  dom.changeImmediateDominator(exit, preheader);
  for (PHINode& phi : exit->phis()) {
    Value* value = phi.getIncomingValueForBlock(exiting);
    Value* mapped = map.lookup(value);
    phi.addIncoming(mapped ? mapped : value, cast<BasicBlock>(map[exiting]));
  }
  return copy;
}

}  // namespace weft::compiler
