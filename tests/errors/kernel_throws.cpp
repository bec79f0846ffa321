// A kernel that throws, on a queue with no async_handler. Usage:
//   errors_kernel_throws named|lambda|destroyed
// named:     parallel_for<bad_value_kernel> throws std::invalid_argument; wait_and_throw()
// lambda:    an unnamed kernel throws app::input_error (derived from std::runtime_error)
// destroyed: as named, but the queue is destroyed without waiting for errors
// kernel_throws_test.cmake checks that the report names the kernel, the exception's
// type and message, and that the program stops without libstdc++'s misleading
// "terminate called without an active exception".
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <sycl/sycl.hpp>

class bad_value_kernel;

namespace app {
struct input_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
}  // namespace app

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "named" || mode == "destroyed") {
    sycl::queue q;  // no async_handler
    q.parallel_for<bad_value_kernel>(sycl::range<1>(1000), [=](sycl::id<1> i) {
      if (i[0] == 500) throw std::invalid_argument("bad value at item 500");
    });
    if (mode == "named") q.wait_and_throw();
    else q.wait();  // the error stays undelivered until the queue goes
    std::printf("still running\n");
    return 0;
  }
  if (mode == "lambda") {
    sycl::queue q;
    q.parallel_for(sycl::range<1>(10), [=](sycl::id<1> i) {
      if (i[0] == 3) throw app::input_error("input 3 is negative");
    });
    q.wait_and_throw();
    std::printf("still running\n");
    return 0;
  }
  std::fprintf(stderr, "usage: %s named|lambda|destroyed\n", argv[0]);
  return 2;
}
