#pragma once
// Random task graphs over a few buffers, run through Weft and checked against
// a serial reference. Shared by the stress test (seeded programs) and the
// libFuzzer target (programs decoded from the fuzzer's bytes).
//
// Every command writes one window of one buffer from the same window of up to
// two other buffers (or the same one): out[i] = f(out[i], in0[i], in1[i]). Two
// queues (one in-order, one out-of-order) share the buffers, so the graph has
// cross-queue edges; host reads in the middle check intermediate states.
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>
#include <sycl/sycl.hpp>

namespace weft_test {

struct dag_command {
  enum kind_t : std::uint8_t { kernel, kernel_2d, host_task, copy, fill, host_read, kinds };
  kind_t kind = kernel;
  std::uint8_t queue = 0;       // 0: out-of-order, 1: in-order
  std::uint8_t out = 0;         // buffer written (host_read: buffer read)
  std::uint8_t in[2] = {0, 0};  // buffers read
  std::uint8_t n_in = 0;
  bool discard = false;               // write with no_init: out's old value is not read
  std::uint32_t k = 0;                // a constant mixed into the result
  std::uint16_t offset = 0, len = 1;  // the window [offset, offset + len)
};

struct dag_program {
  std::size_t buffers = 1;
  std::size_t elements = 64;  // per buffer (a multiple of 8 for the 2-D form)
  std::vector<dag_command> commands;
};

// What every command computes for one element.
constexpr std::uint32_t dag_mix(std::uint32_t out, std::uint32_t in0, std::uint32_t in1, std::uint32_t k,
                                bool discard) {
  return (discard ? 0u : out * 3u) + in0 * 5u + (in1 ^ k) + 1u;
}

// Makes any command list valid (the fuzzer's bytes may say anything).
inline void normalize(dag_program& p) {
  if (p.buffers == 0) p.buffers = 1;
  if (p.elements == 0) p.elements = 8;
  p.elements = (p.elements + 7) / 8 * 8;
  for (auto& c : p.commands) {
    c.kind = static_cast<dag_command::kind_t>(c.kind % dag_command::kinds);
    c.queue %= 2;
    c.out %= p.buffers;
    c.n_in %= 3;
    for (auto& i : c.in) i %= p.buffers;
    c.offset %= p.elements;
    c.len = static_cast<std::uint16_t>(1 + c.len % (p.elements - c.offset));
    if (c.kind == dag_command::copy) {
      c.n_in = 1;
      if (c.in[0] == c.out) c.kind = dag_command::kernel;  // a copy reads another buffer
    }
    if (c.kind == dag_command::kernel_2d) {  // whole rows of 8: the window is rounded to rows
      c.offset = static_cast<std::uint16_t>(c.offset / 8 * 8);
      c.len = static_cast<std::uint16_t>((c.len + 7) / 8 * 8);
      if (c.offset + c.len > p.elements) c.len = static_cast<std::uint16_t>(p.elements - c.offset);
    }
  }
}

inline dag_program random_dag(std::uint64_t seed, std::size_t buffers, std::size_t commands,
                              std::size_t elements = 64) {
  std::mt19937_64 rng(seed);
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % n); };
  dag_program p;
  p.buffers = buffers;
  p.elements = elements;
  for (std::size_t c = 0; c < commands; ++c) {
    dag_command cmd;
    std::size_t r = pick(100);
    cmd.kind = r < 45   ? dag_command::kernel
               : r < 60 ? dag_command::kernel_2d
               : r < 72 ? dag_command::host_task
               : r < 84 ? dag_command::copy
               : r < 92 ? dag_command::fill
                        : dag_command::host_read;
    cmd.queue = static_cast<std::uint8_t>(pick(2));
    cmd.out = static_cast<std::uint8_t>(pick(buffers));
    cmd.n_in = static_cast<std::uint8_t>(pick(3));
    for (auto& i : cmd.in) i = static_cast<std::uint8_t>(pick(buffers));
    cmd.discard = pick(4) == 0;
    cmd.k = static_cast<std::uint32_t>(rng());
    cmd.offset = static_cast<std::uint16_t>(pick(elements));
    cmd.len = static_cast<std::uint16_t>(1 + pick(elements - cmd.offset));
    p.commands.push_back(cmd);
  }
  normalize(p);
  return p;
}

using dag_state = std::vector<std::vector<std::uint32_t>>;

inline dag_state dag_initial(const dag_program& p) {
  dag_state s(p.buffers, std::vector<std::uint32_t>(p.elements));
  for (std::size_t b = 0; b < p.buffers; ++b)
    for (std::size_t i = 0; i < p.elements; ++i) s[b][i] = static_cast<std::uint32_t>(b * 1000 + i);
  return s;
}

