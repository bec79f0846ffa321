// span, multi_ptr and address-space casts, bit_cast, is_device_copyable, the
// 1.2.1 atomic and atomic accessors, kernel properties arguments.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>
#include <sycl/sycl.hpp>

namespace {

// SYCL 2020 5.6: the implementation's SYCL version (oneDPL tests it before including
// <sycl/sycl.hpp>; Weft's CMake package predefines it, the header defines it too).
static_assert(SYCL_LANGUAGE_VERSION == 202012L, "SYCL_LANGUAGE_VERSION is SYCL 2020's");
static_assert(std::is_same_v<decltype(SYCL_LANGUAGE_VERSION), long>, "SYCL_LANGUAGE_VERSION is a long (202012L)");

TEST(Span, Basics) {
  int arr[5] = {1, 2, 3, 4, 5};
  sycl::span s(arr);
  static_assert(std::is_same_v<decltype(s), sycl::span<int, 5>>);
  EXPECT_EQ(s.size(), 5u);
  EXPECT_EQ(s.back(), 5);
  auto sub = s.subspan<1, 3>();
  static_assert(decltype(sub)::extent == 3);
  EXPECT_EQ(sub[0], 2);
  std::vector<float> v{1.0f, 2.0f};
  sycl::span<float> dv(v);
  EXPECT_EQ(dv.size_bytes(), 8u);
  EXPECT_EQ(dv.last(1)[0], 2.0f);
  std::array<double, 3> a{};
  sycl::span sa(a);
  EXPECT_EQ(sa.size(), 3u);
  auto bytes = sycl::as_bytes(dv);
  EXPECT_EQ(bytes.size(), 8u);
  sycl::span<const int> c(arr, 2);
  EXPECT_EQ(c.first(1)[0], 1);
  EXPECT_TRUE(sycl::span<int>().empty());
}

TEST(MultiPtr, FormsAndCasts) {
  float data[4] = {1, 2, 3, 4};
  sycl::global_ptr<float> legacy = data;  // legacy: implicit from a raw pointer
  EXPECT_EQ(legacy[2], 3.0f);
  auto raw = sycl::address_space_cast<sycl::access::address_space::global_space, sycl::access::decorated::no>(data);
  static_assert(std::is_same_v<decltype(raw), sycl::raw_global_ptr<float>>);
  EXPECT_EQ(*(raw + 1), 2.0f);
  sycl::decorated_local_ptr<float> dl(data);
  EXPECT_EQ(dl.get_decorated()[3], 4.0f);
  sycl::generic_ptr<const float, sycl::access::decorated::no> gen = raw;  // specific space to generic, to const
  EXPECT_EQ(gen.get_raw(), data);
  sycl::multi_ptr<void, sycl::access::address_space::global_space, sycl::access::decorated::no> vp = raw;
  EXPECT_EQ(vp.get(), static_cast<void*>(data));
  auto p = raw;
  ++p;
  p += 2;
  EXPECT_EQ(p - raw, 3);
  EXPECT_TRUE(raw < p);
  EXPECT_TRUE(raw != nullptr);
  float* back = raw;
  EXPECT_EQ(back, data);
  static_assert(sycl::raw_private_ptr<int>::address_space == sycl::access::address_space::private_space);
  static_assert(sycl::decorated_global_ptr<int>::is_decorated);
}

TEST(MultiPtr, FromAccessorInKernel) {
  sycl::queue q;
  std::vector<int> v(8, 1);
  {
    sycl::buffer<int> buf(v.data(), sycl::range<1>(8));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor acc(buf, cgh);
      cgh.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) {
        sycl::global_ptr<int> gp(acc);
        gp[i[0]] += int(i[0]);
      });
    });
  }
  EXPECT_EQ(v[7], 8);
}

TEST(BitCast, RoundTrip) {
  constexpr auto u = sycl::bit_cast<std::uint32_t>(1.0f);
  static_assert(u == 0x3f800000u);
  EXPECT_EQ(sycl::bit_cast<float>(0x40000000u), 2.0f);
  EXPECT_EQ(sycl::bit_cast<std::uint16_t>(sycl::half(1.0f)), 0x3c00u);
}

