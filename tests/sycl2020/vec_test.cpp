// sycl::vec (section 4.14.2): construction, swizzles, operators, convert, as, load/store.
#define SYCL_SIMPLE_SWIZZLES  // v.xy() and friends (SYCL 2020 4.14.2.1)
#include <gtest/gtest.h>
#include <cstring>
#include <sycl/sycl.hpp>

namespace {

TEST(Vec, SizesAndAlignment) {
  static_assert(sizeof(sycl::float3) == 16 && alignof(sycl::float3) == 16);
  static_assert(sizeof(sycl::float4) == 16 && sizeof(sycl::char2) == 2 && sizeof(sycl::double16) == 128);
  static_assert(sycl::int8::size() == 8);
  static_assert(sycl::float3::byte_size() == 16);
  static_assert(std::is_same_v<sycl::float4::element_type, float>);
  static_assert(std::is_trivially_copyable_v<sycl::float4>);
  // Default construction leaves the elements as default-initialised scalars (DPC++ too).
  static_assert(std::is_trivially_default_constructible_v<sycl::float4> &&
                std::is_trivially_default_constructible_v<sycl::int3>);
}

TEST(Vec, Construction) {
  sycl::float4 a(1, 2, 3, 4);
  sycl::float4 b(2.0f);
  sycl::float4 c(sycl::float2(1, 2), 3.0f, 4);
  sycl::float4 d(a.xy(), a.zw());
  sycl::int8 e(sycl::int4(1), sycl::int2(2), 3, 4);
  sycl::float4 z{};  // value-initialised: zero
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(a[i], float(i + 1));
    EXPECT_EQ(b[i], 2.0f);
    EXPECT_EQ(c[i], a[i]);
    EXPECT_EQ(d[i], a[i]);
    EXPECT_EQ(z[i], 0.0f);
  }
  EXPECT_EQ(e[5], 2);
  EXPECT_EQ(e[7], 4);
  sycl::vec v(1.0, 2.0);  // deduction guide
  static_assert(std::is_same_v<decltype(v), sycl::vec<double, 2>>);
  sycl::vec<int, 1> one(5);
  int as_scalar = one;
  EXPECT_EQ(as_scalar, 5);
}

TEST(Vec, ElementAccessorsAndSwizzles) {
  sycl::float4 a(1, 2, 3, 4);
  EXPECT_EQ(a.x(), 1.0f);
  EXPECT_EQ(a.w(), 4.0f);
  EXPECT_EQ(a.r(), 1.0f);
  EXPECT_EQ(a.a(), 4.0f);
  EXPECT_EQ(a.s3(), 4.0f);
  a.y() = 20;
  EXPECT_EQ(a[1], 20.0f);
  sycl::float2 xy = a.xy();
  EXPECT_EQ(xy[1], 20.0f);
  sycl::float3 zyx = a.zyx();
  EXPECT_EQ(zyx[0], 3.0f);
  EXPECT_EQ(zyx[2], 1.0f);
  sycl::float4 wwww = a.wwww();
  EXPECT_EQ(wwww[2], 4.0f);
  sycl::float4 bgra = a.bgra();
  EXPECT_EQ(bgra[0], 3.0f);
  auto s = a.swizzle<3, 0>();
  sycl::float2 s2 = s;
  EXPECT_EQ(s2[0], 4.0f);
  EXPECT_EQ(s2[1], 1.0f);
  // writes through swizzles
  a.xy() = sycl::float2(7, 8);
  EXPECT_EQ(a[0], 7.0f);
  EXPECT_EQ(a[1], 8.0f);
  a.zw() = 0.5f;
  EXPECT_EQ(a[3], 0.5f);
  a.wx() += sycl::float2(1, 1);
  EXPECT_EQ(a[3], 1.5f);
  EXPECT_EQ(a[0], 8.0f);
  a.swizzle<2>() = 9.0f;
  EXPECT_EQ(a[2], 9.0f);
  // swizzle of a swizzle
  sycl::float2 inner = a.wzyx().lo();
  EXPECT_EQ(inner[0], 1.5f);
  EXPECT_EQ(inner[1], 9.0f);
  // swizzle arithmetic gives vec
  sycl::float2 sum = a.xy() + a.zw();
  EXPECT_EQ(sum[0], 8.0f + 9.0f);
  auto prod = a.xy() * 2.0f;
  static_assert(std::is_same_v<decltype(prod), sycl::float2>);
  const sycl::float4 ca(1, 2, 3, 4);
  sycl::float2 cw = ca.yw();
  EXPECT_EQ(cw[1], 4.0f);
}

