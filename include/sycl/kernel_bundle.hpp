#pragma once
// SYCL 2020 section 4.11: kernel bundles, kernel ids and kernel queries, to the
// extent programs touch them. Weft has no device images to compile: every
// kernel of the program is compiled into it already, in every bundle state, so
// a bundle is a set of kernel ids (or "all of them"), a context, its devices
// and specialization-constant values. Kernel names are types (any type); a
// kernel_id carries the type's readable name. Queries give honest CPU answers.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <memory>
#include <mutex>
#include <string>
#include <typeinfo>
#include <vector>
#include <weft/runtime/export.hpp>
#include <weft/settings.hpp>
#include <sycl/context.hpp>
#include <sycl/detail/kernel_extras.hpp>
#include <sycl/detail/kernel_registry.hpp>
#include <sycl/device.hpp>
#include <sycl/exception.hpp>
#include <sycl/info.hpp>
#include <sycl/range.hpp>

namespace weft::sycl {

enum class bundle_state { input, object, executable };

template <bundle_state State>
class kernel_bundle;
class kernel;

namespace detail {

struct bundle_data {
  context ctx;
  std::vector<device> devices;
  bool all_kernels = true;
  std::vector<const char*> ids;  // when !all_kernels
  std::shared_ptr<spec_constant_values> spec;
};

struct kernel_id_access;
template <bundle_state S>
struct bundle_access;

// Weft compiles each kernel once, so a device image is what it holds: its kernels, its
// devices and its specialization-constant values. Bundles holding the same (a bundle and
// join({bundle}), say) share their image.
inline bool same_image(const bundle_data& a, const bundle_data& b) {
  auto sorted = [](std::vector<const char*> v) {
    std::sort(v.begin(), v.end(), std::less<const char*>());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  };
  auto same_devices = [](const std::vector<device>& x, const std::vector<device>& y) {
    auto in = [](const std::vector<device>& set, const device& d) {
      return std::find(set.begin(), set.end(), d) != set.end();
    };
    return std::all_of(x.begin(), x.end(), [&](const device& d) { return in(y, d); }) &&
           std::all_of(y.begin(), y.end(), [&](const device& d) { return in(x, d); });
  };
  auto values = [](const bundle_data& d) {
    std::vector<std::pair<const void*, std::vector<unsigned char>>> v;
    if (d.spec)
      for (const auto& e : d.spec->values) v.emplace_back(e.object, e.bytes);
    std::sort(v.begin(), v.end());
    return v;
  };
  return a.ctx == b.ctx && a.all_kernels == b.all_kernels && (a.all_kernels || sorted(a.ids) == sorted(b.ids)) &&
         same_devices(a.devices, b.devices) && values(a) == values(b);
}

}  // namespace detail

class kernel_id {
 public:
  kernel_id() = delete;
  const char* get_name() const noexcept { return m_name; }
  friend bool operator==(const kernel_id& a, const kernel_id& b) { return a.m_name == b.m_name; }
  friend bool operator!=(const kernel_id& a, const kernel_id& b) { return !(a == b); }
  friend struct std::hash<kernel_id>;

 private:
  friend struct detail::kernel_id_access;
  explicit kernel_id(const char* name) : m_name(name) {}
  const char* m_name;
};

namespace detail {
struct kernel_id_access {
  static kernel_id make(const char* name) { return kernel_id(name); }
};
}  // namespace detail

template <typename KernelName>
kernel_id get_kernel_id() {
  // A function-local static, so an id asked for during static initialization is right too
  // (kernel_name_registration's own initialization is unordered).
  static const char* name = detail::register_kernel_name(typeid(KernelName*));
  return detail::kernel_id_access::make(name);
}

// info::device::built_in_kernel_ids (declared in sycl/info.hpp, where kernel_id is incomplete):
// Weft's devices have no built-in kernels.
namespace detail {
template <>
struct device_info<info::device::built_in_kernel_ids> {
  static std::vector<kernel_id> get(const weft::detail::device_state&) { return {}; }
};
}  // namespace detail

WEFT_API std::vector<kernel_id> get_kernel_ids();

// A kernel: its id and the executable bundle it came from.
class kernel {
 public:
  kernel() = delete;
  backend get_backend() const noexcept { return m_bundle->ctx.get_backend(); }
  context get_context() const { return m_bundle->ctx; }
  kernel_bundle<bundle_state::executable> get_kernel_bundle() const;

