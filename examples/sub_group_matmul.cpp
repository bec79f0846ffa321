// The sub-group tiled matrix multiplication of the seed "Using sub-groups in
// SYCL" (../shared/seeds/sub-groups-in-sycl.txt), its code unchanged except for
// the queue (the default device rather than gpu_selector). Each sub-group of 16
// items loads one tile of A's row and shares it with group_broadcast: no local
// memory, no barriers.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <random>
#include <vector>

using namespace sycl;

int main() {
  queue Q;

  std::cout << "Running on: " << Q.get_device().get_info<info::device::name>() << std::endl;
  std::cout << " Subgroup sizes: ";
  for (const auto& x : Q.get_device().get_info<info::device::sub_group_sizes>()) {
    std::cout << x << " ";
  }
  std::cout << std::endl;

  // initialize input and output memory on the host
  constexpr size_t sz = 256;

  // we could make the matrices non-square!
  constexpr size_t M = sz;
  constexpr size_t N = sz;
  constexpr size_t K = sz;

  std::vector<double> a(M * K), b(K * N);

  // fill a and b with random numbers in the unit interval
  std::random_device rd;
  std::mt19937 mt(rd());
  std::uniform_real_distribution<double> dist(0.0, 1.0);

  std::generate(a.begin(), a.end(), [&dist, &mt]() {
    return dist(mt);
  });
  std::generate(b.begin(), b.end(), [&dist, &mt]() {
    return dist(mt);
  });

  buffer<double, 2> bufA(a.data(), range{M, N}), bufB(b.data(), range{N, K});
  buffer<double, 2> bufC(range{M, K});

  Q.submit([&](handler& cgh) {
    accessor accA{ bufA, cgh, read_only };
    accessor accB{ bufB, cgh, read_only };
    accessor accC{ bufC, cgh, write_only };

    constexpr auto tile_sz = 16;

    range global{M, K};
    range local{1, tile_sz};

    cgh.parallel_for(
      nd_range{ global, local },
      [=](nd_item<2> it){
        // get subgroup
        auto sg = it.get_sub_group();

        // indices in the global index space
        // these are used to address
        //  - the result (held in global memory)
        //  - the row of the left operand
        //  - the column of the right operand
        auto m = it.get_global_id()[0];
        auto n = it.get_global_id()[1];

        // index in the local index space
        auto i = it.get_local_id()[1];

        // accumulate result
        auto sum = 0.0;
        // loop over inner index (common to operands) with stride equal to the
        // tile size
        for (auto l = 0; l < K; l += tile_sz) {
          // load a tile of matrix A
          auto tileA = accA[m][l + i];

          // loop over tile elements
          for (auto k = 0; k < tile_sz; ++k) {
            // broadcast tile element to the subgroup and load matrix B from
            // global memory
            sum += group_broadcast(sg, tileA, k) * accB[l + k][n];
          }
        }

        // finally, write to the result matrix
        accC[m][n] = sum;
      }
    );
  });

  // Copy back the results to the host and check them against a plain triple loop.
  host_accessor C{bufC};
  double max_err = 0.0;
  for (size_t m = 0; m < M; ++m) {
    for (size_t n = 0; n < N; ++n) {
      double ref = 0.0;
      for (size_t k = 0; k < K; ++k) ref += a[m * K + k] * b[k * N + n];
      max_err = std::max(max_err, std::abs(C[m][n] - ref));
    }
  }
  std::cout << "max |C - A*B| = " << max_err << (max_err < 1e-9 ? "  OK" : "  WRONG") << std::endl;
  return max_err < 1e-9 ? EXIT_SUCCESS : EXIT_FAILURE;
}
