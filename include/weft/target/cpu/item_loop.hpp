#pragma once
// The innermost loop over work items, written so that the host compiler can
// vectorize across items as a SYCL compiler does (docs/design.md, "Vectorizing
// across work items"):
// - the loop is marked as free of dependencies between iterations: the items
//   of a range kernel are independent by the specification, which makes the
//   mark legal (an `omp simd` mark would also do, but GCC then keeps the
//   kernel's argument in per-lane memory: triad ran 1.5x slower with it);
// - the kernel gets an `id` when it takes one (no item built for nothing), and an
//   item built from scalars when it takes an item, so the loop body holds no
//   loop over dimensions (GCC does not vectorize a loop with two inner loops).
#include <cstddef>
#include <type_traits>
#include <sycl/id.hpp>
#include <sycl/item.hpp>
#include <sycl/range.hpp>
#include <sycl/detail/checked.hpp>
#include <weft/kernel/item_loop_mark.hpp>

// WEFT_SIMD_ITEMS (default 1; Weft::sycl defines 0 when built with
// WEFT_VECTORIZE_ITEMS=OFF) marks the item loop as free of dependencies between
// items: `GCC ivdep` for g++, which then vectorizes across items, also by
// interchanging the item loop with a loop inside the kernel. clang has no such
// outer-loop vectorizer of its own: with Weft's pass plugin (Weft::sycl then
// defines WEFT_SIMD_ITEMS=2) the loop gets the plugin's mark
// (weft/kernel/item_loop_mark.hpp, docs/design.md). Checked mode records each item
// before it runs, an order the mark would not keep, so it has none.
#ifndef WEFT_SIMD_ITEMS
#define WEFT_SIMD_ITEMS 1
#endif
#if !WEFT_SIMD_ITEMS || WEFT_CHECKED
#define WEFT_SIMD_LOOP
#elif defined(__clang__)
#define WEFT_SIMD_LOOP WEFT_PLUGIN_ITEM_LOOP
#elif defined(__GNUC__)
#define WEFT_SIMD_LOOP _Pragma("GCC ivdep")
#else
#define WEFT_SIMD_LOOP
#endif

// The item loop inlines the whole kernel body, however large: a body left as a
// call cannot be vectorized (a median filter over float4 ran 3x faster inlined).
#define WEFT_FLATTEN __attribute__((flatten))

// In checked mode (WEFT_CHECKED=1) every item is recorded before it runs, so an
// accessor bounds violation can name it; otherwise these are no-ops.
#if WEFT_CHECKED
#define WEFT_CHECKED_ITEM(i) ::weft::sycl::detail::checked::set_item(i)
#define WEFT_CHECKED_KERNEL(K) \
  ::weft::sycl::detail::checked::scope weft_checked_scope(::weft::sycl::detail::checked::kernel_name<K>())
#else
#define WEFT_CHECKED_ITEM(i) ((void)0)
#define WEFT_CHECKED_KERNEL(K) ((void)0)
#endif

namespace weft::cpu {

// The argument type of a kernel's call operator, or void where it has several or
// is a template (a generic lambda: it gets the item, as the specification says).
template <class M>
struct call_argument {
  using type = void;
};
template <class R, class C, class A>
struct call_argument<R (C::*)(A) const> {
  using type = std::decay_t<A>;
};
template <class R, class C, class A>
struct call_argument<R (C::*)(A) const noexcept> {
  using type = std::decay_t<A>;
};
template <class R, class C, class A>
struct call_argument<R (C::*)(A)> {
  using type = std::decay_t<A>;
};
template <class R, class C, class A>
struct call_argument<R (C::*)(A) noexcept> {
  using type = std::decay_t<A>;
};
template <class Kernel, class = void>
struct kernel_argument {
  using type = void;
};
template <class Kernel>
struct kernel_argument<Kernel, std::void_t<decltype(&Kernel::operator())>>
    : call_argument<decltype(&Kernel::operator())> {};

// True when the kernel takes an id (or, in one dimension, an integer), which the
// launch then passes directly.
template <int Dims, class Kernel>
inline constexpr bool takes_id = std::is_same_v<typename kernel_argument<Kernel>::type, sycl::id<Dims>> ||
                                 (Dims == 1 && std::is_integral_v<typename kernel_argument<Kernel>::type>);

// Builds what the kernel receives for the item at global id i.
template <int Dims, bool WithOffset, class Kernel>
struct item_argument {
  sycl::range<Dims> range;
  sycl::id<Dims> offset;

  // offset is zero without one; a kernel declaring sycl::item<Dims> (which has an
  // offset) gets that type directly rather than through a conversion.
  auto operator()(const sycl::id<Dims>& i) const {
    using sycl::detail::item_access;
    if constexpr (takes_id<Dims, Kernel>) return i;
    else if constexpr (WithOffset || std::is_same_v<typename kernel_argument<Kernel>::type, sycl::item<Dims, true>>)
      return item_access::make(i, range, offset);
    else return item_access::make(i, range);
  }
};

// Runs the kernel for ids (lead..., j) with j in [begin, end): the innermost,
// vectorizable loop. `lead` are the ids of the outer dimensions. The caller runs
// it from a function that is itself flattened and never inlined, and that holds
// the kernel as a local (range_launch.hpp, run_rows).
template <int Dims, class Kernel, class Argument, class... Lead>
WEFT_FLATTEN inline void item_loop(const Kernel& k, const Argument& arg, std::size_t begin, std::size_t end,
                                   Lead... lead) {
  WEFT_SIMD_LOOP
  for (std::size_t j = begin; j < end; ++j) {
    WEFT_CHECKED_ITEM(arg(sycl::id<Dims>(lead..., j)));
    k(arg(sycl::id<Dims>(lead..., j)));
  }
}

}  // namespace weft::cpu
