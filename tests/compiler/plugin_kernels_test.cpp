// Kernels in every form the pass plugin widens across work items, or refuses to
// (src/compiler/), each checked against the same computation as a scalar loop on
// the host. With clang 22 these run the plugin's code (the outer-loop vectorizer
// and the lane-pattern rewrite); with any other compiler, the library's item loops.
// Sizes are read at run time (from a volatile), as in real programs, and are not
// multiples of a vector width, so remainders run too.
//
// What holds per target (expect_result): on the CPU the kernels compute bit for bit
// what the scalar loop does (the plugin promises it: it reorders no arithmetic). On
// a GPU, clang contracts a * b + c into one fused multiply-add (one rounding where
// the host loop rounds twice), so sums of products hold within the rounding bound
// of both computations (weft_test::expect_within_rounding); results of additions
// and of exact products (by powers of two) stay bit for bit there too.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <sycl/sycl.hpp>
#include <vector>

#include "../support/test_data.hpp"

#if WEFT_PLUGIN_ITEM_LOOPS
#include <weft/target/cpu/item_loop_report.hpp>  // the plugin's verdict on a kernel's item loops
#endif

namespace {

const auto data = weft_test::random_floats;

volatile std::size_t runtime_size = 0;  // keeps sizes unknown to the compiler

std::size_t at_run_time(std::size_t n) {
  runtime_size = n;
  return runtime_size;
}

void expect_bits_equal(const std::vector<float>& got, const std::vector<float>& want) {
  weft_test::expect_same_bits(got, want, "kernel result");
}

// A result of `terms` multiply-adds per element, whose terms' absolute values add
// up to magnitude[l]: bit for bit on a CPU, within the rounding bound elsewhere.
void expect_result(const sycl::queue& q, const std::vector<float>& got, const std::vector<float>& want,
                   const std::vector<float>& magnitude, std::size_t terms) {
  weft_test::expect_kernel_result(q.get_device().is_cpu(), got, want, magnitude, terms, "kernel result");
}

// Naive matrix product, one item per output, the item's loop over a run-time size:
// uniform loads (a's row), consecutive loads (b's row across items), a store.
TEST(PluginKernels, MatrixProductWithRunTimeInnerLoop) {
  const std::size_t m = at_run_time(37);
  std::vector<float> a = data(m * m, 1), b = data(m * m, 2), c(m * m), want(m * m), magnitude(m * m);
  sycl::queue q;
  {
    sycl::buffer<float, 2> ba(a.data(), sycl::range<2>(m, m)), bb(b.data(), sycl::range<2>(m, m));
    sycl::buffer<float, 2> bc(c.data(), sycl::range<2>(m, m));
    q.submit([&](sycl::handler& h) {
      sycl::accessor A(ba, h, sycl::read_only), B(bb, h, sycl::read_only);
      sycl::accessor C(bc, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<2>(m, m), [=](sycl::id<2> ij) {
        float s = 0;
        for (std::size_t k = 0; k < m; ++k) s += A[ij[0]][k] * B[k][ij[1]];
        C[ij] = s;
      });
    });
  }
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < m; ++j) {
      float s = 0;
      for (std::size_t k = 0; k < m; ++k) s += a[i * m + k] * b[k * m + j];
      want[i * m + j] = s;
      // (its own loop: the reference above must stay the computation the kernel does)
      for (std::size_t k = 0; k < m; ++k) magnitude[i * m + j] += std::fabs(a[i * m + k] * b[k * m + j]);
    }
  expect_result(q, c, want, magnitude, m);
}

// n-body style: every item loops over all bodies (uniform loads), with sqrt, and an
// int index (a truncation and a sign extension between the item id and the address).
TEST(PluginKernels, AllPairsWithIntIndexAndSqrt) {
  const std::size_t n = at_run_time(203);
  const int count = static_cast<int>(n);
  std::vector<float> x = data(n, 3), f(n), want(n), magnitude(n);
  sycl::queue q;
  float* dx = sycl::malloc_shared<float>(n, q);
  float* df = sycl::malloc_shared<float>(n, q);
  std::copy(x.begin(), x.end(), dx);
  q.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it) {
     const int i = static_cast<int>(it.get_id(0));
     float acc = 0;
     for (int j = 0; j < count; ++j) {
       const float d = dx[j] - dx[i];
       acc += d / std::sqrt(d * d + 0.01f);
     }
     df[i] = acc;
   }).wait();
  for (int i = 0; i < count; ++i) {
    float acc = 0;
    for (int j = 0; j < count; ++j) {
      const float d = x[j] - x[i];
      acc += d / std::sqrt(d * d + 0.01f);
    }
    want[i] = acc;
    for (int j = 0; j < count; ++j) {
      const float d = x[j] - x[i];
      magnitude[i] += std::fabs(d / std::sqrt(d * d + 0.01f));
    }
  }
  std::copy(df, df + n, f.begin());
  sycl::free(dx, q);
  sycl::free(df, q);
  expect_result(q, f, want, magnitude, n + 2);  // (each term rounds its own d * d + 0.01f once more)
}

// Strided (float4 as structure of arrays would not be), reversed and offset
// accesses, in a 1-D range with an offset: gathers that must stay gathers, loads
// that run backwards, and an id that does not start at zero.
TEST(PluginKernels, StridedReversedAndOffsetAccesses) {
  const std::size_t n = at_run_time(301), reps = at_run_time(3);
  std::vector<float> in = data(4 * (n + 5) + 8, 4), out(n + 5), want(n + 5), magnitude(n + 5);
  sycl::queue q;
  {
    sycl::buffer<float> bi(in.data(), sycl::range<1>(in.size())), bo(out.data(), sycl::range<1>(out.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor I(bi, h, sycl::read_only);
      sycl::accessor O(bo, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), sycl::id<1>(5), [=](sycl::item<1> it) {
        const std::size_t i = it.get_id(0);
        float s = 0;
        for (std::size_t r = 0; r < reps; ++r) s += I[4 * i + r] - I[4 * n + 7 - i] * float(r + 1);
        O[i] = s;
      });
    });
  }
  for (std::size_t i = 5; i < n + 5; ++i) {
    float s = 0;
    for (std::size_t r = 0; r < reps; ++r) s += in[4 * i + r] - in[4 * n + 7 - i] * float(r + 1);
    want[i] = s;
    for (std::size_t r = 0; r < reps; ++r)
      magnitude[i] += std::fabs(in[4 * i + r]) + std::fabs(in[4 * n + 7 - i] * float(r + 1));
  }
  expect_result(q, out, want, magnitude, 2 * reps);
}

