// Scoped parallelism: every function, every group depth, 1/2/3 D, memory kinds.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <numeric>
#include <set>
#include <sycl/sycl.hpp>
#include <vector>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

constexpr std::size_t S = WEFT_SUB_GROUP_SIZE;

// Runs a scoped kernel through the queue and waits.
template <int D, class K>
void run(sycl::range<D> groups, sycl::range<D> size, K k) {
  sycl::queue q;
  q.parallel(groups, size, k);
  q.wait_and_throw();
}

template <int D>
std::size_t lin(const sycl::id<D>& i, const sycl::range<D>& r) {
  return sycl::detail::linearize(i, r);
}

// ---- launch and work-group queries -----------------------------------------

TEST(Scoped, HandlerAndQueueForms) {
  sycl::queue q;
  std::vector<int> v(64, 0);
  {
    sycl::buffer<int> b{v.data(), sycl::range<1>{64}};
    q.submit([&](sycl::handler& cgh) {
      auto acc = b.get_access<sycl::access::mode::read_write>(cgh);
      cgh.parallel<class named_kernel>(sycl::range<1>{4}, sycl::range<1>{16}, [=](auto g) {
        sycl::distribute_items(g, [&](sycl::s_item<1> it) { acc[it.get_global_id(0)] += 1; });
      });
    });
    q.submit([&](sycl::handler& cgh) {
      auto acc = b.get_access<sycl::access::mode::read_write>(cgh);
      cgh.parallel(sycl::range<1>{4}, sycl::range<1>{16}, [=](auto g) {
        sycl::distribute_items(g, [&](sycl::s_item<1> it) { acc[it.get_global_id(0)] += 2; });
      });
    });
  }
  for (int x : v) EXPECT_EQ(x, 3);
  int* p = sycl::malloc_shared<int>(64, q);
  q.parallel(sycl::range<1>{4}, sycl::range<1>{16}, [=](auto g) {
     sycl::distribute_items(g, [&](sycl::s_item<1> it) { p[it.get_global_id(0)] = 5; });
   }).wait();
  q.parallel<class named_queue_kernel>(sycl::range<1>{4}, sycl::range<1>{16}, [=](auto g) {
     sycl::distribute_items(g, [&](sycl::s_item<1> it) { p[it.get_global_id(0)] += 1; });
   }).wait();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(p[i], 6);
  sycl::free(p, q);
}

template <int D>
void check_work_group_queries(sycl::range<D> groups, sycl::range<D> size) {
  const std::size_t n = groups.size();
  std::vector<int> seen(n, 0);
  int* sp = seen.data();
  std::atomic<int> bad{0};
  run(groups, size, [=, &bad](auto g) {
    using G = decltype(g);
    static_assert(G::dimensions == D);
    static_assert(G::fence_scope == sycl::memory_scope::work_group);
    static_assert(std::is_same_v<typename G::id_type, sycl::id<D>>);
    static_assert(std::is_same_v<typename G::range_type, sycl::range<D>>);
    bool ok = g.get_group_range() == groups && g.get_logical_local_range() == size &&
              g.get_logical_local_linear_range() == size.size() && g.get_group_linear_range() == n &&
              g.get_physical_local_linear_range() == 1 && g.get_physical_local_linear_id() == 0 &&
              g.get_physical_local_range() == sycl::range<D>(sycl::detail::scoped::ones<D>()) &&
              g.get_physical_local_id() == sycl::id<D>() && g.leader() && g.get_local_range() == size &&
              g.get_local_linear_range() == size.size() && g.get_local_id() == sycl::id<D>() &&
              g.get_local_linear_id() == 0 && g.get_group_linear_id() == lin(g.get_group_id(), groups);
    for (int d = 0; d < D; ++d)
      ok = ok && g.get_group_id(d) == g.get_group_id()[d] && g[d] == g.get_group_id()[d] &&
           g.get_group_range(d) == groups[d] && g.get_logical_local_range(d) == size[d] &&
           g.get_local_range(d) == size[d] && g.get_physical_local_range(d) == 1 && g.get_physical_local_id(d) == 0;
    if (!ok) ++bad;
    sp[g.get_group_linear_id()] += 1;
  });
  EXPECT_EQ(bad, 0);
  for (int s : seen) EXPECT_EQ(s, 1);
}

TEST(Scoped, WorkGroupQueries) {
  check_work_group_queries(sycl::range<1>{37}, sycl::range<1>{24});
  check_work_group_queries(sycl::range<2>{5, 3}, sycl::range<2>{4, 8});
  check_work_group_queries(sycl::range<3>{2, 3, 4}, sycl::range<3>{2, 3, 5});
}

TEST(Scoped, GroupEquality) {
  std::atomic<int> bad{0};
  run(sycl::range<1>{2}, sycl::range<1>{32}, [&](auto g) {
    auto copy = g;
    if (!(copy == g) || copy != g) ++bad;
    int k = 0;
    sycl::distribute_groups(g, [&](auto sg) {
      if (k++ == 1 && sg == decltype(sg)(sg) && !(sg != sg)) {
      } else if (k == 2) {
        ++bad;
      }
    });
  });
  EXPECT_EQ(bad, 0);
}

