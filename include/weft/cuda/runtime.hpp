#pragma once
// CUDA backend, the part compiled once (src/cuda/, the static library
// weft_cuda that weft_add_sycl_cuda_executable links): device discovery,
// USM, memory commands, streams and error checks. Templated launch code is in
// include/weft/cuda/launch.hpp.
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
// calling thread; returns the stream commands of this thread go to (the
// per-thread default stream, so concurrent command groups overlap).
void* prepare(const weft::detail::device_state& d);
// After a kernel launch: throws sycl::exception(errc::runtime) with the CUDA
// error if the launch failed, else waits for the stream and throws likewise if
// the kernel failed. `what` names the launch in the message.
void finish(void* stream, const char* what);
// The dynamic shared memory a block may use on d (opt-in maximum).
std::size_t max_dynamic_shared(const weft::detail::device_state& d);

}  // namespace weft::cuda
