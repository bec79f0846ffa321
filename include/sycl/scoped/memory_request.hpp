#pragma once
// Scoped parallelism: the memory requests memory_environment() takes
// (require_local_mem, require_private_mem), their rules, and how requested
// memory is constructed and destroyed on every target.
#include <cstddef>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>
#include <sycl/scoped/groups.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl::detail::scoped {

template <class T>
using scalar_of_t = std::remove_all_extents_t<T>;
template <class T>
inline constexpr std::size_t scalars_in_v = sizeof(T) / sizeof(scalar_of_t<T>);

// Default-initialises count objects of type T (array types element-wise).
template <class T>
WEFT_HOST_DEVICE void default_construct_n(T* p, std::size_t count) {
  using S = scalar_of_t<T>;
  if constexpr (!std::is_trivially_default_constructible_v<S>) {
    S* s = reinterpret_cast<S*>(p);
    for (std::size_t i = 0, n = count * scalars_in_v<T>; i < n; ++i) ::new (static_cast<void*>(s + i)) S;
  } else {
    (void)p;
    (void)count;
  }
}
// Initialises count objects of type T with every scalar element equal to x.
template <class T, class X>
WEFT_HOST_DEVICE void fill_construct_n(T* p, std::size_t count, const X& x) {
  using S = scalar_of_t<T>;
  if constexpr (std::is_array_v<T>) {
    S* s = reinterpret_cast<S*>(p);
    for (std::size_t i = 0, n = count * scalars_in_v<T>; i < n; ++i)
      ::new (static_cast<void*>(s + i)) S(static_cast<S>(x));
  } else {
    for (std::size_t i = 0; i < count; ++i) ::new (static_cast<void*>(p + i)) T(static_cast<const T&>(x));
  }
}
template <class T>
WEFT_HOST_DEVICE void destroy_n(T* p, std::size_t count) noexcept {
  using S = scalar_of_t<T>;
  if constexpr (!std::is_trivially_destructible_v<S>) {
    S* s = reinterpret_cast<S*>(p);
    for (std::size_t i = 0, n = count * scalars_in_v<T>; i < n; ++i) s[i].~S();
  } else {
    (void)p;
    (void)count;
  }
}

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
  static_assert(std::rank_v<T> <= 3, "require_*_mem<T>(x): T must be a scalar type or a C array of up to 3 dimensions "
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

template <class... Args, std::size_t... I>
constexpr bool check_environment_args(std::index_sequence<I...>) {
  return (is_memory_request<std::decay_t<std::tuple_element_t<I, std::tuple<Args...>>>>::value && ...);
}

// memory_environment's argument rules.
template <class SpGroup, class... Args>
constexpr void check_environment() {
  static_assert(is_scoped_group_v<SpGroup>,
                "memory_environment(): Only available if SpGroup is a scoped parallelism group type");
  static_assert(sizeof...(Args) >= 1, "memory_environment(): the last argument must be a callable");
  if constexpr (sizeof...(Args) >= 1)
    static_assert(check_environment_args<Args...>(std::make_index_sequence<sizeof...(Args) - 1>{}),
                  "memory_environment(): Args is a collection of memory allocation requests (return values of "
                  "sycl::require_local_mem() and sycl::require_private_mem()) and, in the last argument, a callable");
}

}  // namespace weft::sycl::detail::scoped
