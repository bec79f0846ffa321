// Scoped nesting rules checked at run time (built with WEFT_SCOPED_CHECKS=1):
// each violation is a sycl::exception with errc::invalid naming the rule.
#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <sycl/sycl.hpp>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static_assert(WEFT_SCOPED_CHECKS == 1);

namespace {

// Runs the kernel and returns the message of the sycl::exception it raised
// ("" if none), checking the error code.
template <class K>
std::string violation(K k, sycl::range<1> size = sycl::range<1>{32}) {
  std::string what;
  sycl::queue q{[&](sycl::exception_list l) {
    for (auto& e : l) {
      try {
        std::rethrow_exception(e);
      } catch (const sycl::exception& ex) {
        EXPECT_EQ(ex.code(), sycl::errc::invalid);
        what = ex.what();
      }
    }
  }};
  try {
    q.parallel(sycl::range<1>{2}, size, k);
    q.wait_and_throw();
  } catch (const sycl::exception& ex) {
    EXPECT_EQ(ex.code(), sycl::errc::invalid);
    what = ex.what();
  }
  return what;
}

bool names(const std::string& what, const char* rule) { return what.find(rule) != std::string::npos; }

TEST(ScopedRules, SpecificationOkayExampleRuns) {
  const std::string what = violation([](auto group) {
    sycl::distribute_items(group, [&](sycl::s_item<1>) {});
    sycl::group_barrier(group);
    sycl::distribute_groups(group, [&](auto subgroup) {
      sycl::distribute_items(subgroup, [&](sycl::s_item<1>) {});
      sycl::single_item(subgroup, [&]() {});
      sycl::distribute_groups(subgroup,
                              [&](auto subsubgroup) { sycl::distribute_items(subsubgroup, [&](sycl::s_item<1>) {}); });
      sycl::group_barrier(subgroup);
    });
  });
  EXPECT_EQ(what, "");
}

TEST(ScopedRules, Rule2BarrierInsideDistributeItems) {
  const std::string what = violation(
      [](auto group) { sycl::distribute_items(group, [&](sycl::s_item<1>) { sycl::group_barrier(group); }); });
  EXPECT_TRUE(names(what, "nesting rule 2")) << what;
}

TEST(ScopedRules, Rule1DistributeItemsOnParentGroup) {
  const std::string what = violation([](auto group) {
    sycl::distribute_groups(group, [&](auto) { sycl::distribute_items(group, [&](sycl::s_item<1>) {}); });
  });
  EXPECT_TRUE(names(what, "nesting rule 1")) << what;
}

TEST(ScopedRules, Rule1BarrierOnParentGroup) {
  const std::string what =
      violation([](auto group) { sycl::distribute_groups(group, [&](auto) { sycl::group_barrier(group); }); });
  EXPECT_TRUE(names(what, "nesting rule 1")) << what;
}

TEST(ScopedRules, Rule1SubGroupUsedOutsideItsScope) {
  // A copy of a sub-group used after distribute_groups() returned.
  const std::string what = violation([](auto group) {
    using G = decltype(group);
    std::optional<sycl::detail::scoped::child_group_t<G>> keep;
    sycl::distribute_groups(group, [&](auto sg) { keep.emplace(sg); });
    sycl::single_item(*keep, [] {});
  });
  EXPECT_TRUE(names(what, "nesting rule 1")) << what;
}

TEST(ScopedRules, Rule2SingleItemInsideDistributeItems) {
  const std::string what = violation([](auto group) {
    sycl::distribute_groups(group, [&](auto subgroup) {
      sycl::distribute_items(subgroup, [&](sycl::s_item<1>) { sycl::single_item(subgroup, [] {}); });
    });
  });
  EXPECT_TRUE(names(what, "nesting rule 2")) << what;
}

TEST(ScopedRules, Rule2NestedDistributeInsideDistributeItems) {
  EXPECT_TRUE(names(violation([](auto g) {
                      sycl::distribute_items(g, [&](sycl::s_item<1>) { sycl::distribute_groups(g, [](auto) {}); });
                    }),
                    "nesting rule 2"));
  EXPECT_TRUE(names(violation([](auto g) {
                      sycl::distribute_items(g, [&](sycl::s_item<1>) {
                        sycl::memory_environment(g, sycl::require_local_mem<int>(), [](int&) {});
                      });
                    }),
                    "nesting rule 2"));
  EXPECT_TRUE(names(violation([](auto g) {
                      sycl::private_memory_environment<int>(g, [&](auto& x) {
                        sycl::distribute_items(
                            g, [&](sycl::s_item<1>) { (void)sycl::reduce_over_group(g, x, sycl::plus<int>()); });
                      });
                    }),
                    "nesting rule 2"));
}

TEST(ScopedRules, Rule2PrivateMemoryDeclaredInsideDistributeItems) {
  const std::string what = violation([](auto group) {
    sycl::distribute_items(group, [&](sycl::s_item<1>) { sycl::s_private_memory<int, decltype(group)> pm{group}; });
  });
  EXPECT_TRUE(names(what, "nesting rule 2")) << what;
}

TEST(ScopedRules, Rule3CollectiveInsideSingleItem) {
  const std::string what = violation(
      [](auto group) { sycl::single_item(group, [&] { sycl::distribute_items(group, [](sycl::s_item<1>) {}); }); });
  EXPECT_TRUE(names(what, "nesting rule 3")) << what;
}

TEST(ScopedRules, PrivateMemoryOfEnclosingGroupIsFine) {
  const std::string what = violation([](auto group) {
    sycl::private_memory_environment<int>(group, [&](auto& x) {
      sycl::distribute_items(group, [&](sycl::s_item<1> it) { x(it) = 1; });
      sycl::distribute_groups(group, [&](auto sg) {
        if (sycl::reduce_over_group(sg, x, sycl::plus<int>()) != int(sg.get_logical_local_linear_range()))
          throw std::runtime_error("wrong sub-group sum");
        sycl::private_memory_environment<int>(sg, [&](auto& y) {
          sycl::distribute_items(sg, [&](sycl::s_item<1> it) { y(it) = 2; });  // (read below: not left uninitialised)
          sycl::distribute_groups(sg, [&](auto ssg) { (void)sycl::reduce_over_group(ssg, y, sycl::plus<int>()); });
        });
      });
    });
  });
  EXPECT_EQ(what, "");
}

}  // namespace
