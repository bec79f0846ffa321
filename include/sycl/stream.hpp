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

class stream_sink_impl final : public stream_sink {
 public:
  stream_sink_impl(std::size_t total, std::size_t per_item) : m_total(total), m_per_item(per_item) {}

  void commit(std::size_t item_id, std::string&& text) override {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_used >= m_total) return;
    if (text.size() > m_total - m_used) text.resize(m_total - m_used);
    m_used += text.size();
    m_records.push_back({item_id, std::move(text)});
  }
  void flush_kernel_output() override {
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

 private:
  struct record {
    std::size_t id;
    std::string text;
  };
  std::mutex m_mutex;
  std::vector<record> m_records;
  std::size_t m_total, m_per_item, m_used = 0;
};
}  // namespace detail

inline detail::precision_manipulator setprecision(int precision) { return {precision}; }
inline detail::width_manipulator setw(int width) { return {width}; }

class stream {
 public:
  stream(std::size_t total_buffer_size, std::size_t work_item_buffer_size, handler& cgh, const property_list& = {})
      : m_sink(std::make_shared<detail::stream_sink_impl>(total_buffer_size, work_item_buffer_size)) {
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
  void write(const char* s, std::size_t n) const {
    detail::stream_pending* p = pending();
    if (!p) {
      std::fwrite(s, 1, n, stdout);
      return;
    }
    std::size_t room = m_sink->per_item() > p->text.size() ? m_sink->per_item() - p->text.size() : 0;
    p->text.append(s, std::min(n, room));
  }
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

 private:
  std::shared_ptr<detail::stream_sink_impl> m_sink;
};

namespace detail {

inline void stream_put(const stream& os, const char* s, std::size_t n) {
  int& w = os.width();
  if (w > 0 && std::size_t(w) > n) {
    std::string pad(std::size_t(w) - n, ' ');
    os.write(pad.data(), pad.size());
  }
  w = 0;  // width applies to the next item only
  os.write(s, n);
}
inline void stream_put(const stream& os, const std::string& s) { stream_put(os, s.data(), s.size()); }

template <class I>
std::string format_integer(const stream& os, I v) {
  unsigned f = os.flags();
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
inline std::string format_float(const stream& os, double v) {
  unsigned f = os.flags();
  int prec = os.precision();
  char conv = (f & f_hexfloat) ? 'a' : (f & f_fixed) ? 'f' : (f & f_scientific) ? 'e' : 'g';
  std::string fmt = "%";
  if (f & f_showpos) fmt += '+';
  if (prec >= 0 && conv != 'a') fmt += "." + std::to_string(prec);
  fmt += conv;
  char buf[128];
  std::snprintf(buf, sizeof buf, fmt.c_str(), v);
  return buf;
}
template <class T>
std::string format_value(const stream& os, const T& v);
template <class A>
std::string format_list(const stream& os, const A& a, std::size_t n) {
  std::string s = "{";
  for (std::size_t i = 0; i < n; ++i) {
    if (i) s += ", ";
    s += format_value(os, a[int(i)]);
  }
  return s + "}";
}
template <class T>
std::string format_value(const stream& os, const T& v) {
  if constexpr (std::is_same_v<T, bool>) return v ? "true" : "false";
  else if constexpr (std::is_same_v<T, char>) return std::string(1, v);
  else if constexpr (std::is_integral_v<T>) return format_integer(os, v);
  else if constexpr (std::is_floating_point_v<T>) return format_float(os, static_cast<double>(v));
  else if constexpr (std::is_same_v<T, half>) return format_float(os, static_cast<double>(float(v)));
  else if constexpr (is_vec_v<T>) return format_list(os, v, T::size());
  else if constexpr (is_swizzle_v<T>) return format_value(os, v.to_vec());
  else return format_list(os, v, std::size_t(T::dimensions));  // id, range
}

}  // namespace detail

inline const stream& operator<<(const stream& os, stream_manipulator m) {
  unsigned& f = os.flags();
  using namespace detail;
  switch (m) {
    case stream_manipulator::flush: os.end_statement(); break;
    case stream_manipulator::endl:
      os.write("\n", 1);
      os.end_statement();
      break;
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
  }
  return os;
}
inline const stream& operator<<(const stream& os, detail::precision_manipulator p) {
  os.precision() = p.precision;
  return os;
}
inline const stream& operator<<(const stream& os, detail::width_manipulator w) {
  os.width() = w.width;
  return os;
}
inline const stream& operator<<(const stream& os, const char* s) {
  detail::stream_put(os, s, std::char_traits<char>::length(s));
  return os;
}
inline const stream& operator<<(const stream& os, char* s) { return os << static_cast<const char*>(s); }
template <class T, std::enable_if_t<std::is_arithmetic_v<T> || std::is_same_v<T, half>, int> = 0>
const stream& operator<<(const stream& os, const T& v) {
  detail::stream_put(os, detail::format_value(os, v));
  return os;
}
template <class T>
const stream& operator<<(const stream& os, const T* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", static_cast<const void*>(p));
  detail::stream_put(os, buf, std::char_traits<char>::length(buf));
  return os;
}
template <class T>
const stream& operator<<(const stream& os, T* p) {
  return os << static_cast<const T*>(p);
}
template <class T, access::address_space S, access::decorated D>
const stream& operator<<(const stream& os, const multi_ptr<T, S, D>& p) {
  return os << p.get();
}
template <class T, int N>
const stream& operator<<(const stream& os, const vec<T, N>& v) {
  detail::stream_put(os, detail::format_value(os, v));
  return os;
}
template <class V, class R, int... I>
const stream& operator<<(const stream& os, const detail::swizzle_view<V, R, I...>& v) {
  return os << v.to_vec();
}
template <int D>
const stream& operator<<(const stream& os, const id<D>& v) {
  detail::stream_put(os, detail::format_list(os, v, D));
  return os;
}
template <int D>
const stream& operator<<(const stream& os, const range<D>& v) {
  detail::stream_put(os, detail::format_list(os, v, D));
  return os;
}
template <int D, bool O>
const stream& operator<<(const stream& os, const item<D, O>& it) {
  return os << "item(range: " << it.get_range() << ", id: " << it.get_id() << ")";
}
template <int D>
const stream& operator<<(const stream& os, const nd_range<D>& r) {
  return os << "nd_range(global_range: " << r.get_global_range() << ", local_range: " << r.get_local_range() << ")";
}
template <int D>
const stream& operator<<(const stream& os, const nd_item<D>& it) {
  return os << "nd_item(global_id: " << it.get_global_id() << ", local_id: " << it.get_local_id() << ")";
}
template <int D>
const stream& operator<<(const stream& os, const h_item<D>& h) {
  return os << "h_item(global: " << h.get_global() << ", logical_local: " << h.get_logical_local()
            << ", physical_local: " << h.get_physical_local() << ")";
}
template <int D>
const stream& operator<<(const stream& os, const group<D>& g) {
  return os << "group(id: " << g.get_group_id() << ", range: " << g.get_group_range() << ")";
}

}  // namespace weft::sycl

namespace std {
template <>
struct hash<weft::sycl::stream> {
  size_t operator()(const weft::sycl::stream& s) const noexcept { return hash<const void*>()(s.m_sink.get()); }
};
}  // namespace std
