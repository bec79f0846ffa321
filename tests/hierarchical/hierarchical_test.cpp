// Hierarchical parallelism (SYCL 2020 section 4.9.4.2.3): handler::parallel_for_work_group
// with and without a work-group size, group::parallel_for_work_item with the physical and
// a flexible logical range, h_item's ids and ranges, private_memory, work-group-scope
// variables and the implicit barrier after each parallel_for_work_item.
// Written once for every target: kernels use USM and buffers only.
#include <gtest/gtest.h>

#include <cstddef>
#include <numeric>
#include <sycl/sycl.hpp>
#include <vector>

#include "../support/gpu.hpp"

namespace {

template <int D>
std::size_t lin(const sycl::id<D>& i, const sycl::range<D>& r) {
  std::size_t l = i[0];
  for (int d = 1; d < D; ++d) l = l * r[d] + i[d];
  return l;
}

// What one work item saw, recorded at its global linear id.
struct seen {
  std::size_t group[3];
  std::size_t group_range[3];
  std::size_t local_range[3];
  std::size_t global[3];
  std::size_t global_range[3];
  std::size_t physical[3];
  std::size_t physical_range[3];
  std::size_t logical[3];
  std::size_t logical_range[3];
  std::size_t global_linear;
  std::size_t group_linear;
  std::size_t physical_linear;
  std::size_t logical_linear;
  int count;
};

// Every id and range query of group and h_item, for the default (physical) range.
template <int D>
void check_ids(sycl::range<D> groups, sycl::range<D> size) {
  target_queue q;
  const sycl::range<D> global = groups * size;
  const std::size_t n = global.size();
  seen* s = sycl::malloc_shared<seen>(n, q);
  for (std::size_t i = 0; i < n; ++i) s[i] = seen{};
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for_work_group(groups, size, [=](sycl::group<D> g) {
       g.parallel_for_work_item([&](sycl::h_item<D> h) {
         seen& e = s[h.get_global().get_linear_id()];
         for (int d = 0; d < D; ++d) {
           e.group[d] = g.get_group_id(d);
           e.group_range[d] = g.get_group_range(d);
           e.local_range[d] = g.get_local_range(d);
           e.global[d] = h.get_global_id(d);
           e.global_range[d] = h.get_global_range(d);
           e.physical[d] = h.get_physical_local_id(d);
           e.physical_range[d] = h.get_physical_local_range(d);
           e.logical[d] = h.get_logical_local_id(d);
           e.logical_range[d] = h.get_logical_local_range(d);
         }
         e.global_linear = h.get_global().get_linear_id();
         e.group_linear = g.get_group_linear_id();
         e.physical_linear = h.get_physical_local().get_linear_id();
         e.logical_linear = h.get_logical_local().get_linear_id();
         e.count += 1;
         // The same answers through the whole-id forms.
         if (h.get_global_id() != h.get_global().get_id() || h.get_local_id() != h.get_logical_local_id() ||
             h.get_local() != h.get_logical_local() || h.get_local_range() != h.get_logical_local_range() ||
             h.get_global_range() != h.get_global().get_range() ||
             h.get_physical_local_range() != g.get_local_range() || !(h == h) || h != h)
           e.count += 100;
       });
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const sycl::id<D> gid = sycl::detail::delinearize(i, global);
    const seen& e = s[i];
    ASSERT_EQ(e.count, 1) << "global linear id " << i;
    sycl::id<D> grp, loc;
    for (int d = 0; d < D; ++d) {
      grp[d] = gid[d] / size[d];
      loc[d] = gid[d] % size[d];
      EXPECT_EQ(e.group[d], grp[d]);
      EXPECT_EQ(e.group_range[d], groups[d]);
      EXPECT_EQ(e.local_range[d], size[d]);
      EXPECT_EQ(e.global[d], gid[d]);
      EXPECT_EQ(e.global_range[d], global[d]);
      EXPECT_EQ(e.physical[d], loc[d]);
      EXPECT_EQ(e.physical_range[d], size[d]);
      EXPECT_EQ(e.logical[d], loc[d]);
      EXPECT_EQ(e.logical_range[d], size[d]);
    }
    EXPECT_EQ(e.global_linear, i);
    EXPECT_EQ(e.group_linear, lin(grp, groups));
    EXPECT_EQ(e.physical_linear, lin(loc, size));
    EXPECT_EQ(e.logical_linear, lin(loc, size));
  }
  sycl::free(s, q);
}

TEST(Hierarchical, Ids1D) { check_ids(sycl::range<1>(7), sycl::range<1>(13)); }
TEST(Hierarchical, Ids2D) { check_ids(sycl::range<2>(3, 4), sycl::range<2>(5, 6)); }
TEST(Hierarchical, Ids3D) { check_ids(sycl::range<3>(2, 3, 2), sycl::range<3>(3, 2, 5)); }
TEST(Hierarchical, ManySmallGroups) { check_ids(sycl::range<1>(5000), sycl::range<1>(3)); }

// A flexible logical range: every logical item runs once, on the physical item
// logical % physical (dimension by dimension), with the group's global ids.
template <int D>
void check_flexible(sycl::range<D> groups, sycl::range<D> size, sycl::range<D> logical) {
  target_queue q;
  const std::size_t per_group = logical.size();
  const std::size_t n = groups.size() * per_group;
  seen* s = sycl::malloc_shared<seen>(n, q);
  for (std::size_t i = 0; i < n; ++i) s[i] = seen{};
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for_work_group(groups, size, [=](sycl::group<D> g) {
       g.parallel_for_work_item(logical, [&](sycl::h_item<D> h) {
         seen& e = s[g.get_group_linear_id() * per_group + h.get_logical_local().get_linear_id()];
         for (int d = 0; d < D; ++d) {
           e.global[d] = h.get_global_id(d);
           e.physical[d] = h.get_physical_local_id(d);
           e.physical_range[d] = h.get_physical_local_range(d);
           e.logical[d] = h.get_local_id(d);
           e.logical_range[d] = h.get_local_range(d);
           e.group[d] = g.get_group_id(d);
         }
         e.count += 1;
       });
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t grp_lin = i / per_group;
    const sycl::id<D> grp = sycl::detail::delinearize(grp_lin, groups);
    const sycl::id<D> lid = sycl::detail::delinearize(i % per_group, logical);
    const seen& e = s[i];
    ASSERT_EQ(e.count, 1) << "group " << grp_lin << ", logical item " << i % per_group;
    for (int d = 0; d < D; ++d) {
      const std::size_t phys = lid[d] % size[d];
      EXPECT_EQ(e.group[d], grp[d]);
      EXPECT_EQ(e.logical[d], lid[d]);
      EXPECT_EQ(e.logical_range[d], logical[d]);
      EXPECT_EQ(e.physical[d], phys);
      EXPECT_EQ(e.physical_range[d], size[d]);
      EXPECT_EQ(e.global[d], grp[d] * size[d] + phys);
    }
  }
  sycl::free(s, q);
}

TEST(Hierarchical, FlexibleLarger1D) { check_flexible(sycl::range<1>(5), sycl::range<1>(4), sycl::range<1>(11)); }
TEST(Hierarchical, FlexibleSmaller1D) { check_flexible(sycl::range<1>(5), sycl::range<1>(8), sycl::range<1>(3)); }
TEST(Hierarchical, FlexibleMixed2D) {
  check_flexible(sycl::range<2>(2, 3), sycl::range<2>(2, 3), sycl::range<2>(5, 7));
  check_flexible(sycl::range<2>(2, 3), sycl::range<2>(4, 4), sycl::range<2>(1, 2));
  check_flexible(sycl::range<2>(2, 3), sycl::range<2>(4, 2), sycl::range<2>(3, 5));
}
TEST(Hierarchical, FlexibleMixed3D) {
  check_flexible(sycl::range<3>(2, 1, 2), sycl::range<3>(2, 3, 2), sycl::range<3>(3, 2, 5));
}
TEST(Hierarchical, EmptyLogicalRangeRunsNothing) {
  check_flexible(sycl::range<2>(2, 2), sycl::range<2>(2, 2), sycl::range<2>(0, 3));
}

// private_memory: one instance per physical item, surviving from one
// parallel_for_work_item to the next; logical items on the same physical item share it.
TEST(Hierarchical, PrivateMemoryAcrossPhases) {
  target_queue q;
  constexpr std::size_t G = 9, L = 16;
  int* out = sycl::malloc_shared<int>(G * L, q);
  int* shared = sycl::malloc_shared<int>(G * 2 * L, q);
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
       sycl::private_memory<int> pm(g);
       sycl::private_memory<double> twice(g);
       g.parallel_for_work_item([&](sycl::h_item<1> h) {
         pm(h) = int(h.get_global_id(0)) * 3;
         twice(h) = 0.5;
       });
       g.parallel_for_work_item([&](sycl::h_item<1> h) { out[h.get_global_id(0)] = pm(h) + int(2 * twice(h)); });
       // Logical items l and l + L both run on physical item l: they see one instance.
       g.parallel_for_work_item(sycl::range<1>(2 * L), [&](sycl::h_item<1> h) {
         shared[g.get_group_linear_id() * 2 * L + h.get_logical_local_id(0)] = pm(h);
       });
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < G * L; ++i) EXPECT_EQ(out[i], int(i) * 3 + 1) << i;
  for (std::size_t g = 0; g < G; ++g)
    for (std::size_t l = 0; l < 2 * L; ++l) EXPECT_EQ(shared[g * 2 * L + l], int(g * L + l % L) * 3);
  sycl::free(out, q);
  sycl::free(shared, q);
}

// A private_memory of a type with a constructor and destructor: each instance is
// constructed before the group uses it and destroyed when the object goes out of scope.
struct counted {
  int value = 7;
};
TEST(Hierarchical, PrivateMemoryConstructsItsElements) {
  target_queue q;
  constexpr std::size_t G = 4;
  int* out = sycl::malloc_shared<int>(G * 8, q);
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for_work_group(sycl::range<2>(2, 2), sycl::range<2>(2, 4), [=](sycl::group<2> g) {
       sycl::private_memory<counted, 2> pm(g);
       g.parallel_for_work_item([&](sycl::h_item<2> h) { pm(h).value += int(h.get_physical_local().get_linear_id()); });
       g.parallel_for_work_item([&](sycl::h_item<2> h) {
         out[g.get_group_linear_id() * 8 + h.get_physical_local().get_linear_id()] = pm(h).value;
       });
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < G * 8; ++i) EXPECT_EQ(out[i], 7 + int(i % 8));
  sycl::free(out, q);
}

// A work-group-scope array written by every item in one parallel_for_work_item and
// read, at other items' positions, in the next: variables of the work-group
// function are shared by the group, and each parallel_for_work_item ends with a barrier.
TEST(Hierarchical, WorkGroupScopeArrayAndImplicitBarrier) {
  target_queue q;
  constexpr std::size_t G = 33, L = 32;
  std::vector<int> in(G * L);
  std::iota(in.begin(), in.end(), 1);
  std::vector<int> out(G * L, 0);
  std::vector<int> sums(G, 0);
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(G * L));
    sycl::buffer<int> bout(out.data(), sycl::range<1>(G * L));
    sycl::buffer<int> bsum(sums.data(), sycl::range<1>(G));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor a(bin, cgh, sycl::read_only);
      sycl::accessor o(bout, cgh, sycl::write_only, sycl::no_init);
      sycl::accessor sm(bsum, cgh, sycl::write_only, sycl::no_init);
      cgh.parallel_for_work_group<class reverse_in_group>(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
        int tile[L];  // work-group scope: one array for the whole group
        int group_total = 0;
        g.parallel_for_work_item([&](sycl::h_item<1> h) { tile[h.get_local_id(0)] = a[h.get_global_id(0)]; });
        g.parallel_for_work_item([&](sycl::h_item<1> h) { o[h.get_global_id(0)] = tile[L - 1 - h.get_local_id(0)]; });
        // Work-group scope code runs once per group.
        for (std::size_t i = 0; i < L; ++i) group_total += tile[i];
        sm[g.get_group_id(0)] = group_total;
      });
    });
  }
  for (std::size_t g = 0; g < G; ++g) {
    int expect = 0;
    for (std::size_t l = 0; l < L; ++l) {
      EXPECT_EQ(out[g * L + l], in[g * L + L - 1 - l]);
      expect += in[g * L + l];
    }
    EXPECT_EQ(sums[g], expect) << g;
  }
}

