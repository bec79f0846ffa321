// sycl::exception, errc, the SYCL error category and exception_list.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <sycl/sycl.hpp>
#include <system_error>
#include <type_traits>
#include <vector>

namespace {

TEST(Errc, ErrorCodes) {
  static_assert(std::is_error_code_enum_v<sycl::errc>);
  EXPECT_EQ(static_cast<int>(sycl::errc::success), 0);
  std::error_code ec = sycl::make_error_code(sycl::errc::invalid);
  EXPECT_EQ(ec.value(), static_cast<int>(sycl::errc::invalid));
  EXPECT_EQ(&ec.category(), &sycl::sycl_category());
  EXPECT_STREQ(sycl::sycl_category().name(), "sycl");
  EXPECT_TRUE(ec);
  EXPECT_FALSE(sycl::make_error_code(sycl::errc::success));
  std::error_code implicit = sycl::errc::runtime;  // errc converts implicitly, as an error code enum
  EXPECT_EQ(implicit, sycl::make_error_code(sycl::errc::runtime));
  EXPECT_EQ(implicit, sycl::errc::runtime);
  EXPECT_NE(implicit, sycl::errc::kernel);
  // Every code, success through backend_mismatch (SYCL 2020 4.13.2), has its own non-empty message.
  std::vector<sycl::errc> all;
  for (int c = 0; c <= static_cast<int>(sycl::errc::backend_mismatch); ++c) all.push_back(static_cast<sycl::errc>(c));
  ASSERT_EQ(all.size(), 15u);
  std::vector<std::string> messages;
  for (auto e : all) {
    auto m = sycl::make_error_code(e).message();
    EXPECT_FALSE(m.empty());
    for (auto& seen : messages) EXPECT_NE(m, seen);
    messages.push_back(m);
  }
  // A foreign code compares unequal to SYCL's.
  EXPECT_NE(std::error_code(static_cast<int>(sycl::errc::invalid), std::generic_category()), sycl::errc::invalid);
}

TEST(Exception, ConstructorsAndQueries) {
  static_assert(std::is_base_of_v<std::exception, sycl::exception>);
  sycl::exception a(sycl::make_error_code(sycl::errc::invalid), std::string("bad thing"));
  EXPECT_EQ(a.code(), sycl::errc::invalid);
  EXPECT_STREQ(a.what(), "bad thing");
  EXPECT_EQ(&a.category(), &sycl::sycl_category());
  EXPECT_FALSE(a.has_context());

  sycl::exception b(sycl::errc::nd_range, "c string");
  EXPECT_EQ(b.code(), sycl::errc::nd_range);
  EXPECT_STREQ(b.what(), "c string");

  sycl::exception c(sycl::make_error_code(sycl::errc::kernel));
  EXPECT_EQ(c.code(), sycl::errc::kernel);
  EXPECT_EQ(std::string(c.what()), sycl::make_error_code(sycl::errc::kernel).message());

  sycl::exception d(static_cast<int>(sycl::errc::event), sycl::sycl_category(), "by value");
  EXPECT_EQ(d.code(), sycl::errc::event);
  EXPECT_STREQ(d.what(), "by value");
  sycl::exception e(static_cast<int>(sycl::errc::platform), sycl::sycl_category());
  EXPECT_EQ(e.code(), sycl::errc::platform);

  sycl::context ctx;
  sycl::exception f(ctx, sycl::make_error_code(sycl::errc::runtime), "with context");
  EXPECT_TRUE(f.has_context());
  EXPECT_EQ(f.get_context(), ctx);
  EXPECT_STREQ(f.what(), "with context");
  sycl::exception g(ctx, sycl::errc::runtime);
  EXPECT_TRUE(g.has_context());

  try {
    (void)a.get_context();
    ADD_FAILURE() << "get_context() without a context did not throw";
  } catch (const sycl::exception& x) {
    EXPECT_EQ(x.code(), sycl::errc::invalid);
  }
}

TEST(Exception, CaughtAsStdException) {
  try {
    throw sycl::exception(sycl::errc::memory_allocation, "out of memory");
  } catch (const std::exception& e) {
    EXPECT_STREQ(e.what(), "out of memory");
    auto* s = dynamic_cast<const sycl::exception*>(&e);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->code(), sycl::errc::memory_allocation);
  }
}

TEST(Exception, RuntimeErrorsCarryCodeAndMessage) {
  // A real error from the runtime: named code, non-empty explanation.
  try {
    sycl::buffer<int> parent(sycl::range<1>(4));
    sycl::buffer<int> bad(parent, sycl::id<1>(3), sycl::range<1>(2));
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_GT(std::string(e.what()).size(), 20u);
  }
}

TEST(ExceptionList, IterationAndAsyncHandler) {
  sycl::exception_list empty;
  EXPECT_EQ(empty.size(), 0u);
  EXPECT_EQ(empty.begin(), empty.end());

  std::vector<std::exception_ptr> errs{std::make_exception_ptr(sycl::exception(sycl::errc::kernel, "one")),
                                       std::make_exception_ptr(std::runtime_error("two"))};
  sycl::exception_list list(errs);
  EXPECT_EQ(list.size(), 2u);
  std::vector<std::string> seen;
  for (auto& ep : list) {
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      seen.push_back(e.what());
    }
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"one", "two"}));
  static_assert(std::is_same_v<sycl::exception_list::value_type, std::exception_ptr>);

  int calls = 0;
  sycl::async_handler h = [&](sycl::exception_list l) { calls += static_cast<int>(l.size()); };
  h(list);
  EXPECT_EQ(calls, 2);
}

}  // namespace
