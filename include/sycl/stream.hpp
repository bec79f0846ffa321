#pragma once
// SYCL 2020 section 4.16: sycl::stream, formatted output from kernels. Each work
// item's output is buffered on its own thread (so writing takes no lock), handed
// to the stream's sink when the item ends, and printed to stdout when the
// kernel ends, ordered by the work item's global linear id (one item's output
// stays in the order it was written). Limits: each statement segment (up to
// endl/flush) keeps at most work_item_buffer_size characters, and the whole
// kernel at most total_buffer_size; the rest is dropped, as on other devices.
// Output written outside a kernel goes straight to stdout.
//
// With barriers in an nd_range kernel the items of a group interleave on one
// thread (fibers); each write finds its item by its stack (kernel_extras.hpp).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>
#include <sycl/detail/kernel_extras.hpp>
#include <sycl/detail/stream_log.hpp>
#include <sycl/handler.hpp>
#include <sycl/h_item.hpp>
#include <sycl/half.hpp>
#include <sycl/id.hpp>
#include <sycl/item.hpp>
#include <sycl/multi_ptr.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/property_list.hpp>
#include <sycl/range.hpp>
#include <sycl/vec.hpp>
#include <weft/kernel/stream_item.hpp>
#include <weft/runtime/device_state.hpp>
#include <weft/runtime/usm.hpp>

namespace weft::sycl {

// The stream manipulators (section 4.16.3): each is an enumerator and a constant of that name.
#define WEFT_STREAM_MANIPULATORS(X) \
  X(flush)                          \
  X(dec)                            \
  X(hex)                            \
  X(oct)                            \
  X(noshowbase)                     \
  X(showbase)                       \
  X(noshowpos)                      \
  X(showpos)                        \
  X(endl)                           \
  X(fixed)                          \
  X(scientific)                     \
  X(hexfloat)                       \
  X(defaultfloat)
#define WEFT_ENUMERATOR(name) name,
enum class stream_manipulator { WEFT_STREAM_MANIPULATORS(WEFT_ENUMERATOR) };
#undef WEFT_ENUMERATOR
#define WEFT_MANIPULATOR(name) inline constexpr stream_manipulator name = stream_manipulator::name;
WEFT_STREAM_MANIPULATORS(WEFT_MANIPULATOR)
#undef WEFT_MANIPULATOR
#undef WEFT_STREAM_MANIPULATORS

namespace detail {
// What setprecision(n) and setw(n) return: the setting (stream_token::precision or
// stream_token::width) and its value.
struct format_setting {
  stream_token setting;
  int value;
};

enum stream_flags : unsigned {
  f_hex = 1u << 0,
  f_oct = 1u << 1,
  f_showbase = 1u << 2,
  f_showpos = 1u << 3,
  f_fixed = 1u << 4,
  f_scientific = 1u << 5,
  f_hexfloat = 1u << 6,
};

// Formatting, shared by output written on the CPU and the records a GPU wrote
// (formatted on the host when its kernel ends).
struct stream_format {
  unsigned flags = 0;
  int precision = -1;
};

// Formats an integer: `bits` is the value converted to its own width's unsigned
// type (what hex and oct print), `value` the value itself for decimal.
WEFT_API std::string format_integer_parts(const stream_format& fm, bool is_signed, long long value,
                                          unsigned long long bits);
template <class I>
std::string format_integer(const stream_format& fm, I v) {
  return format_integer_parts(fm, std::is_signed_v<I>, static_cast<long long>(v),
                              static_cast<unsigned long long>(static_cast<std::make_unsigned_t<I>>(v)));
}
WEFT_API std::string format_float(const stream_format& fm, double v);
WEFT_API std::string format_pointer(const void* p);
template <class T>
std::string format_value(const stream_format& fm, const T& v);
template <class A>
std::string format_list(const stream_format& fm, const A& a, std::size_t n) {
  std::string s = "{";
  for (std::size_t i = 0; i < n; ++i) {
    if (i) s += ", ";
    s += format_value(fm, a[int(i)]);
  }
  return s + "}";
}
template <class T>
std::string format_value(const stream_format& fm, const T& v) {
  if constexpr (std::is_same_v<T, bool>) return v ? "true" : "false";
  else if constexpr (std::is_same_v<T, char>) return std::string(1, v);
  else if constexpr (std::is_integral_v<T>) return format_integer(fm, v);
  else if constexpr (std::is_floating_point_v<T>) return format_float(fm, static_cast<double>(v));
  else if constexpr (std::is_same_v<T, half>) return format_float(fm, static_cast<double>(float(v)));
  else if constexpr (is_vec_v<T>) return format_list(fm, v, T::size());
  else if constexpr (is_swizzle_v<T>) return format_value(fm, v.to_vec());
  else return format_list(fm, v, std::size_t(T::dimensions));  // id, range
}
// The flags a manipulator sets (flush and endl set none).
inline void apply_manipulator(unsigned& f, stream_manipulator m) {
  switch (m) {
    case stream_manipulator::dec: f &= ~(f_hex | f_oct); break;
    case stream_manipulator::hex: f = (f & ~f_oct) | f_hex; break;
    case stream_manipulator::oct: f = (f & ~f_hex) | f_oct; break;
    case stream_manipulator::noshowbase: f &= ~f_showbase; break;
    case stream_manipulator::showbase: f |= f_showbase; break;
    case stream_manipulator::noshowpos: f &= ~f_showpos; break;
    case stream_manipulator::showpos: f |= f_showpos; break;
    case stream_manipulator::fixed: f = (f & ~(f_scientific | f_hexfloat)) | f_fixed; break;
    case stream_manipulator::scientific: f = (f & ~(f_fixed | f_hexfloat)) | f_scientific; break;
    case stream_manipulator::hexfloat: f = (f & ~(f_fixed | f_scientific)) | f_hexfloat; break;
    case stream_manipulator::defaultfloat: f &= ~(f_fixed | f_scientific | f_hexfloat); break;
    default: break;
  }
}
// Appends s to a statement's text: padded to `width` (which then resets), and
// cut at the statement limit (characters of the statement so far included).
WEFT_API void append_limited(std::string& text, int& width, const char* s, std::size_t n, std::size_t limit);

// The stream's state for one command group: the work items' finished output
// (src/sycl/stream.cpp).
class WEFT_API stream_sink_impl final : public stream_sink {
 public:
  stream_sink_impl(std::size_t total, std::size_t per_item) : m_total(total), m_per_item(per_item) {}
  ~stream_sink_impl() override;
  stream_sink_impl(const stream_sink_impl&) = delete;
  stream_sink_impl& operator=(const stream_sink_impl&) = delete;

