// Worker count: defaults to the process's CPU affinity mask (not the machine's
// core count); WEFT_NUM_THREADS overrides it; set_worker_count() works only
// before the workers start. (CMakeLists.txt also runs this with WEFT_NUM_THREADS set.)
#include <gtest/gtest.h>
#include <sched.h>

#include <cstdlib>
#include <string>
#include <sycl/sycl.hpp>
#include <thread>

namespace {

// Narrow this process to one CPU before anything starts Weft, so that a worker
// count taken from the core count would differ from one taken from the mask.
int cpus_before = 0;
const int cpus_in_mask = [] {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 0;
  cpus_before = CPU_COUNT(&set);
  for (int c = 0; c < CPU_SETSIZE; ++c) {
    if (CPU_ISSET(c, &set)) {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(c, &one);
      if (sched_setaffinity(0, sizeof(one), &one) == 0) return 1;
      break;
    }
  }
  return cpus_before;
}();

TEST(Runtime, WorkerCount) {
  const char* env = std::getenv("WEFT_NUM_THREADS");
  if (env && std::string(env) == "not-a-number") {
    try {
      (void)weft::worker_count();
      ADD_FAILURE() << "a malformed WEFT_NUM_THREADS was accepted";
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::invalid);
      EXPECT_NE(std::string(e.what()).find("WEFT_NUM_THREADS"), std::string::npos) << e.what();
    }
    return;
  }
  if (env) {
    EXPECT_EQ(weft::worker_count(), std::stoul(env));
  } else {
    ASSERT_GT(cpus_in_mask, 0);
    EXPECT_EQ(weft::worker_count(), std::size_t(cpus_in_mask))
        << "the affinity mask had " << cpus_in_mask << " CPU(s) of " << cpus_before << " when Weft started";
  }
  EXPECT_EQ(sycl::device().get_info<sycl::info::device::max_compute_units>(), weft::worker_count());

  // Kernels, host tasks and buffers work with this many workers.
  sycl::queue q;
  std::vector<int> v(100000, 1);
  {
    sycl::buffer<int> b(v.data(), sycl::range<1>(v.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { a[i] += int(i[0] % 3); });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.host_task([=] { a[0] = -1; });
    });
  }
  EXPECT_EQ(v[0], -1);
  EXPECT_EQ(v[99998], 3);

  // Once the workers run, the count is fixed.
  try {
    weft::set_worker_count(2);
    ADD_FAILURE() << "set_worker_count after start was accepted";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
}

TEST(Runtime, SetWorkerCountRejectsZero) {
  try {
    weft::set_worker_count(0);
    ADD_FAILURE() << "set_worker_count(0) was accepted";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
}

}  // namespace
