#pragma once
// Scoped parallelism: memory_environment() and the allocation requests.
//
// Local memory (require_local_mem<T>) is one T per group, handed to the
// callable as T&. Private memory (require_private_mem<T>) is one T per logical
// item of the group, handed as a private_memory_access<T, Group>& wrapper; see
// private_memory.hpp. Both come from the task's arena and are released (and
// destroyed) when the callable returns. Weft accepts any scoped group here, not
// only the work group: a sub-group's memory_environment() allocates per
// sub-group (one after another on the CPU).
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>
#include <sycl/scoped/checks.hpp>
#include <sycl/scoped/groups.hpp>
#include <sycl/scoped/private_memory.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail::scoped {

enum class mem_kind { local, priv };

template <class T, mem_kind Kind, bool Init>
struct memory_request {
  using value_type = T;
  static constexpr mem_kind kind = Kind;
  static constexpr bool initialized = false;
};
template <class T, mem_kind Kind>
struct memory_request<T, Kind, true> {
  using value_type = T;
  static constexpr mem_kind kind = Kind;
  static constexpr bool initialized = true;
  scalar_of_t<T> init;
};

template <class R>
struct is_memory_request : std::false_type {};
template <class T, mem_kind K, bool I>
struct is_memory_request<memory_request<T, K, I>> : std::true_type {};

template <class T, class InitType>
constexpr bool check_init_type() {
  static_assert(std::rank_v<T> <= 3,
                "require_*_mem<T>(x): T must be a scalar type or a C array of up to 3 dimensions "
                "(ScalarT [N], ScalarT [N][M] or ScalarT [N][M][K])");
  if constexpr (std::is_array_v<T>) {
    static_assert(std::is_convertible_v<const InitType&, scalar_of_t<T>>,
                  "require_*_mem<T>(x): If T is of a C-array type with up to 3 dimensions, i.e. can be represented "
                  "as ScalarT [N], ScalarT [N][M] or ScalarT [N][M][K], the argument x must be of type ScalarT");
  } else {
    static_assert(std::is_convertible_v<const InitType&, T>,
                  "require_*_mem<T>(x): Otherwise, InitType must be the same as T, and the allocation will be "
                  "initialized with the value of x");
  }
  return true;
}

// One allocation while the callable runs: the object the callable sees and how
// to clean it up.
template <class Request, class Group>
struct allocation;

template <class T, bool Init, class Group>
struct allocation<memory_request<T, mem_kind::local, Init>, Group> {
  T* data;
  allocation([[maybe_unused]] const memory_request<T, mem_kind::local, Init>& r, const Group&, kernel::scoped_arena& a) {
    data = static_cast<T*>(a.allocate(sizeof(T), alignof(T) < 64 ? 64 : alignof(T)));
    if constexpr (Init)
      fill_construct_n(data, 1, r.init);
    else
      default_construct_n(data, 1);
  }
  ~allocation() { destroy_n(data, 1); }
  allocation(const allocation&) = delete;
  allocation& operator=(const allocation&) = delete;
  T& get() noexcept { return *data; }
};

template <class T, bool Init, class Group>
struct allocation<memory_request<T, mem_kind::priv, Init>, Group> {
  std::size_t count;
  T* data;
  private_memory_access<T, Group> wrapper;
  allocation([[maybe_unused]] const memory_request<T, mem_kind::priv, Init>& r, const Group& g, kernel::scoped_arena& a)
      : count(group_access::state(g).local_range.size()),
        data(static_cast<T*>(a.allocate(sizeof(T) * count, alignof(T) < 64 ? 64 : alignof(T)))),
        wrapper(private_memory_internals::make<T, Group>(data, group_access::state(g).wg_offset, count)) {
    if constexpr (Init)
      fill_construct_n(data, count, r.init);
    else
      default_construct_n(data, count);
  }
  ~allocation() { destroy_n(data, count); }
  allocation(const allocation&) = delete;
  allocation& operator=(const allocation&) = delete;
  private_memory_access<T, Group>& get() noexcept { return wrapper; }
};

// Allocates request I (and, recursively, the following ones), then calls f.
template <std::size_t I, std::size_t N, class Group, class F, class Tuple, class... Allocated>
inline void allocate_and_call(const Group& g, kernel::scoped_arena& a, F& f, const Tuple& requests,
                              Allocated&... allocated) {
  if constexpr (I == N) {
    f(allocated.get()...);
  } else {
    using request_t = std::decay_t<std::tuple_element_t<I, Tuple>>;
    allocation<request_t, Group> mine(std::get<I>(requests), g, a);
    allocate_and_call<I + 1, N>(g, a, f, requests, allocated..., mine);
  }
}

