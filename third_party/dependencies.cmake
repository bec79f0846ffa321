# How Weft finds each dependency. Every one comes from a Debian 12 package
# (third_party/packages.txt); a missing one stops configure naming that package.

function(weft_require found_var package what)
  if(NOT ${found_var})
    message(FATAL_ERROR
      "Weft needs ${what}, which was not found.\n"
      "Install the Debian package '${package}' (or run third_party/install-deps.sh).")
  endif()
endfunction()

find_package(Threads REQUIRED)

find_package(TBB CONFIG QUIET)
weft_require(TBB_FOUND libtbb-dev "oneTBB")

find_package(Boost 1.74 QUIET COMPONENTS context)
weft_require(Boost_CONTEXT_FOUND libboost-context-dev "Boost.Context")

# Debian's xsimd package names an 'xtl' target it never defines (xtl is only
# needed for xtl::xcomplex, which Weft does not use): stand in for it.
if(NOT TARGET xtl)
  add_library(xtl INTERFACE IMPORTED)
endif()
find_package(xsimd CONFIG QUIET)
weft_require(xsimd_FOUND libxsimd-dev "xsimd")

if(WEFT_BUILD_TESTS)
  find_package(GTest CONFIG QUIET)
  if(NOT GTest_FOUND)
    find_package(GTest QUIET)
  endif()
  weft_require(GTest_FOUND libgtest-dev "GoogleTest (WEFT_BUILD_TESTS=ON)")
endif()

if(WEFT_BUILD_BENCHMARKS)
  find_package(benchmark CONFIG QUIET)
  weft_require(benchmark_FOUND libbenchmark-dev "Google Benchmark (WEFT_BUILD_BENCHMARKS=ON)")
  find_package(Boost 1.74 QUIET COMPONENTS fiber context)
  set(WEFT_HAVE_BOOST_FIBER ${Boost_FIBER_FOUND})
  if(NOT WEFT_HAVE_BOOST_FIBER)
    message(STATUS "Weft: Boost.Fiber not found (libboost-fiber-dev): its reference benchmarks are skipped")
  endif()
endif()
