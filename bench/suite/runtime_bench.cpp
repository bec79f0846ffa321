// Runtime overheads, against the same work scheduled by hand with oneTBB:
//  launch_latency     submit-to-complete of one tiny single_task (baseline: enqueue a
//                     task into the arena and wait for it to signal)
//  launch_throughput  10^4 independent small kernels (64 items each) then one wait
//                     (baseline: 10^4 tasks in a task_group)
//  dag_chain          1000 command groups, each depending on the previous one through
//                     a buffer accessor (baseline: a chain of tasks, each spawning the next)
//  dag_fanout         1000 independent command groups, then one that depends on all
//                     of them through events (baseline: 1000 tasks, wait, a join task)
#include <tbb/task_group.h>

#include <condition_variable>
#include <mutex>
#include <sycl/sycl.hpp>
#include <vector>

#include "common/baseline.hpp"

namespace {

constexpr int kernels = 10000;
constexpr int items = 64;
constexpr int chain = 1000;
constexpr int fanout = 1000;

// A one-shot signal as a hand-written runtime uses to wait for a task.
struct signal {
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  void set() {
    {
      std::lock_guard<std::mutex> g(m);
      done = true;
    }
    cv.notify_one();
  }
  void wait() {
    std::unique_lock<std::mutex> g(m);
    cv.wait(g, [this] { return done; });
  }
};

struct state_data {
  sycl::queue q;
  int* counter = sycl::malloc_shared<int>(1, q);
  int* slots = sycl::malloc_shared<int>(std::size_t(kernels) * items, q);
  long* fan = sycl::malloc_shared<long>(fanout + 1, q);
  ~state_data() {
    sycl::free(counter, q);
    sycl::free(slots, q);
    sycl::free(fan, q);
  }
};

state_data& data() {
  static state_data d;
  return d;
}

// ---- launch latency ----
void latency_baseline(state_data& d) {
  int* c = d.counter;
  signal s;
  weft_bench::baseline_async_arena().enqueue([c, &s] {
    ++*c;
    s.set();
  });
  s.wait();
}
void latency_weft(state_data& d) {
  int* c = d.counter;
  d.q.single_task([=] { ++*c; }).wait();
}

template <void (*Run)(state_data&)>
void launch_latency(benchmark::State& state) {
  auto& d = data();
  *d.counter = 0;
  weft_bench::run_checked(
      state, [&] { Run(d); }, [&] { return *d.counter == 1 ? std::string() : "the task did not run exactly once"; });
}

// ---- launch throughput ----
std::string check_slots(const int* slots) {
  for (int k = 0; k < kernels; ++k)
    for (int i = 0; i < items; ++i)
      if (slots[k * items + i] != k + i)
        return "kernel " + std::to_string(k) + " item " + std::to_string(i) + " wrote " +
               std::to_string(slots[k * items + i]);
  return {};
}
void throughput_baseline(state_data& d) {
  int* slots = d.slots;
  weft_bench::baseline([&] {
    tbb::task_group tg;
    for (int k = 0; k < kernels; ++k)
      tg.run([=] {
        for (int i = 0; i < items; ++i) slots[k * items + i] = k + i;
      });
    tg.wait();
  });
}
void throughput_weft(state_data& d) {
  int* slots = d.slots;
  for (int k = 0; k < kernels; ++k)
    d.q.parallel_for(sycl::range<1>(items), [=](sycl::id<1> i) { slots[k * items + int(i[0])] = k + int(i[0]); });
  d.q.wait();
}

template <void (*Run)(state_data&)>
void launch_throughput(benchmark::State& state) {
  auto& d = data();
  std::fill(d.slots, d.slots + std::size_t(kernels) * items, -1);
  if (weft_bench::run_checked(
          state, [&] { Run(d); }, [&] { return check_slots(d.slots); }))
    state.SetItemsProcessed(int64_t(state.iterations()) * kernels);  // kernels per second
}

// ---- DAG: chain ----
void chain_baseline(state_data& d) {
  int* c = d.counter;
  weft_bench::baseline([&] {
    tbb::task_group tg;
    struct step {
      tbb::task_group* tg;
      int* c;
      int k;
      void operator()() const {
        ++*c;
        if (k + 1 < chain) tg->run(step{tg, c, k + 1});
      }
    };
    tg.run(step{&tg, c, 0});
    tg.wait();
  });
}
void chain_weft(state_data& d) {
  {
    sycl::buffer<int, 1> buf(d.counter, sycl::range<1>(1));
    for (int k = 0; k < chain; ++k)
      d.q.submit([&](sycl::handler& h) {
        sycl::accessor acc(buf, h, sycl::read_write);
        h.single_task([=] { acc[0] += 1; });
      });
  }  // the buffer's destructor waits for the chain and writes back
}

template <void (*Run)(state_data&)>
void dag_chain(benchmark::State& state) {
  auto& d = data();
  *d.counter = 0;
  if (weft_bench::run_checked(
          state,
          [&] {
            *d.counter = 0;
            Run(d);
          },
          [&] {
            return *d.counter == chain ? std::string()
                                       : "counter is " + std::to_string(*d.counter) + ", not " + std::to_string(chain);
          }))
    state.SetItemsProcessed(int64_t(state.iterations()) * chain);
}

// ---- DAG: fan-out and join ----
long fan_expected() { return long(fanout) * (fanout - 1); }  // sum of 2k
void join(long* fan) {
  long s = 0;
  for (int k = 0; k < fanout; ++k) s += fan[k];
  fan[fanout] = s;
}
void fanout_baseline(state_data& d) {
  long* fan = d.fan;
  weft_bench::baseline([&] {
    tbb::task_group tg;
    for (int k = 0; k < fanout; ++k) tg.run([=] { fan[k] = 2L * k; });
    tg.wait();
    tg.run([=] { join(fan); });
    tg.wait();
  });
}
void fanout_weft(state_data& d) {
  long* fan = d.fan;
  std::vector<sycl::event> events;
  events.reserve(fanout);
  for (int k = 0; k < fanout; ++k) events.push_back(d.q.single_task([=] { fan[k] = 2L * k; }));
  d.q.submit([&](sycl::handler& h) {
       h.depends_on(events);
       h.single_task([=] { join(fan); });
     })
      .wait();
}

template <void (*Run)(state_data&)>
void dag_fanout(benchmark::State& state) {
  auto& d = data();
  std::fill(d.fan, d.fan + fanout + 1, -1L);
  if (weft_bench::run_checked(
          state, [&] { Run(d); },
          [&] {
            return d.fan[fanout] == fan_expected() ? std::string() : "join saw " + std::to_string(d.fan[fanout]);
          }))
    state.SetItemsProcessed(int64_t(state.iterations()) * (fanout + 1));
}

void us_real(benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMicrosecond)->UseRealTime(); }
void ms_real(benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); }

}  // namespace

