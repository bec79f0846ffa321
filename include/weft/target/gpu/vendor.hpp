#pragma once
// The GPU vendor a translation unit is compiled for. The GPU target's code in
// include/weft/target/gpu/ is written once in the CUDA dialect that clang
// compiles in CUDA mode (NVIDIA) and in HIP mode (AMD); what differs between
// the two is in one file per vendor with the same names: the warp width and
// lane masks, shuffles, votes, warp synchronisation, address-space queries,
// traps, the runtime calls the launch templates make (vendor/<vendor>.hpp) and
// the atomics (vendor/<vendor>_atomic.hpp). The shared code only calls these.
#if defined(__HIP__)
#include <weft/target/gpu/vendor/amd.hpp>
#elif defined(__CUDA__)
#include <weft/target/gpu/vendor/nvidia.hpp>
#else
#error "weft/target/gpu/ is for translation units compiled as CUDA or HIP"
#endif
