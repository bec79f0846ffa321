// SYCL 2020 conformance gaps found by the Khronos SYCL-CTS (one case or group of cases
// per gap): std::hash for the reference-semantics types, constexpr half, sycl::elem,
// queue shortcuts with dependency lists, array reductions over a span, the default
// context of queues, buffer properties, device aspects and info descriptors, and
// accessor forms.
#include <gtest/gtest.h>
#include <functional>
#include <mutex>
#include <numeric>
#include <unordered_set>
#include <vector>
#include <sycl/sycl.hpp>

namespace {

// ---- 1. std::hash: equal objects (copies) hash equal (section 4.5.2) ----------------------
template <class T>
void expect_hash_follows_equality(const T& a, const T& other) {
  const T copy = a;  // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_TRUE(copy == a);
  EXPECT_FALSE(copy != a);
  EXPECT_EQ(std::hash<T>()(copy), std::hash<T>()(a));
  EXPECT_TRUE(a != other);
  std::unordered_set<T> set{a, copy, other};
  EXPECT_EQ(set.size(), 2u);
  EXPECT_EQ(set.count(copy), 1u);
}

TEST(ConformanceHash, ReferenceSemanticsTypes) {
  sycl::queue q;
  sycl::queue q2;
  expect_hash_follows_equality(q, q2);
  expect_hash_follows_equality(q.get_context(), sycl::context(q.get_device()));
  sycl::event e1 = q.single_task([] {});
  sycl::event e2 = q.single_task([] {});
  expect_hash_follows_equality(e1, e2);
  sycl::buffer<int> b1(sycl::range<1>(4)), b2(sycl::range<1>(4));
  expect_hash_follows_equality(b1, b2);
  auto kb1 = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  auto kb2 = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  expect_hash_follows_equality(kb1, kb2);
  expect_hash_follows_equality(*kb1.begin(), *kb2.begin());
  class hashed_kernel_a;
  class hashed_kernel_b;
  expect_hash_follows_equality(sycl::get_kernel_id<hashed_kernel_a>(), sycl::get_kernel_id<hashed_kernel_b>());
  auto ids = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      q.get_context(), {sycl::get_kernel_id<hashed_kernel_a>(), sycl::get_kernel_id<hashed_kernel_b>()});
  expect_hash_follows_equality(ids.get_kernel<hashed_kernel_a>(), ids.get_kernel<hashed_kernel_b>());
  q.wait();
}

TEST(ConformanceHash, PlatformDeviceAndStream) {
  sycl::device d;
  sycl::platform p = d.get_platform();
  EXPECT_EQ(std::hash<sycl::platform>()(p), std::hash<sycl::platform>()(d.get_platform()));
  EXPECT_EQ(std::hash<sycl::device>()(d), std::hash<sycl::device>()(sycl::device(d)));
  std::unordered_set<sycl::device> devices;
  for (const auto& dev : sycl::device::get_devices()) devices.insert(dev);
  for (const auto& dev : sycl::device::get_devices()) devices.insert(dev);
  EXPECT_EQ(devices.size(), sycl::device::get_devices().size());
  std::unordered_set<sycl::platform> platforms;
  for (const auto& pl : sycl::platform::get_platforms()) platforms.insert(pl);
  EXPECT_EQ(platforms.size(), sycl::platform::get_platforms().size());
}

// ---- 2. constexpr half --------------------------------------------------------------------
TEST(ConformanceHalf, ConstexprConstructionAndConversion) {
  constexpr sycl::half from_int(3);
  constexpr sycl::half from_float(1.5f);
  constexpr sycl::half from_double(-0.25);
  constexpr sycl::half sum = from_int + from_float;
  static_assert(from_int.bits() == 0x4200, "half(3)");
  static_assert(float(sum) == 4.5f, "3 + 1.5 in half");
  static_assert(from_double.bits() == 0xb400, "half(-0.25)");
  static_assert(sycl::half(65520.0f).bits() == 0x7c00, "rounds to infinity");
  static_assert(float(sycl::half::from_bits(1)) == 5.9604644775390625e-08f, "smallest subnormal");
  constexpr sycl::half values[] = {sycl::half(1), sycl::half(2.0f)};
  static_assert(values[0] < values[1], "constexpr comparison");
  EXPECT_EQ(float(sum), 4.5f);
}

