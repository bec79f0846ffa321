#pragma once
// Scoped parallelism: the nesting rules and how Weft checks them.
//
// Rules the type system can see (a non-scoped group passed to a scoped
// function, a callable of the wrong signature, a bad memory request) fail to
// compile with a static_assert quoting the rule. The others need to know where
// in the nesting the call happens, so they are checked at run time when
// WEFT_SCOPED_CHECKS is 1 and reported as sycl::exception(errc::invalid) naming
// the rule. WEFT_SCOPED_CHECKS defaults to 1 unless NDEBUG is defined; define it
// to 0 or 1 before including <sycl/sycl.hpp> to choose. All translation units
// of one program must agree. With checks off the scoped functions are noexcept
// (as the specification declares them) and cost nothing extra.
#include <sycl/exception.hpp>
#include <weft/kernel/scoped.hpp>

#ifndef WEFT_SCOPED_CHECKS
#ifdef NDEBUG
#define WEFT_SCOPED_CHECKS 0
#else
#define WEFT_SCOPED_CHECKS 1
#endif
#endif

#if WEFT_SCOPED_CHECKS
#define WEFT_SCOPED_NOEXCEPT
#else
#define WEFT_SCOPED_NOEXCEPT noexcept
#endif

namespace weft::sycl::detail::scoped {

inline constexpr const char* rule1_text =
    "scoped parallelism nesting rule 1 violated: the group object passed to distribute_items(), "
    "distribute_groups(), single_item(), their *_and_wait counterparts, memory_environment() and group "
    "algorithms (e.g. group_barrier()) must be the smallest group subunit available at that point in the "
    "code, i.e. the group closest in the nesting hierarchy. Pass the innermost group object instead.";
inline constexpr const char* rule2_text =
    "scoped parallelism nesting rule 2 violated: distribute_items(), distribute_groups(), single_item(), "
    "their *_and_wait counterparts, memory_environment() and group algorithms (e.g. group_barrier()) may "
    "not be called from within distribute_items() calls, and s_private_memory objects may not be declared "
    "inside distribute_items() calls. Move the call outside of distribute_items().";
inline constexpr const char* rule3_text =
    "scoped parallelism nesting rule 3 violated: distribute_items(), distribute_groups(), single_item(), "
    "their *_and_wait counterparts, memory_environment() and group algorithms are collective with respect "
    "to the physical work items of their group, but this call is inside single_item(), which only one "
    "physical item executes. Move the call outside of single_item().";
inline constexpr const char* owner_text =
    "scoped parallelism: a private memory wrapper was used with a group that is not nested inside the "
    "group the wrapper was allocated for by memory_environment(); use it within that group only.";

[[noreturn]] inline void report(const char* text) { weft::detail::throw_error(errc::invalid, text); }

// Checks that a collective call on a group at nesting level Level happens where
// that group is the innermost one and outside distribute_items()/single_item().
template <int Level>
inline void check_collective([[maybe_unused]] const kernel::scoped_context* ctx) {
#if WEFT_SCOPED_CHECKS
  if (ctx->region == kernel::scoped_region::items) report(rule2_text);
  if (ctx->region == kernel::scoped_region::single) report(rule3_text);
  if (ctx->depth != Level) report(rule1_text);
#endif
}

// Sets the nesting state for the duration of a nested callable.
class region_guard {
 public:
#if WEFT_SCOPED_CHECKS
  region_guard(kernel::scoped_context* ctx, int depth, kernel::scoped_region region) noexcept
      : m_ctx(ctx), m_depth(ctx->depth), m_region(ctx->region) {
    ctx->depth = depth;
    ctx->region = region;
  }
  ~region_guard() {
    m_ctx->depth = m_depth;
    m_ctx->region = m_region;
  }

 private:
  kernel::scoped_context* m_ctx;
  int m_depth;
  kernel::scoped_region m_region;
#else
  region_guard(kernel::scoped_context*, int, kernel::scoped_region) noexcept {}
#endif
 public:
  region_guard(const region_guard&) = delete;
  region_guard& operator=(const region_guard&) = delete;
};

}  // namespace weft::sycl::detail::scoped
