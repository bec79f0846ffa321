#pragma once
// SYCL 2020 section 4.14.2: sycl::vec<T, N> (N = 1, 2, 3, 4, 8, 16), its
// swizzles (swizzle.hpp), operators, convert<>() with rounding modes, as<>(),
// load/store. Storage is a plain aligned array; every operator is a fixed-size
// loop the compiler vectorizes (vec<T, 3> occupies 4 elements, as the spec says).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <sycl/access.hpp>
#include <sycl/half.hpp>
#include <sycl/detail/name_tables.hpp>
#include <sycl/detail/type_traits.hpp>

#include <weft/kernel/target.hpp>

WEFT_HOST_DEVICE_BEGIN  // kernel-callable (weft/kernel/target.hpp)
namespace weft::sycl {

template <typename T, int N>
class vec;

// Swizzle index constants (section 4.14.2.1): vec::swizzle<elem::x, elem::s3>().
struct elem {
  static constexpr int x = 0;
  static constexpr int y = 1;
  static constexpr int z = 2;
  static constexpr int w = 3;
  static constexpr int r = 0;
  static constexpr int g = 1;
  static constexpr int b = 2;
  static constexpr int a = 3;
  static constexpr int s0 = 0;
  static constexpr int s1 = 1;
  static constexpr int s2 = 2;
  static constexpr int s3 = 3;
  static constexpr int s4 = 4;
  static constexpr int s5 = 5;
  static constexpr int s6 = 6;
  static constexpr int s7 = 7;
  static constexpr int s8 = 8;
  static constexpr int s9 = 9;
  static constexpr int sA = 10;
  static constexpr int sB = 11;
  static constexpr int sC = 12;
  static constexpr int sD = 13;
  static constexpr int sE = 14;
  static constexpr int sF = 15;
};

namespace detail {

template <class V, class R, int... I>
class swizzle_view;

template <class T>
struct is_vec : std::false_type {};
template <class T, int N>
struct is_vec<vec<T, N>> : std::true_type {};
template <class T>
inline constexpr bool is_vec_v = is_vec<std::remove_cv_t<T>>::value;

template <class T>
struct is_swizzle : std::false_type {};
template <class V, class R, int... I>
struct is_swizzle<swizzle_view<V, R, I...>> : std::true_type {};
template <class T>
inline constexpr bool is_swizzle_v = is_swizzle<std::remove_cv_t<T>>::value;

// Floating-point classes, computed in float: half and the extensions' (bfloat16).
template <class T>
inline constexpr bool is_vec_float_class_v = std::is_same_v<T, half> || vec_float_extension<T>::value;

// Scalars that mix with vec elements: arithmetic types and the floating-point classes.
template <class T>
inline constexpr bool is_vec_scalar_v = std::is_arithmetic_v<T> || is_vec_float_class_v<T>;

// The signed integer of the same size as T: element type of comparison results.
template <class T>
using rel_elem_t = std::conditional_t<
    sizeof(T) == 1, std::int8_t,
    std::conditional_t<sizeof(T) == 2, std::int16_t, std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>>>;

// How many vec elements an argument of the vec constructor supplies.
// (std::byte too: vec<std::byte, N>(std::byte{0}, ...), though it is no arithmetic scalar.)
template <class A, class = void>
struct vec_arg_count : std::integral_constant<int, is_vec_scalar_v<A> || std::is_same_v<A, std::byte> ? 1 : 0> {};
template <class T, int N>
struct vec_arg_count<vec<T, N>> : std::integral_constant<int, N> {};
template <class V, class R, int... I>
struct vec_arg_count<swizzle_view<V, R, I...>> : std::integral_constant<int, int(sizeof...(I))> {};

template <class T, int N>
constexpr std::size_t vec_alignment() {
  std::size_t n = N == 3 ? 4 : N;
  std::size_t a = sizeof(T) * n;
  return a > 64 ? 64 : a;  // at most a cache line: keeps over-aligned new out of user code
}

// One element converted with a rounding mode (section 4.14.2.5).
template <class U, rounding_mode R, class T>
U convert_element(const T& x) {
  if constexpr (std::is_same_v<U, T>) {
    return x;
  } else if constexpr (std::is_same_v<U, bool>) {
    return x != T(0);
  } else if constexpr (std::is_integral_v<U> && (std::is_floating_point_v<T> || is_vec_float_class_v<T>)) {
    using F = std::conditional_t<is_vec_float_class_v<T>, float, T>;
    F f = F(x);
    // automatic is the source element type's default (section 4.14.2.5): rte for a
    // floating-point vec, as the SYCL-CTS checks (rtz is for integer element types).
    switch (R) {
      case rounding_mode::automatic:
      case rounding_mode::rte: f = std::nearbyint(f); break;
      case rounding_mode::rtp: f = std::ceil(f); break;
      case rounding_mode::rtn: f = std::floor(f); break;
      default: f = std::trunc(f); break;  // rtz: C++ conversion
    }
    return static_cast<U>(f);
  } else if constexpr (std::is_same_v<U, half>) {
    constexpr rounding_mode mode = R == rounding_mode::automatic ? rounding_mode::rte : R;
    using S = std::conditional_t<is_vec_float_class_v<T>, float, T>;  // (a class's explicit bool would compete)
    // To nearest from a float or an integer: half's constructors, one instruction on a GPU.
    if constexpr (mode == rounding_mode::rte && (std::is_same_v<S, float> || std::is_integral_v<S>)) {
      return half(static_cast<S>(x));
    } else {
      return half::from_bits(double_to_half_bits(static_cast<double>(static_cast<S>(x)), mode));
    }
  } else if constexpr (vec_float_extension<U>::value) {
    // Rounded once to float, then to U in the same direction: the directed modes compose
    // exactly (U's values are floats); rte may round twice from a double.
    return vec_float_extension<U>::template from_float<R>(convert_element<float, R>(x));
  } else if constexpr (std::is_floating_point_v<U>) {
    using S = std::conditional_t<is_vec_float_class_v<T>, float, T>;
    U r = static_cast<U>(static_cast<S>(x));
    if constexpr (R == rounding_mode::rtz || R == rounding_mode::rtp || R == rounding_mode::rtn) {
      long double lx = static_cast<long double>(static_cast<S>(x)), lr = r;
      if (std::isfinite(lr) || std::isinf(lx)) {
        if (R == rounding_mode::rtz && std::fabs(lr) > std::fabs(lx)) r = std::nextafter(r, U(0));
        if (R == rounding_mode::rtp && lr < lx) r = std::nextafter(r, std::numeric_limits<U>::infinity());
        if (R == rounding_mode::rtn && lr > lx) r = std::nextafter(r, -std::numeric_limits<U>::infinity());
      } else if (R != rounding_mode::rtp || lx < 0) {  // rounded up to infinity but should not have been
        if (R == rounding_mode::rtz || (R == rounding_mode::rtp && lx < 0) || (R == rounding_mode::rtn && lx > 0))
          r = std::copysign(std::numeric_limits<U>::max(), r);
      }
    }
    return r;
  } else {
    return static_cast<U>(x);
  }
}

template <class P>
auto raw_pointer(P p) {
  if constexpr (std::is_pointer_v<P>) return p;
  else return p.get();
}

// Named element accessors and simple swizzles shared by vec (section 4.14.2.4).
template <class Derived, class T>
struct vec_swizzle_members {
#define WEFT_ELEM(name, i)                                              \
  T& name() { return static_cast<Derived*>(this)->template elem<i>(); } \
  const T& name() const { return static_cast<const Derived*>(this)->template elem<i>(); }
  WEFT_SYCL_XYZW_RGBA_ELEMENTS(WEFT_ELEM)
  WEFT_ELEM(s0, 0)
  WEFT_ELEM(s1, 1)
  WEFT_ELEM(s2, 2)
  WEFT_ELEM(s3, 3)
  WEFT_ELEM(s4, 4)
  WEFT_ELEM(s5, 5)
  WEFT_ELEM(s6, 6)
  WEFT_ELEM(s7, 7)
  WEFT_ELEM(s8, 8)
  WEFT_ELEM(s9, 9)
  WEFT_ELEM(sA, 10)
  WEFT_ELEM(sB, 11)
  WEFT_ELEM(sC, 12)
  WEFT_ELEM(sD, 13)
  WEFT_ELEM(sE, 14)
  WEFT_ELEM(sF, 15)
#undef WEFT_ELEM
// The simple swizzles (xy(), bgra(), ...) exist only when the program defines
// SYCL_SIMPLE_SWIZZLES before including sycl.hpp (SYCL 2020 4.14.2.1): they are
// 1344 member functions, a cost every translation unit would pay otherwise.
#ifdef SYCL_SIMPLE_SWIZZLES
#define WEFT_SWIZZLE(name, ...)                                                        \
  auto name() { return static_cast<Derived*>(this)->template swizzle<__VA_ARGS__>(); } \
  auto name() const { return static_cast<const Derived*>(this)->template swizzle<__VA_ARGS__>(); }
#include <sycl/detail/swizzle_names.inc>
#undef WEFT_SWIZZLE
#endif
};

}  // namespace detail

template <typename T, int N>
class alignas(detail::vec_alignment<T, N>()) vec : public detail::vec_swizzle_members<vec<T, N>, T> {
  static_assert(N == 1 || N == 2 || N == 3 || N == 4 || N == 8 || N == 16,
                "sycl::vec has 1, 2, 3, 4, 8 or 16 elements");
  static constexpr int storage = N == 3 ? 4 : N;
  using rel_t = detail::rel_elem_t<T>;

