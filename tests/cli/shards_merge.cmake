# zetema compare in one run and in three shards; zetema merge must give the
# same file, byte for byte.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ARGS --a sackson --b rummy_site --players 3 --deals 90 --bots greedy,imperial,random --seed 5)
execute_process(COMMAND ${ZETEMA} compare ${ARGS} --out ${WORK}/one.json RESULT_VARIABLE s OUTPUT_QUIET)
if(s)
  message(FATAL_ERROR "compare failed")
endif()
foreach(i 0 1 2)
  execute_process(COMMAND ${ZETEMA} compare ${ARGS} --shard ${i}/3 --threads 1 --out ${WORK}/part${i}.json
                  RESULT_VARIABLE s OUTPUT_QUIET)
  if(s)
    message(FATAL_ERROR "shard ${i} failed")
  endif()
endforeach()
execute_process(COMMAND ${ZETEMA} merge ${WORK}/part0.json ${WORK}/part1.json ${WORK}/part2.json
                        --out ${WORK}/merged.json RESULT_VARIABLE s OUTPUT_QUIET)
if(s)
  message(FATAL_ERROR "merge failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/one.json ${WORK}/merged.json RESULT_VARIABLE diff)
if(diff)
  message(FATAL_ERROR "the merged shards differ from the single run")
endif()
# A shard left out: the merge fails and names the missing deals, unless --partial.
execute_process(COMMAND ${ZETEMA} merge ${WORK}/part0.json ${WORK}/part2.json --out ${WORK}/gap.json
                RESULT_VARIABLE s OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT s EQUAL 1 OR NOT err MATCHES "deals 30-59 of the 90 are in none of the parts" OR EXISTS ${WORK}/gap.json)
  message(FATAL_ERROR "a merge with a shard missing: exit ${s}, '${err}'")
endif()
execute_process(COMMAND ${ZETEMA} merge ${WORK}/part0.json ${WORK}/part2.json --out ${WORK}/gap.json --partial
                RESULT_VARIABLE s OUTPUT_QUIET ERROR_VARIABLE err)
if(s OR NOT err MATCHES "deals 30-59 missing" OR NOT EXISTS ${WORK}/gap.json)
  message(FATAL_ERROR "a partial merge: exit ${s}, '${err}'")
endif()