// A scalar product written hierarchically: each physical item sums a strided slice
// into private memory, then a tree over work-group-scope memory, halving the
// logical range each step (flexible ranges smaller than the physical one).
TEST(Hierarchical, ScalarProductTreeReduction) {
  target_queue q;
  constexpr std::size_t N = 100003, G = 16, L = 64;
  double* x = sycl::malloc_shared<double>(N, q);
  double* y = sycl::malloc_shared<double>(N, q);
  double* partial = sycl::malloc_shared<double>(G, q);
  double expect = 0;
  for (std::size_t i = 0; i < N; ++i) {
    x[i] = double(i % 7) - 3;
    y[i] = double(i % 5) * 0.5;
    expect += x[i] * y[i];
  }
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
       double sums[L];
       sycl::private_memory<double> acc(g);
       g.parallel_for_work_item([&](sycl::h_item<1> h) {
         double s = 0;
         for (std::size_t i = h.get_global_id(0); i < N; i += G * L) s += x[i] * y[i];
         acc(h) = s;
       });
       g.parallel_for_work_item([&](sycl::h_item<1> h) { sums[h.get_local_id(0)] = acc(h); });
       for (std::size_t half = L / 2; half > 0; half /= 2)
         g.parallel_for_work_item(sycl::range<1>(half), [&](sycl::h_item<1> h) {
           sums[h.get_local_id(0)] += sums[h.get_local_id(0) + half];
         });
       partial[g.get_group_id(0)] = sums[0];
     });
   }).wait_and_throw();
  double total = 0;
  for (std::size_t g = 0; g < G; ++g) total += partial[g];
  EXPECT_NEAR(total, expect, 1e-9 * N);
  sycl::free(x, q);
  sycl::free(y, q);
  sycl::free(partial, q);
}

