#pragma once
// Checked mode (compile definition WEFT_CHECKED=1, CMake option WEFT_CHECKED):
// accessor subscripts are bounds-checked, and a violation is reported as
// sycl::exception(errc::accessor) naming the kernel, the work item and the
// index. Inside a kernel the exception reaches the queue's async_handler; in
// host code (host_accessor) it is thrown at the subscript.
//
// The range launch loop records the kernel and the current item in a
// thread_local only in checked mode; without WEFT_CHECKED none of this code
// exists and the launch loops are unchanged.
#ifndef WEFT_CHECKED
#define WEFT_CHECKED 0
#endif

#if WEFT_CHECKED
#include <cxxabi.h>

#include <cstddef>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <sycl/exception.hpp>

namespace weft::sycl::detail::checked {

// Where the calling thread is: which kernel, which item (dims == 0: no item).
struct position {
  const char* kernel = nullptr;  // demangled kernel name; null in host code
  int dims = 0;
  std::size_t id[3] = {0, 0, 0};
};
inline thread_local position current;

// Restores the previous position when a launch loop ends.
struct scope {
  position saved;
  explicit scope(const char* kernel) : saved(current) {
    current = position{};
    current.kernel = kernel;
  }
  ~scope() { current = saved; }
  scope(const scope&) = delete;
  scope& operator=(const scope&) = delete;
};

template <class Index>
inline void set_item(const Index& i) {
  constexpr int D = Index::dimensions;
  current.dims = D;
  for (int d = 0; d < D; ++d) current.id[d] = i[d];
}

inline std::string demangle(const char* mangled) {
  int status = 0;
  char* s = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string out = status == 0 && s ? s : mangled;
  std::free(s);
  return out;
}

// A kernel passed with a name (parallel_for<Name>) reports the name; an unnamed
// one reports its lambda's type.
template <class Name, class Kernel>
struct named_kernel {
  Kernel kernel;
  static const char* weft_kernel_name() {
    // typeid of a pointer: kernel names are often incomplete types (class foo;).
    static const std::string n = [] {
      std::string s = demangle(typeid(Name*).name());
      if (!s.empty() && s.back() == '*') s.pop_back();
      return s;
    }();
    return n.c_str();
  }
  template <class... A>
  void operator()(A&&... a) const {
    kernel(std::forward<A>(a)...);
  }
};
template <class Name, class Kernel>
auto name_kernel(const Kernel& k) {
  if constexpr (std::is_void_v<Name>) return k;
  else return named_kernel<Name, Kernel>{k};
}

template <class Kernel, class = void>
struct has_name : std::false_type {};
template <class Kernel>
struct has_name<Kernel, std::void_t<decltype(Kernel::weft_kernel_name())>> : std::true_type {};

template <class Kernel>
const char* kernel_name() {
  if constexpr (has_name<Kernel>::value) {
    return Kernel::weft_kernel_name();
  } else {
    static const std::string n = demangle(typeid(Kernel).name());
    return n.c_str();
  }
}

inline std::string list(const std::size_t* v, int dims) {
  std::string s = "{";
  for (int d = 0; d < dims; ++d) s += (d ? ", " : "") + std::to_string(v[d]);
  return s + "}";
}

// Throws errc::accessor for index `idx` outside `range` (both `dims` long).
[[noreturn]] inline void out_of_bounds(const std::size_t* idx, const std::size_t* range, const std::size_t* offset,
                                       int dims) {
  std::string where;
  if (current.kernel) {
    where = " in kernel '" + std::string(current.kernel) + "'";
    if (current.dims) where += " at work item " + list(current.id, current.dims);
  } else {
    where = " in host code";
  }
  throw_error(errc::accessor, "accessor index " + list(idx, dims) + " is outside the accessor's range " +
                                  list(range, dims) + " (offset " + list(offset, dims) + ")" + where +
                                  " [WEFT_CHECKED]");
}

}  // namespace weft::sycl::detail::checked
#endif
