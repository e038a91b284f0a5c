# Rotated (--rotate) and --design runs in files (issue 15): a single run and
# its shards merged give the same bytes, the merged table shows the same
# design rows as the single run, the CSV has a line per game of each
# rotation set, and parts that do not belong together are refused.
include(${CMAKE_CURRENT_LIST_DIR}/shards.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# Rotated, three players: 3 games per deal under each rule set.
set(ROT compare --a sackson --b parlett --players 3 --deals 24 --bots greedy,imperial,random --seed 7
    --rotate)
zetema_ok("rotated compare" ${ROT} --out ${WORK}/rot.json --csv ${WORK}/rot.csv)
set(rot_table "${ZETEMA_OUT}")
if(NOT rot_table MATCHES "rotated: each deal played from all 3 seat rotations")
  message(FATAL_ERROR "the rotated table must say so:\n${rot_table}")
endif()
file(STRINGS ${WORK}/rot.csv lines)
list(LENGTH lines n_lines)
list(GET lines 0 header)
list(GET lines 4 fifth)
if(NOT n_lines EQUAL 73 OR NOT header MATCHES "^deal,rotation,a_completed," OR NOT fifth MATCHES "^1,0,")
  message(FATAL_ERROR "the rotated CSV must have a header and 24 x 3 lines (deal, rotation, ...): "
                      "${n_lines} lines, '${header}', '${fifth}'")
endif()
run_shards(${WORK}/rot-part 3 ${ROT} --threads 1)
merge_equals(${WORK}/rot.json ${WORK}/rot-merged.json ${WORK}/rot-part1.json ${WORK}/rot-part0.json
             ${WORK}/rot-part2.json)
if(NOT ZETEMA_OUT STREQUAL rot_table)
  message(FATAL_ERROR "the merged table differs:\n${ZETEMA_OUT}\nsingle run:\n${rot_table}")
endif()

# --design: the games carry the design figures; the merged table has the
# same design rows, Holm marks included.
set(DESIGN compare --a sackson --b book1881 --players 2 --deals 40 --bots imperial,greedy --seed 3
    --design)
zetema_ok("design compare" ${DESIGN} --out ${WORK}/design.json)
set(design_table "${ZETEMA_OUT}")
if(NOT design_table MATCHES "lead changes" OR NOT design_table MATCHES "decisiveness")
  message(FATAL_ERROR "the --design table must show the design rows:\n${design_table}")
endif()
run_shards(${WORK}/design-part 2 ${DESIGN})
merge_equals(${WORK}/design.json ${WORK}/design-merged.json ${WORK}/design-part0.json
             ${WORK}/design-part1.json)
if(NOT ZETEMA_OUT STREQUAL design_table)
  message(FATAL_ERROR "the merged design table differs:\n${ZETEMA_OUT}\nsingle run:\n${design_table}")
endif()

# Rotated and --design together, two shards.
zetema_ok("rotated design compare" ${ROT} --design --out ${WORK}/both.json)
set(both_table "${ZETEMA_OUT}")
run_shards(${WORK}/both-part 2 ${ROT} --design)
merge_equals(${WORK}/both.json ${WORK}/both-merged.json ${WORK}/both-part0.json
             ${WORK}/both-part1.json)
if(NOT ZETEMA_OUT STREQUAL both_table OR NOT both_table MATCHES "lead changes")
  message(FATAL_ERROR "the merged rotated design table differs:\n${ZETEMA_OUT}\nsingle run:\n${both_table}")
endif()

# Parts that do not belong together: rotated with unrotated, --design with
# without, another seed; a format newer than this zetema reads.
string(REPLACE ";--rotate" "" PLAIN "${ROT}")
run_shards(${WORK}/plain-part 3 ${PLAIN})
expect_merge(1 "one is rotated \\(--rotate\\), another is not" ${WORK}/bad.json
             ${WORK}/rot-part0.json ${WORK}/plain-part1.json ${WORK}/rot-part2.json)
expect_merge(1 "one holds the design figures \\(--design\\), another does not" ${WORK}/bad.json
             ${WORK}/both-part0.json ${WORK}/rot-part1.json)
string(REPLACE "--seed;7" "--seed;8" OTHER_SEED "${ROT}")
run_shards(${WORK}/seed8-part 3 ${OTHER_SEED})
expect_merge(1 "different rule sets, bots, seed or deals" ${WORK}/bad.json
             ${WORK}/rot-part0.json ${WORK}/seed8-part1.json ${WORK}/rot-part2.json)
file(READ ${WORK}/rot-part0.json text)
string(REPLACE "\"version\": 3," "\"version\": 4," text "${text}")
file(WRITE ${WORK}/future.json "${text}")
expect_merge(1 "format version 4 is newer than this zetema reads \\(3\\)" ${WORK}/bad.json
             ${WORK}/future.json ${WORK}/rot-part1.json ${WORK}/rot-part2.json)

# A part written before format 3 (version 2: no "rotate", no "design")
# merges with format 3 parts of a plain run, and the result is the plain
# single run's file (docs/lab.md: the migration).
zetema_ok("plain compare" ${PLAIN} --out ${WORK}/plain.json)
file(READ ${WORK}/plain-part1.json text)
string(REPLACE "\"version\": 3," "\"version\": 2," text "${text}")
string(REPLACE "  \"rotate\": false,\n  \"design\": false,\n" "" old "${text}")
if(old STREQUAL text)
  message(FATAL_ERROR "the version 2 part was not made")
endif()
file(WRITE ${WORK}/v2-part1.json "${old}")
merge_equals(${WORK}/plain.json ${WORK}/v2-merged.json ${WORK}/plain-part0.json
             ${WORK}/v2-part1.json ${WORK}/plain-part2.json)
