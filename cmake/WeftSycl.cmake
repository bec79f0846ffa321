# add_sycl_to_target, spelled as AdaptiveCpp (and ComputeCpp) spell it (docs/toolchain.md):
#
#   add_sycl_to_target(TARGET <target> [SOURCES <files>...])   (or triSYCL's add_sycl_to_target(<target>))
#
# links Weft::sycl, and compiles the named sources (all of the target's if none are
# named) with Weft's SYCL compiler, clang++-22 with Weft's plugins, even when the
# project's compiler is g++: a compiler launcher (weft++ --weft-launch, as AdaptiveCpp's
# syclcc-launcher) swaps the compiler of those sources and adds the flags Weft::sycl
# gives only clang 22. The objects mix: both compilers use the same C++ ABI and
# libstdc++. The cache variable WEFT_SYCL_COMPILER names that compiler, or OFF to
# leave every source to the project's compiler.
#
# Included by WeftConfig.cmake (the installed package) and by Weft's CMakeLists.txt
# (add_subdirectory), each setting WEFT_SYCL_DRIVER (weft++) and WEFT_SYCL_PLUGIN
# (the pass plugin's file, empty where it was not built) first, and WEFT_SYCL_NOTICE=OFF
# in Weft's own build. Where a target links
# Weft::sycl and the project's compiler is not clang 22 although clang 22 and the
# plugin are there, configure says once how to get the compiled path.
include_guard(GLOBAL)

set(_weft_project_clang22 OFF)
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 22
   AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 23)
  set(_weft_project_clang22 ON)
endif()
set(_weft_sycl_default OFF)
if(WEFT_SYCL_PLUGIN AND NOT _weft_project_clang22)
  find_program(WEFT_CLANG22 clang++-22)
  if(WEFT_CLANG22)
    set(_weft_sycl_default ${WEFT_CLANG22})
  endif()
endif()
set(WEFT_SYCL_COMPILER ${_weft_sycl_default} CACHE STRING
    "The compiler of add_sycl_to_target's SYCL sources (clang++-22, which loads Weft's pass plugin), or OFF: the project's compiler")
# Kept where the functions below find them from any directory.
set_property(GLOBAL PROPERTY WEFT_SYCL_DRIVER "${WEFT_SYCL_DRIVER}")
set_property(GLOBAL PROPERTY WEFT_SYCL_PLUGIN "${WEFT_SYCL_PLUGIN}")
set_property(GLOBAL PROPERTY WEFT_SYCL_LAUNCHES ${WEFT_SYCL_COMPILER})
if(_weft_project_clang22)
  set_property(GLOBAL PROPERTY WEFT_SYCL_LAUNCHES OFF)
endif()