 public:
  using element_type = T;
  using value_type = T;
  using rel_vec = vec<rel_t, N>;

  // Each element default-initialised (4.14.2.1), as DPC++'s vec is: no value for arithmetic
  // elements, so vec is trivially default constructible and a vec held in group-local
  // memory (group_local_memory_for_overwrite) needs no constructor and no barrier.
  // vec{} and vec() are zero.
  vec() = default;
  explicit constexpr vec(const T& s) : m_data{} {
    for (int i = 0; i < N; ++i) m_data[i] = s;
  }
  template <class... Args, std::enable_if_t<(sizeof...(Args) >= 2) &&
                                                ((detail::vec_arg_count<std::decay_t<Args>>::value > 0) && ...) &&
                                                (detail::vec_arg_count<std::decay_t<Args>>::value + ...) == N,
                                            int> = 0>
  constexpr vec(const Args&... args) : m_data{} {
    int pos = 0;
    (put(pos, args), ...);
  }
  constexpr vec(const vec&) = default;
  constexpr vec& operator=(const vec&) = default;
  // From a swizzle of as many elements: exact matches, so that vec<T, 1> made or assigned
  // from a one-element swizzle does not hesitate between the swizzle's conversions to
  // vec<T, 1> and to T.
  template <class V, int... I>
  vec(const detail::swizzle_view<V, vec, I...>& s) : vec(s.to_vec()) {}
  template <class V, int... I>
  vec& operator=(const detail::swizzle_view<V, vec, I...>& s) {
    return *this = s.to_vec();
  }
  vec& operator=(const T& s) {
    for (int i = 0; i < N; ++i) m_data[i] = s;
    return *this;
  }

