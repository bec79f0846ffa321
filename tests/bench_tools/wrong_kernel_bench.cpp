// A benchmark binary whose 'weft' kernel is fast and wrong: the harness must
// report it as failed (SkipWithError before timing), never as a fast result.
#include <algorithm>
#include <sycl/sycl.hpp>
#include <vector>

#include "common/baseline.hpp"

namespace {

constexpr std::size_t n = 1 << 16;

template <bool Wrong>
void scale(benchmark::State& state) {
  std::vector<float> in(n, 2.f), out(n, 0.f);
  float *i = in.data(), *o = out.data();
  auto run = [&] {
    if (Wrong) {
      sycl::queue q;
      q.parallel_for(sycl::range<1>(n / 2), [=](sycl::id<1> k) { o[k] = 2 * i[k]; }).wait();  // skips half
    } else {
      weft_bench::baseline([&] { std::transform(i, i + n, o, [](float v) { return 2 * v; }); });
    }
  };
  std::vector<float> ref(n, 4.f);
  weft_bench::run_checked(state, run, [&] {
    std::string why;
    weft_bench::equal_to(o, ref.data(), n, &why);
    return why;
  });
}

}  // namespace

BENCHMARK_TEMPLATE(scale, false)->Name("scale/baseline")->UseRealTime();
BENCHMARK_TEMPLATE(scale, true)->Name("scale/weft")->UseRealTime();

WEFT_BENCH_MAIN()
