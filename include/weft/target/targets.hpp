#pragma once
// The targets this translation unit is compiled for: each one's definitions of
// the launch interface (weft/runtime/launch.hpp) and the kernel interface
// (weft/kernel/). The CPU target is always present; the GPU target joins it in
// translation units compiled as CUDA (NVIDIA) or HIP (AMD) (docs/gpu.md).
#include <weft/target/cpu/range_launch.hpp>
#include <weft/target/cpu/nd_range_kernel.hpp>
#include <weft/target/cpu/scoped_launch.hpp>
#include <weft/target/cpu/hierarchical_launch.hpp>
#include <weft/target/cpu/reduction_launch.hpp>
#if defined(__CUDA__) || defined(__HIP__)
#include <weft/target/gpu/launch.hpp>
#include <weft/target/gpu/reduction_launch.hpp>
#include <weft/target/gpu/scoped_launch.hpp>
#include <weft/target/gpu/hierarchical_launch.hpp>
#include <weft/target/gpu/interop.hpp>
#endif