// ---- 3. sycl::elem ------------------------------------------------------------------------
TEST(ConformanceVec, ElemSwizzleIndices) {
  static_assert(sycl::elem::x == 0 && sycl::elem::w == 3 && sycl::elem::a == 3 && sycl::elem::sF == 15);
  sycl::vec<int, 4> v(1, 2, 3, 4);
  sycl::vec<int, 3> wzy = v.swizzle<sycl::elem::w, sycl::elem::z, sycl::elem::y>();
  EXPECT_EQ(wzy[0], 4);
  EXPECT_EQ(wzy[1], 3);
  EXPECT_EQ(wzy[2], 2);
  sycl::vec<float, 16> wide(0.0f);
  wide.swizzle<sycl::elem::sF, sycl::elem::s0>() = sycl::vec<float, 2>(7.0f, 8.0f);
  EXPECT_EQ(wide[15], 7.0f);
  EXPECT_EQ(wide[0], 8.0f);
  sycl::vec<int, 4> rgba(5, 6, 7, 8);
  EXPECT_EQ(int(rgba.swizzle<sycl::elem::b>()), 7);
}

// ---- 4. queue shortcuts take an event or a std::vector<event> ------------------------------
class shortcut_single_task;
class shortcut_range;
class shortcut_nd_range;

TEST(ConformanceQueue, ShortcutsTakeEventVectors) {
  sycl::queue q;
  constexpr std::size_t n = 64;
  int* a = sycl::malloc_shared<int>(n, q);
  int* b = sycl::malloc_shared<int>(n, q);
  int* c = sycl::malloc_shared<int>(n, q);
  sycl::event fa = q.fill(a, 1, n);
  sycl::event fb = q.fill(b, 2, n, fa);
  sycl::event fc = q.memset(c, 0, n * sizeof(int), {fa, fb});
  sycl::event st = q.single_task<shortcut_single_task>({fa, fb, fc}, [=] { c[0] = a[0] + b[0]; });
  sycl::event pf = q.parallel_for<shortcut_range>(sycl::range<1>(n), {st}, [=](sycl::id<1> i) {
    if (i[0] != 0) c[i] = a[i] * 10 + b[i];
  });
  sycl::event nd = q.parallel_for<shortcut_nd_range>(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(8)), {st, pf},
                                                     [=](sycl::nd_item<1> it) {
                                                       std::size_t i = it.get_global_id(0);
                                                       b[i] = c[i] + 1;
                                                     });
  sycl::event cp = q.copy(b, a, n, {nd});
  sycl::event mc = q.memcpy(c, a, n * sizeof(int), std::vector<sycl::event>{cp});
  sycl::event pr = q.prefetch(c, n * sizeof(int), {mc});
  sycl::event ad = q.mem_advise(c, n * sizeof(int), 0, {pr, mc});
  ad.wait();
  EXPECT_EQ(c[0], 4);  // single_task: 1 + 2, then + 1
  for (std::size_t i = 1; i < n; ++i) ASSERT_EQ(c[i], 13) << i;
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
}

// ---- 5. array reductions over a span ------------------------------------------------------
class span_reduction_range;
class span_reduction_nd_range;
class span_reduction_no_identity;

