#pragma once
// SYCL 2020 section 4.10: sycl::reduction and reducer. A reduction object names
// the variable (a USM pointer, or a one-element buffer registered with the
// command group), the operator and its identity; the launch code gives each work
// item (or each chunk of items) a private reducer and combines the partials once
// at the end (weft/target/cpu/reduction_launch.hpp).
#include <array>
#include <cstddef>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <sycl/buffer.hpp>
#include <sycl/exception.hpp>
#include <sycl/functional.hpp>
#include <sycl/handler_access.hpp>
#include <sycl/known_identity.hpp>
#include <sycl/property_list.hpp>
#include <sycl/span.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

class handler;

namespace detail {
struct reducer_access;
template <class T, class Op, bool HasIdentity>
struct reduction_object;
}  // namespace detail

WEFT_HOST_DEVICE_BEGIN  // reducers are kernel-side objects (weft/kernel/target.hpp)

namespace detail {
// Reducer parts that take no space when not needed, so that an array of
// reducers is an array of values the compiler can keep in registers.
template <class Op, bool Empty = std::is_empty_v<Op> && !std::is_final_v<Op>>
struct op_slot : private Op {
  explicit op_slot(const Op& op) : Op(op) {}
  const Op& get_op() const { return *this; }
};
template <class Op>
struct op_slot<Op, false> {
  explicit op_slot(const Op& op) : m_op(op) {}
  const Op& get_op() const { return m_op; }
  Op m_op;
};
template <class T, bool Store>
struct identity_slot {
  explicit identity_slot(const T& id) : m_identity(id) {}
  T get_identity() const { return m_identity; }
  T m_identity;
};
template <class T>
struct identity_slot<T, false> {
  explicit identity_slot(const T&) {}
};
template <bool Store>
struct engaged_slot {
  bool m_engaged = false;
};
template <>
struct engaged_slot<false> {};
}  // namespace detail

// A work item's private view of a reduction variable (section 4.10.3). HasIdentity:
// the identity is known or was given; otherwise the reducer remembers whether it
// holds a value yet. Extent: the number of elements of an array reduction (a span,
// Dimensions 1: the partial specialization below); 1 for a scalar one.
template <typename T, typename BinaryOperation, int Dimensions = 0, bool HasIdentity = true, std::size_t Extent = 1>
class reducer : private detail::op_slot<BinaryOperation>,
                private detail::identity_slot<T, HasIdentity && !has_known_identity_v<BinaryOperation, T>>,
                private detail::engaged_slot<!HasIdentity> {
  using op_base = detail::op_slot<BinaryOperation>;
  using identity_base = detail::identity_slot<T, HasIdentity && !has_known_identity_v<BinaryOperation, T>>;

 public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = Dimensions;

  reducer(const reducer&) = delete;
  reducer& operator=(const reducer&) = delete;

  reducer& combine(const T& partial) {
    if constexpr (HasIdentity) {
      m_value = static_cast<T>(this->get_op()(m_value, partial));
    } else {
      m_value = this->m_engaged ? static_cast<T>(this->get_op()(m_value, partial)) : partial;
      this->m_engaged = true;
    }
    return *this;
  }

  // The identity of the operator (known, or given to sycl::reduction).
  template <bool H = HasIdentity, std::enable_if_t<H, int> = 0>
  T identity() const {
    if constexpr (has_known_identity_v<BinaryOperation, T>) return known_identity_v<BinaryOperation, T>;
    else return this->get_identity();
  }

 private:
  friend struct detail::reducer_access;
  template <typename, typename, int, bool, std::size_t>
  friend class reducer;  // an array reducer builds its element reducers
  template <bool H = HasIdentity, std::enable_if_t<H, int> = 0>
  reducer(const T& identity, const BinaryOperation& op) : op_base(op), identity_base(identity), m_value(identity) {}
  template <bool H = HasIdentity, std::enable_if_t<!H, int> = 0>
  explicit reducer(const BinaryOperation& op) : op_base(op), identity_base(T{}), m_value() {}
  // A reducer that continues from a partial state (value, and whether it holds one).
  reducer(const T& identity, const BinaryOperation& op, const T& value, [[maybe_unused]] bool engaged)
      : op_base(op), identity_base(identity), m_value(value) {
    if constexpr (!HasIdentity) this->m_engaged = engaged;
  }

  bool engaged() const {
    if constexpr (HasIdentity) return true;
    else return this->m_engaged;
  }

  T m_value;
};

