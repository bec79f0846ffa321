// Lane patterns of widened values (lane_pattern.hpp). A value is followed through
// the operations that keep lanes affine: integer constants, splats, add, sub, or
// disjoint, multiplication and shift by a uniform constant, extensions that cannot
// wrap, truncation, freeze, vector GEPs, and phis whose every incoming value has
// the same stride (an induction of the widened loop). Anything else is unknown, and
// its accesses stay gathers: the pass never guesses.
#include "lane_pattern.hpp"

#include <llvm/ADT/APInt.h>
#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>

using namespace llvm;

namespace weft::compiler {
namespace {

constexpr LanePattern uniform{};

// A stride of an N-bit vector, as the signed N-bit value it is modulo 2^N.
std::int64_t wrap(std::int64_t stride, unsigned bits) {
  if (bits >= 64) return stride;
  return APInt(bits, static_cast<std::uint64_t>(stride), /*isSigned=*/true).getSExtValue();
}

// Integer constant vectors: lane k - lane 0 == k * (lane 1 - lane 0), modulo 2^N and
// in the signed and unsigned integers.
std::optional<LanePattern> constant_pattern(Constant* c, FixedVectorType* type) {
  auto* element_type = dyn_cast<IntegerType>(type->getElementType());
  if (!element_type || element_type->getBitWidth() > 64) return std::nullopt;
  const unsigned bits = element_type->getBitWidth(), lanes = type->getNumElements();
  SmallVector<APInt, 16> values;
  for (unsigned k = 0; k < lanes; ++k) {
    auto* element = dyn_cast_or_null<ConstantInt>(c->getAggregateElement(k));
    if (!element) return std::nullopt;  // undef or poison lanes: no pattern
    values.push_back(element->getValue());
  }
  if (lanes < 2) return uniform;
  const APInt step = values[1] - values[0];
  LanePattern p{step.getSExtValue(), true, true};
  const __int128 sstep = values[1].getSExtValue() - static_cast<__int128>(values[0].getSExtValue());
  const __int128 ustep = static_cast<__int128>(values[1].getZExtValue()) - values[0].getZExtValue();
  for (unsigned k = 0; k < lanes; ++k) {
    if (values[k] != values[0] + step * k) return std::nullopt;
    p.signed_exact &= values[k].getSExtValue() == values[0].getSExtValue() + sstep * k;
    p.unsigned_exact &= values[k].getZExtValue() == values[0].getZExtValue() + ustep * k;
  }
  if (bits == 64 && (sstep > INT64_MAX || sstep < INT64_MIN)) p.signed_exact = false;
  return p;
}

// The source lane a shuffle copies into every lane, or -1.
int broadcast_lane(ShuffleVectorInst* shuffle) {
  ArrayRef<int> mask = shuffle->getShuffleMask();
  if (mask.empty() || mask[0] < 0) return -1;
  for (int m : mask)
    if (m != mask[0]) return -1;
  return mask[0];
}

std::optional<std::int64_t> uniform_constant(Value* v) {
  if (auto* c = dyn_cast_or_null<ConstantInt>(getSplatValue(v))) {
    if (c->getBitWidth() <= 64) return c->getSExtValue();
  }
  return std::nullopt;
}

}  // namespace

std::optional<LanePattern> LanePatterns::get(Value* v) {
  auto found = m_patterns.find(v);
  if (found != m_patterns.end()) return found->second;
  std::optional<LanePattern> p = compute(v);
  m_patterns[v] = p;
  m_computed.push_back(v);
  return p;
}

std::optional<LanePattern> LanePatterns::compute(Value* v) {
  auto* type = dyn_cast<FixedVectorType>(v->getType());
  if (!type) return std::nullopt;
  Type* element_type = type->getElementType();
  if (!element_type->isIntegerTy() && !element_type->isPointerTy()) return std::nullopt;
  if (getSplatValue(v)) return uniform;
  if (auto* c = dyn_cast<Constant>(v)) return constant_pattern(c, type);
  auto* inst = dyn_cast<Instruction>(v);
  if (!inst) return std::nullopt;
  const unsigned bits = element_type->isIntegerTy() ? element_type->getIntegerBitWidth() : 64;

  if (auto* phi = dyn_cast<PHINode>(inst)) return compute_phi(phi);
  if (auto* shuffle = dyn_cast<ShuffleVectorInst>(inst)) {
    // A broadcast of one lane of any vector.
    if (broadcast_lane(shuffle) >= 0) return uniform;
    return std::nullopt;
  }
  if (auto* gep = dyn_cast<GetElementPtrInst>(inst)) {
    // Byte stride: the base's plus, per index, the index's stride times the size it
    // steps over. Indices narrower than pointers are sign-extended by the GEP.
    std::int64_t stride = 0;
    Value* base = gep->getPointerOperand();
    if (base->getType()->isVectorTy()) {
      std::optional<LanePattern> b = get(base);
      if (!b) return std::nullopt;
      stride = b->stride;
    }
    for (gep_type_iterator it = gep_type_begin(gep), end = gep_type_end(gep); it != end; ++it) {
      Value* index = it.getOperand();
      if (!index->getType()->isVectorTy()) continue;
      std::optional<LanePattern> i = get(index);
      if (!i) return std::nullopt;
      if (i->stride == 0) continue;
      if (it.isStruct()) return std::nullopt;
      if (index->getType()->getScalarSizeInBits() < m_layout.getIndexTypeSizeInBits(gep->getType()) && !i->signed_exact)
        return std::nullopt;
      stride += i->stride * static_cast<std::int64_t>(it.getSequentialElementStride(m_layout).getFixedValue());
    }
    return LanePattern{stride, stride == 0, stride == 0};
  }
  if (auto* freeze = dyn_cast<FreezeInst>(inst)) return get(freeze->getOperand(0));
  if (auto* cast = dyn_cast<CastInst>(inst)) {
    std::optional<LanePattern> p = get(cast->getOperand(0));
    if (!p) return std::nullopt;
    if (p->stride == 0) return uniform;
    switch (cast->getOpcode()) {
      case Instruction::SExt:
        if (!p->signed_exact) return std::nullopt;
        return LanePattern{p->stride, true, false};
      case Instruction::ZExt:
        if (!p->unsigned_exact) return std::nullopt;
        return LanePattern{p->stride, true, true};
      case Instruction::Trunc: return LanePattern{wrap(p->stride, bits), false, false};
      default: return std::nullopt;
    }
  }
  auto* binary = dyn_cast<BinaryOperator>(inst);
  if (!binary) return std::nullopt;
  std::optional<LanePattern> a = get(binary->getOperand(0));
  std::optional<LanePattern> b = get(binary->getOperand(1));
  if (!a || !b) return std::nullopt;
  if (a->stride == 0 && b->stride == 0) return uniform;  // any lane-wise operation of uniform values
  const bool nsw = isa<OverflowingBinaryOperator>(binary) && binary->hasNoSignedWrap();
  const bool nuw = isa<OverflowingBinaryOperator>(binary) && binary->hasNoUnsignedWrap();
  switch (binary->getOpcode()) {
    case Instruction::Add:
      return LanePattern{wrap(a->stride + b->stride, bits), nsw && a->signed_exact && b->signed_exact,
                         nuw && a->unsigned_exact && b->unsigned_exact};
    case Instruction::Sub:
      return LanePattern{wrap(a->stride - b->stride, bits), nsw && a->signed_exact && b->signed_exact,
                         nuw && a->unsigned_exact && b->unsigned_exact};
    case Instruction::Or:
      // Disjoint bits: the or is an add that cannot carry.
      if (!cast<PossiblyDisjointInst>(binary)->isDisjoint()) return std::nullopt;
      return LanePattern{wrap(a->stride + b->stride, bits), a->signed_exact && b->signed_exact,
                         a->unsigned_exact && b->unsigned_exact};
    case Instruction::Mul: {
      std::optional<std::int64_t> c = uniform_constant(binary->getOperand(1));
      const LanePattern* other = &*a;
      if (!c) {
        c = uniform_constant(binary->getOperand(0));
        other = &*b;
      }
      if (!c) return std::nullopt;
      return LanePattern{wrap(other->stride * *c, bits), nsw && other->signed_exact, nuw && other->unsigned_exact};
    }
    case Instruction::Shl: {
      std::optional<std::int64_t> c = uniform_constant(binary->getOperand(1));
      if (!c || *c < 0 || *c >= 63 || b->stride != 0) return std::nullopt;
      return LanePattern{wrap(a->stride * (std::int64_t{1} << *c), bits), nsw && a->signed_exact,
                         nuw && a->unsigned_exact};
    }
    default: return std::nullopt;
  }
}

// A phi is guessed to have the pattern of its first incoming value that can be
// known without it (the value entering the loop); the guess holds if every incoming
// value then has the same stride and at least the guessed exactness (an induction
// over the loop's iterations). A guess too strong on exactness is retried once with
// the weaker one. What was derived from a guess is forgotten afterwards.
std::optional<LanePattern> LanePatterns::compute_phi(PHINode* phi) {
  auto forget_since = [&](std::size_t mark) {
    while (m_computed.size() > mark) m_patterns.erase(m_computed.pop_back_val());
    m_patterns.erase(phi);
  };
  std::optional<LanePattern> guess;
  std::size_t mark = m_computed.size();
  m_patterns[phi] = std::nullopt;  // a path back to the phi is unknown while guessing
  for (Value* in : phi->incoming_values()) {
    if ((guess = get(in))) break;
  }
  forget_since(mark);
  if (!guess) return std::nullopt;
  for (int attempt = 0; attempt < 2; ++attempt) {
    mark = m_computed.size();
    m_patterns[phi] = guess;
    LanePattern result = *guess;
    bool holds = true;
    for (Value* in : phi->incoming_values()) {
      std::optional<LanePattern> p = get(in);
      if (!p || p->stride != guess->stride) {
        holds = false;
        break;
      }
      result.signed_exact &= p->signed_exact;
      result.unsigned_exact &= p->unsigned_exact;
    }
    forget_since(mark);
    if (!holds) return std::nullopt;
    if (result.signed_exact == guess->signed_exact && result.unsigned_exact == guess->unsigned_exact) return result;
    guess = result;
  }
  return std::nullopt;
}

Value* LanePatterns::lane0(Value* v) {
  if (Value* known = m_lane0.lookup(v)) return known;
  Value* scalar = nullptr;
  if (Value* splat = getSplatValue(v)) {
    scalar = splat;
  } else if (auto* c = dyn_cast<Constant>(v)) {
    scalar = c->getAggregateElement(0u);
  } else if (auto* phi = dyn_cast<PHINode>(v)) {
    IRBuilder<> builder(phi);
    PHINode* s = builder.CreatePHI(phi->getType()->getScalarType(), phi->getNumIncomingValues(), "lane0");
    m_lane0[v] = s;  // before the incoming values: they may lead back to the phi
    for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i)
      s->addIncoming(lane0(phi->getIncomingValue(i)), phi->getIncomingBlock(i));
    return s;
  } else if (auto* shuffle = dyn_cast<ShuffleVectorInst>(v); shuffle && broadcast_lane(shuffle) >= 0) {
    const int lane = broadcast_lane(shuffle);
    const int width = static_cast<int>(cast<FixedVectorType>(shuffle->getOperand(0)->getType())->getNumElements());
    Value* source = lane < width ? shuffle->getOperand(0) : shuffle->getOperand(1);
    IRBuilder<> builder(shuffle);
    scalar = builder.CreateExtractElement(source, std::uint64_t(lane % width), "lane0");
  } else if (auto* inst = dyn_cast<Instruction>(v)) {
    IRBuilder<> builder(inst);
    if (auto* gep = dyn_cast<GetElementPtrInst>(inst)) {
      Value* base = gep->getPointerOperand();
      if (base->getType()->isVectorTy()) base = lane0(base);
      SmallVector<Value*, 4> indices;
      for (Value* index : gep->indices()) indices.push_back(index->getType()->isVectorTy() ? lane0(index) : index);
      builder.SetInsertPoint(inst);
      scalar = builder.CreateGEP(gep->getSourceElementType(), base, indices, "lane0");
    } else if (auto* freeze = dyn_cast<FreezeInst>(inst)) {
      scalar = lane0(freeze->getOperand(0));
    } else if (auto* cast = dyn_cast<CastInst>(inst)) {
      Value* operand = lane0(cast->getOperand(0));
      builder.SetInsertPoint(inst);
      scalar = builder.CreateCast(cast->getOpcode(), operand, cast->getDestTy()->getScalarType(), "lane0");
    } else if (auto* binary = dyn_cast<BinaryOperator>(inst)) {
      Value* a = lane0(binary->getOperand(0));
      Value* b = lane0(binary->getOperand(1));
      builder.SetInsertPoint(inst);
      // No wrap flags: lane 0 alone may not need them, and dropping them is always safe.
      scalar = builder.CreateBinOp(binary->getOpcode(), a, b, "lane0");
    } else {
      scalar = builder.CreateExtractElement(v, std::uint64_t{0}, "lane0");
    }
  } else {
    return nullptr;
  }
  m_lane0[v] = scalar;
  return scalar;
}

}  // namespace weft::compiler
