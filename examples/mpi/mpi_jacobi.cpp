// A distributed 2D Jacobi solver: MPI between ranks, Weft inside each rank.
//
// The grid has n x n interior points and a fixed boundary (1 on the top edge,
// 0 elsewhere). Interior rows are split across the ranks; each rank keeps its
// rows plus one halo row above and below in two SYCL buffers (current, next).
// Every iteration is two command groups on an in-order queue:
//   1. a host_task with host_task accessors that swaps halo rows with the
//      neighbouring ranks (MPI_Sendrecv), and
//   2. a parallel_for doing the 5-point update into the other buffer.
// Because the host task accesses the buffer through accessors, Weft orders it
// after the kernel that wrote those rows and before the kernel that reads the
// halos, exactly as it would order two kernels. (If the MPI library does not
// provide MPI_THREAD_SERIALIZED, the exchange runs on the main thread through
// host_accessors instead: --exchange host_accessor selects that path too.)
//
// At the end rank 0 gathers the grid. --check compares it with a plain serial
// loop on rank 0 (bitwise: every point is computed with the same arithmetic in
// the same order, whatever the decomposition); --out FILE writes it, so runs
// with different rank counts can be compared byte for byte.
//
//   mpirun -np 2 ./example_mpi_jacobi --n 512 --iters 500 --check
//   WEFT_NUM_THREADS=4 mpirun -np 4 -x WEFT_NUM_THREADS ./example_mpi_jacobi --n 4096 --iters 200
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sycl/sycl.hpp>
#include <vector>

namespace {

struct options {
  std::size_t n = 256;         // interior points per side
  int iters = 200;             // Jacobi sweeps
  int warmup = 0;              // untimed sweeps first (benchmarks)
  bool check = false;          // compare with a serial run on rank 0
  bool baseline = false;       // also time the serial loop on rank 0 (the hand-written baseline)
  bool host_accessor = false;  // exchange halos through host_accessors on the main thread
  std::string out;             // write the gathered grid here (rank 0)
};

options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "mpi_jacobi: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--n") o.n = std::stoul(value());
    else if (a == "--iters") o.iters = std::stoi(value());
    else if (a == "--warmup") o.warmup = std::stoi(value());
    else if (a == "--check") o.check = true;
    else if (a == "--baseline") o.baseline = true;
    else if (a == "--out") o.out = value();
    else if (a == "--exchange") {
      std::string v = value();
      if (v != "host_task" && v != "host_accessor") {
        std::fprintf(stderr, "mpi_jacobi: --exchange takes host_task or host_accessor\n");
        std::exit(2);
      }
      o.host_accessor = v == "host_accessor";
    } else {
      std::fprintf(stderr, "usage: mpi_jacobi [--n N] [--iters K] [--warmup W] [--check] [--baseline] [--out FILE] "
                           "[--exchange host_task|host_accessor]\n");
      std::exit(2);
    }
  }
  return o;
}

// The fixed boundary value at global row gi, column j of the (n+2) x (n+2) grid.
double boundary(std::size_t gi, std::size_t, std::size_t) { return gi == 0 ? 1.0 : 0.0; }

// The same sweeps as the distributed run, in plain loops: the reference.
std::vector<double> serial_jacobi(std::size_t n, int sweeps) {
  const std::size_t w = n + 2;
  std::vector<double> a(w * w, 0.0);
  for (std::size_t j = 0; j < w; ++j) a[j] = boundary(0, j, n);
  std::vector<double> b = a;
  for (int it = 0; it < sweeps; ++it) {
    for (std::size_t i = 1; i <= n; ++i)
      for (std::size_t j = 1; j <= n; ++j)
        b[i * w + j] = 0.25 * (a[(i - 1) * w + j] + a[(i + 1) * w + j] + a[i * w + j - 1] + a[i * w + j + 1]);
    std::swap(a, b);
  }
  return a;
}