BENCHMARK_TEMPLATE(launch_latency, latency_baseline)->Name("launch_latency/baseline")->Apply(us_real);
BENCHMARK_TEMPLATE(launch_latency, latency_weft)->Name("launch_latency/weft")->Apply(us_real);
BENCHMARK_TEMPLATE(launch_throughput, throughput_baseline)->Name("launch_throughput/baseline")->Apply(ms_real);
BENCHMARK_TEMPLATE(launch_throughput, throughput_weft)->Name("launch_throughput/weft")->Apply(ms_real);
BENCHMARK_TEMPLATE(dag_chain, chain_baseline)->Name("dag_chain/baseline")->Apply(ms_real);
BENCHMARK_TEMPLATE(dag_chain, chain_weft)->Name("dag_chain/weft")->Apply(ms_real);
BENCHMARK_TEMPLATE(dag_fanout, fanout_baseline)->Name("dag_fanout/baseline")->Apply(ms_real);
BENCHMARK_TEMPLATE(dag_fanout, fanout_weft)->Name("dag_fanout/weft")->Apply(ms_real);

#ifdef WEFT_BENCH_HAVE_OPENCL
namespace {
const char* runtime_cl = R"CL(
__kernel void bump(__global int* c) { c[0] += 1; }
__kernel void fill(__global int* slots, int k, int items) {
  int i = get_global_id(0);
  slots[k * items + i] = k + i;
}
__kernel void fan(__global long* f, int k) { f[k] = 2L * k; }
__kernel void join(__global long* f, int n) {
  long s = 0;
  for (int k = 0; k < n; ++k) s += f[k];
  f[n] = s;
}
)CL";
namespace ocl = weft_bench::ocl;