  void commit(std::size_t item_id, std::string&& text) override;
  void flush_kernel_output() override;
  std::size_t per_item() const { return m_per_item; }
  std::size_t total() const { return m_total; }

  // A stream for a GPU kernel: the records its work items write (stream_log.hpp),
  // in shared memory on that device; the device's records beyond `bytes` are dropped.
  stream_log* make_device_log(const weft::detail::device_state& d, std::size_t bytes);

 private:
  // Replays each work item's records in the order it wrote them, as the CPU's
  // stream would have formatted them (same statement and total limits).
  void format_device_records();

  struct record {
    std::size_t id;
    std::string text;
  };
  std::mutex m_mutex;
  std::vector<record> m_records;
  std::size_t m_total, m_per_item, m_used = 0;
  stream_log* m_log = nullptr;
};
}  // namespace detail

WEFT_HOST_DEVICE inline detail::format_setting setprecision(int precision) {
  return {detail::stream_token::precision, precision};
}
WEFT_HOST_DEVICE inline detail::format_setting setw(int width) { return {detail::stream_token::width, width}; }

class stream {
 public:
  WEFT_API stream(std::size_t total_buffer_size, std::size_t work_item_buffer_size, handler& cgh,
                  const property_list& = {});

  std::size_t size() const noexcept { return m_sink->total(); }
  [[deprecated("use size()")]] std::size_t get_size() const { return size(); }
  std::size_t get_work_item_buffer_size() const { return m_sink->per_item(); }
  [[deprecated("use get_work_item_buffer_size()")]] std::size_t get_max_statement_size() const {
    return get_work_item_buffer_size();
  }
  template <class P>
  bool has_property() const noexcept {
    return false;
  }

  friend bool operator==(const stream& a, const stream& b) { return a.m_sink == b.m_sink; }
  friend bool operator!=(const stream& a, const stream& b) { return !(a == b); }
  friend struct std::hash<stream>;

#if WEFT_DEVICE_PASS
  // GPU code: appends a record for the running work item (stream_log.hpp).
  __device__ void record(detail::stream_token t, std::uint32_t size, std::uint64_t bits) const {
    m_log->put(weft::kernel::stream_item(), t, size, bits);
  }
  __device__ void record_text(const char* s, std::size_t n) const {
    m_log->put_text(weft::kernel::stream_item(), s, n);
  }
#else
  // The calling work item's buffer for this stream, or null outside a kernel
  // (internal). Out of line, so its frame lies below every frame of its callers,
  // the work item's adapter (which registered an address in its own frame) among them.
  WEFT_API detail::stream_pending* pending() const;
  // Writes s (padded to the pending width): to the work item's statement, or
  // straight to stdout outside a kernel.
  WEFT_API void put(const char* s, std::size_t n) const;
  void put(const std::string& s) const { put(s.data(), s.size()); }
  // endl / flush: the segment so far is complete.
  WEFT_API void end_statement() const;
  // The formatting state of the calling work item (or of the code outside kernels).
  WEFT_API unsigned& flags() const;
  WEFT_API int& precision() const;
  WEFT_API int& width() const;
  detail::stream_format format() const { return {flags(), precision()}; }
#endif