  template <typename Param>
  typename Param::return_type get_info() const {
    // SYCL 2020 4.11.13: num_args is for kernels of interop bundles and built-in kernels only
    // (Weft has neither); any other kernel throws errc::invalid.
    if constexpr (std::is_same_v<Param, info::kernel::num_args>)
      detail::throw_error(errc::invalid,
                          "kernel::get_info<info::kernel::num_args>: only defined for kernels of a bundle made by a "
                          "backend interop function and for built-in kernels; '" +
                              std::string(m_name) + "' is neither");
    else if constexpr (std::is_same_v<Param, info::kernel::attributes>) return std::string();
    else if constexpr (std::is_same_v<Param, info::kernel::function_name>) return std::string(m_name);
    else static_assert(sizeof(Param) == 0, "not an info::kernel descriptor");
  }

  template <typename Param>
  typename Param::return_type get_info(const device& dev) const {
    namespace kds = info::kernel_device_specific;
    const std::size_t max_wg = dev.get_info<info::device::max_work_group_size>();
    // The sub-group size the kernel runs with when it requires none (the CPU's is a
    // setting; a GPU has one), and the smallest the device offers.
    const auto sg_sizes = dev.get_info<info::device::sub_group_sizes>();
    const std::size_t sg = dev.is_cpu() ? weft::sub_group_size() : sg_sizes.empty() ? 1 : sg_sizes.front();
    const std::size_t smallest_sg = sg_sizes.empty() ? 1 : sg_sizes.front();
    const weft::detail::kernel_attributes* attributes = detail::registered_kernel_attributes(m_name);
    const std::uint32_t required_sg = attributes ? attributes->reqd_sub_group_size : 0;
    if constexpr (std::is_same_v<Param, kds::global_work_size>) {
      detail::throw_error(errc::invalid,
                          "kernel::get_info<global_work_size>: only defined for built-in kernels or custom devices; "
                          "this kernel runs on a CPU device, where the global size is whatever you launch");
    } else if constexpr (std::is_same_v<Param, kds::work_group_size>) {
      return max_wg;
    } else if constexpr (std::is_same_v<Param, kds::compile_work_group_size>) {
      return range<3>(0, 0, 0);  // no reqd_work_group_size attribute
    } else if constexpr (std::is_same_v<Param, kds::preferred_work_group_size_multiple>) {
      return sg;  // work groups in whole sub-groups keep every lane busy
    } else if constexpr (std::is_same_v<Param, kds::private_mem_size>) {
      return 0;  // private memory is the worker's stack: no per-kernel reservation
    } else if constexpr (std::is_same_v<Param, kds::max_num_sub_groups>) {
      return static_cast<std::uint32_t>((max_wg + smallest_sg - 1) / smallest_sg);
    } else if constexpr (std::is_same_v<Param, kds::compile_num_sub_groups>) {
      return 0u;
    } else if constexpr (std::is_same_v<Param, kds::max_sub_group_size>) {
      return static_cast<std::uint32_t>(required_sg ? required_sg : sg);
    } else if constexpr (std::is_same_v<Param, kds::compile_sub_group_size>) {
      return required_sg;  // [[sycl::reqd_sub_group_size]] (clang 22 with Weft's plugins), else 0
    } else {
      static_assert(sizeof(Param) == 0, "not an info::kernel_device_specific descriptor");
    }
  }

  friend bool operator==(const kernel& a, const kernel& b) { return a.m_name == b.m_name && a.m_bundle == b.m_bundle; }
  friend bool operator!=(const kernel& a, const kernel& b) { return !(a == b); }
  friend struct std::hash<kernel>;

