# zetema compare in one run and in three shards; zetema merge must give the
# same file, byte for byte.
include(${CMAKE_CURRENT_LIST_DIR}/shards.cmake)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(ARGS compare --a sackson --b rummy_site --players 3 --deals 90 --bots greedy,imperial,random
    --seed 5)
zetema_ok("compare" ${ARGS} --out ${WORK}/one.json)
run_shards(${WORK}/part 3 ${ARGS} --threads 1)
merge_equals(${WORK}/one.json ${WORK}/merged.json ${WORK}/part0.json ${WORK}/part1.json
             ${WORK}/part2.json)
# A shard left out: the merge fails and names the missing deals, unless --partial.
expect_merge(1 "deals 30-59 of the 90 are in none of the parts" ${WORK}/gap.json
             ${WORK}/part0.json ${WORK}/part2.json)
expect_merge(0 "deals 30-59 missing" ${WORK}/gap.json ${WORK}/part0.json ${WORK}/part2.json
             --partial)
