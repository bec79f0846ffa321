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
struct precision_manipulator {
  int precision;
};
struct width_manipulator {
  int width;
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

template <class I>
std::string format_integer(const stream_format& fm, I v) {
  unsigned f = fm.flags;
  char buf[80];
  if (f & (f_hex | f_oct)) {
    auto u = static_cast<unsigned long long>(static_cast<std::make_unsigned_t<I>>(v));
    const char* prefix = (f & f_showbase) ? ((f & f_hex) ? "0x" : "0") : "";
    std::snprintf(buf, sizeof buf, (f & f_hex) ? "%s%llx" : "%s%llo", prefix, u);
  } else if constexpr (std::is_signed_v<I>) {
    std::snprintf(buf, sizeof buf, (f & f_showpos) ? "%+lld" : "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buf, sizeof buf, (f & f_showpos) ? "+%llu" : "%llu", static_cast<unsigned long long>(v));
  }
  return buf;
}
inline std::string format_float(const stream_format& fm, double v) {
  unsigned f = fm.flags;
  int prec = fm.precision;
  char conv = (f & f_hexfloat) ? 'a' : (f & f_fixed) ? 'f' : (f & f_scientific) ? 'e' : 'g';
  std::string fmt = "%";
  if (f & f_showpos) fmt += '+';
  if (prec >= 0 && conv != 'a') fmt += "." + std::to_string(prec);
  fmt += conv;
  char buf[128];
  std::snprintf(buf, sizeof buf, fmt.c_str(), v);
  return buf;
}
inline std::string format_pointer(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}
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
// cut at the statement limit `room` (characters of the statement so far included).
inline void append_limited(std::string& text, int& width, const char* s, std::size_t n, std::size_t limit) {
  if (width > 0 && std::size_t(width) > n) {
    const std::size_t pad = std::size_t(width) - n;
    const std::size_t room = limit > text.size() ? limit - text.size() : 0;
    text.append(std::min(pad, room), ' ');
  }
  width = 0;  // width applies to the next item only
  const std::size_t room = limit > text.size() ? limit - text.size() : 0;
  text.append(s, std::min(n, room));
}

class stream_sink_impl final : public stream_sink {
 public:
  stream_sink_impl(std::size_t total, std::size_t per_item) : m_total(total), m_per_item(per_item) {}
  ~stream_sink_impl() override {
    if (m_log) weft::detail::usm_free(m_log);
  }
  stream_sink_impl(const stream_sink_impl&) = delete;
  stream_sink_impl& operator=(const stream_sink_impl&) = delete;

  void commit(std::size_t item_id, std::string&& text) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_used >= m_total) return;
    if (text.size() > m_total - m_used) text.resize(m_total - m_used);
    m_used += text.size();
    m_records.push_back({item_id, std::move(text)});
  }
  void flush_kernel_output() override {
    if (m_log) format_device_records();
    std::vector<record> records;
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      records.swap(m_records);
      m_used = 0;
    }
    // Ordered by work item; an item's own records keep their order (a plain
    // sort on (id, position): std::stable_sort's buffer API is deprecated).
    std::vector<std::size_t> order(records.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return records[a].id != records[b].id ? records[a].id < records[b].id : a < b;
    });
    static std::mutex out_mutex;
    std::lock_guard<std::mutex> lock(out_mutex);
    for (std::size_t i : order) std::fwrite(records[i].text.data(), 1, records[i].text.size(), stdout);
    std::fflush(stdout);
  }
  std::size_t per_item() const { return m_per_item; }
  std::size_t total() const { return m_total; }

  // A stream for a GPU kernel: the records its work items write (stream_log.hpp),
  // in shared memory on that device; the device's records beyond `bytes` are dropped.
  stream_log* make_device_log(const weft::detail::device_state& d, std::size_t bytes) {
    void* p = weft::detail::usm_allocate(sizeof(stream_log) + bytes, 64, usm::alloc::shared, &d);
    if (!p)
      weft::detail::throw_error(errc::memory_allocation, "sycl::stream: could not allocate " + std::to_string(bytes) +
                                                             " bytes for its output on " + d.name);
    m_log = static_cast<stream_log*>(p);
    m_log->used = 0;
    m_log->capacity = bytes;
    return m_log;
  }

 private:
  // Replays each work item's records in the order it wrote them, as the CPU's
  // stream would have formatted them (same statement and total limits).
  void format_device_records() {
    struct item_state {
      std::string text;
      stream_format format;
      int width = 0;
    };
    std::vector<std::pair<std::uint64_t, item_state>> items;  // in order of first record
    auto state_of = [&](std::uint64_t id) -> item_state& {
      for (auto& i : items)
        if (i.first == id) return i.second;
      items.push_back({id, item_state{}});
      return items.back().second;
    };
    const std::uint64_t end = std::min(m_log->used, m_log->capacity);
    for (std::uint64_t at = 0; at < end;) {
      const auto* r = reinterpret_cast<const stream_record*>(m_log->records() + at);
      at += r->bytes;
      item_state& st = state_of(r->item);
      auto put = [&](const std::string& s) { append_limited(st.text, st.width, s.data(), s.size(), m_per_item); };
      switch (r->token) {
        case stream_token::text:
          append_limited(st.text, st.width, reinterpret_cast<const char*>(r + 1), r->size, m_per_item);
          break;
        case stream_token::signed_integer:
          put(r->size == 1   ? format_integer(st.format, std::int8_t(r->value.i))
              : r->size == 2 ? format_integer(st.format, std::int16_t(r->value.i))
              : r->size == 4 ? format_integer(st.format, std::int32_t(r->value.i))
                             : format_integer(st.format, std::int64_t(r->value.i)));
          break;
        case stream_token::unsigned_integer:
          put(r->size == 1   ? format_integer(st.format, std::uint8_t(r->value.u))
              : r->size == 2 ? format_integer(st.format, std::uint16_t(r->value.u))
              : r->size == 4 ? format_integer(st.format, std::uint32_t(r->value.u))
                             : format_integer(st.format, std::uint64_t(r->value.u)));
          break;
        case stream_token::floating: put(format_float(st.format, r->value.f)); break;
        case stream_token::boolean: put(r->value.u ? "true" : "false"); break;
        case stream_token::character: put(std::string(1, char(r->value.u))); break;
        case stream_token::pointer: put(format_pointer(reinterpret_cast<const void*>(r->value.u))); break;
        case stream_token::precision: st.format.precision = int(r->value.i); break;
        case stream_token::width: st.width = int(r->value.i); break;
        case stream_token::manipulator: {
          const auto m = static_cast<stream_manipulator>(r->value.u);
          if (m == stream_manipulator::endl) append_limited(st.text, st.width, "\n", 1, m_per_item);
          if (m == stream_manipulator::endl || m == stream_manipulator::flush) {
            if (!st.text.empty()) commit(std::size_t(r->item), std::move(st.text));
            st.text.clear();
          }
          apply_manipulator(st.format.flags, m);
          break;
        }
      }
    }
    for (auto& i : items)
      if (!i.second.text.empty()) commit(std::size_t(i.first), std::move(i.second.text));
    m_log->used = 0;
  }

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