 private:
  template <bundle_state>
  friend class kernel_bundle;
  kernel(const char* name, std::shared_ptr<const detail::bundle_data> b) : m_name(name), m_bundle(std::move(b)) {}
  const char* m_name;
  std::shared_ptr<const detail::bundle_data> m_bundle;
};

namespace detail {
inline bool meets_attributes(const char* name, const device& dev);
}

template <bundle_state State>
class device_image {
 public:
  device_image() = delete;
  bool has_kernel(const kernel_id& id) const noexcept { return contains(*m_bundle, id); }
  bool has_kernel(const kernel_id& id, const device& dev) const noexcept {
    return has_kernel(id) && detail::meets_attributes(id.get_name(), dev) &&
           std::find(m_bundle->devices.begin(), m_bundle->devices.end(), dev) != m_bundle->devices.end();
  }
  // A bundle of all the program's kernels holds those compatible with one of its
  // devices (whose kernel attributes one of them meets); otherwise those it names.
  static bool contains(const detail::bundle_data& b, const kernel_id& id) {
    if (!b.all_kernels) return std::find(b.ids.begin(), b.ids.end(), id.get_name()) != b.ids.end();
    return std::any_of(b.devices.begin(), b.devices.end(),
                       [&](const device& d) { return detail::meets_attributes(id.get_name(), d); });
  }
  // The same kernels, devices and specialization-constant values (detail::same_image).
  friend bool operator==(const device_image& a, const device_image& b) {
    return a.m_bundle == b.m_bundle || detail::same_image(*a.m_bundle, *b.m_bundle);
  }
  friend bool operator!=(const device_image& a, const device_image& b) { return !(a == b); }
  friend struct std::hash<device_image>;

 private:
  template <bundle_state>
  friend class kernel_bundle;
  explicit device_image(std::shared_ptr<const detail::bundle_data> b) : m_bundle(std::move(b)) {}
  std::shared_ptr<const detail::bundle_data> m_bundle;
};

template <bundle_state State>
class kernel_bundle {
 public:
  using device_image_iterator = const device_image<State>*;

  kernel_bundle() = delete;
  bool empty() const noexcept { return !m_data->all_kernels && m_data->ids.empty(); }
  backend get_backend() const noexcept { return m_data->ctx.get_backend(); }
  context get_context() const { return m_data->ctx; }
  std::vector<device> get_devices() const { return m_data->devices; }

  bool has_kernel(const kernel_id& id) const noexcept { return device_image<State>::contains(*m_data, id); }
  bool has_kernel(const kernel_id& id, const device& dev) const noexcept { return m_image.has_kernel(id, dev); }
  template <typename KernelName>
  bool has_kernel() const noexcept {
    return has_kernel(get_kernel_id<KernelName>());
  }
  template <typename KernelName>
  bool has_kernel(const device& dev) const noexcept {
    return has_kernel(get_kernel_id<KernelName>(), dev);
  }
  std::vector<kernel_id> get_kernel_ids() const {
    std::vector<kernel_id> out;
    if (m_data->all_kernels) {
      for (const kernel_id& id : sycl::get_kernel_ids())
        if (has_kernel(id)) out.push_back(id);
      return out;
    }
    for (const char* n : m_data->ids) out.push_back(detail::kernel_id_access::make(n));
    return out;
  }

  template <bundle_state S = State, std::enable_if_t<S == bundle_state::executable, int> = 0>
  kernel get_kernel(const kernel_id& id) const {
    if (!has_kernel(id))
      detail::throw_error(errc::invalid,
                          std::string("kernel_bundle::get_kernel: the bundle does not contain kernel '") +
                              id.get_name() + "'; build it with that kernel id");
    return kernel(id.get_name(), m_data);
  }
  template <typename KernelName, bundle_state S = State, std::enable_if_t<S == bundle_state::executable, int> = 0>
  kernel get_kernel() const {
    return get_kernel(get_kernel_id<KernelName>());
  }

  bool contains_specialization_constants() const noexcept { return m_data->spec && !m_data->spec->values.empty(); }
  bool native_specialization_constant() const noexcept { return false; }  // emulated: values are read at run time
  // Known program-wide: a kernel of the program reads it (kernels are not told apart).
  template <auto& SpecName>
  bool has_specialization_constant() const noexcept {
    return !empty() && detail::kernel_reads_spec_constant(&SpecName, detail::spec_host_name_key<SpecName>);
  }
  template <auto& SpecName, bundle_state S = State, std::enable_if_t<S == bundle_state::input, int> = 0>
  void set_specialization_constant(typename std::remove_reference_t<decltype(SpecName)>::value_type value) {
    auto d = std::make_shared<detail::bundle_data>(*m_data);
    d->spec = d->spec ? std::make_shared<detail::spec_constant_values>(*d->spec)
                      : std::make_shared<detail::spec_constant_values>();
    d->spec->set<SpecName>(value);
    m_data = d;
    m_image = device_image<State>(m_data);
  }
  template <auto& SpecName>
  typename std::remove_reference_t<decltype(SpecName)>::value_type get_specialization_constant() const {
    return detail::kernel_handler_access::read<SpecName>(m_data->spec.get());
  }