TEST(ConformanceReduction, SpanRangeAndNdRange) {
  sycl::queue q;
  constexpr std::size_t bins = 4;
  constexpr std::size_t n = 1000;
  int* hist = sycl::malloc_shared<int>(bins, q);
  int* maxima = sycl::malloc_shared<int>(bins, q);
  for (std::size_t b = 0; b < bins; ++b) {
    hist[b] = 100;  // combined with the old value (no initialize_to_identity)
    maxima[b] = 0;
  }
  // A histogram: item i adds 1 to bin i % bins; known identity (plus).
  q.submit([&](sycl::handler& cgh) {
     auto red = sycl::reduction(sycl::span<int, bins>(hist, bins), sycl::plus<int>());
     cgh.parallel_for<span_reduction_range>(sycl::range<1>(n), red, [=](sycl::id<1> i, auto& r) {
       static_assert(std::remove_reference_t<decltype(r)>::dimensions == 1);
       static_assert(std::remove_reference_t<decltype(r[0])>::dimensions == 0);
       r[i[0] % bins] += 1;
     });
   }).wait();
  for (std::size_t b = 0; b < bins; ++b) EXPECT_EQ(hist[b], 100 + int(n / bins)) << b;
  // nd_range, a given identity, initialize_to_identity: bin b gets the largest i with i % bins == b.
  q.submit([&](sycl::handler& cgh) {
     auto red = sycl::reduction(sycl::span<int, bins>(maxima, bins), -1, sycl::maximum<int>(),
                                sycl::property::reduction::initialize_to_identity());
     cgh.parallel_for<span_reduction_nd_range>(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(50)), red,
                                               [=](sycl::nd_item<1> it, auto& r) {
                                                 const int i = int(it.get_global_id(0));
                                                 r[std::size_t(i) % bins].combine(i);
                                               });
   }).wait();
  for (std::size_t b = 0; b < bins; ++b) EXPECT_EQ(maxima[b], int(n - bins + b)) << b;
  sycl::free(hist, q);
  sycl::free(maxima, q);
}

TEST(ConformanceReduction, SpanWithoutIdentityOnlyTouchedElements) {
  sycl::queue q;
  constexpr std::size_t n = 300;
  int* out = sycl::malloc_shared<int>(3, q);
  out[0] = 5;
  out[1] = 7;
  out[2] = 9;
  // No identity (a lambda): element 2 is never combined and keeps its value; element 0 gets the
  // product of the old value and the contributions, element 1 the contributions of odd items.
  auto mul = [](int a, int b) { return a * b; };
  q.submit([&](sycl::handler& cgh) {
     auto red = sycl::reduction(sycl::span<int, 3>(out, 3), mul);
     cgh.parallel_for<span_reduction_no_identity>(sycl::range<1>(n), red, [=](sycl::id<1> i, auto& r) {
       if (i[0] < 3) r[0].combine(2);
       if (i[0] % 2 == 1 && i[0] < 10) r[1].combine(3);
     });
   }).wait();
  EXPECT_EQ(out[0], 5 * 8);
  EXPECT_EQ(out[1], 7 * 243);
  EXPECT_EQ(out[2], 9);
  sycl::free(out, q);
}

// ---- 6. queues made without a context share the platform's default context --------------
TEST(ConformanceQueue, DefaultContextIsShared) {
  const sycl::property_list props{};
  const sycl::async_handler handler = [](sycl::exception_list) {};
  sycl::device dev;
  sycl::context own;
  const sycl::context def = sycl::queue{}.get_context();
  EXPECT_TRUE(own != def);
  EXPECT_TRUE(def == dev.get_platform().ext_oneapi_get_default_context());
  EXPECT_EQ(def.get_devices(), dev.get_platform().get_devices());
  EXPECT_TRUE(def == sycl::queue{props}.get_context());
  EXPECT_TRUE(def == sycl::queue(handler, props).get_context());
  EXPECT_TRUE(def == sycl::queue(sycl::default_selector_v, props).get_context());
  EXPECT_TRUE(def == sycl::queue(sycl::default_selector_v, handler, props).get_context());
  EXPECT_TRUE(def == sycl::queue(dev, props).get_context());
  EXPECT_TRUE(def == sycl::queue(dev, handler, props).get_context());
  EXPECT_TRUE(own == sycl::queue(own, dev, props).get_context());
  EXPECT_TRUE(own == sycl::queue(own, sycl::default_selector_v, props).get_context());
}