// A 3-D range whose items loop a run-time number of times and branch on a value
// the same for all of them, then on their own id (the plugin refuses the second
// form: its items run one by one, still right). Bit for bit on every target: the
// products are by powers of two, exact, so a fused multiply-add rounds as the loop.
TEST(PluginKernels, ThreeDimensionsUniformAndDivergentBranches) {
  const std::size_t d0 = at_run_time(3), d1 = at_run_time(5), d2 = at_run_time(19), steps = at_run_time(6);
  const bool flip = runtime_size % 2 == 0;
  std::vector<float> out(d0 * d1 * d2), want(out.size()), div(out.size()), want_div(out.size());
  sycl::queue q;
  {
    sycl::buffer<float, 3> bo(out.data(), sycl::range<3>(d0, d1, d2)), bd(div.data(), sycl::range<3>(d0, d1, d2));
    q.submit([&](sycl::handler& h) {
      sycl::accessor O(bo, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<3>(d0, d1, d2), [=](sycl::id<3> i) {
        float v = float(i[0] * 100 + i[1] * 10) + float(i[2]);
        for (std::size_t s = 0; s < steps; ++s) v = flip ? v * 0.5f + 1.0f : v * 0.25f - 1.0f;
        O[i] = v;
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor D(bd, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<3>(d0, d1, d2), [=](sycl::id<3> i) {
        float v = float(i[2]);
        for (std::size_t s = 0; s < steps; ++s)
          if (i[2] % 3 == 0) v += float(s);
        D[i] = v;
      });
    });
  }
  for (std::size_t i = 0; i < d0; ++i)
    for (std::size_t j = 0; j < d1; ++j)
      for (std::size_t k = 0; k < d2; ++k) {
        float v = float(i * 100 + j * 10) + float(k);
        for (std::size_t s = 0; s < steps; ++s) v = flip ? v * 0.5f + 1.0f : v * 0.25f - 1.0f;
        want[(i * d1 + j) * d2 + k] = v;
        float w = float(k);
        for (std::size_t s = 0; s < steps; ++s)
          if (k % 3 == 0) w += float(s);
        want_div[(i * d1 + j) * d2 + k] = w;
      }
  expect_bits_equal(out, want);
  expect_bits_equal(div, want_div);
}

// Items whose loop runs a different number of times per item (triangular: refused
// by the plugin) and that update an atomic counter in a loop of their own (the
// updates combined, weft-atomic-combine): right (additions only: bit for bit on
// every target).
TEST(PluginKernels, TriangularLoopsAndAnAtomicCounterRight) {
  const std::size_t n = at_run_time(150);
  sycl::queue q;
  std::vector<float> in = data(n, 5), tri(n), want(n);
  unsigned* counter = sycl::malloc_shared<unsigned>(1, q);
  *counter = 0;
  {
    sycl::buffer<float> bi(in.data(), sycl::range<1>(n)), bt(tri.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor I(bi, h, sycl::read_only);
      sycl::accessor T(bt, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        float s = 0;
        for (std::size_t k = 0; k <= i[0]; ++k) s += I[k];
        T[i] = s;
        sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::device> c(*counter);
        for (std::size_t k = 0; k < n % 7; ++k) c.fetch_add(1u);
      });
    });
  }
  for (std::size_t i = 0; i < n; ++i) {
    float s = 0;
    for (std::size_t k = 0; k <= i; ++k) s += in[k];
    want[i] = s;
  }
  expect_bits_equal(tri, want);
  EXPECT_EQ(*counter, n * (n % 7));
  sycl::free(counter, q);
}

// Bounds guards around the item's loop (weft-item-loop-select versions the item loop:
// a chunk whose items all pass runs widened, one that straddles the bound runs the
// items one by one): an unsigned `gid < m` true for most items, a signed border test
// `i > 0 && i < n - 1` with an int index, and a 2-D range guarded on its column.
TEST(PluginKernels, BoundsGuardsAroundTheItemLoop) {
  const std::size_t n = at_run_time(1000), m = at_run_time(777), steps = at_run_time(37);
  const int count = static_cast<int>(n);
  std::vector<float> x = data(n, 11), lower(n), border(n), want_lower(n), want_border(n), lower_magnitude(n),
                     border_magnitude(n);
  sycl::queue q;
  {
    sycl::buffer<float> bx(x.data(), sycl::range<1>(n)), bl(lower.data(), sycl::range<1>(n)),
        bb(border.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor X(bx, h, sycl::read_only);
      sycl::accessor L(bl, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> idx) {
        const std::size_t gid = idx[0];
        float s = 0.0f;
        if (gid < m)
          for (std::size_t k = 0; k < steps; ++k) s += X[gid] * X[k] - 1.0f;
        L[gid] = s;
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor X(bx, h, sycl::read_only);
      sycl::accessor B(bb, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> idx) {
        const int i = static_cast<int>(idx[0]);
        float s = X[i];
        if (i > 0 && i < count - 1)
          for (std::size_t k = 0; k < steps; ++k) s = s * 0.5f + X[i - 1] - X[i + 1] * float(k);
        B[i] = s;
      });
    });
  }
  for (std::size_t gid = 0; gid < n; ++gid) {
    float s = 0.0f;
    if (gid < m)
      for (std::size_t k = 0; k < steps; ++k) s += x[gid] * x[k] - 1.0f;
    want_lower[gid] = s;
    const int i = static_cast<int>(gid);
    float t = x[i];
    if (i > 0 && i < count - 1)
      for (std::size_t k = 0; k < steps; ++k) t = t * 0.5f + x[i - 1] - x[i + 1] * float(k);
    want_border[gid] = t;
  }
  // (The bounds in loops of their own: inside the reference loops they change how the
  // compiler rounds the references.)
  for (std::size_t gid = 0; gid < n; ++gid) {
    const int i = static_cast<int>(gid);
    if (gid < m)
      for (std::size_t k = 0; k < steps; ++k) lower_magnitude[gid] += std::fabs(x[gid] * x[k]) + 1.0f;
    float t = x[i];
    if (i > 0 && i < count - 1)
      for (std::size_t k = 0; k < steps; ++k) {
        border_magnitude[gid] += std::fabs(t * 0.5f) + std::fabs(x[i - 1]) + std::fabs(x[i + 1] * float(k));
        t = t * 0.5f + x[i - 1] - x[i + 1] * float(k);
      }
  }
  expect_result(q, lower, want_lower, lower_magnitude, 2 * steps);
  expect_result(q, border, want_border, border_magnitude, 2 * steps + 1);

  const std::size_t rows = at_run_time(9), cols = at_run_time(203), width = at_run_time(150);
  std::vector<float> grid(rows * cols), want_grid(rows * cols), grid_magnitude(rows * cols);
  {
    sycl::buffer<float, 2> bg(grid.data(), sycl::range<2>(rows, cols));
    sycl::buffer<float> bx(x.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor G(bg, h, sycl::write_only, sycl::no_init);
      sycl::accessor X(bx, h, sycl::read_only);
      h.parallel_for(sycl::range<2>(rows, cols), [=](sycl::id<2> ij) {
        float s = float(ij[0]);
        if (ij[1] < width)
          for (std::size_t k = 0; k < steps; ++k) s += X[ij[1] + k] * X[ij[0] + k];
        G[ij] = s;
      });
    });
  }
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) {
      float s = float(i);
      if (j < width)
        for (std::size_t k = 0; k < steps; ++k) s += x[j + k] * x[i + k];
      want_grid[i * cols + j] = s;
    }
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < cols; ++j) {
      float magnitude = float(i);
      for (std::size_t k = 0; j < width && k < steps; ++k) magnitude += std::fabs(x[j + k] * x[i + k]);
      grid_magnitude[i * cols + j] = magnitude;
    }
  expect_result(q, grid, want_grid, grid_magnitude, steps);
}

// Each item walks its own row (polybench mvt): widened with gathers where the target's
// gathers are fast, left scalar where they are slow (item_loop_rows.ll); right either way.
TEST(PluginKernels, RowPerItem) {
  const std::size_t n = at_run_time(133);
  std::vector<float> a = data(n * n, 12), y = data(n, 13), x(n), want(n), magnitude(n);
  sycl::queue q;
  {
    sycl::buffer<float, 2> ba(a.data(), sycl::range<2>(n, n));
    sycl::buffer<float> by(y.data(), sycl::range<1>(n)), bx(x.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor A(ba, h, sycl::read_only);
      sycl::accessor Y(by, h, sycl::read_only);
      sycl::accessor X(bx, h, sycl::write_only, sycl::no_init);
      h.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it) {
        const std::size_t i = it[0];
        float s = 0.0f;
        for (std::size_t j = 0; j < n; j++) s += A[{i, j}] * Y[j];
        X[i] = s;
      });
    });
  }
  for (std::size_t i = 0; i < n; ++i) {
    float s = 0.0f;
    for (std::size_t j = 0; j < n; ++j) s += a[i * n + j] * y[j];
    want[i] = s;
  }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) magnitude[i] += std::fabs(a[i * n + j] * y[j]);
  expect_result(q, x, want, magnitude, n);
}

