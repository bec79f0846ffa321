#pragma once
// DPC++'s function objects in sycl::ext::oneapi: aliases of SYCL 2020's (section
// 4.17.2), so the group algorithms and reductions know their identities.
#include <sycl/functional.hpp>

namespace weft::sycl::ext::oneapi {

#define WEFT_EXT_ONEAPI_FUNCTOR(name) \
  template <typename T = void>        \
  using name = sycl::name<T>;
WEFT_EXT_ONEAPI_FUNCTOR(plus)
WEFT_EXT_ONEAPI_FUNCTOR(multiplies)
WEFT_EXT_ONEAPI_FUNCTOR(bit_and)
WEFT_EXT_ONEAPI_FUNCTOR(bit_or)
WEFT_EXT_ONEAPI_FUNCTOR(bit_xor)
WEFT_EXT_ONEAPI_FUNCTOR(maximum)
WEFT_EXT_ONEAPI_FUNCTOR(minimum)
#undef WEFT_EXT_ONEAPI_FUNCTOR

}  // namespace weft::sycl::ext::oneapi