  template <int M = N, std::enable_if_t<M == 1, int> = 0>
  operator T() const {
    return m_data[0];
  }

  static constexpr std::size_t size() noexcept { return N; }
  [[deprecated("use size()")]] static constexpr std::size_t get_count() noexcept { return N; }
  static constexpr std::size_t byte_size() noexcept { return sizeof(T) * storage; }
  [[deprecated("use byte_size()")]] static constexpr std::size_t get_size() noexcept { return byte_size(); }

  T& operator[](int i) { return m_data[i]; }
  const T& operator[](int i) const { return m_data[i]; }

  template <typename U, rounding_mode R = rounding_mode::automatic>
  vec<U, N> convert() const {
    vec<U, N> r;
    for (int i = 0; i < N; ++i) r[i] = detail::convert_element<U, R>(m_data[i]);
    return r;
  }
  template <typename As>
  As as() const {
    static_assert(sizeof(As) == sizeof(vec), "vec::as<T>(): T must have the same size as the vec");
    As r;
    __builtin_memcpy(static_cast<void*>(&r), static_cast<const void*>(this), sizeof r);
    return r;
  }

  // swizzle<i...>(): a view of the named elements (section 4.14.2.4).
  template <int... I>
  detail::swizzle_view<vec, vec<T, int(sizeof...(I))>, I...> swizzle() {
    check_indices<I...>();
    return detail::swizzle_view<vec, vec<T, int(sizeof...(I))>, I...>(*this);
  }
  template <int... I>
  detail::swizzle_view<const vec, vec<T, int(sizeof...(I))>, I...> swizzle() const {
    check_indices<I...>();
    return detail::swizzle_view<const vec, vec<T, int(sizeof...(I))>, I...>(*this);
  }
  template <int I>
  T& elem() {
    static_assert(I < N, "vec element accessor past the vec's size");
    return m_data[I];
  }
  template <int I>
  const T& elem() const {
    static_assert(I < N, "vec element accessor past the vec's size");
    return m_data[I];
  }

  // lo/hi/even/odd (vec<T, 3> counts as 4 elements: its hi() and odd() end in the padding element).
#define WEFT_HALVES(name, seq)                    \
  auto name() { return half_view(*this, seq{}); } \
  auto name() const { return half_view(*this, seq{}); }
  WEFT_HALVES(lo, lo_seq)
  WEFT_HALVES(hi, hi_seq)
  WEFT_HALVES(even, even_seq)
  WEFT_HALVES(odd, odd_seq)
#undef WEFT_HALVES

