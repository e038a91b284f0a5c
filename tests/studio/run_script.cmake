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
# The studio's own exit status is written to a file by a shell between
# xvfb-run and the studio: xvfb-run's status is the studio's only when its
# own clean-up succeeds, and after a studio killed with SIGKILL that clean-up
# has been seen to fail (exit 5) on a loaded machine.
set(status_file ${WORK}/studio-exit-status)
file(REMOVE ${status_file})
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env ${ENV} xvfb-run -a -s "-screen 0 ${SCREEN}x24"
          sh -c "\"$0\" \"$@\"; s=$?; echo $s > \"${status_file}\"; exit $s" ${STUDIO} --script ${SCRIPT}
          --config ${WORK}/config --variants-dir ${WORK}/variants --shots ${SHOTS} --open ""
  RESULT_VARIABLE xvfb_status OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT EXISTS ${status_file})
  message(FATAL_ERROR "zetema-studio did not run to an exit status (xvfb-run exited with ${xvfb_status})")
endif()
file(STRINGS ${status_file} status LIMIT_COUNT 1)
if(NOT "${status}" STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "zetema-studio exited with ${status}, expected ${EXPECT_EXIT}")
endif()
if(NOT "${xvfb_status}" STREQUAL "${status}")
  message("note: xvfb-run exited with ${xvfb_status} after the studio's ${status}")
endif()