// parallel_for_work_group(numWorkGroups, f): the implementation picks the work-group
// size; the group reports it and the items cover numWorkGroups * size exactly once.
TEST(Hierarchical, DefaultWorkGroupSize) {
  target_queue q;
  constexpr std::size_t G = 6;
  std::size_t* size = sycl::malloc_shared<std::size_t>(2, q);
  size[0] = size[1] = 0;
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for_work_group(sycl::range<2>(G, 1), [=](sycl::group<2> g) {
       if (g.get_group_linear_id() == 0) {
         size[0] = g.get_local_range(0);
         size[1] = g.get_local_range(1);
       }
     });
   }).wait_and_throw();
  const sycl::range<2> local(size[0], size[1]);
  ASSERT_GE(local.size(), 1u);
  ASSERT_LE(local.size(), q.get_device().get_info<sycl::info::device::max_work_group_size>());
  const sycl::range<2> global(G * local[0], local[1]);
  int* hits = sycl::malloc_shared<int>(global.size(), q);
  for (std::size_t i = 0; i < global.size(); ++i) hits[i] = 0;
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for_work_group<class default_size_kernel>(sycl::range<2>(G, 1), [=](sycl::group<2> g) {
       sycl::private_memory<int, 2> pm(g);
       g.parallel_for_work_item([&](sycl::h_item<2> h) { pm(h) = 1; });
       g.parallel_for_work_item([&](sycl::h_item<2> h) {
         if (h.get_global_range() == global && h.get_physical_local_range() == g.get_local_range())
           hits[h.get_global().get_linear_id()] += pm(h);
       });
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < global.size(); ++i) EXPECT_EQ(hits[i], 1) << i;
  sycl::free(size, q);
  sycl::free(hits, q);
}

