#pragma once
// Backend interop (SYCL 2020 4.5.1) for the GPU target's backend: backend::cuda
// in CUDA translation units, backend::hip in HIP ones, with the native types of
// vendor/<vendor>.hpp (weft::gpu::native). What converts (docs/gpu.md):
//   device  <-> CUdevice (the ordinal)
//   context <-  CUcontext, -> std::vector<CUcontext> (each device's primary
//               context, or the one the context was made from)
//   queue   <-> CUstream (a queue made from one runs every command on it and
//               never destroys it; get_native fixes the stream of a queue)
//   event   <-> CUevent (the marker behind the command's work; an event made
//               from one completes when the GPU reaches it)
//   platform -> std::vector<CUdevice>
//   accessors in a kernel -> T* (buffer, constant-buffer and local memory).
#include <memory>
#include <vector>
#include <sycl/accessor.hpp>
#include <sycl/backend.hpp>
#include <sycl/local_accessor.hpp>
#include <weft/runtime/context_state.hpp>
#include <weft/target/gpu/runtime.hpp>
#include <weft/target/gpu/vendor.hpp>

namespace weft::gpu::detail {
namespace n = ::weft::gpu::native;

// backend_traits' input_type (what make_* takes) and return_type (what get_native
// gives) per SYCL type, as the return types of these declarations (never defined).
n::device native_input(sycl::device*);
n::context native_input(sycl::context*);
n::stream native_input(sycl::queue*);
n::event native_input(sycl::event*);
n::device native_return(sycl::device*);
std::vector<n::device> native_return(sycl::platform*);
std::vector<n::context> native_return(sycl::context*);
n::stream native_return(sycl::queue*);
n::event native_return(sycl::event*);
// Accessors usable in a kernel: a pointer to the memory they reach.
template <class T, int D, sycl::access_mode M, sycl::target Tg, sycl::access::placeholder P,
          std::enable_if_t<
              Tg == sycl::target::device || Tg == sycl::target::constant_buffer || Tg == sycl::target::local, int> = 0>
T* native_return(sycl::accessor<T, D, M, Tg, P>*);
template <class T, int D>
T* native_return(sycl::local_accessor<T, D>*);

// The address behind a pointer or a multi_ptr.
template <class P>
WEFT_HOST_DEVICE auto* address_of(const P& p) {
  if constexpr (std::is_pointer_v<P>) return p;
  else return p.get();
}

// The device of this backend with the given ordinal.
inline sycl::device device_of(n::device ordinal, const char* what) {
  for (const sycl::device& d : sycl::device::get_devices())
    if (d.get_backend() == n::backend && d.state()->ordinal == int(ordinal)) return d;
  weft::detail::throw_error(sycl::errc::invalid, std::string(what) + ": no device of backend " +
                                                     sycl::detail::backend_name(n::backend) + " has the ordinal " +
                                                     std::to_string(int(ordinal)));
}

// The first device of this backend in a context.
inline sycl::device device_in(const sycl::context& c, const char* what) {
  for (const weft::detail::device_state* d : c.state()->devices)
    if (d->backend == n::backend) return sycl::device(d);
  weft::detail::throw_error(sycl::errc::invalid, std::string(what) + ": the context has no device of backend " +
                                                     sycl::detail::backend_name(n::backend) +
                                                     "; pass a context of that backend's devices");
}
}  // namespace weft::gpu::detail

namespace weft::sycl {

template <>
class backend_traits<weft::gpu::native::backend> {
 public:
  template <class T>
  using input_type = decltype(weft::gpu::detail::native_input(static_cast<T*>(nullptr)));
  template <class T>
  using return_type = decltype(weft::gpu::detail::native_return(static_cast<T*>(nullptr)));
};

template <>
struct detail::interop<weft::gpu::native::backend> {
  using native_device = weft::gpu::native::device;
  using native_context = weft::gpu::native::context;
  using native_stream = weft::gpu::native::stream;
  using native_event = weft::gpu::native::event;

  static native_device native(const device& d) { return native_device(d.state()->ordinal); }
  static std::vector<native_device> native(const platform& p) {
    std::vector<native_device> out;
    for (const device& d : p.get_devices()) out.push_back(native(d));
    return out;
  }
  static std::vector<native_context> native(const context& c) {
    const auto& s = *c.state();
    if (s.native_context) return {static_cast<native_context>(s.native_context)};
    std::vector<native_context> out;
    for (const weft::detail::device_state* d : s.devices)
      out.push_back(static_cast<native_context>(weft::gpu::interop().primary_context(*d)));
    return out;
  }
  static native_stream native(const queue& q) {
    return static_cast<native_stream>(weft::gpu::interop().queue_stream(*q.state()));
  }
  static native_event native(const event& e) {
    return static_cast<native_event>(weft::gpu::interop().native_event(e.state()));
  }
  template <class T, int D, access_mode M, target Tg, access::placeholder P>
  WEFT_HOST_DEVICE static T* native(const accessor<T, D, M, Tg, P>& a) {
    return const_cast<T*>(weft::gpu::detail::address_of(a.get_pointer()));
  }
  template <class T, int D>
  WEFT_HOST_DEVICE static T* native(const local_accessor<T, D>& a) {
    return const_cast<T*>(weft::gpu::detail::address_of(a.get_pointer()));
  }

  static device make_device(native_device d) { return weft::gpu::detail::device_of(d, "make_device"); }
  // Commands on the context's queues still run in the device's primary context
  // (the runtime's); the native context is what get_native gives back.
  static context make_context(native_context c, const async_handler& h) {
    const device d =
        weft::gpu::detail::device_of(native_device(weft::gpu::interop().context_ordinal(c)), "make_context");
    auto s = std::make_shared<weft::detail::context_state>();
    s->devices.push_back(d.state());
    s->handler = h;
    s->native_context = c;
    return context(weft::detail::context_ptr(std::move(s)));
  }
  // The stream must belong to the context's first device of this backend.
  static queue make_queue(native_stream s, const context& c, const async_handler& h) {
    if (!s)
      weft::detail::throw_error(errc::invalid,
                                "make_queue: a null stream (the legacy default stream) cannot be a queue's; pass a "
                                "stream the program created");
    queue q(c, weft::gpu::detail::device_in(c, "make_queue"), h);
    q.state()->native_stream.store(s, std::memory_order_release);
    return q;
  }
  static event make_event(native_event e, const context& c) {
    const device d = weft::gpu::detail::device_in(c, "make_event");
    return event(weft::gpu::interop().event_from_native(*d.state(), e));
  }
};

}  // namespace weft::sycl
