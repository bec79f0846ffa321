#pragma once
// SYCL 2020 section 4.8.2: the kinds of USM allocation (a value type the
// runtime also uses; the allocation functions are in sycl/usm.hpp).

namespace weft::sycl::usm {
enum class alloc : char { host = 0, device = 1, shared = 2, unknown = 3 };
enum class advice : int { none = 0 };
}  // namespace weft::sycl::usm
