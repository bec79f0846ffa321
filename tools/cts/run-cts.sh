#!/usr/bin/env bash
# Build and run categories of the Khronos SYCL-CTS against an installed Weft, and write one
# machine-readable summary per category (docs/conformance.md explains the whole procedure).
#
# usage: tools/cts/run-cts.sh [--compiler g++|clang++] CTS_DIR WEFT_PREFIX BUILD_DIR [CATEGORY...]
#   CTS_DIR      a SYCL-CTS work tree with vendor/Catch2 and vendor/OpenCL-Headers filled in
#                (tools/cts/fetch-cts.sh makes one). It is patched in place, idempotently: two CMake /
#                header lines so that the CTS knows the implementation "Weft"; no test source changes.
#   WEFT_PREFIX  a Weft install prefix (holds lib/cmake/Weft)
#   BUILD_DIR    the CTS build directory; use one per compiler
#   CATEGORY     directories under CTS_DIR/tests (default: the list in DEFAULT_CATEGORIES)
# Environment: JOBS (2), BUILD_TIMEOUT (s per category, 900), RUN_TIMEOUT (s per executable, 600),
#   CASE_TIMEOUT (s per test case when an executable hangs or aborts, 60), NICE (10),
#   BUILD_TYPE (CMAKE_BUILD_TYPE of the CTS build; default none, i.e. -O0, the CTS's default).
#   WEFT_REVISION (the Weft revision the summaries name; e.g. $(git rev-parse --short HEAD)).
# Output, in BUILD_DIR/weft-results/: <category>.json (the summary table.py reads),
#   summary.tsv (one line per category), <category>.build.log, <exe>.run.log, <exe>.xml.
# Categories are configured once per BUILD_DIR (the set named on the first call; a call that
# names a category not configured yet configures again with the union).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
DEFAULT_CATEGORIES=(handler group nd_item accessor_basic reduction vector_api queue buffer device context
  platform device_selector exceptions stream sub_group group_functions marray_basic range id item nd_range
  event usm atomic_ref host_task multi_ptr bit_cast optional_kernel_features spec_constants kernel_bundle
  math_builtin_api hierarchical h_item)

compiler=g++
if [ "${1:-}" = --compiler ]; then compiler=$2; shift 2; fi
case $compiler in g++) cc=gcc ;; clang++*) cc=${compiler/clang++/clang} ;; *) echo "--compiler: g++ or clang++[-N]" >&2; exit 2 ;; esac
[ $# -ge 3 ] || { sed -n '5,19p' "$0" >&2; exit 2; }
cts=$(cd "$1" && pwd); prefix=$(cd "$2" && pwd); mkdir -p "$3"; build=$(cd "$3" && pwd); shift 3
cats=("$@"); [ ${#cats[@]} -gt 0 ] || cats=("${DEFAULT_CATEGORIES[@]}")
JOBS=${JOBS:-2} BUILD_TIMEOUT=${BUILD_TIMEOUT:-900} RUN_TIMEOUT=${RUN_TIMEOUT:-600}
CASE_TIMEOUT=${CASE_TIMEOUT:-60} NICE=${NICE:-10} BUILD_TYPE=${BUILD_TYPE:-}
out=$build/weft-results; mkdir -p "$out"
[ -d "$cts/vendor/Catch2/src" ] || { echo "$cts/vendor/Catch2 is empty: run tools/cts/fetch-cts.sh" >&2; exit 1; }

# --- 1. teach the CTS the implementation name "Weft" (under a lock: runs for two compilers
#        may start at once on one checkout) ---
(
  flock 9
  grep -q ';Weft"' "$cts/cmake/AddSYCLExecutable.cmake" ||
    sed -i 's/;ProtoSYCL"/;ProtoSYCL;Weft"/' "$cts/cmake/AddSYCLExecutable.cmake"
  grep -q SYCL_CTS_COMPILING_WITH_WEFT "$cts/tests/common/disabled_for_test_case.h" ||
    sed -i 's/^#elif SYCL_CTS_COMPILING_WITH_PROTOSYCL$/#elif SYCL_CTS_COMPILING_WITH_WEFT\n#define INTERNAL_CTS_SYCL_IMPL_Weft ()\n&/' \
      "$cts/tests/common/disabled_for_test_case.h"
) 9< "$cts/CMakeLists.txt"

# --- 2. configure only the chosen categories (plus those configured before) ---
configured=$(cat "$build/weft-categories.txt" 2>/dev/null || true)
wanted=$(printf '%s\n' "$configured" "${cats[@]}" | sed '/^$/d' | sort -u)
if [ "$wanted" != "$configured" ] || [ ! -f "$build/build.ninja" ]; then
  for d in "$cts"/tests/*/; do
    c=$(basename "$d"); [ "$c" = common ] || grep -qx "$c" <<< "$wanted" || echo "$c"
  done > "$build/exclude-categories.txt"
  echo "configuring $build ($compiler): $(tr '\n' ' ' <<< "$wanted")"
  cmake -S "$cts" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" \
    -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_C_COMPILER="$cc" \
    -DSYCL_IMPLEMENTATION=Weft -DCMAKE_MODULE_PATH="$here/cmake" -DCMAKE_PREFIX_PATH="$prefix" \
    -DSYCL_CTS_ENABLE_OPENCL_INTEROP_TESTS=OFF \
    -DSYCL_CTS_EXCLUDE_TEST_CATEGORIES="$build/exclude-categories.txt" > "$out/configure.log" 2>&1 ||
    { echo "configure failed: $out/configure.log" >&2; exit 1; }
  echo "$wanted" > "$build/weft-categories.txt"
fi
echo "building the CTS's common code (Catch2, util, oclmath)"
nice -n "$NICE" cmake --build "$build" -j "$JOBS" --target util main_function_object oclmath Catch2 \
  > "$out/common.build.log" 2>&1 || { echo "common build failed: $out/common.build.log" >&2; exit 1; }

# --- 3. per category: build with a timeout (-k 0: keep going past failing TUs), then link what
#        compiled, run it and summarise (cts.py) ---
for c in "${cats[@]}"; do
  exes=()  # the category's executables: test_<name>_objects.dir in its CMakeFiles folder
  for d in "$build/tests/$c/CMakeFiles"/test_*_objects.dir; do
    [ -d "$d" ] && d=${d##*/} && exes+=("${d%_objects.dir}")
  done
  t0=$(date +%s); brc=0
  if [ ${#exes[@]} -gt 0 ]; then
    timeout "$BUILD_TIMEOUT" nice -n "$NICE" cmake --build "$build" -j "$JOBS" --target "${exes[@]}" -- -k 0 \
      > "$out/$c.build.log" 2>&1 || brc=$?
  fi
  python3 "$here/cts.py" category --build "$build" --out "$out" --category "$c" --compiler "$compiler" \
    --build-rc "$brc" --build-seconds "$(($(date +%s) - t0))" --run-timeout "$RUN_TIMEOUT" \
    --case-timeout "$CASE_TIMEOUT" --weft-prefix "$prefix" "${exes[@]}"
done