// polybench syr2k's item: its own element accumulated over two rows of A and B read at
// a run-time column offset (the row addresses `row + (off + k)`, which weft-invariant-bases
// starts from a base computed before the loop inside the item). A's elements are powers of
// two, so every product is exact and the sums hold bit for bit on every target.
TEST(PluginKernels, TwoRowsAtAnOffsetIntoTheItemsOwnElement) {
  const std::size_t n = at_run_time(37), m = at_run_time(45), off = at_run_time(3);
  const std::size_t ld = m + off;
  std::vector<float> a(n * ld), b = data(n * ld, 62), c = data(n * n, 63);
  for (std::size_t e = 0; e < a.size(); ++e) a[e] = std::ldexp(1.0f, int(e % 7) - 3);
  std::vector<float> want = c;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t k = 0; k < m; ++k)
        want[i * n + j] += a[i * ld + off + k] * b[j * ld + off + k] + b[i * ld + off + k] * a[j * ld + off + k];
  sycl::queue q;
  {
    sycl::buffer<float, 2> ba(a.data(), sycl::range<2>(n, ld)), bb(b.data(), sycl::range<2>(n, ld));
    sycl::buffer<float, 2> bc(c.data(), sycl::range<2>(n, n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor A(ba, h, sycl::read_only), B(bb, h, sycl::read_only);
      sycl::accessor C(bc, h, sycl::read_write);
      h.parallel_for(sycl::range<2>(n, n), [=](sycl::item<2> it) {
        const std::size_t i = it[0], j = it[1];
        for (std::size_t k = 0; k < m; ++k)
          C[it] += A[{i, off + k}] * B[{j, off + k}] + B[{i, off + k}] * A[{j, off + k}];
      });
    });
  }
  expect_bits_equal(c, want);
}

// Polybench correlation's triangle: item j1 runs `j2` from j1 + 1 to M, a loop that
// starts where the item does (weft-item-loop-select starts it with the first item's
// start, its earlier iterations under masks), and `i` from 1 to N inside it. Every
// product is exact (small integers), so the sums are bit for bit the host loop's.
TEST(PluginKernels, TriangleFromTheItemsOwnColumn) {
  const std::size_t m = at_run_time(61), n = at_run_time(29);
  std::vector<float> cols((n + 1) * (m + 1)), symmat = data((m + 1) * (m + 1), 64);
  for (std::size_t e = 0; e < cols.size(); ++e) cols[e] = float(e % 13) - 6.0f;
  std::vector<float> want = symmat;
  for (std::size_t j1 = 1; j1 <= m; ++j1) {
    want[j1 * (m + 1) + j1] = 1.0f;
    for (std::size_t j2 = j1 + 1; j2 <= m; ++j2) {
      float sum = 0.0f;
      for (std::size_t i = 1; i <= n; ++i) sum += cols[i * (m + 1) + j1] * cols[i * (m + 1) + j2];
      want[j1 * (m + 1) + j2] = want[j2 * (m + 1) + j1] = sum;
    }
  }
  sycl::queue q;
  {
    sycl::buffer<float, 2> bd(cols.data(), sycl::range<2>(n + 1, m + 1));
    sycl::buffer<float, 2> bs(symmat.data(), sycl::range<2>(m + 1, m + 1));
    q.submit([&](sycl::handler& h) {
      sycl::accessor D(bd, h, sycl::read_only);
      sycl::accessor S(bs, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(m), [=](sycl::id<1> gid) {
        const std::size_t j1 = gid[0] + 1;
        S[{j1, j1}] = 1.0f;
        for (std::size_t j2 = j1 + 1; j2 <= m; j2++) {
          S[{j1, j2}] = 0.0f;
          for (std::size_t i = 1; i <= n; i++) S[{j1, j2}] += D[{i, j1}] * D[{i, j2}];
          S[{j2, j1}] = S[{j1, j2}];
        }
      });
    });
  }
  expect_bits_equal(symmat, want);
}

// A 3x3 convolution whose items skip the image's border (`x > 0 && x < w - 1 && ...`,
// the stencils' border test) with the filter's size read at run time.
TEST(PluginKernels, ConvolutionWithBorderTest) {
  const std::size_t h = at_run_time(37), w = at_run_time(211), taps = at_run_time(3);
  const std::vector<float> in = data(h * w, 14), filter = data(taps * taps, 15);
  std::vector<float> out(h * w), want(h * w), magnitude(h * w);
  sycl::queue q;
  {
    sycl::buffer<float, 2> bi(in.data(), sycl::range<2>(h, w)), bo(out.data(), sycl::range<2>(h, w));
    sycl::buffer<float> bf(filter.data(), sycl::range<1>(taps * taps));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor I(bi, cgh, sycl::read_only);
      sycl::accessor F(bf, cgh, sycl::read_only);
      sycl::accessor O(bo, cgh, sycl::write_only, sycl::no_init);
      cgh.parallel_for(sycl::range<2>(h, w), [=](sycl::item<2> it) {
        const int y = static_cast<int>(it[0]), x = static_cast<int>(it[1]);
        const int height = static_cast<int>(h), width = static_cast<int>(w);
        float sum = 0.0f;
        if (x > 0 && x < width - 1 && y > 0 && y < height - 1)
          for (std::size_t fy = 0; fy < taps; ++fy)
            for (std::size_t fx = 0; fx < taps; ++fx)
              sum += I[std::size_t(y - 1) + fy][std::size_t(x - 1) + fx] * F[fy * taps + fx];
        O[it] = sum;
      });
    });
  }
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      float sum = 0.0f;
      if (x > 0 && x < w - 1 && y > 0 && y < h - 1)
        for (std::size_t fy = 0; fy < taps; ++fy)
          for (std::size_t fx = 0; fx < taps; ++fx) sum += in[(y - 1 + fy) * w + (x - 1 + fx)] * filter[fy * taps + fx];
      want[y * w + x] = sum;
    }
  for (std::size_t y = 1; y + 1 < h; ++y)
    for (std::size_t x = 1; x + 1 < w; ++x)
      for (std::size_t fy = 0; fy < taps; ++fy)
        for (std::size_t fx = 0; fx < taps; ++fx)
          magnitude[y * w + x] += std::fabs(in[(y - 1 + fy) * w + (x - 1 + fx)] * filter[fy * taps + fx]);
  expect_result(q, out, want, magnitude, taps * taps);
}