struct not_trivial {
  not_trivial(const not_trivial&) {}
};
struct user_type {
  user_type(const user_type&) {}
};
}  // namespace
template <>
struct sycl::is_device_copyable<user_type> : std::true_type {};
namespace {

static_assert(SYCL_DEVICE_COPYABLE == 1, "users may specialize is_device_copyable");

TEST(DeviceCopyable, Trait) {
  static_assert(sycl::is_device_copyable_v<int>);
  static_assert(sycl::is_device_copyable_v<sycl::float4>);
  static_assert(sycl::is_device_copyable_v<std::array<sycl::half, 3>>);
  static_assert(sycl::is_device_copyable_v<std::pair<int, sycl::marray<float, 2>>>);
  static_assert(sycl::is_device_copyable_v<std::tuple<int, double>>);
  static_assert(sycl::is_device_copyable_v<sycl::span<int>>);
  static_assert(!sycl::is_device_copyable_v<not_trivial>);
  static_assert(!sycl::is_device_copyable_v<std::optional<not_trivial>>);
  static_assert(sycl::is_device_copyable_v<user_type>);
  static_assert(sycl::is_device_copyable_v<std::tuple<user_type, int>>);
  SUCCEED();
}

TEST(Atomic121, AccessorModeAtomicAndFreeFunctions) {
  sycl::queue q;
  std::vector<int> v{0, 1000, 0, 0};
  std::vector<float> f{0.0f};
  {
    sycl::buffer<int> buf(v.data(), sycl::range<1>(4));
    sycl::buffer<float> fbuf(f.data(), sycl::range<1>(1));
    q.submit([&](sycl::handler& cgh) {
      auto acc = buf.get_access<sycl::access::mode::atomic>(cgh);
      auto facc = fbuf.get_access<sycl::access::mode::atomic>(cgh);
      cgh.parallel_for(sycl::range<1>(10000), [=](sycl::id<1> i) {
        acc[0].fetch_add(1);
        sycl::atomic_fetch_min(acc[1], int(i[0]));
        sycl::atomic_fetch_max(acc[2], int(i[0]));
        acc[sycl::id<1>(3)].fetch_or(1 << (i[0] % 8));
        if (i[0] == 5) facc[0].store(2.5f);
      });
    });
  }
  EXPECT_EQ(v[0], 10000);
  EXPECT_EQ(v[1], 0);
  EXPECT_EQ(v[2], 9999);
  EXPECT_EQ(v[3], 255);
  EXPECT_EQ(f[0], 2.5f);
  long x = 5;
  sycl::atomic<long> a{sycl::multi_ptr<long, sycl::access::address_space::global_space>(&x)};
  long expected = 5;
  EXPECT_TRUE(a.compare_exchange_strong(expected, 9));
  EXPECT_FALSE(sycl::atomic_compare_exchange_strong(a, expected, 1L));
  EXPECT_EQ(expected, 9);
  EXPECT_EQ(sycl::atomic_exchange(a, 3L), 9);
  EXPECT_EQ(sycl::atomic_load(a), 3);
  sycl::atomic_store(a, 4L);
  EXPECT_EQ(a.fetch_sub(1), 4);
  EXPECT_EQ(x, 3);
}

// Kernel properties the device meets are accepted on every kernel form (those it
// cannot meet are errc::kernel_not_supported: ConformanceCts.KernelPropertiesRequirementsAtSubmission).
template <std::size_t SubGroupSize>
void run_with_kernel_properties(sycl::queue& q) {
  namespace exp = sycl::ext::oneapi::experimental;
  int* r = sycl::malloc_shared<int>(3, q);
  exp::properties props{exp::work_group_size<8>, exp::sub_group_size<SubGroupSize>};
  static_assert(decltype(props)::template has_property<exp::sub_group_size_key>());
  q.submit([&](sycl::handler& cgh) { cgh.parallel_for(sycl::range<1>(1), props, [=](sycl::id<1>) { r[0] = 1; }); });
  q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for(sycl::range<2>(1, 1), exp::properties{}, [=](sycl::item<2>) { r[1] = 2; });
  });
  q.submit([&](sycl::handler& cgh) { cgh.single_task(props, [=] { r[2] = 3; }); });
  q.wait();
  EXPECT_EQ(r[0] + r[1] + r[2], 6);
  sycl::free(r, q);
}

TEST(KernelProperties, AcceptedWhenTheDeviceMeetsThem) {
  sycl::queue q;
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  if (std::find(sizes.begin(), sizes.end(), 16) != sizes.end()) run_with_kernel_properties<16>(q);
  else if (std::find(sizes.begin(), sizes.end(), 32) != sizes.end()) run_with_kernel_properties<32>(q);
  else GTEST_SKIP() << "the device offers neither sub-group size 16 nor 32";
}

}  // namespace