TEST(Vec, LoHiEvenOdd) {
  sycl::int8 v(0, 1, 2, 3, 4, 5, 6, 7);
  sycl::int4 lo = v.lo(), hi = v.hi(), ev = v.even(), od = v.odd();
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(lo[i], i);
    EXPECT_EQ(hi[i], i + 4);
    EXPECT_EQ(ev[i], 2 * i);
    EXPECT_EQ(od[i], 2 * i + 1);
  }
  sycl::int3 t(1, 2, 3);
  sycl::int2 tlo = t.lo();
  EXPECT_EQ(tlo[1], 2);
  sycl::int2 thi = t.hi();
  EXPECT_EQ(thi[0], 3);  // vec<T, 3>::hi() is {z, undefined}
  v.lo() = sycl::int4(9);
  EXPECT_EQ(v[3], 9);
  EXPECT_EQ(v[4], 4);
}

TEST(Vec, Operators) {
  sycl::int4 a(1, 2, 3, 4), b(4, 3, 2, 1);
  auto s = a + b;
  auto m = a * 2;
  auto r = 10 - a;
  auto q = a % 3;
  auto sh = a << 1;
  auto bw = (a & 1) | (b ^ 2);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(s[i], 5);
    EXPECT_EQ(m[i], 2 * a[i]);
    EXPECT_EQ(r[i], 10 - a[i]);
    EXPECT_EQ(q[i], a[i] % 3);
    EXPECT_EQ(sh[i], a[i] << 1);
    EXPECT_EQ(bw[i], (a[i] & 1) | (b[i] ^ 2));
  }
  auto lt = a < b;
  static_assert(std::is_same_v<decltype(lt), sycl::int4>);
  EXPECT_EQ(lt[0], -1);
  EXPECT_EQ(lt[3], 0);
  auto eq = sycl::double2(1, 2) == sycl::double2(1, 3);
  static_assert(std::is_same_v<decltype(eq), sycl::long2>);
  EXPECT_EQ(eq[0], -1);
  EXPECT_EQ(eq[1], 0);
  auto land = sycl::int2(1, 0) && sycl::int2(1, 1);
  EXPECT_EQ(land[0], -1);
  EXPECT_EQ(land[1], 0);
  auto nt = !sycl::int2(0, 5);
  EXPECT_EQ(nt[0], -1);
  EXPECT_EQ(nt[1], 0);
  auto neg = -a;
  auto inv = ~a;
  EXPECT_EQ(neg[2], -3);
  EXPECT_EQ(inv[0], ~1);
  a += 1;
  a *= b;
  EXPECT_EQ(a[0], 8);
  ++a;
  EXPECT_EQ(a[0], 9);
  auto old = a--;
  EXPECT_EQ(old[0], 9);
  EXPECT_EQ(a[0], 8);
  sycl::float4 f(1.5f);
  auto g = f / 2 + 1.0f;
  EXPECT_EQ(g[0], 1.75f);
}

TEST(Vec, ConvertWithRoundingModes) {
  sycl::float4 f(1.5f, -1.5f, 2.5f, -0.4f);
  auto rte = f.convert<int, sycl::rounding_mode::rte>();
  auto rtz = f.convert<int, sycl::rounding_mode::rtz>();
  auto rtp = f.convert<int, sycl::rounding_mode::rtp>();
  auto rtn = f.convert<int, sycl::rounding_mode::rtn>();
  auto def = f.convert<int>();
  EXPECT_EQ(rte[0], 2);
  EXPECT_EQ(rte[1], -2);
  EXPECT_EQ(rte[2], 2);
  EXPECT_EQ(rtz[1], -1);
  EXPECT_EQ(rtp[1], -1);
  EXPECT_EQ(rtp[3], 0);
  EXPECT_EQ(rtn[3], -1);
  EXPECT_EQ(def[0], 2);  // automatic: a float vec's default, to nearest even (as the SYCL-CTS checks)
  EXPECT_EQ(def[1], -2);
  EXPECT_EQ(def[2], 2);
  EXPECT_EQ(def[3], 0);
  // double to float in each direction
  sycl::double2 d(1.0 + 1e-12, -(1.0 + 1e-12));
  auto up = d.convert<float, sycl::rounding_mode::rtp>();
  auto dn = d.convert<float, sycl::rounding_mode::rtn>();
  auto tz = d.convert<float, sycl::rounding_mode::rtz>();
  EXPECT_GT(double(up[0]), d[0]);
  EXPECT_EQ(up[1], -1.0f);
  EXPECT_EQ(dn[0], 1.0f);
  EXPECT_LT(double(dn[1]), d[1]);
  EXPECT_EQ(tz[0], 1.0f);
  EXPECT_EQ(tz[1], -1.0f);
  // integer to float, to half
  sycl::int2 big(16777217, -16777217);
  auto bf = big.convert<float, sycl::rounding_mode::rtp>();
  EXPECT_EQ(bf[0], 16777218.0f);
  EXPECT_EQ(bf[1], -16777216.0f);
  auto h = sycl::float2(1.0f + 1.0f / 4096, 65504.0f * 2).convert<sycl::half, sycl::rounding_mode::rtz>();
  EXPECT_EQ(float(h[0]), 1.0f);
  EXPECT_EQ(float(h[1]), 65504.0f);
  auto b = sycl::int2(0, 3).convert<bool>();
  EXPECT_FALSE(b[0]);
  EXPECT_TRUE(b[1]);
}

