// The compile-time benchmark's normaliser (bench/compile_time/compile_time.py): a plain
// C++ program with no Weft header, compiled in the same run as the SYCL programs,
// so that their times can be given as ratios that travel between machines.
#include <functional>
#include <iostream>
#include <memory>
#include <vector>

int main() {
  auto v = std::make_shared<std::vector<float>>(1024);
  std::function<void(std::size_t)> f = [&](std::size_t i) { (*v)[i] = 2.0f * static_cast<float>(i); };
  for (std::size_t i = 0; i < v->size(); ++i) f(i);
  std::cout << "x[10] = " << (*v)[10] << "\n";
}