// ---- 7. buffer properties and get_access(handler, tag, no_init) ----------------------------
class buffer_get_access_no_init;

TEST(ConformanceBuffer, ContextBoundUseMutexAndGetAccessWithTags) {
  std::mutex mutex;
  sycl::context ctx;
  const sycl::property_list props{sycl::property::buffer::use_mutex(mutex), sycl::property::buffer::context_bound(ctx)};
  sycl::buffer<int, 2> buf(sycl::range<2>(4, 4), props);
  ASSERT_TRUE(buf.has_property<sycl::property::buffer::context_bound>());
  ASSERT_TRUE(buf.has_property<sycl::property::buffer::use_mutex>());
  EXPECT_TRUE(buf.get_property<sycl::property::buffer::context_bound>().get_context() == ctx);
  EXPECT_EQ(buf.get_property<sycl::property::buffer::use_mutex>().get_mutex_ptr(), &mutex);
  sycl::queue q;
  q.submit([&](sycl::handler& cgh) {
    auto acc = buf.get_access(cgh, sycl::write_only, sycl::no_init);
    static_assert(std::is_same_v<decltype(acc), sycl::accessor<int, 2, sycl::access_mode::write>>);
    auto ranged = buf.get_access(cgh, sycl::range<2>(2, 2), sycl::read_only);
    static_assert(std::is_same_v<decltype(ranged), sycl::accessor<int, 2, sycl::access_mode::read>>);
    EXPECT_EQ(ranged.get_range(), sycl::range<2>(2, 2));
    cgh.parallel_for<buffer_get_access_no_init>(sycl::range<2>(4, 4),
                                                [=](sycl::id<2> i) { acc[i] = int(i[0] * 10 + i[1]); });
  });
  sycl::host_accessor h(buf, sycl::read_only);
  EXPECT_EQ(h[3][2], 32);
}

// ---- 8. aspect traits, exception contexts, sub_group ==, half identities, multi_ptr vs nullptr,
//         fp16 ---------------------------------------------------------------------------------
TEST(ConformanceMisc, AspectTraitsFollowTheDevices) {
  static_assert(std::is_base_of_v<std::true_type, sycl::any_device_has<sycl::aspect::fp64>>);
  static_assert(sycl::all_devices_have_v<sycl::aspect::usm_device_allocations>);
  static_assert(!sycl::any_device_has_v<sycl::aspect::image>);
  static_assert(!sycl::all_devices_have_v<sycl::aspect::accelerator>);
  for (const auto& d : sycl::device::get_devices()) {
    if (d.is_cpu()) {
      EXPECT_TRUE(d.has(sycl::aspect::fp16));
    }
    for (auto a : d.get_info<sycl::info::device::aspects>()) {
      if (a == sycl::aspect::usm_system_allocations) {
        EXPECT_TRUE(sycl::any_device_has_v<sycl::aspect::usm_system_allocations>);
      }
    }
    if (!d.has(sycl::aspect::gpu)) {
      EXPECT_FALSE(sycl::all_devices_have_v<sycl::aspect::gpu>);
    }
  }
}

TEST(ConformanceMisc, ExceptionWithContext) {
  sycl::context ctx;
  sycl::exception e(ctx, int(sycl::errc::invalid), sycl::sycl_category(), "bad");
  EXPECT_TRUE(e.has_context());
  EXPECT_TRUE(e.get_context() == ctx);
  EXPECT_EQ(e.code(), sycl::errc::invalid);
  EXPECT_STREQ(e.what(), "bad");
  sycl::exception e2(ctx, int(sycl::errc::runtime), sycl::sycl_category(), std::string("why"));
  EXPECT_STREQ(e2.what(), "why");
  sycl::exception e3(ctx, int(sycl::errc::kernel), sycl::sycl_category());
  EXPECT_EQ(e3.code(), sycl::errc::kernel);
  sycl::exception plain(sycl::errc::invalid);
  EXPECT_FALSE(plain.has_context());
}

