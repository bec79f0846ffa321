#pragma once
// DPC++'s function objects in sycl::ext::oneapi: aliases of SYCL 2020's (section
// 4.17.2), so the group algorithms and reductions know their identities.
#include <sycl/functional.hpp>

namespace weft::sycl::ext::oneapi {

template <typename T = void>
using plus = sycl::plus<T>;
template <typename T = void>
using multiplies = sycl::multiplies<T>;
template <typename T = void>
using bit_and = sycl::bit_and<T>;
template <typename T = void>
using bit_or = sycl::bit_or<T>;
template <typename T = void>
using bit_xor = sycl::bit_xor<T>;
template <typename T = void>
using maximum = sycl::maximum<T>;
template <typename T = void>
using minimum = sycl::minimum<T>;

}  // namespace weft::sycl::ext::oneapi
