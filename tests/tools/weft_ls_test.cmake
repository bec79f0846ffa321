# weft-ls checks: cmake -DWEFT_LS=<weft-ls> -DPROBE=<tools_worker_count> -DTHREADS=default|<n> -P weft_ls_test.cmake
# 1. the plain listing has the CPU device's line; 2. --verbose reports the worker
# count (and max compute units) the runtime then runs kernels with; 3. --help exits 0;
# 4. an unknown option prints the usage to stderr and exits 2.
if(THREADS STREQUAL "default")
  unset(ENV{WEFT_NUM_THREADS})
else()
  set(ENV{WEFT_NUM_THREADS} ${THREADS})
endif()

execute_process(COMMAND ${WEFT_LS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\\[weft_cpu:cpu:0\\] Weft, [^\n]+ \\[[^\n]+\\]\n")
  message(FATAL_ERROR "weft-ls: exit ${rc}, no CPU device line:\n${out}${err}")
endif()

execute_process(COMMAND ${WEFT_LS} --verbose RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "worker threads: +([0-9]+) \\(from ([^\n]+)\\)")
  message(FATAL_ERROR "weft-ls --verbose: exit ${rc}, no worker line:\n${out}${err}")
endif()
set(ls_workers ${CMAKE_MATCH_1})
set(ls_reason "${CMAKE_MATCH_2}")
string(REGEX MATCH "max compute units: +([0-9]+)" _ "${out}")
set(ls_units ${CMAKE_MATCH_1})
foreach(line "pinning:" "partition:" "fiber stack size:" "sub-group sizes:" "local memory size:" "aspects:")
  string(FIND "${out}" "${line}" at)
  if(at LESS 0)
    message(FATAL_ERROR "weft-ls --verbose does not report '${line}':\n${out}")
  endif()
endforeach()
if(NOT THREADS STREQUAL "default" AND NOT (ls_workers EQUAL THREADS AND ls_reason STREQUAL "WEFT_NUM_THREADS=${THREADS}"))
  message(FATAL_ERROR "WEFT_NUM_THREADS=${THREADS} but weft-ls --verbose reports ${ls_workers} workers from ${ls_reason}")
endif()

execute_process(COMMAND ${PROBE} RESULT_VARIABLE rc OUTPUT_VARIABLE probe ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT probe MATCHES "workers ([0-9]+) compute_units ([0-9]+)")
  message(FATAL_ERROR "worker-count probe failed (exit ${rc}): ${probe}${err}")
endif()
if(NOT (CMAKE_MATCH_1 EQUAL ls_workers AND CMAKE_MATCH_2 EQUAL ls_units AND ls_units EQUAL ls_workers))
  message(FATAL_ERROR "weft-ls says ${ls_workers} workers and ${ls_units} compute units, "
                      "but a program ran with: ${probe}")
endif()

execute_process(COMMAND ${WEFT_LS} --help RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "usage: weft-ls")
  message(FATAL_ERROR "weft-ls --help: exit ${rc}:\n${out}${err}")
endif()

execute_process(COMMAND ${WEFT_LS} --no-such-flag RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "unknown option '--no-such-flag'.*usage: weft-ls" OR NOT out STREQUAL "")
  message(FATAL_ERROR "weft-ls --no-such-flag: expected exit 2 and the usage on stderr, got exit ${rc}:\n${out}${err}")
endif()
message(STATUS "weft-ls: ${ls_workers} workers (${ls_reason}), as the program ran with")
