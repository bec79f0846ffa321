// A program that submits work and exits without waiting for it. Usage:
//   errors_exit_without_wait <result-file> return|exit|global|chain|handler|error
// The work writes "done <mode>" to the result file; CTest checks the file, so
// the test proves the work ran before the process ended.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sycl/sycl.hpp>
#include <thread>

namespace {
std::string g_path, g_mode;

void write_result() {
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // still running when main ends
  std::ofstream(g_path) << "done " << g_mode << "\n";
}

sycl::queue& global_queue() {
  static sycl::queue q;  // destroyed at exit, after main returned
  return q;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s <result-file> return|exit|global|chain|handler|error\n", argv[0]);
    return 2;
  }
  g_path = argv[1];
  g_mode = argv[2];
  if (g_mode == "return") {  // a local queue goes out of scope with the work queued
    sycl::queue q;
    q.submit([&](sycl::handler& h) { h.host_task([] { write_result(); }); });
    return 0;
  }
  if (g_mode == "exit") {  // std::exit: no local destructors run, the runtime still finishes the work
    static sycl::queue* q = new sycl::queue;  // never destroyed
    q->submit([&](sycl::handler& h) { h.host_task([] { write_result(); }); });
    std::exit(0);
  }
  if (g_mode == "global") {
    global_queue().submit([&](sycl::handler& h) { h.host_task([] { write_result(); }); });
    return 0;
  }
  if (g_mode == "chain") {  // three dependent commands, the last not even started when main ends
    static int data[16] = {};
    sycl::queue q;
    sycl::buffer<int> b(data, sycl::range<1>(16));
    for (int step = 0; step < 2; ++step)
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h};
        h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] += 1; });
      });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h, sycl::read_only};
      h.host_task([=] {
        if (a[15] == 2) write_result();
      });
    });
    return 0;  // the buffer's destructor waits, then the queue's
  }
  if (g_mode == "handler") {  // queued by an exit handler registered before Weft's first use, never waited for
    std::atexit([] {
      static sycl::queue* q = new sycl::queue;  // never destroyed
      q->submit([&](sycl::handler& h) {
        h.host_task([path = g_path] {  // g_path may be gone by the time this runs
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
          std::ofstream(path) << "done handler\n";
        });
      });
    });
    sycl::queue q;
    q.wait();
    return 0;
  }
  if (g_mode == "error") {  // an error nobody collects is printed, not lost
    sycl::queue q([](sycl::exception_list) {});
    q.submit([&](sycl::handler& h) { h.host_task([] { throw std::runtime_error("host task failed at exit 99"); }); });
    return 0;
  }
  std::fprintf(stderr, "unknown mode %s\n", argv[2]);
  return 2;
}
