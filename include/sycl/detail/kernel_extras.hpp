#pragma once
// What a command group adds around its kernel besides the kernel itself:
// specialization-constant values (read through kernel_handler) and sycl::stream
// objects (whose per-item output is collected and printed, ordered by work-item
// id, when the kernel ends). The handler keeps one kernel_extras and runs the
// kernel through run_kernel(), which wraps it in a small adapter only when the
// kernel takes a kernel_handler or a stream exists, so plain kernels reach the
// launch code unchanged.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <sycl/detail/kernel_registry.hpp>
#include <weft/kernel/stream_item.hpp>
#include <weft/runtime/export.hpp>
#include <weft/kernel/target.hpp>
#include <weft/runtime/device_state.hpp>

namespace weft::sycl {

template <typename T>
class specialization_id;
class kernel_handler;

namespace detail {

// A specialization constant has two keys. On the host, its object: unique, also
// where two names print alike (clang writes a variable template's instance
// `sc<bool, 11>` as `sc` in __PRETTY_FUNCTION__). In a GPU kernel's device pass,
// where the object's address is not the host's, a hash of the name of this
// function's instantiation for it, which host and device passes agree on.
template <auto& SpecName>
constexpr std::uint64_t spec_name_key_of() {
  const char* name = __PRETTY_FUNCTION__;
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (; *name; ++name) h = (h ^ std::uint64_t(static_cast<unsigned char>(*name))) * 1099511628211ull;
  return h;
}
template <auto& SpecName>
inline constexpr std::uint64_t spec_name_key = spec_name_key_of<SpecName>();

// The host's second key, for one constant that is one object per translation unit:
// g++ 12 gives a namespace-scope constexpr variable template internal linkage (the rule
// before CWG 2387), so `sc<int, 1>` set in one file and read in a kernel of another are
// two objects, alike by their exact name. clang gives them one object, and its names
// are no key (above): 0, no second key.
template <auto& SpecName>
inline constexpr std::uint64_t spec_host_name_key =
#if defined(__clang__)
    0;
#else
    spec_name_key<SpecName>;
#endif

template <auto& SpecName>
struct kernel_spec_constant_registration {
  static inline const bool registered = register_kernel_spec_constant(&SpecName, spec_host_name_key<SpecName>);
};

// Values set with set_specialization_constant (src/sycl/stream.cpp).
struct WEFT_API spec_constant_values {
  struct value {
    const void* object;  // the specialization_id
    std::uint64_t name_key;
    std::vector<unsigned char> bytes;
  };
  std::vector<value> values;

  // The value set for this object, else (name_key != 0) for another of the same name.
  const unsigned char* find(const void* object, std::uint64_t name_key) const;
  // What a CPU kernel reads: find()'s bytes in v (which may be null), else default_bytes.
  // Declared const (its result depends on its arguments alone) so that the compiler
  // reads each constant once per launch, not in every work item, and the item loop
  // stays free of calls: the values a command group or a kernel bundle holds are
  // copied before any change and never changed in place, so they stay as they are
  // while a kernel can read them. Host code reads through find(), which may see a change.
  [[gnu::const]] static const unsigned char* kernel_value(const spec_constant_values* v, const void* object,
                                                          std::uint64_t name_key, const void* default_bytes) noexcept;
  void set(const void* object, std::uint64_t name_key, const void* bytes, std::size_t n);
  template <auto& SpecName, class T>
  void set(const T& v) {
    set(&SpecName, spec_name_key<SpecName>, &v, sizeof v);
  }
};

// The values a GPU kernel reads through its kernel_handler: a copy of the
// command group's specialization constants that travels in the kernel's
// parameters (so it is bounded: max_values values of max_bytes in all).
struct spec_constant_table {
  static constexpr std::size_t max_values = 16, max_bytes = 512;
  std::uint32_t count = 0;
  std::uint64_t keys[max_values] = {};
  std::uint32_t offsets[max_values] = {};
  alignas(16) unsigned char bytes[max_bytes] = {};

