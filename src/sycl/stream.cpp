// sycl::stream's out-of-line parts (include/sycl/stream.hpp): formatting, the
// per-command-group sink that collects and prints the work items' output, and
// the per-thread record of running work items (include/sycl/detail/kernel_extras.hpp).
#include <algorithm>
#include <cstdio>
#include <mutex>
#include <string>
#include <utility>
#include <vector>
#include <sycl/sycl.hpp>

namespace weft::sycl {
namespace detail {

std::string format_integer_parts(const stream_format& fm, bool is_signed, long long value, unsigned long long bits) {
  unsigned f = fm.flags;
  char buf[80];
  if (f & (f_hex | f_oct)) {
    const char* prefix = (f & f_showbase) ? ((f & f_hex) ? "0x" : "0") : "";
    std::snprintf(buf, sizeof buf, (f & f_hex) ? "%s%llx" : "%s%llo", prefix, bits);
  } else if (is_signed) {
    std::snprintf(buf, sizeof buf, (f & f_showpos) ? "%+lld" : "%lld", value);
  } else {
    std::snprintf(buf, sizeof buf, (f & f_showpos) ? "+%llu" : "%llu", bits);
  }
  return buf;
}

std::string format_float(const stream_format& fm, double v) {
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

std::string format_pointer(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

void append_limited(std::string& text, int& width, const char* s, std::size_t n, std::size_t limit) {
  if (width > 0 && std::size_t(width) > n) {
    const std::size_t pad = std::size_t(width) - n;
    const std::size_t room = limit > text.size() ? limit - text.size() : 0;
    text.append(std::min(pad, room), ' ');
  }
  width = 0;  // width applies to the next item only
  const std::size_t room = limit > text.size() ? limit - text.size() : 0;
  text.append(s, std::min(n, room));
}

// ---- the running work items of this thread (kernel_extras.hpp) -------------------

namespace {
// Several items are active on one thread at once when an nd_range group runs as
// fibers; each has its own stack, so the item that is writing is the one whose
// adapter frame is the nearest above the writer's stack address.
struct stream_thread_state {
  std::vector<stream_item_frame> frames;
  std::vector<stream_pending> pending;

  // The item whose frame encloses `here` (an address on the caller's stack), or null.
  const stream_item_frame* current(const void* here) const {
    const stream_item_frame* best = nullptr;
    auto h = reinterpret_cast<std::uintptr_t>(here);
    for (auto& f : frames) {
      auto a = reinterpret_cast<std::uintptr_t>(f.frame);
      if (a >= h && (!best || a < reinterpret_cast<std::uintptr_t>(best->frame))) best = &f;
    }
    return best;
  }
};
thread_local stream_thread_state t_stream_state;
}  // namespace

void stream_begin_item(std::size_t linear_id, const void* frame) {
  t_stream_state.frames.push_back({frame, linear_id});
}

void stream_end_item(const void* frame) {
  auto& t = t_stream_state;
  std::size_t id = 0;
  for (std::size_t i = 0; i < t.frames.size(); ++i)
    if (t.frames[i].frame == frame) {
      id = t.frames[i].item_id;
      t.frames.erase(t.frames.begin() + std::ptrdiff_t(i));
      break;
    }
  for (std::size_t i = 0; i < t.pending.size();) {
    if (t.pending[i].item_id == id) {
      if (!t.pending[i].text.empty()) t.pending[i].sink->commit(id, std::move(t.pending[i].text));
      t.pending.erase(t.pending.begin() + std::ptrdiff_t(i));
    } else {
      ++i;
    }
  }
}

// ---- specialization constants (kernel_extras.hpp) ---------------------------------

const unsigned char* spec_constant_values::find(const void* object, std::uint64_t name_key) const {
  for (auto& v : values)
    if (v.object == object) return v.bytes.data();
  if (name_key != 0)
    for (auto& v : values)
      if (v.name_key == name_key) return v.bytes.data();
  return nullptr;
}

const unsigned char* spec_constant_values::kernel_value(const spec_constant_values* v, const void* object,
                                                        std::uint64_t name_key, const void* default_bytes) noexcept {
  const unsigned char* found = v ? v->find(object, name_key) : nullptr;
  return found ? found : static_cast<const unsigned char*>(default_bytes);
}

void spec_constant_values::set(const void* object, std::uint64_t name_key, const void* bytes, std::size_t n) {
  const auto* b = static_cast<const unsigned char*>(bytes);
  for (auto& v : values)
    if (v.object == object) {
      v.bytes.assign(b, b + n);
      return;
    }
  values.push_back({object, name_key, std::vector<unsigned char>(b, b + n)});
}

// ---- the sink ----------------------------------------------------------------------

stream_sink_impl::~stream_sink_impl() {
  if (m_log) weft::detail::usm_free(m_log);
}

void stream_sink_impl::commit(std::size_t item_id, std::string&& text) {
  std::lock_guard<std::mutex> lock(m_mutex);
  if (m_used >= m_total) return;
  if (text.size() > m_total - m_used) text.resize(m_total - m_used);
  m_used += text.size();
  m_records.push_back({item_id, std::move(text)});
}

void stream_sink_impl::flush_kernel_output() {
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

stream_log* stream_sink_impl::make_device_log(const weft::detail::device_state& d, std::size_t bytes) {
  void* p = weft::detail::usm_allocate(sizeof(stream_log) + bytes, 64, usm::alloc::shared, &d);
  if (!p)
    weft::detail::throw_error(errc::memory_allocation, "sycl::stream: could not allocate " + std::to_string(bytes) +
                                                           " bytes for its output on " + d.name);
  m_log = static_cast<stream_log*>(p);
  m_log->used = 0;
  m_log->capacity = bytes;
  return m_log;
}

void stream_sink_impl::format_device_records() {
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

}  // namespace detail

// ---- sycl::stream ------------------------------------------------------------------

stream::stream(std::size_t total_buffer_size, std::size_t work_item_buffer_size, handler& cgh, const property_list&)
    : m_sink(std::make_shared<detail::stream_sink_impl>(total_buffer_size, work_item_buffer_size)) {
  const weft::detail::device_state* d = detail::handler_access::device(cgh);
  // On a GPU: records of up to 32 bytes per character the kernel may print, at least 64 KiB.
  if (d && d->ops) m_log = m_sink->make_device_log(*d, std::max<std::size_t>(total_buffer_size * 32, 64 * 1024));
  detail::handler_access::add_stream(cgh, m_sink);
}

__attribute__((noinline)) detail::stream_pending* stream::pending() const {
  auto& t = detail::t_stream_state;
  if (t.frames.empty()) return nullptr;
  const detail::stream_item_frame* item = t.current(__builtin_frame_address(0));
  if (!item) return nullptr;
  for (auto& p : t.pending)
    if (p.sink == m_sink.get() && p.item_id == item->item_id) return &p;
  t.pending.push_back(detail::stream_pending{m_sink.get(), item->item_id, {}});
  return &t.pending.back();
}

void stream::put(const char* s, std::size_t n) const {
  detail::stream_pending* p = pending();
  if (!p) {
    std::string outside;  // not thread_local: host code may print from exit handlers
    detail::append_limited(outside, width(), s, n, std::size_t(-1));
    std::fwrite(outside.data(), 1, outside.size(), stdout);
    return;
  }
  detail::append_limited(p->text, p->width, s, n, m_sink->per_item());
}

void stream::end_statement() const {
  detail::stream_pending* p = pending();
  if (!p) {
    std::fflush(stdout);
    return;
  }
  if (!p->text.empty()) m_sink->commit(p->item_id, std::move(p->text));
  p->text.clear();
}

unsigned& stream::flags() const {
  static thread_local unsigned outside = 0;
  detail::stream_pending* p = pending();
  return p ? p->flags : outside;
}

int& stream::precision() const {
  static thread_local int outside = -1;
  detail::stream_pending* p = pending();
  return p ? p->precision : outside;
}

int& stream::width() const {
  static thread_local int outside = 0;
  detail::stream_pending* p = pending();
  return p ? p->width : outside;
}

}  // namespace weft::sycl
