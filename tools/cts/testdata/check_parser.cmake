# Self-test of tools/cts/cts.py's Catch2 XML reader (CTest tools_cts_parser, label tools): each
# case of mayfail.xml gets its result; in particular a [!mayfail] or [!shouldfail] case whose
# checks fail is an expected failure (xfail), not a pass, although Catch2 marks it a success.
# usage: cmake -DPYTHON=python3 -P check_parser.cmake
set(here ${CMAKE_CURRENT_LIST_DIR})
execute_process(COMMAND ${PYTHON} ${here}/../cts.py cases ${here}/mayfail.xml
                OUTPUT_VARIABLE cases ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cts.py cases failed (${rc}):\n${err}")
endif()
set(expected
    "a case that passes\tpassed\t"
    "a case that fails\tfailed\tevent.cpp:25: a == b [1 == 2]"
    "a may-fail case that fails\txfail\tevent.cpp:287: teh1.count() == 1 [0 == 1]"
    "a may-fail case that passes\tpassed\t"
    "a should-fail case that fails\txfail\tException event.cpp:312: not implemented"
    "a should-fail case that passes\tfailed\ttagged [!shouldfail], but every check passed"
    "a skipped case\tskipped\tevent.cpp:331: Requires at least two devices")
foreach(line ${expected})
  string(FIND "${cases}" "${line}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "cts.py cases lacks the line '${line}':\n${cases}")
  endif()
endforeach()
message(STATUS "cts.py reads every case of mayfail.xml right")