 private:
  std::shared_ptr<detail::stream_sink_impl> m_sink;
  detail::stream_log* m_log = nullptr;  // a GPU kernel's records (null on the CPU)
};

namespace detail {
// A value's way to the stream: formatted now on the CPU, recorded on a GPU.
template <class T>
WEFT_HOST_DEVICE void stream_value(const stream& os, const T& v) {
#if WEFT_DEVICE_PASS
  if constexpr (std::is_same_v<T, bool>) os.record(stream_token::boolean, 1, v ? 1 : 0);
  else if constexpr (std::is_same_v<T, char>) os.record(stream_token::character, 1, std::uint64_t(std::uint8_t(v)));
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
    os.record(stream_token::signed_integer, sizeof(T), std::uint64_t(std::int64_t(v)));
  else if constexpr (std::is_integral_v<T>) os.record(stream_token::unsigned_integer, sizeof(T), std::uint64_t(v));
  else {
    double d;
    if constexpr (std::is_same_v<T, half>) d = static_cast<double>(static_cast<float>(v));
    else d = static_cast<double>(v);
    os.record(stream_token::floating, 8, __builtin_bit_cast(std::uint64_t, d));
  }
#else
  os.put(format_value(os.format(), v));
#endif
}
// vec, swizzle, id, range: "{a, b, c}", each element as a value.
template <class A>
WEFT_HOST_DEVICE void stream_list(const stream& os, const A& a, int n) {
#if WEFT_DEVICE_PASS
  os.record_text("{", 1);
  for (int i = 0; i < n; ++i) {
    if (i) os.record_text(", ", 2);
    stream_value(os, a[i]);
  }
  os.record_text("}", 1);
#else
  os.put(format_list(os.format(), a, std::size_t(n)));
#endif
}
}  // namespace detail

WEFT_HOST_DEVICE inline const stream& operator<<(const stream& os, stream_manipulator m) {
#if WEFT_DEVICE_PASS
  os.record(detail::stream_token::manipulator, 4, std::uint64_t(m));
#else
  if (m == stream_manipulator::endl) os.put("\n", 1);
  if (m == stream_manipulator::endl || m == stream_manipulator::flush) os.end_statement();
  detail::apply_manipulator(os.flags(), m);
#endif
  return os;
}
WEFT_HOST_DEVICE inline const stream& operator<<(const stream& os, detail::format_setting f) {
#if WEFT_DEVICE_PASS
  os.record(f.setting, 4, std::uint64_t(std::int64_t(f.value)));
#else
  (f.setting == detail::stream_token::precision ? os.precision() : os.width()) = f.value;
#endif
  return os;
}
WEFT_HOST_DEVICE inline const stream& operator<<(const stream& os, const char* s) {
  std::size_t n = 0;
  while (s[n]) ++n;
#if WEFT_DEVICE_PASS
  os.record_text(s, n);
#else
  os.put(s, n);
#endif
  return os;
}
WEFT_HOST_DEVICE inline const stream& operator<<(const stream& os, char* s) {
  return os << static_cast<const char*>(s);
}
template <class T, std::enable_if_t<std::is_arithmetic_v<T> || std::is_same_v<T, half>, int> = 0>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const T& v) {
  detail::stream_value(os, v);
  return os;
}
template <class T>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const T* p) {
#if WEFT_DEVICE_PASS
  os.record(detail::stream_token::pointer, 8, std::uint64_t(reinterpret_cast<std::uintptr_t>(p)));
#else
  os.put(detail::format_pointer(static_cast<const void*>(p)));
#endif
  return os;
}
template <class T>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, T* p) {
  return os << static_cast<const T*>(p);
}
template <class T, access::address_space S, access::decorated D>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const multi_ptr<T, S, D>& p) {
  return os << p.get();
}
template <class T, int N>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const vec<T, N>& v) {
  detail::stream_list(os, v, N);
  return os;
}
template <class V, class R, int... I>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const detail::swizzle_view<V, R, I...>& v) {
  return os << v.to_vec();
}
template <int D>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const id<D>& v) {
  detail::stream_list(os, v, D);
  return os;
}
template <int D>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const range<D>& v) {
  detail::stream_list(os, v, D);
  return os;
}
template <int D, bool O>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const item<D, O>& it) {
  return os << "item(range: " << it.get_range() << ", id: " << it.get_id() << ")";
}
template <int D>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const nd_range<D>& r) {
  return os << "nd_range(global_range: " << r.get_global_range() << ", local_range: " << r.get_local_range() << ")";
}
template <int D>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const nd_item<D>& it) {
  return os << "nd_item(global_id: " << it.get_global_id() << ", local_id: " << it.get_local_id() << ")";
}
template <int D>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const h_item<D>& h) {
  return os << "h_item(global: " << h.get_global() << ", logical_local: " << h.get_logical_local()
            << ", physical_local: " << h.get_physical_local() << ")";
}
template <int D>
WEFT_HOST_DEVICE const stream& operator<<(const stream& os, const group<D>& g) {
  return os << "group(id: " << g.get_group_id() << ", range: " << g.get_group_range() << ")";
}

}  // namespace weft::sycl

namespace std {
template <>
struct hash<weft::sycl::stream> {
  size_t operator()(const weft::sycl::stream& s) const noexcept { return hash<const void*>()(s.m_sink.get()); }
};
}  // namespace std