// The partial's type is not deduced: it converts to T (e.g. int into a reducer of long).
#define WEFT_REDUCER_OPERATOR(op, kind)                                                                  \
  template <typename T, typename Op, bool H,                                                             \
            std::enable_if_t<detail::op_kind_v<Op, T> == detail::op_kind::kind, int> = 0>                \
  reducer<T, Op, 0, H>& operator op(reducer<T, Op, 0, H>& r, const std::enable_if_t<true, T>& partial) { \
    return r.combine(partial);                                                                           \
  }
WEFT_REDUCER_OPERATOR(+=, plus)
WEFT_REDUCER_OPERATOR(*=, multiplies)
WEFT_REDUCER_OPERATOR(&=, bit_and)
WEFT_REDUCER_OPERATOR(|=, bit_or)
WEFT_REDUCER_OPERATOR(^=, bit_xor)
#undef WEFT_REDUCER_OPERATOR

// ++ is combine(1), for sycl::plus over integers.
template <typename T, typename Op, bool H,
          std::enable_if_t<detail::op_kind_v<Op, T> == detail::op_kind::plus && std::is_integral_v<T>, int> = 0>
reducer<T, Op, 0, H>& operator++(reducer<T, Op, 0, H>& r) {
  return r.combine(T{1});
}
template <typename T, typename Op, bool H,
          std::enable_if_t<detail::op_kind_v<Op, T> == detail::op_kind::plus && std::is_integral_v<T>, int> = 0>
void operator++(reducer<T, Op, 0, H>& r, int) {
  r.combine(T{1});
}

namespace detail {
// Array reductions (section 4.10.2, a span of Extent elements). The launch code treats
// one like a scalar reduction whose value is the whole array: span_value (with each
// element's engaged flag when there is no identity), combined element-wise by
// span_combiner; the reducer holds one element reducer per element.
template <class T, std::size_t N, bool HasIdentity>
struct span_value {
  T v[N];
};
template <class T, std::size_t N>
struct span_value<T, N, false> {
  T v[N];
  bool e[N];
};
template <class T, std::size_t N, class Op, bool HasIdentity>
struct span_combiner {
  Op user;  // the operator given to sycl::reduction
  span_value<T, N, HasIdentity> operator()(const span_value<T, N, HasIdentity>& a,
                                           const span_value<T, N, HasIdentity>& b) const {
    span_value<T, N, HasIdentity> r = a;
    for (std::size_t i = 0; i < N; ++i) {
      if constexpr (HasIdentity) {
        r.v[i] = static_cast<T>(user(a.v[i], b.v[i]));
      } else if (b.e[i]) {
        r.v[i] = a.e[i] ? static_cast<T>(user(a.v[i], b.v[i])) : b.v[i];
        r.e[i] = true;
      }
    }
    return r;
  }
};
}  // namespace detail

// The reducer of an array reduction: operator[] gives element i's reducer.
template <typename T, typename BinaryOperation, bool HasIdentity, std::size_t Extent>
class reducer<T, BinaryOperation, 1, HasIdentity, Extent> {
  using element = reducer<T, BinaryOperation, 0, HasIdentity>;
  using state = detail::span_value<T, Extent, HasIdentity>;
  using combiner = detail::span_combiner<T, Extent, BinaryOperation, HasIdentity>;

 public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 1;

  reducer(const reducer&) = delete;
  reducer& operator=(const reducer&) = delete;
  ~reducer() {
    for (std::size_t i = 0; i < Extent; ++i) (*this)[i].~element();
  }

  element& operator[](std::size_t i) { return std::launder(reinterpret_cast<element*>(m_storage))[i]; }
  const element& operator[](std::size_t i) const {
    return std::launder(reinterpret_cast<const element*>(m_storage))[i];
  }

 private:
  friend struct detail::reducer_access;
  // Continues from a partial state (fresh: the identity, nothing engaged).
  reducer(const state& identity, const combiner& op, const state& value, bool engaged) {
    for (std::size_t i = 0; i < Extent; ++i) {
      bool e = engaged;
      if constexpr (!HasIdentity) e = engaged && value.e[i];
      new (m_storage + i * sizeof(element)) element(identity.v[i], op.user, value.v[i], e);
    }
  }
  reducer(const state& identity, const combiner& op) : reducer(identity, op, identity, false) {}
  explicit reducer(const combiner& op) : reducer(state{}, op, state{}, false) {}

  state value() const {
    state s{};
    for (std::size_t i = 0; i < Extent; ++i) {
      s.v[i] = (*this)[i].m_value;
      if constexpr (!HasIdentity) s.e[i] = (*this)[i].engaged();
    }
    return s;
  }
  bool engaged() const {
    if constexpr (HasIdentity) return true;
    for (std::size_t i = 0; i < Extent; ++i)
      if ((*this)[i].engaged()) return true;
    return false;
  }

  alignas(element) unsigned char m_storage[sizeof(element) * Extent];
};

