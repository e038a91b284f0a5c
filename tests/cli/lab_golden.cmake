# `zetema compare` against results written before the lab summed as it went
# (issue 13): the CSV and the table the same byte for byte (but for the
# stamps line, which names the engine version), the JSON the same field for
# field, the games exactly and each real number to 1e-9 (docs/lab.md, "How
# the figures are computed"). Threads differ from the golden run's on purpose.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(two-players_ARGS --a sackson --b parlett --deals 60 --seed 5 --threads 1 --bots greedy)
set(partners_ARGS --a sackson --b book1881 --players 4 --teams pairs --deals 40 --seed 9
    --threads 3 --bots greedy,random)
foreach(name two-players partners)
  execute_process(COMMAND ${ZETEMA} compare ${${name}_ARGS} --csv ${WORK}/${name}.csv
                          --out ${WORK}/${name}.json
                  RESULT_VARIABLE s OUTPUT_VARIABLE text)
  if(s)
    message(FATAL_ERROR "${name}: compare failed (${s})")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${GOLDEN}/${name}.csv ${WORK}/${name}.csv
                  RESULT_VARIABLE diff)
  if(diff)
    message(FATAL_ERROR "${name}: the CSV differs from ${GOLDEN}/${name}.csv")
  endif()
  file(READ ${GOLDEN}/${name}.txt golden)
  string(REGEX REPLACE "  stamps: [^\n]*\n" "" golden "${golden}")
  string(REGEX REPLACE "  stamps: [^\n]*\n" "" text "${text}")
  if(NOT golden STREQUAL text)
    message(FATAL_ERROR "${name}: the table differs:\n${text}\nexpected:\n${golden}")
  endif()
  execute_process(COMMAND ${PYTHON} ${SAME_RESULT} ${GOLDEN}/${name}.json ${WORK}/${name}.json
                  RESULT_VARIABLE s OUTPUT_VARIABLE why)
  if(s)
    message(FATAL_ERROR "${name}: the result differs: ${why}")
  endif()
endforeach()
