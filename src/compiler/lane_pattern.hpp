#pragma once
// What the lanes of a vectorized integer or pointer value hold, when the loop
// vectorizer widened one scalar value of a work item across items: every lane
// the same (uniform), or lane k = lane 0 + k * stride (affine). The vectorizer's
// outer-loop (VPlan native) path widens every such value, and every memory access
// through one becomes a gather or scatter; knowing the pattern turns them back into
// scalar and vector accesses (lane_accesses.cpp).
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Value.h>

#include <cstdint>
#include <optional>

namespace weft::compiler {

struct LanePattern {
  // Lane k minus lane k-1: in elements for integer vectors, in bytes for pointer
  // vectors; 0 for a uniform value.
  std::int64_t stride = 0;
  // The lanes form the sequence in the integers, not only modulo 2^bits: a sign
  // (zero) extension of the vector keeps it. Always true when stride is 0.
  bool signed_exact = true;
  bool unsigned_exact = true;
};

class LanePatterns {
 public:
  explicit LanePatterns(const llvm::DataLayout& layout) : m_layout(layout) {}

  // The pattern of a fixed-width vector of integers or pointers, or none where it
  // cannot be proven (the lanes of a load, a call, an unknown shuffle, ...).
  std::optional<LanePattern> get(llvm::Value* v);

  // Lane 0 of a vector that get() knows, as a scalar computed beside it (new
  // scalar instructions mirror the vector ones; a phi gets a scalar phi).
  llvm::Value* lane0(llvm::Value* v);

 private:
  std::optional<LanePattern> compute(llvm::Value* v);
  std::optional<LanePattern> compute_phi(llvm::PHINode* phi);

  const llvm::DataLayout& m_layout;
  llvm::DenseMap<llvm::Value*, std::optional<LanePattern>> m_patterns;
  llvm::SmallVector<llvm::Value*, 16> m_computed;  // order of m_patterns' entries, to undo a phi's guess
  llvm::DenseMap<llvm::Value*, llvm::Value*> m_lane0;
};

}  // namespace weft::compiler
