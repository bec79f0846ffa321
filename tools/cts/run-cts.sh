#!/usr/bin/env bash
# Run the test executables of a SYCL-CTS build against Weft, category by category, and write one
# machine-readable summary per category (tools/cts/cts.py; docs/conformance.md says how the CTS
# build that this reads was made: it is configured and built outside this tree).
#
# usage: tools/cts/run-cts.sh [--compiler CXX] BUILD_DIR [CATEGORY...]
#   BUILD_DIR    the CTS build directory (Ninja), one per compiler; bin/test_<name> (or
#                bin/test_<name>.partial, linked from the TUs that compiled) are run
#   CATEGORY     directories under BUILD_DIR/tests (default: every one that has test executables)
# Input, optional, in BUILD_DIR/weft-results/: <category>.build.log (the category's ninja log:
#   the failed TUs and their first errors), <category>.build.rc and .build.seconds (its exit code,
#   124 for a timeout, and how long it took).
# Environment: RUN_TIMEOUT (s per executable, 600), CASE_TIMEOUT (s per test case when an
#   executable hangs or aborts, 60), WEFT_REVISION (the Weft revision the summaries name).
# Output, in BUILD_DIR/weft-results/: <category>.json (the summary table.py reads),
#   summary.tsv (one line per category), <exe>.run.log, <exe>.xml.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
compiler=g++
if [ "${1:-}" = --compiler ]; then compiler=$2; shift 2; fi
[ $# -ge 1 ] || { sed -n '6,17p' "$0" >&2; exit 2; }
build=$(cd "$1" && pwd); shift
out=$build/weft-results; mkdir -p "$out"
cats=("$@")
if [ ${#cats[@]} -eq 0 ]; then
  for d in "$build"/tests/*/; do
    compgen -G "$d/CMakeFiles/test_*_objects.dir" > /dev/null && cats+=("$(basename "$d")")
  done
fi
for c in "${cats[@]}"; do
  exes=()  # the category's executables: test_<name>.dir beside test_<name>_objects.dir in its CMakeFiles
  for d in "$build/tests/$c/CMakeFiles"/test_*_objects.dir; do  # (test_function_objects.dir is an executable's)
    n=${d##*/} && n=${n%_objects.dir}
    [ -d "$build/tests/$c/CMakeFiles/$n.dir" ] && exes+=("$n")
  done
  python3 "$here/cts.py" category --build "$build" --out "$out" --category "$c" --compiler "$compiler" \
    --build-rc "$(cat "$out/$c.build.rc" 2>/dev/null || echo 0)" \
    --build-seconds "$(cat "$out/$c.build.seconds" 2>/dev/null || echo 0)" \
    --run-timeout "${RUN_TIMEOUT:-600}" --case-timeout "${CASE_TIMEOUT:-60}" "${exes[@]}"
done
