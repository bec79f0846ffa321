# Weft's HIP target (AMD GPUs, docs/gpu.md): SYCL sources compiled by clang in
# HIP mode against the same headers, linked with the weft_hip backend library
# and the HIP runtime (libamdhip64). Used by Weft's own build
# (WEFT_ENABLE_HIP=ON) and by the installed package (find_package(Weft)).
#
#   weft_add_sycl_hip_executable(<name> SOURCES <files...>
#                                [LINK_LIBRARIES <libs...>] [OPTIONS <clang flags...>])
#
# Cache variables: WEFT_HIP_CLANG (the clang++ used: the one of the ROCm stack
# whose device libraries are installed; Debian 12: clang 15 with ROCm 5.2),
# WEFT_ROCM_PATH (the HIP headers and libraries), WEFT_HIP_ARCHS (GPU
# architectures with 64-wide wavefronts, e.g. "gfx908;gfx90a").
include_guard(GLOBAL)

set(WEFT_ROCM_PATH "/usr" CACHE PATH "ROCm installation used by Weft's HIP target (include/hip, the HIP runtime library)")
set(WEFT_HIP_ARCHS "gfx90a" CACHE STRING "AMD GPU architectures Weft's HIP target compiles for (wave64: gfx900 ... gfx90a, gfx940)")

if(NOT WEFT_HIP_CLANG)
  find_program(WEFT_HIP_CLANG NAMES clang++-15 PATHS "${WEFT_ROCM_PATH}/llvm/bin"
               DOC "clang++ compiling Weft's HIP target (the clang of the ROCm stack, clang 15 for Debian 12's ROCm 5.2)")
endif()
find_program(WEFT_HIPCONFIG hipconfig PATHS "${WEFT_ROCM_PATH}/bin")
find_library(WEFT_AMDHIP64 NAMES amdhip64 PATHS "${WEFT_ROCM_PATH}/lib" "${WEFT_ROCM_PATH}/lib/x86_64-linux-gnu")
find_path(WEFT_HIP_DEVICE_LIBS ocml.bc
          PATHS "${WEFT_ROCM_PATH}/lib/x86_64-linux-gnu/amdgcn/bitcode" "${WEFT_ROCM_PATH}/amdgcn/bitcode"
                "${WEFT_ROCM_PATH}/lib/amdgcn/bitcode" NO_DEFAULT_PATH)
set(_weft_hip_problem "")
if(NOT WEFT_HIP_CLANG)
  set(_weft_hip_problem "no clang++-15 found")
elseif(NOT EXISTS "${WEFT_ROCM_PATH}/include/hip/hip_runtime.h")
  set(_weft_hip_problem "no HIP headers at WEFT_ROCM_PATH=${WEFT_ROCM_PATH} (include/hip/hip_runtime.h is missing)")
elseif(NOT WEFT_AMDHIP64)
  set(_weft_hip_problem "no HIP runtime library (libamdhip64.so) under WEFT_ROCM_PATH=${WEFT_ROCM_PATH}")
elseif(NOT WEFT_HIP_DEVICE_LIBS)
  set(_weft_hip_problem "no AMD device libraries (amdgcn/bitcode/ocml.bc) under WEFT_ROCM_PATH=${WEFT_ROCM_PATH}")
elseif(NOT WEFT_HIPCONFIG)
  set(_weft_hip_problem "no hipconfig (it tells the HIP version)")
endif()
foreach(_arch ${WEFT_HIP_ARCHS})
  if(_arch MATCHES "^gfx1[0-9]")
    set(_weft_hip_problem "WEFT_HIP_ARCHS has ${_arch}, an RDNA GPU with 32-wide wavefronts: Weft's HIP target needs 64-wide ones (gfx9xx)")
  endif()
endforeach()
if(_weft_hip_problem)
  message(FATAL_ERROR "Weft's HIP target: ${_weft_hip_problem}.\n"
          "It needs the HIP compiler, runtime and device libraries (Debian 12: the packages hipcc, libamdhip64-dev "
          "and rocm-device-libs, installed by third_party/install-deps.sh --hip; or set WEFT_HIP_CLANG and "
          "WEFT_ROCM_PATH). Or configure with -DWEFT_ENABLE_HIP=OFF.")
endif()
execute_process(COMMAND ${WEFT_HIPCONFIG} --version OUTPUT_VARIABLE _weft_hip_version ERROR_QUIET)
string(REGEX MATCH "^[0-9]+\\.[0-9]+\\.[0-9]+" _weft_hip_version "${_weft_hip_version}")
execute_process(COMMAND ${WEFT_HIP_CLANG} --version OUTPUT_VARIABLE _weft_clang_version_text ERROR_QUIET)
string(REGEX MATCH "clang version ([0-9]+)" _m "${_weft_clang_version_text}")
message(STATUS "Weft: HIP target with ${WEFT_HIP_CLANG} (clang ${CMAKE_MATCH_1}), HIP ${_weft_hip_version} at "
               "${WEFT_ROCM_PATH}, architectures ${WEFT_HIP_ARCHS}")

# What hipcc passes to its clang, spelled out (so ccache and the build see one
# compiler): the HIP version and device libraries, and ROCm 5.2's inlining of
# every device function.
set(WEFT_HIP_FLAGS -x hip --rocm-path=${WEFT_ROCM_PATH} --hip-version=${_weft_hip_version}
    --hip-device-lib-path=${WEFT_HIP_DEVICE_LIBS} -mllvm -amdgpu-early-inline-all=true
    -mllvm -amdgpu-function-calls=false -std=c++17)
foreach(_arch ${WEFT_HIP_ARCHS})
  list(APPEND WEFT_HIP_FLAGS --offload-arch=${_arch})
endforeach()
# HIP's global vector types take other names, as CUDA's do (WeftCuda.cmake).
include("${CMAKE_CURRENT_LIST_DIR}/WeftGpu.cmake")
weft_gpu_vector_names(WEFT_HIP_FLAGS __hip_)


function(weft_add_sycl_hip_executable name)
  weft_add_gpu_executable(${name} KIND hip COMPILER ${WEFT_HIP_CLANG} FLAGS ${WEFT_HIP_FLAGS} BACKEND Weft::hip
                          ${ARGN})
endfunction()
