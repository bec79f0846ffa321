#pragma once
// Weft: SYCL 2020 for CPUs, with no SYCL compiler. Include this header; the
// API is in namespace sycl.
#include <weft/config.hpp>

// SYCL 2020 section 5.6: the version of SYCL the implementation supports, a long (202012L). A SYCL
// compiler predefines it; Weft's CMake package defines it for the code that links
// Weft::sycl (libraries such as oneDPL test it before including this header), and
// this header for everyone else.
#ifndef SYCL_LANGUAGE_VERSION
#define SYCL_LANGUAGE_VERSION 202012L
#endif

// The assert macro, which SYCL 2020 allows in kernels: programs written for DPC++ or
// AdaptiveCpp use it without <cassert>, which their sycl.hpp includes.
#include <cassert>

#include <sycl/access.hpp>
#include <sycl/accessor.hpp>
#include <sycl/atomic_ref.hpp>
#include <sycl/aspect.hpp>
#include <sycl/backend.hpp>
#include <sycl/buffer.hpp>
#include <sycl/context.hpp>
#include <sycl/device.hpp>
#include <sycl/device_event.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/event.hpp>
#include <sycl/exception.hpp>
#include <sycl/functional.hpp>
#include <sycl/group.hpp>
#include <sycl/group_algorithm.hpp>
#include <sycl/group_barrier.hpp>
#include <sycl/group_functions.hpp>
#include <sycl/group_traits.hpp>
#include <sycl/h_item.hpp>
#include <sycl/handler.hpp>
#include <sycl/id.hpp>
#include <sycl/info.hpp>
#include <sycl/item.hpp>
#include <sycl/local_accessor.hpp>
#include <sycl/known_identity.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/private_memory.hpp>
#include <sycl/property_list.hpp>
#include <sycl/queue.hpp>
#include <sycl/range.hpp>
#include <sycl/reduction.hpp>
#include <sycl/scoped_parallelism.hpp>
#include <sycl/sub_group.hpp>
#include <sycl/usm.hpp>
// SYCL 2020 beyond the core (issue 10): math, vec, half, marray, atomics 1.2.1,
// specialization constants, kernel bundles, stream and small utilities.
#include <sycl/atomic.hpp>
#include <sycl/bit_cast.hpp>
#include <sycl/device_copyable.hpp>
#include <sycl/half.hpp>
#include <sycl/kernel_bundle.hpp>
#include <sycl/marray.hpp>
#include <sycl/math.hpp>
#include <sycl/multi_ptr.hpp>
#include <sycl/properties.hpp>
#include <sycl/span.hpp>
#include <sycl/stream.hpp>
#include <sycl/vec.hpp>
// DPC++ extensions (docs/extensions.md).
#include <sycl/ext/oneapi/bfloat16.hpp>
#include <sycl/ext/oneapi/device_global/device_global.hpp>
#include <sycl/ext/oneapi/device_global/properties.hpp>
#include <sycl/ext/oneapi/experimental/bfloat16_math.hpp>
#include <sycl/ext/oneapi/experimental/cuda/builtins.hpp>
#include <sycl/ext/oneapi/functional.hpp>
#include <sycl/ext/oneapi/group_local_memory.hpp>
#include <sycl/ext/oneapi/queue_priority.hpp>
#include <sycl/ext/oneapi/sub_group_mask.hpp>
#include <weft/runtime/runtime.hpp>

// Each enabled target's definitions of the launch interface and kernel bodies.
#include <weft/target/targets.hpp>

// The API lives in weft::sycl; `sycl` is an alias so that SYCL 1.2.1 code may
// say `namespace sycl = cl::sycl;` (a redeclaration of the same alias).
namespace sycl = ::weft::sycl;