namespace detail {

// Writes a reduction's result to its variable: the combination of all partials
// (engaged: at least one existed), combined with the old value unless
// initialize_to_identity. Shared by the targets' launch code.
template <bool HasIdentity, class T, class Op>
void write_result(T* target, const T& total, bool engaged, const Op& op, const T& identity, bool init_to_identity) {
  if (init_to_identity) {
    if (engaged) *target = total;
    else if constexpr (HasIdentity) *target = identity;
  } else if (engaged) {
    *target = static_cast<T>(op(*target, total));
  }
}
// An array reduction: element by element, into the span's elements.
template <bool HasIdentity, class T, std::size_t N, class Op>
void write_result(T* target, const span_value<T, N, HasIdentity>& total, bool engaged,
                  const span_combiner<T, N, Op, HasIdentity>& op, const span_value<T, N, HasIdentity>& identity,
                  bool init_to_identity) {
  for (std::size_t i = 0; i < N; ++i) {
    bool e = engaged;
    if constexpr (!HasIdentity) e = engaged && total.e[i];
    write_result<HasIdentity>(target + i, total.v[i], e, op.user, identity.v[i], init_to_identity);
  }
}

// The object sycl::reduction returns: where the result goes and how to combine.
template <class T, class Op, bool HasIdentity>
struct reduction_object {
  using value_type = T;
  using binary_operation = Op;
  using reducer_type = reducer<T, Op, 0, HasIdentity>;
  static constexpr bool has_identity = HasIdentity;

  reduction_object(T* target_, const T& identity_, const Op& op_, bool init_to_identity)
      : target(target_), op(op_), identity(identity_), initialize_to_identity(init_to_identity) {}

  T* target;
  Op op;
  T identity;
  bool initialize_to_identity;
  weft::detail::buffer_ptr keep_alive;  // the buffer form's storage

  // Writes the combination of all partials (engaged: at least one partial existed).
  void finish(const T& total, bool engaged) const {
    write_result<HasIdentity>(target, total, engaged, op, identity, initialize_to_identity);
  }
};

// sycl::reduction over a span of N elements: the launch code sees one variable whose
// value is the whole array (span_value), combined element-wise.
template <class T, std::size_t N, class Op, bool HasIdentity>
struct span_reduction_object {
  using value_type = span_value<T, N, HasIdentity>;
  using binary_operation = span_combiner<T, N, Op, HasIdentity>;
  using reducer_type = reducer<T, Op, 1, HasIdentity, N>;
  static constexpr bool has_identity = HasIdentity;

  T* target;  // the span's first element
  binary_operation op;
  value_type identity;
  bool initialize_to_identity;

  void finish(const value_type& total, bool engaged) const {
    write_result<HasIdentity>(target, total, engaged, op, identity, initialize_to_identity);
  }
};

// How the launch code makes reducers and reads them back.
struct reducer_access {
  template <class R>
  static auto make(const R& red) {
    using reducer_t = typename R::reducer_type;
    if constexpr (R::has_identity) return reducer_t(red.identity, red.op);
    else return reducer_t(red.op);
  }
  // A reducer continuing from the partial state (value, engaged).
  template <class R>
  static auto make_from(const R& red, const typename R::value_type& value, bool engaged) {
    return typename R::reducer_type(red.identity, red.op, value, engaged);
  }
  template <class T, class Op, bool H>
  static const T& value(const reducer<T, Op, 0, H>& r) {
    return r.m_value;
  }
  template <class T, class Op, bool H>
  static bool engaged(const reducer<T, Op, 0, H>& r) {
    return r.engaged();
  }
  template <class T, class Op, bool H, std::size_t N>
  static span_value<T, N, H> value(const reducer<T, Op, 1, H, N>& r) {
    return r.value();
  }
  template <class T, class Op, bool H, std::size_t N>
  static bool engaged(const reducer<T, Op, 1, H, N>& r) {
    return r.engaged();
  }
};

}  // namespace detail
WEFT_HOST_DEVICE_END