WEFT_HOST_DEVICE inline detail::precision_manipulator setprecision(int precision) { return {precision}; }
WEFT_HOST_DEVICE inline detail::width_manipulator setw(int width) { return {width}; }

class stream {
 public:
  stream(std::size_t total_buffer_size, std::size_t work_item_buffer_size, handler& cgh, const property_list& = {})
      : m_sink(std::make_shared<detail::stream_sink_impl>(total_buffer_size, work_item_buffer_size)) {
    const weft::detail::device_state* d = detail::handler_access::device(cgh);
    // On a GPU: records of up to 32 bytes per character the kernel may print, at least 64 KiB.
    if (d && d->ops) m_log = m_sink->make_device_log(*d, std::max<std::size_t>(total_buffer_size * 32, 64 * 1024));
    detail::handler_access::add_stream(cgh, m_sink);
  }

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
  // The calling work item's buffer for this stream (internal).
  // Not inlined: its frame lies below every frame of its callers, the work item's
  // adapter (which registered an address in its own frame) among them.
  __attribute__((noinline)) detail::stream_pending* pending() const {
    auto& t = detail::t_stream_state;
    if (t.frames.empty()) return nullptr;
    const detail::stream_item_frame* item = t.current(__builtin_frame_address(0));
    if (!item) return nullptr;
    for (auto& p : t.pending)
      if (p.sink == m_sink.get() && p.item_id == item->item_id) return &p;
    t.pending.push_back(detail::stream_pending{m_sink.get(), item->item_id, {}});
    return &t.pending.back();
  }
  // Writes s (padded to the pending width): to the work item's statement, or
  // straight to stdout outside a kernel.
  void put(const char* s, std::size_t n) const {
    detail::stream_pending* p = pending();
    if (!p) {
      static thread_local std::string outside;
      outside.clear();
      detail::append_limited(outside, width(), s, n, std::size_t(-1));
      std::fwrite(outside.data(), 1, outside.size(), stdout);
      return;
    }
    detail::append_limited(p->text, p->width, s, n, m_sink->per_item());
  }
  void put(const std::string& s) const { put(s.data(), s.size()); }
  void end_statement() const {  // endl / flush: the segment so far is complete
    detail::stream_pending* p = pending();
    if (!p) {
      std::fflush(stdout);
      return;
    }
    if (!p->text.empty()) m_sink->commit(p->item_id, std::move(p->text));
    p->text.clear();
  }
  unsigned& flags() const {
    static thread_local unsigned outside = 0;
    detail::stream_pending* p = pending();
    return p ? p->flags : outside;
  }
  int& precision() const {
    static thread_local int outside = -1;
    detail::stream_pending* p = pending();
    return p ? p->precision : outside;
  }
  int& width() const {
    static thread_local int outside = 0;
    detail::stream_pending* p = pending();
    return p ? p->width : outside;
  }
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
WEFT_HOST_DEVICE inline const stream& operator<<(const stream& os, detail::precision_manipulator p) {
#if WEFT_DEVICE_PASS
  os.record(detail::stream_token::precision, 4, std::uint64_t(std::int64_t(p.precision)));
#else
  os.precision() = p.precision;
#endif
  return os;
}
WEFT_HOST_DEVICE inline const stream& operator<<(const stream& os, detail::width_manipulator w) {
#if WEFT_DEVICE_PASS
  os.record(detail::stream_token::width, 4, std::uint64_t(std::int64_t(w.width)));
#else
  os.width() = w.width;
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