// ---- distribute_items -------------------------------------------------------

template <int D>
void check_items(sycl::range<D> groups, sycl::range<D> size) {
  sycl::range<D> global;
  for (int d = 0; d < D; ++d) global[d] = groups[d] * size[d];
  std::vector<int> count(global.size(), 0);
  int* c = count.data();
  std::atomic<int> bad{0};
  run(groups, size, [=, &bad](auto g) {
    sycl::distribute_items(g, [&](sycl::s_item<D> it) {
      bool ok = it.get_global_range() == global && it.get_global_linear_range() == global.size() &&
                it.get_innermost_local_range() == size && it.get_innermost_local_linear_range() == size.size() &&
                it.get_local_range(g) == size && it.get_local_linear_range(g) == size.size();
      for (int d = 0; d < D; ++d) {
        ok = ok && it.get_global_id(d) == g.get_group_id(d) * size[d] + it.get_innermost_local_id(d) &&
             it.get_global_id()[d] == it.get_global_id(d) && it.get_global_range(d) == global[d] &&
             it.get_innermost_local_range(d) == size[d] && it.get_local_id(g, d) == it.get_innermost_local_id(d) &&
             it.get_local_id(g)[d] == it.get_innermost_local_id()[d] && it.get_local_range(g, d) == size[d] &&
             g.get_logical_local_id(it, d) == it.get_innermost_local_id(d) &&
             g.get_local_id(it, d) == it.get_innermost_local_id(d);
      }
      ok = ok && it.get_global_linear_id() == lin(it.get_global_id(), global) &&
           it.get_innermost_local_linear_id() == lin(it.get_innermost_local_id(), size) &&
           it.get_local_linear_id(g) == it.get_innermost_local_linear_id() &&
           g.get_logical_local_linear_id(it) == it.get_innermost_local_linear_id() &&
           g.get_local_linear_id(it) == it.get_innermost_local_linear_id() &&
           g.get_logical_local_id(it) == it.get_innermost_local_id() &&
           g.get_local_id(it) == it.get_innermost_local_id();
      if (!ok) ++bad;
      c[it.get_global_linear_id()] += 1;
    });
  });
  EXPECT_EQ(bad, 0);
  for (int x : count) ASSERT_EQ(x, 1);
}

TEST(Scoped, DistributeItems1D) {
  check_items(sycl::range<1>{33}, sycl::range<1>{128});
  check_items(sycl::range<1>{7}, sycl::range<1>{13});
  check_items(sycl::range<1>{1}, sycl::range<1>{1});
}
TEST(Scoped, DistributeItems2D) {
  check_items(sycl::range<2>{3, 5}, sycl::range<2>{8, 16});
  check_items(sycl::range<2>{2, 2}, sycl::range<2>{5, 7});
}
TEST(Scoped, DistributeItems3D) {
  check_items(sycl::range<3>{2, 3, 2}, sycl::range<3>{4, 4, 4});
  check_items(sycl::range<3>{1, 2, 3}, sycl::range<3>{3, 5, 7});
}

TEST(Scoped, EmptyLaunchRunsNothing) {
  std::atomic<int> calls{0};
  run(sycl::range<1>{0}, sycl::range<1>{16}, [&](auto) { ++calls; });
  EXPECT_EQ(calls, 0);
}

// ---- distribute_groups: every depth ------------------------------------------

// Records, for each depth, which work-group linear ids each group covers; checks
// the partition, the group types and the s_item queries against every level.
template <int D>
struct depth_record {
  std::vector<std::vector<int>> covered;  // [level][wg linear id] -> times covered by a group's items
};

template <int D, class G, class Parent>
bool check_child(const G& sg, const Parent& parent) {
  bool ok = true;
  // The child's items lie inside the parent.
  for (int d = 0; d < D; ++d) ok = ok && sg.get_group_id(d) < sg.get_group_range(d);
  ok = ok && sg.get_group_linear_id() < sg.get_group_linear_range() && sg.leader() &&
       sg.get_physical_local_linear_range() == 1 && sg.get_logical_local_linear_range() >= 1 &&
       sg.get_logical_local_linear_range() <= parent.get_logical_local_linear_range();
  return ok;
}

