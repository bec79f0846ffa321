#pragma once
// SYCL 2020 section 4.9.4: handler, the command group's recorder. A command
// group holds exactly one command; its accessors and depends_on() calls say
// what it must wait for.
#include <algorithm>
#include <iterator>
#include <cstddef>
#include <cstring>
#include <functional>
#include <limits>
#include <new>
#include <string>
#include <memory>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>
#include <sycl/accessor.hpp>
#include <sycl/detail/checked.hpp>
#include <sycl/detail/kernel_attributes.hpp>
#include <sycl/detail/kernel_extras.hpp>
#include <sycl/detail/kernel_registry.hpp>
#include <sycl/properties.hpp>
#include <sycl/event.hpp>
#include <sycl/exception.hpp>
#include <sycl/handler_access.hpp>
#include <sycl/id.hpp>
#include <sycl/item.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/range.hpp>
#include <sycl/usm.hpp>
#include <sycl/ext/oneapi/device_global/device_global.hpp>
#include <weft/kernel/target.hpp>
#include <weft/runtime/command_group.hpp>
#include <weft/runtime/launch.hpp>
#include <weft/runtime/queue_state.hpp>

namespace weft::sycl {

class queue;

// What a host task may take as its argument (section 4.10.2).
class interop_handle {
 public:
  backend get_backend() const noexcept { return backend::host; }
};

namespace detail {
template <class T>
struct is_id : std::false_type {};
template <int D>
struct is_id<id<D>> : std::true_type {};

// Applies f to the first N elements of a tuple, plus its last element.
template <class F, class Tuple, std::size_t... I>
decltype(auto) apply_reductions_then_kernel(F&& f, Tuple&& t, std::index_sequence<I...>) {
  constexpr std::size_t last = std::tuple_size_v<std::decay_t<Tuple>> - 1;
  return f(std::get<last>(std::forward<Tuple>(t)), std::get<I>(std::forward<Tuple>(t))...);
}
template <class F, class... Args>
decltype(auto) split_kernel_last(F&& f, Args&&... args) {
  return apply_reductions_then_kernel(std::forward<F>(f), std::forward_as_tuple(std::forward<Args>(args)...),
                                      std::make_index_sequence<sizeof...(Args) - 1>{});
}

// Calls f(args...), leaving out a leading kernel properties object.
template <class... Args>
constexpr bool first_is_properties() {
  if constexpr (sizeof...(Args) == 0) return false;
  else return is_kernel_properties_v<std::tuple_element_t<0, std::tuple<Args...>>>;
}
template <class F, class First, class... Rest>
void without_properties(F&& f, First&& first, Rest&&... rest) {
  if constexpr (is_kernel_properties_v<First>) f(std::forward<Rest>(rest)...);
  else f(std::forward<First>(first), std::forward<Rest>(rest)...);
}

inline const char* mode_name(access_mode m) {
  switch (m) {
    case access_mode::read: return "access_mode::read";
    case access_mode::write: return "access_mode::write";
    case access_mode::read_write: return "access_mode::read_write";
    case access_mode::discard_write: return "access_mode::discard_write";
    case access_mode::discard_read_write: return "access_mode::discard_read_write";
    case access_mode::atomic: return "access_mode::atomic";
  }
  return "?";
}

// In checked mode a kernel carries its name (parallel_for<Name>) for error reports.
template <class Name, class K>
decltype(auto) checked_name(const K& k) {
#if WEFT_CHECKED
  return checked::name_kernel<Name>(k);
#else
  return (k);
#endif
}

template <class T, int D, access_mode M, target Tg, access::placeholder P>
constexpr bool is_readable(const accessor<T, D, M, Tg, P>*) {
  return M == access_mode::read || M == access_mode::read_write || M == access_mode::discard_read_write;
}
template <class T, int D, access_mode M, target Tg, access::placeholder P>
constexpr bool is_writable(const accessor<T, D, M, Tg, P>*) {
  return M != access_mode::read;
}
}  // namespace detail

class handler {
 public:
  handler(const handler&) = delete;
  handler& operator=(const handler&) = delete;

  // --- kernels -----------------------------------------------------------------
  template <typename KernelName = void, typename Kernel>
  void single_task(const Kernel& k) {
    const std::size_t local_copies = detail::handler_access::local_accessor_copies;
    if constexpr (std::is_invocable_v<const Kernel&, kernel_handler>)
      check_kernel_attributes<KernelName, 1, Kernel, kernel_handler>(nullptr);
    else check_kernel_attributes<KernelName, 1, Kernel>(nullptr);
    name_kernel<KernelName, Kernel>();
    shape("single_task", range<1>(1));
    set_command(weft::detail::command_kind::kernel, [tg = target(), k, ex = m_extras] {
      detail::run_kernel<std::is_invocable_v<const Kernel&, kernel_handler>, void>(
          ex, k, [&](const auto& kk) { weft::launch::single_task(tg, detail::checked_name<KernelName>(kk)); });
    });
    check_no_local_accessor("single_task", local_copies);
  }
  template <typename KernelName = void, typename Props, typename Kernel,
            std::enable_if_t<detail::is_kernel_properties_v<Props>, int> = 0>
  void single_task(const Props&, const Kernel& k) {
    check_kernel_properties<Props, 1>(nullptr);
    single_task<KernelName>(k);
  }