  WEFT_HOST_DEVICE const unsigned char* find(std::uint64_t key) const {
    for (std::uint32_t i = 0; i < count; ++i)
      if (keys[i] == key) return bytes + offsets[i];
    return nullptr;
  }
  // False when the values do not fit.
  bool fill(const spec_constant_values* v) {
    count = 0;
    std::size_t used = 0;
    if (!v) return true;
    for (auto& e : v->values) {
      used = (used + 15) / 16 * 16;
      if (count == max_values || used + e.bytes.size() > max_bytes) return false;
      keys[count] = e.name_key;
      offsets[count] = std::uint32_t(used);
      std::memcpy(bytes + used, e.bytes.data(), e.bytes.size());
      used += e.bytes.size();
      ++count;
    }
    return true;
  }
};

// A stream's shared state for one command group (stream.hpp implements it).
class stream_sink {
 public:
  virtual ~stream_sink() = default;
  // Takes one work item's finished output (thread-safe).
  virtual void commit(std::size_t item_id, std::string&& text) = 0;
  // Prints everything the kernel's work items wrote, ordered by work-item id.
  virtual void flush_kernel_output() = 0;
};

template <class T>
struct spec_default;
struct kernel_handler_access;

struct kernel_extras {
  std::shared_ptr<spec_constant_values> spec;  // null until a value is set
  std::vector<std::shared_ptr<stream_sink>> streams;
  bool bundle_bound = false;  // use_kernel_bundle was called
  // The kernels of the bundle use_kernel_bundle bound (their kernel_id names); null: all of them.
  std::shared_ptr<const std::vector<const char*>> bundle_kernels;
};

// What a running work item wrote to a stream so far (with that stream's
// formatting state, which is per item), and where its adapter's frame is.
struct stream_pending {
  stream_sink* sink;
  std::size_t item_id;
  std::string text;
  unsigned flags = 0;
  int precision = -1;
  int width = 0;
};
struct stream_item_frame {
  const void* frame;  // an address in the adapter's stack frame
  std::size_t item_id;
};
// The adapter of a running work item registers an address of its frame
// (src/sycl/stream.cpp keeps them per thread); at its end the item's output is committed.
WEFT_API void stream_begin_item(std::size_t linear_id, const void* frame);
WEFT_API void stream_end_item(const void* frame);
struct stream_item_scope {
  stream_item_scope(std::size_t id) { stream_begin_item(id, this); }
  ~stream_item_scope() { stream_end_item(this); }
  stream_item_scope(const stream_item_scope&) = delete;
  stream_item_scope& operator=(const stream_item_scope&) = delete;
};

template <class It, class = void>
struct has_global_linear_id : std::false_type {};
template <class It>
struct has_global_linear_id<It, std::void_t<decltype(std::declval<const It&>().get_global_linear_id())>>
    : std::true_type {};

template <class It, class = void>
struct has_group_linear_id : std::false_type {};
template <class It>
struct has_group_linear_id<It, std::void_t<decltype(std::declval<const It&>().get_group_linear_id())>>
    : std::true_type {};

// The id a stream's output is ordered by: the work item's, or a hierarchical
// kernel's work group's.
template <class It>
WEFT_HOST_DEVICE std::size_t item_linear_id(const It& it) {
  if constexpr (has_global_linear_id<It>::value) return it.get_global_linear_id();
  else if constexpr (has_group_linear_id<It>::value) return it.get_group_linear_id();
  else return it.get_linear_id();
}

}  // namespace detail

// Section 4.9.4.4: what a kernel that takes one as its last argument reads
// specialization constants from.
class kernel_handler {
 public:
  template <auto& SpecName>
  WEFT_HOST_DEVICE typename std::remove_reference_t<decltype(SpecName)>::value_type get_specialization_constant()
      const {
#if !WEFT_DEVICE_PASS
    // A kernel reads it: the program's bundles have it (kernel_bundle::has_specialization_constant).
    static_cast<void>(&detail::kernel_spec_constant_registration<SpecName>::registered);
#endif
    return read<SpecName>();
  }

