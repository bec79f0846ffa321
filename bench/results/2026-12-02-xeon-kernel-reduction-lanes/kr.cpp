#include <sycl/sycl.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>
template <class T, int CF>
double run(sycl::queue& q, sycl::buffer<T>& in, std::size_t n, int reps) {
  std::vector<double> t;
  T res = 0;
  sycl::buffer<T> out(&res, 1);
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    q.submit([&](sycl::handler& cgh) {
      auto red = sycl::reduction(out, cgh, sycl::plus<T>());
      auto acc = in.template get_access<sycl::access_mode::read>(cgh);
      cgh.parallel_for(sycl::range<1>{n / CF}, red, [=](sycl::id<1> idx, auto& op) {
        for (int i = 0; i < CF; i++) op.combine(acc[idx * CF + i]);
      });
    }).wait();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  { sycl::host_accessor h(out); if (std::abs(double(h[0]) - double(n) * reps) > 0.05 * n * reps) std::printf("WRONG %g\n", double(h[0])); }
  return t[t.size() / 2];
}
// SYCL-Bench's way: fresh input (vector filled by this thread, a buffer on it
// with one kernel touching it first) for every run.
template <class T, int CF>
double run_fresh(sycl::queue& q, std::size_t n, int reps) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    std::vector<T> v(n, T(1));
    T res = 0;
    sycl::buffer<T> in(v.data(), n);
    in.set_write_back(false);
    sycl::buffer<T> out(&res, 1);
    q.submit([&](sycl::handler& cgh) { auto a = in.template get_access<sycl::access_mode::read_write>(cgh); cgh.single_task([=] { (void)a[0]; }); });
    q.wait();
    auto t0 = std::chrono::steady_clock::now();
    q.submit([&](sycl::handler& cgh) {
      auto red = sycl::reduction(out, cgh, sycl::plus<T>());
      auto acc = in.template get_access<sycl::access_mode::read>(cgh);
      cgh.parallel_for(sycl::range<1>{n / CF}, red, [=](sycl::id<1> idx, auto& op) {
        for (int i = 0; i < CF; i++) op.combine(acc[idx * CF + i]);
      });
    });
    q.wait();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
static bool g_fresh = false;
template <class T>
void all(sycl::queue& q, std::size_t n, const char* name, int reps) {
  double a, b, c;
  if (g_fresh) {
    a = run_fresh<T, 1>(q, n, reps), b = run_fresh<T, 4>(q, n, reps), c = run_fresh<T, 8>(q, n, reps);
  } else {
  std::vector<T> v(n, T(1));
  sycl::buffer<T> in(v.data(), n);
  a = run<T, 1>(q, in, n, reps), b = run<T, 4>(q, in, n, reps), c = run<T, 8>(q, in, n, reps);
  }
  std::printf("%s cf1 %.3f cf4 %.3f cf8 %.3f ms\n", name, a, b, c);
}
int main(int argc, char** argv) {
  std::size_t n = std::size_t(1) << (argc > 1 ? atoi(argv[1]) : 26);
  int reps = argc > 2 ? atoi(argv[2]) : 7;
  g_fresh = argc > 3 && atoi(argv[3]) != 0;
  sycl::queue q;
  all<int>(q, n, "int32", reps);
  all<long long>(q, n, "int64", reps);
  all<float>(q, n, "fp32", reps);
  all<double>(q, n, "fp64", reps);
}
