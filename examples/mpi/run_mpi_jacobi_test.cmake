# Runs the MPI Jacobi example on 1 and on 2 ranks and compares the grids.
# Usage: cmake -DMPIEXEC=mpirun -DEXE=example_mpi_jacobi -DWORK=dir -P run_mpi_jacobi_test.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(args --n 192 --iters 150 --check)
# One worker per rank: two ranks on a 2-CPU machine do not oversubscribe it, and
# the test stays quick and steady on shared machines. Open MPI: run as root if
# need be, allow more ranks than cores, no binding (the test must not depend on
# the machine's topology), shared-memory transport only, yield when idle.
set(ENV{WEFT_NUM_THREADS} 1)
set(ENV{OMPI_MCA_btl} "self,vader")
set(ENV{OMPI_MCA_btl_vader_single_copy_mechanism} none)
set(ENV{OMPI_MCA_mpi_yield_when_idle} 1)
set(ENV{OMPI_MCA_rmaps_base_oversubscribe} 1)
set(ENV{OMPI_ALLOW_RUN_AS_ROOT} 1)
set(ENV{OMPI_ALLOW_RUN_AS_ROOT_CONFIRM} 1)
set(ENV{MPIEXEC_TIMEOUT} 50)  # MPICH's Hydra: abort a hung run
execute_process(COMMAND ${MPIEXEC} --version OUTPUT_VARIABLE version ERROR_VARIABLE version)
set(mpi_flags)
if(version MATCHES "Open MPI|OpenRTE")
  # --timeout: mpirun itself aborts every rank of a hung run.
  set(mpi_flags --oversubscribe --bind-to none --timeout 50)
  execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(uid STREQUAL "0")
    list(APPEND mpi_flags --allow-run-as-root)
  endif()
endif()

foreach(case "1;host_task" "2;host_task" "2;host_accessor")
  list(GET case 0 np)
  list(GET case 1 how)
  set(out ${WORK}/grid_${np}_${how}.bin)
  execute_process(
    COMMAND ${MPIEXEC} -np ${np} ${mpi_flags} ${EXE} ${args} --exchange ${how} --out ${out}
    RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr TIMEOUT 60)
  message(STATUS "${np} rank(s), ${how}:\n${stdout}${stderr}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mpi_jacobi on ${np} rank(s) (${how}) failed: ${rc}")
  endif()
  if(NOT stdout MATCHES "serial reference: identical")
    message(FATAL_ERROR "mpi_jacobi on ${np} rank(s) (${how}) differs from the serial loop")
  endif()
endforeach()

foreach(other grid_2_host_task.bin grid_2_host_accessor.bin)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/grid_1_host_task.bin ${WORK}/${other}
                  RESULT_VARIABLE same)
  if(NOT same EQUAL 0)
    message(FATAL_ERROR "the grid of ${other} differs from the 1-rank grid")
  endif()
endforeach()
message(STATUS "1-rank and 2-rank grids are identical")
