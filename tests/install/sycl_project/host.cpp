// The project's own, non-SYCL source: add_sycl_to_target leaves it to the project's
// compiler (g++ in the install test).
#include <cstdio>

#if EXPECT_GXX && defined(__clang__)
#error "add_sycl_to_target compiled a source it was not given with clang"
#endif

bool run_kernels(unsigned long n);

int main() {
  const bool ok = run_kernels(1 << 16);
  std::printf("add_sycl_to_target project: %s\n", ok ? "correct" : "WRONG");
  return ok ? 0 : 1;
}