// The serial reference: one command after the other, in submission order.
inline void dag_apply(const dag_command& c, dag_state& s) {
  auto& out = s[c.out];
  switch (c.kind) {
    case dag_command::host_read: return;
    case dag_command::fill:
      for (std::size_t i = c.offset; i < std::size_t(c.offset) + c.len; ++i) out[i] = c.k;
      return;
    case dag_command::copy:
      for (std::size_t i = c.offset; i < std::size_t(c.offset) + c.len; ++i) out[i] = s[c.in[0]][i];
      return;
    default:
      for (std::size_t i = c.offset; i < std::size_t(c.offset) + c.len; ++i) {
        std::uint32_t a = c.n_in > 0 ? s[c.in[0]][i] : 0u, b = c.n_in > 1 ? s[c.in[1]][i] : 0u;
        out[i] =
            dag_mix(out[i], a, b, c.k, c.discard && c.n_in > 0 && c.in[0] != c.out && (c.n_in < 2 || c.in[1] != c.out));
      }
  }
}

// Runs the program through Weft; returns an empty string or what went wrong.
inline std::string run_dag(const dag_program& p) {
  using u32 = std::uint32_t;
  dag_state reference = dag_initial(p);
  dag_state data = dag_initial(p);
  std::string failure;
  {
    std::vector<sycl::buffer<u32>> bufs;
    for (auto& d : data) bufs.emplace_back(d.data(), sycl::range<1>(p.elements));
    sycl::queue queues[2] = {sycl::queue{}, sycl::queue{sycl::property::queue::in_order{}}};
    for (std::size_t n = 0; n < p.commands.size(); ++n) {
      const dag_command c = p.commands[n];
      dag_apply(c, reference);
      sycl::range<1> len(c.len);
      sycl::id<1> off(c.offset);
      if (c.kind == dag_command::host_read) {
        sycl::host_accessor h{bufs[c.out], sycl::read_only};
        for (std::size_t i = 0; i < p.elements && failure.empty(); ++i)
          if (h[i] != reference[c.out][i])
            failure = "host read after command " + std::to_string(n) + ": buffer " + std::to_string(c.out) + "[" +
                      std::to_string(i) + "] = " + std::to_string(h[i]) + ", serial " +
                      std::to_string(reference[c.out][i]);
        continue;
      }
      queues[c.queue].submit([&](sycl::handler& h) {
        if (c.kind == dag_command::fill) {
          sycl::accessor o{bufs[c.out], h, len, off, sycl::write_only};
          h.fill(o, c.k);
          return;
        }
        if (c.kind == dag_command::copy) {
          sycl::accessor i0{bufs[c.in[0]], h, len, off, sycl::read_only};
          sycl::accessor o{bufs[c.out], h, len, off, sycl::write_only};
          h.copy(i0, o);
          return;
        }
        bool reads_out = c.n_in > 0 && (c.in[0] == c.out || (c.n_in > 1 && c.in[1] == c.out));
        bool discard = c.discard && c.n_in > 0 && !reads_out;
        // One accessor per distinct buffer: the output (read_write) and the other inputs (read).
        sycl::accessor o = discard ? sycl::accessor{bufs[c.out], h, len, off, sycl::read_write, sycl::no_init}
                                   : sycl::accessor{bufs[c.out], h, len, off, sycl::read_write};
        auto input = [&](int j) {
          std::size_t b = c.n_in > j ? c.in[j] : c.out;
          return sycl::accessor{bufs[b], h, len, off, sycl::read_only};
        };
        bool use0 = c.n_in > 0 && c.in[0] != c.out, use1 = c.n_in > 1 && c.in[1] != c.out;
        // Inputs equal to the output are read through the output accessor.
        using in_acc = sycl::accessor<u32, 1, sycl::access_mode::read>;
        in_acc i0 = use0 ? input(0) : in_acc{};
        in_acc i1 = use1 ? input(1) : in_acc{};
        int n_in = c.n_in;
        bool self0 = c.n_in > 0 && !use0, self1 = c.n_in > 1 && !use1;
        u32 k = c.k;
        auto body = [=](std::size_t i) {
          u32 old = o[i];
          u32 a = n_in > 0 ? (self0 ? old : i0[i]) : 0u;
          u32 b = n_in > 1 ? (self1 ? old : i1[i]) : 0u;
          o[i] = dag_mix(old, a, b, k, discard);
        };
        if (c.kind == dag_command::kernel) {
          h.parallel_for(len, [=](sycl::id<1> i) { body(i[0]); });
        } else if (c.kind == dag_command::kernel_2d) {
          sycl::range<2> r2(c.len / 8, 8);
          h.parallel_for(r2, [=](sycl::item<2> it) { body(it.get_linear_id()); });
        } else {
          h.host_task([=] {
            for (std::size_t i = 0; i < len[0]; ++i) body(i);
          });
        }
      });
    }
    for (std::size_t b = 0; b < p.buffers && failure.empty(); ++b) {
      sycl::host_accessor h{bufs[b], sycl::read_only};
      for (std::size_t i = 0; i < p.elements && failure.empty(); ++i)
        if (h[i] != reference[b][i])
          failure = "final buffer " + std::to_string(b) + "[" + std::to_string(i) + "] = " + std::to_string(h[i]) +
                    ", serial " + std::to_string(reference[b][i]);
    }
  }
  // The buffers wrote back on destruction: the host data must match too.
  for (std::size_t b = 0; b < p.buffers && failure.empty(); ++b)
    if (data[b] != reference[b]) failure = "write-back of buffer " + std::to_string(b) + " differs from serial";
  return failure;
}

}  // namespace weft_test