// SYCL-Bench's spec_constant_convolution with constant coefficients: each tap outside
// the image is skipped (`continue`) inside the item's loop, on unsigned ids (the test
// `x + j >= w` for j = -1 wraps at x = 0); and a border test `x > 0 && ...` on size_t
// ids, which the compiler writes `x != 0`. The second is versioned: the items of a row
// between its border items run widened, the border items one by one before and after
// them. The first stays one by one in this form (a remark says why; item_loop_guards.ll
// has the versioned shape); both compute what the host loop does.
TEST(PluginKernels, BorderTapsSkippedInsideTheItemLoop) {
  const std::size_t h = at_run_time(23), w = at_run_time(157), rounds = at_run_time(5);
  const std::vector<float> in = data(h * w, 16);
  std::vector<float> taps(h * w), inner(h * w), want_taps(h * w), want_inner(h * w), magnitude(h * w),
      inner_magnitude(h * w);
  sycl::queue q;
  {
    sycl::buffer<float, 2> bi(in.data(), sycl::range<2>(h, w)), bt(taps.data(), sycl::range<2>(h, w)),
        bn(inner.data(), sycl::range<2>(h, w));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor I(bi, cgh, sycl::read_only);
      sycl::accessor T(bt, cgh, sycl::write_only, sycl::no_init);
      cgh.parallel_for(sycl::range<2>(h, w), [=](sycl::item<2> it) {
        const float coeff[3][3] = {{0, 2, 0}, {2, 4, 2}, {0, 2, 0}};
        float acc = 0.0f;
        for (std::size_t k = 0; k < rounds; ++k)
          for (int i = -1; i <= 1; i++) {
            if (it[0] + i >= h) continue;  // (wraps below row 0)
            for (int j = -1; j <= 1; j++) {
              if (it[1] + j >= w) continue;
              acc += coeff[i + 1][j + 1] * I[it[0] + i][it[1] + j];
            }
          }
        T[it] = acc;
      });
    });
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor I(bi, cgh, sycl::read_only);
      sycl::accessor N(bn, cgh, sycl::write_only, sycl::no_init);
      cgh.parallel_for(sycl::range<2>(h, w), [=](sycl::id<2> id) {
        const std::size_t y = id[0], x = id[1];
        if (x > 0 && x < w - 1 && y > 0 && y < h - 1) {
          float s = 0.0f;
          for (std::size_t k = 0; k < rounds; ++k) s = s * 0.5f + I[y][x - 1] - I[y - 1][x + 1] * float(k);
          N[id] = s;
        } else {
          N[id] = I[id];
        }
      });
    });
  }
  const float coeff[3][3] = {{0, 2, 0}, {2, 4, 2}, {0, 2, 0}};
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      float acc = 0.0f;
      for (std::size_t k = 0; k < rounds; ++k)
        for (int i = -1; i <= 1; i++)
          for (int j = -1; j <= 1; j++)
            if (y + i < h && x + j < w) acc += coeff[i + 1][j + 1] * in[(y + i) * w + x + j];
      want_taps[y * w + x] = acc;
      float s = in[y * w + x];
      if (x > 0 && x < w - 1 && y > 0 && y < h - 1) {
        s = 0.0f;
        for (std::size_t k = 0; k < rounds; ++k) s = s * 0.5f + in[y * w + x - 1] - in[(y - 1) * w + x + 1] * float(k);
      }
      want_inner[y * w + x] = s;
    }
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      for (int i = -1; i <= 1; i++)
        for (int j = -1; j <= 1; j++)
          if (y + i < h && x + j < w)
            magnitude[y * w + x] += rounds * std::fabs(coeff[i + 1][j + 1] * in[(y + i) * w + x + j]);
      inner_magnitude[y * w + x] = std::fabs(in[y * w + x]);
      if (x > 0 && x < w - 1 && y > 0 && y < h - 1)
        for (std::size_t k = 0; k < rounds; ++k)
          inner_magnitude[y * w + x] += std::fabs(in[y * w + x - 1]) + std::fabs(in[(y - 1) * w + x + 1] * float(k));
    }
  expect_result(q, taps, want_taps, magnitude, 9 * rounds);
  expect_result(q, inner, want_inner, inner_magnitude, 2 * rounds);
}

// The host's 3x3 convolution of spec_constant_convolution (`rounds` times over the taps
// inside the image, divided by 5 * rounds) and each result's magnitude (expect_result).
void border_taps_on_host(const std::vector<float>& in, std::size_t h, std::size_t w, const float (&coeff)[3][3],
                         int rounds, std::vector<float>& want, std::vector<float>& magnitude) {
  for (std::size_t y = 0; y < h; ++y)
    for (std::size_t x = 0; x < w; ++x) {
      float acc = 0.0f;
      for (int k = 0; k < rounds; ++k)
        for (int i = -1; i <= 1; i++)
          for (int j = -1; j <= 1; j++)
            if (y + i < h && x + j < w) acc += coeff[i + 1][j + 1] * in[(y + i) * w + x + j];
      want[y * w + x] = acc / (5.0f * rounds);
      for (int i = -1; i <= 1; i++)
        for (int j = -1; j <= 1; j++)
          if (y + i < h && x + j < w)
            magnitude[y * w + x] += rounds * std::fabs(coeff[i + 1][j + 1] * in[(y + i) * w + x + j]);
      magnitude[y * w + x] /= 5.0f * rounds;
    }
}

// With the plugin (a verdict was recorded): the kernel's item loop was widened across items.
void expect_across_items(const char* const* verdict) {
  if (!verdict) return;
  ASSERT_NE(*verdict, nullptr);
  EXPECT_EQ(std::strncmp(*verdict, "across", 6), 0) << *verdict;
}

// The taps' result against border_taps_on_host with coefficients c (row-major), and
// the plugin's verdict.
void expect_border_taps(const sycl::queue& q, const std::vector<float>& in, std::size_t h, std::size_t w,
                        const std::vector<float>& c, int rounds, const std::vector<float>& out,
                        const char* const* verdict) {
  const float coeff[3][3] = {{c[0], c[1], c[2]}, {c[3], c[4], c[5]}, {c[6], c[7], c[8]}};
  std::vector<float> want(h * w), magnitude(h * w);
  border_taps_on_host(in, h, w, coeff, rounds, want, magnitude);
  expect_result(q, out, want, magnitude, 9 * rounds + 1);
  expect_across_items(verdict);
}

// SYCL-Bench's spec_constant_convolution as written: the taps at the border skipped
// on the accessors' ranges (`it[1] + j >= out.get_range()[1]`), which the item reads
// from the kernel's copy (the copy's address went to the accessors' copy
// constructors, so LLVM keeps those reads in the item loop). The plugin moves the
// reads before the loop (weft-item-loop-select, item_loop_read_bounds.ll) and versions
// the loop on the tests: the items between a row's border items run widened.
TEST(PluginKernels, BorderTapsBoundedByTheAccessorsRanges) {
  constexpr int rounds = 4;
  const std::size_t h = at_run_time(21), w = at_run_time(173);
  const std::vector<float> in = data(h * w, 17);
  std::vector<float> out(h * w), want(h * w), magnitude(h * w);
  const char* const* verdict = nullptr;
  sycl::queue q;
  {
    sycl::buffer<float, 2> bi(in.data(), sycl::range<2>(h, w)), bo(out.data(), sycl::range<2>(h, w));
    q.submit([&](sycl::handler& cgh) {
      auto I = bi.get_access<sycl::access::mode::read>(cgh);
      auto O = bo.get_access<sycl::access::mode::write>(cgh);
      auto kernel = [=](sycl::item<2> it) {
        const float coeff[3][3] = {{0, 2, 0}, {2, 2, 2}, {0, 2, 0}};
        float acc = 0.0f;
        for (int k = 0; k < rounds; ++k)
          for (int i = -1; i <= 1; i++) {
            if (it[0] + i >= I.get_range()[0]) continue;  // (wraps below row 0)
            for (int j = -1; j <= 1; j++) {
              if (it[1] + j >= O.get_range()[1]) continue;
              acc += coeff[i + 1][j + 1] * I[it[0] + i][it[1] + j];
            }
          }
        O[it] = acc / (5.0f * rounds);
      };
#if WEFT_PLUGIN_ITEM_LOOPS
      verdict = &weft::cpu::item_loop_verdict<decltype(kernel)>::value;
#endif
      cgh.parallel_for(I.get_range(), kernel);
    });
  }
  const float coeff[3][3] = {{0, 2, 0}, {2, 2, 2}, {0, 2, 0}};
  border_taps_on_host(in, h, w, coeff, rounds, want, magnitude);
  expect_result(q, out, want, magnitude, 9 * rounds + 1);
  expect_across_items(verdict);
}

}  // namespace