  // parallel_for(range, [properties,] [offset,] kernel) and parallel_for(range, [properties,]
  // reductions..., kernel). One overload per dimension rather than a template on Dims, so a
  // plain size converts to range<1>; parallel_for_range (below) does the work.
  template <typename KernelName = void, typename... Rest>
  void parallel_for(range<1> r, Rest&&... rest) {
    parallel_for_range<KernelName>(r, std::forward<Rest>(rest)...);
  }
  template <typename KernelName = void, typename... Rest>
  void parallel_for(range<2> r, Rest&&... rest) {
    parallel_for_range<KernelName>(r, std::forward<Rest>(rest)...);
  }
  template <typename KernelName = void, typename... Rest>
  void parallel_for(range<3> r, Rest&&... rest) {
    parallel_for_range<KernelName>(r, std::forward<Rest>(rest)...);
  }
  // parallel_for(nd_range, kernel) and parallel_for(nd_range, reductions..., kernel).
  template <typename KernelName = void, int Dims, typename... Rest>
  void parallel_for(nd_range<Dims> r, Rest&&... rest) {
    if constexpr (sizeof...(Rest) >= 1 && detail::first_is_properties<Rest...>()) {
      const range<Dims> local = r.get_local_range();
      check_kernel_properties<std::tuple_element_t<0, std::tuple<Rest...>>, Dims>(&local);
      detail::without_properties([&](auto&&... a) { parallel_for<KernelName>(r, std::forward<decltype(a)>(a)...); },
                                 std::forward<Rest>(rest)...);
      return;
    } else {
      static_assert(sizeof...(Rest) >= 1, "parallel_for(nd_range, ...) needs a kernel");
      if constexpr (sizeof...(Rest) == 1) {  // before the nd_range's own checks, as for the properties
        using K = std::decay_t<std::tuple_element_t<0, std::tuple<Rest...>>>;
        const range<Dims> local_range = r.get_local_range();
        if constexpr (std::is_invocable_v<const K&, nd_item<Dims>, kernel_handler>)
          check_kernel_attributes<KernelName, Dims, K, nd_item<Dims>, kernel_handler>(&local_range);
        else check_kernel_attributes<KernelName, Dims, K, nd_item<Dims>>(&local_range);
      }
      using last_t = std::decay_t<std::tuple_element_t<sizeof...(Rest) - 1, std::tuple<Rest...>>>;
      if constexpr (detail::functor_properties<last_t>::present) {
        const range<Dims> local_range = r.get_local_range();
        check_kernel_properties<typename detail::functor_properties<last_t>::type, Dims>(&local_range);
      }
      check_size(r.get_global_range(), "parallel_for(nd_range): the global range");
      validate(r);
      shape(sizeof...(Rest) == 1 ? "nd_range" : "nd_range reduction", r.get_global_range(), r.get_local_range());
      auto local = m_cg.local;
      if constexpr (sizeof...(Rest) == 1) {
        auto&& kernel = std::get<0>(std::forward_as_tuple(rest...));
        using K = std::decay_t<decltype(kernel)>;
        name_kernel<KernelName, K>();
        set_command(weft::detail::command_kind::kernel, [tg = target(), r, local, k = K(kernel), ex = m_extras] {
          detail::run_kernel<std::is_invocable_v<const K&, nd_item<Dims>, kernel_handler>, nd_item<Dims>>(
              ex, k, [&](const auto& kk) { weft::launch::nd_range_kernel(tg, r, local, kk); });
        });
      } else {
        detail::split_kernel_last(
            [&](auto&& k, auto&&... reds) {
              name_kernel<KernelName, std::decay_t<decltype(k)>>();
              set_command(weft::detail::command_kind::kernel, [tg = target(), r, local, k, reds..., ex = m_extras] {
                detail::run_kernel<false>(
                    ex, k, [&](const auto& kk) { weft::launch::nd_range_reduction_kernel(tg, r, local, kk, reds...); });
              });
            },
            std::forward<Rest>(rest)...);
      }
    }
  }
  // Scoped parallelism (AdaptiveCpp): num_groups work groups of group_size logical items.
  template <typename KernelName = void, int Dims, typename... Rest>
  void parallel(range<Dims> num_groups, range<Dims> group_size, Rest&&... rest) {
    static_assert(sizeof...(Rest) >= 1, "parallel(num_groups, group_size, ...) needs a kernel");
    for (int d = 0; d < Dims; ++d)
      if (group_size[d] == 0)
        weft::detail::throw_error(
            errc::nd_range, "parallel: the work-group size " + detail::to_string(group_size) + " has a zero dimension");
    check_size(num_groups, "parallel: the number of work groups");
    check_size(group_size, "parallel: the work-group size");
    for (int d = 0; d < Dims; ++d)
      if (num_groups[d] && group_size[d] > std::numeric_limits<std::size_t>::max() / num_groups[d])
        weft::detail::throw_error(errc::invalid, "parallel: " + detail::to_string(num_groups) + " work groups of " +
                                                     detail::to_string(group_size) +
                                                     " items overflow size_t in dimension " + std::to_string(d));
    check_size(range<Dims>(num_groups * group_size), "parallel: the number of work groups times the work-group size");
    shape("scoped", range<Dims>(num_groups * group_size), group_size);
    auto local = m_cg.local;
    detail::split_kernel_last(
        [&](auto&& k, auto&&... reds) {
          name_kernel<KernelName, std::decay_t<decltype(k)>>();
          set_command(weft::detail::command_kind::kernel, [tg = target(), num_groups, group_size, local, k, reds...] {
            weft::launch::scoped_kernel(tg, num_groups, group_size, local, k, reds...);
          });
        },
        std::forward<Rest>(rest)...);
  }

