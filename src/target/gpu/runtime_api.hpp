#pragma once
// The vendor runtime the GPU backend (backend.cpp) is compiled against: the
// library being built names it (CMakeLists.txt: weft_cuda defines
// WEFT_GPU_RUNTIME_CUDA, weft_hip WEFT_GPU_RUNTIME_HIP). Each vendor's file
// offers the same names in weft::gpu::api: the runtime's types and the calls
// the backend makes (api::event_record is cudaEventRecord or hipEventRecord),
// the vendor's facts (runtime_name, backend, vendor names, how a device's
// architecture, clock, shared memory and sub-group size are read), its sticky
// errors and the completion-word write; and weft::gpu::runtime, the namespace
// of the entry points (include/weft/target/gpu/runtime.hpp) backend.cpp
// defines. The backend only calls these.
#if defined(WEFT_GPU_RUNTIME_HIP)
#include "../hip/runtime_api.hpp"
#elif defined(WEFT_GPU_RUNTIME_CUDA)
#include "../cuda/runtime_api.hpp"
#else
#error "src/target/gpu/ is compiled into weft_cuda or weft_hip, which define WEFT_GPU_RUNTIME_CUDA or _HIP"
#endif
