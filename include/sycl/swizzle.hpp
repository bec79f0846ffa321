#pragma once
// SYCL 2020 section 4.14.2.4: the swizzled vec (__swizzled_vec__). A view of
// some elements of a vec, in any order: reads convert it to a vec<T, M>, writes
// go through to the underlying vec. Its operators are vec<T, M>'s (the view
// names vec<T, M> as a template argument, so argument-dependent lookup finds
// them, and converts implicitly).
//
// An index of -1 is a padding element: hi() and odd() of a three-element swizzle
// end in one, as vec<T, 3>'s do (SYCL counts three elements as four there). It reads
// as an unspecified value (T{}), and writes to it go nowhere.
#include <sycl/vec.hpp>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl::detail {

// Where a swizzle's padding elements live (a swizzle without any has none).
template <class T, bool Padded>
struct swizzle_padding {};
template <class T>
struct swizzle_padding<T, true> {
  mutable T m_pad{};
};

template <class V, class R, int... I>
class swizzle_view : private swizzle_padding<typename std::remove_const_t<V>::element_type, ((I < 0) || ...)> {
  using T = typename std::remove_const_t<V>::element_type;
  static constexpr int M = int(sizeof...(I));
  static constexpr int idx[M] = {I...};
  static constexpr bool writable = !std::is_const_v<V>;
  static constexpr bool padded = ((I < 0) || ...);
  // Element k of the swizzle counted as SYCL counts vec<T, 3>, four elements (lo/hi/even/odd).
  static constexpr int padded_index(int k) { return k < M ? idx[k] : -1; }
  static constexpr int half_size = (M == 3 ? 4 : M) / 2;

 public:
  using element_type = T;
  using value_type = T;
  using vec_type = R;

  explicit swizzle_view(V& v) : m_v(&v) {}
  swizzle_view(const swizzle_view&) = default;

  R to_vec() const {
    R r;
    for (int i = 0; i < M; ++i) r[i] = idx[i] < 0 ? T{} : (*m_v)[idx[i]];
    return r;
  }
  operator R() const { return to_vec(); }
  template <int K = M, std::enable_if_t<K == 1, int> = 0>
  operator T() const {
    return (*this)[0];
  }

  // Writes: element-wise into the underlying vec.
  const swizzle_view& operator=(const R& r) const {
    static_assert(writable, "cannot assign through a swizzle of a const vec");
    for (int i = 0; i < M; ++i)
      if (idx[i] >= 0) (*m_v)[idx[i]] = r[i];
    return *this;
  }
  const swizzle_view& operator=(const T& s) const { return *this = R(s); }
  const swizzle_view& operator=(const swizzle_view& o) const { return *this = o.to_vec(); }
  template <class V2, int... J, std::enable_if_t<sizeof...(J) == sizeof...(I), int> = 0>
  const swizzle_view& operator=(const swizzle_view<V2, R, J...>& o) const {
    return *this = o.to_vec();
  }

#define WEFT_SWIZZLE_COMPOUND(op)                                                           \
  const swizzle_view& operator op##=(const R& r) const { return *this = to_vec() op r; }    \
  template <class U, std::enable_if_t<is_vec_scalar_v<U> || std::is_same_v<U, T>, int> = 0> \
  const swizzle_view& operator op##=(const U& s) const {                                    \
    return *this = to_vec() op R(static_cast<T>(s));                                        \
  }
  WEFT_SWIZZLE_COMPOUND(+)
  WEFT_SWIZZLE_COMPOUND(-)
  WEFT_SWIZZLE_COMPOUND(*)
  WEFT_SWIZZLE_COMPOUND(/)
  WEFT_SWIZZLE_COMPOUND(%)
  WEFT_SWIZZLE_COMPOUND(&)
  WEFT_SWIZZLE_COMPOUND(|)
  WEFT_SWIZZLE_COMPOUND(^)
  WEFT_SWIZZLE_COMPOUND(<<)
  WEFT_SWIZZLE_COMPOUND(>>)
#undef WEFT_SWIZZLE_COMPOUND
  const swizzle_view& operator++() const { return *this += T(1); }
  const swizzle_view& operator--() const { return *this -= T(1); }
  R operator++(int) const {
    R old = to_vec();
    *this += T(1);
    return old;
  }
  R operator--(int) const {
    R old = to_vec();
    *this -= T(1);
    return old;
  }

  // A swizzle with a swizzle of the same type, and a swizzle's unary operators: vec<T, M>'s.
  // (Without these, a one-element swizzle converts to vec<T, 1> and to T alike, and T's own
  // operators, half's or std::byte's or bool's built-in ones, make such a call ambiguous.)
  // The same with a scalar: a one-element swizzle's comparison is vec<T, 1>'s (-1 where true),
  // not the built-in one on T.