  // Hierarchical parallelism (section 4.9.4.2.3): numWorkGroups work groups, of
  // workGroupSize work items or of a size Weft chooses; the kernel takes a
  // group<Dims> (and optionally a kernel_handler) and calls its
  // parallel_for_work_item. No queue shortcut exists for it in the specification.
  template <typename KernelName = void, typename WorkgroupFunctionType, int Dims>
  void parallel_for_work_group(range<Dims> numWorkGroups, const WorkgroupFunctionType& kernelFunc) {
    check_group_kernel_attributes<KernelName, WorkgroupFunctionType>(static_cast<const range<Dims>*>(nullptr));
    hierarchical<KernelName>(numWorkGroups, std::optional<range<Dims>>(), kernelFunc);
  }
  template <typename KernelName = void, typename WorkgroupFunctionType, int Dims>
  void parallel_for_work_group(range<Dims> numWorkGroups, range<Dims> workGroupSize,
                               const WorkgroupFunctionType& kernelFunc) {
    check_group_kernel_attributes<KernelName, WorkgroupFunctionType>(&workGroupSize);  // (before the size's checks)
    for (int d = 0; d < Dims; ++d)
      if (workGroupSize[d] == 0)
        weft::detail::throw_error(errc::nd_range,
                                  "parallel_for_work_group: the work-group size " + detail::to_string(workGroupSize) +
                                      " has a zero dimension; every work group needs at least one item");
    check_size(workGroupSize, "parallel_for_work_group: the work-group size");
    auto max_wg = device(m_queue->device).get_info<info::device::max_work_group_size>();
    if (workGroupSize.size() > max_wg)
      weft::detail::throw_error(
          errc::nd_range, "parallel_for_work_group: the work-group size " + std::to_string(workGroupSize.size()) + " " +
                              detail::to_string(workGroupSize) + " exceeds the device's max_work_group_size " +
                              std::to_string(max_wg));
    for (int d = 0; d < Dims; ++d)
      if (workGroupSize[d] > std::numeric_limits<std::size_t>::max() / std::max<std::size_t>(1, numWorkGroups[d]))
        weft::detail::throw_error(errc::invalid, "parallel_for_work_group: " + detail::to_string(numWorkGroups) +
                                                     " work groups of " + detail::to_string(workGroupSize) +
                                                     " items overflow size_t in dimension " + std::to_string(d));
    check_size(range<Dims>(numWorkGroups * workGroupSize),
               "parallel_for_work_group: the number of work groups times the work-group size");
    hierarchical<KernelName>(numWorkGroups, std::optional<range<Dims>>(workGroupSize), kernelFunc);
  }

 private:
  template <typename KernelName, typename K, int Dims>
  void check_group_kernel_attributes(const range<Dims>* group_size) {
    if constexpr (std::is_invocable_v<const K&, group<Dims>, kernel_handler>)
      check_kernel_attributes<KernelName, Dims, K, group<Dims>, kernel_handler>(group_size);
    else check_kernel_attributes<KernelName, Dims, K, group<Dims>>(group_size);
  }
  template <typename KernelName, int Dims, typename K>
  void hierarchical(const range<Dims>& num_groups, const std::optional<range<Dims>>& group_size, const K& kernel) {
    static_assert(
        std::is_invocable_v<const K&, group<Dims>> || std::is_invocable_v<const K&, group<Dims>, kernel_handler>,
        "parallel_for_work_group: the kernel must be a callable of signature void(sycl::group<Dims>) "
        "or void(sycl::group<Dims>, sycl::kernel_handler)");
    check_size(num_groups, "parallel_for_work_group: the number of work groups");
    check_local_memory("parallel_for_work_group");
    auto local = m_cg.local;
    name_kernel<KernelName, K>();
    if (group_size) shape("hierarchical", range<Dims>(num_groups * *group_size), *group_size);
    else shape("hierarchical", num_groups);
    set_command(weft::detail::command_kind::kernel, [tg = target(), num_groups, group_size, local, k = K(kernel),
                                                     ex = m_extras] {
      detail::run_kernel<std::is_invocable_v<const K&, group<Dims>, kernel_handler>, group<Dims>>(
          ex, k, [&](const auto& kk) { weft::launch::hierarchical_kernel(tg, num_groups, group_size, local, kk); });
    });
  }

 public:
  // --- specialization constants and kernel bundles (sections 4.9.4.4, 4.11) ------------
  template <auto& SpecName>
  void set_specialization_constant(typename std::remove_reference_t<decltype(SpecName)>::value_type value) {
    if (m_extras.bundle_bound)
      weft::detail::throw_error(errc::invalid,
                                "set_specialization_constant after use_kernel_bundle: set the value on the kernel "
                                "bundle (in input state) before building it, or drop use_kernel_bundle");
    m_extras.spec = m_extras.spec ? std::make_shared<detail::spec_constant_values>(*m_extras.spec)
                                  : std::make_shared<detail::spec_constant_values>();
    m_extras.spec->set<SpecName>(value);
  }
  template <auto& SpecName>
  typename std::remove_reference_t<decltype(SpecName)>::value_type get_specialization_constant() {
    // SYCL 2020 4.9.4.4: throws errc::invalid "if a kernel bundle has been bound to the
    // handler via use_kernel_bundle()", as set_specialization_constant does.
    if (m_extras.bundle_bound)
      weft::detail::throw_error(errc::invalid,
                                "get_specialization_constant after use_kernel_bundle: read the value from the "
                                "kernel bundle (kernel_bundle::get_specialization_constant) or in the kernel "
                                "(kernel_handler)");
    return detail::kernel_handler_access::read<SpecName>(m_extras.spec.get());
  }
  // Bundle is kernel_bundle<bundle_state::executable> (kernel_bundle.hpp).
  template <class Bundle>
  void use_kernel_bundle(const Bundle& bundle) {
    if (m_extras.spec && !m_extras.bundle_bound)
      weft::detail::throw_error(errc::invalid,
                                "use_kernel_bundle after set_specialization_constant: set the value on the kernel "
                                "bundle instead");
    m_extras.bundle_bound = true;
    m_extras.spec = bundle.data().spec;
    if (!bundle.data().all_kernels)
      m_extras.bundle_kernels = std::make_shared<const std::vector<const char*>>(bundle.data().ids);
  }

  // --- host tasks ----------------------------------------------------------------
  template <typename F>
  void host_task(F&& f) {
    set_command(weft::detail::command_kind::host_task, [f = std::decay_t<F>(std::forward<F>(f))]() mutable {
      if constexpr (std::is_invocable_v<decltype(f)&, interop_handle>) f(interop_handle{});
      else f();
    });
  }

  // --- dependencies ------------------------------------------------------------
  WEFT_API void depends_on(const event& e);
  WEFT_API void depends_on(const std::vector<event>& events);
  template <class T, int D, access_mode M, target Tg, access::placeholder P>
  void require(accessor<T, D, M, Tg, P> acc) {
    if (!acc.buffer_state())
      weft::detail::throw_error(errc::invalid, "handler::require: the accessor is not bound to a buffer");
    m_cg.requirements.push_back({acc.buffer_state(), M});
  }