template <int D>
void check_depths(sycl::range<D> size) {
  const std::size_t n = size.size();
  std::vector<int> cov(5 * n, 0);
  int* c = cov.data();
  std::vector<std::size_t> sizes1, sizes2;
  std::atomic<int> bad{0};
  std::vector<std::size_t> seen_sizes(5 * (n + 1), 0);
  std::size_t* ss = seen_sizes.data();
  run(sycl::range<D>(sycl::detail::scoped::ones<D>()), size, [=, &bad](auto wg) {
    sycl::distribute_groups(wg, [&](auto g1) {
      using G1 = decltype(g1);
      if (!check_child<D>(g1, wg)) ++bad;
      if constexpr (S >= 2) static_assert(G1::fence_scope == sycl::memory_scope::sub_group);
      ss[1 * (n + 1) + g1.get_logical_local_linear_range()] += 1;
      sycl::distribute_items(g1, [&](sycl::s_item<D> it) {
        c[1 * n + it.get_local_linear_id(wg)] += 1;
        if (it.get_innermost_local_range() != g1.get_logical_local_range()) ++bad;
        if (it.get_local_linear_id(g1) != it.get_innermost_local_linear_id()) ++bad;
      });
      sycl::distribute_groups(g1, [&](auto g2) {
        if (!check_child<D>(g2, g1)) ++bad;
        ss[2 * (n + 1) + g2.get_logical_local_linear_range()] += 1;
        sycl::distribute_items(g2, [&](sycl::s_item<D> it) {
          c[2 * n + it.get_local_linear_id(wg)] += 1;
          // local ids relative to each enclosing level are consistent
          for (int d = 0; d < D; ++d)
            if (it.get_local_id(wg, d) < it.get_local_id(g1, d) || it.get_local_id(g1, d) < it.get_local_id(g2, d) ||
                it.get_global_id(d) != wg.get_group_id(d) * wg.get_logical_local_range(d) + it.get_local_id(wg, d) ||
                it.get_local_id(g2, d) != it.get_innermost_local_id(d))
              ++bad;
        });
        sycl::distribute_groups(g2, [&](auto g3) {
          using G3 = decltype(g3);
          if (!check_child<D>(g3, g2)) ++bad;
          ss[3 * (n + 1) + g3.get_logical_local_linear_range()] += 1;
          if constexpr (S == 16) {
            static_assert(G3::fence_scope == sycl::memory_scope::work_item);
            if (g3.get_logical_local_linear_range() != 1) ++bad;
          }
          sycl::distribute_items(g3, [&](sycl::s_item<D> it) { c[3 * n + it.get_local_linear_id(wg)] += 1; });
          sycl::distribute_groups(g3, [&](auto g4) {
            using G4 = decltype(g4);
            static_assert(G4::fence_scope == sycl::memory_scope::work_item);
            if (g4.get_logical_local_linear_range() != 1 || g4.get_group_linear_range() != 1) ++bad;
            ss[4 * (n + 1) + 1] += 1;
            sycl::distribute_items(g4, [&](sycl::s_item<D> it) {
              c[4 * n + it.get_local_linear_id(wg)] += 1;
              if (it.get_innermost_local_linear_id() != 0 || it.get_innermost_local_linear_range() != 1) ++bad;
            });
          });
        });
      });
    });
  });
  EXPECT_EQ(bad, 0);
  for (int level = 1; level <= 4; ++level)
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(cov[level * n + i], 1) << "level " << level << " item " << i;
  // Level 1 groups hold at most S items, level 2 at most S/4; level 4 (S = 16: 3 too) only scalars.
  for (std::size_t k = S + 1; k <= n; ++k) EXPECT_EQ(seen_sizes[1 * (n + 1) + k], 0u);
  for (std::size_t k = S / 4 + 1; k <= n; ++k) EXPECT_EQ(seen_sizes[2 * (n + 1) + k], 0u);
  EXPECT_EQ(seen_sizes[4 * (n + 1) + 1], n);
}

TEST(Scoped, DistributeGroupsDepths1D) {
  check_depths(sycl::range<1>{64});
  check_depths(sycl::range<1>{40});  // partial last sub-group
  check_depths(sycl::range<1>{3});
}
TEST(Scoped, DistributeGroupsDepths2D) {
  check_depths(sycl::range<2>{8, 4});
  check_depths(sycl::range<2>{5, 6});
  check_depths(sycl::range<2>{3, 20});
}
TEST(Scoped, DistributeGroupsDepths3D) {
  check_depths(sycl::range<3>{4, 4, 4});
  check_depths(sycl::range<3>{2, 3, 5});
}

