# cmake -P script behind the `install_package` test (see CMakeLists.txt here).
cmake_minimum_required(VERSION 3.25)
foreach(var WEFT_BINARY_DIR WEFT_SOURCE_DIR APP_SOURCE_DIR APP_NAME WORK_DIR GENERATOR CXX_COMPILER BUILD_TYPE)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "install_package.cmake: ${var} is not set")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
set(app_build ${WORK_DIR}/app-build)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(step what)
  message(STATUS "install test: ${what}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install test: '${what}' failed (${rc})")
  endif()
endfunction()

# The library must be built before it can be installed.
step("build the weft library" ${CMAKE_COMMAND} --build ${WEFT_BINARY_DIR} --target weft --parallel 2)
step("install into ${prefix}" ${CMAKE_COMMAND} --install ${WEFT_BINARY_DIR} --prefix ${prefix})

# What an application needs is there.
file(GLOB_RECURSE config_files ${prefix}/*/WeftConfig.cmake)
file(GLOB_RECURSE libraries ${prefix}/*/libweft.so)
foreach(header sycl/sycl.hpp CL/sycl.hpp weft/config.hpp weft/runtime/runtime.hpp weft/target/cpu/range_launch.hpp)
  if(NOT EXISTS ${prefix}/include/${header})
    message(FATAL_ERROR "install test: ${prefix}/include/${header} was not installed")
  endif()
endforeach()
if(NOT config_files)
  message(FATAL_ERROR "install test: no WeftConfig.cmake under ${prefix}")
endif()
if(NOT libraries)
  message(FATAL_ERROR "install test: no libweft.so under ${prefix}")
endif()
# The package (with weft++ and weft.pc) must not point back into the source or build tree.
get_filename_component(cmake_dir ${config_files} DIRECTORY)
file(GLOB_RECURSE pc_files ${prefix}/*/pkgconfig/weft.pc)
if(NOT pc_files OR NOT EXISTS ${prefix}/bin/weft++)
  message(FATAL_ERROR "install test: bin/weft++ or lib/pkgconfig/weft.pc was not installed")
endif()
file(GLOB package_files ${cmake_dir}/*.cmake ${prefix}/bin/weft++ ${pc_files})
foreach(f ${package_files})
  file(READ ${f} text)
  foreach(tree ${WEFT_SOURCE_DIR} ${WEFT_BINARY_DIR})
    string(FIND "${text}" "${tree}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "install test: ${f} refers to ${tree}; the installed package must be relocatable")
    endif()
  endforeach()
endforeach()

set(launcher)
if(CXX_COMPILER_LAUNCHER)
  set(launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${CXX_COMPILER_LAUNCHER})
endif()
set(app_flags)
if(APP_CXX_FLAGS)  # a sanitizer build: the installed library needs the sanitizer's runtime
  set(app_flags "-DCMAKE_CXX_FLAGS=${APP_CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${APP_CXX_FLAGS}")
endif()
step("configure the application"
  ${CMAKE_COMMAND} -S ${APP_SOURCE_DIR} -B ${app_build} -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} ${launcher} ${app_flags}
    -DCMAKE_BUILD_TYPE=${BUILD_TYPE}
    -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
# It must have found the freshly installed package, not another copy.
file(STRINGS ${app_build}/CMakeCache.txt weft_dir REGEX "^Weft_DIR:")
string(REGEX REPLACE "^Weft_DIR:[A-Z]+=" "" weft_dir "${weft_dir}")
if(NOT weft_dir)
  message(FATAL_ERROR "install test: the application's CMakeCache.txt has no Weft_DIR")
endif()
file(REAL_PATH "${weft_dir}" found)
file(REAL_PATH "${prefix}" expected)
string(FIND "${found}" "${expected}/" at)
if(NOT at EQUAL 0)
  message(FATAL_ERROR "install test: the application found Weft in ${weft_dir}, expected it under ${prefix}")
endif()
# Where the pass plugin was installed and the compiler is clang 22, Weft::sycl loads
# it into the application's compiles; -DWEFT_CLANG_PLUGIN=OFF leaves it out.
file(GLOB_RECURSE plugins ${prefix}/*/weft/weft_plugin.so)
execute_process(COMMAND ${CXX_COMPILER} -dumpversion OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE)
if(plugins AND CXX_COMPILER MATCHES "clang" AND version VERSION_GREATER_EQUAL 22 AND version VERSION_LESS 23
   AND EXISTS ${app_build}/build.ninja)
  file(READ ${app_build}/build.ninja rules)
  if(NOT rules MATCHES "-fpass-plugin=")
    message(FATAL_ERROR "install test: clang ${version} compiles the application without Weft's pass plugin")
  endif()
  step("configure the application with -DWEFT_CLANG_PLUGIN=OFF"
    ${CMAKE_COMMAND} -S ${APP_SOURCE_DIR} -B ${WORK_DIR}/app-without-plugin -G ${GENERATOR}
      -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=${BUILD_TYPE} -DCMAKE_PREFIX_PATH=${prefix}
      -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DWEFT_CLANG_PLUGIN=OFF)
  file(READ ${WORK_DIR}/app-without-plugin/build.ninja rules)
  if(rules MATCHES "-fpass-plugin=")
    message(FATAL_ERROR "install test: -DWEFT_CLANG_PLUGIN=OFF still loads Weft's pass plugin")
  endif()
