// sycl::stream (section 4.16): per-work-item output, printed in work-item order
// when the kernel ends.
#include <gtest/gtest.h>
#include <sstream>
#include <sycl/sycl.hpp>

namespace {

std::string run_captured(const std::function<void()>& f) {
  testing::internal::CaptureStdout();
  f();
  return testing::internal::GetCapturedStdout();
}

// What a command group with a stream of these sizes prints: add_kernel(cgh, os) adds
// its kernel, which writes to os.
template <class AddKernel>
std::string stream_output(sycl::queue& q, std::size_t total_size, std::size_t work_item_size, AddKernel add_kernel) {
  return run_captured([&] {
    q.submit([&](sycl::handler& cgh) {
       sycl::stream os(total_size, work_item_size, cgh);
       add_kernel(cgh, os);
     }).wait();
  });
}

TEST(Stream, RangeKernelOutputIsOrderedByItem) {
  sycl::queue q;
  constexpr int n = 2000;  // several chunks, several threads
  std::string out = stream_output(q, 1 << 20, 256, [](sycl::handler& cgh, const sycl::stream& os) {
    cgh.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { os << "item " << int(i[0]) << sycl::endl; });
  });
  std::ostringstream want;
  for (int i = 0; i < n; ++i) want << "item " << i << "\n";
  EXPECT_EQ(out, want.str());
}

TEST(Stream, TwoDimensionalAndSeveralStatements) {
  sycl::queue q;
  std::string out = stream_output(q, 4096, 128, [](sycl::handler& cgh, const sycl::stream& os) {
    cgh.parallel_for(sycl::range<2>(2, 3), [=](sycl::item<2> it) {
      os << it.get_id() << ":";
      os << " " << float(it.get_linear_id()) * 0.5f << sycl::endl;
    });
  });
  EXPECT_EQ(out, "{0, 0}: 0\n{0, 1}: 0.5\n{0, 2}: 1\n{1, 0}: 1.5\n{1, 1}: 2\n{1, 2}: 2.5\n");
}

TEST(Stream, FormattingManipulatorsAreLocalToTheItem) {
  sycl::queue q;
  std::string out = stream_output(q, 4096, 256, [](sycl::handler& cgh, const sycl::stream& os) {
    cgh.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i) {
      if (i[0] == 0) os << sycl::hex << sycl::showbase << 255 << " ";
      os << 255 << " " << sycl::setprecision(3) << sycl::fixed << 3.14159 << " " << sycl::setw(4) << 7 << " " << true
         << " " << 'c' << " " << sycl::int2(1, -2) << sycl::endl;
    });
  });
  EXPECT_EQ(out, "0xff 0xff 3.142  0x7 true c {0x1, 0xfffffffe}\n255 3.142    7 true c {1, -2}\n");
}

TEST(Stream, SingleTaskAndBufferLimits) {
  sycl::queue q;
  std::string out = stream_output(q, 64, 8, [](sycl::handler& cgh, const sycl::stream& os) {
    cgh.single_task([=] {
      os << "0123456789abcdef" << sycl::flush;  // longer than the statement limit of 8
      os << "xy" << sycl::endl;
    });
  });
  EXPECT_EQ(out, "01234567xy\n");
  EXPECT_EQ(sizeof(char), 1u);
}

TEST(Stream, SizesAndEquality) {
  sycl::queue q;
  q.submit([&](sycl::handler& cgh) {
    sycl::stream os(1024, 256, cgh);
    auto copy = os;
    EXPECT_EQ(os.size(), 1024u);
    EXPECT_EQ(os.get_work_item_buffer_size(), 256u);
    EXPECT_TRUE(copy == os);
    cgh.single_task([=] { copy << ""; });
  });
  q.wait();
}

// The SYCL-CTS streams every id type (stream_api.cpp): id, range, item, nd_range,
// nd_item, group and h_item (h_item: missing before).
TEST(Stream, ItemAndGroupTypes) {
  sycl::queue q;
  std::string out = stream_output(q, 4096, 512, [](sycl::handler& cgh, const sycl::stream& os) {
    cgh.parallel_for_work_group(sycl::range<1>(1), sycl::range<1>(2), [=](sycl::group<1> g) {
      os << g << sycl::endl;
      g.parallel_for_work_item([&](sycl::h_item<1> h) { os << h << sycl::endl; });
    });
  });
  out += stream_output(q, 4096, 512, [](sycl::handler& cgh, const sycl::stream& os) {
    cgh.parallel_for(sycl::nd_range<1>(sycl::range<1>(1), sycl::range<1>(1)), [=](sycl::nd_item<1> it) {
      os << it << " " << sycl::nd_range<1>(sycl::range<1>(2), sycl::range<1>(1)) << " " << it.get_global_id() << " "
         << it.get_global_range() << sycl::endl;
    });
  });
  out += stream_output(q, 4096, 512, [](sycl::handler& cgh, const sycl::stream& os) {
    cgh.parallel_for(sycl::range<2>(1, 1), [=](sycl::item<2> it) { os << it << sycl::endl; });
  });
  EXPECT_NE(out.find("group(id: {0}, range: {1})\n"), std::string::npos) << out;
  EXPECT_NE(out.find("h_item(global: item(range: {2}, id: {0}), logical_local: item(range: {2}, id: {0}), "
                     "physical_local: item(range: {2}, id: {0}))\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("h_item(global: item(range: {2}, id: {1})"), std::string::npos) << out;
  EXPECT_NE(out.find("nd_item(global_id: {0}, local_id: {0}) nd_range(global_range: {2}, local_range: {1}) {0} {1}\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("item(range: {1, 1}, id: {0, 0})\n"), std::string::npos) << out;
}

}  // namespace