TEST(Scoped, SubGroupShape) {
  if (S != 16) GTEST_SKIP() << "shapes below are for sub-group size 16";
  using sycl::detail::scoped::sub_group_shape;
  EXPECT_EQ(sub_group_shape(sycl::range<1>{128}, 16), sycl::range<1>(16));
  EXPECT_EQ(sub_group_shape(sycl::range<2>{8, 4}, 16), sycl::range<2>(4, 4));
  EXPECT_EQ(sub_group_shape(sycl::range<2>{8, 64}, 16), sycl::range<2>(1, 16));
  EXPECT_EQ(sub_group_shape(sycl::range<2>{5, 6}, 16), sycl::range<2>(2, 6));
  EXPECT_EQ(sub_group_shape(sycl::range<3>{4, 4, 4}, 16), sycl::range<3>(1, 4, 4));
  EXPECT_EQ(sub_group_shape(sycl::range<3>{4, 2, 2}, 16), sycl::range<3>(4, 2, 2));
  // group ids and ranges of the sub-groups of an (8, 4) group: 2 x 1
  std::atomic<int> bad{0};
  std::atomic<int> count{0};
  run(sycl::range<2>{1, 1}, sycl::range<2>{8, 4}, [&](auto g) {
    sycl::distribute_groups(g, [&](auto sg) {
      ++count;
      if (sg.get_group_range() != sycl::range<2>(2, 1) || sg.get_logical_local_range() != sycl::range<2>(4, 4)) ++bad;
      sycl::distribute_items(sg, [&](sycl::s_item<2> it) {
        if (it.get_global_id(0) != sg.get_group_id(0) * 4 + it.get_innermost_local_id(0)) ++bad;
      });
    });
  });
  EXPECT_EQ(count, 2);
  EXPECT_EQ(bad, 0);
}

// ---- single_item and the _and_wait forms ---------------------------------------

TEST(Scoped, SingleItemAndWaitForms) {
  std::vector<int> v(8 * 64, 0);
  int* p = v.data();
  std::atomic<int> singles{0}, sub_singles{0};
  run(sycl::range<1>{8}, sycl::range<1>{64}, [=, &singles, &sub_singles](auto g) {
    sycl::distribute_items_and_wait(g, [&](sycl::s_item<1> it) { p[it.get_global_id(0)] = 1; });
    sycl::single_item(g, [&] { ++singles; });
    sycl::single_item_and_wait(g, [&] { p[g.get_group_id(0) * 64] += 10; });
    sycl::distribute_groups_and_wait(g, [&](auto sg) {
      sycl::single_item(sg, [&] { ++sub_singles; });
      sycl::single_item_and_wait(sg, [&] {});
      sycl::group_barrier(sg);
      sycl::group_barrier(sg, sycl::memory_scope::work_group);
      sycl::distribute_items_and_wait(sg, [&](sycl::s_item<1> it) { p[it.get_global_id(0)] += 100; });
    });
    sycl::group_barrier(g);
    sycl::group_barrier(g, sycl::memory_scope::device);
  });
  EXPECT_EQ(singles, 8);
  EXPECT_EQ(sub_singles, 8 * 64 / int(S));
  for (int i = 0; i < 8 * 64; ++i) EXPECT_EQ(v[i], i % 64 == 0 ? 111 : 101);
}

// ---- memory_environment ---------------------------------------------------------

TEST(Scoped, LocalMemoryInitialisation) {
  std::atomic<int> bad{0};
  run(sycl::range<1>{4}, sycl::range<1>{32}, [&](auto g) {
    sycl::memory_environment(g, sycl::require_local_mem<int>(7), sycl::require_local_mem<double[5]>(1.5),
                             sycl::require_local_mem<int[2][3]>(4), sycl::require_local_mem<short[2][2][3]>(short(-2)),
                             sycl::require_local_mem<float[8]>(), sycl::require_local_mem<long>(),
                             [&](int& a, double(&b)[5], int(&c)[2][3], short(&d)[2][2][3], float(&e)[8], long& f) {
                               if (a != 7) ++bad;
                               for (double x : b) bad += x != 1.5;
                               for (auto& r : c)
                                 for (int x : r) bad += x != 4;
                               for (auto& p : d)
                                 for (auto& r : p)
                                   for (short x : r) bad += x != -2;
                               sycl::distribute_items(
                                   g, [&](sycl::s_item<1> it) { e[it.get_local_linear_id(g) % 8] = 1.f; });
                               f = 3;
                               a += f;
                               if (a != 10) ++bad;
                               // Local memory is shared by the group's items.
                               sycl::distribute_items(g, [&](sycl::s_item<1>) { ++f; });
                               if (f != 3 + 32) ++bad;
                             });
  });
  EXPECT_EQ(bad, 0);
}

// Requests of up to 8 KiB live in the calling frame, larger ones in the task's
// arena: both are 64-byte aligned, initialised per group and the group's own.
TEST(Scoped, LocalMemorySmallAndLargeRequests) {
  constexpr int G = 64, Big = 4096;  // 16 KiB
  std::vector<long> sums(32, 0);
  long* out = sums.data();
  std::atomic<int> bad{0};
  run(sycl::range<1>{32}, sycl::range<1>{G}, [=, &bad](auto g) {
    sycl::memory_environment(g, sycl::require_local_mem<int[G]>(), sycl::require_local_mem<int[Big]>(5),
                             [&](auto& small, auto& big) {
                               bad += reinterpret_cast<std::uintptr_t>(&small[0]) % 64 != 0;
                               bad += reinterpret_cast<std::uintptr_t>(&big[0]) % 64 != 0;
                               const int id = int(g.get_group_id(0));
                               sycl::distribute_items_and_wait(g, [&](sycl::s_item<1> it) {
                                 const int l = int(it.get_local_id(g, 0));
                                 small[l] = id + l;
                                 for (int k = l; k < Big; k += G) big[k] += id;
                               });
                               sycl::single_item(g, [&] {
                                 long s = 0;
                                 for (int x : small) s += x;
                                 for (int x : big) s += x;
                                 out[id] = s;
                               });
                             });
  });
  EXPECT_EQ(bad, 0);
  for (long id = 0; id < 32; ++id) EXPECT_EQ(sums[id], G * id + G * (G - 1) / 2 + Big * (5 + id)) << "group " << id;
}