  // load/store N elements at ptr + offset * N; ptr is a multi_ptr or a raw pointer.
  template <class Ptr>
  void load(std::size_t offset, Ptr ptr) {
    const auto* p = detail::raw_pointer(ptr) + offset * N;
    for (int i = 0; i < N; ++i) m_data[i] = static_cast<T>(p[i]);
  }
  template <class Ptr>
  void store(std::size_t offset, Ptr ptr) const {
    auto* p = detail::raw_pointer(ptr) + offset * N;
    for (int i = 0; i < N; ++i) p[i] = m_data[i];
  }

  // --- operators (section 4.14.2.6) ---------------------------------------------------
  // The vec-by-scalar and scalar-by-vec forms of a binary operator: broadcast, then apply.
// (The element type is always a scalar operand: std::byte's vec takes std::byte.)
#define WEFT_VEC_SCALAR_OPERANDS(R, op)                                                             \
  template <class U, std::enable_if_t<detail::is_vec_scalar_v<U> || std::is_same_v<U, T>, int> = 0> \
  friend R operator op(const vec& a, const U& s) {                                                  \
    return a op vec(static_cast<T>(s));                                                             \
  }                                                                                                 \
  template <class U, std::enable_if_t<detail::is_vec_scalar_v<U> || std::is_same_v<U, T>, int> = 0> \
  friend R operator op(const U& s, const vec& a) {                                                  \
    return vec(static_cast<T>(s)) op a;                                                             \
  }
#define WEFT_VEC_BINARY(op)                                                                         \
  friend vec operator op(const vec& a, const vec& b) {                                              \
    vec r;                                                                                          \
    for (int i = 0; i < N; ++i) r.m_data[i] = static_cast<T>(a.m_data[i] op b.m_data[i]);           \
    return r;                                                                                       \
  }                                                                                                 \
  WEFT_VEC_SCALAR_OPERANDS(vec, op)                                                                 \
  friend vec& operator op##=(vec& a, const vec& b) { return a = a op b; }                           \
  template <class U, std::enable_if_t<detail::is_vec_scalar_v<U> || std::is_same_v<U, T>, int> = 0> \
  friend vec& operator op##=(vec& a, const U& s) {                                                  \
    return a = a op vec(static_cast<T>(s));                                                         \
  }
  WEFT_VEC_BINARY(+)
  WEFT_VEC_BINARY(-)
  WEFT_VEC_BINARY(*)
  WEFT_VEC_BINARY(/)
  WEFT_VEC_BINARY(%)
  WEFT_VEC_BINARY(&)
  WEFT_VEC_BINARY(|)
  WEFT_VEC_BINARY(^)
  WEFT_VEC_BINARY(<<)
  WEFT_VEC_BINARY(>>)
#undef WEFT_VEC_BINARY

  // Comparisons and logical operators: -1 (all bits set) where true, 0 where false.
#define WEFT_VEC_RELATIONAL(op)                                                             \
  friend rel_vec operator op(const vec& a, const vec& b) {                                  \
    rel_vec r;                                                                              \
    for (int i = 0; i < N; ++i) r[i] = (a.m_data[i] op b.m_data[i]) ? rel_t(-1) : rel_t(0); \
    return r;                                                                               \
  }                                                                                         \
  WEFT_VEC_SCALAR_OPERANDS(rel_vec, op)
  WEFT_VEC_RELATIONAL(==)
  WEFT_VEC_RELATIONAL(!=)
  WEFT_VEC_RELATIONAL(<)
  WEFT_VEC_RELATIONAL(>)
  WEFT_VEC_RELATIONAL(<=)
  WEFT_VEC_RELATIONAL(>=)
  WEFT_VEC_RELATIONAL(&&)
  WEFT_VEC_RELATIONAL(||)
#undef WEFT_VEC_RELATIONAL
#undef WEFT_VEC_SCALAR_OPERANDS

  friend vec operator+(const vec& a) { return a; }
  friend vec operator-(const vec& a) {
    vec r;
    for (int i = 0; i < N; ++i) r.m_data[i] = static_cast<T>(-a.m_data[i]);
    return r;
  }
  friend vec operator~(const vec& a) {
    vec r;
    for (int i = 0; i < N; ++i) r.m_data[i] = static_cast<T>(~a.m_data[i]);
    return r;
  }
  friend rel_vec operator!(const vec& a) {
    rel_vec r;
    for (int i = 0; i < N; ++i) r[i] = !a.m_data[i] ? rel_t(-1) : rel_t(0);
    return r;
  }
  friend vec& operator++(vec& a) { return a += T(1); }
  friend vec& operator--(vec& a) { return a -= T(1); }
  friend vec operator++(vec& a, int) {
    vec old = a;
    a += T(1);
    return old;
  }
  friend vec operator--(vec& a, int) {
    vec old = a;
    a -= T(1);
    return old;
  }

