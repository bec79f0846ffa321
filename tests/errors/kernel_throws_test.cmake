# cmake -DPROGRAM=<errors_kernel_throws> -DMODE=named|lambda|destroyed -P kernel_throws_test.cmake
# An exception thrown by a kernel, with no async_handler, is reported with the kernel's
# name, the exception's type and its message; wait_and_throw() then stops the program
# (abort, never "terminate called without an active exception"); a queue destroyed
# with the error undelivered prints it and the program goes on.
execute_process(COMMAND ${PROGRAM} ${MODE} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(MODE STREQUAL "named")
  set(expect "asynchronous error in kernel 'bad_value_kernel': std::invalid_argument: bad value at item 500")
elseif(MODE STREQUAL "lambda")
  # A lambda's type name: g++ says main::{lambda(...)#1}, clang++ main::$_1.
  set(expect "asynchronous error in kernel 'main::({lambda(.*)#[0-9]+}|[$]_[0-9]+)': app::input_error: input 3 is negative")
else()
  set(expect "never delivered.*\nweft: asynchronous error in kernel 'bad_value_kernel': std::invalid_argument: bad value at item 500")
endif()
if(NOT err MATCHES "${expect}")
  message(FATAL_ERROR "stderr does not match '${expect}':\n${err}")
endif()
if(err MATCHES "without an active exception")
  message(FATAL_ERROR "the program ended through std::terminate with no active exception:\n${err}")
endif()
if(MODE STREQUAL "destroyed")
  if(NOT rc EQUAL 0 OR NOT out MATCHES "still running")
    message(FATAL_ERROR "a destroyed queue's undelivered error must not stop the program (exit ${rc}):\n${out}${err}")
  endif()
else()
  if(rc EQUAL 0 OR out MATCHES "still running" OR NOT err MATCHES "async_handler")
    message(FATAL_ERROR "wait_and_throw() without an async_handler must stop the program and say how to "
                        "handle the error (exit ${rc}):\n${out}${err}")
  endif()
endif()
message(STATUS "exit: ${rc}\n${err}")
