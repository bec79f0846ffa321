#pragma once
// weft-atomic-combine: before the item loops are chosen, combines the relaxed atomic
// read-modify-writes that every item of an item loop makes to one address (SYCL-Bench's
// ReductionAtomic: `atomic_ref(out[0]).fetch_add(in[gid])` in every item) into one per
// run of the loop. Every item updating one location is the worst contention there is: on
// 16 CPUs each update waits for the cache line (27 ns an item); combined, the items
// accumulate in a register the loop carries and the loop becomes a reduction the
// vectorizer widens. Steps, for each item loop (a loop marked parallel_accesses):
//  1. find its atomicrmw instructions: integer add, sub, and, or, xor, min, max, umin or
//     umax, monotonic (memory_order::relaxed), not volatile, the result unused, at an
//     address the loop does not change;
//  2. refuse the loop (a remark says why) if it holds any other atomic access, fence or
//     call that touches memory (another thread's progress could wait on the updates),
//     or a load or store that must alias such an address;
//  3. replace each with an update of a private accumulator, set to the operation's
//     identity before the loop, and after the loop make one atomicrmw of the
//     accumulated value where it is not the identity; then mem2reg.
// Legal for relaxed atomics: one thread's updates of one location may be merged (no
// other thread can tell the merged order from an interleaving in which none of its
// accesses fell between them); plain accesses to the location by other work items
// would race with the atomics. Floating-point adds are left as they are: the sum of the
// items' values, then added, rounds differently from adding them one by one.
#include <llvm/IR/PassManager.h>

namespace weft::compiler {

struct AtomicCombinePass : llvm::PassInfoMixin<AtomicCombinePass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& analyses);
};

}  // namespace weft::compiler
