# Shared by the shard-and-merge tests (include()d; needs ZETEMA): run
# zetema, run the shards of one command, merge them, and check the merged
# file against a single run byte for byte.

# zetema_ok(WHAT ARGS...): runs `zetema ARGS`, which must succeed; its
# standard output is left in ZETEMA_OUT.
function(zetema_ok what)
  execute_process(COMMAND ${ZETEMA} ${ARGN} RESULT_VARIABLE s OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(s)
    message(FATAL_ERROR "${what} failed (${s}): ${err}")
  endif()
  set(ZETEMA_OUT "${out}" PARENT_SCOPE)
endfunction()

# run_shards(PREFIX N ARGS...): `zetema ARGS --shard i/N --out PREFIXi.json`
# for each i from 0 to N - 1.
function(run_shards prefix n)
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    zetema_ok("shard ${i}/${n}" ${ARGN} --shard ${i}/${n} --out ${prefix}${i}.json)
  endforeach()
endfunction()

# merge_equals(SINGLE MERGED PARTS...): `zetema merge PARTS --out MERGED`
# must succeed and write the bytes of SINGLE; the merge's table is left in
# ZETEMA_OUT.
function(merge_equals single merged)
  zetema_ok("merge" merge ${ARGN} --out ${merged})
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${single} ${merged}
                  RESULT_VARIABLE diff)
  if(diff)
    message(FATAL_ERROR "the merged shards (${merged}) differ from the single run (${single})")
  endif()
  set(ZETEMA_OUT "${ZETEMA_OUT}" PARENT_SCOPE)
endfunction()

# expect_merge(STATUS PATTERN OUT ARGS...): `zetema merge ARGS --out OUT`
# must exit with STATUS, say PATTERN on standard error, and write OUT only
# when it succeeds.
function(expect_merge status pattern out)
  execute_process(COMMAND ${ZETEMA} merge ${ARGN} --out ${out} RESULT_VARIABLE s OUTPUT_QUIET
                  ERROR_VARIABLE err)
  if(status EQUAL 0)
    set(written_ok TRUE)
  else()
    set(written_ok FALSE)
  endif()
  if(EXISTS ${out})
    set(written TRUE)
  else()
    set(written FALSE)
  endif()
  if(NOT s EQUAL status OR NOT err MATCHES "${pattern}" OR NOT written STREQUAL written_ok)
    message(FATAL_ERROR "merge ${ARGN}: exit ${s} (expected ${status}), written ${written}, "
                        "'${err}' (expected '${pattern}')")
  endif()
endfunction()