// SYCL-Bench's spec_constant_convolution with coefficients from the kernel's
// arguments (DynamicValue): each item copies the captured array (a memcpy into an
// array of its own, which its loop over the rows from -1 indexes) before the taps.
// The plugin moves the copy before the item loop (the source is the same for all
// items), counts the row loop from 0 and versions the item loop on the taps' tests
// (weft-item-loop-select, item_loop_private_copy.ll): widened where the tests pass.
TEST(PluginKernels, CoefficientsCopiedIntoEachItem) {
  using coeff_t = std::array<std::array<float, 3>, 3>;
  constexpr int rounds = 3;
  const std::size_t h = at_run_time(19), w = at_run_time(171);
  const std::vector<float> in = data(h * w, 23), signs = data(9, 29);
  // Powers of two (signs from the data): exact products, so a compiler that contracts
  // `acc += c * x` into a fused multiply-add in one loop and not in the other (g++ does)
  // still computes the same bits.
  std::vector<float> c(9);
  for (int k = 0; k < 9; ++k) c[k] = std::copysign(std::ldexp(1.0f, k % 5 - 2), signs[k]);
  const coeff_t coefficients{{{c[0], c[1], c[2]}, {c[3], c[4], c[5]}, {c[6], c[7], c[8]}}};
  std::vector<float> out(h * w);
  const char* const* verdict = nullptr;
  sycl::queue q;
  sycl::buffer<float, 2> image(in.data(), sycl::range<2>(h, w));
  {
    sycl::buffer<float, 2> result(out.data(), sycl::range<2>(h, w));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor I{image, cgh, sycl::read_only};
      sycl::accessor O{result, cgh, sycl::write_only, sycl::no_init};
      auto kernel = [=](sycl::item<2> it) {
        coeff_t coeff;
        coeff = coefficients;  // (a memcpy of the captured array in every item)
        float acc = 0.0f;
        for (int k = 0; k < rounds; ++k)
          for (int i = -1; i <= 1; i++) {
            const std::size_t y = it[0] + i;  // (wraps below row 0)
            if (y >= I.get_range()[0]) continue;
            for (int j = -1; j <= 1; j++) {
              const std::size_t x = it[1] + j;
              if (x < O.get_range()[1]) acc += coeff[i + 1][j + 1] * I[y][x];
            }
          }
        O[it] = acc / (5.0f * rounds);
      };
#if WEFT_PLUGIN_ITEM_LOOPS
      verdict = &weft::cpu::item_loop_verdict<decltype(kernel)>::value;
#endif
      cgh.parallel_for(I.get_range(), kernel);
    });
  }
  expect_border_taps(q, in, h, w, c, rounds, out, verdict);
}

// The same taps read as specialization constants (SpecConstValue): the coefficients
// set on the handler, the divisor left at its default. Each read is a lookup in the
// command group's values, which the compiler makes once per launch (the lookup is
// declared const, kernel_extras.hpp), so the item copies the same bytes in every item
// and the plugin widens it as above.
using taps_t = std::array<std::array<float, 3>, 3>;
constexpr sycl::specialization_id<taps_t> taps_id;
constexpr sycl::specialization_id<float> divisor_id(5.0f);

TEST(PluginKernels, SpecializationConstantsReadOncePerLaunch) {
  constexpr int rounds = 3;
  const std::size_t h = at_run_time(17), w = at_run_time(163);
  const std::vector<float> in = data(h * w, 31), signs = data(9, 37);
  std::vector<float> c(9);
  for (int k = 0; k < 9; ++k) c[k] = std::copysign(std::ldexp(1.0f, k % 4 - 1), signs[k]);  // exact products
  std::vector<float> out(h * w);
  const char* const* verdict = nullptr;
  sycl::queue q;
  {
    sycl::buffer<float, 2> bi(in.data(), sycl::range<2>(h, w)), bo(out.data(), sycl::range<2>(h, w));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor I{bi, cgh, sycl::read_only};
      sycl::accessor O{bo, cgh, sycl::write_only, sycl::no_init};
      cgh.set_specialization_constant<taps_id>(taps_t{{{c[0], c[1], c[2]}, {c[3], c[4], c[5]}, {c[6], c[7], c[8]}}});
      auto kernel = [=](sycl::item<2> it, sycl::kernel_handler kh) {
        const taps_t coeff = kh.get_specialization_constant<taps_id>();
        const float divisor = kh.get_specialization_constant<divisor_id>();
        float acc = 0.0f;
        for (int k = 0; k < rounds; ++k)
          for (int i = -1; i <= 1; i++) {
            const std::size_t y = it[0] + i;
            if (y >= I.get_range()[0]) continue;
            for (int j = -1; j <= 1; j++) {
              const std::size_t x = it[1] + j;
              if (x < O.get_range()[1]) acc += coeff[i + 1][j + 1] * I[y][x];
            }
          }
        O[it] = acc / (divisor * rounds);
      };
#if WEFT_PLUGIN_ITEM_LOOPS
      verdict = &weft::cpu::item_loop_verdict<weft::sycl::detail::kernel_adapter<decltype(kernel), true, false>>::value;
#endif
      cgh.parallel_for(I.get_range(), kernel);
    });
  }
  expect_border_taps(q, in, h, w, c, rounds, out, verdict);
}

// An item accumulating a vec<float, 3> over a captured count (n-body's all-pairs
// shape without the self test): the vector's padding lane reaches the item loop as
// phis that carry nothing, and the count is read from the kernel's copy in every
// item; the plugin removes the phis and moves the read before the loop
// (item_loop_idle_phis.ll), and widens the loop.
TEST(PluginKernels, Vec3AccumulatedOverACapturedCount) {
  const std::size_t n = at_run_time(157);
  const std::vector<float> x = data(3 * n, 41), signs = data(n, 43);
  std::vector<float> w(n);  // powers of two: exact products, whether a compiler fuses the add or not
  for (std::size_t i = 0; i < n; ++i) w[i] = std::copysign(std::ldexp(1.0f, int(i % 5) - 2), signs[i]);
  std::vector<float> out(3 * n), want(3 * n), magnitude(3 * n);
  const char* const* verdict = nullptr;
  sycl::queue q;
  {
    sycl::buffer<float> bx(x.data(), sycl::range<1>(3 * n)), bw(w.data(), sycl::range<1>(n));
    sycl::buffer<sycl::float3> bo{sycl::range<1>(n)};
    q.submit([&](sycl::handler& h) {
      sycl::accessor X(bx, h, sycl::read_only), W(bw, h, sycl::read_only);
      sycl::accessor O(bo, h, sycl::write_only, sycl::no_init);
      auto kernel = [=](sycl::id<1> id) {
        const std::size_t j = id[0];
        const sycl::float3 mine{X[3 * j], X[3 * j + 1], X[3 * j + 2]};
        sycl::float3 acc{0.0f};
        for (std::size_t i = 0; i < n; ++i) acc += (sycl::float3{X[3 * i], X[3 * i + 1], X[3 * i + 2]} - mine) * W[i];
        O[id] = acc;
      };
#if WEFT_PLUGIN_ITEM_LOOPS
      verdict = &weft::cpu::item_loop_verdict<decltype(kernel)>::value;
#endif
      h.parallel_for(sycl::range<1>(n), kernel);
    });
    sycl::host_accessor result(bo, sycl::read_only);
    for (std::size_t j = 0; j < n; ++j)
      for (int c = 0; c < 3; ++c) out[3 * j + c] = result[j][c];
  }
  for (std::size_t j = 0; j < n; ++j)
    for (int c = 0; c < 3; ++c) {
      float acc = 0.0f;
      for (std::size_t i = 0; i < n; ++i) {
        acc += (x[3 * i + c] - x[3 * j + c]) * w[i];
        magnitude[3 * j + c] += std::fabs((x[3 * i + c] - x[3 * j + c]) * w[i]);
      }
      want[3 * j + c] = acc;
    }
  expect_result(q, out, want, magnitude, n);
  expect_across_items(verdict);
}

