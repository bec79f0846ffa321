#pragma once
// SYCL 2020 section 4.5.4: properties and property_list, and the properties
// of queues, buffers and accessors.
#include <algorithm>
#include <memory>
#include <mutex>
#include <type_traits>
#include <typeindex>
#include <utility>
#include <vector>
#include <sycl/exception.hpp>

namespace weft::sycl {

template <class T>
struct is_property : std::false_type {};
template <class T>
inline constexpr bool is_property_v = is_property<T>::value;
template <class Property, class SyclObject>
struct is_property_of : std::false_type {};
template <class Property, class SyclObject>
inline constexpr bool is_property_of_v = is_property_of<Property, SyclObject>::value;

namespace detail {
struct property_base {
  virtual ~property_base() = default;
};
template <class P>
struct property_holder : property_base {
  explicit property_holder(P p) : value(std::move(p)) {}
  P value;
};
}  // namespace detail

class property_list {
 public:
  property_list() = default;
  template <class... Props, std::enable_if_t<(is_property_v<std::decay_t<Props>> && ...), int> = 0>
  property_list(Props&&... props) {
    (add(std::forward<Props>(props)), ...);
  }

  template <class P>
  bool has_property() const noexcept {
    return find<P>() != nullptr;
  }
  template <class P>
  P get_property() const {
    if (auto* p = find<P>()) return *p;
    detail::throw_error(errc::invalid, "get_property: the object was not constructed with the requested property");
  }

 private:
  template <class P>
  void add(P&& p) {
    using T = std::decay_t<P>;
    m_props.emplace_back(typeid(T), std::make_shared<detail::property_holder<T>>(std::forward<P>(p)));
  }
  template <class P>
  const P* find() const {
    for (auto& [type, holder] : m_props)
      if (type == typeid(P)) return &static_cast<const detail::property_holder<P>*>(holder.get())->value;
    return nullptr;
  }
  std::vector<std::pair<std::type_index, std::shared_ptr<detail::property_base>>> m_props;
};

namespace detail {
// The property queries of a SYCL object made with a property_list (buffer, queue).
class with_property_list {
 public:
  template <class P>
  bool has_property() const noexcept {
    return m_props.template has_property<P>();
  }
  template <class P>
  P get_property() const {
    return m_props.template get_property<P>();
  }

 protected:
  with_property_list() = default;
  explicit with_property_list(const property_list& props) : m_props(props) {}

  property_list m_props;
};
}  // namespace detail

class context;
class queue;
template <class T, int D, class A>
class buffer;

namespace property {
namespace queue {
struct in_order {};
struct enable_profiling {};
}  // namespace queue
namespace buffer {
struct use_host_ptr {};
class use_mutex {
 public:
  explicit use_mutex(std::mutex& m) : m_mutex(&m) {}
  std::mutex* get_mutex_ptr() const { return m_mutex; }

 private:
  std::mutex* m_mutex;
};
// The buffer is used in this context only (Weft's contexts all share host memory,
// so it changes nothing but get_context). Defined in src/sycl/objects.cpp.
class context_bound {
 public:
  WEFT_API explicit context_bound(sycl::context bound_context);
  WEFT_API sycl::context get_context() const;

 private:
  std::shared_ptr<const sycl::context> m_context;
};
}  // namespace buffer
struct no_init {};
namespace reduction {
struct initialize_to_identity {};
}  // namespace reduction
}  // namespace property

inline constexpr property::no_init no_init{};

template <>
struct is_property<property::queue::in_order> : std::true_type {};
template <>
struct is_property<property::queue::enable_profiling> : std::true_type {};
template <>
struct is_property<property::buffer::use_host_ptr> : std::true_type {};
template <>
struct is_property<property::buffer::use_mutex> : std::true_type {};
template <>
struct is_property<property::buffer::context_bound> : std::true_type {};
template <>
struct is_property<property::no_init> : std::true_type {};
template <>
struct is_property<property::reduction::initialize_to_identity> : std::true_type {};

}  // namespace weft::sycl
