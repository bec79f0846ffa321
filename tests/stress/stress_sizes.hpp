#pragma once
// Stress sizes: full size in release builds; smaller under the sanitizers,
// which run every instrumented access 5-20 times slower.
#include <cstddef>
#include <weft/sanitizer.hpp>

namespace weft_test {
#if defined(WEFT_TSAN)
inline constexpr std::size_t stress_divisor = 10;
#elif defined(WEFT_ASAN)
inline constexpr std::size_t stress_divisor = 4;
#else
inline constexpr std::size_t stress_divisor = 1;
#endif
}  // namespace weft_test