  // One device image, none when the bundle is empty.
  device_image_iterator begin() const { return &m_image; }
  device_image_iterator end() const { return empty() ? &m_image : &m_image + 1; }

  // Common reference semantics (section 4.5.2): copies name the same bundle.
  friend bool operator==(const kernel_bundle& a, const kernel_bundle& b) { return a.m_data == b.m_data; }
  friend bool operator!=(const kernel_bundle& a, const kernel_bundle& b) { return !(a == b); }
  friend struct std::hash<kernel_bundle>;

  // For handler::use_kernel_bundle and the free functions below.
  const detail::bundle_data& data() const { return *m_data; }
  explicit kernel_bundle(std::shared_ptr<const detail::bundle_data> d) : m_data(std::move(d)), m_image(m_data) {}

 private:
  std::shared_ptr<const detail::bundle_data> m_data;
  device_image<State> m_image;
};

inline kernel_bundle<bundle_state::executable> kernel::get_kernel_bundle() const {
  return kernel_bundle<bundle_state::executable>(m_bundle);
}

namespace detail {
// errc::invalid when devs is empty or names a device outside ctx (function: the caller's name).
WEFT_API void check_bundle_devices(const context& ctx, const std::vector<device>& devs,
                                   const char* function = "get_kernel_bundle");
// A bundle's devices: each once, in the order given (a list may name a device twice).
inline std::vector<device> unique_devices(const std::vector<device>& devs) {
  std::vector<device> out;
  for (const device& d : devs)
    if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  return out;
}
template <bundle_state S>
kernel_bundle<S> make_bundle(const context& ctx, const std::vector<device>& devs, bool all,
                             std::vector<const char*> ids = {}) {
  check_bundle_devices(ctx, devs);
  auto d = std::make_shared<bundle_data>();
  d->ctx = ctx;
  d->devices = unique_devices(devs);
  d->all_kernels = all;
  d->ids = std::move(ids);
  return kernel_bundle<S>(d);
}
template <bundle_state To, bundle_state From>
kernel_bundle<To> convert_bundle(const kernel_bundle<From>& b) {
  return kernel_bundle<To>(std::make_shared<bundle_data>(b.data()));
}
}  // namespace detail

template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<device>& devs) {
  return detail::make_bundle<State>(ctx, devs, true);
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices());
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<device>& devs,
                                       const std::vector<kernel_id>& ids) {
  detail::check_bundle_devices(ctx, devs);
  std::vector<const char*> names;
  for (auto& id : ids) {
    if (std::none_of(devs.begin(), devs.end(),
                     [&](const device& d) { return detail::meets_attributes(id.get_name(), d); }))
      detail::throw_error(errc::invalid, std::string("get_kernel_bundle: kernel '") + id.get_name() +
                                             "' is compatible with none of the devices (its kernel attributes ask "
                                             "for what they lack; sycl::is_compatible says which)");
    names.push_back(id.get_name());
  }
  return detail::make_bundle<State>(ctx, devs, false, std::move(names));
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<kernel_id>& ids) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), ids);
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx) {
  return get_kernel_bundle<State>(ctx, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<device>& devs) {
  return get_kernel_bundle<State>(ctx, devs, {get_kernel_id<KernelName>()});
}
// Selector form (SYCL 2020 4.11.7): the bundle holds the device images for which the
// selector returns true. Weft's bundle has one image (every kernel, for every device),
// so the selector is called once, on it: true gives the whole bundle, false an empty one.
template <bundle_state State, typename Selector,
          std::enable_if_t<std::is_invocable_r_v<bool, Selector, const device_image<State>&>, int> = 0>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<device>& devs, Selector selector) {
  kernel_bundle<State> all = get_kernel_bundle<State>(ctx, devs);
  for (const device_image<State>& image : all)
    if (selector(image)) return all;
  return get_kernel_bundle<State>(ctx, devs, std::vector<kernel_id>{});
}
template <bundle_state State, typename Selector,
          std::enable_if_t<std::is_invocable_r_v<bool, Selector, const device_image<State>&>, int> = 0>