// Buffers through accessors in 2-D (a transpose through a work-group-scope tile).
TEST(Hierarchical, Accessors2D) {
  target_queue q;
  constexpr std::size_t R = 12, C = 20;
  std::vector<float> m(R * C), t(R * C, 0.f);
  for (std::size_t i = 0; i < R * C; ++i) m[i] = float(i);
  {
    sycl::buffer<float, 2> bm(m.data(), sycl::range<2>(R, C));
    sycl::buffer<float, 2> bt(t.data(), sycl::range<2>(C, R));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor a(bm, cgh, sycl::read_only);
      sycl::accessor o(bt, cgh, sycl::write_only, sycl::no_init);
      cgh.parallel_for_work_group<class transpose_kernel>(
          sycl::range<2>(R / 4, C / 5), sycl::range<2>(4, 5), [=](sycl::group<2> g) {
            float tile[4][5];
            g.parallel_for_work_item(
                [&](sycl::h_item<2> h) { tile[h.get_local_id(0)][h.get_local_id(1)] = a[h.get_global_id()]; });
            g.parallel_for_work_item([&](sycl::h_item<2> h) {
              const sycl::id<2> gid = h.get_global_id();
              o[sycl::id<2>(gid[1], gid[0])] = 2 * tile[h.get_local_id(0)][h.get_local_id(1)];
            });
          });
    });
  }
  for (std::size_t r = 0; r < R; ++r)
    for (std::size_t c = 0; c < C; ++c) EXPECT_EQ(t[c * R + r], 2 * m[r * C + c]);
}