  // For the runtime: the host's values, or a GPU kernel's copy of them.
  explicit kernel_handler(const detail::spec_constant_values* v) : m_values(v) {}
  WEFT_HOST_DEVICE explicit kernel_handler(const detail::spec_constant_table* t) : m_table(t) {}

 private:
  friend struct detail::kernel_handler_access;
  template <auto& SpecName>
  WEFT_HOST_DEVICE typename std::remove_reference_t<decltype(SpecName)>::value_type read() const {
    using T = typename std::remove_reference_t<decltype(SpecName)>::value_type;
    const T& fallback = detail::spec_default<T>::get(SpecName);
    T value = fallback;
#if WEFT_DEVICE_PASS
    // A GPU kernel's handler reads the table in its parameters (m_values is the host's).
    const unsigned char* bytes = m_table ? m_table->find(detail::spec_name_key<SpecName>) : nullptr;
    if (bytes) __builtin_memcpy(static_cast<void*>(&value), bytes, sizeof(T));
#else
    // Unconditional, so that the compiler may move the (const) lookup out of the item loop.
    __builtin_memcpy(static_cast<void*>(&value),
                     detail::spec_constant_values::kernel_value(m_values, &SpecName,
                                                                detail::spec_host_name_key<SpecName>, &fallback),
                     sizeof(T));
#endif
    return value;
  }
  const detail::spec_constant_values* m_values = nullptr;
  [[maybe_unused]] const detail::spec_constant_table* m_table = nullptr;  // read in a GPU's device pass
};

namespace detail {
struct kernel_handler_access {
  static const spec_constant_values* values(const kernel_handler& kh) { return kh.m_values; }
  // A value read outside a kernel (handler, kernel_bundle): not a kernel's use, and
  // through find(), which the compiler does not assume unchanged by the code around it.
  template <auto& SpecName>
  static auto read(const spec_constant_values* v) {
    using T = typename std::remove_reference_t<decltype(SpecName)>::value_type;
    T value = spec_default<T>::get(SpecName);
    if (const unsigned char* bytes = v ? v->find(&SpecName, spec_host_name_key<SpecName>) : nullptr)
      std::memcpy(static_cast<void*>(&value), bytes, sizeof(T));
    return value;
  }
};
}  // namespace detail

// Section 4.9.4.4: specialization_id<T>, declared at namespace scope (constexpr).
template <typename T>
class specialization_id {
 public:
  using value_type = T;
  template <class... Args>
  explicit constexpr specialization_id(Args&&... args) : m_default(make(std::forward<Args>(args)...)) {}
  specialization_id(const specialization_id&) = delete;
  specialization_id(specialization_id&&) = delete;
  specialization_id& operator=(const specialization_id&) = delete;
  specialization_id& operator=(specialization_id&&) = delete;

 private:
  template <class>
  friend struct detail::spec_default;
  // T(args...), or T{args...} for aggregates (C++17 has no parenthesized aggregate init).
  template <class... Args>
  static constexpr T make(Args&&... args) {
    if constexpr (std::is_constructible_v<T, Args&&...>) return T(std::forward<Args>(args)...);
    else return T{std::forward<Args>(args)...};
  }
  T m_default;
};

namespace detail {

template <class T>
struct spec_default {
  WEFT_HOST_DEVICE static const T& get(const specialization_id<T>& id) { return id.m_default; }
};

template <class K, bool WithHandler, bool WithStreams>
struct kernel_adapter {
  K kernel;
  kernel_handler kh;

  // single_task
  template <class KK = K>
  WEFT_HOST_DEVICE auto operator()() const
      -> std::enable_if_t<WithHandler ? std::is_invocable_v<const KK&, kernel_handler>
                                      : std::is_invocable_v<const KK&>> {
    call_with(kh);
  }
  // parallel_for: (item or nd_item, reducers...)
  template <class It, class... R, class KK = K>
  WEFT_HOST_DEVICE auto operator()(const It& it, R&&... reducers) const
      -> std::enable_if_t<WithHandler ? std::is_invocable_v<const KK&, const It&, R&&..., kernel_handler>
                                      : std::is_invocable_v<const KK&, const It&, R&&...>> {
    call_with(kh, it, std::forward<R>(reducers)...);
  }