TEST(ConformanceMisc, HalfKnownIdentitiesAndMultiPtrNullptr) {
  static_assert(sycl::has_known_identity_v<sycl::maximum<sycl::half>, sycl::half>);
  static_assert(sycl::has_known_identity_v<sycl::minimum<>, sycl::half>);
  static_assert(sycl::known_identity_v<sycl::maximum<sycl::half>, sycl::half>.bits() == 0xfc00);  // -inf
  static_assert(sycl::known_identity_v<sycl::minimum<sycl::half>, sycl::half>.bits() == 0x7c00);  // +inf
  static_assert(sycl::known_identity_v<sycl::plus<sycl::half>, sycl::half>.bits() == 0);
  static_assert(sycl::known_identity_v<sycl::multiplies<sycl::half>, sycl::half>.bits() == 0x3c00);
  int x = 0;
  auto null_ptr = sycl::multi_ptr<int, sycl::access::address_space::global_space, sycl::access::decorated::no>(nullptr);
  auto some = sycl::address_space_cast<sycl::access::address_space::global_space, sycl::access::decorated::no>(&x);
  EXPECT_TRUE(null_ptr == nullptr);
  EXPECT_TRUE(some != nullptr);
  EXPECT_FALSE(null_ptr < nullptr);
  EXPECT_TRUE(nullptr < some);
  EXPECT_EQ(nullptr < some, std::less<decltype(some)>()(nullptr, some));
  EXPECT_EQ(some < nullptr, std::less<decltype(some)>()(some, nullptr));
  EXPECT_TRUE(some > nullptr);
  EXPECT_TRUE(nullptr <= null_ptr);
  EXPECT_TRUE(some >= nullptr);
  EXPECT_FALSE(nullptr >= some);
}

class sub_group_equality;
class half_reduction_kernel;

TEST(ConformanceMisc, SubGroupEqualityAndHalfMaximumInKernels) {
  sycl::queue q;
  const bool fp16 = q.get_device().has(sycl::aspect::fp16);
  if (q.get_device().is_cpu()) {
    EXPECT_TRUE(fp16);  // the CPU runs sycl::half kernels
  }
  if (fp16) {
    EXPECT_GT(q.get_device().get_info<sycl::info::device::native_vector_width_half>(), 0u);
    EXPECT_FALSE(q.get_device().get_info<sycl::info::device::half_fp_config>().empty());
  }
  constexpr std::size_t n = 64;
  int* ok = sycl::malloc_shared<int>(n, q);
  sycl::half* best = sycl::malloc_shared<sycl::half>(1, q);
  *best = sycl::half(0.0f);
  q.parallel_for<sub_group_equality>(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(32)),
                                     [=](sycl::nd_item<1> it) {
                                       sycl::sub_group a = it.get_sub_group();
                                       sycl::sub_group b = it.get_sub_group();
                                       ok[it.get_global_id(0)] = (a == b) && !(a != b) && (b == a);
                                     })
      .wait();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(ok[i], 1) << i;
  if (fp16) {
    q.submit([&](sycl::handler& cgh) {
       cgh.parallel_for<half_reduction_kernel>(
           sycl::range<1>(n),
           sycl::reduction(best, sycl::maximum<sycl::half>(), sycl::property::reduction::initialize_to_identity()),
           [=](sycl::id<1> i, auto& m) { m.combine(sycl::half(float(i[0]) * 0.5f)); });
     }).wait();
    EXPECT_EQ(float(*best), 31.5f);
  }
  sycl::free(ok, q);
  sycl::free(best, q);
}

// ---- 9. info descriptors and sub-devices --------------------------------------------------
template <class T>
void expect_errc(sycl::errc want, T&& f) {
  try {
    f();
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), want) << e.what();
  }
}

