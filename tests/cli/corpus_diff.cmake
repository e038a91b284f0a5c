# `zetema diff --under B` over a corpus: the sample replays plus a corrupt
# file and a missing one. The bad files are reported and counted, the others
# run; three shards merge to the bytes of one run; a shard left out fails
# the merge.
include(${CMAKE_CURRENT_LIST_DIR}/shards.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus)
file(GLOB samples ${SAMPLES}/*.json)
list(LENGTH samples n_samples)
file(COPY ${samples} ${BROKEN}/corrupt_replay.json DESTINATION ${WORK}/corpus)
file(WRITE ${WORK}/corpus/notes.txt "not a replay: a folder's other files are left out\n")
set(ARGS diff --under book1881 ${WORK}/corpus ${WORK}/missing.json)
math(EXPR n_files "${n_samples} + 2")

execute_process(COMMAND ${ZETEMA} ${ARGS} --out ${WORK}/one.json --csv ${WORK}/one.csv
                RESULT_VARIABLE s OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(s)
  message(FATAL_ERROR "the corpus run failed (${s}) though most files are good")
endif()
if(NOT err MATCHES "corrupt_replay.json: " OR NOT err MATCHES "missing.json: ")
  message(FATAL_ERROR "each bad file must get its own error on stderr")
endif()
if(NOT out MATCHES "${n_files} replay\\(s\\) re-run under book1881 \\(policy bot:greedy\\)"
   OR NOT out MATCHES "could not be re-run: 2")
  message(FATAL_ERROR "the summary must count ${n_files} files, 2 of them bad")
endif()
file(READ ${WORK}/one.json json)
if(NOT json MATCHES "^{\"kind\":\"corpus-diff\"" OR NOT json MATCHES "\"files\":${n_files},\"errors\":2,")
  message(FATAL_ERROR "the JSON result must count ${n_files} files and 2 errors")
endif()
file(STRINGS ${WORK}/one.csv lines)
list(LENGTH lines n_lines)
math(EXPR want "${n_files} + 1")
if(NOT n_lines EQUAL want)
  message(FATAL_ERROR "the CSV must have a header and ${n_files} lines, has ${n_lines}")
endif()

run_shards(${WORK}/part 3 ${ARGS})
merge_equals(${WORK}/one.json ${WORK}/merged.json ${WORK}/part2.json ${WORK}/part0.json
             ${WORK}/part1.json)
expect_merge(1 "are in no part" ${WORK}/gap.json ${WORK}/part0.json ${WORK}/part2.json)
expect_merge(2 "--partial is for comparisons" ${WORK}/gap.json ${WORK}/part0.json
             ${WORK}/part2.json --partial)
# A corpus part and a comparison's result do not merge, in either order:
# said as such (it was a complaint about a field of the other kind's file).
expect_merge(1 "two-players.json is not a corpus diff result and .*part0.json is;" ${WORK}/mixed.json
             ${WORK}/part0.json ${COMPARE_RESULT})
expect_merge(1 "part0.json is a corpus diff result and .*two-players.json is not;" ${WORK}/mixed.json
             ${COMPARE_RESULT} ${WORK}/part0.json)
# Nothing re-runs: the command fails.
execute_process(COMMAND ${ZETEMA} diff --under book1881 ${WORK}/corpus/corrupt_replay.json ${WORK}/missing.json
                RESULT_VARIABLE s OUTPUT_QUIET ERROR_QUIET)
if(NOT s EQUAL 1)
  message(FATAL_ERROR "a corpus of bad files only must fail, got ${s}")
endif()
# Replays whose variant is not installed run their embedded sources: each
# says so, naming its file, and the summary counts them.
file(MAKE_DIRECTORY ${WORK}/no-variants)
execute_process(COMMAND ${ZETEMA} --variants-dir ${WORK}/no-variants diff --under ${SAMPLES}/../../variants/book1881.lua
                        ${SAMPLES}/sackson-4p-pairs.json ${SAMPLES}/parlett-3p-refill-after-marriage.json
                RESULT_VARIABLE s OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(s OR NOT err MATCHES "sackson-4p-pairs.json: note: variant 'sackson' is not installed: running the Lua sources embedded"
   OR NOT out MATCHES "ran their own embedded sources: 2")
  message(FATAL_ERROR "embedded sources: exit ${s}, '${out}${err}'")
endif()
