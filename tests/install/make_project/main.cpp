// The Makefile project's main: checks the kernel's result.
#include <cstdio>

#include "vadd.hpp"

int main() {
  std::vector<int> a(1000), b(1000);
  for (int i = 0; i < 1000; ++i) a[i] = i, b[i] = 2 * i;
  const std::vector<int> c = vadd(a, b);
  for (int i = 0; i < 1000; ++i)
    if (c[i] != 3 * i) {
      std::printf("Makefile project: WRONG at %d\n", i);
      return 1;
    }
  std::printf("Makefile project: correct\n");
  return 0;
}
