// SYCL 2020 conformance gaps found by the Khronos SYCL-CTS categories beyond the first 33
// (docs/conformance.md): local_accessor::get_pointer's type.
// (SYCL_LANGUAGE_VERSION's type and SYCL_DEVICE_COPYABLE: misc_test.cpp.)
#include <gtest/gtest.h>

#include <type_traits>
#include <utility>
#include <sycl/sycl.hpp>

namespace {

class local_get_pointer_kernel;

// ---- local_accessor::get_pointer() is a local_ptr (section 4.7.6.11; the CTS's local_accessor_api) ----
TEST(ConformanceCtsWhole, LocalAccessorGetPointerIsALocalPtr) {
  static_assert(std::is_same_v<decltype(std::declval<sycl::local_accessor<const float, 2>>().get_pointer()),
                               sycl::local_ptr<const float>>);
  sycl::queue q;
  sycl::buffer<int> out{sycl::range<1>(4)};
  q.submit([&](sycl::handler& cgh) {
    sycl::local_accessor<int, 1> loc(sycl::range<1>(2), cgh);
    sycl::accessor o(out, cgh, sycl::write_only, sycl::no_init);
    cgh.parallel_for<local_get_pointer_kernel>(sycl::nd_range<1>(4, 2), [=](sycl::nd_item<1> it) {
      auto p = loc.get_pointer();
      static_assert(std::is_same_v<decltype(p), sycl::local_ptr<int>>);
      if (it.get_local_id(0) == 0) p[1] = static_cast<int>(it.get_group(0)) + 10;
      sycl::group_barrier(it.get_group());
      const int* raw = p;  // a local_ptr converts to the raw pointer
      o[it.get_global_id()] = raw[1] + (loc.get_multi_ptr<sycl::access::decorated::no>().get_raw() == raw ? 0 : 100);
    });
  });
  sycl::host_accessor h(out);
  EXPECT_EQ(h[0], 10);
  EXPECT_EQ(h[1], 10);
  EXPECT_EQ(h[2], 11);
  EXPECT_EQ(h[3], 11);
}

}  // namespace