// n-body's self test inside the item's loop (`if (i != j)`), its loads guarded: the
// branch becomes a mask (item_predication.hpp), the items widened; bit for bit.
TEST(PluginKernels, SelfTestInsideTheItemsLoopAsMasks) {
  const std::size_t n = at_run_time(149);
  const std::vector<float> x = data(n, 47);
  std::vector<float> w(n);  // powers of two: exact products, whether a compiler fuses the add or not
  for (std::size_t i = 0; i < n; ++i) w[i] = std::ldexp(1.0f, int(i % 7) - 3);
  std::vector<float> out(n), want(n), magnitude(n);
  const char* const* verdict = nullptr;
  sycl::queue q;
  {
    sycl::buffer<float> bx(x.data(), sycl::range<1>(n)), bw(w.data(), sycl::range<1>(n)),
        bo(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor X(bx, h, sycl::read_only), W(bw, h, sycl::read_only);
      sycl::accessor O(bo, h, sycl::write_only, sycl::no_init);
      auto kernel = [=](sycl::id<1> id) {
        const std::size_t j = id[0];
        float acc = 0.0f;
        for (std::size_t i = 0; i < n; ++i)
          if (i != j) acc += (X[i] - X[j]) * W[i];
        O[id] = acc;
      };
#if WEFT_PLUGIN_ITEM_LOOPS
      verdict = &weft::cpu::item_loop_verdict<decltype(kernel)>::value;
#endif
      h.parallel_for(sycl::range<1>(n), kernel);
    });
  }
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t i = 0; i < n; ++i)
      if (i != j) {
        want[j] += (x[i] - x[j]) * w[i];
        magnitude[j] += std::fabs((x[i] - x[j]) * w[i]);
      }
  expect_result(q, out, want, magnitude, n);
  expect_across_items(verdict);
}

// Each item adds into its own element of memory in the loop inside it (gemm's
// `C[item] += A[i][k] * B[k][j]`): the plugin keeps the element in a register across
// the loop behind a run-time test that the loop's other accesses miss it
// (item_loop_accumulators.hpp). The same kernel runs twice: once with its arrays
// apart, and once with `b` overlapping the items' elements, where the item's last
// term reads its own running sum through `b` (no two items share an element); the
// test fails there, and the items run as written. Bit for bit both times (powers of
// two: exact products).
TEST(PluginKernels, AccumulatorInTheItemsOwnElement) {
  const std::size_t n = at_run_time(133), m = at_run_time(29);
  sycl::queue q;
  float* u = sycl::malloc_shared<float>((m + 1) * n, q);
  float* a = sycl::malloc_shared<float>(m, q);
  for (std::size_t k = 0; k < m; ++k) a[k] = std::ldexp(1.0f, int(k % 5) - 3);
  const std::vector<float> init = data((m + 1) * n, 53);
  const char* const* verdict = nullptr;
  auto run = [&](float* c, const float* b) {
    auto kernel = [=](sycl::id<1> id) {
      const std::size_t j = id[0];
      for (std::size_t k = 0; k < m; ++k) c[j] += a[k] * b[k * n + j];
    };
#if WEFT_PLUGIN_ITEM_LOOPS
    verdict = &weft::cpu::item_loop_verdict<decltype(kernel)>::value;
#endif
    q.parallel_for(sycl::range<1>(n), kernel).wait();
  };
  for (const bool overlap : {false, true}) {
    std::copy(init.begin(), init.end(), u);
    // Apart: c the last row, b the rows before it. Overlapping: b from the start, so
    // b[(m - 1) * n + j] is c[j].
    float* c = u + m * n;
    const float* b = overlap ? u + n : u;
    std::vector<float> want(n), got(n);
    for (std::size_t j = 0; j < n; ++j) {
      float acc = c[j];
      for (std::size_t k = 0; k < m; ++k) acc += a[k] * (overlap && k == m - 1 ? acc : b[k * n + j]);
      want[j] = acc;
    }
    run(c, b);
    std::copy(c, c + n, got.begin());
    SCOPED_TRACE(overlap ? "b overlapping the items' elements" : "arrays apart");
    expect_bits_equal(got, want);
  }
  sycl::free(u, q);
  sycl::free(a, q);
  expect_across_items(verdict);
}

// A division the item's loop guards (`if (d != 0) acc += j / d`): where the branch does
// not go, the mask divides by 1 (no trap); the else side's value is merged by a select.
TEST(PluginKernels, GuardedDivisionInsideTheItemsLoopAsMasks) {
  const std::size_t n = at_run_time(131), m = at_run_time(23);
  std::vector<int> d(m), out(n);
  for (std::size_t i = 0; i < m; ++i) d[i] = int(i % 5) - 2;  // zeros among them
  const char* const* verdict = nullptr;
  sycl::queue q;
  {
    sycl::buffer<int> bd(d.data(), sycl::range<1>(m)), bo(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor D(bd, h, sycl::read_only);
      sycl::accessor O(bo, h, sycl::write_only, sycl::no_init);
      auto kernel = [=](sycl::id<1> id) {
        const int j = int(id[0]) + 1000;
        int acc = 0;
        for (std::size_t i = 0; i < m; ++i) {
          const int divisor = D[i];
          if (divisor != 0) acc += j / divisor;
          else acc -= j % 7;
        }
        O[id] = acc;
      };
#if WEFT_PLUGIN_ITEM_LOOPS
      verdict = &weft::cpu::item_loop_verdict<decltype(kernel)>::value;
#endif
      h.parallel_for(sycl::range<1>(n), kernel);
    });
  }
  for (std::size_t k = 0; k < n; ++k) {
    const int j = int(k) + 1000;
    int want = 0;
    for (int divisor : d) want += divisor != 0 ? j / divisor : -(j % 7);
    ASSERT_EQ(out[k], want) << "item " << k;
  }
  expect_across_items(verdict);
}

// Stores the item's loop guards: one into a grid (`if (v % 3 != 0) G[i][j] = v`) and
// one that accumulates into the item's own element (NBody Hierarchical's
// `acceleration[j] += ...` under its self test). Where a branch does not go, the mask
// stores nothing: the elements keep the values they had.
TEST(PluginKernels, GuardedStoresInsideTheItemsLoopAsMasks) {
  const std::size_t n = at_run_time(131), m = at_run_time(23);
  std::vector<int> d(m), grid(m * n, -7), own(n, 5);
  for (std::size_t i = 0; i < m; ++i) d[i] = int(i * 7 % 11) - 3;
  const char* const* verdict = nullptr;
  sycl::queue q;
  {
    sycl::buffer<int> bd(d.data(), sycl::range<1>(m)), bg(grid.data(), sycl::range<1>(m * n)),
        bs(own.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor D(bd, h, sycl::read_only);
      sycl::accessor G(bg, h, sycl::read_write);
      sycl::accessor S(bs, h, sycl::read_write);
      auto kernel = [=](sycl::id<1> id) {
        const std::size_t j = id[0];
        for (std::size_t i = 0; i < m; ++i) {
          const int v = D[i] + int(j % 9);
          if (v % 3 != 0) G[i * n + j] = v;
          if (v > 4) S[id] += v;
        }
      };
#if WEFT_PLUGIN_ITEM_LOOPS
      verdict = &weft::cpu::item_loop_verdict<decltype(kernel)>::value;
#endif
      h.parallel_for(sycl::range<1>(n), kernel);
    });
  }
  for (std::size_t j = 0; j < n; ++j) {
    int want_own = 5;
    for (std::size_t i = 0; i < m; ++i) {
      const int v = d[i] + int(j % 9);
      ASSERT_EQ(grid[i * n + j], v % 3 != 0 ? v : -7) << "row " << i << ", item " << j;
      if (v > 4) want_own += v;
    }
    ASSERT_EQ(own[j], want_own) << "item " << j;
  }
  expect_across_items(verdict);
}

