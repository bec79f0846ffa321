#pragma once
// DPC++ extension sycl_ext_oneapi_sub_group_mask: sub_group_mask, one bit per
// work item of a sub-group, and group_ballot(sub_group, predicate), the mask of
// the items whose predicate is true (a collective: every item of the sub-group
// calls it). size() is the sub-group's maximum size; bits at or above it are
// never set.
#include <climits>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <sycl/functional.hpp>
#include <sycl/group_algorithm.hpp>
#include <sycl/id.hpp>
#include <sycl/marray.hpp>
#include <sycl/sub_group.hpp>
#include <weft/kernel/target.hpp>

#define SYCL_EXT_ONEAPI_SUB_GROUP_MASK 2

namespace weft::sycl::ext::oneapi {

struct sub_group_mask;
template <typename Group>
WEFT_HOST_DEVICE std::enable_if_t<std::is_same_v<std::decay_t<Group>, sycl::sub_group>, sub_group_mask> group_ballot(
    Group g, bool predicate = true);

struct sub_group_mask {
 private:
  using bits_type = std::uint64_t;

 public:
  static constexpr std::size_t max_bits = sizeof(bits_type) * CHAR_BIT;  // implementation-defined

  // A reference to one bit; a position at or above size() refers to no bit.
  class reference {
   public:
    WEFT_HOST_DEVICE reference(sub_group_mask& m, std::size_t pos)
        : m_word(m.m_bits), m_bit(pos < m.m_size ? bits_type(1) << pos : 0) {}
    WEFT_HOST_DEVICE reference& operator=(bool x) {
      m_word = x ? (m_word | m_bit) : (m_word & ~m_bit);
      return *this;
    }
    WEFT_HOST_DEVICE reference& operator=(const reference& x) { return *this = bool(x); }
    WEFT_HOST_DEVICE bool operator~() const { return !bool(*this); }
    WEFT_HOST_DEVICE operator bool() const { return (m_word & m_bit) != 0; }
    WEFT_HOST_DEVICE reference& flip() { return *this = !bool(*this); }

   private:
    bits_type& m_word;
    bits_type m_bit;
  };

  // The bits of val (up to the sub-group's maximum size).
  WEFT_HOST_DEVICE sub_group_mask(unsigned long long val) : sub_group_mask(val, WEFT_KERNEL_SUB_GROUP_SIZE) {}
  // The bits of val's elements, element 0 the lowest.
  template <typename T, std::size_t K, typename = std::enable_if_t<std::is_integral_v<T>>>
  WEFT_HOST_DEVICE sub_group_mask(const marray<T, K>& val) : sub_group_mask(0, WEFT_KERNEL_SUB_GROUP_SIZE) {
    insert_bits(val);
  }
  sub_group_mask(const sub_group_mask&) = default;
  sub_group_mask& operator=(const sub_group_mask&) = default;

  WEFT_HOST_DEVICE bool operator[](id<1> i) const { return test(i); }
  WEFT_HOST_DEVICE reference operator[](id<1> i) { return reference(*this, i[0]); }
  WEFT_HOST_DEVICE bool test(id<1> i) const { return i[0] < m_size && ((m_bits >> i[0]) & 1u); }
  WEFT_HOST_DEVICE bool all() const { return m_bits == valid(); }
  WEFT_HOST_DEVICE bool any() const { return m_bits != 0; }
  WEFT_HOST_DEVICE bool none() const { return m_bits == 0; }
  WEFT_HOST_DEVICE std::uint32_t count() const {
    std::uint32_t n = 0;
    for (bits_type w = m_bits; w; w &= w - 1) ++n;
    return n;
  }
  WEFT_HOST_DEVICE std::uint32_t size() const { return std::uint32_t(m_size); }
  // The lowest / highest set bit's position; size() when none is set.
  WEFT_HOST_DEVICE id<1> find_low() const {
    std::size_t i = 0;
    while (i < m_size && !test(i)) ++i;
    return id<1>(i);
  }
  WEFT_HOST_DEVICE id<1> find_high() const {
    for (std::size_t i = m_size; i-- > 0;)
      if (test(i)) return id<1>(i);
    return id<1>(m_size);
  }

  // Bits [pos, pos + bits of Type) become `bits` (those at or above size() are dropped).
  template <typename Type, typename = std::enable_if_t<std::is_integral_v<Type>>>
  WEFT_HOST_DEVICE void insert_bits(Type bits, id<1> pos = 0) {
    const std::size_t p = pos[0], width = sizeof(Type) * CHAR_BIT;
    if (p >= m_size) return;
    bits_type field = width >= max_bits ? ~bits_type(0) : (bits_type(1) << width) - 1;
    bits_type value = bits_type(std::make_unsigned_t<Type>(bits)) & field;
    m_bits = ((m_bits & ~(field << p)) | (value << p)) & valid();
  }
  template <typename Type, std::size_t Size, typename = std::enable_if_t<std::is_integral_v<Type>>>
  WEFT_HOST_DEVICE void insert_bits(const marray<Type, Size>& bits, id<1> pos = 0) {
    std::size_t p = pos[0];
    for (std::size_t k = 0; k < Size; ++k, p += sizeof(Type) * CHAR_BIT) insert_bits(bits[k], id<1>(p));
  }
  // `bits` becomes bits [pos, pos + bits of Type) (zeros at or above size()).
  template <typename Type, typename = std::enable_if_t<std::is_integral_v<Type>>>
  WEFT_HOST_DEVICE void extract_bits(Type& bits, id<1> pos = 0) const {
    const std::size_t p = pos[0];
    bits = p < m_size ? Type(m_bits >> p) : Type(0);
  }
  template <typename Type, std::size_t Size, typename = std::enable_if_t<std::is_integral_v<Type>>>
  WEFT_HOST_DEVICE void extract_bits(marray<Type, Size>& bits, id<1> pos = 0) const {
    std::size_t p = pos[0];
    for (std::size_t k = 0; k < Size; ++k, p += sizeof(Type) * CHAR_BIT) extract_bits(bits[k], id<1>(p));
  }

