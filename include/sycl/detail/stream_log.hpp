#pragma once
// What a kernel running on a GPU writes to a sycl::stream: records appended to
// memory that the device and the host both reach (shared USM). The device only
// records each value and how it was asked to print it; when the kernel has
// ended the host formats the records with the code and limits that output
// written on the CPU goes through (sycl/stream.hpp), so both print the same text.
#include <cstddef>
#include <cstdint>
#include <sycl/atomic_ref.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl::detail {

enum class stream_token : std::uint32_t {
  text,              // `size` characters follow the record
  signed_integer,    // value.i, of `size` bytes
  unsigned_integer,  // value.u, of `size` bytes
  floating,          // value.f
  boolean,           // value.u
  character,         // value.u
  pointer,           // value.u
  manipulator,       // value.u: a stream_manipulator
  precision,         // value.i
  width,             // value.i
};

struct stream_record {
  std::uint64_t item;   // the writing work item's linear id
  std::uint32_t bytes;  // the record's size, text included (a multiple of 8)
  stream_token token;
  std::uint32_t size;  // characters of a text record; bytes of an integer
  std::uint32_t unused = 0;
  union {
    std::int64_t i;
    std::uint64_t u;
    double f;
  } value;
};

struct stream_log {
  std::uint64_t used;      // bytes reserved so far (what lies beyond capacity was dropped)
  std::uint64_t capacity;  // bytes for records, after this header

  WEFT_HOST_DEVICE unsigned char* records() { return reinterpret_cast<unsigned char*>(this + 1); }

  // Room for one record of `bytes` bytes, or null when the log is full.
  WEFT_HOST_DEVICE stream_record* reserve(std::uint64_t item, stream_token token, std::uint32_t text_bytes) {
    const std::uint32_t bytes = std::uint32_t(sizeof(stream_record) + (text_bytes + 7u) / 8u * 8u);
    atomic_ref<std::uint64_t, memory_order::relaxed, memory_scope::device, access::address_space::global_space> cursor(
        used);
    const std::uint64_t at = cursor.fetch_add(bytes);
    if (at + bytes > capacity) return nullptr;
    auto* r = reinterpret_cast<stream_record*>(records() + at);
    r->item = item;
    r->bytes = bytes;
    r->token = token;
    r->size = text_bytes;
    return r;
  }
  WEFT_HOST_DEVICE void put(std::uint64_t item, stream_token token, std::uint32_t size, std::uint64_t bits) {
    if (stream_record* r = reserve(item, token, 0)) {
      r->size = size;
      r->value.u = bits;
    }
  }
  WEFT_HOST_DEVICE void put_text(std::uint64_t item, const char* s, std::size_t n) {
    if (stream_record* r = reserve(item, stream_token::text, std::uint32_t(n))) {
      char* out = reinterpret_cast<char*>(r + 1);
      for (std::size_t i = 0; i < n; ++i) out[i] = s[i];
    }
  }
};

}  // namespace weft::sycl::detail
