#pragma once
// The GPU runtime's entry points, one set per vendor, each compiled once into
// its backend library from src/target/gpu/backend.cpp: weft::cuda in weft_cuda
// (on the CUDA runtime), weft::hip in weft_hip (on the HIP runtime). The launch
// templates of include/weft/target/gpu/ reach the vendor their translation unit
// is compiled for through weft::gpu::runtime.
// Device discovery, USM, memory commands, streams and error checks live in the
// libraries.
#include <cstddef>
#include <memory>
#include <weft/runtime/device_state.hpp>

namespace weft::detail {
struct queue_state;
struct event_state;
}  // namespace weft::detail

namespace weft::gpu {
// Backend interop's calls into the backend library (weft/target/gpu/interop.hpp:
// sycl::get_native, sycl::make_*), each vendor's (interop() below).
struct interop_calls {
  // d's primary context (CUcontext), which the runtime's commands run in.
  void* (*primary_context)(const weft::detail::device_state& d);
  // The ordinal of the device a native context (CUcontext) belongs to; throws
  // sycl::exception(errc::invalid) when the runtime does not know the context.
  int (*context_ordinal)(void* native_context);
  // The stream every later command of q runs on: the one it was made from, else
  // one of the device's pool, fixed for q from now on.
  void* (*queue_stream)(weft::detail::queue_state& q);
  // The native event (CUevent) of a command's event: the marker behind its work
  // (the command is waited for first when its work is not yet queued on the
  // device), or, for a command that ran on the host, an event that was never
  // recorded, which every query finds complete.
  void* (*native_event)(const std::shared_ptr<weft::detail::event_state>& e);
  // An event that completes when the device reaches `native_event` (CUevent) as
  // recorded now; the event stays the program's (it is never destroyed).
  std::shared_ptr<weft::detail::event_state> (*event_from_native)(const weft::detail::device_state& d,
                                                                  void* native_event);
};
// Each vendor library's: weft_cuda's and weft_hip's.
const interop_calls& cuda_interop();
const interop_calls& hip_interop();
// finish()'s launch_error when the launch call's result is not at hand.
inline constexpr int ask_runtime = -1;
}  // namespace weft::gpu

namespace weft::cuda {
// Adds the vendor's platform (one device per GPU its runtime reports) after the
// CPU platform, when the program first asks for platforms or devices. With no
// GPU (or no driver) it adds nothing: gpu_selector_v then throws errc::runtime
// and everything CPU works as before. Idempotent; every GPU translation unit
// calls it through weft::gpu::registered below, before main.
bool register_backend();
// The GPU behind a Weft device, made current on the calling thread; returns the
// stream the command's kernels go to: the stream of the device work it follows
// (weft::detail::take_device_waits), after waiting there for any such work on
// other streams, or else one of a small per-device pool, round robin, so
// independent command groups overlap.
void* prepare(const weft::detail::device_state& d);
// After the command's kernel launches: throws sycl::exception(errc::runtime)
// with the runtime's error if a launch failed, else records a marker behind
// them and hands it to the runtime (weft::detail::defer_completion): the
// command completes when the GPU reaches it, and a kernel failure then reaches
// the queue's async handler. Outside a command it waits for the stream instead.
// `what` (a string literal) names the launch in messages. `launch_error`: what
// the launch call returned (0: launched), which saves a query of the runtime's
// last error; gpu::ask_runtime: that query tells.
void finish(void* stream, const char* what, int launch_error = gpu::ask_runtime);
// The dynamic shared memory a block may use on d (opt-in maximum).
std::size_t max_dynamic_shared(const weft::detail::device_state& d);
}  // namespace weft::cuda

namespace weft::hip {  // the same, on the HIP runtime
bool register_backend();
void* prepare(const weft::detail::device_state& d);
void finish(void* stream, const char* what, int launch_error = gpu::ask_runtime);
std::size_t max_dynamic_shared(const weft::detail::device_state& d);
}  // namespace weft::hip

#if defined(__CUDA__) || defined(__HIP__)
namespace weft::gpu {
#if defined(__HIP__)
namespace runtime = ::weft::hip;
#else
namespace runtime = ::weft::cuda;
#endif
inline const bool registered = runtime::register_backend();
#if defined(__HIP__)
inline const interop_calls& interop() { return hip_interop(); }
#else
inline const interop_calls& interop() { return cuda_interop(); }
#endif
}  // namespace weft::gpu
#endif