kernel_bundle<State> get_kernel_bundle(const context& ctx, Selector selector) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), selector);
}

// Every kernel compiled into the program runs on the CPU device, and on the GPUs of the
// GPU target (a program has those only when it is built with the CUDA or HIP target,
// which compiles its kernels for them); kernels that use optional features check them with
// device::has when they run.
namespace detail {
// Whether dev meets the kernel attributes registered for the kernel named `name`
// (clang 22 with Weft's plugins; every kernel meets the none of other compilers).
inline bool meets_attributes(const char* name, const device& dev) {
  const weft::detail::kernel_attributes* a = registered_kernel_attributes(name);
  if (!a) return true;
  if (a->reqd_sub_group_size) {
    const auto sizes = dev.get_info<info::device::sub_group_sizes>();
    if (std::find(sizes.begin(), sizes.end(), std::size_t{a->reqd_sub_group_size}) == sizes.end()) return false;
  }
  if (const std::uint32_t n = std::min<std::uint32_t>(a->reqd_work_group_dims, 3)) {
    const auto max_items = dev.get_info<info::device::max_work_item_sizes<3>>();
    std::uint64_t total = 1;
    for (std::uint32_t d = 0; d < n; ++d) {
      if (a->reqd_work_group_size[d] > max_items[3 - n + d]) return false;
      total *= a->reqd_work_group_size[d];
    }
    if (total > dev.get_info<info::device::max_work_group_size>()) return false;
  }
  for (std::uint32_t i = 0; i < a->aspect_count && i < weft::detail::kernel_attributes::max_aspects; ++i)
    if (!dev.has(static_cast<aspect>(a->aspects[i]))) return false;
  return true;
}
}  // namespace detail

// Every kernel runs on every device of Weft's backends, unless its kernel attributes
// ask for what the device lacks.
inline bool is_compatible(const std::vector<kernel_id>& ids, const device& dev) {
  if (!dev.is_cpu() && dev.get_backend() != backend::cuda && dev.get_backend() != backend::hip) return false;
  return std::all_of(ids.begin(), ids.end(),
                     [&](const kernel_id& id) { return detail::meets_attributes(id.get_name(), dev); });
}
template <typename KernelName>
bool is_compatible(const device& dev) {
  return is_compatible({get_kernel_id<KernelName>()}, dev);
}