#define WEFT_SWIZZLE_BINARY(op)                                                                                      \
  template <class S, std::enable_if_t<std::is_same_v<S, swizzle_view>, int> = 0>                                     \
  friend auto operator op(const S& a, const S& b)->decltype(a.to_vec() op b.to_vec()) {                              \
    return a.to_vec() op b.to_vec();                                                                                 \
  }                                                                                                                  \
  template <class S, class U,                                                                                        \
            std::enable_if_t<std::is_same_v<S, swizzle_view> && (is_vec_scalar_v<U> || std::is_same_v<U, T>), int> = \
                0>                                                                                                   \
  friend auto operator op(const S& a, const U& s)->decltype(a.to_vec() op R(static_cast<T>(s))) {                    \
    return a.to_vec() op R(static_cast<T>(s));                                                                       \
  }                                                                                                                  \
  template <class S, class U,                                                                                        \
            std::enable_if_t<std::is_same_v<S, swizzle_view> && (is_vec_scalar_v<U> || std::is_same_v<U, T>), int> = \
                0>                                                                                                   \
  friend auto operator op(const U& s, const S& a)->decltype(R(static_cast<T>(s)) op a.to_vec()) {                    \
    return R(static_cast<T>(s)) op a.to_vec();                                                                       \
  }
  WEFT_SWIZZLE_BINARY(+)
  WEFT_SWIZZLE_BINARY(-)
  WEFT_SWIZZLE_BINARY(*)
  WEFT_SWIZZLE_BINARY(/)
  WEFT_SWIZZLE_BINARY(%)
  WEFT_SWIZZLE_BINARY(&)
  WEFT_SWIZZLE_BINARY(|)
  WEFT_SWIZZLE_BINARY(^)
  WEFT_SWIZZLE_BINARY(<<)
  WEFT_SWIZZLE_BINARY(>>)
  WEFT_SWIZZLE_BINARY(&&)
  WEFT_SWIZZLE_BINARY(||)
  WEFT_SWIZZLE_BINARY(==)
  WEFT_SWIZZLE_BINARY(!=)
  WEFT_SWIZZLE_BINARY(<)
  WEFT_SWIZZLE_BINARY(>)
  WEFT_SWIZZLE_BINARY(<=)
  WEFT_SWIZZLE_BINARY(>=)
#undef WEFT_SWIZZLE_BINARY
#define WEFT_SWIZZLE_UNARY(op)                                                   \
  template <class S, std::enable_if_t<std::is_same_v<S, swizzle_view>, int> = 0> \
  friend auto operator op(const S& a)->decltype(op a.to_vec()) {                 \
    return op a.to_vec();                                                        \
  }
  WEFT_SWIZZLE_UNARY(!)
  WEFT_SWIZZLE_UNARY(~)
  WEFT_SWIZZLE_UNARY(-)
  WEFT_SWIZZLE_UNARY(+)
#undef WEFT_SWIZZLE_UNARY

  static constexpr std::size_t size() noexcept { return M; }
  [[deprecated("use size()")]] static constexpr std::size_t get_count() noexcept { return M; }
  static constexpr std::size_t byte_size() noexcept { return R::byte_size(); }
  [[deprecated("use byte_size()")]] static constexpr std::size_t get_size() noexcept { return byte_size(); }
  decltype(auto) operator[](int i) const {
    using ref = decltype((*m_v)[0]);
    if constexpr (padded)
      if (idx[i] < 0) return static_cast<ref>(this->m_pad);
    return static_cast<ref>((*m_v)[idx[i]]);
  }

  template <typename U, rounding_mode Mode = rounding_mode::automatic>
  vec<U, M> convert() const {
    return to_vec().template convert<U, Mode>();
  }
  template <typename As>
  As as() const {
    return to_vec().template as<As>();
  }
  template <class Ptr>
  void store(std::size_t offset, Ptr ptr) const {
    to_vec().store(offset, ptr);
  }
  template <class Ptr>
  void load(std::size_t offset, Ptr ptr) const {
    R r;
    r.load(offset, ptr);
    *this = r;
  }

  // Swizzles of a swizzle: a view of the same vec with the indices composed.
  template <int... J>
  swizzle_view<V, vec<T, int(sizeof...(J))>, idx[J]...> swizzle() const {
    static_assert(((J >= 0 && J < M) && ...), "swizzle index past the swizzle's size");
    return swizzle_view<V, vec<T, int(sizeof...(J))>, idx[J]...>(*m_v);
  }
#define WEFT_ELEM(name, i)                                                    \
  auto& name() const {                                                        \
    static_assert(i < M, "swizzle element accessor past the swizzle's size"); \
    return (*this)[i];                                                        \
  }
  WEFT_SYCL_XYZW_RGBA_ELEMENTS(WEFT_ELEM)
#undef WEFT_ELEM
  // lo/hi/even/odd, as vec's: a three-element swizzle counts as four, so its hi() and
  // odd() end in a padding element.
  auto lo() const {
    return pick(std::make_integer_sequence<int, half_size>{}, std::integral_constant<int, 0>{},
                std::integral_constant<int, 1>{});
  }
  auto hi() const {
    return pick(std::make_integer_sequence<int, half_size>{}, std::integral_constant<int, half_size>{},
                std::integral_constant<int, 1>{});
  }
  auto even() const {
    return pick(std::make_integer_sequence<int, half_size>{}, std::integral_constant<int, 0>{},
                std::integral_constant<int, 2>{});
  }
  auto odd() const {
    return pick(std::make_integer_sequence<int, half_size>{}, std::integral_constant<int, 1>{},
                std::integral_constant<int, 2>{});
  }

 private:
  template <int... K, int Base, int Step>
  auto pick(std::integer_sequence<int, K...>, std::integral_constant<int, Base>,
            std::integral_constant<int, Step>) const {
    static_assert(M >= 2, "lo/hi/even/odd need a swizzle of at least 2 elements");
    return swizzle_view<V, vec<T, int(sizeof...(K))>, padded_index(Base + Step * K)...>(*m_v);
  }
  V* m_v;
};

}  // namespace weft::sycl::detail
WEFT_HOST_DEVICE_END