// Swaps halo rows with the neighbours; `g` points at the local grid of
// (rows + 2) x w values. Row 1 goes up, row `rows` goes down.
void exchange(double* g, std::size_t rows, std::size_t w, int up, int down, MPI_Comm comm) {
  const int count = static_cast<int>(w);
  MPI_Sendrecv(g + 1 * w, count, MPI_DOUBLE, up, 0, g + (rows + 1) * w, count, MPI_DOUBLE, down, 0, comm,
               MPI_STATUS_IGNORE);
  MPI_Sendrecv(g + rows * w, count, MPI_DOUBLE, down, 1, g + 0 * w, count, MPI_DOUBLE, up, 1, comm, MPI_STATUS_IGNORE);
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  options o = parse(argc, argv);
  // A host task runs on one of Weft's workers, not the main thread: MPI must
  // allow calls from any thread, one at a time (the in-order queue makes sure).
  bool use_host_task = !o.host_accessor && provided >= MPI_THREAD_SERIALIZED;
  if (o.n < static_cast<std::size_t>(size)) {
    if (rank == 0) std::fprintf(stderr, "mpi_jacobi: --n %zu is smaller than the %d ranks\n", o.n, size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  const std::size_t n = o.n, w = n + 2;
  // This rank's interior rows: global rows [first, first + rows) (1-based: row 0 is the top boundary).
  const std::size_t first = 1 + static_cast<std::size_t>(rank) * n / static_cast<std::size_t>(size);
  const std::size_t rows = 1 + static_cast<std::size_t>(rank + 1) * n / static_cast<std::size_t>(size) - first;
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
  const int down = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;

  sycl::queue q{sycl::property::queue::in_order{}};
  double seconds = 0;
  {
    const sycl::range<2> shape(rows + 2, w);
    // Local grid: halo row, `rows` interior rows, halo row; the halos of the
    // first and last rank hold the fixed top and bottom boundaries. Buffers
    // without host memory, filled by a kernel: the first touch of every page
    // happens on Weft's workers, not on the main thread (docs/hpc.md, "Placement").
    sycl::buffer<double, 2> A(shape), B(shape);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{A, h, sycl::write_only, sycl::no_init};
      sycl::accessor b{B, h, sycl::write_only, sycl::no_init};
      h.parallel_for(shape, [=](sycl::id<2> id) {
        const std::size_t gi = first - 1 + id[0], j = id[1];
        const bool edge = gi == 0 || gi == n + 1 || j == 0 || j == n + 1;
        const double v = edge ? boundary(gi, j, n) : 0.0;
        a[id] = v;
        b[id] = v;
      });
    });
    sycl::buffer<double, 2>* cur = &A;
    sycl::buffer<double, 2>* next = &B;

    auto sweep = [&] {
      if (use_host_task) {
        q.submit([&](sycl::handler& h) {
          sycl::accessor g{*cur, h, sycl::read_write_host_task};
          h.host_task([=] { exchange(g.get_pointer(), rows, w, up, down, MPI_COMM_WORLD); });
        });
      } else {
        sycl::host_accessor g{*cur, sycl::read_write};
        exchange(g.get_pointer(), rows, w, up, down, MPI_COMM_WORLD);
      }
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{*cur, h, sycl::read_only};
        sycl::accessor b{*next, h, sycl::read_write};
        h.parallel_for(sycl::range<2>(rows, n), [=](sycl::id<2> id) {
          const std::size_t i = id[0] + 1, j = id[1] + 1;
          b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
        });
      });
      std::swap(cur, next);
    };

    for (int it = 0; it < o.warmup; ++it) sweep();
    q.wait();
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int it = 0; it < o.iters; ++it) sweep();
    q.wait();
    MPI_Barrier(MPI_COMM_WORLD);
    seconds = MPI_Wtime() - t0;

    // Gather the interior rows (with their side boundaries) on rank 0.
    sycl::host_accessor g{*cur, sycl::read_only};
    std::vector<int> counts(static_cast<std::size_t>(size)), displs(static_cast<std::size_t>(size));
    for (int r = 0; r < size; ++r) {
      std::size_t f = 1 + static_cast<std::size_t>(r) * n / static_cast<std::size_t>(size);
      std::size_t l = 1 + static_cast<std::size_t>(r + 1) * n / static_cast<std::size_t>(size);
      counts[static_cast<std::size_t>(r)] = static_cast<int>((l - f) * w);
      displs[static_cast<std::size_t>(r)] = static_cast<int>(f * w);
    }
    std::vector<double> full;
    if (rank == 0) {
      full.assign(w * w, 0.0);
      for (std::size_t j = 0; j < w; ++j) {
        full[j] = boundary(0, j, n);
        full[(n + 1) * w + j] = boundary(n + 1, j, n);
      }
    }
    MPI_Gatherv(g.get_pointer() + w, static_cast<int>(rows * w), MPI_DOUBLE, rank == 0 ? full.data() : nullptr,
                counts.data(), displs.data(), MPI_DOUBLE, 0, MPI_COMM_WORLD);

    int status = 0;
    if (rank == 0) {
      double checksum = 0;
      for (double v : full) checksum += v;
      double sweeps = static_cast<double>(o.iters) + o.warmup;
      std::printf("mpi_jacobi: n=%zu sweeps=%.0f ranks=%d workers/rank=%zu exchange=%s checksum=%.15g\n", n, sweeps,
                  size, weft::worker_count(), use_host_task ? "host_task" : "host_accessor", checksum);
      std::printf("mpi_jacobi: time=%.4f s  %.1f Mpoint-updates/s\n", seconds,
                  seconds > 0 ? static_cast<double>(n) * static_cast<double>(n) * o.iters / seconds / 1e6 : 0.0);
      if (o.baseline) {
        serial_jacobi(n, o.warmup);  // the same warm-up as the timed run
        double b0 = MPI_Wtime();
        std::vector<double> ref = serial_jacobi(n, o.iters);
        double bs = MPI_Wtime() - b0;
        std::printf("mpi_jacobi: baseline_time=%.4f s (serial loop, %g)\n", bs, ref[w + 1]);
      }
      if (o.check) {
        std::vector<double> ref = serial_jacobi(n, o.warmup + o.iters);
        double max_diff = 0;
        for (std::size_t k = 0; k < ref.size(); ++k) max_diff = std::max(max_diff, std::fabs(ref[k] - full[k]));
        bool same = std::memcmp(ref.data(), full.data(), ref.size() * sizeof(double)) == 0;
        std::printf("mpi_jacobi: serial reference: %s (max |diff| = %g)\n", same ? "identical" : "DIFFERENT", max_diff);
        if (!same) status = 1;
      }
      if (!o.out.empty()) {
        if (std::FILE* f = std::fopen(o.out.c_str(), "wb")) {
          std::fwrite(full.data(), sizeof(double), full.size(), f);
          std::fclose(f);
        } else {
          std::fprintf(stderr, "mpi_jacobi: cannot write %s\n", o.out.c_str());
          status = 1;
        }
      }
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (status != 0) {
      MPI_Finalize();
      return status;
    }
  }
  MPI_Finalize();
  return 0;
}
