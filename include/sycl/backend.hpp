#pragma once
// SYCL 2020 section 4.5.1: backend interoperability. The generic part: the traits
// each backend specializes, get_native and the make_* functions. A backend's
// native types and conversions come with its target (the CUDA and HIP ones with
// the GPU target, weft/target/gpu/interop.hpp, in translation units compiled for
// it); a backend that has none offers no conversion, so code naming it does not
// compile.
#include <type_traits>
#include <utility>
#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/event.hpp>
#include <sycl/exception.hpp>
#include <sycl/info.hpp>
#include <sycl/queue.hpp>
#include <weft/kernel/target.hpp>

namespace weft::sycl {

namespace detail {
// A backend's conversions, specialized by its target: static members
// native(object) for each SYCL type it converts (kernel-side objects such as
// accessors WEFT_HOST_DEVICE), and make_platform, make_device, make_context,
// make_queue, make_event from native objects. The native types are those of
// backend_traits<B>.
template <backend B>
struct interop;

// Objects that know their backend (platform, device, context, queue, event, ...);
// kernel-side objects (accessors) do not.
template <class T, class = void>
struct has_backend : std::false_type {};
template <class T>
struct has_backend<T, std::void_t<decltype(std::declval<const T&>().get_backend())>> : std::true_type {};

inline const char* backend_name(backend b) {
  switch (b) {
    case backend::host: return "weft_cpu";
    case backend::cuda: return "cuda";
    case backend::hip: return "hip";
    case backend::opencl: return "opencl";
    case backend::ext_oneapi_level_zero: return "ext_oneapi_level_zero";
  }
  return "unknown";
}

inline void check_backend(backend of_object, backend wanted, const char* what) {
  if (of_object != wanted)
    throw_error(errc::backend_mismatch,
                std::string(what) + ": the object belongs to backend::" + backend_name(of_object) +
                    ", not backend::" + backend_name(wanted) + "; use get_native with the object's get_backend()");
}
}  // namespace detail

// Section 4.5.1.1: backend_traits<B>::input_type<T> is the native type make_* take
// for the SYCL type T, return_type<T> the one get_native gives (declared for the
// types the backend converts only). Each backend specializes the class.
template <backend B>
class backend_traits;

template <backend B, class SyclType>
using backend_input_t = typename backend_traits<B>::template input_type<SyclType>;
template <backend B, class SyclType>
using backend_return_t = typename backend_traits<B>::template return_type<SyclType>;

// Section 4.5.1.2: the native object behind a SYCL object; errc::backend_mismatch
// when the object belongs to another backend.
template <backend B, class T, std::enable_if_t<detail::has_backend<T>::value, int> = 0>
backend_return_t<B, T> get_native(const T& object) {
  detail::check_backend(object.get_backend(), B, "get_native");
  return detail::interop<B>::native(object);
}
// Kernel-side objects (an accessor in a kernel: a pointer to its memory). Inside a
// kernel there is no backend to compare: the kernel runs on the one it was
// compiled for.
template <backend B, class T, std::enable_if_t<!detail::has_backend<T>::value, int> = 0>
WEFT_HOST_DEVICE backend_return_t<B, T> get_native(const T& object) {
  return detail::interop<B>::native(object);
}

// Section 4.5.1.3: SYCL objects made from native ones.
template <backend B>
platform make_platform(const backend_input_t<B, platform>& native) {
  return detail::interop<B>::make_platform(native);
}
template <backend B>
device make_device(const backend_input_t<B, device>& native) {
  return detail::interop<B>::make_device(native);
}
template <backend B>
context make_context(const backend_input_t<B, context>& native, const async_handler& handler = {}) {
  return detail::interop<B>::make_context(native, handler);
}
template <backend B>
queue make_queue(const backend_input_t<B, queue>& native, const context& target_context,
                 const async_handler& handler = {}) {
  return detail::interop<B>::make_queue(native, target_context, handler);
}
template <backend B>
event make_event(const backend_input_t<B, event>& native, const context& target_context) {
  return detail::interop<B>::make_event(native, target_context);
}

}  // namespace weft::sycl