  // --- explicit memory operations on accessors ----------------------------------
  template <class T, int D, access_mode M, target Tg, access::placeholder P, class U>
  void copy(accessor<T, D, M, Tg, P> src, std::shared_ptr<U> dst) {
    copy(src, dst.get());
  }
  template <class T, int D, access_mode M, target Tg, access::placeholder P, class U>
  void copy(accessor<T, D, M, Tg, P> src, U* dst) {
    check_readable(src, "copy source");
    check_pointer(dst, "copy destination");
    track(src, M);
    set_command(weft::detail::command_kind::copy, [src, dst] { copy_out(src, dst); });
  }
  template <class U, class T, int D, access_mode M, target Tg, access::placeholder P>
  void copy(std::shared_ptr<U> src, accessor<T, D, M, Tg, P> dst) {
    copy(static_cast<const U*>(src.get()), dst);
  }
  template <class U, class T, int D, access_mode M, target Tg, access::placeholder P>
  void copy(const U* src, accessor<T, D, M, Tg, P> dst) {
    check_writable(dst, "copy destination");
    if constexpr (M != access_mode::read) {  // a read-only destination threw above, and cannot compile below
      check_pointer(src, "copy source");
      track(dst, M);
      set_command(weft::detail::command_kind::copy, [src, dst] { copy_in(src, dst); });
    }
  }
  template <class T1, int D1, access_mode M1, target Tg1, access::placeholder P1, class T2, int D2, access_mode M2,
            target Tg2, access::placeholder P2>
  void copy(accessor<T1, D1, M1, Tg1, P1> src, accessor<T2, D2, M2, Tg2, P2> dst) {
    check_readable(src, "copy source");
    check_writable(dst, "copy destination");
    if constexpr (M2 != access_mode::read) {
      if (src.size() > dst.size())
        weft::detail::throw_error(errc::invalid, "copy: the source accessor has " + std::to_string(src.size()) +
                                                     " elements but the destination only " +
                                                     std::to_string(dst.size()));
      track(src, M1);
      track(dst, M2);
      set_command(weft::detail::command_kind::copy, [src, dst] {
        std::size_t n = src.size();
        if constexpr (byte_copy<T1, T2>) {
          weft::launch::copy_boxes(box_of(src), box_of(dst), sizeof(T2), n);
        } else {
          for (std::size_t l = 0; l < n; ++l)
            dst[weft::sycl::detail::delinearize(l, dst.get_range())] =
                src[weft::sycl::detail::delinearize(l, src.get_range())];
        }
      });
    }
  }
  template <class T, int D, access_mode M, target Tg, access::placeholder P>
  void update_host(accessor<T, D, M, Tg, P> acc) {
    track(acc, access_mode::read);
    set_command(weft::detail::command_kind::update_host, [] {});  // the runtime brings the host storage up to date
  }
  template <class T, int D, access_mode M, target Tg, access::placeholder P, class U>
  void fill(accessor<T, D, M, Tg, P> dst, const U& value) {
    check_writable(dst, "fill destination");
    if constexpr (M != access_mode::read) {
      track(dst, M);
      set_command(weft::detail::command_kind::fill, [dst, v = std::remove_const_t<T>(value)] {
        if (dst.is_contiguous()) {
          std::fill(dst.first_element(), dst.first_element() + dst.size(), v);
        } else {
          for (std::size_t l = 0; l < dst.size(); ++l) dst[weft::sycl::detail::delinearize(l, dst.get_range())] = v;
        }
      });
    }
  }

  // --- USM ----------------------------------------------------------------------
  WEFT_API void memcpy(void* dst, const void* src, std::size_t bytes);
  template <class T>
  void copy(const T* src, T* dst, std::size_t count) {
    if (count > std::numeric_limits<std::size_t>::max() / sizeof(T))
      weft::detail::throw_error(errc::invalid, "copy: " + std::to_string(count) + " elements of " +
                                                   std::to_string(sizeof(T)) + " bytes overflow size_t");
    memcpy(dst, src, count * sizeof(T));
  }
  WEFT_API void memset(void* ptr, int value, std::size_t bytes);
  template <class T>
  void fill(void* ptr, const T& pattern, std::size_t count) {
    if (count && !ptr)
      weft::detail::throw_error(errc::invalid,
                                "fill: the pointer is null but " + std::to_string(count) + " elements were asked for");
    if (count > std::numeric_limits<std::size_t>::max() / sizeof(T))
      weft::detail::throw_error(errc::invalid, "fill: " + std::to_string(count) + " elements of " +
                                                   std::to_string(sizeof(T)) + " bytes overflow size_t");
    check_usm_extent(ptr, count * sizeof(T), "fill: the destination");
    set_command(weft::detail::command_kind::fill, [d = m_queue->device, p = static_cast<T*>(ptr), pattern, count] {
      if (d->ops) weft::detail::device_fill(d, p, &pattern, sizeof(T), count);
      else std::fill(p, p + count, pattern);
    });
  }
  WEFT_API void prefetch(const void* ptr, std::size_t bytes);
  WEFT_API void mem_advise(const void* ptr, std::size_t bytes, int advice);

