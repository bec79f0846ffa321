#pragma once
// The GPU runtime's entry points, one set per vendor, each compiled once into
// its backend library from src/target/gpu/backend.cpp: weft::cuda in weft_cuda
// (on the CUDA runtime), weft::hip in weft_hip (on the HIP runtime). The launch
// templates of include/weft/target/gpu/ reach the vendor their translation unit
// is compiled for through weft::gpu::runtime.
// Device discovery, USM, memory commands, streams and error checks live in the
// libraries.
#include <cstddef>
#include <weft/runtime/device_state.hpp>

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
// `what` (a string literal) names the launch in messages.
void finish(void* stream, const char* what);
// finish() after a launch whose runtime call returned launch_error (0: launched),
// which then needs no query of the runtime's last error.
void finish_launch(void* stream, const char* what, int launch_error);
// The dynamic shared memory a block may use on d (opt-in maximum).
std::size_t max_dynamic_shared(const weft::detail::device_state& d);
}  // namespace weft::cuda

namespace weft::hip {  // the same, on the HIP runtime
bool register_backend();
void* prepare(const weft::detail::device_state& d);
void finish(void* stream, const char* what);
void finish_launch(void* stream, const char* what, int launch_error);
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
}  // namespace weft::gpu
#endif