// has_kernel_bundle (SYCL 2020 4.11.6): true when each kernel asked for (with no ids: at
// least one kernel of the program) is compatible with one of devs, and, for the input and
// object states, every device has the online compiler (and linker) those states need.
namespace detail {
template <bundle_state State>
bool has_bundle_for(const context& ctx, const std::vector<device>& devs, const std::vector<kernel_id>* ids) {
  check_bundle_devices(ctx, devs, "has_kernel_bundle");
  for (const device& d : devs) {
    if (State != bundle_state::executable && !d.has(aspect::online_compiler)) return false;
    if (State == bundle_state::object && !d.has(aspect::online_linker)) return false;
  }
  auto runs_somewhere = [&](const kernel_id& id) {
    return std::any_of(devs.begin(), devs.end(), [&](const device& d) { return is_compatible({id}, d); });
  };
  if (ids) return std::all_of(ids->begin(), ids->end(), runs_somewhere);
  // No ids: a kernel of the program. Unnamed kernels have no id; they run where named ones do.
  const auto named = get_kernel_ids();
  return std::any_of(named.begin(), named.end(), runs_somewhere) ||
         (program_has_unnamed_kernels() && runs_somewhere(kernel_id_access::make("")));
}
}  // namespace detail
template <bundle_state State>
bool has_kernel_bundle(const context& ctx, const std::vector<device>& devs) {
  return detail::has_bundle_for<State>(ctx, devs, nullptr);
}
template <bundle_state State>
bool has_kernel_bundle(const context& ctx) {
  return has_kernel_bundle<State>(ctx, ctx.get_devices());
}
template <bundle_state State>
bool has_kernel_bundle(const context& ctx, const std::vector<device>& devs, const std::vector<kernel_id>& ids) {
  return detail::has_bundle_for<State>(ctx, devs, &ids);
}
template <bundle_state State>
bool has_kernel_bundle(const context& ctx, const std::vector<kernel_id>& ids) {
  return has_kernel_bundle<State>(ctx, ctx.get_devices(), ids);
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context& ctx, const std::vector<device>& devs) {
  return has_kernel_bundle<State>(ctx, devs, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context& ctx) {
  return has_kernel_bundle<KernelName, State>(ctx, ctx.get_devices());
}

template <bundle_state State>
kernel_bundle<State> join(const std::vector<kernel_bundle<State>>& bundles) {
  if (bundles.empty()) {  // the union of none: an empty bundle (of the default context, having no other)
    const context ctx;
    return detail::make_bundle<State>(ctx, ctx.get_devices(), false);
  }
  auto d = std::make_shared<detail::bundle_data>(bundles.front().data());
  // The first bundle's values are its own: the union gets a copy to add to.
  if (d->spec) d->spec = std::make_shared<detail::spec_constant_values>(*d->spec);
  for (auto& b : bundles) {
    const auto& bd = b.data();
    d->all_kernels = d->all_kernels || bd.all_kernels;
    for (const char* n : bd.ids)
      if (std::find(d->ids.begin(), d->ids.end(), n) == d->ids.end()) d->ids.push_back(n);
    if (bd.spec)
      for (auto& v : bd.spec->values) {
        if (!d->spec) d->spec = std::make_shared<detail::spec_constant_values>();
        d->spec->set(v.object, v.name_key, v.bytes.data(), v.bytes.size());
      }
  }
  return kernel_bundle<State>(d);
}
// (Compiled once in libweft: src/sycl/objects.cpp.)
WEFT_API kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input>& b,
                                                     const property_list& = {});
WEFT_API kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input>& b,
                                                     const std::vector<device>&, const property_list& = {});
WEFT_API kernel_bundle<bundle_state::executable> link(const std::vector<kernel_bundle<bundle_state::object>>& bs,
                                                      const property_list& = {});
WEFT_API kernel_bundle<bundle_state::executable> link(const std::vector<kernel_bundle<bundle_state::object>>& bs,
                                                      const std::vector<device>&, const property_list& = {});
WEFT_API kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object>& b,
                                                      const property_list& = {});
WEFT_API kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object>& b,
                                                      const std::vector<device>&, const property_list& = {});
WEFT_API kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input>& b,
                                                       const property_list& = {});
WEFT_API kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input>& b,
                                                       const std::vector<device>&, const property_list& = {});

}  // namespace weft::sycl

// SYCL 2020 section 4.5.2: equal objects hash equal.
namespace std {
template <>
struct hash<weft::sycl::kernel_id> {
  size_t operator()(const weft::sycl::kernel_id& k) const noexcept { return hash<const void*>()(k.m_name); }
};
template <>
struct hash<weft::sycl::kernel> {
  size_t operator()(const weft::sycl::kernel& k) const noexcept {
    return hash<const void*>()(k.m_name) ^ (hash<const void*>()(k.m_bundle.get()) << 1);
  }
};
template <weft::sycl::bundle_state State>
struct hash<weft::sycl::device_image<State>> {
  size_t operator()(const weft::sycl::device_image<State>& d) const noexcept {
    // Consistent with operator==: what the image holds, order-free.
    size_t h = hash<bool>()(d.m_bundle->all_kernels) ^ d.m_bundle->devices.size();
    if (!d.m_bundle->all_kernels)
      for (const char* n : d.m_bundle->ids) h ^= hash<const void*>()(n);
    return h;
  }
};
template <weft::sycl::bundle_state State>
struct hash<weft::sycl::kernel_bundle<State>> {
  size_t operator()(const weft::sycl::kernel_bundle<State>& b) const noexcept {
    return hash<const void*>()(b.m_data.get());
  }
};
}  // namespace std