  WEFT_HOST_DEVICE void set() { m_bits = valid(); }
  WEFT_HOST_DEVICE void set(id<1> i, bool value = true) { (*this)[i] = value; }
  WEFT_HOST_DEVICE void reset() { m_bits = 0; }
  WEFT_HOST_DEVICE void reset(id<1> i) { (*this)[i] = false; }
  WEFT_HOST_DEVICE void reset_low() { reset(find_low()); }
  WEFT_HOST_DEVICE void reset_high() { reset(find_high()); }
  WEFT_HOST_DEVICE void flip() { m_bits = ~m_bits & valid(); }
  WEFT_HOST_DEVICE void flip(id<1> i) { (*this)[i].flip(); }

  WEFT_HOST_DEVICE bool operator==(const sub_group_mask& rhs) const { return m_bits == rhs.m_bits; }
  WEFT_HOST_DEVICE bool operator!=(const sub_group_mask& rhs) const { return m_bits != rhs.m_bits; }
  WEFT_HOST_DEVICE sub_group_mask& operator&=(const sub_group_mask& rhs) {
    m_bits &= rhs.m_bits;
    return *this;
  }
  WEFT_HOST_DEVICE sub_group_mask& operator|=(const sub_group_mask& rhs) {
    m_bits = (m_bits | rhs.m_bits) & valid();
    return *this;
  }
  WEFT_HOST_DEVICE sub_group_mask& operator^=(const sub_group_mask& rhs) {
    m_bits = (m_bits ^ rhs.m_bits) & valid();
    return *this;
  }
  WEFT_HOST_DEVICE sub_group_mask& operator<<=(std::size_t n) {
    m_bits = n >= max_bits ? 0 : (m_bits << n) & valid();
    return *this;
  }
  WEFT_HOST_DEVICE sub_group_mask& operator>>=(std::size_t n) {
    m_bits = n >= max_bits ? 0 : m_bits >> n;
    return *this;
  }
  WEFT_HOST_DEVICE sub_group_mask operator~() const {
    sub_group_mask r = *this;
    r.flip();
    return r;
  }
  WEFT_HOST_DEVICE sub_group_mask operator<<(std::size_t n) const {
    sub_group_mask r = *this;
    return r <<= n;
  }
  WEFT_HOST_DEVICE sub_group_mask operator>>(std::size_t n) const {
    sub_group_mask r = *this;
    return r >>= n;
  }
  friend WEFT_HOST_DEVICE sub_group_mask operator&(const sub_group_mask& a, const sub_group_mask& b) {
    sub_group_mask r = a;
    return r &= b;
  }
  friend WEFT_HOST_DEVICE sub_group_mask operator|(const sub_group_mask& a, const sub_group_mask& b) {
    sub_group_mask r = a;
    return r |= b;
  }
  friend WEFT_HOST_DEVICE sub_group_mask operator^(const sub_group_mask& a, const sub_group_mask& b) {
    sub_group_mask r = a;
    return r ^= b;
  }

 private:
  template <typename Group>
  friend WEFT_HOST_DEVICE std::enable_if_t<std::is_same_v<std::decay_t<Group>, sycl::sub_group>, sub_group_mask>
  group_ballot(Group g, bool predicate);

  WEFT_HOST_DEVICE sub_group_mask(bits_type bits, std::size_t size)
      : m_size(size < max_bits ? size : max_bits), m_bits(bits & valid()) {}
  WEFT_HOST_DEVICE bits_type valid() const { return m_size >= max_bits ? ~bits_type(0) : (bits_type(1) << m_size) - 1; }

  std::size_t m_size;  // before m_bits: valid() needs it
  bits_type m_bits;
};

// One reduction over the sub-group: each item contributes its own bit.
template <typename Group>
WEFT_HOST_DEVICE std::enable_if_t<std::is_same_v<std::decay_t<Group>, sycl::sub_group>, sub_group_mask> group_ballot(
    Group g, bool predicate) {
  std::uint64_t mine = predicate ? std::uint64_t(1) << g.get_local_linear_id() : 0;
  std::uint64_t bits = sycl::reduce_over_group(g, mine, sycl::bit_or<std::uint64_t>());
  return sub_group_mask(bits, g.get_max_local_range()[0]);
}

}  // namespace weft::sycl::ext::oneapi
