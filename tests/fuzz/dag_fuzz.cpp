// libFuzzer target: the fuzzer's bytes become (1) a task graph over a few
// buffers on two queues, checked against serial execution, (2) range kernel
// shapes (1-3 D, with and without offset, zero sizes included), checked item
// by item, and (3) nd_range kernels (1-3 D shapes, partial sub-groups, zero
// global ranges, offsets) whose items exchange values through local memory
// across work-group and sub-group barriers and group reductions, in a number
// of rounds that may differ from group to group (groups without any barrier
// included), checked against a serial reference. Any mismatch aborts.
//
// Built with clang and -DWEFT_FUZZ=ON (the asan preset): see CONTRIBUTING.md.
// Without libFuzzer (WEFT_FUZZ_STANDALONE) the same checks run on seeded
// random inputs or on the files named on the command line (corpus replay).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <vector>
#include <weft/config.hpp>
#include "../support/dag_program.hpp"

namespace {

// What the inputs exercised (reported by the replay driver).
std::size_t g_commands = 0, g_shapes = 0, g_items = 0, g_nd_shapes = 0, g_nd_items = 0, g_barriers = 0;

struct byte_reader {
  const std::uint8_t* p;
  std::size_t n;
  std::uint8_t u8() {
    if (!n) return 0;
    --n;
    return *p++;
  }
  std::uint16_t u16() { return static_cast<std::uint16_t>(u8() | (u8() << 8)); }
  std::uint32_t u32() { return u16() | (static_cast<std::uint32_t>(u16()) << 16); }
};

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "dag_fuzz: %s\n", what.c_str());
  std::abort();
}

// Every item of a range kernel runs exactly once, with the right id, linear id and offset.
template <int D>
void check_range(const sycl::range<D>& r, const sycl::id<D>& offset, bool with_offset, sycl::queue& q) {
  std::size_t n = r.size();
  ++g_shapes;
  g_items += n;
  std::vector<std::uint32_t> hits(n ? n : 1, 0);
  {
    sycl::buffer<std::uint32_t> b(hits.data(), sycl::range<1>(n ? n : 1));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      if (with_offset) {
        h.parallel_for(r, offset, [=](sycl::item<D> it) {
          sycl::id<D> local = it.get_id() - offset;
          std::size_t l = sycl::detail::linearize(local, r);
          if (l != it.get_linear_id()) std::abort();
          a[l] += 1;
        });
      } else {
        h.parallel_for(r, [=](sycl::item<D> it) { a[it.get_linear_id()] += 1; });
      }
    });
  }
  for (std::size_t i = 0; i < n; ++i)
    if (hits[i] != 1) fail("range item " + std::to_string(i) + " ran " + std::to_string(hits[i]) + " times");
}

void run_shapes(byte_reader& in) {
  sycl::queue q;
  int shapes = 1 + in.u8() % 4;
  for (int s = 0; s < shapes; ++s) {
    int dims = 1 + in.u8() % 3;
    bool with_offset = in.u8() & 1;
    auto extent = [&] { return static_cast<std::size_t>(in.u8() % 40); };  // 0 included
    auto off = [&] { return static_cast<std::size_t>(in.u16()); };
    // Bytes are read into named values first: the order in which a call's
    // arguments are evaluated differs between compilers, and a corpus file must
    // mean the same shapes to every build that replays it.
    std::size_t e[3], o[3];
    for (auto& v : e) v = extent();
    for (auto& v : o) v = off();
    if (dims == 1) check_range(sycl::range<1>(e[0] * 97 + e[1]), sycl::id<1>(o[0]), with_offset, q);
    if (dims == 2) check_range(sycl::range<2>(e[0], e[1]), sycl::id<2>(o[0], o[1]), with_offset, q);
    if (dims == 3) check_range(sycl::range<3>(e[0], e[1], e[2] / 4), sycl::id<3>(o[0], o[1], o[2]), with_offset, q);
  }
}

// ---- nd_range shapes ----------------------------------------------------------------
//
// Every item starts from in[global linear id] and goes through the rounds of
// its group; a round is one of:
//   0  work-group exchange: write v to local memory, barrier, read the item
//      `shift` places further in the group, barrier (the next round may write)
//   1  sub-group exchange: the same within the item's sub-group, with
//      sub-group barriers
//   2  v ^= reduce_over_group(group, v, plus)
//   3  v ^= reduce_over_group(sub_group, v, plus)
// Group g runs the first rounds - (g % skip_mod) rounds (0 = all), so groups
// differ in their barrier counts while the items of one group agree.
constexpr std::size_t sg_size = WEFT_SUB_GROUP_SIZE;
constexpr int max_rounds = 6;

