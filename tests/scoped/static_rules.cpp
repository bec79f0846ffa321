// Compile-fail cases for the scoped nesting rules the type system can see
// (driven by tests/scoped/CMakeLists.txt; WEFT_STATIC_CASE selects one).
#include <sycl/sycl.hpp>
#include <string>

struct not_a_group {
  static constexpr int dimensions = 1;
};

template <class G>
void kernel(const G& g) {
#if WEFT_STATIC_CASE == 0
  sycl::distribute_items(g, [](sycl::s_item<1>) {});
  sycl::memory_environment(g, sycl::require_local_mem<int[4]>(0), sycl::require_private_mem(1.0), [](auto&, auto&) {});
#elif WEFT_STATIC_CASE == 1
  sycl::distribute_items(not_a_group{}, [](sycl::s_item<1>) {});
#elif WEFT_STATIC_CASE == 2
  sycl::distribute_items(g, [](sycl::s_item<2>) {});
#elif WEFT_STATIC_CASE == 3
  sycl::single_item(g, [](int) {});
#elif WEFT_STATIC_CASE == 4
  (void)sycl::require_local_mem<int[4][2]>(std::string("x"));
#elif WEFT_STATIC_CASE == 5
  (void)sycl::require_local_mem<int>(std::string("x"));
#elif WEFT_STATIC_CASE == 6
  sycl::memory_environment(g, 42, [](auto&) {});
#elif WEFT_STATIC_CASE == 7
  sycl::private_memory_environment<int>(
      g, [&](auto& x) { sycl::exclusive_scan_over_group(g, x, x, [](int a, int b) { return a + b; }); });
#elif WEFT_STATIC_CASE == 8
  sycl::distribute_groups(g, [](int) {});
#elif WEFT_STATIC_CASE == 9
  sycl::single_item(not_a_group{}, [] {});
#elif WEFT_STATIC_CASE == 10
  sycl::memory_environment(g, sycl::require_local_mem<int>(), [](double*) {});
#endif
}

int main() {
  sycl::queue q;
  q.parallel(sycl::range<1>{1}, sycl::range<1>{4}, [](auto g) { kernel(g); });
}
