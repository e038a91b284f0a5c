# Converts every sample replay to binary, prefixed with a 0 byte, as seeds
# for fuzz_replay_binary.
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
file(GLOB samples ${SAMPLES}/*.json)
foreach(s ${samples})
  get_filename_component(name ${s} NAME_WE)
  execute_process(COMMAND ${ZETEMA} replay convert ${s} --to bin --out ${OUT}/${name}.zrb RESULT_VARIABLE r OUTPUT_QUIET)
  if(r)
    message(FATAL_ERROR "cannot convert ${s}")
  endif()
  file(READ ${OUT}/${name}.zrb hex HEX)
  file(REMOVE ${OUT}/${name}.zrb)
  # A leading 00 byte, then the file, written back from hex.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "00${hex}")
  file(WRITE ${OUT}/${name}.seed "")
  execute_process(COMMAND printf "${escaped}" OUTPUT_FILE ${OUT}/${name}.seed)
endforeach()
