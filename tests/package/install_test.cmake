# The install test: `cmake --install` into a prefix, the prefix moved
# elsewhere, and the installed `zetema` run from it -- it must find its
# variants beside itself, and no path of the checkout or build may be
# compiled into the installed programs.
#   cmake -DBUILD=... -DWORK=... -DCHECKOUT=... [-DSANITIZED=ON] -P install_test.cmake
file(REMOVE_RECURSE "${WORK}")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD}" --prefix "${WORK}/first"
                RESULT_VARIABLE status OUTPUT_QUIET)
if(status)
  message(FATAL_ERROR "cmake --install failed: ${status}")
endif()
file(RENAME "${WORK}/first" "${WORK}/moved")
set(prefix "${WORK}/moved")

foreach(f bin/zetema share/zetema/variants/sackson.lua share/zetema/variants/examples/fishing.lua
          share/zetema/samples/sackson-3p-greedy-vs-random.json share/zetema/docs/studio.md
          share/doc/zetema/copyright share/doc/zetema/changelog.gz)
  if(NOT EXISTS "${prefix}/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()

function(run_zetema expect)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env --unset=ZETEMA_VARIANTS_DIR "${prefix}/bin/zetema" ${ARGN}
    WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(status OR NOT out MATCHES "${expect}")
    message(FATAL_ERROR "zetema ${ARGN}: exit ${status}, expected '${expect}' in:\n${out}${err}")
  endif()
endfunction()
run_zetema("zetema [0-9]+\\.[0-9]+\\.[0-9]+" --version)
run_zetema("sackson .*book1881 .*parlett" variants)
run_zetema("played 20 seeded games" check sackson --games 20)
run_zetema("ok" replay verify "${prefix}/share/zetema/samples/sackson-3p-greedy-vs-random.json")

# (A sanitizer build embeds its checks' source locations by design: the
# release build's run of this test and the package test check the paths.)
foreach(program zetema zetema-studio)
  if(EXISTS "${prefix}/bin/${program}" AND NOT SANITIZED)
    file(STRINGS "${prefix}/bin/${program}" named REGEX "${CHECKOUT}|${BUILD}")
    if(named)
      message(FATAL_ERROR "${program} names a build or source path: ${named}")
    endif()
  endif()
endforeach()
message("installed, moved and run from ${prefix}")