endif()
step("build the application" ${CMAKE_COMMAND} --build ${app_build} --parallel 2)
step("run the application" ${app_build}/${APP_NAME})

# weft++, pkg-config and add_sycl_to_target (docs/toolchain.md); not in the sanitizer
# builds, whose library needs the sanitizer's runtime in every program.
if(APP_CXX_FLAGS)
  return()
endif()
set(weftxx ${prefix}/bin/weft++)
function(run_checked what out)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE text)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install test: '${what}' failed (${rc}):\n${text}")
  endif()
  message(STATUS "install test: ${what}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# weft.pc: pkg-config finds the installed include folder from the file's own place.
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  get_filename_component(pc_dir ${pc_files} DIRECTORY)
  run_checked("pkg-config --cflags --libs weft" flags ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir}
              ${PKG_CONFIG} --cflags --libs weft)
  string(REGEX MATCH "-I([^ ]+)" _ "${flags}")
  file(REAL_PATH "${CMAKE_MATCH_1}" include_dir)
  if(NOT include_dir STREQUAL "${expected}/include" OR NOT flags MATCHES "-lweft")
    message(FATAL_ERROR "install test: weft.pc gives '${flags}', expected -I${expected}/include and -lweft")
  endif()
endif()

# A Makefile in DPC++ style (tests/install/make_project): make CXX=weft++, separate
# compile and link; the dependency files it writes make a header's change rebuild.
find_program(MAKE_PROGRAM NAMES make gmake)
if(MAKE_PROGRAM)
  set(make_dir ${WORK_DIR}/make_project)
  file(COPY ${CMAKE_CURRENT_LIST_DIR}/make_project/ DESTINATION ${make_dir})
  run_checked("make CXX=weft++ (a DPC++-style Makefile)" _ ${MAKE_PROGRAM} -C ${make_dir} CXX=${weftxx} -j2)
  run_checked("run the Makefile project" out ${make_dir}/app)
  execute_process(COMMAND ${MAKE_PROGRAM} -C ${make_dir} -q CXX=${weftxx} RESULT_VARIABLE up_to_date)
  file(TOUCH ${make_dir}/vadd.hpp)
  execute_process(COMMAND ${MAKE_PROGRAM} -C ${make_dir} -n CXX=${weftxx} OUTPUT_VARIABLE again)
  if(NOT up_to_date EQUAL 0 OR NOT again MATCHES "-c main.cpp" OR NOT again MATCHES "-c vadd.cpp")
    message(FATAL_ERROR "install test: after a build make -q said ${up_to_date} (0: up to date); after vadd.hpp "
                        "changed make would run:\n${again}\n(expected both sources again, from the -MMD files)")
  endif()
endif()

# A g++ project whose SYCL source goes through add_sycl_to_target (tests/install/sycl_project):
# where clang++-22 and the pass plugin are installed that source compiles with them (the
# source checks it; the profile shows the vectorized and the split kernel), host.cpp with g++.
find_program(GXX NAMES g++)
find_program(CLANG22 NAMES clang++-22)
set(expect_plugin OFF)
if(plugins AND CLANG22)
  set(expect_plugin ON)
endif()
if(GXX)
  set(sycl_build ${WORK_DIR}/sycl-project-build)
  step("configure a g++ project that calls add_sycl_to_target"
    ${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR}/sycl_project -B ${sycl_build} -G ${GENERATOR}
      -DCMAKE_CXX_COMPILER=${GXX} ${launcher} -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${prefix}
      -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DEXPECT_PLUGIN=${expect_plugin})
  step("build it" ${CMAKE_COMMAND} --build ${sycl_build} --parallel 2)
  run_checked("run it with WEFT_PROFILE=1" out ${CMAKE_COMMAND} -E env WEFT_PROFILE=1 ${sycl_build}/sycl_project)
  if(expect_plugin AND NOT (out MATCHES "saxpy[^\n]*items across [0-9]+ vector lanes"
                            AND out MATCHES "reverse_tile[^\n]*split at barriers"))
    message(FATAL_ERROR "install test: add_sycl_to_target's kernels did not run as clang 22 and the plugin compile "
                        "them (vectorized, split at barriers):\n${out}")
  endif()
endif()