void latency_pocl(benchmark::State& state) {
  auto& d = data();
  *d.counter = 0;
  ocl::buffer c(d.counter, sizeof(int));
  ocl::kernel k(runtime_cl, "bump");
  k.arg(0, c.m);
  weft_bench::run_checked(
      state, [&] { k.run1d(1, 1); },
      [&] {
        c.sync(sizeof(int));
        return *d.counter == 1 ? std::string() : "the kernel did not run exactly once";
      });
}

void throughput_pocl(benchmark::State& state) {
  auto& d = data();
  std::size_t bytes = std::size_t(kernels) * items * sizeof(int);
  std::fill(d.slots, d.slots + std::size_t(kernels) * items, -1);
  ocl::buffer s(d.slots, bytes);
  ocl::kernel k(runtime_cl, "fill");
  k.arg(0, s.m).arg(2, cl_int(items));
  // Independent kernels: the out-of-order queue when PoCL has one.
  cl_command_queue q = ocl::get().ooo_queue ? ocl::get().ooo_queue : ocl::get().queue;
  auto run = [&] {
    std::size_t g = items;
    for (int i = 0; i < kernels; ++i) {
      k.arg(1, cl_int(i));
      k.enqueue(1, &g, nullptr, q);
    }
    ocl::kernel::finish(q);
  };
  if (weft_bench::run_checked(state, run, [&] {
        s.sync(bytes);
        return check_slots(d.slots);
      }))
    state.SetItemsProcessed(int64_t(state.iterations()) * kernels);
}

void chain_pocl(benchmark::State& state) {
  auto& d = data();
  ocl::buffer c(d.counter, sizeof(int));
  ocl::kernel k(runtime_cl, "bump");
  k.arg(0, c.m);
  auto run = [&] {
    *d.counter = 0;  // the host writes between runs: USE_HOST_PTR memory, no kernel in flight
    std::size_t one = 1;
    for (int i = 0; i < chain; ++i) k.enqueue(1, &one);  // in-order queue: each depends on the previous
    ocl::kernel::finish();
  };
  if (weft_bench::run_checked(state, run, [&] {
        c.sync(sizeof(int));
        return *d.counter == chain ? std::string() : "counter is " + std::to_string(*d.counter);
      }))
    state.SetItemsProcessed(int64_t(state.iterations()) * chain);
}

void fanout_pocl(benchmark::State& state) {
  auto& d = data();
  std::fill(d.fan, d.fan + fanout + 1, -1L);
  ocl::buffer f(d.fan, (fanout + 1) * sizeof(long));
  ocl::kernel k(runtime_cl, "fan"), j(runtime_cl, "join");
  k.arg(0, f.m);
  j.arg(0, f.m).arg(1, cl_int(fanout));
  cl_command_queue q = ocl::get().ooo_queue ? ocl::get().ooo_queue : ocl::get().queue;
  std::vector<cl_event> events(fanout);
  auto run = [&] {
    std::size_t one = 1;
    for (int i = 0; i < fanout; ++i) {
      k.arg(1, cl_int(i));
      events[i] = k.enqueue(1, &one, nullptr, q, 0, nullptr, true);
    }
    j.enqueue(1, &one, nullptr, q, cl_uint(fanout), events.data());
    ocl::kernel::finish(q);
    for (auto e : events) clReleaseEvent(e);
  };
  if (weft_bench::run_checked(state, run, [&] {
        f.sync((fanout + 1) * sizeof(long));
        return d.fan[fanout] == fan_expected() ? std::string() : "join saw " + std::to_string(d.fan[fanout]);
      }))
    state.SetItemsProcessed(int64_t(state.iterations()) * (fanout + 1));
}

WEFT_BENCH_PEER("launch_latency/pocl", latency_pocl, us_real);
WEFT_BENCH_PEER("launch_throughput/pocl", throughput_pocl, ms_real);
WEFT_BENCH_PEER("dag_chain/pocl", chain_pocl, ms_real);
WEFT_BENCH_PEER("dag_fanout/pocl", fanout_pocl, ms_real);
}  // namespace
#endif

WEFT_BENCH_MAIN()
