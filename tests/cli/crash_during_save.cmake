# Crash safety of saves: a process killed in the middle of writing a replay
# (fault injected after 500 bytes of the temporary file) leaves the old file
# whole -- it still verifies -- and no half-written file under its name.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${ZETEMA} play --seed 1 --players 3 --record ${WORK}/game.json
                RESULT_VARIABLE s OUTPUT_QUIET)
if(s)
  message(FATAL_ERROR "the first recording failed")
endif()
file(READ ${WORK}/game.json before)
execute_process(COMMAND ${CMAKE_COMMAND} -E env ZETEMA_FAULT_AT_WRITE=1:500
                        ${ZETEMA} play --seed 2 --players 3 --record ${WORK}/game.json
                RESULT_VARIABLE s OUTPUT_QUIET ERROR_QUIET)
if(NOT s EQUAL 99)
  message(FATAL_ERROR "the injected crash did not happen (exit ${s})")
endif()
file(READ ${WORK}/game.json after)
if(NOT before STREQUAL after)
  message(FATAL_ERROR "the replay was changed by a save that crashed")
endif()
execute_process(COMMAND ${ZETEMA} replay verify ${WORK}/game.json RESULT_VARIABLE s OUTPUT_VARIABLE out)
if(s)
  message(FATAL_ERROR "the old replay no longer verifies: ${out}")
endif()
file(GLOB leftovers ${WORK}/game.json.tmp.*)
list(LENGTH leftovers n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "expected the crashed save's temporary file beside the whole replay, found ${n}")
endif()
# The next save goes through, and the leftover does not stop it.
execute_process(COMMAND ${ZETEMA} play --seed 2 --players 3 --record ${WORK}/game.json RESULT_VARIABLE s OUTPUT_QUIET)
execute_process(COMMAND ${ZETEMA} replay verify ${WORK}/game.json RESULT_VARIABLE v OUTPUT_QUIET)
if(s OR v)
  message(FATAL_ERROR "saving after the crash failed")
endif()