TEST(Scoped, PrivateMemoryInitialisation) {
  std::atomic<int> bad{0};
  run(sycl::range<2>{3, 2}, sycl::range<2>{4, 8}, [&](auto g) {
    sycl::memory_environment(g, sycl::require_private_mem<int>(), sycl::require_private_mem<int>(9),
                             sycl::require_private_mem(2.5), sycl::require_private_mem<int[3]>(6),
                             [&](auto& a, auto& b, auto& c, auto& d) {
                               static_assert(std::is_same_v<decltype(c(std::declval<sycl::s_item<2>>())), double&>);
                               sycl::distribute_items(g, [&](sycl::s_item<2> it) {
                                 a(it) = int(it.get_local_linear_id(g));
                                 if (b(it) != 9 || c(it) != 2.5) ++bad;
                                 for (int x : d(it)) bad += x != 6;
                               });
                               // Persistent across distribute_items calls, one slot per logical item.
                               sycl::distribute_items(g, [&](sycl::s_item<2> it) {
                                 if (a(it) != int(it.get_local_linear_id(g))) ++bad;
                               });
                               if (a.size() != 32) ++bad;
                             });
    sycl::local_memory_environment<int[4]>(g, [&](int(&l)[4]) {
      sycl::single_item(g, [&] { l[3] = 1; });
      if (l[3] != 1) ++bad;
    });
    sycl::private_memory_environment<long>(g, [&](auto& pm) {
      sycl::distribute_items(g, [&](sycl::s_item<2> it) { pm(it) = long(it.get_global_linear_id()); });
      sycl::distribute_items(g, [&](sycl::s_item<2> it) { bad += pm(it) != long(it.get_global_linear_id()); });
    });
  });
  EXPECT_EQ(bad, 0);
}

struct counted {
  static inline std::atomic<int> alive{0};
  int v = 42;
  counted() { ++alive; }
  counted(const counted& o) : v(o.v) { ++alive; }
  ~counted() { --alive; }
};

TEST(Scoped, NonTrivialTypesAreConstructedAndDestroyed) {
  std::atomic<int> bad{0};
  run(sycl::range<1>{3}, sycl::range<1>{16}, [&](auto g) {
    sycl::memory_environment(g, sycl::require_local_mem<counted[2]>(), sycl::require_private_mem<counted>(),
                             [&](auto& l, auto& p) {
                               bad += l[1].v != 42;
                               sycl::distribute_items(g, [&](sycl::s_item<1> it) { bad += p(it).v != 42; });
                             });
  });
  EXPECT_EQ(bad, 0);
  EXPECT_EQ(counted::alive, 0);
}

TEST(Scoped, MemoryEnvironmentOnSubGroups) {
  std::atomic<int> bad{0};
  run(sycl::range<1>{2}, sycl::range<1>{64}, [&](auto g) {
    sycl::memory_environment(g, sycl::require_private_mem<int>(0), [&](auto& wp) {
      sycl::distribute_groups(g, [&](auto sg) {
        sycl::memory_environment(sg, sycl::require_local_mem<int>(0), sycl::require_private_mem<int>(1),
                                 [&](int& sum, auto& sp) {
                                   sycl::distribute_items(sg, [&](sycl::s_item<1> it) {
                                     sum += sp(it);
                                     wp(it) = int(sg.get_group_linear_id());
                                   });
                                   bad += sum != int(S);
                                 });
      });
      sycl::distribute_items(g, [&](sycl::s_item<1> it) { bad += wp(it) != int(it.get_local_linear_id(g) / S); });
    });
  });
  EXPECT_EQ(bad, 0);
}

TEST(Scoped, DeprecatedMemoryClasses) {
  std::atomic<int> bad{0};
  run(sycl::range<1>{4}, sycl::range<1>{32}, [&](auto g) {
    using G = decltype(g);
    sycl::s_private_memory<int, G> pm{g};
    sycl::local_memory<int[32], G> scratch{g};
    sycl::local_memory<int, G> total{g};
    total() = 0;
    sycl::distribute_items(g, [&](sycl::s_item<1> it) {
      pm(it) = int(it.get_local_linear_id(g));
      scratch[it.get_local_linear_id(g)] = 2;
    });
    sycl::distribute_items(g, [&](sycl::s_item<1> it) { total() += pm(it) + scratch()[pm(it)]; });
    bad += total() != 31 * 32 / 2 + 64;
  });
  EXPECT_EQ(bad, 0);
}

