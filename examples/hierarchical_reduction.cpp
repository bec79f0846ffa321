// Hierarchical parallelism (SYCL 2020 handler::parallel_for_work_group): the sum of
// an array, one partial sum per work group, written the hierarchical way.
//   - code in the work-group function runs once per work group, and its variables
//     (here `tile`) are shared by the group's work items;
//   - each group.parallel_for_work_item(...) runs its function for every work item,
//     and ends with an implicit barrier;
//   - sycl::private_memory keeps one value per work item from one
//     parallel_for_work_item to the next;
//   - parallel_for_work_item(range, f) may use a logical range other than the
//     group's size: here smaller and smaller ranges make a tree reduction.
// On the CPU a work group runs on one thread and each parallel_for_work_item is a
// plain loop (docs/design.md, "How each kernel form runs on the CPU").
#include <cstdio>
#include <sycl/sycl.hpp>
#include <vector>

int main() {
  sycl::queue q;

  constexpr std::size_t n = 1 << 20;
  constexpr std::size_t group_size = 128;
  constexpr std::size_t groups = 64;
  std::vector<float> input(n);
  for (std::size_t i = 0; i < n; ++i) input[i] = float(i % 10);
  std::vector<float> partial(groups, 0.f);

  {
    sycl::buffer<float> in{input.data(), sycl::range<1>{n}};
    sycl::buffer<float> out{partial.data(), sycl::range<1>{groups}};
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor x{in, cgh, sycl::read_only};
      sycl::accessor sums{out, cgh, sycl::write_only, sycl::no_init};
      cgh.parallel_for_work_group<class hierarchical_sum>(
          sycl::range<1>{groups}, sycl::range<1>{group_size}, [=](sycl::group<1> g) {
            float tile[group_size];               // work-group scope: one array per group
            sycl::private_memory<float> mine(g);  // one float per work item

            // Each work item sums a strided slice of the input into its private memory.
            g.parallel_for_work_item([&](sycl::h_item<1> it) {
              float s = 0;
              for (std::size_t i = it.get_global_id(0); i < n; i += groups * group_size) s += x[i];
              mine(it) = s;
            });
            // (implicit barrier) then into the group's shared tile...
            g.parallel_for_work_item([&](sycl::h_item<1> it) { tile[it.get_local_id(0)] = mine(it); });
            // ...and a tree over it: the logical range halves at each step.
            for (std::size_t half = group_size / 2; half > 0; half /= 2)
              g.parallel_for_work_item(sycl::range<1>{half}, [&](sycl::h_item<1> it) {
                tile[it.get_local_id(0)] += tile[it.get_local_id(0) + half];
              });
            // Back in work-group scope: runs once for the group.
            sums[g.get_group_id(0)] = tile[0];
          });
    });
  }  // the buffers write back here

  double total = 0;
  for (float p : partial) total += p;
  double expect = 0;
  for (float v : input) expect += v;
  std::printf("sum = %.0f (expected %.0f) on %s\n", total, expect,
              q.get_device().get_info<sycl::info::device::name>().c_str());
  return total == expect ? 0 : 1;
}
