// A buffer made in main is used by kernels and host accessors from an exit
// handler registered before Weft's first use, then destroyed there: its
// destructor waits for the kernels and writes the data back.
#include <vector>
#include <sycl/sycl.hpp>
#include "exit_check.hpp"

namespace {
constexpr std::size_t n = 4096;
std::vector<int>* g_data = nullptr;
sycl::buffer<int>* g_buffer = nullptr;

void add_one(sycl::queue& q, sycl::buffer<int>& b) {
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] += 1; });
  });
}

void cleanup() {
  {
    sycl::queue q;  // the first queue made during exit
    add_one(q, *g_buffer);
    {
      sycl::host_accessor a{*g_buffer, sycl::read_only};
      for (std::size_t i = 0; i < n; ++i) exit_check::require(a[i] == static_cast<int>(i) + 2, "host accessor");
    }
    add_one(q, *g_buffer);
  }
  delete g_buffer;  // waits for the last kernel, writes back to g_data
  for (std::size_t i = 0; i < n; ++i)
    exit_check::require((*g_data)[i] == static_cast<int>(i) + 3, "the data written back by the buffer");
  delete g_data;
  exit_check::pass();
}
}  // namespace

int main(int argc, char** argv) {
  exit_check::start(argc, argv, cleanup);
  g_data = new std::vector<int>(n);
  for (std::size_t i = 0; i < n; ++i) (*g_data)[i] = static_cast<int>(i);
  g_buffer = new sycl::buffer<int>(g_data->data(), sycl::range<1>(n));
  sycl::queue q;
  {
    sycl::host_accessor a{*g_buffer};  // this thread's host-accessor list is used in main too
    a[0] = 0;
  }
  add_one(q, *g_buffer);
  return 0;
}
