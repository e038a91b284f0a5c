# Runs one fuzzer for a bounded time over a fresh copy of its seed corpus.
#   cmake -DFUZZER=... -DSEEDS=dir -DWORK=dir -DSECONDS=60 -P run_fuzzer.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/artifacts)
execute_process(COMMAND ${FUZZER} -max_total_time=${SECONDS} -rss_limit_mb=2048 -timeout=10
                        -print_final_stats=1 -artifact_prefix=${WORK}/artifacts/ ${WORK}/corpus ${SEEDS}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX MATCH "stat::number_of_executed_units: *[0-9]+" runs "${err}")
message("${FUZZER}: ${runs}")
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${err}")
endif()