struct nd_program {
  int rounds = 0;
  unsigned kind[max_rounds] = {};
  std::uint32_t shift[max_rounds] = {};
  std::size_t skip_mod = 1;
  int rounds_of(std::size_t group_linear) const {
    const int skip = skip_mod > 1 ? static_cast<int>(group_linear % skip_mod) : 0;
    return rounds > skip ? rounds - skip : 0;
  }
};

inline std::uint32_t mix(std::uint32_t v, std::uint32_t w, int r) {
  return v * 31u + (w ^ (0x9e3779b9u * static_cast<std::uint32_t>(r + 1)));
}

// The serial reference: one group's items, round by round.
void reference_group(const nd_program& p, std::size_t g, std::uint32_t* v, std::size_t n) {
  std::vector<std::uint32_t> snap(n);
  for (int r = 0; r < p.rounds_of(g); ++r) {
    snap.assign(v, v + n);
    for (std::size_t l = 0; l < n; ++l) {
      const std::size_t first = l / sg_size * sg_size, sgn = std::min(sg_size, n - first);
      switch (p.kind[r]) {
        case 0: v[l] = mix(snap[l], snap[(l + p.shift[r]) % n], r); break;
        case 1: v[l] = mix(snap[l], snap[first + (l - first + p.shift[r]) % sgn], r); break;
        case 2: {
          std::uint32_t sum = 0;
          for (std::size_t k = 0; k < n; ++k) sum += snap[k];
          v[l] = snap[l] ^ sum;
          break;
        }
        default: {
          std::uint32_t sum = 0;
          for (std::size_t k = first; k < first + sgn; ++k) sum += snap[k];
          v[l] = snap[l] ^ sum;
          break;
        }
      }
    }
  }
}

template <int D>
void check_nd_range(const sycl::range<D>& groups, const sycl::range<D>& local, const sycl::id<D>& offset,
                    bool with_offset, const nd_program& p, sycl::queue& q) {
  sycl::range<D> global = local;
  for (int d = 0; d < D; ++d) global[d] = groups[d] * local[d];
  const std::size_t n = global.size(), gsize = local.size();
  ++g_nd_shapes;
  g_nd_items += n;
  std::vector<std::uint32_t> data(n ? n : 1);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint32_t>(i * 2654435761u + 7);
  const std::vector<std::uint32_t> input = data;
  {
    sycl::buffer<std::uint32_t> b(data.data(), sycl::range<1>(data.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      sycl::local_accessor<std::uint32_t, 1> lm(sycl::range<1>(gsize), h);
      const sycl::nd_range<D> r =
          with_offset ? sycl::nd_range<D>(global, local, offset) : sycl::nd_range<D>(global, local);
      h.parallel_for(r, [=](sycl::nd_item<D> it) {
        const std::size_t gl = it.get_global_linear_id(), l = it.get_local_linear_id();
        if (gl != sycl::detail::linearize(it.get_global_id() - (with_offset ? offset : sycl::id<D>()), global))
          std::abort();
        std::uint32_t v = a[gl];
        const auto sg = it.get_sub_group();
        const std::size_t lane = sg.get_local_linear_id(), sgn = sg.get_local_linear_range();
        const int rounds = p.rounds_of(it.get_group_linear_id());
        for (int rd = 0; rd < rounds; ++rd) {
          switch (p.kind[rd]) {
            case 0:
              lm[l] = v;
              it.barrier(sycl::access::fence_space::local_space);
              v = mix(v, lm[(l + p.shift[rd]) % gsize], rd);
              it.barrier(sycl::access::fence_space::local_space);
              break;
            case 1:
              lm[l] = v;
              sycl::group_barrier(sg);
              v = mix(v, lm[l - lane + (lane + p.shift[rd]) % sgn], rd);
              sycl::group_barrier(sg);
              break;
            case 2: v ^= sycl::reduce_over_group(it.get_group(), v, sycl::plus<std::uint32_t>()); break;
            default: v ^= sycl::reduce_over_group(sg, v, sycl::plus<std::uint32_t>()); break;
          }
        }
        a[gl] = v;
      });
    });
  }
  if (n == 0) return;
  // Global linear ids of one group's items, in local linear order.
  std::vector<std::uint32_t> v(gsize);
  std::vector<std::size_t> where(gsize);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const sycl::id<D> gid = sycl::detail::delinearize(g, groups);
    for (std::size_t l = 0; l < gsize; ++l) {
      const sycl::id<D> lid = sycl::detail::delinearize(l, local);
      sycl::id<D> glob;
      for (int d = 0; d < D; ++d) glob[d] = gid[d] * local[d] + lid[d];
      where[l] = sycl::detail::linearize(glob, global);
      v[l] = input[where[l]];
    }
    reference_group(p, g, v.data(), gsize);
    g_barriers += gsize * static_cast<std::size_t>(p.rounds_of(g));
    for (std::size_t l = 0; l < gsize; ++l)
      if (data[where[l]] != v[l])
        fail("nd_range " + std::to_string(D) + "-D, group " + std::to_string(g) + " of " +
             std::to_string(groups.size()) + ", group size " + std::to_string(gsize) + ", local item " +
             std::to_string(l) + ": got " + std::to_string(data[where[l]]) + ", expected " + std::to_string(v[l]));
  }
}