  // The kernel called with args (and h, WithHandler), the work item recorded
  // first for the streams' output. A GPU target calls it with a handler of its own.
  template <class... Args>
  WEFT_HOST_DEVICE void call_with(const kernel_handler& h, Args&&... args) const {
    if constexpr (WithStreams) {
      std::size_t id = 0;
      if constexpr (sizeof...(Args) > 0) id = item_linear_id(first_of(args...));
#if WEFT_DEVICE_PASS
      weft::kernel::stream_item() = id;
      invoke(h, std::forward<Args>(args)...);
#else
      stream_item_scope item(id);
      invoke(h, std::forward<Args>(args)...);
#endif
    } else {
      invoke(h, std::forward<Args>(args)...);
    }
  }

 private:
  template <class A, class... Rest>
  WEFT_HOST_DEVICE static const A& first_of(const A& a, const Rest&...) {
    return a;
  }
  template <class... Args>
  WEFT_HOST_DEVICE void invoke(const kernel_handler& h, Args&&... args) const {
    if constexpr (WithHandler) kernel(std::forward<Args>(args)..., h);
    else kernel(std::forward<Args>(args)...);
  }
};

// With streams, each item's id must be set around its call. The wrapper that
// does it is type-erased, so the launch code is instantiated once per item
// type rather than a second time for every kernel.
template <class It>
struct stream_kernel_ref {
  const void* kernel;
  void (*call)(const void*, const It&);
  void operator()(const It& it) const {
    stream_item_scope item(item_linear_id(it));
    call(kernel, it);
  }
};
template <>
struct stream_kernel_ref<void> {
  const void* kernel;
  void (*call)(const void*);
  void operator()() const {
    stream_item_scope item(0);
    call(kernel);
  }
};
template <class K, class It>
void call_erased(const void* k, const It& it) {
  (*static_cast<const K*>(k))(it);
}
template <class K>
void call_erased_no_item(const void* k) {
  (*static_cast<const K*>(k))();
}
// Item type unknown to the handler (reductions pass reducers too): no erasure.
struct unknown_item {};

// Runs launch(kernel or its adapter), then prints the streams' output. `It` is
// the argument the launch passes each item (void for single_task).
template <bool WithHandler, class It = unknown_item, class K, class Launch>
void run_kernel(const kernel_extras& ex, const K& k, const Launch& launch) {
  kernel_handler kh(ex.spec.get());
  if (ex.streams.empty()) {
    if constexpr (WithHandler) launch(kernel_adapter<K, true, false>{k, kh});
    else launch(k);
    return;
  }
  struct flush_at_end {
    const kernel_extras& ex;
    ~flush_at_end() {
      weft::detail::wait_for_deferred_work();  // a GPU's output is complete when its kernel is
      for (auto& s : ex.streams) s->flush_kernel_output();
    }
  } flush{ex};
  // (A GPU runs the adapter itself: the erased form calls host code.)
  if constexpr (std::is_same_v<It, unknown_item> || WEFT_GPU_TRANSLATION_UNIT) {
    launch(kernel_adapter<K, WithHandler, true>{k, kh});
  } else {
    using Inner = std::conditional_t<WithHandler, kernel_adapter<K, true, false>, K>;
    const Inner inner = [&]() -> Inner {
      if constexpr (WithHandler) return Inner{k, kh};
      else return k;
    }();
    if constexpr (std::is_void_v<It>) launch(stream_kernel_ref<void>{&inner, &call_erased_no_item<Inner>});
    else launch(stream_kernel_ref<It>{&inner, &call_erased<Inner, It>});
  }
}

}  // namespace detail
}  // namespace weft::sycl
