# Runs a command and checks its exit status and output.
#   cmake -DCOMMAND="a;b;c" -DEXPECT_EXIT=1 -DEXPECT_OUTPUT=regex [-DEXPECT_FILE=golden] -P expect.cmake
# EXPECT_FILE: the standard output must equal this file byte for byte.
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT "${status}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "exit status ${status}, expected ${EXPECT_EXIT}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED EXPECT_OUTPUT AND NOT "${out}${err}" MATCHES "${EXPECT_OUTPUT}")
  message(FATAL_ERROR "output does not match '${EXPECT_OUTPUT}'\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED EXPECT_FILE)
  file(READ "${EXPECT_FILE}" expected)
  if(NOT "${out}" STREQUAL "${expected}")
    file(WRITE "${EXPECT_FILE}.actual" "${out}")
    message(FATAL_ERROR "output differs from ${EXPECT_FILE}; see ${EXPECT_FILE}.actual "
                        "(tests/golden/regenerate.sh rewrites the golden files)")
  endif()
endif()