function(add_sycl_to_target)
  if(ARGC GREATER 0 AND NOT ARGV0 STREQUAL "TARGET")  # add_sycl_to_target(<target>): triSYCL's spelling
    list(PREPEND ARGN TARGET)
  endif()
  cmake_parse_arguments(A "" "TARGET" "SOURCES" ${ARGN})
  if(NOT A_TARGET OR NOT TARGET "${A_TARGET}")
    message(FATAL_ERROR "add_sycl_to_target(TARGET <target> [SOURCES <files>...]): '${A_TARGET}' is not a target")
  endif()
  target_link_libraries(${A_TARGET} PRIVATE Weft::sycl)
  set_property(TARGET ${A_TARGET} PROPERTY WEFT_SYCL_TARGET ON)
  get_property(launches GLOBAL PROPERTY WEFT_SYCL_LAUNCHES)
  if(NOT launches)
    return()  # the project's compiler compiles them (clang 22 gets the plugin from Weft::sycl)
  endif()
  get_property(driver GLOBAL PROPERTY WEFT_SYCL_DRIVER)
  get_property(plugin GLOBAL PROPERTY WEFT_SYCL_PLUGIN)
  get_target_property(dir ${A_TARGET} SOURCE_DIR)
  set(sources ${A_SOURCES})
  if(NOT sources)
    get_target_property(sources ${A_TARGET} SOURCES)
  endif()
  list(FILTER sources EXCLUDE REGEX "^\\$<")  # generator expressions name no file here
  list(TRANSFORM sources PREPEND ${dir}/ REGEX "^[^/]")
  set_source_files_properties(${sources} TARGET_DIRECTORY ${A_TARGET} PROPERTIES OBJECT_DEPENDS
                              "${driver};${plugin}")
  get_target_property(launching ${A_TARGET} WEFT_SYCL_LAUNCH)
  set_property(TARGET ${A_TARGET} APPEND PROPERTY WEFT_SYCL_SOURCES ${sources})
  if(launching)
    return()  # a second call adds its sources to the list below
  endif()
  # The launcher compiles the sources listed in this file with WEFT_SYCL_COMPILER; the
  # target's other sources (and every source when SOURCES is not given: all) as before.
  set(only "")
  if(A_SOURCES)
    set(list_file ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${A_TARGET}.weft-sycl-sources)
    file(GENERATE OUTPUT ${list_file} CONTENT "$<JOIN:$<TARGET_PROPERTY:${A_TARGET},WEFT_SYCL_SOURCES>,\n>\n")
    set(only " --weft-sources=${list_file}")
  endif()
  get_target_property(rule ${A_TARGET} RULE_LAUNCH_COMPILE)
  if(NOT rule)
    set(rule "")
  endif()
  set_target_properties(${A_TARGET} PROPERTIES WEFT_SYCL_LAUNCH ON RULE_LAUNCH_COMPILE
    "${rule} ${driver} --weft-launch --weft-cxx=${launches}${only} --")
endfunction()

# The notice for g++ users: after the whole project is configured, the targets that link
# Weft::sycl without add_sycl_to_target, where clang 22 and the plugin are installed.
function(_weft_targets_linking_weft dir out)
  set(found ${${out}})
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t ${targets})
    get_target_property(type ${t} TYPE)
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(libs ${t} LINK_LIBRARIES)
      get_target_property(sycl ${t} WEFT_SYCL_TARGET)
      if(libs AND ("Weft::sycl" IN_LIST libs OR "weft" IN_LIST libs) AND NOT sycl)
        list(APPEND found ${t})
      endif()
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub ${subdirs})
    _weft_targets_linking_weft(${sub} found)
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

function(_weft_gxx_notice)
  set(targets "")
  _weft_targets_linking_weft(${CMAKE_SOURCE_DIR} targets)
  if(NOT targets)
    return()
  endif()
  list(LENGTH targets n)
  list(GET targets 0 first)
  set(names ${first})
  if(n GREATER 1)
    set(names "${first}, ...")
  endif()
  string(REGEX MATCH "^[0-9]+" major "${CMAKE_CXX_COMPILER_VERSION}")
  get_property(driver GLOBAL PROPERTY WEFT_SYCL_DRIVER)
  get_property(compiler GLOBAL PROPERTY WEFT_SYCL_LAUNCHES)
  message(STATUS "Weft: ${CMAKE_CXX_COMPILER_ID} ${major} compiles the SYCL code of ${n} target(s) (${names}): "
                 "kernels run as a library compiles them (fibers at barriers, item loops vectorized only where the "
                 "compiler manages). clang 22 and Weft's pass plugin are installed, which vectorize kernels across "
                 "work items and split them at barriers (often 10-100x faster): add_sycl_to_target(TARGET ${first}) "
                 "compiles its sources with ${compiler} and the plugin; or build with weft++ "
                 "(${driver}) or -DCMAKE_CXX_COMPILER=clang++-22 (docs/toolchain.md). "
                 "-DWEFT_SYCL_COMPILER=OFF turns this off.")
endfunction()

if(WEFT_SYCL_COMPILER AND NOT _weft_project_clang22 AND (NOT DEFINED WEFT_SYCL_NOTICE OR WEFT_SYCL_NOTICE))
  get_property(_weft_notice GLOBAL PROPERTY WEFT_GXX_NOTICE)
  if(NOT _weft_notice)
    set_property(GLOBAL PROPERTY WEFT_GXX_NOTICE ON)
    cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL _weft_gxx_notice)
  endif()
endif()