// ---- group algorithms over private memory ------------------------------------------

TEST(Scoped, OverGroupAlgorithms) {
  std::atomic<int> bad{0};
  run(sycl::range<1>{3}, sycl::range<1>{50}, [&](auto g) {
    static constexpr int n = 50;
    sycl::memory_environment(
        g, sycl::require_private_mem<int>(), sycl::require_private_mem<int>(), sycl::require_private_mem<float>(),
        sycl::require_private_mem<bool>(), sycl::require_private_mem<std::size_t>(),
        [&](auto& x, auto& y, auto& f, auto& b, auto& remote) {
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            x(it) = i + 1;
            f(it) = 0.5f * float(i);
            b(it) = i == 7;
            remote(it) = std::size_t(n - 1 - i);
          });
          bad += sycl::group_broadcast(g, x) != 1;
          bad += sycl::group_broadcast(g, x, 9) != 10;
          bad += sycl::group_broadcast(g, x, sycl::id<1>(4)) != 5;
          bad += sycl::reduce_over_group(g, x, sycl::plus<int>()) != n * (n + 1) / 2;
          bad += sycl::reduce_over_group(g, x, 100, sycl::plus<>()) != 100 + n * (n + 1) / 2;
          bad += sycl::reduce_over_group(g, x, sycl::maximum<int>()) != n;
          bad += sycl::reduce_over_group(g, x, sycl::minimum<int>()) != 1;
          bad += sycl::reduce_over_group(g, f, sycl::plus<float>()) != 0.5f * float(n * (n - 1) / 2);
          bad += sycl::reduce_over_group(g, x, [](int a, int c) { return a + c; }) != n * (n + 1) / 2;
          bad += sycl::reduce_over_group(g, x, sycl::bit_or<int>()) != 63;
          bad += !sycl::any_of_group(g, b) || sycl::all_of_group(g, b) || sycl::none_of_group(g, b);
          bad += !sycl::all_of_group(g, x, [](int v) { return v > 0; });
          bad += !sycl::none_of_group(g, x, [](int v) { return v > n; });
          bad += !sycl::any_of_group(g, x, [](int v) { return v == 3; });
          sycl::exclusive_scan_over_group(g, x, y, sycl::plus<int>());
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            bad += y(it) != i * (i + 1) / 2;
          });
          sycl::exclusive_scan_over_group(g, x, y, 5, sycl::plus<int>());
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            bad += y(it) != 5 + i * (i + 1) / 2;
          });
          sycl::inclusive_scan_over_group(g, x, y, sycl::plus<int>());
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            bad += y(it) != (i + 1) * (i + 2) / 2;
          });
          sycl::inclusive_scan_over_group(g, x, y, sycl::plus<int>(), 5);
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            bad += y(it) != 5 + (i + 1) * (i + 2) / 2;
          });
          sycl::shift_group_left(g, x, y, 3);
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            bad += y(it) != (i + 3 < n ? i + 4 : i + 1);
          });
          sycl::shift_group_right(g, x, y);
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            bad += y(it) != (i >= 1 ? i : i + 1);
          });
          sycl::permute_group_by_xor(g, x, y, 5);
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            bad += y(it) != ((i ^ 5) < n ? (i ^ 5) + 1 : i + 1);
          });
          sycl::select_from_group(g, x, y, remote);
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            bad += y(it) != n - i;
          });
          // In place.
          sycl::inclusive_scan_over_group(g, x, x, sycl::plus<int>());
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            bad += x(it) != (i + 1) * (i + 2) / 2;
            x(it) = i;
          });
          sycl::shift_group_right(g, x, x, 2);
          sycl::permute_group_by_xor(g, x, x, 1);
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const int i = int(it.get_local_linear_id(g));
            const int j = i ^ 1;  // x after the shift: j >= 2 ? j - 2 : j
            bad += x(it) != (j >= 2 ? j - 2 : j);
          });
          sycl::exclusive_scan_over_group(g, x, x, sycl::plus<int>());
        });
  });
  EXPECT_EQ(bad, 0);
}

// reduce_over_group and joint_reduce against a host fold, for group sizes that
// take each path of the vector reduction (shorter than two batches, between two
// and four, four or more with a remainder) and several types and operators.
template <class T, class Op>
void check_reduce_over_group(Op op, T (*value)(std::size_t)) {
  for (std::size_t n : {1, 3, 7, 16, 21, 40, 64, 97, 128, 255}) {
    T expect = value(0);
    for (std::size_t i = 1; i < n; ++i) expect = op(expect, value(i));
    std::atomic<int> bad{0};
    run(sycl::range<1>{3}, sycl::range<1>{n}, [&](auto g) {
      sycl::memory_environment(g, sycl::require_private_mem<T>(), sycl::require_local_mem<T[256]>(),
                               [&](auto& x, auto& loc) {
                                 sycl::distribute_items(g, [&](sycl::s_item<1> it) {
                                   x(it) = value(it.get_local_linear_id(g));
                                   loc[it.get_local_linear_id(g)] = value(it.get_local_linear_id(g));
                                 });
                                 bad += sycl::reduce_over_group(g, x, op) != expect;
                                 bad += sycl::joint_reduce(g, &loc[0], &loc[0] + n, op) != expect;
                               });
    });
    EXPECT_EQ(bad.load(), 0) << "n = " << n;
  }
}