TEST(Vec, AsReinterprets) {
  sycl::float4 f(1.0f, -2.0f, 0.0f, 0.5f);
  auto i = f.as<sycl::int4>();
  std::int32_t expect;
  std::memcpy(&expect, &f[1], 4);
  EXPECT_EQ(i[1], expect);
  auto c = sycl::int2(0x01020304, 0).as<sycl::uchar8>();
  EXPECT_EQ(c[0], 4);
  auto back = i.as<sycl::float4>();
  EXPECT_EQ(back[3], 0.5f);
}

TEST(Vec, LoadStore) {
  float data[16];
  for (int i = 0; i < 16; ++i) data[i] = float(i);
  sycl::float4 v;
  v.load(2, sycl::address_space_cast<sycl::access::address_space::global_space, sycl::access::decorated::no>(
                static_cast<const float*>(data)));
  EXPECT_EQ(v[0], 8.0f);
  EXPECT_EQ(v[3], 11.0f);
  v.store(0, data);
  EXPECT_EQ(data[0], 8.0f);
  sycl::global_ptr<float> gp(data);
  v.load(3, gp);
  EXPECT_EQ(v[0], 12.0f);
}

TEST(Vec, InKernels) {
  sycl::queue q;
  std::vector<float> out(64);
  {
    sycl::buffer<float> buf(out.data(), sycl::range<1>(64));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor acc(buf, cgh, sycl::write_only);
      cgh.parallel_for(sycl::range<1>(16), [=](sycl::item<1> it) {
        sycl::float4 v{float(it[0])};
        v = v * sycl::float4(1, 2, 3, 4) + sycl::sqrt(v);
        v.store(it[0], acc.get_pointer());
      });
    });
  }
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 4; ++j) EXPECT_FLOAT_EQ(out[4 * i + j], float(i) * float(j + 1) + std::sqrt(float(i)));
}

}  // namespace

// The aliases' plain names after `using namespace sycl;`, as DPC++ programs write them: on
// the CUDA target, CUDA's own global double2, char4, ... must not make them ambiguous
// (docs/gpu.md, vector aliases). Compiling this is most of the test.
namespace vector_names {
using namespace sycl;

double2 twice(double2 v) { return v * 2.0; }

TEST(Vec, AliasNamesAfterUsingNamespaceSycl) {
  queue q;
  std::vector<double> out(2);
  std::vector<int> bytes(4);
  {
    buffer<double> d(out.data(), range<1>(2));
    buffer<int> c(bytes.data(), range<1>(4));
    q.submit([&](handler& cgh) {
      accessor dd(d, cgh, write_only);
      accessor cc(c, cgh, write_only);
      cgh.single_task([=] {
        double2 v{1.5, -2.0};
        char4 k{1, 2, 3, 4};
        float3 f{0.5f, 1.0f, 2.0f};
        v = v * double(f.z());
        dd[0] = v.x();
        dd[1] = v.y();
        for (int i = 0; i < 4; ++i) cc[i] = k[i] * 10;
      });
    });
  }
  EXPECT_EQ(out[0], 3.0);
  EXPECT_EQ(out[1], -4.0);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(bytes[i], (i + 1) * 10);
  EXPECT_EQ(twice(double2{1.0, 2.0}).y(), 4.0);
}
}  // namespace vector_names