template <class... Args, std::size_t... I>
constexpr bool check_environment_args(std::index_sequence<I...>) {
  return (is_memory_request<std::decay_t<std::tuple_element_t<I, std::tuple<Args...>>>>::value && ...);
}

// memory_environment's argument rules, shared by the CPU body (below) and the
// CUDA one (weft/target/cuda/scoped.hpp).
template <class SpGroup, class... Args>
constexpr void check_environment() {
  static_assert(is_scoped_group_v<SpGroup>, "memory_environment(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(sizeof...(Args) >= 1, "memory_environment(): the last argument must be a callable");
  if constexpr (sizeof...(Args) >= 1)
    static_assert(check_environment_args<Args...>(std::make_index_sequence<sizeof...(Args) - 1>{}),
                  "memory_environment(): Args is a collection of memory allocation requests (return values of "
                  "sycl::require_local_mem() and sycl::require_private_mem()) and, in the last argument, a callable");
}

template <class F, class Tuple, class Group, std::size_t... I>
constexpr bool environment_callable(std::index_sequence<I...>) {
  return std::is_invocable_v<F&, decltype(std::declval<allocation<std::decay_t<std::tuple_element_t<I, Tuple>>,
                                                                      Group>&>()
                                                .get())...>;
}

}  // namespace detail::scoped

/// Request local memory of type T, not initialized.
template <class T>
WEFT_HOST_DEVICE auto require_local_mem() noexcept {
  return detail::scoped::memory_request<T, detail::scoped::mem_kind::local, false>{};
}
/// Request local memory of type T, initialized with x (element-wise for C arrays up to 3 D).
template <class T, class InitType>
WEFT_HOST_DEVICE auto require_local_mem(const InitType& x) noexcept {
  static_assert(detail::scoped::check_init_type<T, InitType>());
  return detail::scoped::memory_request<T, detail::scoped::mem_kind::local, true>{
      static_cast<detail::scoped::scalar_of_t<T>>(x)};
}
/// Request private memory of logical work items of type T, not initialized.
template <class T>
WEFT_HOST_DEVICE auto require_private_mem() noexcept {
  return detail::scoped::memory_request<T, detail::scoped::mem_kind::priv, false>{};
}
/// Request private memory of logical work items of type T, initialized with x
/// (T may be left out: it is then the type of x; for C arrays x initializes each element).
template <class T = void, class InitType>
WEFT_HOST_DEVICE auto require_private_mem(const InitType& x) noexcept {
  using value_t = std::conditional_t<std::is_void_v<T>, InitType, T>;
  static_assert(detail::scoped::check_init_type<value_t, InitType>());
  return detail::scoped::memory_request<value_t, detail::scoped::mem_kind::priv, true>{
      static_cast<detail::scoped::scalar_of_t<value_t>>(x)};
}

/// Allocates the requested memory for group g and calls the last argument
/// with references to the allocations, in the order requested.
template <class SpGroup, typename... Args>
void memory_environment(const SpGroup& g, Args&&... args) WEFT_SCOPED_NOEXCEPT {
  using namespace detail::scoped;
  check_environment<SpGroup, Args...>();
  constexpr std::size_t N = sizeof...(Args) - 1;
  using all_t = std::tuple<Args&&...>;
  using F = std::remove_reference_t<std::tuple_element_t<N, all_t>>;
  static_assert(environment_callable<F, all_t, SpGroup>(std::make_index_sequence<N>{}),
                "memory_environment(): the callable must accept a reference to each allocation, in the order "
                "requested: T& for require_local_mem<T>(), a private memory wrapper& for require_private_mem<T>()");
  const auto& s = group_access::state(g);
  check_collective<SpGroup::properties::level>(s.ctx);
  all_t all(std::forward<Args>(args)...);
  kernel::scoped_arena_scope scope(*s.ctx->arena);
  allocate_and_call<0, N>(g, *s.ctx->arena, std::get<N>(all), all);
}

/// Synonym for memory_environment(g, require_local_mem<T>(), f).
template <class T, class Group, class Function>
void local_memory_environment(const Group& g, Function&& f) WEFT_SCOPED_NOEXCEPT {
  memory_environment(g, require_local_mem<T>(), std::forward<Function>(f));
}
/// Synonym for memory_environment(g, require_private_mem<T>(), f).
template <class T, class Group, class Function>
void private_memory_environment(const Group& g, Function&& f) WEFT_SCOPED_NOEXCEPT {
  memory_environment(g, require_private_mem<T>(), std::forward<Function>(f));
}

}  // namespace weft::sycl