namespace detail {

template <class T, class Op, bool HasIdentity>
reduction_object<T, Op, HasIdentity> make_reduction(T* target, const T& identity, Op op, const property_list& props,
                                                    const char* form) {
  if (!target)
    throw_error(errc::invalid, std::string(form) + ": the reduction variable is a null pointer; pass a USM allocation");
  return {target, identity, op, props.has_property<property::reduction::initialize_to_identity>()};
}

template <class Buffer>
typename Buffer::value_type* buffer_target(Buffer& vars, handler& cgh, const property_list& props) {
  if (vars.size() != 1)
    throw_error(errc::invalid, "sycl::reduction: the buffer holds " + std::to_string(vars.size()) +
                                   " elements but a reduction variable is one element; pass a buffer of range 1");
  const auto& state = buffer_access::state(vars);
  // Reading the old value too, unless it is to be overwritten by the identity.
  std::byte* where = handler_access::add_requirement(cgh, state,
                                                     props.has_property<property::reduction::initialize_to_identity>()
                                                         ? access_mode::discard_write
                                                         : access_mode::read_write);
  return reinterpret_cast<typename Buffer::value_type*>(where);
}

// The identity of a reduction made without one: the operator's known identity, else a
// value-initialized T that is never combined (such a reduction has no identity). Without
// a known identity initialize_to_identity cannot be honoured; `with_identity` names the
// call to make instead.
template <typename T, typename BinaryOperation>
T default_identity(const property_list& props, const char* with_identity) {
  if constexpr (has_known_identity_v<BinaryOperation, T>) {
    return known_identity_v<BinaryOperation, T>;
  } else {
    if (props.has_property<property::reduction::initialize_to_identity>())
      throw_error(errc::invalid,
                  std::string("sycl::reduction: initialize_to_identity needs an identity, and this operator has no "
                              "known one; pass the identity: ") +
                      with_identity);
    return T{};
  }
}

}  // namespace detail

// USM forms.
template <typename T, typename BinaryOperation>
auto reduction(T* var, BinaryOperation combiner, const property_list& props = {}) {
  constexpr bool known = has_known_identity_v<BinaryOperation, T>;
  const T identity = detail::default_identity<T, BinaryOperation>(props, "sycl::reduction(ptr, identity, op, props)");
  return detail::make_reduction<T, BinaryOperation, known>(var, identity, combiner, props, "sycl::reduction");
}

template <typename T, typename BinaryOperation>
auto reduction(T* var, const T& identity, BinaryOperation combiner, const property_list& props = {}) {
  return detail::make_reduction<T, BinaryOperation, true>(var, identity, combiner, props, "sycl::reduction");
}

// Span forms (array reductions): element i of the span reduces with the element
// reducers reducer[i] of the work items. The span's memory is USM (or host memory
// on the CPU); its extent is static, as the specification requires.
namespace detail {
template <bool HasIdentity, typename T, std::size_t Extent, typename BinaryOperation>
span_reduction_object<T, Extent, BinaryOperation, HasIdentity> make_span_reduction(span<T, Extent> vars,
                                                                                   const T& identity,
                                                                                   BinaryOperation combiner,
                                                                                   const property_list& props) {
  static_assert(Extent != dynamic_extent,
                "sycl::reduction over a span needs a span of static extent (span<T, N>), as SYCL 2020 requires");
  static_assert(Extent > 0, "sycl::reduction over a span needs at least one element");
  if (!vars.data())
    throw_error(errc::invalid, "sycl::reduction: the span's data is a null pointer; pass a span over a USM allocation");
  span_reduction_object<T, Extent, BinaryOperation, HasIdentity> r{
      vars.data(), {combiner}, {}, props.has_property<property::reduction::initialize_to_identity>()};
  for (std::size_t i = 0; i < Extent; ++i) r.identity.v[i] = identity;
  return r;
}
}  // namespace detail

template <typename T, std::size_t Extent, typename BinaryOperation>
auto reduction(span<T, Extent> vars, BinaryOperation combiner, const property_list& props = {}) {
  constexpr bool known = has_known_identity_v<BinaryOperation, T>;
  const T identity = detail::default_identity<T, BinaryOperation>(props, "sycl::reduction(span, identity, op, props)");
  return detail::make_span_reduction<known>(vars, identity, combiner, props);
}

template <typename T, std::size_t Extent, typename BinaryOperation>
auto reduction(span<T, Extent> vars, const T& identity, BinaryOperation combiner, const property_list& props = {}) {
  return detail::make_span_reduction<true>(vars, identity, combiner, props);
}

// Buffer forms: the one-element buffer is registered with the command group.
template <typename T, int Dims, typename A, typename BinaryOperation>
auto reduction(buffer<T, Dims, A> vars, handler& cgh, BinaryOperation combiner, const property_list& props = {}) {
  T* target = detail::buffer_target(vars, cgh, props);
  auto r = reduction(target, combiner, props);
  r.keep_alive = detail::buffer_access::state(vars);
  return r;
}

template <typename T, int Dims, typename A, typename BinaryOperation>
auto reduction(buffer<T, Dims, A> vars, handler& cgh, const T& identity, BinaryOperation combiner,
               const property_list& props = {}) {
  T* target = detail::buffer_target(vars, cgh, props);
  auto r = reduction(target, identity, combiner, props);
  r.keep_alive = detail::buffer_access::state(vars);
  return r;
}

}  // namespace weft::sycl