void run_nd_shapes(byte_reader& in) {
  sycl::queue q;
  const int shapes = 1 + in.u8() % 3;
  for (int s = 0; s < shapes; ++s) {
    nd_program p;
    p.rounds = in.u8() % (max_rounds + 1);
    for (int r = 0; r < p.rounds; ++r) {
      p.kind[r] = in.u8() % 4;
      p.shift[r] = in.u8();
    }
    p.skip_mod = 1 + in.u8() % 4;
    const int dims = 1 + in.u8() % 3;
    const bool with_offset = (in.u8() & 3) == 0;
    // Groups per dimension: 1-4, now and then 0 (an empty launch). Bytes are
    // read in a fixed order (see run_shapes).
    std::size_t groups[3], l[3], off[3];
    for (auto& g : groups) {
      const std::uint8_t b = in.u8();
      g = b % 16 == 15 ? 0 : 1 + b % 4;
    }
    for (auto& v : l) v = in.u8();
    for (auto& v : off) v = in.u8();
    // Group sizes up to 256 items: partial sub-groups, groups of one, primes.
    if (dims == 1) {
      check_nd_range(sycl::range<1>(groups[0]), sycl::range<1>(1 + l[0]), sycl::id<1>(off[0]), with_offset, p, q);
    } else if (dims == 2) {
      check_nd_range(sycl::range<2>(groups[0], groups[1]), sycl::range<2>(1 + l[0] % 16, 1 + l[1] % 16),
                     sycl::id<2>(off[0], off[1]), with_offset, p, q);
    } else {
      check_nd_range(sycl::range<3>(groups[0], groups[1], groups[2]),
                     sycl::range<3>(1 + l[0] % 6, 1 + l[1] % 6, 1 + l[2] % 7), sycl::id<3>(off[0], off[1], off[2]),
                     with_offset, p, q);
    }
  }
}

void run_dag_input(byte_reader& in) {
  weft_test::dag_program p;
  p.buffers = 1 + in.u8() % 10;
  p.elements = 8 * (1 + in.u8() % 16);
  std::size_t commands = in.u8() % 64;
  for (std::size_t c = 0; c < commands; ++c) {
    weft_test::dag_command cmd;
    cmd.kind = static_cast<weft_test::dag_command::kind_t>(in.u8());
    cmd.queue = in.u8();
    cmd.out = in.u8();
    cmd.in[0] = in.u8();
    cmd.in[1] = in.u8();
    cmd.n_in = in.u8();
    cmd.discard = in.u8() & 1;
    cmd.k = in.u32();
    cmd.offset = in.u8();
    cmd.len = in.u8();
    p.commands.push_back(cmd);
  }
  weft_test::normalize(p);
  g_commands += p.commands.size();
  std::string failure = weft_test::run_dag(p);
  if (!failure.empty()) fail(failure);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  byte_reader in{data, size};
  switch (in.u8() % 3) {
    case 0: run_dag_input(in); break;
    case 1: run_shapes(in); break;
    default: run_nd_shapes(in); break;
  }
  return 0;
}

#ifdef WEFT_FUZZ_STANDALONE
// weft_fuzz_replay [-runs=N] [files...]: replays corpus files, or N seeded random inputs.
int main(int argc, char** argv) {
  long runs = 500;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "-runs=", 6) == 0) runs = std::atol(argv[i] + 6);
    else files.push_back(argv[i]);
  }
  for (auto& f : files) {
    std::ifstream s(f, std::ios::binary);
    std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(s)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  }
  if (files.empty()) {
    std::mt19937 rng(12345);
    for (long r = 0; r < runs; ++r) {
      std::vector<std::uint8_t> bytes(rng() % 600);
      for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
      LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
    }
  }
  std::printf("weft_fuzz_replay: %zu files, %ld random inputs (%zu task-graph commands, %zu range shapes, %zu items, "
              "%zu nd_range shapes, %zu nd items, %zu item-rounds): all match the serial reference\n",
              files.size(), files.empty() ? runs : 0L, g_commands, g_shapes, g_items, g_nd_shapes, g_nd_items,
              g_barriers);
  return 0;
}
#endif
