# Runs a command and checks its exit status and output.
#   cmake -DCOMMAND="a;b;c" -DEXPECT_EXIT=1 -DEXPECT_OUTPUT=regex [-DEXPECT_FILE=golden] -P expect.cmake
# EXPECT_FILE: the standard output must equal this file byte for byte.
# EXPECT_SECTION_OF: the standard output must equal the part of this file
#   between the lines EXPECT_BEGIN and EXPECT_END (a generated section of a doc).
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
if(DEFINED EXPECT_SECTION_OF)
  file(READ "${EXPECT_SECTION_OF}" doc)
  string(FIND "${doc}" "${EXPECT_BEGIN}\n" begin)
  string(FIND "${doc}" "\n${EXPECT_END}\n" end)
  if(begin EQUAL -1 OR end EQUAL -1 OR end LESS begin)
    message(FATAL_ERROR "${EXPECT_SECTION_OF} has no section between ${EXPECT_BEGIN} and ${EXPECT_END}")
  endif()
  string(LENGTH "${EXPECT_BEGIN}\n" skip)
  math(EXPR from "${begin} + ${skip}")
  math(EXPR length "${end} + 1 - ${from}")
  string(SUBSTRING "${doc}" ${from} ${length} expected)
  if(NOT "${out}" STREQUAL "${expected}")
    file(WRITE "${EXPECT_SECTION_OF}.actual" "${out}")
    message(FATAL_ERROR "output differs from the section of ${EXPECT_SECTION_OF} between "
                        "${EXPECT_BEGIN} and ${EXPECT_END}; see ${EXPECT_SECTION_OF}.actual")
  endif()
endif()