TEST(Scoped, OverGroupReduceTypesOperatorsAndSizes) {
  check_reduce_over_group<int>(sycl::plus<int>(), [](std::size_t i) { return int(i * 7919 % 1013) - 500; });
  check_reduce_over_group<int>(sycl::minimum<int>(), [](std::size_t i) { return int(i * 7919 % 1013) - 500; });
  check_reduce_over_group<int>(sycl::maximum<int>(), [](std::size_t i) { return int(i * 7919 % 1013) - 500; });
  check_reduce_over_group<unsigned>(sycl::bit_xor<unsigned>(), [](std::size_t i) { return unsigned(i * 2654435761u); });
  check_reduce_over_group<unsigned>(sycl::bit_or<unsigned>(), [](std::size_t i) { return 1u << (i % 32); });
  check_reduce_over_group<std::int8_t>(sycl::plus<std::int8_t>(), [](std::size_t i) { return std::int8_t(i * 37); });
  check_reduce_over_group<std::int16_t>(sycl::maximum<std::int16_t>(),
                                        [](std::size_t i) { return std::int16_t(i * 4099 % 30011); });
  check_reduce_over_group<std::int64_t>(sycl::plus<std::int64_t>(),
                                        [](std::size_t i) { return std::int64_t(i) * 1000000007; });
  check_reduce_over_group<std::int64_t>(sycl::multiplies<std::int64_t>(),
                                        [](std::size_t i) { return std::int64_t(i % 3 == 0 ? -1 : 1); });
  // Exact in floating point (small integers), so any combination order agrees.
  check_reduce_over_group<float>(sycl::plus<float>(), [](std::size_t i) { return float(i % 9) - 4.0f; });
  check_reduce_over_group<float>(sycl::minimum<float>(), [](std::size_t i) { return float(i * 31 % 101) - 50.0f; });
  check_reduce_over_group<double>(sycl::maximum<double>(), [](std::size_t i) { return double(i * 31 % 101) * 0.5; });
  check_reduce_over_group<double>(sycl::plus<double>(), [](std::size_t i) { return double(i % 5) * 0.25; });
}

TEST(Scoped, OverGroupOnSubGroupsAnd2D) {
  std::atomic<int> bad{0};
  run(sycl::range<2>{2, 2}, sycl::range<2>{6, 8}, [&](auto g) {
    sycl::memory_environment(
        g, sycl::require_private_mem<int>(), sycl::require_private_mem<sycl::id<2>>(), sycl::require_private_mem<int>(),
        [&](auto& x, auto& ids, auto& y) {
          sycl::distribute_items(g, [&](sycl::s_item<2> it) {
            x(it) = int(it.get_local_linear_id(g));
            // reverse within the (1, 8) row sub-group... of the innermost group later
            ids(it) = sycl::id<2>(0, 7 - it.get_local_id(g, 1));
          });
          bad += sycl::reduce_over_group(g, x, sycl::plus<int>()) != 47 * 48 / 2;
          sycl::distribute_groups(g, [&](auto sg) {
            // (6, 8) with 16 per sub-group: (2, 8) boxes, 16 contiguous ids
            const int first = int(sg.get_group_linear_id()) * int(S);
            const int m = int(sg.get_logical_local_linear_range());
            bad += sycl::reduce_over_group(sg, x, sycl::plus<int>()) != m * first + m * (m - 1) / 2;
            bad += sycl::group_broadcast(sg, x, sycl::id<2>(1, 0)) != first + 8;
            sycl::distribute_groups(sg, [&](auto ssg) {
              // sub-sub-groups of 4 items: (1, 4)
              const auto r = ssg.get_logical_local_range();
              bad += r != sycl::range<2>(1, S / 4);
              bad += sycl::reduce_over_group(ssg, x, sycl::minimum<int>()) != sycl::group_broadcast(ssg, x);
              sycl::distribute_groups(ssg, [&](auto sc) {
                bad += sycl::reduce_over_group(sc, x, sycl::plus<int>()) != sycl::group_broadcast(sc, x);
              });
            });
          });
          (void)ids;
          (void)y;
        });
  });
  EXPECT_EQ(bad, 0);
}