 private:
  template <class V, class R, int... I>
  friend class detail::swizzle_view;

  template <int... I>
  static constexpr void check_indices() {
    static_assert(((I >= 0 && I < storage) && ...), "vec swizzle index past the vec's size");
  }
  template <class A>
  constexpr void put(int& pos, const A& a) {
    if constexpr (detail::is_vec_scalar_v<A> || std::is_same_v<A, std::byte>) {
      m_data[pos++] = static_cast<T>(a);
    } else if constexpr (detail::is_vec_v<A>) {
      for (std::size_t i = 0; i < A::size(); ++i) m_data[pos++] = static_cast<T>(a[int(i)]);
    } else {
      auto v = a.to_vec();
      for (std::size_t i = 0; i < v.size(); ++i) m_data[pos++] = static_cast<T>(v[int(i)]);
    }
  }

  static constexpr int half_n = N == 1 ? 1 : storage / 2;
  template <int... I>
  using seq_t = std::integer_sequence<int, I...>;
  template <int Base, int Step, class S>
  struct make_seq;
  template <int Base, int Step, int... K>
  struct make_seq<Base, Step, std::integer_sequence<int, K...>> {
    using type = std::integer_sequence<int, (Base + Step * K)...>;
  };
  using lo_seq = typename make_seq<0, 1, std::make_integer_sequence<int, half_n>>::type;
  using hi_seq = typename make_seq<half_n, 1, std::make_integer_sequence<int, half_n>>::type;
  using even_seq = typename make_seq<0, 2, std::make_integer_sequence<int, half_n>>::type;
  using odd_seq = typename make_seq<1, 2, std::make_integer_sequence<int, half_n>>::type;
  template <class Self, int... I>
  static auto half_view(Self& self, std::integer_sequence<int, I...>) {
    static_assert(N > 1, "lo/hi/even/odd need a vec of at least 2 elements");
    return detail::swizzle_view<Self, vec<T, int(sizeof...(I))>, I...>(self);
  }

  T m_data[storage];
};

// Deduction guide (section 4.14.2.1): vec(1.0f, 2.0f) is vec<float, 2>.
template <class T, class... U>
vec(T, U...) -> vec<T, int(sizeof...(U) + 1)>;

// The SYCL 2020 vector aliases: char2 .. double16, plus the unsigned/signed forms.
#define WEFT_VEC_ALIASES(name, type) \
  using name##2 = vec<type, 2>;      \
  using name##3 = vec<type, 3>;      \
  using name##4 = vec<type, 4>;      \
  using name##8 = vec<type, 8>;      \
  using name##16 = vec<type, 16>;
WEFT_SYCL_ALIAS_ELEMENT_TYPES(WEFT_VEC_ALIASES)
#undef WEFT_VEC_ALIASES

// SYCL 1.2.1 scalar type names (cl::sycl::cl_int, ...) and sycl::byte.
using cl_bool = bool;
using cl_char = std::int8_t;
using cl_uchar = std::uint8_t;
using cl_short = std::int16_t;
using cl_ushort = std::uint16_t;
using cl_int = std::int32_t;
using cl_uint = std::uint32_t;
using cl_long = std::int64_t;
using cl_ulong = std::uint64_t;
using cl_half = half;
using cl_float = float;
using cl_double = double;
using byte [[deprecated("use std::byte")]] = unsigned char;

// The same names in sycl::opencl (the SYCL 2020 OpenCL backend specification),
// which code written for OpenCL interoperability uses.
namespace opencl {
using ::weft::sycl::cl_bool;
using ::weft::sycl::cl_char;
using ::weft::sycl::cl_double;
using ::weft::sycl::cl_float;
using ::weft::sycl::cl_half;
using ::weft::sycl::cl_int;
using ::weft::sycl::cl_long;
using ::weft::sycl::cl_short;
using ::weft::sycl::cl_uchar;
using ::weft::sycl::cl_uint;
using ::weft::sycl::cl_ulong;
using ::weft::sycl::cl_ushort;
}  // namespace opencl

}  // namespace weft::sycl
WEFT_HOST_DEVICE_END

#include <sycl/swizzle.hpp>