// A kernel taking a kernel_handler reads specialization constants (CPU queues only
// on the CUDA target, like every kernel_handler kernel: weft/target/gpu/launch.hpp).
constexpr sycl::specialization_id<int> hier_scale(3);
TEST(Hierarchical, KernelHandler) {
  target_queue q;
  int* out = sycl::malloc_shared<int>(16, q);
  q.submit([&](sycl::handler& cgh) {
     cgh.set_specialization_constant<hier_scale>(5);
     cgh.parallel_for_work_group<class with_handler>(
         sycl::range<1>(4), sycl::range<1>(4), [=](sycl::group<1> g, sycl::kernel_handler kh) {
           const int scale = kh.get_specialization_constant<hier_scale>();
           g.parallel_for_work_item(
               [&](sycl::h_item<1> h) { out[h.get_global_id(0)] = scale * int(h.get_global_id(0)); });
         });
   }).wait_and_throw();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], 5 * i);
  sycl::free(out, q);
}

// A local accessor is the group's local memory in a hierarchical kernel too.
TEST(Hierarchical, LocalAccessor) {
  target_queue q;
  constexpr std::size_t G = 10, L = 8;
  int* out = sycl::malloc_shared<int>(G * L, q);
  q.submit([&](sycl::handler& cgh) {
     sycl::local_accessor<int, 1> tile(sycl::range<1>(L), cgh);
     cgh.parallel_for_work_group(sycl::range<1>(G), sycl::range<1>(L), [=](sycl::group<1> g) {
       g.parallel_for_work_item(
           [&](sycl::h_item<1> h) { tile[h.get_local_id(0)] = int(g.get_group_id(0) * 100 + h.get_local_id(0)); });
       g.parallel_for_work_item(
           [&](sycl::h_item<1> h) { out[h.get_global_id(0)] = tile[(h.get_local_id(0) + 1) % L]; });
     });
   }).wait_and_throw();
  for (std::size_t g = 0; g < G; ++g)
    for (std::size_t l = 0; l < L; ++l) EXPECT_EQ(out[g * L + l], int(g * 100 + (l + 1) % L));
  sycl::free(out, q);
}

// Zero work groups run nothing; bad work-group sizes throw errc::nd_range at submission.
TEST(Hierarchical, EmptyAndInvalidShapes) {
  target_queue q;
  int* hit = sycl::malloc_shared<int>(1, q);
  *hit = 0;
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for_work_group(sycl::range<2>(0, 4), sycl::range<2>(2, 2), [=](sycl::group<2>) { *hit = 1; });
   }).wait_and_throw();
  EXPECT_EQ(*hit, 0);
  auto expect_nd_range = [&](auto submit) {
    try {
      q.submit(submit);
      ADD_FAILURE() << "no exception";
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::nd_range) << e.what();
    }
  };
  expect_nd_range([&](sycl::handler& cgh) {
    cgh.parallel_for_work_group(sycl::range<1>(4), sycl::range<1>(0), [=](sycl::group<1>) { *hit = 2; });
  });
  const std::size_t too_many = q.get_device().get_info<sycl::info::device::max_work_group_size>() + 1;
  expect_nd_range([&](sycl::handler& cgh) {
    cgh.parallel_for_work_group(sycl::range<1>(4), sycl::range<1>(too_many), [=](sycl::group<1>) { *hit = 3; });
  });
  q.wait();
  EXPECT_EQ(*hit, 0);
  sycl::free(hit, q);
}

}  // namespace