// Branches at the item's own level beside a loop of the item: a guarded division
// before the loop, a store only where the item's sum is positive after it. Where a
// branch does not go, nothing is divided or stored: the element keeps its value.
TEST(PluginKernels, BranchesBesideTheItemsLoopAsMasks) {
  const std::size_t n = at_run_time(131), m = at_run_time(23);
  std::vector<int> a(n), b(m), out(n, -1);
  for (std::size_t j = 0; j < n; ++j) a[j] = int(j % 7) - 3;  // zeros among them
  for (std::size_t i = 0; i < m; ++i) b[i] = int(i % 5) - 1;
  const char* const* verdict = nullptr;
  {
    sycl::buffer<int> ba(a.data(), sycl::range<1>(n)), bb(b.data(), sycl::range<1>(m));
    sycl::buffer<int> bo(out.data(), sycl::range<1>(n));
    sycl::queue().submit([&](sycl::handler& h) {
      sycl::accessor A(ba, h, sycl::read_only), B(bb, h, sycl::read_only);
      sycl::accessor O(bo, h, sycl::read_write);
      auto kernel = [=](sycl::id<1> id) {
        const int j = int(id[0]);
        const int divisor = A[id];
        int s = divisor != 0 ? 1000 / divisor : j;
        for (std::size_t i = 0; i < m; ++i) s -= B[i] * (j % 3);
        if (s > 0) O[id] = s;
      };
#if WEFT_PLUGIN_ITEM_LOOPS
      verdict = &weft::cpu::item_loop_verdict<decltype(kernel)>::value;
#endif
      h.parallel_for(sycl::range<1>(n), kernel);
    });
  }
  for (std::size_t j = 0; j < n; ++j) {
    int s = a[j] != 0 ? 1000 / a[j] : int(j);
    for (std::size_t i = 0; i < m; ++i) s -= b[i] * (int(j) % 3);
    ASSERT_EQ(out[j], s > 0 ? s : -1) << "item " << j;
  }
  expect_across_items(verdict);
}

// n-body's nd_range form (SYCL-Bench's NBody NDRange): each item reads its own value
// under an item guard `gid < n`, then every group loops over all tiles of the input in
// local memory, with two barriers per tile; integer sums, exact on every target. With
// the plugin the kernel is split at its barriers (barrier_split_rejoin.ll: jump
// threading's copy of the loop's entry test is put back); with `self_test`, the loop
// over the tile skips the item's own element (`offset + k != gid`), a branch the split
// region's item loop makes a mask.
template <bool self_test>
std::vector<int> tile_sums(const std::vector<int>& in, std::size_t size) {
  const std::size_t n = in.size();
  std::vector<int> out(n);
  sycl::queue q;
  {
    sycl::buffer<int> bi(in.data(), sycl::range<1>(n)), bo(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor I(bi, h, sycl::read_only);
      sycl::accessor O(bo, h, sycl::write_only, sycl::no_init);
      sycl::local_accessor<int, 1> tile{sycl::range<1>(size), h};
      h.parallel_for(sycl::nd_range<1>(n, size), [=](sycl::nd_item<1> it) {
        const std::size_t gid = it.get_global_id(0);
        const int mine = gid < it.get_global_range(0) ? I[gid] : 0;
        int acc = 0;
        for (std::size_t offset = 0; offset < it.get_global_range(0); offset += it.get_local_range(0)) {
          tile[it.get_local_id(0)] = I[offset + it.get_local_id(0)];
          sycl::group_barrier(it.get_group());
          for (std::size_t k = 0; k < it.get_local_range(0); ++k) {
            if constexpr (self_test) {
              if (offset + k != gid) acc += (tile[k] - mine) * (tile[k] + 3);
            } else {
              acc += tile[k] * mine + int(offset + k == gid);
            }
          }
          sycl::group_barrier(it.get_group());
        }
        O[gid] = acc;
      });
    });
  }
  return out;
}

TEST(PluginKernels, TilesThroughLocalMemoryAfterAnItemGuard) {
  const std::size_t n = at_run_time(7) * 32;
  std::vector<int> in(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = int(i * 37 % 101) - 50;
  const std::vector<int> out = tile_sums<false>(in, 32);
  long total = 0;
  for (int v : in) total += v;
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], int(total * in[i] + 1)) << "item " << i;
}

TEST(PluginKernels, TileSelfTestAsMasks) {
  const std::size_t n = at_run_time(5) * 32;
  std::vector<int> in(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = int(i * 29 % 97) - 48;
  const std::vector<int> out = tile_sums<true>(in, 32);
  for (std::size_t g = 0; g < n; ++g) {
    int want = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (i != g) want += (in[i] - in[g]) * (in[i] + 3);
    ASSERT_EQ(out[g], want) << "item " << g;
  }
}

// Hierarchical n-body's form: a loop inside the item adds to the item's private
// `vec<float, 3>` under a self test, over a tile in local memory
// (item_accumulators.hpp: kept in registers across the loop, written after it where
// the loop added at least once). Items whose test never passes (every fifth) keep
// their first value; integer values, so every sum is exact.
TEST(PluginKernels, HierarchicalAccumulatorUnderASelfTest) {
  constexpr std::size_t group = 32;
  const std::size_t n = at_run_time(7) * group;
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = float(int(i * 37 % 101) - 50);
  std::vector<sycl::float3> out(n);
  sycl::queue q;
  {
    sycl::buffer<float> bx(x.data(), sycl::range<1>(n));
    sycl::buffer<sycl::float3> bo(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor X(bx, h, sycl::read_only);
      sycl::accessor O(bo, h, sycl::write_only, sycl::no_init);
      sycl::local_accessor<float> tile{sycl::range<1>(group), h};
      h.parallel_for_work_group(sycl::range<1>(n / group), sycl::range<1>(group), [=](sycl::group<1> g) {
        sycl::private_memory<sycl::float3> acc{g};
        sycl::private_memory<float> mine{g};
        g.parallel_for_work_item([&](sycl::h_item<1> it) {
          acc(it) = sycl::float3{7.0f, -1.0f, 0.5f};
          mine(it) = X[it.get_global_id(0)];
        });
        for (std::size_t offset = 0; offset < n; offset += group) {
          g.parallel_for_work_item(
              [&](sycl::h_item<1> it) { tile[it.get_local_id(0)] = X[offset + it.get_local_id(0)]; });
          g.parallel_for_work_item([&](sycl::h_item<1> it) {
            const std::size_t gid = it.get_global_id(0);
            for (std::size_t i = 0; i < group; ++i) {
              const float d = tile[i] - mine(it);
              if (gid != offset + i && gid % 5 != 0) acc(it) += sycl::float3{d, 2.0f * d, d * tile[i]};
            }
          });
        }
        g.parallel_for_work_item([&](sycl::h_item<1> it) { O[it.get_global_id(0)] = acc(it); });
      });
    });
  }
  for (std::size_t j = 0; j < n; ++j) {
    double want[3] = {7.0, -1.0, 0.5};
    for (std::size_t i = 0; i < n && j % 5 != 0; ++i)
      if (i != j) {
        const double d = double(x[i]) - double(x[j]);
        want[0] += d;
        want[1] += 2 * d;
        want[2] += d * x[i];
      }
    for (int c = 0; c < 3; ++c) ASSERT_EQ(double(out[j][c]), want[c]) << "item " << j << ", element " << c;
  }
}