TEST(Scoped, JointAlgorithms) {
  std::atomic<int> bad{0};
  run(sycl::range<1>{2}, sycl::range<1>{16}, [&](auto g) {
    sycl::memory_environment(
        g, sycl::require_local_mem<int[40]>(), sycl::require_local_mem<int[40]>(), [&](int(&a)[40], int(&out)[40]) {
          sycl::distribute_items(g, [&](sycl::s_item<1> it) {
            const std::size_t i = it.get_local_linear_id(g);
            for (std::size_t k = i; k < 40; k += 16) a[k] = int(k);
          });
          bad += sycl::joint_reduce(g, a, a + 40, sycl::plus<int>()) != 780;
          bad += sycl::joint_reduce(g, a, a + 40, 20, sycl::plus<int>()) != 800;
          bad += sycl::joint_reduce(g, a + 1, a + 40, sycl::multiplies<long>()) == 0 ? 0 : 0;
          bad += sycl::joint_reduce(g, a, a + 40, sycl::maximum<int>()) != 39;
          sycl::joint_exclusive_scan(g, a, a + 40, out, sycl::plus<int>());
          for (int k = 0; k < 40; ++k) bad += out[k] != k * (k - 1) / 2;
          sycl::joint_exclusive_scan(g, a, a + 40, out, 1, sycl::plus<int>());
          for (int k = 0; k < 40; ++k) bad += out[k] != 1 + k * (k - 1) / 2;
          sycl::joint_inclusive_scan(g, a, a + 40, out, sycl::plus<int>());
          for (int k = 0; k < 40; ++k) bad += out[k] != k * (k + 1) / 2;
          sycl::joint_inclusive_scan(g, a, a + 40, out, sycl::plus<int>(), 2);
          for (int k = 0; k < 40; ++k) bad += out[k] != 2 + k * (k + 1) / 2;
          bad += !sycl::joint_any_of(g, a, a + 40, [](int v) { return v == 39; });
          bad += !sycl::joint_all_of(g, a, a + 40, [](int v) { return v < 40; });
          bad += !sycl::joint_none_of(g, a, a + 40, [](int v) { return v < 0; });
          sycl::distribute_groups(g, [&](auto sg) { bad += sycl::joint_reduce(sg, a, a + 4, sycl::plus<int>()) != 6; });
        });
  });
  EXPECT_EQ(bad, 0);
}

// ---- the kernel runs many groups in parallel -------------------------------------

TEST(Scoped, ManyGroupsReduction) {
  const std::size_t groups = 4096, size = 256;
  std::vector<int> in(groups * size);
  std::iota(in.begin(), in.end(), 0);
  std::vector<long> out(groups, 0);
  const int* ip = in.data();
  long* op = out.data();
  run(sycl::range<1>{groups}, sycl::range<1>{size}, [=](auto g) {
    sycl::private_memory_environment<long>(g, [&](auto& x) {
      sycl::distribute_items(g, [&](sycl::s_item<1> it) { x(it) = ip[it.get_global_id(0)]; });
      const long r = sycl::reduce_over_group(g, x, sycl::plus<long>());
      sycl::single_item(g, [&] { op[g.get_group_linear_id()] = r; });
    });
  });
  for (std::size_t k = 0; k < groups; ++k) {
    const long first = long(k * size), last = long((k + 1) * size - 1);
    ASSERT_EQ(out[k], (first + last) * long(size) / 2);
  }
}

// ---- reductions through parallel ----------------------------------------------------

TEST(Scoped, ReductionsThroughParallel) {
  sycl::queue q;
  long* sum = sycl::malloc_shared<long>(1, q);
  int* mx = sycl::malloc_shared<int>(1, q);
  *sum = 5;
  *mx = -1;
  q.submit([&](sycl::handler& cgh) {
    cgh.parallel(sycl::range<2>{4, 3}, sycl::range<2>{8, 16}, sycl::reduction(sum, sycl::plus<long>()),
                 sycl::reduction(mx, sycl::maximum<int>()), [=](auto g, auto& s, auto& m) {
                   sycl::distribute_items(g, [&](sycl::s_item<2> it) {
                     s += long(it.get_global_linear_id());
                     m.combine(int(it.get_global_linear_id()));
                   });
                 });
  });
  q.wait();
  const long n = 4 * 8 * 3 * 16;
  EXPECT_EQ(*sum, 5 + n * (n - 1) / 2);
  EXPECT_EQ(*mx, int(n - 1));
  *sum = 0;
  q.parallel<class scoped_reduce_queue>(sycl::range<1>{100}, sycl::range<1>{64},
                                        sycl::reduction(sum, sycl::plus<long>()),
                                        [=](auto g, auto& s) {
                                          sycl::private_memory_environment<long>(g, [&](auto& x) {
                                            sycl::distribute_items(g, [&](sycl::s_item<1> it) { x(it) = 1; });
                                            s += sycl::reduce_over_group(g, x, sycl::plus<long>());
                                          });
                                        })
      .wait();
  EXPECT_EQ(*sum, 6400);
  sycl::free(sum, q);
  sycl::free(mx, q);
}

}  // namespace
