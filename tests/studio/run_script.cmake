# Runs one studio script under Xvfb with a scratch copy of the variants (so
# edits never touch the repository) and a fresh config folder.
#   cmake -DSTUDIO=... -DSCRIPT=... -DWORK=... -DSHOTS=... -DVARIANTS=... [-DKEEP_CONFIG=1]
#         [-DENV=NAME=VALUE] [-DSCREEN=WxH] -P run_script.cmake
if(NOT SCREEN)
  set(SCREEN 1600x1000)
endif()
if(NOT KEEP_CONFIG)
  file(REMOVE_RECURSE ${WORK})
endif()
file(MAKE_DIRECTORY ${WORK}/config ${SHOTS})
file(GLOB variant_files ${VARIANTS}/*.lua)
file(COPY ${variant_files} DESTINATION ${WORK}/variants)
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env ${ENV} xvfb-run -a -s "-screen 0 ${SCREEN}x24" ${STUDIO} --script ${SCRIPT} --config ${WORK}/config
          --variants-dir ${WORK}/variants --shots ${SHOTS} --open ""
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT "${status}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "zetema-studio exited with ${status}, expected ${EXPECT_EXIT}")
endif()