// SYCL-Bench's scalar product, first step: an index kept in an `int`, `int e = gid + i
// * stride`, in a loop inside the item that adds to the item's slot of local memory.
// Where a run-time test finds every e fits in 32 bits the index is widened
// (item_wide_indices.hpp) and the items proven independent; with a stride that makes
// e wrap for some items, the loop as it was runs. Both give the host's sums (integer
// values: exact).
TEST(PluginKernels, HierarchicalIntIndexWidenedWhereItFits) {
  constexpr std::size_t group = 64;
  const std::size_t n = at_run_time(9) * group;
  const int steps = static_cast<int>(at_run_time(2));
  std::vector<float> x(2 * n);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(int(i * 29 % 97) - 40);
  sycl::queue q;
  for (const std::size_t stride : {n, std::size_t(0x7fffffff) - n / 2}) {
    std::vector<float> out(n, -1.0f);
    {
      sycl::buffer<float> bx(x.data(), sycl::range<1>(x.size()));
      sycl::buffer<float> bo(out.data(), sycl::range<1>(n));
      q.submit([&](sycl::handler& h) {
        sycl::accessor X(bx, h, sycl::read_only);
        sycl::accessor O(bo, h, sycl::write_only, sycl::no_init);
        sycl::local_accessor<float> slots{sycl::range<1>(group), h};
        const std::size_t size = x.size();
        h.parallel_for_work_group(sycl::range<1>(n / group), sycl::range<1>(group), [=](sycl::group<1> g) {
          g.parallel_for_work_item([&](sycl::h_item<1> it) {
            const std::size_t gid = it.get_global_id(0);
            const std::size_t lid = it.get_local_id(0);
            slots[lid] = 0;
            for (int i = 0; i < steps; ++i) {
              const int e = static_cast<int>(gid + i * stride);
              if (static_cast<std::size_t>(e) < size) slots[lid] += X[e];
            }
          });
          g.parallel_for_work_item([&](sycl::h_item<1> it) { O[it.get_global_id(0)] = slots[it.get_local_id(0)]; });
        });
      });
    }
    for (std::size_t j = 0; j < n; ++j) {
      float want = 0;
      for (int i = 0; i < steps; ++i)
        if (const int e = static_cast<int>(j + i * stride); static_cast<std::size_t>(e) < x.size()) want += x[e];
      ASSERT_EQ(out[j], want) << "item " << j << ", stride " << stride;
    }
  }
}

// Scoped and hierarchical loops over a group's items (the plugin's candidate item
// loops, weft-candidate-item-loops): a tree reduction's steps, each item's own slot
// of local memory and a store at the item's id, are widened; every item adding into
// one group variable keeps the items' order, so its float sum is the host loop's bit
// for bit (on the CPU, where a group's items run one after another).
TEST(PluginKernels, ScopedAndHierarchicalTreesAndGroupSums) {
  constexpr std::size_t group = 128;
  const std::size_t groups = at_run_time(37);
  const std::size_t n = groups * group;
  sycl::queue q;
  std::vector<int> in(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = int(i % 1013) - 500;
  const std::vector<float> f = data(n, 11);
  int* din = sycl::malloc_shared<int>(n, q);
  float* df = sycl::malloc_shared<float>(n, q);
  int* scoped_sums = sycl::malloc_shared<int>(groups, q);
  int* hier_sums = sycl::malloc_shared<int>(groups, q);
  int* doubled = sycl::malloc_shared<int>(n, q);
  float* group_sums = sycl::malloc_shared<float>(groups, q);
  std::memcpy(din, in.data(), n * sizeof(int));
  std::memcpy(df, f.data(), n * sizeof(float));
  q.parallel(sycl::range<1>(groups), sycl::range<1>(group), [=](auto grp) {
     sycl::memory_environment(grp, sycl::require_local_mem<int[group]>(), [&](auto& scratch) {
       sycl::distribute_items(grp, [&](sycl::s_item<1> idx) {
         scratch[idx.get_local_id(grp, 0)] = din[idx.get_global_id(0)];
         doubled[idx.get_global_id(0)] = 2 * din[idx.get_global_id(0)];
       });
       sycl::group_barrier(grp);
       for (int i = group / 2; i > 0; i /= 2)
         sycl::distribute_items_and_wait(grp, [&](sycl::s_item<1> idx) {
           const std::size_t lid = idx.get_innermost_local_id(0);
           if (lid < std::size_t(i)) scratch[lid] += scratch[lid + i];
         });
       sycl::single_item(grp, [&] { scoped_sums[grp.get_group_id(0)] = scratch[0]; });
     });
   }).wait();
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<1>(groups), sycl::range<1>(group), [=](sycl::group<1> g) {
       int scratch[group];
       float sum = 0;
       g.parallel_for_work_item([&](sycl::h_item<1> it) { scratch[it.get_local_id(0)] = din[it.get_global_id(0)]; });
       for (std::size_t half = group / 2; half > 0; half /= 2)
         g.parallel_for_work_item(sycl::range<1>(half), [&](sycl::h_item<1> it) {
           scratch[it.get_local_id(0)] += scratch[it.get_local_id(0) + half];
         });
       g.parallel_for_work_item([&](sycl::h_item<1> it) { sum += df[it.get_global_id(0)]; });
       hier_sums[g.get_group_id(0)] = scratch[0];
       group_sums[g.get_group_id(0)] = sum;
     });
   }).wait();
  for (std::size_t g = 0; g < groups; ++g) {
    int s = 0;
    float fs = 0;
    for (std::size_t i = g * group; i < (g + 1) * group; ++i) {
      s += in[i];
      fs += f[i];
    }
    EXPECT_EQ(scoped_sums[g], s) << "scoped group " << g;
    EXPECT_EQ(hier_sums[g], s) << "hierarchical group " << g;
    if (q.get_device().is_cpu()) {
      EXPECT_EQ(std::memcmp(&group_sums[g], &fs, sizeof(float)), 0)
          << "group " << g << ": " << group_sums[g] << ", expected " << fs;
    }
  }
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(doubled[i], 2 * in[i]) << "item " << i;
  for (void* p : {static_cast<void*>(din), static_cast<void*>(df), static_cast<void*>(scoped_sums),
                  static_cast<void*>(hier_sums), static_cast<void*>(doubled), static_cast<void*>(group_sums)})
    sycl::free(p, q);
}

// SYCL-Bench's ReductionAtomic: every item updates one location with a relaxed
// atomic_ref (here an add, a sub and an or, each at its own address; in an nd_range
// kernel an add under a test). The plugin makes the updates one per run of the item
// loop, of the items' values combined (weft-atomic-combine, atomic_combine.ll), and
// the items are widened; integer updates, so every result is exact.
TEST(PluginKernels, AtomicUpdatesOfOneAddressCombined) {
  const std::size_t n = at_run_time(100003), group = 64, nd_items = n / group * group;
  sycl::queue q;
  int* in = sycl::malloc_shared<int>(n, q);
  long long* totals = sycl::malloc_shared<long long>(3, q);
  int* positive = sycl::malloc_shared<int>(1, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = int(i * 7919 % 1000) - 300;
  totals[0] = totals[1] = totals[2] = 0;
  *positive = 0;
  const char* const* verdict = nullptr;
  auto kernel = [=](sycl::id<1> i) {
    using ref = sycl::atomic_ref<long long, sycl::memory_order::relaxed, sycl::memory_scope::device>;
    const long long v = in[i];
    ref(totals[0]).fetch_add(v);
    ref(totals[1]).fetch_sub(v < 0 ? 1 : 0);
    ref(totals[2]).fetch_or(1ll << (v & 31));
  };
#if WEFT_PLUGIN_ITEM_LOOPS
  verdict = &weft::cpu::item_loop_verdict<decltype(kernel)>::value;
#endif
  q.parallel_for(sycl::range<1>(n), kernel).wait();
  q.parallel_for(sycl::nd_range<1>(nd_items, group), [=](sycl::nd_item<1> it) {
     const int v = in[it.get_global_id(0)];
     if (v > 0) sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device>(*positive).fetch_add(v);
   }).wait();
  long long sum = 0, negatives = 0, bits = 0;
  int positive_sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sum += in[i];
    negatives -= in[i] < 0 ? 1 : 0;
    bits |= 1ll << (in[i] & 31);
    if (i < nd_items && in[i] > 0) positive_sum += in[i];
  }
  EXPECT_EQ(totals[0], sum);
  EXPECT_EQ(totals[1], negatives);
  EXPECT_EQ(totals[2], bits);
  EXPECT_EQ(*positive, positive_sum);
  expect_across_items(verdict);
  for (void* p : {static_cast<void*>(in), static_cast<void*>(totals), static_cast<void*>(positive)}) sycl::free(p, q);
}
