# Weft's CUDA target (docs/gpu.md): SYCL sources compiled by clang (>= 22) in
# CUDA mode against the same headers, linked with the weft_cuda backend
# library and the static CUDA runtime. Used by Weft's own build
# (WEFT_ENABLE_CUDA=ON) and by the installed package (find_package(Weft)).
#
#   weft_add_sycl_cuda_executable(<name> SOURCES <files...>
#                                 [LINK_LIBRARIES <libs...>] [OPTIONS <clang flags...>])
#
# Cache variables: WEFT_CUDA_CLANG (the clang++ used), WEFT_CUDA_PATH (the
# toolkit), WEFT_CUDA_ARCHS (GPU architectures, e.g. "sm_80;sm_90"; PTX is
# embedded too, so newer GPUs run the code as well).
include_guard(GLOBAL)

set(WEFT_CUDA_PATH "/usr/local/cuda" CACHE PATH "CUDA toolkit used by Weft's CUDA target (headers, libcudart_static.a)")
set(WEFT_CUDA_ARCHS "sm_90" CACHE STRING "GPU architectures Weft's CUDA target compiles for (e.g. sm_80;sm_90)")

if(NOT WEFT_CUDA_CLANG)
  find_program(WEFT_CUDA_CLANG NAMES clang++-22 clang++-23 clang++-24 clang++
               DOC "clang++ (version 22 or later) compiling Weft's CUDA target")
endif()
set(_weft_cuda_problem "")
if(NOT WEFT_CUDA_CLANG)
  set(_weft_cuda_problem "no clang++ found")
else()
  execute_process(COMMAND ${WEFT_CUDA_CLANG} --version OUTPUT_VARIABLE _weft_clang_version_text ERROR_QUIET)
  string(REGEX MATCH "clang version ([0-9]+)" _m "${_weft_clang_version_text}")
  if(NOT CMAKE_MATCH_1 OR CMAKE_MATCH_1 LESS 22)
    set(_weft_cuda_problem "${WEFT_CUDA_CLANG} is clang ${CMAKE_MATCH_1}, and clang 22 or later is needed")
  endif()
endif()
if(NOT _weft_cuda_problem AND NOT EXISTS "${WEFT_CUDA_PATH}/include/cuda_runtime.h")
  set(_weft_cuda_problem "no CUDA toolkit at WEFT_CUDA_PATH=${WEFT_CUDA_PATH} (include/cuda_runtime.h is missing)")
endif()
find_library(WEFT_CUDART_STATIC NAMES cudart_static PATHS "${WEFT_CUDA_PATH}/lib64" "${WEFT_CUDA_PATH}/lib" NO_DEFAULT_PATH)
if(NOT _weft_cuda_problem AND NOT WEFT_CUDART_STATIC)
  set(_weft_cuda_problem "no libcudart_static.a under WEFT_CUDA_PATH=${WEFT_CUDA_PATH}/lib64")
endif()
if(_weft_cuda_problem)
  message(FATAL_ERROR "Weft's CUDA target: ${_weft_cuda_problem}.\n"
          "It needs clang 22 or later as the CUDA compiler (Debian/Ubuntu: the package clang-22, installed by third_party/install-deps.sh --cuda; "
          "or set WEFT_CUDA_CLANG=/path/to/clang++) and the CUDA toolkit (headers and libcudart_static.a; set "
          "WEFT_CUDA_PATH, default /usr/local/cuda). Or configure with -DWEFT_ENABLE_CUDA=OFF.")
endif()
message(STATUS "Weft: CUDA target with ${WEFT_CUDA_CLANG} (clang ${CMAKE_MATCH_1}), CUDA at ${WEFT_CUDA_PATH}, "
               "architectures ${WEFT_CUDA_ARCHS}")

# The flags verified on an H100 with CUDA 13: precise sqrt(float), and PTX in
# the binary so that GPUs newer than WEFT_CUDA_ARCHS run it too.
set(WEFT_CUDA_FLAGS -x cuda --cuda-path=${WEFT_CUDA_PATH} -Wno-unknown-cuda-version
    -mllvm -nvvm-reflect-add=__CUDA_PREC_SQRT=1 --cuda-include-ptx=all -std=c++17)
foreach(_arch ${WEFT_CUDA_ARCHS})
  list(APPEND WEFT_CUDA_FLAGS --cuda-gpu-arch=${_arch})
endforeach()
# CUDA's global vector types (double2, char4, ...; clang includes the CUDA runtime
# headers before anything else) take other names, so that a program's double2
# after `using namespace sycl;` is SYCL's alias and not ambiguous. Weft's headers
# lift the macros once CUDA's headers are in (weft/target/gpu/vector_names.hpp).
include("${CMAKE_CURRENT_LIST_DIR}/WeftGpu.cmake")
weft_gpu_vector_names(WEFT_CUDA_FLAGS __cuda_)


function(weft_add_sycl_cuda_executable name)
  weft_add_gpu_executable(${name} KIND cuda COMPILER ${WEFT_CUDA_CLANG} FLAGS ${WEFT_CUDA_FLAGS} BACKEND Weft::cuda
                          ${ARGN})
endfunction()
