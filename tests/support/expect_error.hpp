#pragma once
// Helpers for tests of errors (the bad-input catalogue of tests/errors and the
// error cases of the other areas): a statement must throw sycl::exception with
// one specific errc, and its message must name the offending values.
#include <gtest/gtest.h>

#include <exception>
#include <mutex>
#include <string>
#include <vector>
#include <sycl/sycl.hpp>
#include "mentions.hpp"

namespace weft_test {

inline std::string errc_name(sycl::errc e) { return sycl::make_error_code(e).message(); }

// Runs f and returns the sycl::exception it throws (a failure if it throws none).
template <class F>
sycl::exception catch_sycl(F&& f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    return e;
  }
  ADD_FAILURE() << "no sycl::exception was thrown";
  return sycl::exception(sycl::make_error_code(sycl::errc::success), "none");
}

// Runs f and returns the errc of the sycl::exception it throws, errc::success if none.
template <class F>
sycl::errc thrown_errc(F&& f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    return static_cast<sycl::errc>(e.code().value());
  }
  return sycl::errc::success;
}

template <class F>
void expect_sycl_error(F&& f, sycl::errc code, const std::vector<std::string>& mentions) {
  try {
    f();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::make_error_code(code))
        << "expected errc '" << errc_name(code) << "', got '" << e.code().message() << "': " << e.what();
    expect_mentions(e.what(), mentions);
    return;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "expected sycl::exception(" << errc_name(code) << "), got std::exception: " << e.what();
    return;
  }
  ADD_FAILURE() << "expected sycl::exception(" << errc_name(code) << "), nothing was thrown";
}

// An async_handler that keeps what it receives.
struct async_errors {
  std::mutex mutex;
  std::vector<std::exception_ptr> errors;
  sycl::async_handler handler() {
    return [this](sycl::exception_list list) {
      std::lock_guard<std::mutex> g(mutex);
      for (auto& e : list) errors.push_back(e);
    };
  }
  std::size_t size() {
    std::lock_guard<std::mutex> g(mutex);
    return errors.size();
  }
  // Rethrows error i so a test can inspect it.
  void rethrow(std::size_t i) {
    std::exception_ptr e;
    {
      std::lock_guard<std::mutex> g(mutex);
      e = errors.at(i);
    }
    std::rethrow_exception(e);
  }
};

}  // namespace weft_test

#define EXPECT_SYCL_ERROR(statement, code, ...)            \
  ::weft_test::expect_sycl_error([&] { statement; }, code, \
                                 std::vector<std::string>(std::initializer_list<std::string> __VA_ARGS__))

// The async_handler `errs` received exactly one error (fatal to the test if not), a
// sycl::exception with errc `code` whose message names each string in the braces.
#define EXPECT_ONE_ASYNC_SYCL_ERROR(errs, code, ...)         \
  do {                                                       \
    ASSERT_EQ((errs).size(), 1u);                            \
    EXPECT_SYCL_ERROR((errs).rethrow(0), code, __VA_ARGS__); \
  } while (0)