TEST(ConformanceInfo, DeviceAndContextDescriptors) {
  sycl::device dev;
  sycl::context ctx(dev);
  const auto fence_orders = ctx.get_info<sycl::info::context::atomic_fence_order_capabilities>();
  const auto fence_scopes = ctx.get_info<sycl::info::context::atomic_fence_scope_capabilities>();
  static_assert(std::is_same_v<std::remove_const_t<decltype(fence_orders)>, std::vector<sycl::memory_order>>);
  static_assert(std::is_same_v<std::remove_const_t<decltype(fence_scopes)>, std::vector<sycl::memory_scope>>);
  EXPECT_EQ(fence_orders, dev.get_info<sycl::info::device::atomic_fence_order_capabilities>());
  EXPECT_EQ(fence_scopes, dev.get_info<sycl::info::device::atomic_fence_scope_capabilities>());
  EXPECT_FALSE(fence_orders.empty());
  EXPECT_FALSE(fence_scopes.empty());
  EXPECT_TRUE(dev.get_info<sycl::info::device::built_in_kernel_ids>().empty());
  EXPECT_TRUE(dev.get_info<sycl::info::device::built_in_kernels>().empty());
  EXPECT_EQ(dev.get_info<sycl::info::device::preferred_vector_width_long_long>(),
            dev.get_info<sycl::info::device::preferred_vector_width_long>());
  EXPECT_EQ(dev.get_info<sycl::info::device::native_vector_width_long_long>(),
            dev.get_info<sycl::info::device::native_vector_width_long>());
  EXPECT_EQ(dev.get_info<sycl::info::device::max_read_image_args>(), 0u);
  EXPECT_EQ(dev.get_info<sycl::info::device::image2d_max_width>(), 0u);
  EXPECT_EQ(dev.get_info<sycl::info::device::max_samplers>(), 0u);
  expect_errc(sycl::errc::invalid, [&] { (void)dev.get_info<sycl::info::device::parent_device>(); });
  EXPECT_TRUE(dev.get_info<sycl::info::device::partition_properties>().empty());
  expect_errc(sycl::errc::feature_not_supported,
              [&] { (void)dev.create_sub_devices<sycl::info::partition_property::partition_equally>(2); });
  expect_errc(sycl::errc::feature_not_supported, [&] {
    (void)dev.create_sub_devices<sycl::info::partition_property::partition_by_counts>(std::vector<std::size_t>{1, 1});
  });
  expect_errc(sycl::errc::feature_not_supported, [&] {
    (void)dev.create_sub_devices<sycl::info::partition_property::partition_by_affinity_domain>(
        sycl::info::partition_affinity_domain::next_partitionable);
  });
}

// ---- 10. accessors: get_multi_ptr, reverse iterators, 0 dimensions, host_task tags ---------
class accessor_multi_ptr;
class accessor_zero_dim;
class local_accessor_zero_dim;