  // --- device_global copies (sycl_ext_oneapi_device_global) ------------------------
  // memcpy: numBytes bytes from byte offset; copy: count elements from element startIndex.
  template <typename T, typename PropertyListT>
  void memcpy(ext::oneapi::experimental::device_global<T, PropertyListT>& dest, const void* src,
              std::size_t numBytes = sizeof(T), std::size_t offset = 0) {
    static_assert(detail::device_global_host_may<PropertyListT, true>(),
                  "memcpy to a device_global whose host_access property is read or none");
    check_device_global("memcpy to a device_global", "byte", numBytes, offset, sizeof(T));
    memcpy(device_global_at<std::byte>(dest, offset), src, numBytes);
  }
  template <typename T, typename PropertyListT>
  void memcpy(void* dest, const ext::oneapi::experimental::device_global<T, PropertyListT>& src,
              std::size_t numBytes = sizeof(T), std::size_t offset = 0) {
    static_assert(detail::device_global_host_may<PropertyListT, false>(),
                  "memcpy from a device_global whose host_access property is write or none");
    check_device_global("memcpy from a device_global", "byte", numBytes, offset, sizeof(T));
    memcpy(dest, device_global_at<const std::byte>(src, offset), numBytes);
  }
  template <typename T, typename PropertyListT>
  void copy(const std::remove_all_extents_t<T>* src, ext::oneapi::experimental::device_global<T, PropertyListT>& dest,
            std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t startIndex = 0) {
    using E = std::remove_all_extents_t<T>;
    static_assert(detail::device_global_host_may<PropertyListT, true>(),
                  "copy to a device_global whose host_access property is read or none");
    check_device_global("copy to a device_global", "element", count, startIndex, sizeof(T) / sizeof(E));
    memcpy(device_global_at<E>(dest, startIndex), src, count * sizeof(E));
  }
  template <typename T, typename PropertyListT>
  void copy(const ext::oneapi::experimental::device_global<T, PropertyListT>& src, std::remove_all_extents_t<T>* dest,
            std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t startIndex = 0) {
    using E = std::remove_all_extents_t<T>;
    static_assert(detail::device_global_host_may<PropertyListT, false>(),
                  "copy from a device_global whose host_access property is write or none");
    check_device_global("copy from a device_global", "element", count, startIndex, sizeof(T) / sizeof(E));
    memcpy(dest, device_global_at<const E>(src, startIndex), count * sizeof(E));
  }

 private:
  friend class queue;
  friend struct detail::handler_access;
  explicit handler(weft::detail::queue_ptr q) : m_queue(std::move(q)) {}

  template <typename KernelName, int Dims, typename... Rest>
  void parallel_for_range(const range<Dims>& r, Rest&&... rest) {
    if constexpr (detail::first_is_properties<Rest...>()) {
      check_kernel_properties<std::tuple_element_t<0, std::tuple<Rest...>>, Dims>(nullptr);
      detail::without_properties(
          [&](auto&&... a) { parallel_for_range<KernelName>(r, std::forward<decltype(a)>(a)...); },
          std::forward<Rest>(rest)...);
    } else {
      static_assert(sizeof...(Rest) >= 1, "parallel_for(range, ...) needs a kernel");
      using first = std::decay_t<std::tuple_element_t<0, std::tuple<Rest...>>>;
      const std::size_t local_copies = detail::handler_access::local_accessor_copies;
      check_size(r, "parallel_for: the range");
      shape(sizeof...(Rest) == 1 || (sizeof...(Rest) == 2 && detail::is_id<first>::value) ? "range" : "range reduction",
            r);
      if constexpr (sizeof...(Rest) == 1) {
        auto&& kernel = std::get<0>(std::forward_as_tuple(rest...));
        using K = std::decay_t<decltype(kernel)>;
        if constexpr (std::is_invocable_v<const K&, item<Dims, false>, kernel_handler>)
          check_kernel_attributes<KernelName, Dims, K, item<Dims, false>, kernel_handler>(nullptr);
        else check_kernel_attributes<KernelName, Dims, K, item<Dims, false>>(nullptr);
        name_kernel<KernelName, K>();
        set_command(weft::detail::command_kind::kernel, [tg = target(), r, k = K(kernel), ex = m_extras] {
          detail::run_kernel<std::is_invocable_v<const K&, item<Dims, false>, kernel_handler>, item<Dims, false>>(
              ex, k, [&](const auto& kk) { weft::launch::range_kernel(tg, r, detail::checked_name<KernelName>(kk)); });
        });
      } else if constexpr (sizeof...(Rest) == 2 && detail::is_id<first>::value) {
        auto t = std::forward_as_tuple(rest...);
        id<Dims> offset = std::get<0>(t);
        for (int d = 0; d < Dims; ++d)
          if (offset[d] > std::numeric_limits<std::size_t>::max() - r[d])
            weft::detail::throw_error(errc::invalid, "parallel_for: the offset " + detail::to_string(offset) +
                                                         " plus the range " + detail::to_string(r) +
                                                         " overflows size_t in dimension " + std::to_string(d));
        using K = std::decay_t<decltype(std::get<1>(t))>;
        name_kernel<KernelName, K>();
        set_command(
            weft::detail::command_kind::kernel, [tg = target(), r, offset, k = K(std::get<1>(t)), ex = m_extras] {
              detail::run_kernel<std::is_invocable_v<const K&, item<Dims, true>, kernel_handler>, item<Dims, true>>(
                  ex, k, [&](const auto& kk) {
                    weft::launch::range_kernel(tg, r, offset, detail::checked_name<KernelName>(kk));
                  });
            });
      } else {
        detail::split_kernel_last(
            [&](auto&& k, auto&&... reds) {
              name_kernel<KernelName, std::decay_t<decltype(k)>>();
              set_command(weft::detail::command_kind::kernel, [tg = target(), r, k, reds..., ex = m_extras] {
                detail::run_kernel<false>(
                    ex, k, [&](const auto& kk) { weft::launch::range_reduction_kernel(tg, r, kk, reds...); });
              });
            },
            std::forward<Rest>(rest)...);
      }
      check_no_local_accessor("parallel_for(range)", local_copies);
    }
  }

  weft::launch::target target() const { return {m_queue->device}; }

