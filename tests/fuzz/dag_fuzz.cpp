// libFuzzer target: the fuzzer's bytes become (1) a task graph over a few
// buffers on two queues, checked against serial execution, and (2) range
// kernel shapes (1-3 D, with and without offset, zero sizes included), checked
// item by item. Any mismatch aborts. nd_range shapes join once the nd_range
// engine is on main.
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
#include "../support/dag_program.hpp"

namespace {

std::size_t g_commands = 0, g_shapes = 0, g_items = 0;  // what the inputs exercised (reported by the replay driver)

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
    if (dims == 1) check_range(sycl::range<1>(extent() * 97 + extent()), sycl::id<1>(off()), with_offset, q);
    if (dims == 2) check_range(sycl::range<2>(extent(), extent()), sycl::id<2>(off(), off()), with_offset, q);
    if (dims == 3) check_range(sycl::range<3>(extent(), extent(), extent() / 4), sycl::id<3>(off(), off(), off()), with_offset, q);
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
  if (in.u8() & 1) run_shapes(in);
  else run_dag_input(in);
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
  std::printf("weft_fuzz_replay: %zu files, %ld random inputs (%zu task-graph commands, %zu range shapes, %zu items): "
              "all match the serial reference\n", files.size(), files.empty() ? runs : 0L, g_commands, g_shapes, g_items);
  return 0;
}
#endif