TEST(ConformanceAccessor, MultiPtrAndReverseIterators) {
  sycl::queue q;
  std::vector<int> data(8);
  std::iota(data.begin(), data.end(), 0);
  sycl::buffer<int> buf(data.data(), sycl::range<1>(8));
  sycl::buffer<int> out(sycl::range<1>(8));
  q.submit([&](sycl::handler& cgh) {
    sycl::accessor in(buf, cgh, sycl::read_only);
    sycl::accessor o(out, cgh, sycl::write_only, sycl::no_init);
    cgh.parallel_for<accessor_multi_ptr>(sycl::range<1>(8), [=](sycl::id<1> i) {
      auto p = in.get_multi_ptr<sycl::access::decorated::no>();
      static_assert(std::is_same_v<decltype(p), sycl::multi_ptr<const int, sycl::access::address_space::global_space,
                                                                sycl::access::decorated::no>>);
      auto d = o.get_multi_ptr<sycl::access::decorated::yes>();
      d[i[0]] = p[7 - i[0]] * 2;
    });
  });
  sycl::host_accessor h(out, sycl::read_only);
  std::vector<int> backwards(h.rbegin(), h.rend());
  ASSERT_EQ(backwards.size(), 8u);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(backwards[std::size_t(i)], 2 * i) << i;  // out = 14, 12, ..., 0
  EXPECT_EQ(*h.crbegin(), 0);
  EXPECT_EQ(std::distance(h.crbegin(), h.crend()), 8);
  sycl::host_accessor<int, 2> empty2;
  (void)empty2;
  sycl::buffer<int, 2> b2(sycl::range<2>(2, 3));
  {
    sycl::host_accessor w(b2, sycl::write_only);
    int k = 0;
    for (auto& x : w) x = k++;
  }
  sycl::host_accessor r2(b2, sycl::read_only);
  std::vector<int> rev2(r2.rbegin(), r2.rend());
  EXPECT_EQ(rev2, (std::vector<int>{5, 4, 3, 2, 1, 0}));
}

TEST(ConformanceAccessor, ZeroDimensionalAccessors) {
  sycl::queue q;
  sycl::buffer<int> cell(sycl::range<1>(1));
  {
    sycl::host_accessor<int, 0, sycl::access_mode::write> w(cell);
    w = 20;
  }
  int* seen = sycl::malloc_shared<int>(2, q);
  q.submit([&](sycl::handler& cgh) {
    sycl::accessor<int, 0, sycl::access_mode::read_write> acc(cell, cgh);
    static_assert(decltype(acc)::dimensions == 0);
    cgh.single_task<accessor_zero_dim>([=] {
      int v = acc;
      acc = v + 1;
    });
  });
  q.submit([&](sycl::handler& cgh) {
     sycl::local_accessor<int, 0> scratch(cgh);
     static_assert(decltype(scratch)::dimensions == 0);
     cgh.parallel_for<local_accessor_zero_dim>(sycl::nd_range<1>(sycl::range<1>(8), sycl::range<1>(4)),
                                               [=](sycl::nd_item<1> it) {
                                                 if (it.get_local_id(0) == 0) scratch = int(it.get_group(0)) + 40;
                                                 sycl::group_barrier(it.get_group());
                                                 if (it.get_local_id(0) == 3) seen[it.get_group(0)] = scratch;
                                               });
   }).wait();
  sycl::host_accessor<int, 0, sycl::access_mode::read> r(cell);
  EXPECT_EQ(int(r), 21);
  EXPECT_EQ(seen[0], 40);
  EXPECT_EQ(seen[1], 41);
  sycl::free(seen, q);
}

TEST(ConformanceAccessor, HostTaskTagDeduction) {
  sycl::buffer<int> buf(sycl::range<1>(4));
  sycl::accessor ro(buf, sycl::range<1>(2), sycl::read_only_host_task);
  static_assert(std::is_same_v<decltype(ro), sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::host_task,
                                                            sycl::access::placeholder::true_t>>);
  sycl::accessor wo(buf, sycl::write_only_host_task);
  static_assert(std::is_same_v<decltype(wo), sycl::accessor<int, 1, sycl::access_mode::write, sycl::target::host_task,
                                                            sycl::access::placeholder::true_t>>);
  sycl::accessor rw(buf, sycl::range<1>(2), sycl::id<1>(1), sycl::read_write_host_task);
  EXPECT_EQ(rw.get_offset(), sycl::id<1>(1));
  EXPECT_TRUE(ro.is_placeholder());
  sycl::queue q;
  q.submit([&](sycl::handler& cgh) {
    sycl::accessor w(buf, cgh, sycl::write_only_host_task);
    cgh.host_task([=] {
      for (int i = 0; i < 4; ++i) w[i] = i * 3;
    });
  });
  sycl::host_accessor h(buf, sycl::read_only);
  EXPECT_EQ(h[3], 9);
}

}  // namespace
