# cmake -DREFERENCE=<serial exe> -DCANDIDATE=<translated exe> -DOUT_DIR=<dir>
#       -DPYTHON=<python3> -DCOMPARE=<tests/gpu/compare_results.py> -P compare_with_serial.cmake
#
# Runs a sample's serial build (the reference meaning) and a translated build
# of the same source, and compares their "name value" lines with the GPU
# suite's comparer, so every target is held to the same tolerance.
foreach(var REFERENCE CANDIDATE OUT_DIR PYTHON COMPARE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compare_with_serial.cmake: -D${var}=... is required")
  endif()
endforeach()

file(MAKE_DIRECTORY "${OUT_DIR}")
foreach(run REFERENCE CANDIDATE)
  get_filename_component(name "${${run}}" NAME)
  set(${run}_OUT "${OUT_DIR}/${name}.txt")
  execute_process(COMMAND "${${run}}" OUTPUT_FILE "${${run}_OUT}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name} exited with ${rc}")
  endif()
endforeach()
execute_process(COMMAND "${PYTHON}" "${COMPARE}" "${REFERENCE_OUT}" "${CANDIDATE_OUT}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CANDIDATE} differs from ${REFERENCE}")
endif()