  // A kernel's requirements, checked at submission before anything else. Two
  // spellings: the kernel properties (sycl/properties.hpp: passed before the kernel, or
  // from the functor's get(properties_tag)), and with clang 22 and Weft's plugins the
  // SYCL 2020 kernel attributes (section 5.8.1; sycl/detail/kernel_attributes.hpp).
  // Both become one kernel_attributes value for require() below.
  template <class Props, int Dims>
  void check_kernel_properties(const range<Dims>* local) {
    namespace ex = ext::oneapi::experimental;
    using P = std::decay_t<Props>;
    weft::detail::kernel_attributes a{};
    if constexpr (detail::find_property<ex::work_group_size_key, P>::present) {
      using args = detail::property_args<typename detail::find_property<ex::work_group_size_key, P>::type>;
      static_assert(args::count >= 1 && args::count <= 3, "work_group_size takes 1, 2 or 3 sizes");
      args::each([&](auto v) { a.reqd_work_group_size[a.reqd_work_group_dims++] = static_cast<std::uint64_t>(v); });
    }
    if constexpr (detail::find_property<ex::sub_group_size_key, P>::present) {
      using args = detail::property_args<typename detail::find_property<ex::sub_group_size_key, P>::type>;
      static_assert(args::count == 1, "sub_group_size takes one size");
      args::each([&](auto v) { a.reqd_sub_group_size = static_cast<std::uint32_t>(v); });
    }
    if constexpr (detail::find_property<ex::device_has_key, P>::present) {
      using args = detail::property_args<typename detail::find_property<ex::device_has_key, P>::type>;
      static_assert(args::count <= weft::detail::kernel_attributes::max_aspects, "device_has takes at most 15 aspects");
      args::each([&](auto asp) { a.aspects[a.aspect_count++] = static_cast<std::int32_t>(asp); });
    }
    require(a, local, false);
  }
  // The attributes on kernel K, called with Args: none without the plugins. A named
  // kernel's are registered with its name before main (is_compatible reads them).
  template <typename KernelName, int Dims, typename K, typename... Args>
  void check_kernel_attributes(const range<Dims>* local) {
#ifdef __WEFT_KERNEL_ATTRIBUTES__
    if constexpr (!std::is_void_v<KernelName>)
      static_cast<void>(&detail::kernel_attributes_registration<KernelName, K, Args...>::registered);
#endif
    const weft::detail::kernel_attributes a = weft::detail::kernel_attributes_of<K, Args...>();
    if (a.reqd_work_group_dims || a.reqd_sub_group_size || a.aspect_count) require(a, local, true);
  }

  // A work-group size, sub-group size or aspect the device cannot provide throws
  // errc::kernel_not_supported; an nd_range (local != null) whose local range is not
  // the required work-group size throws errc::nd_range. A required sub-group size the
  // device offers is the launch's. Messages name the requirement as it was spelled.
  template <int Dims>
  void require(const weft::detail::kernel_attributes& a, const range<Dims>* local, bool attribute) {
    const device dev(m_queue->device);
    auto spelled = [attribute](const char* property, const char* attr) {
      return std::string(attribute ? attr : property);
    };
    if (const int n = static_cast<int>(a.reqd_work_group_dims)) {
      const auto max_wg = dev.get_info<info::device::max_work_group_size>();
      const auto max_items = dev.get_info<info::device::max_work_item_sizes<3>>();
      std::string what = "{";
      bool too_big = false;
      std::size_t total = 1;
      for (int d = 0; d < n; ++d) {
        const std::size_t req = a.reqd_work_group_size[d];
        what += (d ? ", " : "") + std::to_string(req);
        too_big = too_big || req > max_items[3 - n + d] || (req && total > max_wg / req);
        total *= req ? req : 1;
      }
      what += "}";
      const std::string name = spelled("work_group_size property", "[[sycl::reqd_work_group_size]]");
      if (too_big || total > max_wg)
        weft::detail::throw_error(errc::kernel_not_supported, "the kernel requires the work-group size " + what + " (" +
                                                                  name + ") but the device's max_work_group_size is " +
                                                                  std::to_string(max_wg));
      if (local) {
        bool same = n == Dims;
        for (int d = 0; same && d < Dims; ++d) same = (*local)[d] == a.reqd_work_group_size[d];
        if (!same)
          weft::detail::throw_error(errc::nd_range, "nd_range: the local range " + detail::to_string(*local) +
                                                        " is not the work-group size " + what +
                                                        " the kernel requires (" + name + ")");
      }
    }
    if (const std::uint32_t size = a.reqd_sub_group_size) {
      const auto sizes = dev.get_info<info::device::sub_group_sizes>();
      if (std::find(sizes.begin(), sizes.end(), std::size_t{size}) == sizes.end())
        weft::detail::throw_error(errc::kernel_not_supported,
                                  "the kernel requires the sub-group size " + std::to_string(size) + " (" +
                                      spelled("sub_group_size property", "[[sycl::reqd_sub_group_size]]") +
                                      "), which the device does not support; its sizes are "
                                      "info::device::sub_group_sizes");
      m_cg.local.sub_group_size = size;  // the launch runs the kernel with it
    }
    for (std::uint32_t i = 0; i < a.aspect_count && i < weft::detail::kernel_attributes::max_aspects; ++i)
      if (!dev.has(static_cast<aspect>(a.aspects[i])))
        weft::detail::throw_error(errc::kernel_not_supported,
                                  "the kernel requires an aspect (" +
                                      spelled("device_has property", "[[sycl::device_has]]") + ") the device lacks");
  }

  // SYCL 2020 4.7.6.11: a local accessor must not be used in a kernel run by single_task
  // or parallel_for(range); submitting one throws errc::kernel_argument. The kernel uses
  // the local accessors it captures: those copied when the command stored the kernel
  // (local accessors count their copies made in a command group function), not others
  // the command group made.
  static void check_no_local_accessor(const char* what, std::size_t local_copies_before) {
    if (detail::handler_access::local_accessor_copies != local_copies_before)
      weft::detail::throw_error(errc::kernel_argument,
                                std::string(what) +
                                    ": the kernel captures a local accessor; local memory exists only in work "
                                    "groups: use parallel_for(nd_range) or parallel_for_work_group");
  }

