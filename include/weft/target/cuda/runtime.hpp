#pragma once
// CUDA backend, the part compiled once (src/target/cuda/, the static library
// weft_cuda that weft_add_sycl_cuda_executable links): device discovery,
// USM, memory commands, streams and error checks. Templated launch code is in
// include/weft/target/cuda/launch.hpp.
#include <cstddef>
#include <weft/runtime/device_state.hpp>

namespace weft::cuda {

// Adds the CUDA platform (one device per GPU cudart reports) after the CPU
// platform, when the program first asks for platforms or devices. With no GPU
// (or no driver) it adds nothing: gpu_selector_v then throws errc::runtime and
// everything CPU works as before. Idempotent; every CUDA translation unit calls
// it through `registered` below, before main.
bool register_backend();
inline const bool registered = register_backend();

// The CUDA device behind a Weft device (its cudart ordinal), made current on the
// calling thread; returns the stream the command's kernels go to: the stream of
// the device work it follows (weft::detail::take_device_waits), after waiting
// there for any such work on other streams, or else one of a small per-device
// pool, round robin, so independent command groups overlap.
void* prepare(const weft::detail::device_state& d);
// After the command's kernel launches: throws sycl::exception(errc::runtime)
// with the CUDA error if a launch failed, else records a marker behind them and
// hands it to the runtime (weft::detail::defer_completion): the command
// completes when the GPU reaches it, and a kernel failure then reaches the
// queue's async handler. Outside a command it waits for the stream instead.
// `what` (a string literal) names the launch in messages.
void finish(void* stream, const char* what);
// The dynamic shared memory a block may use on d (opt-in maximum).
std::size_t max_dynamic_shared(const weft::detail::device_state& d);

}  // namespace weft::cuda
