// A program with known kernels for the trace tests (trace_test.cmake): each
// command form once or more, dependencies through buffers, a second queue
// submitted from a second thread. It checks its own results and prints them
// ("result ..."), so a traced run must print the same; it prints the event
// profiling times of its once-launched kernels ("profile <kernel> <submit>
// <start> <end>") for the comparison with the trace's slices.
#include <sycl/sycl.hpp>
#include <weft/trace.hpp>

#include <cstdio>
#include <numeric>
#include <thread>
#include <vector>

class fill_a;
class scale;
class tile_sum;
class scoped_double;
class total;
class other_thread;

namespace {
constexpr std::size_t n = 1 << 14;
constexpr std::size_t group = 64;

void print_profile(const char* name, const sycl::event& e) {
  std::printf("profile %s %llu %llu %llu\n", name,
              static_cast<unsigned long long>(e.get_profiling_info<sycl::info::event_profiling::command_submit>()),
              static_cast<unsigned long long>(e.get_profiling_info<sycl::info::event_profiling::command_start>()),
              static_cast<unsigned long long>(e.get_profiling_info<sycl::info::event_profiling::command_end>()));
}
}  // namespace

int main() {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  std::vector<float> a(n), b(n), sums(n / group), doubled(n);
  float reduced = 0;
  int host_seen = 0;
  {
    sycl::buffer<float> ba(a.data(), sycl::range<1>(n)), bb(b.data(), sycl::range<1>(n));
    sycl::buffer<float> bs(sums.data(), sycl::range<1>(n / group)), bd(doubled.data(), sycl::range<1>(n));
    sycl::buffer<float> br(&reduced, sycl::range<1>(1));
    sycl::event e_fill = q.submit([&](sycl::handler& h) {
      sycl::accessor A(ba, h, sycl::write_only);
      h.parallel_for<fill_a>(sycl::range<1>(n), [=](sycl::id<1> i) { A[i] = float(i[0] % 7); });
    });
    for (int k = 0; k < 3; ++k)  // b = 2 * a + 1 + k for k = 0, 1, 2: b ends as 2a + 3
      q.submit([&](sycl::handler& h) {
        sycl::accessor A(ba, h, sycl::read_only);
        sycl::accessor B(bb, h, sycl::read_write);
        h.parallel_for<scale>(sycl::range<2>(n / 128, 128), [=](sycl::item<2> it) {
          const std::size_t i = it.get_linear_id();
          B[i] = k == 0 ? 2 * A[i] + 1 : B[i] + 1;
        });
      });
    sycl::event e_tile = q.submit([&](sycl::handler& h) {
      sycl::accessor B(bb, h, sycl::read_only);
      sycl::accessor S(bs, h, sycl::write_only);
      sycl::local_accessor<float, 1> tile(sycl::range<1>(group), h);
      h.parallel_for<tile_sum>(sycl::nd_range<1>(n, group), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        tile[l] = B[it.get_global_id(0)];
        sycl::group_barrier(it.get_group());
        for (std::size_t stride = group / 2; stride > 0; stride /= 2) {
          if (l < stride) tile[l] += tile[l + stride];
          sycl::group_barrier(it.get_group());
        }
        if (l == 0) S[it.get_group(0)] = tile[0];
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor B(bb, h, sycl::read_only);
      sycl::accessor D(bd, h, sycl::write_only);
      h.parallel<scoped_double>(sycl::range<1>(n / group), sycl::range<1>(group), [=](auto g) {
        sycl::distribute_items(g, [&](sycl::s_item<1> idx) {
          const std::size_t i = idx.get_global_id(0);
          D[i] = 2 * B[i];
        });
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor S(bs, h, sycl::read_only);
      h.parallel_for<total>(sycl::range<1>(n / group), sycl::reduction(br, h, sycl::plus<float>()),
                            [=](sycl::id<1> i, auto& sum) { sum += S[i]; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor S(bs, h, sycl::read_only);
      h.host_task([=, &host_seen] { host_seen = S[0] > 0 ? 1 : 0; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor D(bd, h, sycl::read_write);
      h.fill(D, 0.0f);  // then the copy below brings the doubled values back
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor B(bb, h, sycl::read_only);
      sycl::accessor D(bd, h, sycl::write_only);
      h.copy(B, D);
    });
    // A second submitting thread with its own in-order queue.
    std::vector<int> other(n, 0);
    std::thread t([&] {
      sycl::queue q2{sycl::property::queue::in_order{}};
      int* p = sycl::malloc_shared<int>(n, q2);
      q2.parallel_for<other_thread>(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = int(i[0]); }).wait();
      std::copy(p, p + n, other.begin());
      sycl::free(p, q2);
    });
    t.join();
    q.wait();
    print_profile("fill_a", e_fill);
    print_profile("tile_sum", e_tile);
    if (!weft::tracing() == (std::getenv("WEFT_TRACE") != nullptr)) {
      std::printf("weft::tracing() is %d with WEFT_TRACE %s\n", int(weft::tracing()),
                  std::getenv("WEFT_TRACE") ? "set" : "unset");
      return 1;
    }
    if (weft::write_trace() != (std::getenv("WEFT_TRACE") != nullptr)) {
      std::printf("weft::write_trace() did not write the trace\n");
      return 1;
    }
    for (std::size_t i = 0; i < n; ++i)
      if (other[i] != int(i)) {
        std::printf("other_thread: element %zu is %d\n", i, other[i]);
        return 1;
      }
  }
  // Expected: a = i % 7, b = 2a + 3, sums of b per group, doubled = b (copied over).
  double expect_total = 0;
  for (std::size_t g = 0; g < n / group; ++g) {
    float s = 0;
    for (std::size_t i = g * group; i < (g + 1) * group; ++i) s += 2 * float(i % 7) + 3;
    if (sums[g] != s) {
      std::printf("tile_sum: group %zu is %g, expected %g\n", g, double(sums[g]), double(s));
      return 1;
    }
    expect_total += s;
  }
  for (std::size_t i = 0; i < n; ++i)
    if (b[i] != 2 * float(i % 7) + 3 || doubled[i] != b[i]) {
      std::printf("element %zu: b %g doubled %g\n", i, double(b[i]), double(doubled[i]));
      return 1;
    }
  if (double(reduced) != expect_total || host_seen != 1) {
    std::printf("total %g, expected %g; host task saw %d\n", double(reduced), expect_total, host_seen);
    return 1;
  }
  std::printf("result total %.1f b[5] %.1f sums[3] %.1f\n", double(reduced), double(b[5]), double(sums[3]));
  std::printf("plugin item loops %d\n", WEFT_PLUGIN_ITEM_LOOPS);  // the profile's verdicts then (check_trace.py)
  return 0;
}