  // A range whose item count does not fit in size_t cannot be run (errc::invalid).
  // A range with a zero dimension is valid and runs nothing.
  template <int Dims>
  static void check_size(const range<Dims>& r, const char* what) {
    for (int d = 0; d < Dims; ++d)
      if (r[d] == 0) return;
    std::size_t total = 1;
    for (int d = 0; d < Dims; ++d) {
      if (total > std::numeric_limits<std::size_t>::max() / r[d])
        weft::detail::throw_error(errc::invalid, std::string(what) + " " + detail::to_string(r) +
                                                     " has more items than size_t can count (" +
                                                     std::to_string(std::numeric_limits<std::size_t>::max()) +
                                                     "); split the work into several kernels");
      total *= r[d];
    }
  }

  template <int Dims>
  void validate(const nd_range<Dims>& r) const {
    auto g = r.get_global_range();
    auto l = r.get_local_range();
    for (int d = 0; d < Dims; ++d) {
      if (l[d] == 0)
        weft::detail::throw_error(errc::nd_range,
                                  "nd_range: the local range " + detail::to_string(l) +
                                      " has a zero dimension; every work group needs at least one item");
      if (g[d] % l[d] != 0)
        weft::detail::throw_error(errc::nd_range, "nd_range: the global range " + detail::to_string(g) +
                                                      " is not a multiple of the local range " + detail::to_string(l) +
                                                      " in dimension " + std::to_string(d) +
                                                      "; round the global range up to a multiple");
    }
    auto max_wg = device(m_queue->device).get_info<info::device::max_work_group_size>();
    if (l.size() > max_wg)
      weft::detail::throw_error(
          errc::nd_range, "nd_range: the work-group size " + std::to_string(l.size()) + " " + detail::to_string(l) +
                              " exceeds the device's max_work_group_size " + std::to_string(max_wg));
    check_local_memory("nd_range kernel");
  }

  // The command group's local accessors must fit in the device's local memory of one work group.
  void check_local_memory(const char* kernel) const {
    auto local_max = device(m_queue->device).get_info<info::device::local_mem_size>();
    if (m_cg.local.bytes > local_max)
      weft::detail::throw_error(errc::memory_allocation,
                                std::string(kernel) + ": local accessors need " + std::to_string(m_cg.local.bytes) +
                                    " bytes per work group but the device's local_mem_size is " +
                                    std::to_string(local_max) + " bytes");
  }

