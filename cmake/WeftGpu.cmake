# What Weft's GPU targets share (cmake/WeftCuda.cmake, cmake/WeftHip.cmake):
# SYCL sources compiled by a clang in a GPU mode (-x cuda or -x hip) against
# Weft's headers, then linked as an ordinary executable by the C++ compiler
# with Weft and the vendor's backend library.
#
#   weft_add_gpu_executable(<name> COMPILER <clang++> FLAGS <mode flags...> BACKEND <target>
#                           KIND <word for messages> SOURCES <files...>
#                           [LINK_LIBRARIES <libs...>] [OPTIONS <clang flags...>])
include_guard(GLOBAL)

find_program(WEFT_GPU_CCACHE ccache)

# The library target whose include directories GPU sources get (Weft's own
# target in its build tree, the imported Weft::sycl in the package).
if(NOT WEFT_GPU_SYCL_TARGET)
  set(WEFT_GPU_SYCL_TARGET Weft::sycl)
endif()

# Appends to the list `flags_var` the -D flags that give the vendor's global vector
# types (double2, char4, ...) names starting with `prefix`, which Weft's headers lift
# once the vendor's runtime headers are in (weft/target/gpu/vector_names.hpp).
function(weft_gpu_vector_names flags_var prefix)
  set(flags ${${flags_var}} -DWEFT_GPU_VECTOR_NAMES=1)
  foreach(_type char uchar short ushort int uint long ulong longlong ulonglong float double)
    foreach(_n 1 2 3 4)
      list(APPEND flags -D${_type}${_n}=${prefix}${_type}${_n})
    endforeach()
  endforeach()
  set(${flags_var} ${flags} PARENT_SCOPE)
endfunction()

function(weft_add_gpu_executable name)
  cmake_parse_arguments(A "" "COMPILER;BACKEND;KIND" "FLAGS;SOURCES;LINK_LIBRARIES;OPTIONS" ${ARGN})
  if(NOT A_SOURCES)
    message(FATAL_ERROR "weft_add_sycl_${A_KIND}_executable(${name}): no SOURCES")
  endif()
  set(_launcher)
  if(WEFT_GPU_CCACHE)
    set(_launcher ${WEFT_GPU_CCACHE})
  endif()
  set(_incs "$<TARGET_PROPERTY:${WEFT_GPU_SYCL_TARGET},INTERFACE_INCLUDE_DIRECTORIES>")
  set(_objs)
  foreach(_src ${A_SOURCES})
    get_filename_component(_abs "${_src}" ABSOLUTE)
    get_filename_component(_base "${_src}" NAME)
    set(_obj "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${name}.${A_KIND}/${_base}.o")
    add_custom_command(OUTPUT "${_obj}"
      COMMAND ${_launcher} ${A_COMPILER} ${A_FLAGS}
              "$<IF:$<CONFIG:Debug>,-O0;-g,-O3;-DNDEBUG>"
              "$<$<BOOL:${_incs}>:-I$<JOIN:${_incs},;-I>>"
              ${A_OPTIONS} -MD -MF "${_obj}.d" -c "${_abs}" -o "${_obj}"
      DEPENDS "${_abs}"
      DEPFILE "${_obj}.d"
      COMMAND_EXPAND_LISTS VERBATIM
      COMMENT "Building ${A_KIND} object ${name}/${_base}")
    list(APPEND _objs "${_obj}")
  endforeach()
  set_source_files_properties(${_objs} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  add_executable(${name} ${_objs})
  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)
  target_link_libraries(${name} PRIVATE ${WEFT_GPU_SYCL_TARGET} ${A_BACKEND} ${A_LINK_LIBRARIES})
endfunction()
