#pragma once
// The batch kernels behind the lane operations (include/weft/target/cpu/lanes/)
// and the scoped range fold (include/weft/target/cpu/range_fold.hpp), written once
// for an xsimd architecture A. Each lanes_<arch>.cpp compiles them for its
// architecture; lanes.cpp picks one when the library loads.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <xsimd/xsimd.hpp>
#include <sycl/known_identity.hpp>

namespace weft::cpu::lanes::kernels {

using sycl::detail::op_kind;

template <class E, class A>
using batch = xsimd::batch<E, A>;

template <class B>
using mask_batch_t = xsimd::batch<std::conditional_t<sizeof(typename B::value_type) == 4, std::uint32_t, std::uint64_t>,
                                  typename B::arch_type>;

template <op_kind K, class B>
inline B combine(const B& a, const B& b) {
  if constexpr (K == op_kind::plus) return a + b;
  else if constexpr (K == op_kind::multiplies) return a * b;
  else if constexpr (K == op_kind::bit_and) return a & b;
  else if constexpr (K == op_kind::bit_or) return a | b;
  else if constexpr (K == op_kind::bit_xor) return a ^ b;
  // Spec semantics, x < y ? x : y, so NaNs and ties behave as the scalar form.
  else if constexpr (K == op_kind::minimum) return xsimd::select(a < b, a, b);
  else return xsimd::select(a > b, a, b);
}

// The scalar operator K (the same results as sycl::plus, sycl::minimum, ...).
template <op_kind K, class E>
inline E combine_scalar(E a, E b) {
  if constexpr (K == op_kind::plus) return static_cast<E>(a + b);
  else if constexpr (K == op_kind::multiplies) return static_cast<E>(a * b);
  else if constexpr (K == op_kind::bit_and) return static_cast<E>(a & b);
  else if constexpr (K == op_kind::bit_or) return static_cast<E>(a | b);
  else if constexpr (K == op_kind::bit_xor) return static_cast<E>(a ^ b);
  else if constexpr (K == op_kind::minimum) return a < b ? a : b;
  else return a > b ? a : b;
}

template <class E, op_kind K>
constexpr E identity() {
  return sycl::detail::identity_of<E, K>::value();
}

// Loads lanes [i, i + size) of a buffer of n, padding lanes past n with pad.
template <class B, class E>
inline B load_padded(const E* in, std::size_t i, std::size_t n, E pad) {
  if (i + B::size <= n) return B::load_unaligned(in + i);
  alignas(64) E tmp[B::size];
  for (std::size_t j = 0; j < B::size; ++j) tmp[j] = i + j < n ? in[i + j] : pad;
  return B::load_aligned(tmp);
}

// Stores lanes [i, min(i + size, n)).
template <class B, class E>
inline void store_partial(E* out, std::size_t i, std::size_t n, const B& v) {
  if (i + B::size <= n) {
    v.store_unaligned(out + i);
    return;
  }
  alignas(64) E tmp[B::size];
  v.store_aligned(tmp);
  for (std::size_t j = 0; i + j < n; ++j) out[i + j] = tmp[j];
}

template <std::size_t M>
struct xor_gen {
  static constexpr std::size_t get(std::size_t i, std::size_t) { return i ^ M; }
};
template <std::size_t S>
struct shift_up_gen {  // lane i takes lane i - S (lanes below S: anything, masked later)
  static constexpr std::size_t get(std::size_t i, std::size_t) { return i >= S ? i - S : i; }
};
template <std::size_t S>
struct lane_below_gen {
  static constexpr bool get(std::size_t i, std::size_t) { return i < S; }
};
template <std::size_t L>
struct splat_gen {
  static constexpr std::size_t get(std::size_t, std::size_t) { return L; }
};

// GCC 12's avx512fintrin.h reads an undefined register in the 64-bit permutes
// (GCC bug 105593); the warning surfaces where they are inlined, here.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

template <std::size_t M, class B>
inline B swizzle_xor(const B& x) {
  return xsimd::swizzle(x, xsimd::make_batch_constant<mask_batch_t<B>, xor_gen<M>>());
}

// Every lane of the result holds lane L of x.
template <std::size_t L, class B>
inline B splat_lane(const B& x) {
  return xsimd::swizzle(x, xsimd::make_batch_constant<mask_batch_t<B>, splat_gen<L>>());
}

// Butterfly: every lane ends up with the combination of all lanes.
template <op_kind K, std::size_t S = 1, class B>
inline B all_reduce(const B& x) {
  if constexpr (S >= B::size) {
    return x;
  } else {
    return all_reduce<K, S * 2>(combine<K>(x, swizzle_xor<S>(x)));
  }
}

// Hillis-Steele inclusive scan inside one batch; lanes shifted in from below lane 0
// are the identity.
template <op_kind K, std::size_t S = 1, class B>
inline B batch_scan(const B& x, const B& id) {
  if constexpr (S >= B::size) {
    return x;
  } else {
    B up = xsimd::swizzle(x, xsimd::make_batch_constant<mask_batch_t<B>, shift_up_gen<S>>());
    up = xsimd::select(xsimd::make_batch_bool_constant<B, lane_below_gen<S>>(), id, up);
    return batch_scan<K, S * 2>(combine<K>(up, x), id);
  }
}

template <class B, std::size_t... M>
inline B swizzle_xor_runtime(const B& x, std::size_t mask, std::index_sequence<M...>) {
  using fn = B (*)(const B&);
  static constexpr fn table[] = {&swizzle_xor<M, B>...};
  return table[mask](x);
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

template <class B>
inline typename B::value_type first_lane(const B& x) {
  alignas(64) typename B::value_type tmp[B::size];
  x.store_aligned(tmp);
  return tmp[0];
}

// ---- the operations (declared in include/weft/target/cpu/lanes/simd.hpp) ----------

template <class A, class E, op_kind K>
E reduce(const E* in, std::size_t n) {
  using B = batch<E, A>;
  if (n == 1) return in[0];
  const E id = identity<E, K>();
  B acc = load_padded<B>(in, 0, n, id);
  for (std::size_t i = B::size; i < n; i += B::size) acc = combine<K>(acc, load_padded<B>(in, i, n, id));
  return first_lane(all_reduce<K>(acc));
}

template <class A, class E, op_kind K>
void inclusive_scan(const E* in, std::size_t n, E* out, const E* init) {
  using B = batch<E, A>;
  const E id = identity<E, K>();
  const B idb(id);
  B carry = init ? B(*init) : idb;
  for (std::size_t i = 0; i < n; i += B::size) {
    B x = batch_scan<K>(load_padded<B>(in, i, n, id), idb);
    if (init || i > 0) x = combine<K>(carry, x);
    store_partial(out, i, n, x);
    carry = splat_lane<B::size - 1>(x);
  }
}

template <class A, class E>
bool permute_xor(const E* in, std::size_t n, std::size_t mask, E* out) {
  using B = batch<E, A>;
  // Every lane's partner exists iff n is a multiple of the power of two above mask.
  std::size_t span = 1;
  while (span <= mask) span <<= 1;
  if (n % B::size != 0 || n % span != 0) return false;
  const std::size_t inner = mask % B::size, outer = mask - inner;
  for (std::size_t i = 0; i < n; i += B::size) {
    B x = B::load_unaligned(in + (i ^ outer));
    swizzle_xor_runtime(x, inner, std::make_index_sequence<B::size>()).store_unaligned(out + i);
  }
  return true;
}

// op over the lanes of a, pairwise (log2(W) dependent steps).
template <op_kind K, class B>
inline typename B::value_type fold_lanes(const B& a) {
  using E = typename B::value_type;
  if constexpr (K == op_kind::plus) {
    return xsimd::hadd(a);
  } else {
    constexpr std::size_t W = B::size;
    alignas(64) E l[W];
    a.store_aligned(l);
    for (std::size_t w = W / 2; w > 0; w /= 2)
      for (std::size_t j = 0; j < w; ++j) l[j] = combine_scalar<K>(l[j], l[j + w]);
    return l[0];
  }
}

// op over p[0..n) starting from acc: four independent accumulators (floating-point
// adds have a latency of several cycles, so one accumulator would wait on every step).
template <class A, class E, op_kind K>
E fold(const E* p, std::size_t n, E acc) {
  using B = batch<E, A>;
  constexpr std::size_t W = B::size;
  std::size_t i = 0;
  if (n >= 2 * W) {
    B a = B::load_unaligned(p);
    i = W;
    if (n >= 4 * W) {
      B b = B::load_unaligned(p + W), c = B::load_unaligned(p + 2 * W), d = B::load_unaligned(p + 3 * W);
      for (i = 4 * W; i + 4 * W <= n; i += 4 * W) {
        a = combine<K>(a, B::load_unaligned(p + i));
        b = combine<K>(b, B::load_unaligned(p + i + W));
        c = combine<K>(c, B::load_unaligned(p + i + 2 * W));
        d = combine<K>(d, B::load_unaligned(p + i + 3 * W));
      }
      a = combine<K>(combine<K>(a, b), combine<K>(c, d));
    }
    for (; i + W <= n; i += W) a = combine<K>(a, B::load_unaligned(p + i));
    acc = combine_scalar<K>(acc, fold_lanes<K>(a));
  }
  for (; i < n; ++i) acc = combine_scalar<K>(acc, p[i]);
  return acc;
}

}  // namespace weft::cpu::lanes::kernels