  // Names the kernel in asynchronous error reports: its parallel_for<Name> name, else its
  // type. typeid of a pointer: kernel names are often incomplete types (class foo;).
  template <class Name, class K>
  void name_kernel() {
    if constexpr (std::is_void_v<Name>) static_cast<void>(&detail::unnamed_kernel_registration<K>::registered);
#if defined(__GXX_RTTI) || defined(__cpp_rtti)  // without RTTI, reports say "a kernel"
    if constexpr (std::is_void_v<Name>) m_cg.kernel_name = &typeid(K*);
    else m_cg.kernel_name = &typeid(Name*);
    // Instantiates the name's registration, which runs before main: get_kernel_ids()
    // lists every named kernel of the program (sycl/detail/kernel_registry.hpp).
    if constexpr (!std::is_void_v<Name>) {
      const char* name = detail::kernel_name_registration<Name>::name;
      const auto* bound = m_extras.bundle_kernels.get();
      if (bound && std::find(bound->begin(), bound->end(), name) == bound->end())
        weft::detail::throw_error(errc::kernel_not_supported,
                                  std::string("kernel '") + name +
                                      "' is not in the kernel bundle passed to use_kernel_bundle; get the "
                                      "bundle with this kernel's id");
    }
#endif
  }
  template <class F>
  void set_command(weft::detail::command_kind kind, F&& work) {
    if (m_cg.kind != weft::detail::command_kind::none)
      weft::detail::throw_error(
          errc::invalid, "a command group may hold only one command (kernel, copy, fill, memcpy, host_task, ...); "
                         "submit the second one in its own command group");
    m_cg.kind = kind;
    using W = std::decay_t<F>;
    if constexpr (WEFT_GPU_TRANSLATION_UNIT && sizeof(W) <= direct_kernel::capacity &&
                  alignof(W) <= alignof(std::max_align_t)) {
      if (kind == weft::detail::command_kind::kernel && m_queue->direct_kernels && m_extras.streams.empty()) {
        m_direct.emplace(std::forward<F>(work));
        return;
      }
    }
    m_cg.work = std::forward<F>(work);
  }
  // A GPU translation unit's kernel for an in-order device queue, kept here rather
  // than in a std::function: the queue launches it on the submitting thread
  // (queue_state::submit_direct) when the command group needs nothing but the
  // queue's order, and otherwise moves it into the command group's work.
  struct direct_kernel {
    static constexpr std::size_t capacity = 256;
    alignas(std::max_align_t) unsigned char storage[capacity];
    void (*run)(void*) = nullptr;
    void (*to_work)(void*, std::function<void()>&) = nullptr;  // moves it out, destroying the stored one
    void (*destroy)(void*) = nullptr;
    template <class F>
    void emplace(F&& f) {
      using W = std::decay_t<F>;
      ::new (static_cast<void*>(storage)) W(std::forward<F>(f));
      run = [](void* p) { (*static_cast<W*>(p))(); };
      to_work = [](void* p, std::function<void()>& out) {
        out = std::move(*static_cast<W*>(p));
        static_cast<W*>(p)->~W();
      };
      destroy = [](void* p) { static_cast<W*>(p)->~W(); };
    }
    // The kernel leaves for the command group's work (the queue did not launch it).
    void move_to(std::function<void()>& work) {
      to_work(storage, work);
      run = nullptr;
      destroy = nullptr;
    }
    direct_kernel() = default;
    direct_kernel(const direct_kernel&) = delete;
    direct_kernel& operator=(const direct_kernel&) = delete;
    ~direct_kernel() {
      if (destroy) destroy(storage);
    }
  };
  // Submits the command group, launching a direct kernel at once where the queue can.
  weft::detail::event_ptr submit_to_queue() {
    if (m_direct.run) {
      if (auto e = m_queue->submit_direct(m_cg, m_direct.run, m_direct.storage)) return e;
      m_direct.move_to(m_cg.work);
    }
    return m_queue->submit(std::move(m_cg));
  }
  // The kernel's form and ranges, for the trace and the profile (docs/trace.md).
  template <int Dims>
  void shape(const char* form, const range<Dims>& global, const range<Dims>& local = range<Dims>()) {
    m_cg.shape.form = form;
    m_cg.shape.dims = Dims;
    for (int d = 0; d < Dims; ++d) {
      m_cg.shape.global[d] = global[d];
      m_cg.shape.local[d] = local[d];
    }
  }
  template <class Acc>
  void track(const Acc& acc, access_mode mode) {
    if (acc.buffer_state()) m_cg.requirements.push_back({acc.buffer_state(), mode});
  }
  // "<what>: <before><mode><after>", for an accessor whose mode does not allow the operation.
  [[noreturn]] WEFT_API static void throw_mode_error(const char* what, const char* before, access_mode mode,
                                                     const char* after);
  template <class Acc>
  static void check_readable(const Acc& acc, const char* what) {
    if (!detail::is_readable(&acc))
      throw_mode_error(what, ": the accessor's access mode (", Acc::mode,
                       ") does not allow reading; use read or read_write");
  }
  template <class Acc>
  static void check_writable(const Acc& acc, const char* what) {
    if (!detail::is_writable(&acc))
      throw_mode_error(what, ": the accessor is read-only (", Acc::mode, "); use access_mode::write or read_write");
  }
  // Where `p` lies in a Weft USM allocation, [p, p + bytes) must stay inside it.
  // (Other host memory is valid on the CPU device and cannot be checked.)
  WEFT_API static void check_usm_extent(const void* p, std::size_t bytes, const char* what);
  // A device_global copy: on the CPU device only (its T is a host object), and
  // [start, start + count) within its `size` units.
  WEFT_API void check_device_global(const char* what, const char* unit, std::size_t count, std::size_t start,
                                    std::size_t size) const;
  // Unit `at` of a device_global's T, seen as an array of E.
  template <class E, class DG>
  static E* device_global_at(DG& dg, std::size_t at) {
    using V = std::conditional_t<std::is_const_v<E>, const void*, void*>;
    return static_cast<E*>(static_cast<V>(detail::device_global_access::storage(dg))) + at;
  }
  static void check_pointer(const void* p, const char* what) {
    if (!p) weft::detail::throw_error(errc::invalid, std::string(what) + ": the pointer is null");
  }
  // Copies between elements of the same trivially copyable type are byte copies, done by
  // the library (weft::launch::copy_boxes) whatever compiled the caller; others convert
  // element by element.
  template <class A, class B>
  static constexpr bool byte_copy = std::is_same_v<std::remove_const_t<A>, std::remove_const_t<B>>&&
      std::is_trivially_copyable_v<std::remove_const_t<A>>;
  template <class Acc>
  static weft::launch::copy_box box_of(const Acc& acc) {
    const auto r = acc.get_range();
    const auto m = acc.memory_range();
    constexpr int dims = decltype(r)::dimensions;  // (a 0-dimensional accessor is 1 underneath)
    weft::launch::copy_box b{const_cast<void*>(static_cast<const void*>(acc.first_element())), {1, 1, 1}, {1, 1, 1}};
    for (int d = 0; d < dims; ++d) {
      b.memory[3 - dims + d] = m[d];
      b.range[3 - dims + d] = r[d];
    }
    return b;
  }
  template <class T>
  static weft::launch::copy_box box_of(const T* p, std::size_t count) {
    return {const_cast<void*>(static_cast<const void*>(p)), {1, 1, count}, {1, 1, count}};
  }
  template <class Acc, class U>
  static void copy_out(const Acc& src, U* dst) {
    if constexpr (byte_copy<typename Acc::value_type, U>) {
      weft::launch::copy_boxes(box_of(src), box_of(dst, src.size()), sizeof(U), src.size());
    } else if (src.is_contiguous()) {
      std::copy(src.first_element(), src.first_element() + src.size(), dst);
    } else {
      for (std::size_t l = 0; l < src.size(); ++l) dst[l] = src[detail::delinearize(l, src.get_range())];
    }
  }
  template <class U, class Acc>
  static void copy_in(const U* src, const Acc& dst) {
    if constexpr (byte_copy<typename Acc::value_type, U>) {
      weft::launch::copy_boxes(box_of(src, dst.size()), box_of(dst), sizeof(U), dst.size());
    } else if (dst.is_contiguous()) {
      std::copy(src, src + dst.size(), dst.first_element());
    } else {
      for (std::size_t l = 0; l < dst.size(); ++l) dst[detail::delinearize(l, dst.get_range())] = src[l];
    }
  }

  // Placeholder accessors copied into this command group (see accessor's copy
  // constructor): each must have been bound with require().
  struct placeholder_use {
    weft::detail::buffer_ptr buffer;
    std::size_t extent[3];
    int dims;
    access_mode mode;
  };
  WEFT_API void check_placeholders() const;
  // Marks the handler whose command group function runs on this thread.
  struct recording_scope {
    handler* saved;
    explicit recording_scope(handler& h) : saved(detail::handler_access::recording) {
      detail::handler_access::recording = &h;
    }
    ~recording_scope() { detail::handler_access::recording = saved; }
  };

  weft::detail::queue_ptr m_queue;
  weft::detail::command_group m_cg;
  direct_kernel m_direct;
  std::vector<placeholder_use> m_placeholders;
  detail::kernel_extras m_extras;  // specialization constants, streams (sycl/detail/kernel_extras.hpp)
};

inline const weft::detail::device_state* detail::handler_access::device(const handler& cgh) {
  return cgh.target().device;
}
inline std::size_t detail::handler_access::allocate_local(handler& cgh, std::size_t bytes, std::size_t align) {
  if (align == 0) align = 1;
  std::size_t offset = (cgh.m_cg.local.bytes + align - 1) / align * align;
  cgh.m_cg.local.bytes = offset + bytes;
  return offset;
}

}  // namespace weft::sycl
