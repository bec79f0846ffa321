// sycl::ext::oneapi::group_local_memory and group_local_memory_for_overwrite:
// one object per work group, shared by its items, constructed once.
#include <gtest/gtest.h>

#include <cstddef>
#include <sycl/sycl.hpp>
#include <vector>

namespace {

namespace ext = sycl::ext::oneapi;

// Runs kernel(it, o) over r, o a write accessor of `size` ints, and returns them
// (-1 where no item wrote).
template <int Dims, class Kernel>
std::vector<int> run_writing(std::size_t size, sycl::nd_range<Dims> r, Kernel kernel) {
  sycl::queue q;
  std::vector<int> out(size, -1);
  {
    sycl::buffer<int> b(out.data(), sycl::range<1>(size));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      h.parallel_for(r, [=](sycl::nd_item<Dims> it) { kernel(it, o); });
    });
  }
  return out;
}

// Items write their own slot of a group array, then each reads its mirror's
// slot after a barrier: the array is shared within a group and private to it.
TEST(GroupLocalMemory, ForOverwriteArrayIsSharedByTheGroup) {
  constexpr std::size_t local = 64, groups = 37;
  const std::vector<int> out =
      run_writing(local * groups, sycl::nd_range<1>(local * groups, local), [](sycl::nd_item<1> it, const auto& o) {
        auto g = it.get_group();
        sycl::multi_ptr<int[local], sycl::access::address_space::local_space, sycl::access::decorated::legacy> p =
            ext::group_local_memory_for_overwrite<int[local]>(g);
        int(&a)[local] = *p;
        const std::size_t i = it.get_local_id(0);
        a[i] = int(it.get_global_id(0)) * 3;
        sycl::group_barrier(g);
        o[it.get_global_id(0)] = a[local - 1 - i];
      });
  for (std::size_t gr = 0; gr < groups; ++gr)
    for (std::size_t i = 0; i < local; ++i)
      ASSERT_EQ(out[gr * local + i], int(gr * local + local - 1 - i) * 3) << "group " << gr << " item " << i;
}

// A group array of vecs (the temporary storage of CUB-style block collectives):
// nothing to construct, so no item waits for item 0 before using it.
TEST(GroupLocalMemory, ForOverwriteVecArrayNeedsNoConstruction) {
  static_assert(std::is_trivially_default_constructible_v<sycl::int4[8]>);
  constexpr std::size_t local = 32, groups = 9;
  const std::vector<int> out =
      run_writing(local * groups, sycl::nd_range<1>(local * groups, local), [](sycl::nd_item<1> it, const auto& o) {
        auto g = it.get_group();
        sycl::int4(&a)[local / 4] = *ext::group_local_memory_for_overwrite<sycl::int4[local / 4]>(g);
        const std::size_t i = it.get_local_id(0);
        a[i / 4][int(i % 4)] = int(it.get_global_id(0)) + 5;
        sycl::group_barrier(g);
        const std::size_t m = local - 1 - i;
        o[it.get_global_id(0)] = a[m / 4][int(m % 4)];
      });
  for (std::size_t gr = 0; gr < groups; ++gr)
    for (std::size_t i = 0; i < local; ++i)
      ASSERT_EQ(out[gr * local + i], int(gr * local + local - 1 - i) + 5) << "group " << gr << " item " << i;
}

struct counter {
  int start;
  int hits;
};

// The object is constructed once per group from the arguments; every item's
// atomic increment lands in its own group's object (2-D groups of 8 x 12).
TEST(GroupLocalMemory, ConstructedOncePerGroupFromTheArguments) {
  const sycl::range<2> local(8, 12), global(32, 36);
  const std::size_t groups = (32 / 8) * (36 / 12);
  const std::vector<int> out =
      run_writing(groups * 2, sycl::nd_range<2>(global, local), [](sycl::nd_item<2> it, const auto& o) {
        auto g = it.get_group();
        auto c = ext::group_local_memory<counter>(g, int(g.get_group_linear_id()) + 100, 0);
        sycl::group_barrier(g);
        sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                         sycl::access::address_space::local_space>(c->hits)
            .fetch_add(1);
        sycl::group_barrier(g);
        if (g.leader()) {
          o[2 * g.get_group_linear_id()] = c->start;
          o[2 * g.get_group_linear_id() + 1] = c->hits;
        }
      });
  for (std::size_t gr = 0; gr < groups; ++gr) {
    EXPECT_EQ(out[2 * gr], int(gr) + 100) << "group " << gr;
    EXPECT_EQ(out[2 * gr + 1], 8 * 12) << "group " << gr;
  }
}

// Two calls of the same type in one kernel are two objects, each from its own
// arguments, in every group (groups without barriers too: the plain loop).
TEST(GroupLocalMemory, TwoCallsOfOneTypeAreTwoObjects) {
  if (!sycl::queue().get_device().is_cpu())
    GTEST_SKIP() << "on a GPU two calls with the same types share one object (docs/extensions.md)";
  constexpr std::size_t local = 16, groups = 50;
  const std::vector<int> out =
      run_writing(local * groups, sycl::nd_range<1>(local * groups, local), [](sycl::nd_item<1> it, const auto& o) {
        auto g = it.get_group();
        int* x = ext::group_local_memory<int>(g, 1).get();
        int* y = ext::group_local_memory<int>(g, 2).get();
        o[it.get_global_id(0)] = x != y ? *x * 10 + *y : -2;
      });
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], 12) << "item " << i;
}

// Each launch constructs its groups' objects anew from its own arguments, though
// the same group of the same kernel ran on the same thread just before.
TEST(GroupLocalMemory, EachLaunchConstructsItsOwnObjects) {
  constexpr std::size_t local = 16;
  for (int launch = 0; launch < 3; ++launch) {
    const std::vector<int> out =
        run_writing(local, sycl::nd_range<1>(local, local), [launch](sycl::nd_item<1> it, const auto& o) {
          o[it.get_global_id(0)] = *ext::group_local_memory<int>(it.get_group(), 100 + launch);
        });
    for (std::size_t i = 0; i < local; ++i) ASSERT_EQ(out[i], 100 + launch) << "launch " << launch << " item " << i;
  }
}

// Where there is no work group of an nd_range kernel, the call says so (an
// asynchronous error of the kernel).
TEST(GroupLocalMemory, OutsideAnNdRangeKernelIsAnError) {
  std::vector<std::exception_ptr> errors;
  sycl::queue q([&](sycl::exception_list l) {
    for (auto& e : l) errors.push_back(e);
  });
  if (!q.get_device().is_cpu()) GTEST_SKIP() << "device code cannot throw: the CPU reports it (docs/extensions.md)";
  q.submit([&](sycl::handler& h) {
    h.parallel_for_work_group(sycl::range<1>(2), sycl::range<1>(4),
                              [=](sycl::group<1> g) { *ext::group_local_memory_for_overwrite<int>(g) = 1; });
  });
  q.wait_and_throw();
  ASSERT_EQ(errors.size(), 1u);
  try {
    std::rethrow_exception(errors[0]);
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported);
    EXPECT_NE(std::string(e.what()).find("nd_range"), std::string::npos) << e.what();
  }
}

}  // namespace
