# SYCL-CTS adapter for Weft (a library-only SYCL 2020 implementation). tools/cts/run-cts.sh passes
# this folder as CMAKE_MODULE_PATH and -DSYCL_IMPLEMENTATION=Weft; the CTS has then already run
# find_package(Weft REQUIRED) (config mode, through CMAKE_PREFIX_PATH) and includes this file.
if(NOT CMAKE_CXX_STANDARD)
  set(CMAKE_CXX_STANDARD 17)
endif()
add_library(SYCL::SYCL INTERFACE IMPORTED GLOBAL)
target_link_libraries(SYCL::SYCL INTERFACE Weft::sycl)

# The CTS calls add_sycl_to_target(TARGET <tgt> [SOURCES ...]) on object libraries and
# executables; Weft needs no SYCL compiler, only its usage requirements.
function(add_sycl_to_target)
  cmake_parse_arguments(args "" "TARGET" "SOURCES" ${ARGN})
  target_link_libraries(${args_TARGET} PUBLIC Weft::sycl)
endfunction()

# One object library with the test sources, one executable from its objects (so that the
# objects that compiled can be linked on their own when others fail: run-cts.sh does that).
function(add_sycl_executable_implementation)
  cmake_parse_arguments(args "" "NAME;OBJECT_LIBRARY" "TESTS" ${ARGN})
  add_library(${args_OBJECT_LIBRARY} OBJECT ${args_TESTS})
  add_executable(${args_NAME} $<TARGET_OBJECTS:${args_OBJECT_LIBRARY}>)
  add_sycl_to_target(TARGET ${args_OBJECT_LIBRARY} SOURCES ${args_TESTS})
  add_sycl_to_target(TARGET ${args_NAME})
  # the CTS adds include directories and definitions to the executable; the objects need them
  set_target_properties(${args_OBJECT_LIBRARY} PROPERTIES
    INCLUDE_DIRECTORIES $<TARGET_PROPERTY:${args_NAME},INCLUDE_DIRECTORIES>
    COMPILE_DEFINITIONS $<TARGET_PROPERTY:${args_NAME},COMPILE_DEFINITIONS>
    COMPILE_OPTIONS     $<TARGET_PROPERTY:${args_NAME},COMPILE_OPTIONS>
    COMPILE_FEATURES    $<TARGET_PROPERTY:${args_NAME},COMPILE_FEATURES>
    POSITION_INDEPENDENT_CODE ON)
endfunction()
