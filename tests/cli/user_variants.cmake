# A user's own variants ($XDG_DATA_HOME/zetema/variants) are listed beside
# the shipped ones and play like them; a user file with a shipped id is an
# error naming both files.
#   cmake -DZETEMA=... -DWORK=... -P user_variants.cmake
file(REMOVE_RECURSE "${WORK}")
set(user "${WORK}/data/zetema/variants")
file(WRITE "${user}/mine.lua"
     "return { id = \"mine\", name = \"My table's rules\", extends = \"sackson\", source = \"ours\" }\n")

function(run expect)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env XDG_DATA_HOME=${WORK}/data
                          --unset=ZETEMA_VARIANTS_DIR ${ZETEMA} ${ARGN}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT "${out}${err}" MATCHES "${expect}")
    message(FATAL_ERROR "zetema ${ARGN} (exit ${status}): expected '${expect}' in:\n${out}${err}")
  endif()
endfunction()
run("sackson .*mine +My table's rules +ours +sackson" variants)
run("P[1-3]\\+?P?[1-3]? wins? after" play --variant mine --players 3 --seed 2)
file(READ "${CMAKE_CURRENT_LIST_DIR}/../../variants/sackson.lua" shipped)
file(WRITE "${user}/sackson.lua" "${shipped}")
run("variant 'sackson' is defined twice: variants/sackson.lua \\(shipped\\) and [^ ]*/data/zetema/variants/sackson.lua \\(yours\\)" variants)
