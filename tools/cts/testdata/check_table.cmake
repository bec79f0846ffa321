# Self-test of tools/cts/table.py (CTest tools_cts_table, label tools): run it on the sample
# summaries of this folder (one g++ and one clang++ run of a few categories) and check that
# the table has every category, both compilers and the grouped causes.
# usage: cmake -DPYTHON=python3 -P check_table.cmake
set(here ${CMAKE_CURRENT_LIST_DIR})
execute_process(COMMAND ${PYTHON} ${here}/../table.py ${here}/gxx ${here}/clang
                OUTPUT_VARIABLE table ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "table.py failed (${rc}):\n${err}")
endif()
file(GLOB summaries ${here}/gxx/*.json ${here}/clang/*.json)
foreach(f ${summaries})
  get_filename_component(category ${f} NAME_WE)
  list(APPEND expected "| ${category} |")
endforeach()
list(APPEND expected "g++: TUs" "clang++-22: TUs" "| **total** |" "### Compile failures by cause"
     "### Failing, hanging and aborting test cases" "### Expected failures")
foreach(s ${expected})
  string(FIND "${table}" "${s}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "table.py output lacks '${s}':\n${table}")
  endif()
endforeach()
message(STATUS "table.py output has the sample categories")
